"""Worlds a seat may imagine: its unseen cards dealt again, uniformly among the deals that
agree with everything it knows.

The places a seat cannot see into (the others' hands, the talon, the others' discards)
keep their sizes; each unseen card may go to some of them only (a seat proven void in a
suit cannot get one; a card seen going into a hand stays there). Cards allowed the same
places form a class, and a deal is a table of how many cards of each class go to each
place, then which ones. The number of deals of each table is a product of multinomial
coefficients, so counting them class by class over the places' remaining room (a small
dynamic programme, built once per decision) gives each table its exact weight: a deal is
drawn with no rejection, every consistent deal equally likely. With many places (a table of
five seats or more) the places' remaining room takes too many values, and the tables are
counted place by place over the cards left in each class instead, which take few values when
the classes are few.

Then each world is replayed against the public actions of the deal (`Knowledge.records`):
one that could not have produced them is drawn again. With the cascades of the shipped
specs this never happens (the tests count it), but it keeps every world honest whatever
the rules.
"""

from __future__ import annotations

from bisect import bisect_right, insort
from collections import Counter
from math import comb, prod

from ..core.errors import GameError
from ..engine.worlds import fixed_cards, free_slots, hidden_places, imagined_copy, settled
from .draws import shuffler

MAX_TRIES = 200  # draws of one world before giving up on the replay check (counted in `failures`)
# The states counting class by class may visit (each place's room, from 0 to its size), above which
# the deals are counted place by place (over the cards left in each class) when that visits fewer.
# A table of four hides at most three hands (14 ** 3 = 2,744 states): class by class, as always, the
# same worlds from the same seeds. From five seats, class by class could take tenths of a second a
# decision (seven-seat Pitch: 17 s), place by place a few milliseconds.
CLASS_STATES = 5_000


class Sampler:
    """Uniform deals of the cards `seat` cannot see, consistent with `knowledge`.

    Parameters:
        state: the position (it is cloned, never changed).
        seat: the observer.
        knowledge: a `Knowledge` brought up to date with `state`, or None (only the sizes and
            the public places are kept: the plain re-deal).

    Attributes:
        count: the number of consistent deals (of the cards to places; an int).
        rejected: worlds drawn again because they failed the replay check.
        failures: worlds returned although they failed it MAX_TRIES times (0 in a sound spec).
    """

    def __init__(self, state, seat: int, knowledge=None):
        self.state = state
        self.seat = seat
        self.knowledge = knowledge if knowledge is not None and knowledge.usable else None
        self.rejected = 0
        self.failures = 0
        self.checks = None  # what each world is put to (`admits`), listed at the first
        fixed = fixed_cards(state, seat)
        places = hidden_places(state, seat)
        self.slots = free_slots([cards for _, cards in places], fixed)
        self.fills = _fills(state, places, self.slots)
        pool = sorted(cards[i] for (_, cards), slots in zip(places, self.slots) for i in slots)
        caps = [len(s) for s in self.slots]
        k = self.knowledge
        everywhere = tuple(range(len(places)))
        classes: dict[tuple, list] = {}
        self.pinned = [[] for _ in places]
        self.ordered = [i for i, (owner, _) in enumerate(places) if owner is None]  # a talon's order matters
        owner_place = {owner: i for i, (owner, _) in enumerate(places) if owner is not None}
        if k is None:
            classes[everywhere] = pool
        else:
            for c, m in Counter(pool).items():  # (each card with its copies unseen: 1 but with copies)
                # the seats known to hold it, each with how many of its copies at least
                # the seats known to hold it (one copy at least each)
                known = [q for q in owner_place if c in k.known[q] or c in k.shown[q]]
                if known and len(known) <= m:  # (more than it has unseen: what was learnt contradicts itself)
                    for q in known:
                        self.pinned[owner_place[q]].append(c)
                    m -= len(known)
                if m:
                    allowed = tuple(i for i in everywhere if places[i][0] is None or c not in k.excluded[places[i][0]])
                    classes.setdefault(allowed, []).extend([c] * m)
        for i, cards in enumerate(self.pinned):
            caps[i] -= len(cards)
        if min(caps, default=0) < 0:  # more cards known in a place than it holds: learnt wrong
            k = self.knowledge = None
            self.pinned = [[] for _ in places]
            caps = [len(s) for s in self.slots]
            classes = {everywhere: pool} if pool else {}
        self.counts = Deals([(allowed, cards) for allowed, cards in sorted(classes.items())], caps)
        self.count = self.counts.count
        self.any_pinned = any(self.pinned)
        self._rng = self._shuffle = None  # (the generator last drawn from, and its shuffle)
        if self.count == 0 and k is not None:  # what was learnt contradicts itself: forget it
            self.__init__(state, seat, None)

    def deal(self, rng) -> list[list[int]]:
        """The unseen cards dealt to the hidden places (in the order of `hidden_places`), each
        place's list in its slots' order; uniform among the consistent deals.

        Parameters:
            rng: a `random.Random`, the only source of chance.
        """
        if rng is not self._rng:
            self._rng, self._shuffle = rng, shuffler(rng)
        shuffle = self._shuffle
        out = self.counts.draw(rng, shuffle)
        if self.any_pinned:
            for place, pinned in zip(out, self.pinned):
                place.extend(pinned)
        for i in self.ordered:
            if len(out[i]) > 1:
                shuffle(out[i])  # (a hand is sorted; the order of a talon is unseen too)
        return out

    def world(self, rng):
        """A copy of the position with the unseen cards so dealt, which admits every public action
        of the deal so far (drawn again otherwise, up to MAX_TRIES times).

        Parameters:
            rng: a `random.Random`: the deal and the world's future chance come from it alone.
        """
        for _ in range(MAX_TRIES):
            world = self._build(self.deal(rng), rng)
            if self._admits(world, sorted_hands=True):
                return world
            self.rejected += 1
        self.failures += 1
        return world

    def _build(self, dealt, rng):
        world = imagined_copy(self.state, rng)
        d = world.__dict__
        for i, field, seat, whole, slots in self.fills:
            cards = d[field] if seat is None else d[field][seat]
            if whole:
                cards[:] = dealt[i]
            else:
                for j, c in zip(slots, dealt[i]):
                    cards[j] = c
        return settled(world)

    def admits(self, world) -> bool:
        """Whether each recorded public action of the deal is legal in `world`, its actor holding
        the world's hand and the cards it has played since."""
        return self._admits(world)

    def _admits(self, world, sorted_hands: bool = False) -> bool:
        """`admits`; with `sorted_hands`, the world's hands are known to be sorted (as `settled` leaves them)."""
        checks = self.checks
        if checks is None:
            checks = self.checks = _checks(self.knowledge)
        hands = world.hands
        for p, since, steps in checks:
            hand = hands[p]
            held = sorted(hand + since) if since else hand[:] if sorted_hands else sorted(hand)
            for position, position_hands, legal_of, a, before in steps:
                for c in before:
                    insort(held, c)
                position_hands[p] = held
                position._legal = None
                try:
                    legal = legal_of(position)
                except Exception:  # a rule that cannot be computed on such a hand proves nothing
                    continue
                if a not in legal and not any(b.kind == a.kind and b.arg == a.arg for b in legal):
                    return False
        return True


def _checks(k) -> list:
    """What `Sampler.admits` puts each world to: each recorded public action of the deal, as
    `knowledge.admits` tests one, its actor holding the world's hand and the cards it has played
    since. Per seat: (seat, the cards it has played since its last action recorded, the steps), each
    step (position, the position's hands, the legal actions of its phase, the action, the cards the
    seat played between this action and the next recorded), its actions latest first: the hand of
    each is the next one's with those cards put back.

    An action whose legality never looks at its actor's hand (a bid, a double, where the rules ask
    nothing of the cards) is the same in every world: it is tried once here, and put to no world
    when it was legal (`_blind`)."""
    if k is None:
        return []
    out = []
    for p, records in enumerate(k.records):
        played = k.played[p]
        kept = [(position, a, since) for position, a, since in records if not _blind(position, p, a)]
        if not kept:
            continue
        steps, upto = [], len(played)
        for position, a, since in reversed(kept):
            steps.append((position, position.hands, position.phase.legal, a, played[since:upto]))
            upto = since
        first = steps[0][4]  # (the latest's cards start the hand)
        steps[0] = (*steps[0][:4], [])
        out.append((p, first, steps))
    return out


def _blind(position, p: int, a) -> bool:
    """Whether `a` is legal for `p` in `position` whatever `p` holds: its phase's legal actions are
    found without looking at `p`'s hand at all (given a hand that refuses to be looked at, in a copy of
    the position), and `a` is among them."""
    probe = position.clone()
    probe.hands[p] = _Unseen()
    try:
        legal = probe.phase.legal(probe)
        return a in legal or any(b.kind == a.kind and b.arg == a.arg for b in legal)
    except Exception:  # (it looked at the hand, or failed: the action is put to each world)
        return False


class _Unseen:
    """A hand that refuses to be looked at: reading it in any way raises (its length, its cards, whether
    it holds one, comparing or copying it)."""

    __slots__ = ()

    def _refuse(self, *args, **kwargs):
        raise LookupError("the hand was looked at")

    __len__ = __iter__ = __reversed__ = __getitem__ = __contains__ = __bool__ = _refuse
    __eq__ = __ne__ = __lt__ = __le__ = __gt__ = __ge__ = __hash__ = _refuse
    __add__ = __radd__ = __mul__ = __rmul__ = __index__ = __int__ = __float__ = _refuse
    __str__ = __repr__ = __format__ = __reduce__ = __reduce_ex__ = __copy__ = __deepcopy__ = _refuse

    def __getattribute__(self, name):
        raise LookupError("the hand was looked at")


def _fills(state, places, slots) -> list:
    """Where each hidden place with cards to deal lies in a copy of `state`: (its index among the places,
    the state's field, the seat whose it is or None, whether all its cards are dealt, its slots)."""
    out = []
    for i, ((_, cards), free) in enumerate(zip(places, slots)):
        if not free:
            continue
        where = next(((field, None) for field in ("talon",) if state.__dict__[field] is cards), None) or next(
            (field, p) for field in ("hands", "passing", "discards") for p, x in enumerate(state.__dict__[field])
            if x is cards)
        out.append((i, *where, len(free) == len(cards), free))
    return out


class Deals:
    """The deals of classes of cards to places of given sizes, counted, and drawn uniformly.

    Parameters:
        classes: (the places its cards may go to, as a sorted tuple of indices; its cards) each.
        caps: the number of cards each place takes; they add up to the number of cards.
        by_place: count place by place (True) or class by class (False); by default class by class
            unless that could visit more than CLASS_STATES states and place by place fewer. Both
            count the same deals and draw each equally often (not the same deal from one seed).

    Attributes:
        count: the number of deals (an int; 0 when none fits).
    """

    def __init__(self, classes, caps, by_place: bool | None = None):
        self.caps = caps = tuple(caps)
        # a place with no room takes no card: it is no class's to fill (the same deals, drawn alike)
        self.classes = [(tuple(i for i in allowed if caps[i]), cards) for allowed, cards in classes]
        self._nodes: dict = {}
        self.places = tuple(i for i, room in enumerate(caps) if room)
        if by_place is None:
            by_class = prod(room + 1 for room in caps if room)
            by_place = by_class > CLASS_STATES and prod(len(c) + 1 for _, c in self.classes) < by_class
        self.by_place = by_place
        if sum(caps) != sum(len(c) for _, c in self.classes):
            self.count = 0
        elif self.by_place:  # (the classes each place may take from, in class order)
            self._open = tuple(tuple(k for k, (allowed, _) in enumerate(self.classes) if i in allowed)
                               for i in self.places)
            self.count = self._place_total(0, tuple(len(c) for _, c in self.classes))
        else:
            self.count = self._total(0, caps)

    def _total(self, k: int, caps: tuple) -> int:
        cum = self._node(k, caps)[0]
        return cum[-1] if cum else 0

    def _node(self, k: int, caps: tuple):
        """(cumulative weights, splits) of class `k` over the places with room `caps`."""
        key = (k, caps)
        node = self._nodes.get(key)
        if node is not None:
            return node
        cum, splits = [], []
        if k == len(self.classes):
            if not any(caps):
                cum, splits = [1], [()]
        elif k == len(self.classes) - 1:  # the last class fills what room is left, or nothing fits
            allowed, cards = self.classes[k]
            if all(caps[i] == 0 for i in range(len(caps)) if i not in allowed):
                ways, left = 1, len(cards)
                for i in allowed:
                    ways *= comb(left, caps[i])
                    left -= caps[i]
                cum, splits = [ways], [tuple((i, caps[i]) for i in allowed)]
        else:
            allowed, cards = self.classes[k]
            cum, splits = _weighed(((split, ways, _less(caps, split)) for split, ways in _splits(len(cards), allowed, caps)),
                                   lambda rest: self._total(k + 1, rest))
        node = self._nodes[key] = (cum, splits)
        return node

    def _place(self, n: int, left: tuple):
        """(cumulative weights, takes) of the `n`th place with room, with `left` cards in each class:
        each take is how many cards it gets of each class it may take from."""
        key = (n, left)
        node = self._nodes.get(key)
        if node is not None:
            return node
        cum, takes = [], []
        if n == len(self.places):
            if not any(left):
                cum, takes = [1], [()]
        else:
            cum, takes = _weighed(((take, ways, _less(left, take))
                                   for take, ways in _takes(self.caps[self.places[n]], self._open[n], left)),
                                  lambda rest: self._place_total(n + 1, rest))
        node = self._nodes[key] = (cum, takes)
        return node

    def _place_total(self, n: int, left: tuple) -> int:
        cum = self._place(n, left)[0]
        return cum[-1] if cum else 0

    def _draw_by_place(self, rng, shuffle) -> list[list]:
        """`draw`, place by place: each class's cards in a random order, each place given the next
        of them in the numbers its take says."""
        out = [[] for _ in self.caps]
        pools = []
        for _, cards in self.classes:
            cards = cards[:]
            shuffle(cards)
            pools.append(cards)
        left = [len(pool) for pool in pools]
        nodes = self._nodes  # (every one a draw reaches was made when the deals were counted)
        for n, place in enumerate(self.places):
            cum, takes = nodes[n, tuple(left)]
            take = takes[bisect_right(cum, rng.randrange(cum[-1]))] if len(takes) > 1 else takes[0]
            cards = out[place]
            for k, t in take:
                if t:
                    end = left[k]
                    cards += pools[k][end - t:end]  # (each class's shuffled cards, taken from its end)
                    left[k] = end - t
        return out

    def draw(self, rng, shuffle=None) -> list[list]:
        """One deal, every deal equally likely: the cards of each place.

        Parameters:
            rng: a `random.Random`.
            shuffle: `rng.shuffle`, or what draws the same (`shuffler(rng)`).

        Raises:
            ValueError: there is no deal (`count` is 0)."""
        if not self.count:
            raise ValueError("no deal of these cards fits these places")
        if shuffle is None:
            shuffle = rng.shuffle
        if self.by_place:
            return self._draw_by_place(rng, shuffle)
        out = [[] for _ in self.caps]
        caps = list(self.caps)
        for k, (allowed, cards) in enumerate(self.classes):
            cum, splits = self._node(k, tuple(caps))
            split = splits[bisect_right(cum, rng.randrange(cum[-1]))] if len(splits) > 1 else splits[0]
            cards = cards[:]
            shuffle(cards)
            at = 0
            for i, t in split:
                if t:
                    out[i].extend(cards[at:at + t])
                    at += t
                    caps[i] -= t
        return out


def _splits(m: int, allowed: tuple, caps):
    """Each way to split `m` cards among the places `allowed` within `caps`: (((place, count), ...),
    the number of ways to choose which cards go where)."""
    if not allowed:
        if m == 0:
            yield (), 1
        return
    first, rest = allowed[0], allowed[1:]
    room_after = sum(caps[i] for i in rest)
    for t in range(min(m, caps[first]), max(0, m - room_after) - 1, -1):
        for tail, ways in _splits(m - t, rest, caps):
            yield ((first, t),) + tail, comb(m, t) * ways


def _weighed(options, after) -> tuple[list, list]:
    """(cumulative weights, choices) of `options`, each (choice, ways, what is left after it) weighed by
    its ways times `after(what is left)`, the deals that complete it; a choice none completes is left out."""
    cum, choices, total = [], [], 0
    for choice, ways, left in options:
        w = ways * after(left)
        if w:
            total += w
            cum.append(total)
            choices.append(choice)
    return cum, choices


def _less(counts: tuple, taken) -> tuple:
    """`counts` less what `taken` ((index, count), ...) takes of them."""
    rest = list(counts)
    for i, t in taken:
        rest[i] -= t
    return tuple(rest)


def _takes(room: int, open_: tuple, left):
    """Each way for a place with `room` to take its cards from the classes `open_` to it, at most
    `left[k]` of class k: (((class, count), ...), the number of ways to choose which cards)."""
    if not open_:
        if room == 0:
            yield (), 1
        return
    first, rest = open_[0], open_[1:]
    more = sum(left[k] for k in rest)
    for t in range(min(room, left[first]), max(0, room - more) - 1, -1):
        for tail, ways in _takes(room - t, rest, left):
            yield ((first, t),) + tail, comb(left[first], t) * ways


def replay_deal(state, world):
    """The game of `state` played again from its seed, its deal in progress dealt as in `world`:
    an independent check that `world` admits everything that happened (every action is
    applied by name, and refused if illegal there).

    Parameters:
        state: a position of a game with a history (`state.origin`).
        world: a world imagined at that position.

    Returns:
        The replayed state (its hands are the world's).

    Raises:
        ValueError: the deal's hands changed by more than the cards played (a talon drawn, an
            exchange): the hands as dealt cannot be told from the world's.
        GameError: an action of the history is illegal in the world: it is impossible.
    """
    deal = state.deal
    hands = [list(h) for h in world.hands]
    real = [list(h) for h in state.hands]  # (read only to tell whether the deal can be replayed so)
    for p, a in deal.actions:
        if a.kind == "play":
            hands[p].append(a.arg)
            real[p].append(a.arg)
    if deal.hands is None or list(map(sorted, real)) != list(map(sorted, deal.hands)):
        raise ValueError("the hands changed in this deal by more than the cards played")
    talon, cuts = list(world.talon), None
    if world.turn_up is not None:
        if deal.cut is None:
            talon.insert(0, world.turn_up)
        else:
            cuts = {state.deal_number: world.turn_up}
    o = state.origin
    twin = o.state(state.game, hands={**(o.hands or {}), state.deal_number: hands},
                   talons={**(o.talons or {}), state.deal_number: talon}, cuts={**(o.cuts or {}), **(cuts or {})})
    for p, a in state.history:
        if twin.current_player != p:
            raise GameError(f"`{a.name}` was {state.seat_name(p)}'s, but {twin.seat_name(twin.current_player)} "
                            "is to act in the world")
        twin.apply(a.name)
    return twin

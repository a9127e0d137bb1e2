"""The worlds a seat may imagine: where the cards it cannot see may be, and a random re-deal of them.

One definition of what a seat cannot see into, shared by `State.sampled_for` (the plain
re-deal) and the knowledge-consistent sampler of the bots (interpreter/players/): the
others' hands (its own too while it has not looked at it, or calls blind) unless shown,
cards others have chosen to pass and not passed yet, the talon unless exposed, and the
others' discards. Cards in those places whose place the seat knows anyway (the turn-up,
a dead card, talon cards it has looked at, the cards it passed, discards laid face up) stay
where they are.

With copies of a card in the pack, a place holds a card as many times as it has copies there:
the fixed cards are counted (`fixed_cards`), and each fixes that many of the copies met
(`free_slots`), so that the others are dealt again with the rest.
"""

from __future__ import annotations

from collections import Counter
from itertools import chain


def hidden_places(state, seat: int) -> list:
    """The places `seat` cannot see into, each as (owner seat or None, the list of its cards)."""
    own_unseen = state.calling_blind or state.unseen[seat]
    places = [(p, h) for p, h in enumerate(state.hands) if (p != seat or own_unseen) and not state.shown[p]]
    places += [(None, x) for p, x in enumerate(state.passing) if p != seat and x]  # chosen by others, face down
    if not (state.talon_exposed and (state.talon_shown_when is None or state.talon_shown_when(state))):
        places.append((None, state.talon))
    places += [(None, d) for p, d in enumerate(state.discards) if p != seat]
    return places


def fixed_cards(state, seat: int) -> Counter:
    """Cards in hidden places whose place `seat` knows anyway, each with how many of its copies: the
    turn-up (unless cut for, then dealt), a dead card, talon cards it has looked at, the cards it
    passed, discards laid face up."""
    cut = state.deal.cut is not None  # a card cut for trump is shown, then dealt like any other
    known = Counter(c for c in (None if cut else state.turn_up, state.dead) if c is not None)
    # (a card may be known twice over, the dead card among the talon seen: the most of any one way counts)
    return known | Counter(state.talon_seen[seat]) | Counter(state.passed[seat]) \
        | Counter(chain(*state.shown_discards))


def free_slots(places, fixed: Counter) -> list[list[int]]:
    """Per place (a list of cards), the indexes of its cards to deal again: all but the `fixed` ones,
    a card fixed k times fixing the first k of its copies met."""
    if not fixed:
        return [list(range(len(cards))) for cards in places]
    left = Counter(fixed)
    out = []
    for cards in places:
        slots = []
        for i, c in enumerate(cards):
            if left[c] > 0:
                left[c] -= 1
            else:
                slots.append(i)
        out.append(slots)
    return out


def sampled_for(state, seat: int, rng):
    """A copy of `state` in which every card `seat` cannot see is dealt again at random among the
    places it cannot see into, each keeping its size (see `State.sampled_for`)."""
    world = imagined_copy(state, rng)
    if world.terminal:
        return world
    fixed = fixed_cards(state, seat)
    places = [cards for _, cards in hidden_places(world, seat)]
    slots = free_slots(places, fixed) if fixed else None
    # the pool in card order (nothing of where the cards lie leaks into the shuffle)
    pool = sorted(place[i] for place, s in zip(places, slots) for i in s) if fixed else sorted(chain(*places))
    rng.shuffle(pool)
    for j, place in enumerate(places):  # each hidden card in turn takes the pool's last
        if fixed:
            for i in slots[j]:
                place[i] = pool.pop()
        elif place:  # (no card stays: the place's cards are the pool's last, the last first)
            k = len(place)
            place[:] = pool[:-k - 1:-1]
            del pool[-k:]
    _keep_the_taken_turn_up(state, world, seat, places, fixed, rng)
    return settled(world)


def _keep_the_taken_turn_up(state, world, seat, places, fixed, rng) -> None:
    """Cards taken into a hand face up (a turn-up, a talon shown as it is taken) are known to be the taker's,
    in his hand or among his discards: one that falls outside them in `world` changes places with a card of
    them chosen at random (the same whichever of the two it is really in, so that nothing hidden shows)."""
    taken = state.taken_up
    if taken is None or taken[0] == seat:
        return
    p, cards = taken
    for c in cards:
        if not (c in state.hands[p] or c in state.discards[p]) or c in world.hands[p] or c in world.discards[p]:
            continue  # played, or where it may be
        slots = [(g, i) for g in (world.hands[p], world.discards[p]) for i, x in enumerate(g)
                 if x not in fixed and x not in cards]
        place = next((pl for pl in places if c in pl), None)
        if not slots or place is None:
            continue
        g, i = slots[rng.randrange(len(slots))]
        j = place.index(c)
        place[j], g[i] = g[i], c


def imagined_copy(state, rng):
    """A copy to deal hidden cards again in: its chance is drawn afresh from `rng` (the real
    deck's future is not a seat's to know) and it has no history of its own to pickle."""
    world = state.clone()
    world.chance_seed = rng.getrandbits(64)
    world.origin = None  # its hands were not dealt from its history
    return world


def settled(world):
    """`world` after its hidden cards were dealt again: hands sorted, the called card's holder
    found again (when it has been played, who held it is public and stays)."""
    for h in world.hands:
        h.sort()
    card = world.called_card
    if card is not None:
        holder = next((p for p, h in enumerate(world.hands) if card in h), None)
        played = card in world.trick_cards or any(card in t.cards for t in world.tricks)
        # played: who held it is public and stays; else whoever holds it in this world (nobody: in the talon)
        world.called_holder = world.called_holder if played else holder
    world._legal = None
    return world

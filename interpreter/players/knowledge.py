"""What one seat has learnt about the hands it cannot see, from the play it watched.

Nothing here knows a game. Each action another seat takes openly is put to the spec's own
legality rules, in the position where it was taken, with hypothetical hands in place of
the actor's real one:

- exclusion: an action that is legal with the bare hand (the card played, or nothing for a
  pass) but not once a card `x` is added proves that the actor did not hold `x` then. A
  seat that did not follow suit holds none of the suit; one that could not overtrump holds
  no higher trump; one that passed in a layout holds no card that fits.
- requirement: an action that needs cards (a declaration, a card swapped for the turn-up)
  and is legal with every card the actor could hold, but not without `x`, proves he held `x`.
- cards seen: a card that goes from a public place (the turn-up, the table) into a hand is
  known to be there while it stays; so are the cards a declaration showed.

The exclusion test adds one card at a time, which is exact for the rulebook's cascades
of restrictions; whatever the rules, every sampled world is also checked against each
recorded action (`admits`), so a world that could not have produced the play is never used.

What a seat learnt holds while the actor's hand only loses the cards it plays in the open:
when a hand takes in cards or loses them unseen (a draw, a discard face down), what was
known of it is dropped, except the cards seen going into it. A new deal starts afresh.

To see each action in its position, the tracker follows the game from its beginning (its
seed and actions, as a record replays) in a private copy, action by action as the game
goes on. That copy holds the real hands, but they are never read: each test replaces the
actor's hand with a hypothetical one, and only public actions are tested.
"""

from __future__ import annotations

from collections import Counter

from ..engine.worlds import fixed_cards, free_slots, hidden_places  # noqa: F401 (the sampler reads them here too)


class Knowledge:
    """What `seat` knows of the others' hands, brought up to date by `update(state)`.

    Parameters:
        seat: the observer.

    Attributes (per seat, valid for the current deal):
        excluded: the cards the seat is proven not to hold.
        known: the cards the seat is proven to hold.
        records: (position, action, cards played since) for each public action to check a world against.
    """

    def __init__(self, seat: int):
        self.seat = seat
        self.shadow = None  # the private copy of the game, up to `synced` actions of `deal_index`
        self.deal_index = 0
        self.synced = 0
        self.usable = False
        self.excluded: list[set] = []
        self.known: list[set] = []
        self.records: list[list] = []
        self.played: list[list] = []  # per seat, the cards it played openly since its records began
        self.shown: list[set] = []  # per seat, the cards its declarations showed this deal

    def update(self, state) -> bool:
        """Watch every action of `state` not seen yet; False when the game's beginning is unknown
        (a world imagined by a sampler has none), in which case nothing is known.

        Parameters:
            state: the game as it is now (the same game at every call, or it starts afresh).

        Raises:
            GameError, GameFault: the game's own actions fail to replay (a state changed by hand).
        """
        if state.origin is None:
            self.usable = False
            return False
        if self.shadow is None or self.shadow.game is not state.game or self._origin is not state.origin \
                or len(state.deals) < self.deal_index + 1 or not self._same_past(state):
            self._start(state)
        shadow = self.shadow
        while True:
            actions = state.deals[self.deal_index].actions
            for p, a in actions[self.synced:]:
                self._watch(shadow, p, a)
                self.synced += 1
            if self.deal_index + 1 >= len(state.deals):
                break
            self.deal_index += 1
            self.synced = 0
        if shadow.deal_number != state.deal_number:  # (a deal started after the last action)
            self._reset_all(shadow)
        self.shown = _shown_in_declarations(state, self.seat)
        self.usable = True
        return True

    def _same_past(self, state) -> bool:
        deal = state.deals[self.deal_index]
        return len(deal.actions) >= self.synced and self.shadow.deal_number == deal.number

    def _start(self, state) -> None:
        self._origin = state.origin
        self.shadow = state.origin.state(state.game)
        self.deal_index = 0
        self.synced = 0
        self._reset_all(self.shadow)

    def _reset_all(self, shadow) -> None:
        n = shadow.n
        self.excluded = [set() for _ in range(n)]
        self.known = [set() for _ in range(n)]
        self.records = [[] for _ in range(n)]
        self.played = [[] for _ in range(n)]
        self._deal_number = shadow.deal_number

    def _forget(self, p: int, keep_known) -> None:
        self.excluded[p] = set()
        self.known[p] = set(keep_known)
        self.records[p] = []
        self.played[p] = []

    def _watch(self, shadow, p: int, a) -> None:
        """Learn what `p` taking `a` proves, then take it in the private copy."""
        seat = self.seat
        before = [tuple(h) for h in shadow.hands]
        public_before = _public_cards(shadow)
        card = a.arg if a.kind == "play" and a.arg in shadow.hands[p] else None
        if p != seat and shadow.phase.public_name(shadow, a, seat) == a.name:
            self._learn(shadow, p, a, card)
        shadow.apply(shadow.find_action(a.name) if a not in shadow.legal_actions() else a)
        if shadow.deal_number != self._deal_number:
            self._reset_all(shadow)
            return
        for q, hand in enumerate(shadow.hands):
            if q == seat or tuple(hand) == before[q]:
                continue
            expected = tuple(_without(before[q], card)) if q == p else before[q]
            if tuple(hand) == expected:
                self.played[q].append(card)
                continue
            came = set(Counter(hand) - Counter(before[q]))
            seen_taken = set(shadow.taken_up[1]) if shadow.taken_up is not None and shadow.taken_up[0] == q else set()
            self._forget(q, (self.known[q] & set(hand)) | (came & (public_before | seen_taken)))

    def _learn(self, shadow, p: int, a, card) -> None:
        """The exclusions and requirements of `p` taking `a` now, and the record to check worlds against."""
        position = shadow.clone()
        bare = [card] if card is not None else []
        candidates = sorted(_without(_unseen(shadow, self.seat), card))  # (with copies, a card may be twice)
        if not candidates:
            return
        kinds = list(dict.fromkeys(candidates))
        if admits(position, p, a, bare):
            out = self.excluded[p]
            for x in kinds:
                if x not in out and not admits(position, p, a, bare + [x]):
                    out.add(x)
        elif admits(position, p, a, bare + candidates):
            for x in kinds:  # (not legal without any copy of `x`: it holds one at least)
                if not admits(position, p, a, bare + [y for y in candidates if y != x]):
                    self.known[p].add(x)
        else:
            return  # nothing the rules can explain: learn nothing from it
        self.records[p].append((position, a, len(self.played[p])))  # (its card is played next)


def admits(position, p: int, a, hand) -> bool:
    """Whether `a` (or an action of its kind on the same card) is legal for `p` in `position`
    with `hand` in place of its own.

    Parameters:
        position: a copy of the state where `p` took `a` (its hand of `p` is replaced).
        p: the seat that acted.
        a: the action.
        hand: the cards `p` is supposed to hold.
    """
    position.hands[p] = sorted(hand)
    position._legal = None
    kind, arg = a.kind, a.arg
    try:
        return any(b.kind == kind and b.arg == arg for b in position.phase.legal(position))
    except Exception:  # a rule that cannot be computed on such a hand proves nothing
        return True


def _shown_in_declarations(state, seat: int) -> list[set]:
    """Per seat, the cards its declarations showed this deal (as the seat's view lists them; with
    copies, a card shown is held once at least)."""
    g = state.game
    out = [set() for _ in range(state.n)]
    for entry in state.view(seat)["declarations"]:
        for name, cards in entry["cards"].items():
            out[g.seat_names.index(name)].update(g.pack.parse(c) for c in cards)
    return out


def _public_cards(state) -> set:
    """The cards anybody can see on the table now."""
    out = set(state.trick_cards) | set(state.out_of_play)
    for shown in state.shown_discards:
        out.update(shown)
    for c in (state.turn_up, state.dead):
        if c is not None:
            out.add(c)
    if state.talon_exposed and (state.talon_shown_when is None or state.talon_shown_when(state)):
        out.update(state.talon)
    for q, shown in enumerate(state.shown):
        if shown:
            out.update(state.hands[q])
    return out


def _unseen(state, seat: int) -> list:
    """The cards `seat` cannot see, each copy of a card once."""
    places = [place for _, place in hidden_places(state, seat)]
    return [place[i] for place, slots in zip(places, free_slots(places, fixed_cards(state, seat))) for i in slots]


def _without(cards, card) -> list:
    """`cards` less one copy of `card` (None: all of them)."""
    out = list(cards)
    if card in out:
        out.remove(card)
    return out

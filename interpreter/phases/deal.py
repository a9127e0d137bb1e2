"""Dealing: shuffle with the state's RNG (or take the hands a record gives) and deal packets."""

from __future__ import annotations

from itertools import pairwise
from operator import itemgetter

from ..core.errors import GameError
from . import Phase


class Deal(Phase):
    """Deal `hand_size` cards to every seat in packets, starting at `first`; the rest is the talon."""

    kind = "deal"

    def __init__(self, name, pack, n, hand_size, packets, first, step, cards, turn_up=False, burn_jokers=None,
                 more=False, show_bottom=False, fixed_size=None):
        super().__init__(name)
        self.fixed_size = fixed_size  # the hand size when it is a constant the compiler checked, else None
        self.pack = pack
        self.n = n
        self.hand_size = hand_size  # compiled expression -> number
        self.packets = tuple(packets)
        self.first = first  # compiled expression -> seat
        self.step = step
        self._patterns: dict[int, tuple] = {}
        self._more: dict[tuple, tuple] = {}  # how hands are completed: `_plan_more`, by its arguments
        # the seats in dealing order, by the seat dealt to first
        self.seats_from = tuple(tuple((first + off * step) % n for off in range(n)) for first in range(n))
        self.cards = cards  # the card objects (each its own play action), by number
        self.deck = tuple(cards[c] for c in pack.deck)  # the pack in card order, every copy of a card
        self.turn_up = turn_up  # turn the top undealt card for trumps
        self.burn_jokers = burn_jokers  # compiled bool: a joker turned up goes to the bottom, turn again
        self.more = more  # complete the hands from the talon (a second deal after bidding)
        self.show_bottom = show_bottom  # then turn the talon's bottom card face up: a dead card
        if turn_up:  # a joker turned up: the jokers dealt are laid out of play
            self.owns = ("out_of_play",)

    def sizes(self, state) -> list:
        """Each seat's `hand_size`, read with the seat as `player` (a size may differ by seat)."""
        keep = state.player
        out = []
        for p in range(self.n):
            state.player = p
            out.append(self.hand_size(state))
        state.player = keep
        return out

    def _complete(self, state) -> None:
        """Deal more cards from the top of the talon, in packets from `first`, up to each seat's `hand_size`."""
        fixed, n, hands, talon = self.fixed_size, self.n, state.hands, state.talon
        sizes = [fixed] * n if fixed is not None else [int(s) for s in self.sizes(state)]
        need = tuple([max(0, size - len(h)) for h, size in zip(hands, sizes)])  # what each seat still lacks
        first = self.first(state)
        plan = self._more.get((first, need, len(talon)))
        if plan is None:
            plan = self._plan_more(first, need, len(talon))
        slices, taken = plan
        for seat, a, b in slices:
            hands[seat].extend(talon[a:b])
        if taken:
            state.talon = talon[taken:]
        for h in hands:
            h.sort()
        if self.show_bottom and state.talon:
            state.dead = state.talon[-1]  # shown to both, never played

    def _plan_more(self, seat: int, need: tuple, left: int) -> tuple:
        """How the hands are completed from a talon of `left` cards, in packets from `seat`, each seat
        lacking `need`: ((seat, first, end) of each packet's slice of the talon, in dealing order, and
        how many of its cards are dealt). Made once for each (seat, need, talon size), and kept."""
        key = (seat, need, left)
        need, n, packets, step = list(need), self.n, self.packets, self.step
        slices, k, taken = [], 0, 0  # (the talon's first `taken` cards are dealt)
        while any(need) and taken < left:
            count = packets[k % len(packets)]
            for _ in range(n):
                take = min(count, need[seat], left - taken)
                if take > 0:
                    slices.append((seat, taken, taken + take))
                    taken += take
                    need[seat] -= take
                seat = (seat + step) % n
            k += 1
        plan = (tuple(slices), taken)
        if len(self._more) < 1000:  # (a bound: the sizes are expressions, and may take many values)
            self._more[key] = plan
        return plan

    def _turn_up(self, state, hands) -> None:
        """The top undealt card is turned face up; its suit is trump. A joker turned up means no
        trump, and a joker dealt to a player is laid out of play, face up, and replaced. (When
        every card is dealt, a card cut from the pack before the deal is shown instead.)"""
        card = state.turn_up = state.talon.pop(0)
        if self.burn_jokers is not None and self.burn_jokers(state):
            while self.pack.suit[card] < 0 and any(self.pack.suit[c] >= 0 for c in state.talon):
                state.talon.append(card)  # to the bottom of the undealt cards
                card = state.turn_up = state.talon.pop(0)
        if self.pack.suit[card] >= 0:
            state.set_trump(self.pack.suit[card])
            return
        state.set_trump(None)
        for hand in hands:
            for c in [c for c in hand if self.pack.suit[c] < 0]:
                hand.remove(c)
                state.out_of_play.append(c)
                if state.talon:
                    hand.append(state.talon.pop(0))

    def pattern(self, size):
        """Which deck positions each seat receives, counted in turn order from `first`; `size` is
        every seat's hand size, or a tuple of them in that order."""
        got = self._patterns.get(size)
        if got is None:
            n, packets = self.n, self.packets
            sizes = size if isinstance(size, tuple) else (size,) * n
            counts = [0] * n
            positions = [[] for _ in range(n)]
            pos = k = 0
            while pos < sum(sizes):
                count = packets[k % len(packets)]
                for off in range(n):
                    take = min(count, sizes[off] - counts[off])
                    positions[off].extend(range(pos, pos + take))
                    counts[off] += take
                    pos += take
                k += 1
            got = self._patterns[size] = ([_getter(p) for p in positions], pos)
        return got

    def start(self, state) -> None:
        if self.more:
            self._complete(state)
            return
        n = self.n
        # a second full deal in the same deal (a redeal) is given and recorded apart from the first
        again = state.deal.hands is not None
        key = (state.deal_number, len(state.deal.redeals) + 1) if again else state.deal_number
        given = state.given_hands.pop(key, None)
        if given is not None:
            cards = self.cards
            hands = [[cards[c] for c in h] for h in given]
            state.talon = [cards[c] for c in state.given_talons.pop(key, ())]
        else:
            first = self.first(state)
            if self.fixed_size is not None:
                getters, dealt = self.pattern(self.fixed_size)
            else:
                sizes = [_whole(s) for s in self.sizes(state)]
                if any(not isinstance(s, int) or s < 1 for s in sizes) or sum(sizes) > self.pack.size:
                    size = sizes[0] if len(set(sizes)) == 1 else " ".join(map(str, sizes))
                    raise GameError(f"deal {state.deal_number}: cannot deal {size} cards each to {n} players "
                                    f"from a pack of {self.pack.size}", rule="hand_size")
                in_turn = tuple(sizes[(first + off * self.step) % n] for off in range(n))
                getters, dealt = self.pattern(in_turn[0] if len(set(in_turn)) == 1 else in_turn)
            order = state.given_decks.pop(key, None) if not again else None  # the pack's order, given
            if order is not None:
                deck = [self.cards[c] for c in order]
            else:
                deck = list(self.deck)
                state.chance().shuffle(deck)
            hands = [None] * n
            for seat, get in zip(self.seats_from[first % n], getters):
                hands[seat] = get(deck)
            state.talon = deck[dealt:]
        record = [list(map(tuple, hands)), tuple(state.talon), None]  # hands, talon, cut: as dealt
        if again:
            state.deal.redeals = [*state.deal.redeals, record]  # (rare: a list made anew for each)
        else:  # before the turn-up, which may read how many cards were dealt
            state.deal.hands, state.deal.talon = record[0], record[1]
        if self.turn_up == "offer" and state.talon:  # turned up, proposed for trump: the bidding decides
            state.turn_up = state.talon.pop(0)
        elif self.turn_up:
            if state.talon:
                self._turn_up(state, hands)
            else:  # every card is dealt: the pack was cut and a card shown before the deal
                cut = state.given_cuts.pop(key, None)
                if cut is None:
                    dealt = [c for h in hands for c in h]
                    cut = dealt[state.chance().randrange(len(dealt))]
                state.turn_up = record[2] = self.cards[cut]
                if not again:
                    state.deal.cut = state.turn_up
                state.set_trump(self.pack.suit[cut] if self.pack.suit[cut] >= 0 else None)
        for h in hands:
            h.sort()  # card numbers are in display order: by suit, high to low
        state.hands = hands


def _getter(positions: list[int]):
    """A function of the shuffled deck giving, as a new list, the cards at `positions`: one slice
    when they are evenly spaced (a deal one card at a time, or one packet each), else picked."""
    if not positions:
        return lambda deck: []
    first, gaps = positions[0], {b - a for a, b in pairwise(positions)}
    if len(gaps) <= 1:
        return itemgetter(slice(first, positions[-1] + 1, gaps.pop() if gaps else 1))
    pick = itemgetter(*positions)
    return lambda deck: list(pick(deck))


def _whole(size):
    """A size that is a whole number as an int (`12.0` is 12); anything else unchanged."""
    return int(size) if isinstance(size, float) and size.is_integer() else size

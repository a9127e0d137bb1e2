"""Swapping a card for the turned-up card: the holder of a given card may take the turn-up.

`card` (an expression, e.g. `card_of_suit(7, trump)`) names the card that may be swapped,
`when` the condition (e.g. the trump is the turned-up suit). Its holder chooses `swap`
or `keep`; a second swap phase later offers the same choice again, to a holder who kept.
Nobody is asked when nobody holds the card (it is the turn-up itself, or undealt).
"""

from __future__ import annotations

from ..actions import Action
from . import Phase


class SwapTurnUp(Phase):
    kind = "swap_turn_up"

    def __init__(self, name, card):
        super().__init__(name)
        self.card = card  # compiled: the card that may be swapped, or none
        self.swap = Action("swap", True, "swap")
        self.keep = Action("swap", False, "keep")

    def start(self, st) -> None:
        st.swapper = None
        c = self.card(st)
        if c is None or st.turn_up is None or c == st.turn_up:
            return
        for p, hand in enumerate(st.hands):
            if c in hand:
                st.swapper = p
                st.swap_card = hand[hand.index(c)]

    def actor(self, st):
        return st.swapper

    def legal(self, st):
        return [self.keep, self.swap]

    def vocabulary(self, game):
        return [self.keep.name, self.swap.name]

    def public_name(self, st, action, viewer):
        """A swap is seen (the turn-up changes hands); keeping says nothing, not even who could swap."""
        return action.name if action.arg else None

    def apply(self, st, action) -> None:
        p = st.swapper
        st.swapper = None
        if action.arg:
            hand = st.hands[p]
            hand.remove(st.swap_card)
            hand.append(st.turn_up)
            hand.sort()
            st.turn_up = st.swap_card

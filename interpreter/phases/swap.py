"""Swapping a card for the turned-up card: the holder of a given card may take the turn-up.

`card` (an expression, e.g. `card_of_suit(7, trump)`) names the card that may be swapped,
`when` the condition (e.g. the trump is the turned-up suit). Its holder chooses `swap`
or `keep`; a second swap phase later offers the same choice again, to a holder who kept.
Nobody is asked when nobody holds the card (it is the turn-up itself, or undealt).
"""

from __future__ import annotations

from ..core.actions import Action
from . import Phase


class SwapTurnUp(Phase):
    kind = "swap_turn_up"

    def __init__(self, name, card):
        super().__init__(name)
        self.card = card  # compiled: the card that may be swapped, or none
        self.swap = Action("swap", True, "swap")
        self.keep = Action("swap", False, "keep")

    def start(self, state) -> None:
        state.swapper = None
        c = self.card(state)
        if c is None or state.turn_up is None or c == state.turn_up:
            return
        for p, hand in enumerate(state.hands):
            if c in hand:
                state.swapper = p
                state.swap_card = hand[hand.index(c)]

    def actor(self, state):
        return state.swapper

    def legal(self, state):
        return [self.keep, self.swap]

    def vocabulary(self, game):
        return [self.keep.name, self.swap.name]

    def public_name(self, state, action, viewer):
        """A swap is seen (the turn-up changes hands); keeping says nothing, not even who could swap."""
        return action.name if action.arg else None

    def apply(self, state, action) -> None:
        p = state.swapper
        state.swapper = None
        if action.arg:
            hand = state.hands[p]
            hand.remove(state.swap_card)
            hand.append(state.turn_up)
            hand.sort()
            state.turn_up = state.swap_card

"""Calling a card: whoever holds it is the declarer's partner, and nobody is told.

`card` (an expression, e.g. `card_of_suit(bid, trump)`) names the called card. Its holder
at that moment is the declarer's secret partner: `called_holder` in expressions (the
declarer himself when he holds it, and `none` when nobody does, so that he plays alone).
Nobody acts in this phase. Views show the called card at once, and the partnership only
once the called card has been played (or at once, when the called card is not in play).
"""

from __future__ import annotations

from . import Phase, in_the_open


class CallCard(Phase):
    kind = "call_card"
    public_name = in_the_open  # the card is named aloud; who holds it stays hidden

    def __init__(self, name, card):
        super().__init__(name)
        self.card = card  # compiled: the card called, or none

    def start(self, state) -> None:
        c = self.card(state)
        state.called_card = c
        state.called_holder = next((p for p, hand in enumerate(state.hands) if c in hand), None) if c is not None \
            else None
        state.deal.called = (c, state.called_holder)

    def actor(self, state):
        return None

    def legal(self, state):
        return []

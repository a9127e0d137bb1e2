"""Swapping for the turned-up card, where mutation testing found it unchecked: nobody is asked
when no card is turned up, and the names the phase could ever offer."""

from __future__ import annotations

from tests.phases.table import X, Z, hand, one_deal, position
from tests.phases.test_swap import spec

NO_TURN_UP = """  swap:
    kind: swap_turn_up
    card: card_of_suit(J, H)"""


def test_nobody_is_asked_to_swap_when_no_card_is_turned_up():
    g = one_deal(NO_TURN_UP, "count(hand)", deal="hand_size: 3")
    st = position(g, ["AS KS QS", "JS AH QH", "JH AD KD"], talon="KH QD JD", dealer=X)
    assert st.turn_up is None and st.is_terminal and hand(st, Z) == "JH AD KD"  # Z holds the jack: not asked


def test_the_swap_phase_names_its_two_choices():
    g = spec()
    swap, again = [ph for ph in g.phases if ph.kind == "swap_turn_up"]
    assert swap.vocabulary(g) == again.vocabulary(g) == ["keep", "swap"]

"""Expression behaviour that mutation testing found unchecked: the specialised closures of `!=`
on a table lookup, of `in` with a list known only at run time, and of the filter steps a
play rule's `keep` compiles to."""

from __future__ import annotations

import pytest
from tests.expr.test_expr import PACK, SCOPE, State, cards, run

from interpreter.expr import compile_filter


@pytest.mark.parametrize("source, expected", [
    ("card.suit != H", False),  # the card is KH
    ("card.suit != S", True),
    ("card.suit != led_suit", False),
    ("card in won", True),  # a value in a list read at run time
    ("card in hand", False),
    ("led_suit in suits", True),
])
def test_comparisons_specialised_by_operand_shape(source, expected):
    assert run(source) is expected


@pytest.mark.parametrize("source, kept", [
    ("card.suit == H", "2H 3H TH"),
    ("card.suit != H", "4S"),
    ("card.rank in [T, 4]", "TH 4S"),
    ("card.suit == H and card.rank != 2", "3H TH"),
])
def test_a_filter_keeps_the_cards_that_pass_it(source, kept):
    keep = compile_filter(source, SCOPE, "card", "card")
    names = [PACK.names[c] for c in keep(State(), cards("2H 3H TH 4S"))]
    assert names == kept.split()

"""Conditions compiled as filters over a hand (`compile_filter`, interpreter/expr/__init__.py): a
filter keeps the cards that pass it, every conjunct of a long `and` applies, a negated conjunct is
tested card by card, and so is a comparison whose two sides both read the card."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from interpreter.compile.scope import build_scope
from interpreter.core.cards import Pack
from interpreter.expr import compile_filter
from tests.expr.test_expr import PACK, SCOPE, State, cards

SMALL_PACK = Pack.build("SHD", "AKQJ")
SMALL_SCOPE = build_scope(SMALL_PACK, 3, 1, {}, ["game"])
HAND = [SMALL_PACK.parse(c) for c in "AS KS QS JS AH KH QD".split()]


def kept_of(source: str) -> str:
    keep = compile_filter(source, SMALL_SCOPE, "card", "card")
    return " ".join(SMALL_PACK.names[c] for c in keep(SimpleNamespace(suit=SMALL_PACK.suit, trump=None), HAND))


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


@pytest.mark.parametrize("source, kept", [
    ("card.suit == S and card.rank != A and card.rank != K", "QS JS"),
    ("card.rank != A and card.rank != K and card.suit == S", "QS JS"),
    ("card.rank != J and card.rank != Q and card.rank != K and card.suit != D", "AS AH"),
    ("card.rank != A and not (card.suit == S)", "KH QD"),
    ("not (card.suit == H) and card.rank == K", "KS"),
    ("card.rank != J and card.printed_suit == card.suit", "AS KS QS AH KH QD"),
    ("card.order >= 0 and card.rank == card.rank", "AS KS QS JS AH KH QD"),
])
def test_each_conjunct_of_a_filter_applies_in_order(source, kept):
    assert kept_of(source) == kept

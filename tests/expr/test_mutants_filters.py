"""Conditions compiled as filters over a hand (`compile_filter`, interpreter/expr/__init__.py),
where mutation testing found them unchecked: every conjunct of a long `and` applies, a negated
conjunct is tested card by card, and so is a comparison whose two sides both read the card."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from interpreter.compile.scope import build_scope
from interpreter.core.cards import Pack
from interpreter.expr import compile_filter

PACK = Pack.build("SHD", "AKQJ")
SCOPE = build_scope(PACK, 3, 1, {}, ["game"])
HAND = [PACK.parse(c) for c in "AS KS QS JS AH KH QD".split()]


def kept(source: str) -> str:
    keep = compile_filter(source, SCOPE, "card", "card")
    return " ".join(PACK.names[c] for c in keep(SimpleNamespace(suit=PACK.suit, trump=None), HAND))


@pytest.mark.parametrize("source, cards", [
    ("card.suit == S and card.rank != A and card.rank != K", "QS JS"),
    ("card.rank != A and card.rank != K and card.suit == S", "QS JS"),
    ("card.rank != J and card.rank != Q and card.rank != K and card.suit != D", "AS AH"),
    ("card.rank != A and not (card.suit == S)", "KH QD"),
    ("not (card.suit == H) and card.rank == K", "KS"),
    ("card.rank != J and card.printed_suit == card.suit", "AS KS QS AH KH QD"),
    ("card.order >= 0 and card.rank == card.rank", "AS KS QS JS AH KH QD"),
])
def test_each_conjunct_of_a_filter_applies_in_order(source, cards):
    assert kept(source) == cards

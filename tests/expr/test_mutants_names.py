"""Types and names in messages (interpreter/expr/names.py), where mutation testing found them
unchecked: a type in words, `none` where a value may be missing, a rank or suit written in words."""

from __future__ import annotations

import pytest

from interpreter.compile.scope import build_scope
from interpreter.core.cards import Pack
from interpreter.expr import ExprError, compile_expr
from interpreter.expr.names import a, elem, list_of

SCOPE = build_scope(Pack.build("SHD", "AKQJ"), 3, 1, {}, ["game"])


@pytest.mark.parametrize("source, expect, message, hint", [
    ("card_of_suit(Ace, H)", "card", "unknown card, suit or rank `Ace`", "write `A`"),
    ("hearts", "suit", "unknown name `hearts`", "write `H`"),
    ("Nine", "rank", "unknown card, suit or rank `Nine`", None),  # the pack has no nine
    ("3", "card", "the expression must be a card, but this is a number", None),
    ("none", "number", "the expression must be a number, but this is `none`", None),
    ("trump", "number", "the expression must be a number, but this is a suit", None),
    ("hand", "number", "the expression must be a number, but this is a list of cards", None),
    ("[none]", "number", "the expression must be a number, but this is a list of `none`", None),
    ("contract", "number", "the expression must be a number, but this is a contract", None),
])
def test_a_wrong_expression_is_told_in_words(source, expect, message, hint):
    with pytest.raises(ExprError) as e:
        compile_expr(source, SCOPE, expect)
    assert (e.value.message, e.value.hint) == (message, hint)


@pytest.mark.parametrize("expect", ["card", "suit", "seat", "contract", "trick"])
def test_none_stands_where_a_value_may_be_missing(expect):
    assert compile_expr("none", SCOPE, expect).fn(None) is None


def test_list_types_and_their_items():
    assert list_of("card") == "list<card>" and elem("list<card>") == "card"
    assert [elem(t) for t in ("card", "contract", "list<card", None)] == [None, None, None, None]
    assert [a(t) for t in ("number", "ace", "list<seat>", "none")] == ["a number", "an ace", "a list of seats", "`none`"]

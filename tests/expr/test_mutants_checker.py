"""The expression checker's comparisons, where mutation testing found them unchecked: the hint
that says what may be `none` comes with a comparison to `none` only."""

from __future__ import annotations

import pytest
from tests.expr.test_expr import SCOPE

from interpreter.expr import compile_expr
from interpreter.expr.syntax import ExprError


@pytest.mark.parametrize("source, message, hint", [
    ("x == none", "cannot compare `x` (a number) with `none`",
     "only `card`, `contract`, `seat`, `suit` or `trick` can be `none`"),
    ("none != x", "cannot compare `none` with `x` (a number)",
     "only `card`, `contract`, `seat`, `suit` or `trick` can be `none`"),
    ("card.suit == K", "cannot compare `card.suit` (a suit) with `K` (a rank)", None),
])
def test_a_comparison_of_unlike_types_says_what_may_be_none_only_when_none_is_in_it(source, message, hint):
    with pytest.raises(ExprError) as e:
        compile_expr(source, SCOPE)
    assert (e.value.message, e.value.hint) == (message, hint)


@pytest.mark.parametrize("operand, shown", [
    ("x + " * 9 + "1000", "x + " * 9 + "1000"),  # 40 characters: shown whole
    ("x + " * 9 + "10000", "x + " * 9 + "100…"),  # 41: the first 39 and an ellipsis
])
def test_an_operand_in_a_message_is_shown_up_to_forty_characters(operand, shown):
    assert len(operand) in (40, 41)
    with pytest.raises(ExprError) as e:
        compile_expr(f"{operand} == card.suit", SCOPE)
    assert e.value.message == f"cannot compare `{shown}` (a number) with `card.suit` (a suit)"

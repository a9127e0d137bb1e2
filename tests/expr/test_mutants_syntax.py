"""Expression syntax errors in words (interpreter/expr/syntax.py), where mutation testing found them
unchecked: what was expected, the rewrite offered for the old loop form `f(v in xs: body)` and
when it is not offered, the place of the end of an expression and of too deep a nesting."""

from __future__ import annotations

import pickle

import pytest

from interpreter.expr import syntax
from interpreter.expr.syntax import ExprError, parse
from interpreter.load import catalog

GENERIC = ("loops use words, not `:`: write `where`, as in `count(v in xs where condition)`, or `for`, as in "
           "`sum(value for v in xs)`")


@pytest.mark.parametrize("source, message, line, column, hint", [
    ("count(c in hand: c.suit == H)", "unexpected `:`", 1, 16,
     "loops use words, not `:`: write `count(c in hand where c.suit == H)`"),
    ("sum(c in won: c.points)", "unexpected `:`", 1, 13, "loops use words, not `:`: write `sum(c.points for c in won)`"),
    ("max(x in [1, 2]: x + 1)", "unexpected `:`", 1, 16, "loops use words, not `:`: write `max(x + 1 for x in [1, 2])`"),
    ("count(c in [1,(2)]: c == [1][1])", "unexpected `:`", 1, 19,
     "loops use words, not `:`: write `count(c in [1,(2)] where c == [1][1])`"),
    ("count(c in  [1,\n 2]:  c ==\n 1)", "unexpected `:`", 2, 4,
     "loops use words, not `:`: write `count(c in [1, 2] where c == 1)`"),
    ("sum(c.points: c in won)", "unexpected `:`", 1, 13, GENERIC),
    ("f(x: y)", "unexpected `:`", 1, 4, GENERIC),
    ("count((c) in hand: (c.suit == H))", "unexpected `:`", 1, 18, GENERIC),
    ("count(c in hand: c: d)", "unexpected `:`", 1, 16, GENERIC),
    ("c in hand: c)count(", "unexpected `:`", 1, 10, GENERIC),  # no bracket open before the `:`
    ("count(c in hand:c.suit == H)", "unexpected `:`", 1, 16,
     "loops use words, not `:`: write `count(c in hand where c.suit == H)`"),
    ("a : b", "unexpected `:`", 1, 3, GENERIC),
    ("all(c in hand: " + "x and " * 20 + "y)", "unexpected `:`", 1, 14, GENERIC),  # too long a rewrite
    ("count(c in hand c.suit)", "unexpected `c`", 1, 17, "expected `where` or `)`"),
    ("sum(v for v)", "unexpected `)`", 1, 12, "expected `in`"),
    ("count(c in hand where)", "unexpected `)`", 1, 22, "expected a value"),
    ("x y", "unexpected `y`", 1, 3, "expected an operator"),
    ("if a then b", "unexpected end of expression; expected `else`", 1, 12, None),
    ("(1 + 2", "unexpected end of expression; expected `)`", 1, 7, None),
    ("[1, 2", "unexpected end of expression; expected `]`", 1, 6, None),
    ("\n1 +", "unexpected end of expression; expected a value", 2, 4, None),
    ("x\n  + ", "unexpected end of expression; expected a value", 2, 4, None),
    ("1 = 2", "unexpected `=`", 1, 3, "use `==` to compare"),
    ("3x", "unexpected `3x`", 1, 1, "a number cannot run into letters"),
])
def test_a_syntax_error_says_what_was_expected_where(source, message, line, column, hint):
    with pytest.raises(ExprError) as e:
        parse(source)
    assert (e.value.message, e.value.line, e.value.column, e.value.hint) == (message, line, column, hint)
    assert str(e.value) == f"{line}:{column}: {message}" + (f" ({hint})" if hint else "")


@pytest.mark.parametrize("source, line, column", [
    ("  " + "(" * 150 + "1" + ")" * 150, 1, 103), ("1" + " + 1" * 300, 1, 809),
    ("1" + " + 1" * 50 + "\n" + " + 1" * 250, 2, 608), ("x\n+" + "-" * 150 + "1", 2, 101)])
def test_too_deep_an_expression_is_refused_where_it_gets_too_deep(source, line, column):
    with pytest.raises(ExprError) as e:
        parse(source)
    assert (e.value.message, e.value.line, e.value.column, e.value.hint) == (
        "the expression is nested too deeply (more than 100 levels)", line, column, "split it into named `functions`")


def test_an_expression_error_crosses_a_process_boundary_whole():
    again = pickle.loads(pickle.dumps(ExprError("unknown name `x`", 2, 5, "write `X`")))
    assert (type(again), again.message, again.line, again.column, again.hint, str(again)) == (
        ExprError, "unknown name `x`", 2, 5, "write `X`", "2:5: unknown name `x` (write `X`)")
    assert again.args == ("unknown name `x`",)  # like every error of the project: its message


def test_a_damaged_grammar_is_a_fault_of_the_installation(tmp_path, monkeypatch):
    (tmp_path / "expr.lark").write_text("start: ???\n")
    monkeypatch.setattr(catalog, "grammar_file", lambda: tmp_path / "expr.lark")
    syntax._parser.cache_clear()
    try:
        with pytest.raises(catalog.BrokenInstall) as e:
            parse("1 + 1")
    finally:
        monkeypatch.undo()
        syntax._parser.cache_clear()
    message = str(e.value)
    assert message.startswith(f"the expression grammar {tmp_path / 'expr.lark'} is damaged (GrammarError: ")
    assert message.endswith("); reinstall cardspec") and "\n" not in message
    assert parse("1 + 1").data == "add"

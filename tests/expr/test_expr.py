"""Tests of the expression language (interpreter/expr/, grammar/expr.lark): what expressions
compute, their types and names, and their errors (syntax, types, names) told in words at their place."""

from __future__ import annotations

import pickle
import sys
from dataclasses import dataclass, field

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from interpreter.compile.scope import build_scope
from interpreter.core.cards import Pack
from interpreter.expr import Attr, Compiled, Func, Name, Scope, compile_expr, syntax
from interpreter.expr.names import a, elem, list_of
from interpreter.expr.syntax import ExprError, _parser, parse
from interpreter.load import catalog

PACK = Pack.build("SHDC", "AKQJT98765432", extra=("BJ", "LJ"))
C = PACK.by_name
SEATS = (0, 1, 2, 3)


def cards(text: str) -> list[int]:
    """Cards from text like 'AS KH'."""
    return [PACK.parse(t) for t in text.split()]


@dataclass
class Trick:
    winner: int
    cards: tuple


@dataclass
class State:
    """The run-time object the tests pass as ctx."""

    won: list = field(default_factory=lambda: cards("QS AH 2H QD KH 5C"))
    hand: list = field(default_factory=lambda: cards("2H 3H TH 4S"))
    card: int = C["KH"]
    led_suit: int = 1  # hearts
    trump: int | None = 0  # spades
    place: int = 2
    player: int = 1
    declarer: int | None = 2
    target: int = 3
    contract: str = "no_hearts"
    tricks: list = field(default_factory=lambda: [Trick(0, ()), Trick(1, ()), Trick(1, ())])
    x: int = 7
    y: int = 1
    a: bool = True
    b: bool = False
    xs: list = field(default_factory=lambda: [4, -2, 9])
    longest: dict = field(default_factory=lambda: {0: 5, 1: 4, 2: 5, 3: 3})
    calls: int = 0


def _get(attr):
    return lambda s: getattr(s, attr)


POINTS = tuple(11 if PACK.ranks[r] == "A" else 10 if PACK.ranks[r] == "T" else 0 for r in PACK.rank)


def make_scope(**extra) -> Scope:
    """A scope shaped like the engine's."""
    names = {n: Name(t, get=_get(n)) for n, t in [
        ("won", "list<card>"), ("hand", "list<card>"), ("card", "card"), ("led_suit", "suit"),
        ("trump", "suit"), ("place", "number"), ("player", "seat"), ("declarer", "seat"), ("target", "seat"),
        ("contract", "contract"), ("tricks", "list<trick>"), ("x", "number"), ("y", "number"),
        ("a", "bool"), ("b", "bool"), ("xs", "list<number>")]}
    names["tricks_won"] = Name("number", get=lambda s: sum(t.winner == s.player for t in s.tricks))
    names["seats"] = Name("list<seat>", value=SEATS)
    names["suits"] = Name("list<suit>", value=(0, 1, 2, 3))
    names["no_hearts"] = Name("contract", value="no_hearts")
    names["trumps"] = Name("contract", value="trumps")
    names["ten"] = Name("number", value=10)
    names.update(extra)
    funcs = {
        "wins_trick": Func(("card",), "bool", lambda s, c: PACK.strength[c] > PACK.strength[C["QH"]]),
        "longest": Func(("seat",), "number", lambda s, p: s.longest[p]),
        "bump": Func((), "number", lambda s: setattr(s, "calls", s.calls + 1) or s.calls),
    }
    attrs = {
        "card": {"suit": Attr("suit", table=PACK.suit), "rank": Attr("rank", table=PACK.rank),
                 "points": Attr("number", table=POINTS), "strength": Attr("number", get=lambda s, c: PACK.strength[c])},
        "trick": {"winner": Attr("seat", get=lambda s, t: t.winner)},
    }
    return Scope(PACK, names, funcs, attrs)


SCOPE = make_scope()
ENGINE_SCOPE = build_scope(Pack.build("SHD", "AKQJ"), 3, 1, {}, ["game"])  # as the engine builds it


def run(source: str, state: State | None = None, scope: Scope = SCOPE):
    return compile_expr(source, scope).fn(state or State())


# ---------------------------------------------------------------------------- good expressions

GOOD = [
    # the examples of the brief
    ("-2 * tricks_won", -4),
    ("-6 * count(c in won where c.rank == Q)", -12),
    ("-2 * count(c in won where c.suit == H) - (if AH in won then 4 else 0)", -10),
    ("if KH in won then -20 else 0", -20),
    ("(if tricks[-2].winner == player then -10 else 0) + (if tricks[-1].winner == player then -20 else 0)", -30),
    ("[45, 20, 5, -5][place]", 20),
    ("[45, 20, 5, -5][-1]", -5),
    ("[45, 20, 5, -5][1]", 45),
    ("card.suit == led_suit", True),
    ("card.suit == trump and wins_trick(card)", False),
    ("-36 / count(p in seats where longest(p) == max(longest(q) for q in seats))", -18),
    ("max(count(c in won where c.suit == s) for s in suits)", 3),
    ("all(c in hand where c.suit == H)", False),
    ("any(c in hand where c.suit != H)", True),
    ("filter(c in hand where c.suit == S)", cards("4S")),
    ("count(won)", 6),
    ("sum(xs)", 11),
    ("min(xs)", -2),
    ("max(xs)", 9),
    ("abs(-x)", 7),
    ("sum(c.points for c in won)", 11),
    ("contract == no_hearts", True),
    ("contract == trumps", False),
    ("trump == none", False),
    ("none == trump", False),
    ("player != declarer and target != player", True),
    ("count(c in won where c.rank == 2)", 1),
    ("count(c in hand where c.rank == 10)", 1),
    ("count(c in won where c.rank in [A, K, Q])", 4),
    ("count(c in won where c.rank in [A, 5])", 2),
    ("count(c in won where c.rank in [2, 5])", 2),
    ("7H in hand", False),
    ("10H in hand", True),
    ("TH in hand", True),
    ("2H in hand", True),
    ("not (a or b)", False),
    ("x >= 3 and y < 2", True),
    ("a != b", True),
    ("x % 2 == 0", False),
    ("x // 2", 3),
    ("x / 2", 3.5),
    ("8 / 2", 4),
    ("-7 // 2", -4),
    ("-7 % 2", 1),
    ("1.5 * 2", 3.0),
    # precedence and grouping
    ("1 + 2 * 3", 7),
    ("(1 + 2) * 3", 9),
    ("10 - 4 - 3", 3),
    ("2 * -3", -6),
    ("- - 2", 2),
    ("not a or b", False),
    ("not AH in won", False),
    ("a and b or not b", True),
    ("if a then if b then 1 else 2 else 3", 2),
    # names, lists, sets of values
    ("seats[2]", 1),
    ("count(seats)", 4),
    ("S in suits", True),
    ("player in seats", True),
    ("declarer == none", False),
    ("count(filter(c in won where c.suit == H))", 3),
    ("filter(c in won where c.suit == D)[1] == QD", True),
    ("sum(c.points for c in filter(c in won where c.points > 0))", 11),
    ("max(c.strength for c in hand)", 9),
    ("min(c.strength for c in won)", 1),
    ("sum(longest(p) for p in seats)", 17),
    ("any(p in seats where longest(p) > 4)", True),
    ("all(p in seats where longest(p) > 3)", False),
    ("count(c in won where c.suit == H and c.rank != A)", 2),
    ("[H, S][1] == card.suit", True),
    ("[7, 8, 9][2] * ten", 80),
    ("tricks[1].winner", 0),
    ("count(t in tricks where t.winner == player)", 2),
    # loops: `v in xs where cond` (count/any/all/filter test cond; sum/min/max add up the passing items)
    ("count(x in xs where x > 0)", 2),
    ("any(x in xs where x > 8)", True),
    ("all(x in xs where x > -5)", True),
    ("filter(x in xs where x > 0)", [4, 9]),
    ("sum(x in xs where x > 0)", 13),
    ("min(x in xs where x > 0)", 4),
    ("max(x in xs where x < 5)", 4),
    ("sum(x in xs where x > 100)", 0),
    ("max(x in xs where x > 100)", 0),
    ("count(c in won where false)", 0),
    # loops: `value for v in xs` and `value for v in xs where cond`
    ("sum(x for x in xs)", 11),
    ("sum(x * 2 for x in xs)", 22),
    ("max(x * 2 for x in xs where x < 9)", 8),
    ("sum(c.points for c in won where c.suit == H)", 11),
    ("sum(c.points for c in won where c.suit != H)", 0),
    ("sum(c.points for c in hand where c.rank == T)", 10),
    ("min(longest(p) for p in seats where longest(p) > 3)", 4),
    ("count(c.suit == H for c in won)", 3),
    ("count(c.suit == H for c in won where c.rank != A)", 2),
    ("any(longest(p) > 4 for p in seats)", True),
    ("all(longest(p) > 3 for p in seats)", False),
    ("all(c.suit == H for c in hand where c.rank != 4)", True),
    ("any(c.rank == A for c in won where c.suit != H)", False),
    ("max(count(c in hand where c.suit == s) for s in suits where s != H)", 1),
    ("if trump == none then 0 else 1", 1),
    ("if a then H else none", 1),
    ("if b then H else none", None),
    ("bump() + bump()", 3),
    ("true", True),
    ("false or true", True),
    ("none", None),
    ("  1\n  +\n  2  ", 3),
]


@pytest.mark.parametrize("source,expected", GOOD)
def test_good(source, expected):
    value = run(source)
    assert value == expected
    assert type(value) is type(expected) or isinstance(expected, list)


def test_types_of_results():
    assert compile_expr("count(won)", SCOPE).type == "number"
    assert compile_expr("filter(c in won where c.suit == H)", SCOPE).type == "list<card>"
    assert compile_expr("filter(x in xs where x > 0)", SCOPE).type == "list<number>"
    assert compile_expr("count(c.suit == H for c in won)", SCOPE).type == "number"
    assert compile_expr("sum(c.points for c in won where c.suit == H)", SCOPE).type == "number"
    assert compile_expr("any(c.suit == H for c in won)", SCOPE).type == "bool"
    assert compile_expr("all(c in won where c.suit == H)", SCOPE).type == "bool"
    assert compile_expr("card.suit", SCOPE).type == "suit"
    assert compile_expr("tricks[1]", SCOPE).type == "trick"
    assert compile_expr("[A, K]", SCOPE).type == "list<rank>"
    assert compile_expr("if a then H else none", SCOPE).type == "suit"
    assert compile_expr("none", SCOPE, expect="seat").type == "seat"


def test_rank_literals_resolve_against_the_pack():
    assert run("count(c in won where c.rank == 7)") == 0
    assert run("count(c in won where 2 == c.rank)") == 1
    assert run("card.rank == K") is True
    assert compile_expr("7", SCOPE, expect="rank").fn(None) == PACK.ranks.index("7")
    assert compile_expr("10", SCOPE, expect="rank").fn(None) == PACK.ranks.index("T")
    short = Pack.build("SHDC", "AKQJT987")
    scope = Scope(short, {"c": Name("card", value=0)}, attrs={"card": {"rank": Attr("rank", table=short.rank)}})
    with pytest.raises(ExprError) as e:
        compile_expr("c.rank == 6", scope)
    assert (e.value.message, e.value.line, e.value.column) == ("the pack has no rank `6`", 1, 11)
    assert "its ranks are" in e.value.hint


def test_card_literals():
    assert compile_expr("10H", SCOPE).fn(None) == C["TH"]
    assert compile_expr("BJ", SCOPE).fn(None) == C["BJ"]
    assert compile_expr("LJ", SCOPE).type == "card"
    assert compile_expr("H", SCOPE).type == "suit"
    assert compile_expr("Q", SCOPE).type == "rank"


def test_a_letter_that_is_a_suit_and_a_rank_follows_the_other_side():
    pack = Pack.build(["S", "K"], ["A", "K", "Q"])
    attrs = {"card": {"suit": Attr("suit", table=pack.suit), "rank": Attr("rank", table=pack.rank)}}
    scope = Scope(pack, {"c": Name("card", value=pack.by_name["QK"])}, attrs=attrs)
    assert compile_expr("c.suit == K", scope).fn(None) is True
    assert compile_expr("c.rank == K", scope).fn(None) is False
    assert compile_expr("K == c.suit", scope).fn(None) is True
    assert compile_expr("KK", scope).type == "card"
    with pytest.raises(ExprError, match="both a suit and a rank"):
        compile_expr("K", scope)


def test_loop_variables_shadow_scope_names_and_nest():
    scope = make_scope(c=Name("number", value=99))
    assert run("count(c in won where c.suit == H) + c", scope=scope) == 102
    assert run("count(c in won where count(c in hand where c.suit == S) == 1)", scope=scope) == 6
    assert run("sum(count(q in seats where longest(q) < longest(p)) for p in seats)") == 2 + 1 + 2 + 0
    assert run("sum(c for c in xs where c > 0)", scope=scope) == 13  # the variable of a `for` loop, too
    assert run("sum(x for x in xs) + x", scope=scope) == 11 + 7  # ... and it does not leak
    assert run("count(c.suit == H for c in won where count(c in hand where c.rank == 4) == 1)") == 3


def test_sets_work_for_membership_and_loops():
    state = State(won=frozenset(cards("AH QS")))
    assert run("AH in won", state) is True
    assert run("count(c in won where c.rank == Q)", state) == 1
    with pytest.raises(ExprError, match="no order"):
        run("won[1] == AH", state)


@pytest.mark.parametrize("source, expected", [
    ("card.suit != H", False),  # the card is KH
    ("card.suit != S", True),
    ("card.suit != led_suit", False),
    ("card in won", True),  # a value in a list read at run time
    ("card in hand", False),
    ("led_suit in suits", True),
])
def test_a_comparison_gives_its_value_whatever_the_shape_of_its_operands(source, expected):
    assert run(source) is expected


def test_constant_folding():
    c = compile_expr("2 * 3 + ten", SCOPE)
    assert c.constant and c.fn(None) == 16 and c.type == "number"
    c = compile_expr("count(s in suits where s == H or s == S)", SCOPE)
    assert c.constant and c.fn(None) == 2
    c = compile_expr("count(s == H for s in suits)", SCOPE)
    assert c.constant and c.fn(None) == 1
    c = compile_expr("sum(2 for s in suits where s != H)", SCOPE)
    assert c.constant and c.fn(None) == 6
    assert compile_expr("sum(longest(p) for p in seats)", SCOPE).constant is False
    assert compile_expr("[45, 20, 5, -5][place]", SCOPE).constant is False
    assert compile_expr("contract == no_hearts", SCOPE).constant is False
    assert compile_expr("bump()", SCOPE).constant is False  # functions see ctx: never folded
    assert isinstance(compile_expr("x", SCOPE), Compiled)


def test_expect():
    assert compile_expr("x + 1", SCOPE, expect="number").type == "number"
    with pytest.raises(ExprError) as e:
        compile_expr("a and b", SCOPE, expect="number", what="the score")
    assert e.value.message == "the score must be a number, but this is a bool"
    assert e.value.hint == "write `if … then 1 else 0`"
    with pytest.raises(ExprError, match="the expression must be a bool, but this is a number"):
        compile_expr("x", SCOPE, expect="bool")


@pytest.mark.parametrize("expect", ["card", "suit", "seat", "contract", "trick"])
def test_none_stands_where_a_value_may_be_missing(expect):
    assert compile_expr("none", ENGINE_SCOPE, expect).fn(None) is None


def test_list_types_and_their_items():
    assert list_of("card") == "list<card>" and elem("list<card>") == "card"
    assert [elem(t) for t in ("card", "contract", "list<card", None)] == [None, None, None, None]
    assert [a(t) for t in ("number", "ace", "list<seat>", "none")] == ["a number", "an ace", "a list of seats", "`none`"]


# ---------------------------------------------------------------------------- errors

BAD = [
    ("trikcs", "unknown name `trikcs`", 1, 1),
    ("tricks_won.suit", "`suit` is not an attribute of a number", 1, 12),
    ("card.suit + 1", "expected a number but `card.suit` is a suit", 1, 1),
    ("sum(c.suit for c in won)", "expected a number but `c.suit` is a suit", 1, 5),
    ("(1 + 2))", "unexpected `)`", 1, 8),
    ("1 +", "unexpected end of expression; expected a value", 1, 4),
    ("", "unexpected end of expression; expected a value", 1, 1),
    ("if a then 1", "unexpected end of expression; expected `else`", 1, 12),
    ("(x + 1", "unexpected end of expression; expected `)`", 1, 7),
    ("x +\n  * 2", "unexpected `*`", 2, 3),
    ("x = 2", "unexpected `=`", 1, 3),
    ("x # comment", "unexpected `#`", 1, 3),
    ("2x", "unexpected `2x`", 1, 1),
    ("x > 5 == true", "unexpected `==`", 1, 7),
    ("a + 1", "expected a number but `a` is a bool", 1, 1),
    ("x and a", "expected a bool but `x` is a number", 1, 1),
    ("not x", "expected a bool but `x` is a number", 1, 5),
    ("card.suit == K", "cannot compare `card.suit` (a suit) with `K` (a rank)", 1, 11),
    ("x == none", "cannot compare `x` (a number) with `none`", 1, 3),
    ("won == hand", "lists cannot be compared with `==`", 1, 5),
    ("card.suit < H", "expected a number but `card.suit` is a suit", 1, 1),
    ("H in won", "`H` is a suit, but `won` is a list of cards", 1, 1),
    ("AH in x", "expected a list after `in`, but `x` is a number", 1, 7),
    ("if x then 1 else 2", "expected a bool but `x` is a number", 1, 4),
    ("if a then 1 else b", "the branches of `if` differ: `then` gives a number but `else` gives a bool", 1, 18),
    ("x[1]", "only a list can be indexed, but `x` is a number", 1, 1),
    ("xs[a]", "expected a number but `a` is a bool", 1, 4),
    ("card.colour", "`colour` is not an attribute of a card", 1, 6),
    ("card.__class__", "`__class__` is not an attribute of a card", 1, 6),
    ("seats[1].suit", "`suit` is not an attribute of a seat", 1, 10),
    ("QX in won", "unknown card, suit or rank `QX`", 1, 1),
    ("Qs in won", "unknown card, suit or rank `Qs`", 1, 1),
    ("wins_trick(card, card)", "`wins_trick` takes 1 argument (a card), but got 2", 1, 1),
    ("wins_trick(card.suit)", "argument 1 of `wins_trick` must be a card, but `card.suit` is a suit", 1, 12),
    ("wins_trik(card)", "unknown function `wins_trik`", 1, 1),
    ("x(1)", "`x` is not a function", 1, 1),
    ("longest", "`longest` is a function", 1, 1),
    ("count(x)", "`count` needs a list, but `x` is a number", 1, 7),
    ("sum(won)", "`sum` needs a list of numbers, but `won` is a list of cards", 1, 5),
    ("filter(won)", "`filter` needs a condition", 1, 1),
    ("count(c in won where c.suit)", "expected a bool but `c.suit` is a suit", 1, 22),
    ("count(1 in won where true)", "expected `name in list` before `where`", 1, 7),
    ("count(c in x where true)", "expected a list after `in`, but `x` is a number", 1, 12),
    ("count(won, hand)", "`count` takes one list, or a loop: `count(v in xs where …)`", 1, 1),
    ("abs(c in won where 1)", "`abs` does not take a loop `v in xs where …`", 1, 5),
    ("[1, H]", "all items of a list must have the same type, but `1` is a number and `H` is a suit", 1, 5),
    ("[]", "an empty list `[]` has no type here", 1, 1),
    ("1 / 0", "division by zero: `0` is 0", 1, 5),
    ("x // (ten - 10)", "division by zero: `ten - 10` is 0", 1, 7),
    ("[1, 2][3]", "index 3 is out of range for a list of 2 items", 1, 8),
    ("c.suit == H", "unknown name `c`", 1, 1),
    ("if", "unexpected end of expression; expected a value", 1, 3),
    ("count(c in won c.suit == H)", "unexpected `c`", 1, 16),
    # the new loop forms
    ("sum(c in won where c.suit == H)", "`sum` adds up numbers, but the items of `won` are cards", 1, 5),
    ("min(c in won where c.points > 0)", "`min` takes the least of numbers, but the items of `won` are cards", 1, 5),
    ("max(c in won where c.points > 0)", "`max` takes the greatest of numbers, but the items of `won` are cards", 1, 5),
    ("filter(x for x in xs)", "`filter` keeps items, it does not compute values", 1, 1),
    ("filter(x for x in xs where x > 0)", "`filter` keeps items, it does not compute values", 1, 1),
    ("count(x in xs where 3)", "expected a bool but `3` is a number", 1, 21),
    ("filter(c in won where c.points)", "expected a bool but `c.points` is a number", 1, 23),
    ("count(c.points for c in won)", "expected a bool but `c.points` is a number", 1, 7),
    ("any(c.suit for c in won where c.rank == A)", "expected a bool but `c.suit` is a suit", 1, 5),
    ("sum(c.suit == H for c in won)", "expected a number but `c.suit == H` is a bool", 1, 5),
    ("sum(c.points for c in won where c.points)", "expected a bool but `c.points` is a number", 1, 33),
    ("count(c.rank == Q for c in x)", "expected a list after `in`, but `x` is a number", 1, 28),
    ("abs(x for x in xs)", "`abs` does not take a loop `v in xs where …`", 1, 5),
    ("count(c in won where c.suit == H) + c", "unknown name `c`", 1, 37),
    ("count(c in won where)", "unexpected `)`", 1, 21),
    ("sum(c.points for c won)", "unexpected `won`", 1, 20),
    ("count(c in won where c.rank == Q for c in won)", "unexpected `for`", 1, 34),
    ("c in won where c.rank == Q", "unexpected `where`", 1, 10),
    ("[x for x in xs]", "unexpected `for`", 1, 4),
    # the old loop form `f(v in xs: body)` is gone
    ("count(c in won: c.rank == Q)", "unexpected `:`", 1, 15),
    ("sum(c in won: c.points)", "unexpected `:`", 1, 13),
    ("-36 / count(p in seats: longest(p) == max(q in seats: longest(q)))", "unexpected `:`", 1, 23),
]


@pytest.mark.parametrize("source,message,line,column", BAD)
def test_bad(source, message, line, column):
    with pytest.raises(ExprError) as e:
        compile_expr(source, SCOPE)
    assert (e.value.message, e.value.line, e.value.column) == (message, line, column)


@pytest.mark.parametrize("source,hint", [
    ("trikcs", "did you mean `tricks`?"),
    ("card.siut", "did you mean `suit`?"),
    ("wins_trik(card)", "did you mean `wins_trick`?"),
    ("Qs in won", "did you mean `QS`?"),
    ("card.rank == Ace", "write `A`"),         # a rank or suit in words: the letter
    ("card.suit == hearts", "write `H`"),
    ("Tricks_won + 1", "did you mean `tricks_won`?"),
    ("a + 1", "write `if … then 1 else 0`"),
    ("x = 2", "use `==` to compare"),
    ("[1, 2][0]", "lists count from 1; -1 is the last item"),
    ("(1 + 2))", "expected an operator"),
    ("x 2", "expected an operator"),
    ("[1 2]", "expected `]`"),
    ("longest(player player)", "expected `)`"),
    ("count(c in won c.suit == H)", "expected `where` or `)`"),
    ("sum(c.points for c won)", "expected `in`"),
    ("sum(c in won where c.suit == H)", "write `sum(value for c in won where c.suit == H)`"),
    ("max(c in won where c.points > 0)", "write `max(value for c in won where c.points > 0)`"),
    ("filter(x for x in xs)", "write `filter(v in xs where condition)`"),
    ("count(x in xs where 3)", "compare it, e.g. `x > 0`"),
    ("sum(c.suit == H for c in won)", "write `if … then 1 else 0`"),
    ("count(1 in won where true)", "for example `count(c in hand where c.suit == H)`"),
])
def test_hints(source, hint):
    with pytest.raises(ExprError) as e:
        compile_expr(source, SCOPE)
    assert e.value.hint == hint


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
        compile_expr(source, ENGINE_SCOPE, expect)
    assert (e.value.message, e.value.hint) == (message, hint)


@pytest.mark.parametrize("source, message, hint", [
    ("x == none", "cannot compare `x` (a number) with `none`",
     "only `bid`, `call`, `card`, `contract`, `seat`, `suit` or `trick` can be `none`"),
    ("none != x", "cannot compare `none` with `x` (a number)",
     "only `bid`, `call`, `card`, `contract`, `seat`, `suit` or `trick` can be `none`"),
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


GENERIC_COLON_HINT = ("loops use words, not `:`: write `where`, as in `count(v in xs where condition)`, "
                      "or `for`, as in `sum(value for v in xs)`")


@pytest.mark.parametrize("source,hint", [
    ("count(c in won: c.rank == Q)", "loops use words, not `:`: write `count(c in won where c.rank == Q)`"),
    ("filter(c in hand: c.suit == S)[1]", "loops use words, not `:`: write `filter(c in hand where c.suit == S)`"),
    ("count(c in\n  won:\n  c.suit == H)", "loops use words, not `:`: write `count(c in won where c.suit == H)`"),
    ("sum(c in won: c.points)", "loops use words, not `:`: write `sum(c.points for c in won)`"),
    ("max(c in hand: c.strength)", "loops use words, not `:`: write `max(c.strength for c in hand)`"),
    ("max(s in suits: count(c in won: c.suit == s))", GENERIC_COLON_HINT),  # nested: no rewrite
    ("sum(c.points for c in won: c.suit == H)", GENERIC_COLON_HINT),
    ("longest(p: 1)", GENERIC_COLON_HINT),
    ("x: 1", GENERIC_COLON_HINT),
])
def test_old_colon_loops_are_syntax_errors_that_say_how_to_write_them(source, hint):
    with pytest.raises(ExprError) as e:
        compile_expr(source, SCOPE)
    assert e.value.message == "unexpected `:`"
    assert source[_offset(source, e.value.line, e.value.column)] == ":"
    assert e.value.hint == hint


def _offset(source: str, line: int, column: int) -> int:
    """The index in `source` of a 1-based line and column."""
    return sum(len(s) + 1 for s in source.split("\n")[: line - 1]) + column - 1


def test_the_rewrite_in_the_colon_hint_compiles_to_the_old_meaning():
    for old, expected in [("count(c in won: c.rank == Q)", 2), ("sum(c in won: c.points)", 11),
                          ("all(c in hand: c.suit == H)", False), ("min(c in won: c.strength)", 1)]:
        with pytest.raises(ExprError) as e:
            compile_expr(old, SCOPE)
        rewrite = e.value.hint.split("write `", 1)[1][:-1]
        assert run(rewrite) == expected, rewrite


@pytest.mark.parametrize("source, message, line, column, hint", [
    ("count(c in hand: c.suit == H)", "unexpected `:`", 1, 16,
     "loops use words, not `:`: write `count(c in hand where c.suit == H)`"),
    ("sum(c in won: c.points)", "unexpected `:`", 1, 13, "loops use words, not `:`: write `sum(c.points for c in won)`"),
    ("max(x in [1, 2]: x + 1)", "unexpected `:`", 1, 16, "loops use words, not `:`: write `max(x + 1 for x in [1, 2])`"),
    ("count(c in [1,(2)]: c == [1][1])", "unexpected `:`", 1, 19,
     "loops use words, not `:`: write `count(c in [1,(2)] where c == [1][1])`"),
    ("count(c in  [1,\n 2]:  c ==\n 1)", "unexpected `:`", 2, 4,
     "loops use words, not `:`: write `count(c in [1, 2] where c == 1)`"),
    ("sum(c.points: c in won)", "unexpected `:`", 1, 13, GENERIC_COLON_HINT),
    ("f(x: y)", "unexpected `:`", 1, 4, GENERIC_COLON_HINT),
    ("count((c) in hand: (c.suit == H))", "unexpected `:`", 1, 18, GENERIC_COLON_HINT),
    ("count(c in hand: c: d)", "unexpected `:`", 1, 16, GENERIC_COLON_HINT),
    ("c in hand: c)count(", "unexpected `:`", 1, 10, GENERIC_COLON_HINT),  # no bracket open before the `:`
    ("count(c in hand:c.suit == H)", "unexpected `:`", 1, 16,
     "loops use words, not `:`: write `count(c in hand where c.suit == H)`"),
    ("a : b", "unexpected `:`", 1, 3, GENERIC_COLON_HINT),
    ("all(c in hand: " + "x and " * 20 + "y)", "unexpected `:`", 1, 14, GENERIC_COLON_HINT),  # too long a rewrite
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


def test_any_and_all_loops_stop_early():
    state = State()
    assert run("any(bump() > 0 for p in seats)", state) is True and state.calls == 1
    state = State()
    assert run("all(bump() > 1 for p in seats)", state) is False and state.calls == 1
    state = State()
    assert run("any(p in seats where bump() > 2)", state) is True and state.calls == 3
    state = State()
    assert run("count(bump() > 0 for p in seats where p == player)", state) == 1 and state.calls == 1


def test_runtime_errors_have_positions():
    f = compile_expr("x / (y - 1)", SCOPE).fn
    with pytest.raises(ExprError) as e:
        f(State(y=1))
    assert (e.value.message, e.value.line, e.value.column) == ("division by zero: `y - 1` is 0", 1, 6)
    g = compile_expr("tricks[-5].winner", SCOPE).fn
    with pytest.raises(ExprError, match="index -5 is out of range for a list of 3 items"):
        g(State())


def test_parse_returns_a_tree_and_the_parser_is_built_once():
    assert parse("1 + 2").data == "add"
    assert _parser() is _parser()
    with pytest.raises(ExprError):
        parse("1 +")


def test_error_string():
    with pytest.raises(ExprError) as e:
        compile_expr("trikcs", SCOPE)
    assert str(e.value) == "1:1: unknown name `trikcs` (did you mean `tricks`?)"


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


# ---------------------------------------------------------------------------- properties


def _arith(depth: int):
    """Random arithmetic as (expression source, Python source) pairs over ints and x, y, z."""
    leaf = st.one_of(
        st.integers(0, 1000).map(lambda n: (str(n), str(n))),
        st.sampled_from(["x", "y", "z"]).map(lambda n: (n, n)),
    )
    if depth == 0:
        return leaf

    def combine(args):
        (l, pl), op, (r, pr), sp = args
        if op == "neg":
            return f"-({l})", f"(-({pl}))"
        py = f"D({pl}, {pr})" if op == "/" else f"(({pl}) {op} ({pr}))"
        return f"({l}){sp}{op}{sp}({r})", py

    sub = _arith(depth - 1)
    return st.one_of(leaf, st.tuples(sub, st.sampled_from(["+", "-", "*", "/", "//", "%", "neg"]), sub,
                                     st.sampled_from(["", " ", "\n"])).map(combine))


def D(a, b):
    """Exact division, the reference."""
    if isinstance(a, int) and isinstance(b, int) and b != 0 and a % b == 0:
        return a // b
    return a / b


ARITH_SCOPE = Scope(PACK, {
    "x": Name("number", get=lambda s: s["x"]), "y": Name("number", get=lambda s: s["y"]),
    "z": Name("number", get=lambda s: s["z"]),
})


@settings(max_examples=300, deadline=None)
@given(_arith(4), st.integers(-50, 50), st.integers(-50, 50), st.integers(-50, 50))
def test_arithmetic_agrees_with_python(expr, x, y, z):
    source, py = expr
    env = {"x": x, "y": y, "z": z}
    try:
        expected = eval(py, {"D": D}, dict(env))  # the reference, in the test only
    except ZeroDivisionError:
        expected = ZeroDivisionError
    except OverflowError:
        assume(False)
    # at run time, with names ...
    try:
        got = compile_expr(source, ARITH_SCOPE).fn(env)
    except ExprError as e:
        assert expected is ZeroDivisionError, e
        assert e.message.startswith("division by zero")
    else:
        assert got == expected and type(got) is type(expected)
    # ... and folded at compile time, with the values written in
    for name, value in env.items():
        source = source.replace(name, f"({value})" if value >= 0 else f"(-{-value})")
    try:
        folded = compile_expr(source, ARITH_SCOPE)
    except ExprError as e:
        assert expected is ZeroDivisionError, e
        assert e.message.startswith("division by zero")
    else:
        assert folded.constant
        assert folded.fn(None) == expected


HAND = st.lists(st.sampled_from(range(52)), unique=True, max_size=20)


@settings(max_examples=200, deadline=None)
@given(HAND, st.integers(0, 3), st.integers(0, 12))
def test_aggregates_agree_with_python(hand, suit, rank):
    state = State(hand=hand)
    scope = make_scope(s=Name("suit", value=suit), r=Name("rank", value=rank))
    in_suit = [c for c in hand if PACK.suit[c] == suit]
    assert run("count(c in hand where c.suit == s)", state, scope) == len(in_suit)
    assert run("filter(c in hand where c.suit == s)", state, scope) == in_suit
    assert run("any(c in hand where c.rank == r)", state, scope) == any(PACK.rank[c] == rank for c in hand)
    assert run("all(c in hand where c.suit == s)", state, scope) == all(PACK.suit[c] == suit for c in hand)
    assert run("sum(c.points for c in hand)", state, scope) == sum(POINTS[c] for c in hand)
    assert run("max(c.strength for c in hand)", state, scope) == max((PACK.strength[c] for c in hand), default=0)
    assert run("min(c.strength for c in hand)", state, scope) == min((PACK.strength[c] for c in hand), default=0)
    assert run("count(c.suit == s for c in hand)", state, scope) == len(in_suit)
    assert run("count(c.rank == r for c in hand where c.suit == s)", state, scope) == sum(
        PACK.rank[c] == rank for c in in_suit)
    assert run("any(c.rank == r for c in hand where c.suit == s)", state, scope) == any(PACK.rank[c] == rank for c in in_suit)
    assert run("all(c.rank == r for c in hand where c.suit == s)", state, scope) == all(PACK.rank[c] == rank for c in in_suit)
    assert run("sum(c.points for c in hand where c.suit == s)", state, scope) == sum(POINTS[c] for c in in_suit)
    assert run("max(c.strength for c in hand where c.suit == s)", state, scope) == max(
        (PACK.strength[c] for c in in_suit), default=0)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(-100, 100), max_size=12), st.integers(-100, 100))
def test_number_loops_agree_with_python(items, k):
    state = State(xs=items)
    scope = make_scope(k=Name("number", value=k))
    kept = [x for x in items if x > k]
    assert run("sum(x in xs where x > k)", state, scope) == sum(kept)
    assert run("min(x in xs where x > k)", state, scope) == min(kept, default=0)
    assert run("max(x in xs where x > k)", state, scope) == max(kept, default=0)
    assert run("count(x in xs where x > k)", state, scope) == len(kept)
    assert run("filter(x in xs where x > k)", state, scope) == kept
    assert run("sum(x * x for x in xs where x > k)", state, scope) == sum(x * x for x in kept)
    assert run("sum(x - k for x in xs)", state, scope) == sum(x - k for x in items)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(-100, 100), min_size=1, max_size=8), st.data())
def test_indexing_is_one_based(items, data):
    i = data.draw(st.integers(-len(items), len(items)).filter(lambda i: i != 0))
    scope = Scope(PACK, {"xs": Name("list<number>", get=lambda s: s), "i": Name("number", value=i)})
    assert compile_expr("xs[i]", scope).fn(items) == items[i - 1 if i > 0 else i]


TOKENS = st.sampled_from([
    "x", "y", "won", "hand", "c", "card", ".", "suit", "rank", "(", ")", "[", "]", ",", ":", "+", "-", "*", "/",
    "//", "%", "==", "!=", "<", ">=", "and", "or", "not", "in", "if", "then", "else", "none", "true", "false",
    "count", "sum", "max", "filter", "where", "for", "xs", "AH", "H", "Q", "10H", "7", "0", "1.5", "QX", "#", "=",
    "\n", " ", "é",
])


@settings(max_examples=500, deadline=None)
@given(st.one_of(st.text(max_size=40), st.lists(TOKENS, max_size=25).map(" ".join), st.lists(TOKENS, max_size=25).map("".join)))
def test_any_text_gives_a_compiled_expression_or_an_expr_error(source):
    try:
        compiled = compile_expr(source, SCOPE)
    except ExprError as e:
        assert "internal error" not in e.message
        assert e.line >= 1 and e.column >= 1
        assert isinstance(e.message, str) and e.message
    else:
        assert isinstance(compiled, Compiled)


def test_deep_nesting_is_an_expr_error_or_works():
    for source in ["(" * 3000 + "1" + ")" * 3000, "-" * 5000 + "1", "1" + " + 1" * 3000]:
        try:
            compile_expr(source, SCOPE)
        except ExprError as e:
            assert "internal error" not in e.message


# ---------------------------------------------------------------------------- speed (smoke only, not timed)


def test_hot_predicate_is_shallow_and_correct():
    f = compile_expr("card.suit == led_suit", SCOPE).fn
    state = State()
    calls = []
    sys.setprofile(lambda frame, event, arg: calls.append(event) if event == "call" else None)
    try:
        f(state)
    finally:
        sys.setprofile(None)
    assert calls.count("call") <= 3  # the comparison and the two getters
    legal = 0
    for _ in range(2000):
        for c in state.hand:
            state.card = c
            legal += f(state)
    assert legal == 2000 * 3

"""Earlier deals in expressions (interpreter/engine/history.py), where mutation testing found them
unchecked: a void deal's calls, tricks and scores read as 0, the deal being played read from
the table, and a partie's game that starts its earlier deals afresh."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from interpreter.compile.scope import build_scope
from interpreter.core.cards import Pack
from interpreter.expr import compile_expr

SCOPE = build_scope(Pack.build("SHD", "AKQJ"), 3, 1, {}, ["game"])


def deal(number, calls=None, tricks=None, scores=None):
    """A deal as the state keeps it; one without calls, tricks or scores is a void deal."""
    return SimpleNamespace(number=number, seat_calls=calls, seat_tricks=tricks, scores=scores, void=calls is None)


def table(player, game_deals=()):
    """Deal 3 being played, after deal 1 (played) and deal 2 (void)."""
    now = deal(3)
    return SimpleNamespace(player=player, deal=now, deals=[deal(1, [2, None, 1], [1, 0, 3], [5, -1, 0]), deal(2), now],
                           game_deals=list(game_deals), calls=[None, 4, None], tricks_won=[2, 0, 1])


def value(source, ctx):
    return compile_expr(source, SCOPE).fn(ctx)


@pytest.mark.parametrize("source, values", [
    ("call_in(earlier_deals[1], player)", [2, 0, 1]),  # a pass reads as 0
    ("call_in(earlier_deals[2], player)", [0, 0, 0]),  # a void deal
    ("call_in(this_deal, player)", [0, 4, 0]),
    ("tricks_in(earlier_deals[1], player)", [1, 0, 3]),
    ("tricks_in(earlier_deals[2], player)", [0, 0, 0]),
    ("tricks_in(this_deal, player)", [2, 0, 1]),
    ("score_in(earlier_deals[1], player)", [5, -1, 0]),
    ("score_in(earlier_deals[2], player) + score_in(this_deal, player)", [0, 0, 0]),
])
def test_what_a_deal_tells_of_each_seat(source, values):
    assert [value(source, table(p)) for p in range(3)] == values


def test_earlier_deals_are_those_of_the_game_in_progress():
    assert value("sum(d.number for d in earlier_deals)", table(0)) == 3  # deals 1 and 2, not this one
    assert value("sum(d.number for d in earlier_deals)", table(0, game_deals=[1])) == 2  # a game ended after deal 1
    assert value("sum(d.number for d in earlier_deals)", table(0, game_deals=[0, 2])) == 0
    assert value("count(d in earlier_deals where d.void)", table(0)) == 1

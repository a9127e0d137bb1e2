"""Earlier deals in expressions: `earlier_deals`, `this_deal`, and what a deal tells (its
dealer, whether it was void, each seat's call, tricks and score, all 0 in a void deal), the deal
being played read from the table, and only the deals of the game in progress."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from interpreter.compile.scope import build_scope
from interpreter.core.cards import Pack
from interpreter.core.errors import SpecErrors
from interpreter.expr import compile_expr

from .table import X, game, play

# each part of the score is one decimal digit, so a score reads as the list of them
HISTORY = """
dealer: {first: random, next: left(dealer)}
direction: clockwise
play: {leader: left(dealer)}
functions:
  voids:
    description: void deals before this one
    value: count(d in earlier_deals where d.void)
  dealt_before:
    params: {p: seat}
    value: count(d in earlier_deals where d.dealer == p)
  calls_before:
    params: {p: seat}
    value: sum(call_in(d, p) for d in earlier_deals)
  tricks_before:
    params: {p: seat}
    value: sum(tricks_in(d, p) for d in earlier_deals)
  big_before:
    params: {p: seat}
    value: count(d in earlier_deals where score_in(d, p) > 100000)
  now:
    description: a seat's call and tricks in the deal being played, read as any deal
    params: {d: deal, p: seat}
    value: 10000 * call_in(d, p) + 100000 * tricks_in(d, p)
phases:
  deal: {hand_size: 1}
  calls:
    kind: call
    first: left(dealer)
    numbers: {from: 1, to: 2}
    void_if_all_pass: true
  play:
  score:
contracts:
  game:
    score: >-
      voids + 10 * dealt_before(player) + 100 * calls_before(player) + 1000 * tricks_before(player)
      + now(this_deal, player) + 1000000 * big_before(player)
match: {deals: 2}
"""


def test_expressions_read_the_calls_tricks_scores_and_dealers_of_earlier_deals():
    g = game(HISTORY)
    parse = g.pack.parse
    hands = {1: ["AS", "AH", "AD"], 2: ["KS", "AS", "QS"], 3: ["AS", "KS", "QS"]}
    st = g.new_state(1, first_dealer=X, hands={k: [[parse(h)] for h in v] for k, v in hands.items()})
    play(st, "pass", "pass", "pass")  # deal 1 (X deals): void
    assert st.deals[0].void and st.deal_number == 2
    play(st, "bid 1", "pass", "bid 2", "play QS", "play KS", "play AS")  # deal 2, Y deals: Z, X, Y call
    assert st.deals[1].seat_calls == (0, 2, 1) and st.deals[1].seat_tricks == (0, 1, 0)
    assert st.deals[1].scores == [11, 120001, 10001]  # 1 void deal; X dealt it; this deal's calls and tricks
    play(st, "bid 1", "pass", "pass", "play AS", "play KS", "play QS")  # deal 3, Z deals
    assert st.is_terminal
    assert st.deals[2].scores == [
        110011,  # 1 void, X dealt once before; calls 1 and wins the trick now
        1001211,  # 1 void, Y dealt deal 2, called 2 and took 1 trick in it, scored over 100000 there
        101,  # 1 void, called 1 in deal 2
    ]


def test_a_deal_has_the_attributes_of_a_score_sheet_only():
    with pytest.raises(SpecErrors) as e:
        game(HISTORY.replace("d.dealer == p", "d.hands == p"))
    assert str(e.value).splitlines()[0] == "t.yaml:18:45: `hands` is not an attribute of a deal"


PARTIE = """
dealer: {first: random, next: left(dealer)}
direction: clockwise
phases:
  deal: {hand_size: 1}
  calls:
    kind: call
    when: deal_number == 2
    numbers: {from: 1, to: 1}
  score:
contracts:
  game:
    score: 10 * count(earlier_deals) + sum(call_in(d, player) for d in earlier_deals) + score_in(this_deal, player)
match: {deals: 2}
partie: {ends_when: games_played >= 2}
"""


def test_earlier_deals_are_those_of_the_game_in_progress_and_a_deal_without_calls_reads_0():
    g = game(PARTIE)
    st = g.new_state(1, first_dealer=X)
    assert st.deals[0].scores == [0, 0, 0]  # no deal before; this one is not scored yet
    play(st, "bid 1", "pass", "bid 1")  # deal 2: Y, Z, X call
    assert st.deals[1].scores == [10, 10, 10]  # deal 1 had no calls: 0 each
    assert st.is_terminal
    assert [d.scores for d in st.deals[2:]] == [[0, 0, 0]]  # game 2 (one deal) starts afresh: not 20 + the calls


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

"""Scoring a deal: raw scores from the contract, settlement, the declared total, statistics, totals."""

from __future__ import annotations

import pytest

from interpreter.core.errors import GameFault

from .table import X, game, play, position

HANDS = ["AS KS QS AH", "JS KH QH JH", "AD KD QD JD"]  # spades: X 3, Y 1, Z 0


def spec(score="count(c in hand where c.suit == S)", total="", double="", deals=1, stats=""):
    return game(f"""
phases:
  deal: {{hand_size: 4}}
{double}
  score:
contracts:
  game:
    name: Spade count
    score: {score}
{total}
match:
  deals: {deals}
{stats}
""")


def test_raw_scores_are_each_seats_score_and_add_to_the_totals():
    st = position(spec(), HANDS)
    assert st.is_terminal
    assert st.deals[0].raw == [3, 1, 0] and st.deals[0].scores == [3, 1, 0] and st.totals == [3, 1, 0]


def test_totals_add_up_over_deals():
    g = spec(deals=2)
    parse = g.pack.parse
    hands = {1: [[parse(c) for c in h.split()] for h in HANDS],
             2: [[parse(c) for c in h.split()] for h in ["AS KS QS JS", "AH KH QH JH", "AD KD QD JD"]]}
    st = g.new_state(1, first_dealer=X, hands=hands)
    assert [d.scores for d in st.deals] == [[3, 1, 0], [4, 0, 0]]
    assert st.totals == [7, 1, 0] and st.returns == [7, 1, 0]


def test_a_broken_declared_total_is_a_fault_of_the_spec_at_the_total_naming_the_deal_and_contract():
    with pytest.raises(GameFault) as e:
        position(spec(total="    total: 5"), HANDS)
    assert e.value.message.startswith(
        "the raw scores of Spade count 3 1 0 sum to 4, but the contract declares a total of 5 (deal 1, as it is scored")
    assert e.value.path == ("contracts", "spades", "total") or e.value.path[-1] == "total"
    assert position(spec(total="    total: 4"), HANDS).deals[0].scores == [3, 1, 0]


def test_whole_quotients_stay_whole_numbers():
    st = position(spec(score="count(c in hand where c.suit == S) * 2 / 2"), HANDS)
    assert st.deals[0].raw == [3, 1, 0] and all(type(x) is int for x in st.deals[0].raw)
    st = position(spec(score="count(c in hand where c.suit == S) / 2"), HANDS)
    assert st.deals[0].raw == [1.5, 0.5, 0]


SETTLE = """  double:
    first: left(dealer)
    settle: raw + (if doubled(player, next(player)) then raw - raw_of(next(player)) else 0)
"""


def test_a_spec_settlement_gives_the_final_scores_and_only_raw_scores_are_checked():
    st = position(spec(double=SETTLE, total="    total: 4"), HANDS, dealer=X)
    play(st, "double Z", "pass", "double Y")  # Y doubled Z (next), X doubled Y (next)
    assert st.deals[0].raw == [3, 1, 0]
    assert st.deals[0].scores == [3 + 2, 1 + 1, 0]  # sums to 7: not checked against the total
    assert st.totals == [5, 2, 0]


def test_a_settled_final_score_that_is_whole_is_an_int():
    settle = "  double:\n    first: left(dealer)\n    settle: raw / 2 * 2\n"
    st = position(spec(double=settle), HANDS, dealer=X)
    play(st, "pass", "pass", "pass")
    assert st.deals[0].scores == [3, 1, 0] and all(type(x) is int for x in st.deals[0].scores)


def test_deal_statistics_are_flags_none_where_they_do_not_count():
    stats = """  deal_statistics:
    X leads: raw_of(dealer) > raw_of(left(dealer))
    Y scores: {of: raw_of(left(dealer)) > 0, count: raw_of(left(dealer)) > raw_of(right(dealer))}
    Z scores: {of: raw_of(right(dealer)) > 0, count: true}
"""
    st = position(spec(stats=stats), HANDS)
    assert st.deals[0].flags == {"X leads": True, "Y scores": True, "Z scores": None}


def test_the_score_phase_scores_after_trick_play():
    g = game("""
phases:
  deal: {hand_size: 1}
  play:
  score:
play:
  leader: left(dealer)
contracts:
  game:
    score: 10 * tricks_won
match: {deals: 1}
""")
    st = position(g, ["AS", "KS", "QS"], dealer=X)
    play(st, "play KS", "play QS", "play AS")
    assert st.deals[0].scores == [10, 0, 0] and st.totals == [10, 0, 0]


@pytest.mark.parametrize("reads", ["raw * 2", "raw_of(player) * 2"])
def test_a_function_that_reads_the_raw_scores_answers_anew_once_they_are_set(reads):
    """A deal's scores, settlement and statistics are one evaluation, whose functions keep their
    answers; a function that reads the raw scores, asked by a seat's score before they are set,
    answers again for the statistics, which see them set."""
    g = game(f"""
phases:
  deal: {{hand_size: 4}}
  score:
functions:
  twice_raw:
    description: the player's raw score twice
    value: {reads} + count(c in played where c.suit == S)
  four_times:
    description: asks `twice_raw` twice, which is so remembered (by seat)
    value: twice_raw + twice_raw
contracts:
  game:
    score: count(c in hand where c.suit == D) + 0 * four_times
match:
  deals: 1
  deal_statistics:
    last seat's raw score four times is 16: four_times == 16
""")
    st = position(g, HANDS)  # diamonds: Z 4; the statistics are read for the last seat scored, Z
    assert st.deals[0].raw == [0, 0, 4] and st.deals[0].flags == {"last seat's raw score four times is 16": True}
    from interpreter.phases import every_phase

    def forgets(game):
        return [ph.raw_read for ph in every_phase(game) if ph.kind == "score"]
    assert forgets(g) == [True] and forgets(spec()) == [False]  # (a game whose functions never read them keeps all)

"""Auction behaviour that mutation testing found unchecked: the calls an auction by duels records,
the lowest bid winning such an auction, and a duel auction between two seats."""

from __future__ import annotations

from tests.phases.table import X, Y, Z, game, position, walk
from tests.phases.test_auction import HANDS, holding


def test_a_duel_auction_records_every_call_and_the_lowest_bid_may_win_it():
    st = position(holding(), HANDS, dealer=X)
    assert walk(st, "bid 1", "pass", "pass") == [
        (Z, ["pass", "bid 1", "bid 2", "bid 3", "bid 4"]), (Y, ["pass", "hold"]), (X, ["pass", "bid 2", "bid 3", "bid 4"])]
    assert st.is_terminal and st.deals[0].declarer == Z and st.deals[0].announced == {"level": 1}
    assert st.deals[0].calls == [(Z, "bid 1"), (Y, "pass"), (X, "pass")]
    assert st.deals[0].scores == [0, 0, 1]


def test_between_two_seats_the_second_bids_to_the_first():
    g = game("""
direction: clockwise
dealer: {first: random, next: next(dealer)}
phases:
  deal: {hand_size: 4}
  auction:
    first: next(dealer)
    bids: [1, 2, 3, 4]
    winning_bid: level
    hold: true
  score:
contracts:
  game:
    score: if player == declarer then level else 0
match: {deals: 1}
""", seats="[X, Y]")
    st = position(g, HANDS[:2], dealer=X)  # Y is first: X bids to him
    assert walk(st, "bid 2", "hold", "pass") == [
        (X, ["pass", "bid 1", "bid 2", "bid 3", "bid 4"]), (Y, ["pass", "hold"]), (X, ["pass", "bid 3", "bid 4"])]
    assert st.is_terminal and st.deals[0].declarer == Y and st.deals[0].scores == [0, 2]

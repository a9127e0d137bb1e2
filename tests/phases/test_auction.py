"""An auction over ranked bids: bid higher or pass for good, turns skip those who passed, the
last bidder left is the declarer; all passing throws the deal in. With `hold`, the auction goes
by duels, every call recorded and the lowest bid able to win, between two seats too."""

from __future__ import annotations

from .table import X, Y, Z, game, legal, one_deal, play, position, refused, seq, walk

HANDS = ["AS KS QS JS", "AH KH QH JH", "AD KD QD JD"]


def spec(direction="clockwise", bids="[1, 2, 3, 4]", after="", score="if player == declarer then level else 0"):
    auction = f"  auction:\n    first: next(dealer)\n    bids: {bids}\n    winning_bid: level\n{after}"
    return one_deal(auction, score, direction=direction, head="dealer: {first: random, next: next(dealer)}")


def test_bids_go_round_skipping_those_who_passed_and_the_last_bidder_wins():
    st = position(spec(), HANDS, dealer=X)
    assert walk(st, "bid 1", "bid 2", "pass", "bid 3", "bid 4", "pass") == [
        (Y, ["pass", "bid 1", "bid 2", "bid 3", "bid 4"]),
        (Z, ["pass", "bid 2", "bid 3", "bid 4"]),
        (X, ["pass", "bid 3", "bid 4"]),
        (Y, ["pass", "bid 3", "bid 4"]),
        (Z, ["pass", "bid 4"]),
        (Y, ["pass"]),  # X passed for good: skipped
    ]
    assert st.is_terminal and st.deals[0].declarer == Z and st.deals[0].announced == {"level": 4}
    assert st.deals[0].scores == [0, 0, 4]


def test_counterclockwise_rotation():
    st = position(spec("counterclockwise"), HANDS, dealer=X)
    assert walk(st, "pass", "bid 2", "bid 3") == [
        (Z, ["pass", "bid 1", "bid 2", "bid 3", "bid 4"]), (Y, ["pass", "bid 1", "bid 2", "bid 3", "bid 4"]),
        (X, ["pass", "bid 3", "bid 4"])]
    assert st.current_player == Y  # Z passed
    st.apply("pass")
    assert st.is_terminal and st.deals[0].declarer == X and st.deals[0].scores == [3, 0, 0]
    assert seq(st) == [("Z", "pass"), ("Y", "bid 2"), ("X", "bid 3"), ("Y", "pass")]
    assert st.deals[0].calls == [(Z, "pass"), (Y, "bid 2"), (X, "bid 3"), (Y, "pass")]


def test_a_bid_that_does_not_beat_the_last_is_refused():
    st = position(spec(), HANDS, dealer=X)
    play(st, "bid 2")
    assert refused(st, "bid 1") == ("`bid 1` does not beat the bid of 2 by Y; bid higher or pass", "bid higher")
    assert refused(st, "bid 2") == ("`bid 2` does not beat the bid of 2 by Y; bid higher or pass", "bid higher")
    assert refused(st, "double") == ("`double` is not a move here; you may: pass, bid 3, bid 4", None)


def test_the_strongest_bid_ends_nothing_by_itself():
    st = position(spec(), HANDS, dealer=X)
    play(st, "bid 4")
    assert st.current_player == Z and legal(st) == ["pass"]
    play(st, "pass")
    assert st.current_player == X
    play(st, "pass")
    assert st.is_terminal and st.deals[0].declarer == Y


def test_everybody_passing_throws_the_deal_in():
    st = position(spec(), HANDS, dealer=X)
    play(st, "pass", "pass", "pass")
    assert st.deals[0].void and st.deals[0].scores == [0, 0, 0]
    assert st.deal_number == 2 and st.dealer == Y and st.current_player == Z  # dealt again, by the next dealer


def test_rank_bids_and_the_declarer_hidden_while_bidding():
    g = spec(bids="[J, Q, K, A]", after="  name_trump:\n    kind: announce",
             score="if player == declarer and level == Q then 1 else 0\n    announce: {trump: suit}")
    st = position(g, HANDS, dealer=X)
    assert legal(st) == ["pass", "bid J", "bid Q", "bid K", "bid A"]
    assert st.view(X)["declarer"] is None
    play(st, "bid Q", "pass")
    assert st.view(X)["declarer"] is None
    play(st, "pass")
    assert st.deals[0].declarer == Y and st.deals[0].announced == {"level": 2}  # Q: rank index 2
    assert st.view(X)["declarer"] == "Y" and st.current_player == Y  # to name trumps
    st.apply("trump S")
    assert st.deals[0].scores == [0, 1, 0]


def holding():
    return spec(after="    hold: true\n")


def test_with_hold_the_next_seat_bids_to_the_first_who_holds_or_passes_then_the_third_bids_to_the_survivor():
    st = position(holding(), HANDS, dealer=X)  # Y is first: Z bids to Y, then X to the survivor
    assert walk(st, "bid 1", "hold", "bid 2", "pass", "bid 3", "hold", "pass") == [
        (Z, ["pass", "bid 1", "bid 2", "bid 3", "bid 4"]),
        (Y, ["pass", "hold"]),
        (Z, ["pass", "bid 2", "bid 3", "bid 4"]),  # a hold takes the same bid: the bidder must go higher
        (Y, ["pass", "hold"]),
        (X, ["pass", "bid 3", "bid 4"]),  # Y passed: Z holds against X
        (Z, ["pass", "hold"]),
        (X, ["pass", "bid 4"]),
    ]
    assert st.is_terminal and st.deals[0].declarer == Z and st.deals[0].announced == {"level": 3}
    assert st.deals[0].scores == [0, 0, 3]


def test_with_hold_the_first_seat_wins_a_bid_he_holds_to_the_end():
    st = position(holding(), HANDS, dealer=X)
    play(st, "bid 2", "hold", "pass", "pass")
    assert st.is_terminal and st.deals[0].declarer == Y and st.deals[0].announced == {"level": 2}


def test_with_hold_nobody_bidding_leaves_the_first_seat_to_bid_or_pass():
    st = position(holding(), HANDS, dealer=X)
    assert walk(st, "pass", "pass", "bid 1") == [
        (Z, ["pass", "bid 1", "bid 2", "bid 3", "bid 4"]), (X, ["pass", "bid 1", "bid 2", "bid 3", "bid 4"]),
        (Y, ["pass", "bid 1", "bid 2", "bid 3", "bid 4"])]
    assert st.is_terminal and st.deals[0].declarer == Y and st.deals[0].scores == [0, 1, 0]
    st = position(holding(), HANDS, dealer=X)
    play(st, "pass", "pass", "pass")
    assert st.deals[0].void and st.deals[0].scores == [0, 0, 0] and st.deal_number == 2


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


def test_with_hold_a_bid_is_answered_by_hold_or_pass_and_a_hold_needs_a_bid():
    st = position(holding(), HANDS, dealer=X)
    assert refused(st, "hold") == ("Z has no bid to hold; bid or pass", "hold")
    play(st, "bid 2")
    assert refused(st, "bid 3") == ("Y answers a bid: hold or pass", "hold")
    play(st, "hold")
    assert refused(st, "bid 2") == ("`bid 2` does not beat the bid of 2 by Y; bid higher or pass", "bid higher")


def test_with_void_if_all_pass_false_a_deal_nobody_bids_in_goes_on_without_a_declarer():
    for after in ("    void_if_all_pass: false\n", "    hold: true\n    void_if_all_pass: false\n"):
        st = position(spec(after=after, score="if player == declarer then level else 1"), HANDS, dealer=X)
        play(st, "pass", "pass", "pass")
        d = st.deals[0]
        assert not d.void and d.declarer is None and st.is_terminal  # the one deal was played, not dealt again
        assert d.scores == [1, 1, 1]  # scored with nobody the declarer
        assert d.announced == {}  # and no winning bid
    st = position(spec(after="    void_if_all_pass: true\n"), HANDS, dealer=X)  # the default, written out
    play(st, "pass", "pass", "pass")
    assert st.deals[0].void and st.deal_number == 2


def test_bids_may_be_words_each_worth_its_place_and_named_in_expressions():
    g = spec(bids="[prise, garde, garde_sans, garde_contre]",
             score="if player == declarer then 10 * level + (if level >= garde_sans then 1 else 0) else 0")
    st = position(g, HANDS, dealer=X)
    assert legal(st) == ["pass", "bid prise", "bid garde", "bid garde_sans", "bid garde_contre"]
    play(st, "bid garde", "bid garde_sans")
    assert refused(st, "bid garde") == ("`bid garde` does not beat the bid of garde_sans by Z; bid higher or pass",
                                        "bid higher")
    play(st, "pass", "pass")
    assert st.is_terminal and st.deals[0].declarer == Z and st.deals[0].announced == {"level": 3}
    assert st.deals[0].scores == [0, 0, 31]


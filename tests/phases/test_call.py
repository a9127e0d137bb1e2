"""Calling: one call each, in turn, a number, a word or a pass; limits, extras, a second round
of raises, blind calls, a deal where all pass."""

from __future__ import annotations

from .table import X, Y, Z, legal, one_deal, play, position, refused, walk

HANDS = ["AS KS QS JS", "AH KH QH JH", "AD KD QD JD"]
CALL = """    first: left(dealer)
    numbers: {from: 0, to: 3, allowed: number != 2 or player == dealer}
    words: {board: player == dealer}
    extras: {rainbow: count(c in hand where c.suit == S) >= 2}
    void_if_all_pass: true"""
BOARD = "(if call(player) == board then 50 else 10 * call(player)) + call_index(player)"
SCORE = BOARD + " + (if announced(player, rainbow) then 100 else 0)"


def spec(call=CALL, direction="clockwise", more="", blind="", score=SCORE):
    return one_deal(f"  call:\n{call}\n{blind}\n{more}", score, direction=direction,
                    head="dealer: {first: random, next: next(dealer)}")


def test_each_seat_calls_once_in_turn_within_its_limits():
    st = position(spec(), HANDS, dealer=X)
    assert walk(st, "bid 3", "pass", "bid 2 rainbow") == [
        (Y, ["pass", "bid 1", "bid 3"]),
        (Z, ["pass", "bid 1", "bid 3"]),
        (X, ["pass", "bid 1", "bid 2", "bid 3", "board", "pass rainbow", "bid 1 rainbow", "bid 2 rainbow",
             "bid 3 rainbow", "board rainbow"]),
    ]
    assert st.is_terminal
    assert st.calls == [2, 3, 0] and st.callers == [Y, Z, X]
    assert st.deals[0].calls == [(Y, "bid 3"), (Z, "pass"), (X, "bid 2 rainbow")]
    assert st.deals[0].scores == [20 + 3 + 100, 30 + 1, 0 + 2]


def test_counterclockwise_order_and_words():
    st = position(spec(direction="counterclockwise"), HANDS, dealer=X)
    assert walk(st, "bid 1", "board") == [(Y, ["pass", "bid 1", "bid 3"]), (X, legal_of_dealer())]
    assert st.current_player == Z
    st.apply("bid 3")
    assert st.callers == [Y, X, Z] and st.deals[0].scores == [50 + 2, 10 + 1, 30 + 3]


def legal_of_dealer():
    plain = ["pass", "bid 1", "bid 2", "bid 3", "board"]
    return plain + [f"{a} rainbow" for a in plain]


def test_refusals_name_the_limit_or_the_word():
    st = position(spec(), HANDS, dealer=X)
    assert refused(st, "bid 2") == ("Y may not bid 2 now (`allowed` forbids it)", "allowed")
    assert refused(st, "bid 7") == ("Y may not bid 7 now (`allowed` forbids it)", "allowed")
    assert refused(st, "board") == ("Y may not call board now", "words")
    assert refused(st, "pass rainbow") == ("`pass rainbow` is not a move here; you may: pass, bid 1, bid 3", None)
    assert refused(st, "bid x") == ("`bid x` is not a move here; you may: pass, bid 1, bid 3", None)


def test_limits_may_depend_on_an_earlier_call():
    call = """    first: left(dealer)
    numbers: {from: 1, to: count(hand), allowed: number + call(right(player)) <= 4}"""
    st = position(spec(call, score="call(player)"), HANDS, dealer=X)
    assert walk(st, "bid 3", "bid 1", "bid 2") == [
        (Y, ["pass", "bid 1", "bid 2", "bid 3", "bid 4"]),
        (Z, ["pass", "bid 1"]),  # Y, on his right, called 3
        (X, ["pass", "bid 1", "bid 2", "bid 3"]),
    ]


def test_a_deal_where_everybody_passes_is_void():
    st = position(spec(), HANDS, dealer=X)
    play(st, "pass", "pass", "pass")
    assert st.deals[0].void and st.deals[0].scores == [0, 0, 0] and st.deal_number == 2
    st = position(spec(CALL.replace("    void_if_all_pass: true", "")), HANDS, dealer=X)
    play(st, "pass", "pass", "pass")
    assert st.is_terminal and not st.deals[0].void and st.deals[0].scores == [3, 1, 2]


def test_a_second_round_asks_only_those_who_may_raise():
    more = """  raises:
    kind: call
    first: left(dealer)
    second_round: true
    extras:
      double: call(player) != board and call(right(player)) == board"""
    call = """    first: left(dealer)
    numbers: {from: 1, to: 2}
    words: {board: true}"""
    st = position(spec(call, more=more, score=BOARD + " + (if announced(player, double) then 1000 else 0)"),
                  HANDS, dealer=X)
    play(st, "board", "bid 1", "board")  # Y and X call board; Z, on Y's left, may raise
    assert st.current_player == Z and legal(st) == ["pass", "double"]
    assert refused(st, "board") == ("`board` is not a move here; you may: pass, double", None)
    st.apply("double")
    assert st.is_terminal
    assert st.deals[0].calls == [(Y, "board"), (Z, "bid 1"), (X, "board"), (Z, "double")]
    assert st.deals[0].scores == [50 + 3, 50 + 1, 10 + 2 + 1000]
    st = position(spec(call, more=more, score=BOARD + " + (if announced(player, double) then 1000 else 0)"),
                  HANDS, dealer=X)
    play(st, "board", "bid 1", "board")
    st.apply("pass")
    assert st.deals[0].scores == [53, 51, 12]


def test_blind_calls_hide_the_hands_until_the_calls_are_over():
    st = position(spec(blind="    blind: true"), HANDS, dealer=X)
    assert st.view(Y)["hand"] == [] and st.calling_blind
    play(st, "bid 1", "bid 1")
    assert st.view(X)["hand"] == []
    st.apply("bid 1")
    assert not st.calling_blind
    st = position(spec(blind="    blind: false"), HANDS, dealer=X)
    assert st.view(Y)["hand"] == ["AH", "KH", "QH", "JH"]

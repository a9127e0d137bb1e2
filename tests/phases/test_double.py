"""Doubling, position by position: who is asked in which order, whom he may or must double, and
the pairwise settlement of the doubles; the names the phase could ever offer."""

from __future__ import annotations

import pytest

from .table import V, X, Y, Z, game, legal, phases_of, play, position, refused

HANDS = ["AS KS QS AH", "JS KH QH JH", "AD KD QD JD"]  # X holds 3 spades, Y 1, Z none


def spec(double: str, direction="clockwise", seats="[X, Y, Z]", settle="", size=4):
    return game(f"""
direction: {direction}
phases:
  deal: {{hand_size: {size}}}
  double:
{double}
{settle}
  score:
contracts:
  game:
    score: count(c in hand where c.suit == S)
match: {{deals: 1}}
""", seats=seats)


def test_turns_go_round_from_first_in_the_direction_of_play():
    st = position(spec("    first: left(dealer)"), HANDS, dealer=X)
    order = []
    while not st.is_terminal:
        order.append(st.current_player)
        st.apply("pass")
    assert order == [Y, Z, X]
    st = position(spec("    first: left(dealer)", direction="counterclockwise"), HANDS, dealer=X)
    order = []
    while not st.is_terminal:
        order.append(st.current_player)
        st.apply("pass")
    assert order == [Y, X, Z]
    assert st.deals[0].doubles == [(Y, ()), (X, ()), (Z, ())]


def test_four_seats_counterclockwise_from_the_dealer():
    st = position(spec("    first: dealer", direction="counterclockwise", seats="[X, Y, Z, V]", size=3),
                  ["AS", "KS", "QS", "JS"], dealer=Y)
    order = []
    while not st.is_terminal:
        order.append(st.current_player)
        st.apply("pass")
    assert order == [Y, X, V, Z]


def test_the_legal_doubles_are_every_subset_of_the_allowed_targets():
    st = position(spec("    first: left(dealer)\n    may_double: player == dealer or target == dealer"),
                  HANDS, dealer=X)
    assert st.current_player == Y and legal(st) == ["pass", "double X"]
    assert refused(st, "double Z") == ("Y may not double Z (`may_double` forbids it)", "may_double")
    assert refused(st, "double X Z") == ("Y may not double Z (`may_double` forbids it)", "may_double")
    assert refused(st, "double Q") == ("`double Q` is not a move here; you may: pass, double X", None)
    st.apply("double X")
    assert st.current_player == Z and legal(st) == ["pass", "double X"]
    st.apply("pass")
    assert st.current_player == X and legal(st) == ["pass", "double Y", "double Z", "double Y Z"]
    st.apply("double Y Z")
    assert st.is_terminal
    assert st.deals[0].doubles == [(Y, (X,)), (Z, ()), (X, (Y, Z))]
    # X and Y doubled each other: d = 2, Y pays 2 x (3 - 1); X doubled Z: 1 x (3 - 0)
    assert st.deals[0].raw == [3, 1, 0]
    assert st.deals[0].scores == [3 + 4 + 3, 1 - 4, 0 - 3]
    assert st.totals == [10, -3, -3]


def test_the_double_phase_names_every_set_of_seats_but_all():
    g = spec("    first: left(dealer)")
    [phase] = phases_of(g, "double")
    assert phase.vocabulary(g) == ["pass", "double X", "double Y", "double Z", "double X Y", "double X Z",
                                   "double Y Z"]


@pytest.mark.parametrize("first, asked, doubles, scores", [
    # the dealer, last, has nobody to double
    ("left(dealer)", [(Y, "pass"), (Z, "double X")], [(Y, ()), (Z, (X,)), (X, ())], [3 + 3, 1, 0 - 3]),
    # the dealer, first, may double nobody yet: passed over, and every other seat is still asked
    ("dealer", [(Y, "double X"), (Z, "pass")], [(X, ()), (Y, (X,)), (Z, ())], [3 + 2, 1 - 2, 0]),
])
def test_a_seat_that_may_double_nobody_is_not_asked(first, asked, doubles, scores):
    st = position(spec(f"    first: {first}\n    may_double: player != dealer and target == dealer"),
                  HANDS, dealer=X)
    for seat, move in asked:
        assert st.current_player == seat
        play(st, move)
    assert st.is_terminal
    assert st.deals[0].doubles == doubles
    assert st.deals[0].scores == scores


def test_redouble_all_or_none():
    double = """    first: left(dealer)
    may_double: (player != dealer and target == dealer) or (player == dealer and doubled(target, player))
    redouble: player == dealer"""
    st = position(spec(double), HANDS, dealer=X)
    play(st, "double X", "double X")
    assert st.current_player == X and legal(st) == ["pass", "double Y Z"]
    assert refused(st, "double Y") == ("X must double all of the allowed players or nobody", "redouble")
    st.apply("double Y Z")
    assert st.deals[0].scores == [3 + 4 + 6, 1 - 4, 0 - 6]
    st = position(spec(double), HANDS, dealer=X)
    play(st, "pass", "double X")
    assert st.current_player == X and legal(st) == ["pass", "double Z"]  # all of one is one
    st.apply("pass")
    assert st.deals[0].scores == [6, 1, -3]


def test_must_double():
    double = """    first: left(dealer)
    may_double: true
    must_double: target == dealer"""
    st = position(spec(double), HANDS, dealer=X)
    assert legal(st) == ["double X", "double X Z"]
    assert refused(st, "pass") == ("Y must double X now (`must_double`)", "must_double")
    assert refused(st, "double Z") == ("Y must double X now (`must_double`)", "must_double")
    st.apply("double X Z")
    assert legal(st) == ["double X", "double X Y"]
    st.apply("double X")
    assert legal(st) == ["pass", "double Y", "double Z", "double Y Z"]  # X is the dealer: nothing required
    st.apply("pass")
    # Y-X: 1 x (1 - 3); Y-Z: 1 x (1 - 0); Z-X: 1 x (0 - 3)
    assert st.deals[0].scores == [3 + 2 + 3, 1 - 2 + 1, 0 - 1 - 3]


def test_no_settlement_keeps_the_raw_scores():
    st = position(spec("    first: left(dealer)", settle="    settle: none"), HANDS, dealer=X)
    play(st, "double X", "double X Y", "double Y Z")
    assert st.deals[0].scores == [3, 1, 0]
    assert st.doubles == [[0, 1, 1], [1, 0, 0], [1, 1, 0]]

"""Bidding for trump over a turned-up card: take it, or name another suit in a second round;
all passing twice may throw the deal in; a proposal to abandon the deal, accepted or refused;
what is refused and why, the names the phase could ever offer, and the turn-up it needs,
sought along the deal's course."""

from __future__ import annotations

import pytest

from interpreter.compile.game import load_game
from interpreter.core.errors import SpecErrors

from .table import X, Y, Z, cards, legal, one_deal, play, position, refused, seq, walk

HANDS = ["AS KS QS", "JS AH QH", "JH AD KD"]
TALON = "KH QD JD"  # KH is turned up
SCORE = "(if player == maker then 10 else 0) + (if trump == H then 1 else 0)"


def spec(bid="    void_if_all_pass: true", direction="clockwise"):
    phases = f"  bidding:\n    kind: trump_bid\n    first: left(dealer)\n{bid}"
    return one_deal(phases, SCORE, direction=direction, deal="hand_size: 3, turn_up: offer",
                    head="dealer: {first: random, next: next(dealer)}")


def test_a_seat_takes_the_turned_up_suit():
    st = position(spec(), HANDS, talon=TALON, dealer=X)
    assert cards(st, [st.turn_up]) == ["KH"] and st.trump is None
    assert walk(st, "pass", "take") == [(Y, ["pass", "take"]), (Z, ["pass", "take"])]
    assert st.is_terminal and st.maker == Z and st.deals[0].scores == [1, 1, 11]
    assert st.deals[0].calls == [(Y, "pass"), (Z, "take")]


@pytest.mark.parametrize("direction, order", [("clockwise", [Y, Z, X, Y, Z]), ("counterclockwise", [Y, X, Z, Y, X])])
def test_after_a_round_of_passes_another_suit_may_be_named(direction, order):
    st = position(spec(direction=direction), HANDS, talon=TALON, dealer=X)
    round1, round2 = ["pass", "take"], ["pass", "trump S", "trump D"]  # not the turned-up hearts
    assert walk(st, "pass", "pass", "pass", "pass", "trump D") == list(zip(order, [round1] * 3 + [round2] * 2))
    assert st.maker == order[-1] and st.trump == 2
    assert st.deals[0].scores == [10 * (p == order[-1]) for p in (X, Y, Z)]


def test_a_suit_may_not_be_named_in_the_first_round_nor_the_turned_up_one_in_the_second():
    st = position(spec(), HANDS, talon=TALON, dealer=X)
    assert refused(st, "trump D") == ("`trump D` is not a move here; you may: pass, take", None)
    play(st, "pass", "pass", "pass")
    assert refused(st, "trump H") == ("`trump H` is not a move here; you may: pass, trump S, trump D", None)
    assert refused(st, "take") == ("`take` is not a move here; you may: pass, trump S, trump D", None)


def test_all_passing_twice_throws_the_deal_in_or_leaves_no_trump():
    st = position(spec(), HANDS, talon=TALON, dealer=X)
    play(st, *["pass"] * 6)
    assert st.deals[0].void and st.deal_number == 2
    st = position(spec(""), HANDS, talon=TALON, dealer=X)
    play(st, *["pass"] * 6)
    assert st.is_terminal and not st.deals[0].void and st.maker is None and st.deals[0].scores == [0, 0, 0]


@pytest.mark.parametrize("direction, answerer", [("clockwise", Z), ("counterclockwise", X)])
def test_a_schmeiss_is_answered_by_the_next_seat(direction, answerer):
    g = spec("    void_if_all_pass: true\n    schmeiss: true", direction)
    st = position(g, HANDS, talon=TALON, dealer=X)
    assert legal(st) == ["pass", "take", "schmeiss"]
    st.apply("schmeiss")
    assert st.current_player == answerer and legal(st) == ["accept schmeiss", "refuse schmeiss"]
    st.apply("refuse schmeiss")
    assert st.is_terminal and st.maker == Y and st.trump == 1
    assert seq(st) == [("Y", "schmeiss"), (st.seat_name(answerer), "refuse schmeiss")]
    assert st.deals[0].calls == [(Y, "schmeiss"), (answerer, "refuse schmeiss")]
    st = position(g, HANDS, talon=TALON, dealer=X)
    play(st, "schmeiss", "accept schmeiss")
    assert st.deals[0].void and st.deal_number == 2
    st = position(g, HANDS, talon=TALON, dealer=X)
    play(st, "pass", "pass", "pass")
    assert legal(st) == ["pass", "trump S", "trump D"]  # no schmeiss in the second round


def test_stuck_the_last_seat_of_the_second_round_must_name_a_suit():
    g = spec("    void_if_all_pass: true\n    last_must_name: true")
    st = position(g, HANDS, talon=TALON, dealer=X)
    play(st, *["pass"] * 5)
    assert st.current_player == X and legal(st) == ["trump S", "trump D"]  # the dealer may not pass
    assert refused(st, "pass") == (
        "X may not pass: everybody else has passed twice, so he must name a suit", "last_must_name")
    play(st, "trump S")
    assert st.maker == X and not st.deals[0].void


def test_the_round_ends_at_the_first_taker():
    st = position(spec(), HANDS, talon=TALON, dealer=X)
    play(st, "take")  # Y takes: Z and X are not asked
    assert st.is_terminal and st.deals[0].calls == [(Y, "take")]


def test_the_phase_names_every_call_it_could_ever_offer():
    [plain] = [ph for ph in spec().phases if ph.kind == "trump_bid"]
    assert plain.vocabulary(spec()) == ["pass", "take", "trump S", "trump H", "trump D"]
    g = spec("    schmeiss: true")
    [phase] = [ph for ph in g.phases if ph.kind == "trump_bid"]
    assert phase.vocabulary(g) == ["pass", "take", "trump S", "trump H", "trump D", "schmeiss", "accept schmeiss",
                                   "refuse schmeiss"]


def test_with_last_must_name_other_refusals_keep_their_own_answer():
    st = position(spec("    last_must_name: true"), HANDS, talon=TALON, dealer=X)
    assert refused(st, "trump D") == ("`trump D` is not a move here; you may: pass, take", None)


def test_a_pass_while_a_schmeiss_is_answered_is_refused_as_any_move_out_of_turn():
    st = position(spec("    schmeiss: true"), HANDS, talon=TALON, dealer=X)
    st.apply("schmeiss")
    assert refused(st, "pass") == ("`pass` is not allowed now; you may: accept schmeiss, refuse schmeiss", None)


def test_the_turn_up_a_bidding_needs_is_sought_along_the_deal_s_course_not_the_list(tmp_path):
    """A deal listed after the bidding but run before it (by `next`) turns the card up: the spec
    is valid and plays; the same spec without that deal's turn-up is refused at the bidding."""
    text = """game: T
seats: [X, Y, Z]
pack:
  suits: [S, H, D]
  ranks: [A, K, Q, J]
phases:
  deal:
    hand_size: 3
    next: redeal
  bidding:
    kind: trump_bid
    first: left(dealer)
    next: play
  redeal:
    kind: deal
    hand_size: 3
    turn_up: offer
    next: bidding
  play:
  score:
contracts:
  game:
    score: tricks_won
"""
    spec = tmp_path / "course.yaml"
    spec.write_text(text)
    st = load_game(spec).new_state(1)
    assert st.phase.kind == "trump_bid" and st.turn_up is not None
    spec.write_text(text.replace("    turn_up: offer\n", ""))
    try:
        load_game(spec)
    except SpecErrors as e:
        assert [(x.line, x.column) for x in e.errors] == [(10, 3)]
        assert "no deal before it turns one up" in e.errors[0].message
    else:
        raise AssertionError("a bidding with no card turned up before it was accepted")

"""Trump bidding behaviour that mutation testing found unchecked: the names the phase could ever
offer (a learning environment's action space), and refusals other than a pass when the last seat
must name a suit."""

from __future__ import annotations

from tests.phases.table import X, position, refused
from tests.phases.test_trump_bid import HANDS, TALON, spec


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
    from interpreter.compile.game import load_game
    from interpreter.core.errors import SpecErrors

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

"""Trump bidding behaviour that mutation testing found unchecked: the names the phase could ever
offer (a learning environment's action space), and refusals other than a pass when the last seat
must name a suit."""

from __future__ import annotations

from phases.table import X, position, refused
from phases.test_trump_bid import HANDS, TALON, spec


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

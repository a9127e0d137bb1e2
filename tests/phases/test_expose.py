"""Exposing the talon's remainder: a choice of one seat, made aloud between the phase's two
choices, face up at once or once a condition holds."""

from __future__ import annotations

from interpreter.words.screen import action_line

from .table import X, Y, Z, game, legal, play, position, refused


def spec(expose="    by: left(dealer)"):
    return game(f"""
phases:
  deal: {{hand_size: 3}}
  expose:
{expose}
  play:
  score:
play:
  leader: dealer
contracts:
  game:
    score: tricks_won
match: {{deals: 1}}
""")


HANDS = ["AS KS QS", "JS AH KH", "QH JH AD"]


def test_the_seat_chooses_and_an_exposed_talon_is_face_up_for_all():
    st = position(spec(), HANDS, talon="KD QD JD", dealer=X)
    assert st.current_player == Y and legal(st) == ["keep talon hidden", "expose talon"]
    assert refused(st, "expose hand") == (
        "`expose hand` is not a move here; you may: keep talon hidden, expose talon", None)
    assert st.view(Z)["talon"] is None
    st.apply("expose talon")
    assert st.current_player == X  # the play begins
    assert [st.view(p)["talon"] for p in (X, Y, Z)] == [["KD", "QD", "JD"]] * 3


def test_the_choice_to_expose_is_made_aloud():
    st = position(spec(), HANDS, talon="KD QD JD", dealer=X)
    show, hide = st.legal_actions()[1], st.legal_actions()[0]
    assert [action_line(st, Y, show, viewer) for viewer in (X, Y, Z, None)] == ["  Y: expose talon"] * 4
    assert action_line(st, Y, hide, Z) == "  Y: keep talon hidden"


def test_the_expose_phase_names_its_two_choices():
    g = spec()
    [phase] = [ph for ph in g.phases if ph.kind == "expose"]
    assert phase.vocabulary(g) == ["keep talon hidden", "expose talon"]


def test_a_talon_kept_hidden_stays_face_down():
    st = position(spec(), HANDS, talon="KD QD JD", dealer=X)
    st.apply("keep talon hidden")
    assert st.current_player == X and [st.view(p)["talon"] for p in (X, Y, Z)] == [None] * 3


def test_no_talon_no_question():
    st = position(spec(), ["AS KS QS KD", "JS AH KH QD", "QH JH AD JD"], dealer=X)
    assert st.current_player == X and legal(st) == ["play AS", "play KS", "play QS", "play KD"]


def test_exposed_cards_are_turned_up_once_the_condition_holds():
    st = position(spec("    by: left(dealer)\n    shown_when: count(played) > 0"), HANDS, talon="KD QD JD", dealer=X)
    st.apply("expose talon")
    assert st.view(Y)["talon"] is None
    play(st, "play AS")
    assert st.view(Y)["talon"] == ["KD", "QD", "JD"]

"""Exposing the talon, where mutation testing found it unchecked: the choice is seen by all, and
the names the phase could ever offer (a learning environment's action space)."""

from __future__ import annotations

from tests.phases.table import X, Y, Z, position
from tests.phases.test_expose import HANDS, spec

from interpreter.words.screen import action_line


def test_the_choice_to_expose_is_made_aloud():
    st = position(spec(), HANDS, talon="KD QD JD", dealer=X)
    show, hide = st.legal_actions()[1], st.legal_actions()[0]
    assert [action_line(st, Y, show, viewer) for viewer in (X, Y, Z, None)] == ["  Y: expose talon"] * 4
    assert action_line(st, Y, hide, Z) == "  Y: keep talon hidden"


def test_the_expose_phase_names_its_two_choices():
    g = spec()
    [phase] = [ph for ph in g.phases if ph.kind == "expose"]
    assert phase.vocabulary(g) == ["keep talon hidden", "expose talon"]

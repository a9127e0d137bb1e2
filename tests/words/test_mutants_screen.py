"""The table as printed at the terminal, as mutation testing found it unchecked: the trump in
the heading, what a seat knows of a called partnership, a hand not looked at yet, the
exchanges, and the line shown for another seat's action."""

from __future__ import annotations

from pathlib import Path

import pytest

from interpreter.compile.game import load_game
from interpreter.words.screen import action_line, describe

GAME = load_game(Path(__file__).resolve().parents[2] / "specs" / "barbu" / "barbu.yaml")
HAND = "  You are B. Your hand: S: K 9   H: 8 5 4 3 2   D: A 9   C: Q J 7 6"


def shown(**changes):
    """The table B sees at the start of seed 4, with the view's entries changed."""
    st = GAME.new_state(4)
    view = {**st.view(1), **changes}
    return describe(st, 1, view).split("\n")


def test_the_plain_table():
    assert shown() == ["", "Deal 1  dealer B  declarer B", "  Totals: A 0  B 0  C 0  D 0", HAND]


@pytest.mark.parametrize("changes, head", [
    ({"trump": "H"}, "Deal 1  dealer B  declarer B  trump H"),
    ({"trump": "H", "announced": {"trump": "H"}}, "Deal 1  dealer B  declarer B  trump: H"),
    ({"trump": "S", "turn_up": "QS"}, "Deal 1  dealer B  declarer B  turned up QS, trump S"),
    ({"turn_up": "QS"}, "Deal 1  dealer B  declarer B  turned up QS, trump none"),
])
def test_the_trump_in_the_heading(changes, head):
    assert shown(**changes)[1] == head


@pytest.mark.parametrize("changes, line", [
    ({"partner": "C"}, "  Called card: not in play; C is B's partner"),
    ({"called_card": "AH", "partner": "B"}, "  Called card: AH; B plays alone (you)"),
    ({"called_card": "AH", "partner": "B", "seat": "C"}, "  Called card: AH; B plays alone"),
    ({"called_card": "AH", "partner": "C", "seat": "C"}, "  Called card: AH; C is B's partner (you)"),
    ({"called_card": "AH"}, "  Called card: AH; the partner is not known yet"),
    ({"called_card": "KS"}, "  Called card: KS; you hold it yourself: you play alone, secretly until you play it"),
    ({"called_card": "KS", "declarer": "A"},
     "  Called card: KS; you hold it: you are A's partner, secretly until you play it"),
])
def test_what_a_seat_knows_of_the_partnership(changes, line):
    assert shown(**changes)[2] == line


def test_a_hand_not_looked_at_yet():
    assert shown(hand=[])[-1] == "  You are B. Your hand: 13 cards, face down (you call without looking)"


def test_the_exchanges_the_talon_and_the_discards():
    lines = shown(exchanged={"A": 0, "B": 3, "C": 0, "D": 1}, talon_size=2, discards=["2H", "3H"])
    assert lines[3] == "  Exchanged: A 0  B 3  C 0  D 1   talon 2   your discards: 2H 3H"


def test_an_action_shows_whole_to_its_seat_and_in_its_public_form_to_the_others():
    st = GAME.new_state(4)
    action = st.legal_actions()[5]
    assert action_line(st, 1, action, 1) == "  B: contract trumps"
    assert action_line(st, 1, action, 0) == action_line(st, 1, action, None) == "  B: contract trumps"
    while st.legal_actions()[0].kind != "pass":
        st.apply(st.legal_actions()[0])
    p = st.current_player
    assert action_line(st, p, st.legal_actions()[0], None) == f"  {GAME.seat_names[p]}: pass"


def test_the_last_trick_and_the_tricks_won():
    trick = {"cards": [["C", "2H"], ["D", "AH"], ["A", "3H"], ["B", "4H"]], "winner": "D"}
    lines = shown(tricks=[trick], tricks_won={"A": 0, "B": 0, "C": 0, "D": 1})
    assert lines[3:5] == ["  Last trick: 2H AH 3H 4H won by D", "  Tricks won: A 0  B 0  C 0  D 1"]

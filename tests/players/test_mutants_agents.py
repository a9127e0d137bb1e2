"""Agent behaviour that mutation testing found unchecked: the terminal prompt's reading of what
is typed (blank lines, help, `view`, a card alone, the last word of a choice, the end of input),
and the agent names refused with their reason."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from interpreter.compile.game import load_game
from interpreter.players.agents import HumanAgent, agent_problem, make_agent

GAME = load_game(Path(__file__).resolve().parents[2] / "specs" / "barbu" / "barbu.yaml")
HELP = ("  Type one of the choices listed, or its last word when no other choice ends so (`K` for `bid K`); "
        "a card alone (QS, 10H) means playing it. `view` shows the table again.")
TABLE = "  You are B. Your hand: S: K 9   H: 8 5 4 3 2   D: A 9   C: Q J 7 6"


def first_trick():
    """Seed 4, first choices up to the first card: B leads, holding the hand of TABLE."""
    st = GAME.new_state(4)
    while st.legal_actions()[0].kind != "play":
        st.apply(st.legal_actions()[0])
    return st


def typed(st, text):
    """What a human at the seat to act chooses when typing `text`, and what it was shown."""
    out = io.StringIO()
    seat = st.current_player
    action = HumanAgent(io.StringIO(text), out).choose(st, seat, st.legal_actions())
    return action.name, out.getvalue()


def test_a_card_alone_is_played_after_blank_lines_help_view_and_a_refusal():
    name, shown = typed(first_trick(), "\n?\nview\nzz\n9s\n")
    assert name == "play 9S"
    lines = shown.split("\n")
    assert lines.count(TABLE) == 2  # at the start, and again for `view`
    assert lines.count(HELP.replace("  ", "> " + "  ", 1)) == 1  # the help, once, after its prompt
    assert ">   Not allowed: `play zz` is not a move here; you may: play KS, play 9S, play 8H, play 5H, " \
           "play 4H, play 3H, play 2H, play AD, play 9D, play QC, play JC, play 7C" in lines
    assert shown.count("  Your choice: KS, 9S, 8H, 5H, 4H, 3H, 2H, AD, 9D, QC, JC, 7C, 6C\n") == 5


def test_a_card_with_its_verb_and_a_card_alone_choose_alike():
    assert typed(first_trick(), "play QC\n")[0] == typed(first_trick(), "QC\n")[0] == "play QC"


def test_the_last_word_of_one_choice_chooses_it():
    st = GAME.new_state(4)  # B chooses a contract
    assert typed(st, "trumps\n")[0] == "contract trumps"
    assert typed(st, "NO_HEARTS\n")[0] == "contract no_hearts"


def test_the_last_word_of_two_choices_is_refused_then_the_full_name_chosen():
    st = GAME.new_state(4)
    st.apply(st.legal_actions()[0])  # C doubles or passes: `double B` and `double A B` both end in B
    name, shown = typed(st, "b\ndouble a b\n")
    assert name == "double A B"
    assert "  Not allowed: " in shown


def test_the_end_of_input_ends_the_prompt():
    with pytest.raises(EOFError):
        typed(first_trick(), "")
    with pytest.raises(EOFError):
        typed(first_trick(), "\n\n")


@pytest.mark.parametrize("kind, problem", [
    ("robot", "unknown agent `robot`; choose from human, random, first, mc, pimc, ismcts"),
    ("random:5", "agent `random` takes no budget (`random:5`); only pimc and ismcts do, e.g. ismcts:500"),
    ("ismcts:abc", "agent `ismcts:abc`: `abc` is not a budget: give a number of iterations (500) or of seconds (1s)"),
    ("pimc:0", "agent `pimc:0`: `0` is not a budget: give a number of iterations (500) or of seconds (1s)"),
    ("ismcts:2s", None), ("pimc:40", None), ("human", None),
])
def test_agent_names_and_their_problems(kind, problem):
    assert agent_problem(kind) == problem


def test_the_human_agent_by_name_reads_and_writes_the_given_terminal():
    out = io.StringIO()
    human = make_agent("human", stdin=io.StringIO("9S\n"), stdout=out)
    st = first_trick()
    assert human.choose(st, st.current_player, st.legal_actions()).name == "play 9S"
    assert TABLE in out.getvalue().split("\n")

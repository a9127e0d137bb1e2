"""The agents: seeded random, first-legal, scripted; every one chooses only legal actions; names
that make no agent are refused with their reason; the human's prompt reads what is typed (blank
lines, help, `view`, a card alone, the last word of a choice, `quit`, the end of input)."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from interpreter.compile.game import load_game
from interpreter.core.actions import Action
from interpreter.core.errors import IllegalAction
from interpreter.players.agents import (
    FirstLegalAgent,
    HumanAgent,
    Quit,
    RandomAgent,
    ScriptedAgent,
    agent_problem,
    make_agent,
)

ROOT = Path(__file__).resolve().parents[2]
GAME = load_game(ROOT / "specs" / "barbu" / "barbu.yaml")


def play(agents, seed=4, steps=200):
    st = GAME.new_state(seed)
    chosen = []
    for _ in range(steps):
        legal = st.legal_actions()
        a = agents[st.current_player].choose(st, st.current_player, legal)
        assert a in legal
        chosen.append(a.name)
        st.apply(a)
    return chosen


def test_random_agents_are_reproducible_by_seed():
    assert play([RandomAgent(7 + i) for i in range(4)]) == play([RandomAgent(7 + i) for i in range(4)])
    assert play([RandomAgent(7 + i) for i in range(4)]) != play([RandomAgent(8 + i) for i in range(4)])


def test_first_legal_agent_takes_the_first_choice():
    st = GAME.new_state(4)
    legal = st.legal_actions()
    assert FirstLegalAgent().choose(st, st.current_player, legal) is legal[0]


def test_scripted_agent_plays_its_script_and_refuses_an_illegal_step():
    names = play([FirstLegalAgent()] * 4, steps=6)
    st = GAME.new_state(4)
    script = ScriptedAgent(names)
    for _ in range(6):
        st.apply(script.choose(st, st.current_player, st.legal_actions()))
    st2 = GAME.new_state(4)
    with pytest.raises(IllegalAction):
        ScriptedAgent(["contract no_such_contract"]).choose(st2, st2.current_player, st2.legal_actions())


def test_make_agent_by_name():
    assert isinstance(make_agent("random", seed=1), RandomAgent)
    assert isinstance(make_agent("first"), FirstLegalAgent)
    with pytest.raises(ValueError):
        make_agent("robot")


@pytest.mark.parametrize("kind, problem", [
    ("robot", "unknown agent `robot`; choose from human, random, first, mc, pimc, ismcts, or a bot of your own: "
              "`file.py:Class` or `module:Class`"),
    ("rand", "unknown agent `rand` (did you mean `random`?); choose from human, random, first, mc, pimc, ismcts, "
             "or a bot of your own: `file.py:Class` or `module:Class`"),
    ("ismct:500", "agent `ismct:500`: cannot import `ismct`: ModuleNotFoundError: No module named 'ismct' "
                  "(did you mean `ismcts:500`?)"),
    ("pmic:40", "agent `pmic:40`: cannot import `pmic`: ModuleNotFoundError: No module named 'pmic' "
                "(did you mean `pimc:40`?)"),
    ("nosuchmodule:Bot", "agent `nosuchmodule:Bot`: cannot import `nosuchmodule`: ModuleNotFoundError: No module "
                         "named 'nosuchmodule'"),
    ("random:5", "agent `random` takes no budget (`random:5`); only pimc and ismcts do, e.g. ismcts:500"),
    ("ismcts:abc", "agent `ismcts:abc`: `abc` is not a budget: give a number of iterations (500) or of seconds (1s)"),
    ("pimc:0", "agent `pimc:0`: `0` is not a budget: give a number of iterations (500) or of seconds (1s)"),
    ("ismcts:2s", None), ("pimc:40", None), ("human", None),
])
def test_agent_names_and_their_problems(kind, problem):
    assert agent_problem(kind) == problem


# ---------------------------------------------------------------- the human at the terminal

HELP = ("  Type one of the choices listed, or its last word when no other choice ends so (`K` for `bid K`); "
        "a card alone (QS, 10H) means playing it. `view` shows the table again; `quit` (or Ctrl-C) stops the "
        "game and saves its record.")
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


@pytest.mark.parametrize("word", ["quit", "EXIT", " Quit "])
def test_quit_or_exit_stops_the_game_as_the_end_of_input_does(word):
    with pytest.raises(Quit) as stopped:
        typed(first_trick(), f"zz\n{word}\n9S\n")  # (after a refusal; what follows is never read)
    assert isinstance(stopped.value, EOFError)  # (the command stops and saves, as at Ctrl-D)


def test_a_choice_named_quit_is_chosen_not_taken_for_stopping():
    st = first_trick()
    called = Action("call", "quit", "quit")
    assert HumanAgent(io.StringIO("quit\n"), io.StringIO()).choose(st, st.current_player, [called]) is called


def test_the_human_agent_by_name_reads_and_writes_the_given_terminal():
    out = io.StringIO()
    human = make_agent("human", stdin=io.StringIO("9S\n"), stdout=out)
    st = first_trick()
    assert human.choose(st, st.current_player, st.legal_actions()).name == "play 9S"
    assert TABLE in out.getvalue().split("\n")


# ---------------------------------------------------------------- the Monte Carlo bot

def _configs():
    import importlib.util

    spec = importlib.util.spec_from_file_location("playthrough", ROOT / "tools" / "playthrough.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.CONFIGS


CONFIGS = _configs()


@pytest.mark.parametrize("spec, options", CONFIGS, ids=[f"{s}-{'-'.join(map(str, o.values()))}" for s, o in CONFIGS])
def test_the_monte_carlo_bot_does_not_peek(spec, options):
    """Its choice, with the same seed, is the same whatever the cards it cannot see: in each
    position, the hands hidden from it are dealt again among themselves."""
    import random

    from interpreter.players.agents import MonteCarloAgent
    from tests.helpers import unseen_redealt

    game = load_game(ROOT / "specs" / spec, options=options)
    rng = random.Random(5)
    st = game.new_state(5)
    decisions = 0
    while not st.is_terminal and decisions < 4:
        legal = st.legal_actions()
        seat = st.current_player
        if len(legal) > 1 and rng.random() < 0.3:
            twin = unseen_redealt(st, seat, random.Random(decisions))
            mine = MonteCarloAgent(seed=decisions, rollouts=2).choose(st, seat, legal)
            theirs = MonteCarloAgent(seed=decisions, rollouts=2).choose(twin, seat, twin.legal_actions())
            assert mine.name == theirs.name
            assert st.sampled_for(seat, random.Random(1)).hands == twin.sampled_for(seat, random.Random(1)).hands
            decisions += 1
        st.apply(legal[rng.randrange(len(legal))])


def test_a_sampled_deal_keeps_what_the_seat_knows():
    import random

    st = GAME.new_state(3)
    for _ in range(9):  # into the play
        st.apply(st.legal_actions()[0])
    seat = st.current_player
    world = st.sampled_for(seat, random.Random(1))
    assert world.hands[seat] == st.hands[seat]
    assert [len(h) for h in world.hands] == [len(h) for h in st.hands]
    assert sorted(c for h in world.hands for c in h) == sorted(c for h in st.hands for c in h)
    assert world.tricks == st.tricks and world.trick_cards == st.trick_cards
    assert world.hands != st.hands  # the others' cards moved
    st.apply(st.legal_actions()[0])  # the original is untouched by its copy
    assert world.current_player == seat


def test_the_monte_carlo_bot_beats_random_play_at_klaberjass():
    from interpreter.players.agents import MonteCarloAgent

    game = load_game(ROOT / "specs" / "klaberjass" / "klaberjass.yaml")
    won = 0
    for seed in range(4):
        st = game.new_state(seed)
        agents = [MonteCarloAgent(seed, rollouts=6), RandomAgent(seed)]
        while not st.is_terminal:
            st.apply(agents[st.current_player].choose(st, st.current_player, st.legal_actions()))
        won += st.totals[0] > st.totals[1]
    assert won >= 3

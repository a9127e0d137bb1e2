"""The agents: seeded random, first-legal, scripted; every one chooses only legal actions."""

from __future__ import annotations

from pathlib import Path

import pytest

from interpreter.agents import FirstLegalAgent, RandomAgent, ScriptedAgent, make_agent
from interpreter.errors import IllegalAction
from interpreter.game import load_game

ROOT = Path(__file__).resolve().parent.parent
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

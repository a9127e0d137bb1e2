"""The agents: seeded random, first-legal, scripted; every one chooses only legal actions."""

from __future__ import annotations

from pathlib import Path

import pytest

from interpreter.compile.game import load_game
from interpreter.core.errors import IllegalAction
from interpreter.players.agents import (
    FirstLegalAgent,
    RandomAgent,
    ScriptedAgent,
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

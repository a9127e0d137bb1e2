"""The reinforcement-learning adapters, as mutation testing found them unchecked: OpenSpiel's
game without a deal limit plays the whole game, its observer forgets the last position, and
a state says what it is before and after the seed is chosen; PettingZoo's environment holds no
game before `reset` nor after `close`."""

from __future__ import annotations

import random

import pytest

pyspiel = pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")

from interpreter.env.openspiel import SHORT_NAME  # noqa: E402


def load(spec, **params):
    return pyspiel.load_game(SHORT_NAME, {"spec": spec, "seeds": 20, **params})


def test_without_a_deal_limit_the_whole_game_is_played():
    one, two, whole = load("barbu", max_deals=1), load("barbu", max_deals=2), load("barbu")
    per_deal = one.max_game_length() - 1
    assert (two.max_game_length(), whole.max_game_length()) == (1 + 2 * per_deal, 1 + 1000 * per_deal)
    state, rng = whole.new_initial_state(), random.Random(2)
    state.apply_action(5)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    assert len(state.table.state.deals) == 28  # every deal of Barbu, none cut
    assert sum(state.returns()) == 0 and any(state.returns())


def test_a_state_before_and_after_its_seed():
    game = load("barbu", max_deals=1)
    state = game.new_initial_state()
    assert str(state) == "(the seed of the deals is not chosen yet)"
    assert state.returns() == [0.0] * 4 and not state.is_terminal()
    state.apply_action(7)
    assert str(state) == "(no action yet)"
    first = state.legal_actions()[0]
    state.apply_action(first)
    assert str(state) == f"A {state.action_to_string(0, first)}"  # seed 7: A deals and chooses


def test_the_observer_forgets_the_last_position():
    game = load("barbu", max_deals=1)
    observer = game.make_py_observer()
    before = game.new_initial_state()
    state = game.new_initial_state()
    state.apply_action(7)
    observer.set_from(state, 0)
    assert observer.tensor.any()
    observer.set_from(before, 0)
    assert not observer.tensor.any()
    assert observer.string_from(before, 0) == "(before the deal)"


def test_no_game_is_in_progress_before_reset_nor_after_close():
    pytest.importorskip("pettingzoo")
    from interpreter.env import CardspecEnv

    env = CardspecEnv("barbu")
    assert env.table is None
    env.reset(seed=1)
    assert env.table is not None
    env.close()
    assert env.table is None

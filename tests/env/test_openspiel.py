"""Every spec as an OpenSpiel game, checked by OpenSpiel's own random simulations and bots, with
the whole game played when no deal limit is given and a state and observer before the seed.

`CARDSPEC_ENV_LONG=1` also has IS-MCTS play a whole game of Barbu and of Rubicon Piquet."""

from __future__ import annotations

import os
import random

import pytest

pyspiel = pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")

from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

from interpreter.env.encoding import EnvError  # noqa: E402
from interpreter.env.openspiel import SHORT_NAME  # noqa: E402
from tests.engine.test_conformance import ROOT, SPECS  # noqa: E402

LONG = bool(os.environ.get("CARDSPEC_ENV_LONG"))
spec_ids = [p.relative_to(ROOT / "specs").as_posix() for p in SPECS]


def load(spec, **params):
    return pyspiel.load_game(SHORT_NAME, {"spec": str(spec), "seeds": 20, **params})


@pytest.mark.parametrize("spec", SPECS, ids=spec_ids)
def test_openspiel_random_simulation_test_passes_on_every_spec(spec):
    pyspiel.random_sim_test(load(spec, max_deals=1), num_sims=2, serialize=False, verbose=False)


@pytest.mark.parametrize("spec", ["barbu", "rubicon"])
def test_random_simulation_with_serialization_and_options(spec):
    pyspiel.random_sim_test(load(spec, max_deals=1), num_sims=1, serialize=True, verbose=False)


def test_options_are_passed_to_the_spec():
    game = load("bustarret", options="players=3")
    assert game.num_players() == 3
    assert load("bustarret").num_players() == 4


def test_the_chance_outcome_is_the_seed_of_the_game():
    game = load("barbu", max_deals=1)
    state = game.new_initial_state()
    assert state.is_chance_node() and [a for a, _ in state.chance_outcomes()] == list(range(20))
    state.apply_action(7)
    from interpreter.compile.game import load_game

    same = load_game(ROOT / "specs/barbu/barbu.yaml").new_state(7)
    assert state.table.state.hands == same.hands and state.current_player() == same.current_player


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


def test_a_state_says_what_it_is_before_and_after_its_seed():
    game = load("barbu", max_deals=1)
    state = game.new_initial_state()
    assert str(state) == "(the seed of the deals is not chosen yet)"
    assert state.returns() == [0.0] * 4 and not state.is_terminal()
    state.apply_action(7)
    assert str(state) == "(no action yet)"
    first = state.legal_actions()[0]
    state.apply_action(first)
    assert str(state) == f"A {state.action_to_string(0, first)}"  # seed 7: A deals and chooses


def test_information_state_is_the_view_and_a_resampled_world_keeps_it():
    game = load("rubicon", max_deals=1)
    state = game.new_initial_state()
    state.apply_action(3)
    for a in state.legal_actions()[:2]:
        state.apply_action(a)
    seat = state.current_player()
    world = state.resample_from_infostate(seat, pyspiel.UniformProbabilitySampler(0., 1.))
    assert world.information_state_string(seat) == state.information_state_string(seat)
    assert np.array_equal(world.information_state_tensor(seat), state.information_state_tensor(seat))
    other = 1 - seat
    assert world.table.state.hands[other] != state.table.state.hands[other]  # what the seat cannot see moved
    assert '"hand": [' in state.observation_string(seat)


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


@pytest.mark.parametrize("spec", ["barbu", "rubicon"])
def test_openspiel_mcts_and_ismcts_bots_play(spec):
    game = load(spec, max_deals=0 if LONG else 1)
    rs = np.random.RandomState(1)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rs)
    mcts_bot = mcts.MCTSBot(game, uct_c=2, max_simulations=8, evaluator=evaluator, random_state=rs, solve=False)
    ismcts_bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2, max_simulations=8, random_state=rs)
    state = game.new_initial_state()
    state.apply_action(5)
    moves = 0
    while not state.is_terminal():
        bot = mcts_bot if moves < 4 else ismcts_bot  # MCTS a few moves, IS-MCTS to the end
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
        moves += 1
    assert moves > 4 and state.returns() == [float(r) for r in state.table.state.returns]
    if LONG:
        assert state.table.state.is_terminal


@pytest.mark.parametrize("params, error, message", [
    ({"spec": "no-such-game"}, EnvError, "no spec file or shipped spec named `no-such-game`"),
    ({"spec": "barbu", "options": "players"}, ValueError, "options are `name=value` separated by spaces; `players` is not"),
    ({}, ValueError, "python_cardspec needs a `spec` parameter: a spec file or a shipped spec's name"),
    ({"spec": "barbu", "seeds": 0}, ValueError, "seeds must be at least 1 and max_deals at least 0"),
])
def test_bad_parameters_are_refused_with_the_reason(params, error, message):
    with pytest.raises(error) as e:
        pyspiel.load_game(SHORT_NAME, params)
    assert str(e.value) == message

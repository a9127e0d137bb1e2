"""Every spec as an OpenSpiel game, checked by OpenSpiel's own random simulations and bots, with
the pack's order as chance, the whole game played when no deal limit is given, and OpenSpiel's
exact algorithms (exploitability) on a game small enough for them.

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
    return pyspiel.load_game(SHORT_NAME, {"spec": str(spec), **params})


def deal_at_random(state, rng):
    """Applies chance outcomes, uniformly, until a seat is to act (or the game is over)."""
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        assert abs(sum(p for _, p in outcomes) - 1) < 1e-9
        state.apply_action(rng.choice([a for a, _ in outcomes]))


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


def test_chance_orders_the_pack_card_by_card_and_the_deal_is_dealt_from_that_order():
    game = load("barbu", max_deals=1)
    state = game.new_initial_state()
    order = list(range(52))
    random.Random(4).shuffle(order)
    assert state.chance_outcomes() == [(p, 0.25) for p in range(4)]  # first, who deals first
    state.apply_action(2)
    for i, card in enumerate(order):
        assert state.is_chance_node()
        outcomes = state.chance_outcomes()
        assert sorted(a for a, _ in outcomes) == sorted(order[i:])  # every card not yet placed, uniformly
        assert {p for _, p in outcomes} == {1 / (52 - i)}
        state.apply_action(card)
    assert not state.is_chance_node()
    from interpreter.compile.game import load_game

    barbu = load_game(ROOT / "specs/barbu/barbu.yaml")
    for seed in (0, 9):  # the seed no longer matters: the order chance chose is the deal
        same = barbu.new_state(seed, first_dealer=state.table.state.dealer, decks={1: order})
        assert state.table.state.hands == same.hands and state.current_player() == same.current_player


def test_a_first_dealer_drawn_at_random_is_a_chance_node():
    game = load("rubicon", max_deals=1)  # Piquet cuts for the first dealer
    state = game.new_initial_state()
    assert state.chance_outcomes() == [(0, 0.5), (1, 0.5)]
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, 1) == "first dealer B"
    state.apply_action(1)
    assert len(state.chance_outcomes()) == 32
    deal_at_random(state, random.Random(1))
    assert state.table.state.dealer == 1


def test_every_deal_of_a_game_is_dealt_by_chance():
    game = load("barbu", max_deals=3)
    state, rng = game.new_initial_state(), random.Random(3)
    seen = []
    while not state.is_terminal():
        if state.is_chance_node():
            deal_at_random(state, rng)
            seen.append(state.table.state.deal_number)
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    assert seen == [1, 2, 3]


def test_without_a_deal_limit_the_whole_game_is_played():
    one, two, whole = load("barbu", max_deals=1), load("barbu", max_deals=2), load("barbu")
    per_deal = one.max_game_length() - 1
    assert (two.max_game_length(), whole.max_game_length()) == (1 + 2 * per_deal, 1 + 28 * per_deal)
    state, rng = whole.new_initial_state(), random.Random(2)
    while not state.is_terminal():
        if state.is_chance_node():
            deal_at_random(state, rng)
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    assert len(state.table.state.deals) == 28  # every deal of Barbu, none cut
    assert sum(state.returns()) == 0 and any(state.returns())
    assert whole.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM


@pytest.mark.parametrize("spec, max_deals, utility", [
    ("barbu", 0, "ZERO_SUM"),        # the game totals always sum to 0 (`match.total: 0`)
    ("barbu", 1, "GENERAL_SUM"),     # ...but one deal's scores need not
    ("rubicon", 0, "GENERAL_SUM"),   # the rubicon's result is not zero-sum
    ("spades", 1, "GENERAL_SUM"),
])
def test_the_utility_kind_is_what_the_spec_says_of_its_totals(spec, max_deals, utility):
    assert load(spec, max_deals=max_deals).get_type().utility == getattr(pyspiel.GameType.Utility, utility)


TINY = """\
game: Two cards each
seats: [A, B]
dealer:
  first: seats[1]
pack:
  suits: [S, H]
  ranks: [A, K]
phases:
  deal:
    hand_size: 2
  play:
  score:
contracts:
  most:
    score: tricks_won - tricks_won_by(next(player))
    total: 0
play:
  leader: next(dealer)
  rules: [follow suit]
play_rules:
  follow suit:
    keep: card.suit == led_suit
    when: not leading
match:
  deals: 1
  total: 0
"""


def test_openspiel_exact_algorithms_solve_a_small_game(tmp_path):
    """With chance the real deal, OpenSpiel's exact tools walk the whole tree: the game is zero-sum,
    a uniform policy is exploitable, and a policy CFR learns is near equilibrium."""
    from open_spiel.python import policy
    from open_spiel.python.algorithms import cfr, exploitability

    (tmp_path / "tiny.yaml").write_text(TINY)
    game = load(tmp_path / "tiny.yaml")
    assert game.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM
    uniform = exploitability.nash_conv(game, policy.UniformRandomPolicy(game))
    solver = cfr.CFRSolver(game)
    for _ in range(30):
        solver.evaluate_and_update_policy()
    learned = exploitability.nash_conv(game, solver.average_policy())
    assert learned <= uniform and learned < 0.05


def test_a_state_says_what_it_is_while_dealing_and_after():
    game = load("barbu", max_deals=1)
    state = game.new_initial_state()
    assert str(state) == "(before the deal)"
    assert state.returns() == [0.0] * 4 and not state.is_terminal()
    state.apply_action(0)  # the first dealer
    assert str(state) == "(before the deal)"
    state.apply_action(0)  # the pack's first card
    assert str(state) == f"(dealing: the pack so far {state.action_to_string(pyspiel.PlayerId.CHANCE, 0).split()[-1]})"
    deal_at_random(state, random.Random(7))
    text = str(state)
    assert text.startswith("deal 1, dealer ") and text.endswith("actions: none yet")
    hand = state.table.state.hands[state.current_player()]
    assert " ".join(game.setup.spec.pack.names[c] for c in hand) in text


def test_information_state_is_the_view_and_a_resampled_world_keeps_it():
    game = load("rubicon", max_deals=1)
    state = game.new_initial_state()
    deal_at_random(state, random.Random(3))
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
    deal_at_random(state, random.Random(7))
    observer.set_from(state, 0)
    assert observer.tensor.any()
    observer.set_from(before, 0)
    assert not observer.tensor.any()
    assert observer.string_from(before, 0) == "(before the deal)"


@pytest.mark.parametrize("spec", ["barbu", "bridge", "rubicon", "tarot"])
def test_the_observation_tensor_is_the_views_encoding_as_states_move_and_alternate(spec):
    """The observer keeps each seat's row up to date from the moves since: at every step of a game, for
    every seat, and asked in turn of a state and of a clone that has moved elsewhere, its tensor is the
    encoding of the seat's view (the reference), as is `observation_tensor`."""
    game = load(spec, max_deals=2)
    observer, rng = game.make_py_observer(), random.Random(5)
    state = game.new_initial_state()
    setup = game.setup
    steps = 0
    while not state.is_terminal():
        deal_at_random(state, rng)
        if state.is_terminal():
            break
        twin = state.clone()
        twin.apply_action(rng.choice(twin.legal_actions()))
        deal_at_random(twin, rng)
        for st_ in (state, twin, state):
            if st_.is_terminal():
                continue
            for seat in range(game.num_players()):
                table = st_.table
                picked = table.picked_ids() if seat == table.current_player else ()
                want = setup.observer.encode(table.state.view(seat), picked)
                observer.set_from(st_, seat)
                assert np.array_equal(observer.tensor, want), (steps, seat)
                assert np.array_equal(np.asarray(st_.observation_tensor(seat), np.float32), want)
        state.apply_action(rng.choice(state.legal_actions()))
        steps += 1
    assert steps > 40


def test_the_observation_tensor_is_kept_without_building_a_view(monkeypatch):
    """The tensor comes from the rows the observer keeps (about 10 us a step on Barbu, where building the
    view and encoding it took about 130): no view is built, whole or in part."""
    game = load("barbu", max_deals=1)
    observer, rng = game.make_py_observer(), random.Random(2)
    state = game.new_initial_state()
    deal_at_random(state, rng)
    monkeypatch.setattr(type(state.table.state), "view", lambda *a: pytest.fail("a view was built"))
    for _ in range(60):
        observer.set_from(state, state.current_player())
        assert observer.tensor.any()
        state.apply_action(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("spec", ["barbu", "rubicon"])
def test_openspiel_mcts_and_ismcts_bots_play(spec):
    game = load(spec, max_deals=0 if LONG else 1)
    rs = np.random.RandomState(1)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rs)
    mcts_bot = mcts.MCTSBot(game, uct_c=2, max_simulations=8, evaluator=evaluator, random_state=rs, solve=False)
    ismcts_bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2, max_simulations=8, random_state=rs)
    state, rng = game.new_initial_state(), random.Random(5)
    moves = 0
    while not state.is_terminal():
        if state.is_chance_node():
            deal_at_random(state, rng)
            continue
        bot = mcts_bot if moves < 4 else ismcts_bot  # MCTS a few moves, IS-MCTS to the end
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
        moves += 1
    assert moves > 4 and state.returns() == [float(r) for r in state.table.state.returns]
    if LONG:
        assert state.table.state.is_terminal


@pytest.mark.parametrize("params, error, message", [
    ({"spec": "no-such-game"}, EnvError, "`no-such-game` is neither a file nor a shipped game (`cardspec list` shows the games)"),
    ({"spec": "barbu", "options": "players"}, ValueError, "options are `name=value` separated by spaces; `players` is not"),
    ({}, ValueError, "python_cardspec needs a `spec` parameter: a spec file or a shipped spec's name"),
    ({"spec": "barbu", "max_deals": -1}, ValueError, "max_deals must be at least 0"),
])
def test_bad_parameters_are_refused_with_the_reason(params, error, message):
    with pytest.raises(error) as e:
        pyspiel.load_game(SHORT_NAME, params)
    assert str(e.value) == message

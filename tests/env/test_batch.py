"""Many games stepped at once (interpreter/env/batch.py): the same games, observations, masks and
rewards as that many PettingZoo environments stepped with the same ids, in this process or in
worker processes that stop when the batch is closed; bad ids are refused before any game moves."""

from __future__ import annotations

import gc
import os
import random
import warnings

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("pettingzoo")

from interpreter.core.errors import GameError  # noqa: E402
from interpreter.env import CardspecEnv, CardspecVectorEnv  # noqa: E402
from interpreter.env.encoding import EnvError, Table  # noqa: E402
from interpreter.env.incremental import Encoder  # noqa: E402
from tests.engine.test_conformance import ROOT  # noqa: E402
from tests.helpers import unseen_redealt  # noqa: E402

BRISCOLA = ROOT / "specs/briscola-chiamata/five.yaml"


@pytest.fixture(autouse=True)
def quiet():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # (PettingZoo's advice on agent names)
        yield


def random_ids(obs, rng):
    """One legal id per game, at random."""
    return (rng.random(obs["action_mask"].shape) * obs["action_mask"]).argmax(1)


def same_as_single_envs(spec, count, steps, workers=0, **kw):
    """Step a batch and `count` PettingZoo envs (game i seeded as the batch's game i) with the same
    ids, and compare what each gives at every step; the number of games that ended."""
    seed = 40
    batch = CardspecVectorEnv(spec, count, seed=seed, workers=workers, **kw)
    singles = [CardspecEnv(spec, seed=seed + i, **kw) for i in range(count)]
    ended = 0
    try:
        obs, _ = batch.reset()
        for env in singles:
            env.reset()
        rng = np.random.default_rng(1)
        for step in range(steps):
            for i, env in enumerate(singles):
                agent = env.agent_selection
                want = env.observe(agent)
                assert env.possible_agents[obs["player"][i]] == agent
                assert np.array_equal(obs["observation"][i], want["observation"]), (step, i)
                assert np.array_equal(obs["action_mask"][i], want["action_mask"]), (step, i)
            ids = random_ids(obs, rng)
            obs, rewards, terminations, truncations, _ = batch.step(ids)
            for i, env in enumerate(singles):
                env.step(int(ids[i]))
                assert rewards[i].tolist() == [env.rewards[a] for a in env.possible_agents], (step, i)
                agent = env.agent_selection
                assert (terminations[i], truncations[i]) == (env.terminations[agent], env.truncations[agent])
                if terminations[i] or truncations[i]:
                    ended += 1
                    env.reset()  # (the batch has started this game's next game already)
    finally:
        batch.close()
    return ended


@pytest.mark.parametrize("rewards", ["deal", "game"])
def test_a_batch_is_that_many_envs_stepped_with_the_same_ids(rewards):
    assert same_as_single_envs(BRISCOLA, 3, 150, rewards=rewards, options={"fixed_deals": 1}) >= 3


def test_games_cut_short_by_max_deals_start_again_in_the_same_step():
    assert same_as_single_envs(ROOT / "specs/barbu/barbu.yaml", 2, 200, max_deals=1) >= 2


def test_worker_processes_give_the_same_steps_as_this_process():
    assert same_as_single_envs(BRISCOLA, 5, 120, workers=3, options={"fixed_deals": 1}) >= 3


def test_the_same_seed_gives_the_same_games_and_reset_with_a_seed_starts_them_again():
    def run(env, seed):
        obs, _ = env.reset(seed=seed)
        rng, got = np.random.default_rng(0), []
        for _ in range(30):
            obs, rewards, *_ = env.step(random_ids(obs, rng))
            got.append((obs["observation"].copy(), rewards.copy()))
        return got
    with CardspecVectorEnv("barbu", 3) as env, CardspecVectorEnv("barbu", 3, workers=2) as other:
        first = run(env, 5)
        for a, b in zip(first, run(other, 5)):
            assert all(np.array_equal(x, y) for x, y in zip(a, b))
        for a, b in zip(first, run(env, 5)):
            assert all(np.array_equal(x, y) for x, y in zip(a, b))


def test_the_arrays_returned_are_copies_unless_asked_otherwise():
    with CardspecVectorEnv("barbu", 2, seed=1) as env, CardspecVectorEnv("barbu", 2, seed=1, copy=False) as own:
        obs, _ = env.reset()
        kept = obs["observation"].copy()
        env.step(random_ids(obs, np.random.default_rng(0)))
        assert np.array_equal(obs["observation"], kept)  # untouched by the step
        first, _ = own.reset()
        second, *_ = own.step(random_ids(first, np.random.default_rng(0)))
        assert all(first[k] is second[k] for k in first)  # the env's own arrays, overwritten


def test_shapes_and_types():
    with CardspecVectorEnv("barbu", 4, seed=2) as env:
        obs, info = env.reset()
        size, v, n = env.observer.size, len(env.space), env.game.n
        assert obs["observation"].shape == (4, size) and obs["observation"].dtype == np.float32
        assert obs["action_mask"].shape == (4, v) and obs["action_mask"].dtype == np.int8
        assert obs["player"].shape == (4,) and info == {}
        obs, rewards, terminations, truncations, info = env.step(random_ids(obs, np.random.default_rng(0)))
        assert rewards.shape == (4, n) and rewards.dtype == np.float64
        assert terminations.dtype == truncations.dtype == np.bool_ and terminations.shape == (4,)


def test_observations_hold_no_card_the_seat_to_act_cannot_see():
    """Each game's row is the seat to act's: dealing again the cards that seat cannot see leaves it."""
    with CardspecVectorEnv("barbu", 3, seed=8) as env:
        obs, _ = env.reset()
        rng, pick = random.Random(8), np.random.default_rng(8)
        for step in range(120):
            for i, table in enumerate(env.games.tables):
                seat = int(obs["player"][i])
                for world in (unseen_redealt(table.state, seat, rng), table.state.sampled_for(seat, rng)):
                    row = Encoder(env.observer).observe(Table(env.space, world, table.picked), seat)
                    assert np.array_equal(row, obs["observation"][i]), (step, i)
            obs, *_ = env.step(random_ids(obs, pick))


@pytest.mark.parametrize("workers", [0, 3])
def test_bad_ids_are_refused_before_any_game_moves(workers):
    with CardspecVectorEnv("barbu", 3, seed=3, workers=workers) as env:
        obs, _ = env.reset()
        before = {k: a.copy() for k, a in obs.items()}
        legal = random_ids(obs, np.random.default_rng(0))
        illegal = legal.copy()
        illegal[1] = int(np.flatnonzero(obs["action_mask"][1] == 0)[0])
        seat = env.game.seat_names[obs["player"][1]]
        v = len(env.space)
        cases = [
            (legal[:2], ValueError, "step takes one action id per game: 3 of them, not an array of shape (2,)"),
            (legal.astype(float), ValueError, "action ids are whole numbers, not float64"),
            (np.array([0, v, 0]), EnvError, f"game 1: action id {v} is not in the spec's action space (0 to {v - 1})"),
            (np.array([-1, 0, 0]), EnvError, f"game 0: action id -1 is not in the spec's action space (0 to {v - 1})"),
            (illegal, EnvError,
             f"game 1: `{env.space.names[illegal[1]]}` (id {illegal[1]}) is not legal now for {seat}"),
        ]
        for ids, kind, message in cases:
            with pytest.raises(kind) as e:
                env.step(ids)
            assert str(e.value) == message
            now = {k: a.copy() for k, a in env._observations().items()}
            assert all(np.array_equal(before[k], now[k]) for k in before)
        obs, *_ = env.step(legal)  # and the batch goes on from where it was
        assert not np.array_equal(obs["observation"], before["observation"])


def test_workers_stop_when_the_batch_is_closed_or_dropped():
    env = CardspecVectorEnv("barbu", 4, seed=1, workers=3)  # (this process and two workers)
    env.reset()
    procs = list(env.pool.procs)
    assert len(procs) == 2 and all(p.is_alive() for p in procs)
    env.close()
    assert [p.exitcode for p in procs] == [0, 0]
    env.close()  # (again: nothing to do)
    with pytest.raises(RuntimeError) as e:
        env.step(np.zeros(4, np.int64))
    assert str(e.value) == "no games are in progress: call reset() first"
    with pytest.raises(RuntimeError) as e:
        env.reset()
    assert str(e.value) == "the batch is closed: make a new one"
    dropped = CardspecVectorEnv("barbu", 3, seed=1, workers=3)
    procs = list(dropped.pool.procs)
    del dropped
    gc.collect()
    assert [p.exitcode for p in procs] == [0, 0]


@pytest.mark.parametrize("workers, where, first", [(0, "everywhere", 0), (3, "everywhere", 0), (3, "in workers", 1)])
def test_a_failure_in_a_game_names_it_and_the_batch_must_be_reset(monkeypatch, workers, where, first):
    """(The workers are forked: the failure planted here is theirs too; "in workers": theirs only.)"""
    apply_id, here = Table.apply_id, os.getpid()

    def failing(self, i):
        if len(self.state.history) == 3 and (where == "everywhere" or os.getpid() != here):
            raise GameError("the rules failed here")
        apply_id(self, i)
    monkeypatch.setattr(Table, "apply_id", failing)
    with CardspecVectorEnv("barbu", 4, seed=1, workers=workers, context="fork") as env:
        obs, _ = env.reset()
        rng = np.random.default_rng(0)
        with pytest.raises(EnvError) as e:
            for _ in range(10):
                obs, *_ = env.step(random_ids(obs, rng))
        assert str(e.value) == f"game {first}: the rules failed here"
        with pytest.raises(EnvError) as e:
            env.step(random_ids(obs, rng))
        assert str(e.value) == (f"a game failed in the last step (game {first}: the rules failed here): "
                                "reset() the batch first")
        obs, _ = env.reset()
        env.step(random_ids(obs, rng))  # (the planted failure waits for each game's fourth move)


@pytest.mark.parametrize("kw, kind, message", [
    ({"num_envs": 0}, ValueError, "num_envs must be a whole number of at least 1, not 0"),
    ({"workers": -1}, ValueError, "workers must be a whole number of at least 0, not -1"),
    ({"rewards": "trick"}, ValueError, "rewards must be one of deal, game, not 'trick'"),
    ({"max_deals": 0}, ValueError, "max_deals must be a whole number of at least 1, not 0"),
    ({"seed": 1.5}, TypeError, "seed must be a whole number or None, not 1.5"),
])
def test_bad_settings_are_refused_with_the_reason(kw, kind, message):
    args = {"num_envs": 2, **kw}
    with pytest.raises(kind) as e:
        CardspecVectorEnv("barbu", **args)
    assert str(e.value) == message


def test_step_before_reset_is_refused():
    with CardspecVectorEnv("barbu", 2) as env, pytest.raises(RuntimeError) as e:
        env.step(np.zeros(2, np.int64))
    assert str(e.value) == "no games are in progress: call reset() first"


def test_the_example_of_docs_env_md_runs(capsys):
    import re

    text = (ROOT / "docs" / "env.md").read_text(encoding="utf-8")
    (example,) = [b for b in re.findall(r"```python\n(.*?)```", text, re.S) if "CardspecVectorEnv" in b]
    exec(compile(example, "docs/env.md", "exec"), {"__name__": "__example__"})  # noqa: S102 - the docs' own text
    assert capsys.readouterr().out.startswith("(8, ")

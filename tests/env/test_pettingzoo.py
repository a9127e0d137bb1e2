"""The PettingZoo environment of every spec, checked by PettingZoo's own test suite, with the
rewards, spaces and views it gives and no game held before `reset` nor after `close`."""

from __future__ import annotations

import random
import warnings

import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, render_test, seed_test  # noqa: E402

from interpreter.env import CardspecEnv  # noqa: E402
from interpreter.words.screen import describe  # noqa: E402
from tests.engine.test_conformance import ROOT, SPECS, settings  # noqa: E402

BRISCOLA = ROOT / "specs/briscola-chiamata/five.yaml"
spec_ids = [p.relative_to(ROOT / "specs").as_posix() for p in SPECS]


@pytest.fixture(autouse=True)
def quiet():
    """PettingZoo's advice (agents named `player_0`, a Box rather than a dict) is not ours to follow."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        yield


@pytest.mark.parametrize("spec, options", settings())
def test_pettingzoo_api_and_seed_tests_pass_on_every_spec_and_option_value(spec, options, capsys):
    api_test(CardspecEnv(spec, options=options, seed=1, max_deals=1), num_cycles=1000)
    assert "Passed API test" in capsys.readouterr().out
    seed_test(lambda: CardspecEnv(spec, options=options, max_deals=1))


@pytest.mark.parametrize("spec", SPECS, ids=spec_ids)
def test_pettingzoo_render_test_passes_on_every_spec(spec, capsys):
    render_test(lambda render_mode=None: CardspecEnv(spec, max_deals=1, render_mode=render_mode))
    assert "Deal 1" in capsys.readouterr().out  # what "human" printed


@pytest.mark.parametrize("rewards", ["deal", "game"])
def test_api_test_passes_on_games_that_end(rewards, capsys):
    api_test(CardspecEnv(BRISCOLA, options={"fixed_deals": 1}, seed=2, rewards=rewards), num_cycles=1000)
    assert "Passed API test" in capsys.readouterr().out


def play(env, seed):
    """A whole game of random legal ids; each agent's rewards as they came, turn by turn."""
    env.reset(seed=seed)
    rng = random.Random(seed)
    got = {a: [] for a in env.possible_agents}
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        got[agent].append(reward)
        env.step(None if terminated or truncated else rng.choice(list(obs["action_mask"].nonzero()[0])))
    return got


@pytest.mark.parametrize("rewards", ["deal", "game"])
def test_rewards_add_up_to_the_game_result(rewards):
    env = CardspecEnv(BRISCOLA, options={"fixed_deals": 2}, rewards=rewards)
    got = play(env, 4)
    returns = env.table.state.returns
    assert [sum(got[a]) for a in env.possible_agents] == returns and any(returns)
    first_deal = env.table.state.deals[0].scores
    before_the_end = [r for a in env.possible_agents for r in got[a][:-1]]
    if rewards == "game":
        assert not any(before_the_end)  # all at the end
    else:
        assert any(first_deal) and any(before_the_end)  # the first deal's scores came when it ended


def test_max_deals_truncates_and_game_rewards_are_the_totals_so_far():
    env = CardspecEnv(ROOT / "specs/barbu/barbu.yaml", max_deals=2, rewards="game")
    got = play(env, 9)
    st = env.table.state
    assert not st.is_terminal and len([d for d in st.deals if d.scores is not None]) == 2
    assert [sum(got[a]) for a in env.possible_agents] == st.totals


def test_agents_are_the_seats_and_spaces_have_the_spec_sizes():
    env = CardspecEnv("barbu", seed=0)
    env.reset()
    assert env.possible_agents == ["A", "B", "C", "D"]
    assert env.action_space("A").n == len(env.space)
    assert env.observation_space("B")["observation"].shape == (env.observer.size,)
    assert env.agent_selection == env.game.seat_names[env.table.current_player]


def test_render_ansi_is_the_table_seen_by_the_seat_to_act():
    env = CardspecEnv("barbu", seed=3, render_mode="ansi")
    env.reset()
    st = env.table.state
    assert env.render() == describe(st, st.current_player)


def test_no_game_is_in_progress_before_reset_nor_after_close():
    env = CardspecEnv("barbu")
    assert env.table is None
    env.reset(seed=1)
    assert env.table is not None
    env.close()
    assert env.table is None


def test_view_is_the_seats_view():
    env = CardspecEnv("rubicon", seed=3)
    env.reset()
    assert env.view("B") == env.table.state.view(1)


@pytest.mark.parametrize("kw, message", [
    ({"rewards": "trick"}, "rewards must be one of deal, game, not 'trick'"),
    ({"render_mode": "rgb_array"}, "render_mode must be one of human, ansi, not 'rgb_array'"),
    ({"max_deals": 0}, "max_deals must be a whole number of at least 1, not 0"),
])
def test_bad_arguments_are_refused_with_the_reason(kw, message):
    with pytest.raises(ValueError) as e:
        CardspecEnv("barbu", **kw)
    assert str(e.value) == message


def test_an_agent_of_the_engine_plays_through_the_env_by_ids_for():
    """The README's loop (with the random bot, which declares all it holds): an engine agent's
    choices, a declaration of several combinations included, reach the game unchanged."""
    from interpreter.players.agents import RandomAgent

    env = CardspecEnv("rubicon", max_deals=1)
    bot, rng = RandomAgent(seed=1), random.Random(1)
    env.reset(seed=7)
    chosen, plan = [], []
    for agent in env.agent_iter():
        obs, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
        elif agent == "A":
            if not plan:
                st = env.table.state
                chosen.append(bot.choose(st, st.current_player, st.legal_actions()).name)
                plan = env.table.ids_for(next(a for a in st.legal_actions() if a.name == chosen[-1]))
            env.step(plan.pop(0))
        else:
            env.step(rng.choice(obs["action_mask"].nonzero()[0]))
    history = env.table.state.history
    assert [a.name for p, a in history if p == 0] == chosen
    assert any(name.startswith("declare") and len(name.split()) > 3 for name in chosen)

"""Conformance: what every state of every shipped spec, with every option value, must do.

Modelled on OpenSpiel's random-simulation tests. For each spec and each option value (with
what it requires), random complete games are played and, at the first decision of every phase and at points
spread over each game:

- a clone is independent of its original in both directions (each plays on to the end of
  the deal while the other must not change);
- a state pickles and unpickles to an equal state (same history, legal list, views, totals,
  RNG), and the restored state plays on exactly like the original;
- an illegal action, by object or by name, raises `IllegalAction` and changes nothing;
- every seat's view is unchanged when the cards that seat cannot see are dealt again.

At every decision the legal list is not empty; at the end `legal_actions()` is empty and
`apply` raises `IllegalAction`, state unchanged; the record of the game replays (through
`helpers.checked_random_game`). `CARDSPEC_CONFORMANCE_GAMES=N` plays N games per setting.
"""

from __future__ import annotations

import os
import pickle
import random
from pathlib import Path

import pytest

from interpreter.compile.game import load_game
from interpreter.core.actions import Action
from interpreter.core.errors import IllegalAction, SpecErrors
from interpreter.load.pipeline import resolve
from tests.helpers import (
    checked_random_game,
    option_values,
    unseen_redealt,
    with_requirements,
)

ROOT = Path(__file__).resolve().parents[2]
SPECS = sorted((ROOT / "specs").rglob("*.yaml"))
GAMES = int(os.environ.get("CARDSPEC_CONFORMANCE_GAMES", "1"))
CHECKS_PER_GAME = 6


def settings():
    out = []
    for spec in SPECS:
        rel = spec.relative_to(ROOT / "specs").as_posix()
        declared = resolve(spec).data.get("options") or {}
        out.append(pytest.param(spec, {}, id=f"{rel}:defaults"))
        for name, value in option_values(declared):
            out.append(pytest.param(spec, with_requirements(declared, {name: value}), id=f"{rel}:{name}={value}"))
    return out


def fingerprint(state) -> tuple:
    """Everything observable of a state: who acts, what is legal, every view, the scores, the history,
    and the RNG that decides the deals to come."""
    return (state.current_player, state.is_terminal, [a.name for a in state.legal_actions()],
            [state.view(p) for p in range(state.n)], list(state.totals), [d.scores for d in state.deals],
            [(p, a.name) for p, a in state.history], state.chance_seed, state.chances)


def check_clone_independent(state, rng) -> None:
    before = fingerprint(state)
    twin = state.clone()
    assert fingerprint(twin) == before
    legal = twin.legal_actions()
    twin.apply(legal[rng.randrange(len(legal))])  # the clone moves on: the original does not
    play_to_end_of_deal(twin, rng)
    assert fingerprint(state) == before
    original = state.clone()  # (a stand-in for `state`, which the caller goes on with)
    twin = original.clone()
    original.apply(original.legal_actions()[-1])  # the original moves on: its clone does not
    play_to_end_of_deal(original, rng)
    assert fingerprint(twin) == before


def play_to_end_of_deal(state, rng) -> None:
    deal = state.deal_number
    while not state.is_terminal and state.deal_number == deal:
        state.apply(rng.choice(state.legal_actions()))


def check_pickle_round_trip(state, rng) -> None:
    again = pickle.loads(pickle.dumps(state))
    assert fingerprint(again) == fingerprint(state)
    copy = state.clone()  # both play on with the same choices and stay equal
    for _ in range(5):
        if copy.is_terminal:
            break
        k = rng.randrange(len(copy.legal_actions()))
        copy.apply(copy.legal_actions()[k])
        again.apply(again.legal_actions()[k])
        assert fingerprint(again) == fingerprint(copy)


def check_illegal_refused(state) -> None:
    before = fingerprint(state)
    legal = {a.name for a in state.legal_actions()}
    others = [a for _, a in state.history if a.name not in legal]
    for action in [*others[-3:], Action("nonsense", None, "no such move")]:
        with pytest.raises(IllegalAction):
            state.apply(action)
        assert fingerprint(state) == before
    with pytest.raises(IllegalAction):
        state.apply("no such move")
    assert fingerprint(state) == before


def check_views_hide_unseen(state, rng) -> None:
    for seat in range(state.n):
        assert unseen_redealt(state, seat, rng).view(seat) == state.view(seat)


@pytest.mark.parametrize("spec, options", settings())
def test_states_clone_pickle_refuse_and_hide_as_promised(spec, options, tmp_path):
    try:
        game = load_game(spec, options=options)
    except SpecErrors as e:  # a combination the spec refuses (tested in test_option_pairs)
        assert all(" needs `" in err.message for err in e.errors)
        return
    for seed in range(GAMES):
        final = checked_random_game(game, seed, tmp_path / f"game{seed}.yaml", spec)
        steps = len(final.history)
        points = set(random.Random(seed).sample(range(steps), min(CHECKS_PER_GAME, steps)))
        rng = random.Random(seed)
        state = game.new_state(seed)  # the same game again (the same choices), checked on the way
        phases_seen = set()
        for k, (_, action) in enumerate(final.history):
            assert state.legal_actions(), f"no legal action at step {k}"
            if state.phase.name not in phases_seen:  # and the first decision of every phase
                phases_seen.add(state.phase.name)
                points.add(k)
            if k in points:
                check_clone_independent(state, rng)
                check_pickle_round_trip(state, rng)
                check_illegal_refused(state)
                check_views_hide_unseen(state, rng)
            state.apply(action.name)
        assert state.is_terminal and state.legal_actions() == []
        before = fingerprint(state)
        with pytest.raises(IllegalAction, match="the game is over"):
            state.apply(final.history[-1][1])
        assert fingerprint(state) == before
        assert fingerprint(pickle.loads(pickle.dumps(state))) == before


def test_a_world_imagined_for_a_seat_refuses_to_pickle_with_a_reason():
    from interpreter.core.errors import GameError

    game = load_game(ROOT / "specs" / "barbu" / "barbu.yaml")
    world = game.new_state(1).sampled_for(0, random.Random(1))
    with pytest.raises(GameError, match="pickle the state it was sampled from"):
        pickle.dumps(world)


def test_a_game_pickles_as_its_source_and_comes_back_compiled_once():
    game = load_game(ROOT / "specs" / "piquet" / "rubicon.yaml", options={"deal": "threes"})
    again = pickle.loads(pickle.dumps(game))
    assert again.options == game.options and again.title == game.title
    assert pickle.loads(pickle.dumps(game)) is again  # compiled once per process


def test_an_action_of_another_phase_is_refused_by_its_name_with_the_choices():
    game = load_game(ROOT / "specs" / "barbu" / "barbu.yaml")
    state = game.new_state(3)
    rng = random.Random(3)
    while state.phase.name != "play":
        state.apply(rng.choice(state.legal_actions()))
    chosen = next(a for _, a in state.history if a.name.startswith("contract "))
    before = fingerprint(state)
    with pytest.raises(IllegalAction) as refused:
        state.apply(chosen)
    legal = ", ".join(a.name for a in state.legal_actions()[:12])
    assert refused.value.message == f"`{chosen.name}` is not a move here; you may: {legal}"
    assert fingerprint(state) == before


def test_a_game_compiled_from_a_document_says_why_it_cannot_be_pickled():
    from interpreter.compile.game import Compiler
    from interpreter.core.errors import GameError
    from interpreter.load.loading import load

    game = Compiler(load(ROOT / "specs" / "barbu" / "barbu.yaml")).compile()
    with pytest.raises(GameError, match="only a game made by load_game can be pickled"):
        pickle.dumps(game)

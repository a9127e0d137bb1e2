"""The project's errors are one family, and a refused action says why as data."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import random
from pathlib import Path

import pytest

import interpreter
from interpreter.compile.game import load_game
from interpreter.core.errors import CardspecError, IllegalAction, Refusal

ROOT = Path(__file__).resolve().parents[2]
BARBU = load_game(ROOT / "specs" / "barbu" / "barbu.yaml")


def modules():
    for info in pkgutil.walk_packages(interpreter.__path__, "interpreter."):
        if info.name.startswith("interpreter.env.") or info.name == "interpreter.__main__":
            continue  # optional extras (their imports may be absent), and the script that runs the CLI
        yield importlib.import_module(info.name)


def test_every_public_exception_of_the_project_derives_from_the_root():
    found = set()
    for module in modules():
        for name, cls in inspect.getmembers(module, inspect.isclass):
            if issubclass(cls, BaseException) and cls.__module__ == module.__name__ and not name.startswith("_"):
                found.add(cls)
    assert {c.__name__ for c in found} >= {"SpecError", "SpecErrors", "GameError", "GameFault", "IllegalAction",
                                           "ReplayError", "ExprError", "Refused", "UsageError", "UnknownGame",
                                           "BrokenInstall"}
    assert [c.__name__ for c in found if not issubclass(c, CardspecError)] == []


def in_play(seed=2):
    """A Barbu state at the first card of No Tricks (the declarer's choice), no doubles."""
    state = BARBU.new_state(seed)
    state.apply("contract no_tricks")
    while state.phase.name != "play":
        state.apply("pass")
    return state


def refusal(state, action) -> IllegalAction:
    with pytest.raises(IllegalAction) as refused:
        state.apply(action)
    return refused.value


def test_a_card_not_held_is_refused_as_not_held():
    state = in_play()
    p = state.current_player
    other = next(c for c in range(52) if c not in state.hands[p])
    refused = refusal(state, state.game.pack.names[other].join(["play ", ""]))
    assert (refused.kind, refused.rule) == (Refusal.NOT_HELD, None)


def test_a_card_that_breaks_a_rule_names_the_rule():
    state = in_play()
    rng = random.Random(1)
    while True:  # play on until somebody holds the led suit and another card
        state.apply(rng.choice(state.legal_actions()))
        if state.trick_cards and len(state.legal_actions()) < len(state.hands[state.current_player]):
            break
    legal = set(state.legal_actions())
    wrong = next(c for c in state.hands[state.current_player] if c not in legal)
    refused = refusal(state, f"play {state.game.pack.names[wrong]}")
    assert (refused.kind, refused.rule) == (Refusal.RULE, "follow suit")


def test_no_such_move_another_phases_move_and_after_the_end():
    state = in_play()
    assert refusal(state, "double B").kind is Refusal.NOT_A_MOVE
    first = BARBU.new_state(2)
    named = next(a for a in first.legal_actions() if a.name == "contract no_tricks")
    assert refusal(state, named).kind is Refusal.NOT_A_MOVE
    finished = BARBU.new_state(1)
    rng = random.Random(1)
    while not finished.is_terminal:
        finished.apply(rng.choice(finished.legal_actions()))
    assert refusal(finished, "pass").kind is Refusal.GAME_OVER
    assert refusal(finished, named).kind is Refusal.GAME_OVER


@pytest.mark.parametrize("make", [int, float, lambda c: True, lambda c: None, lambda c: [c]])
def test_a_value_equal_to_a_legal_card_but_not_an_action_is_refused_the_state_unchanged(make):
    """A card is a number too, so `5 == card`: apply() still takes only actions (or their names),
    never a number for the card it equals, which would enter the tricks as a bare number."""
    state = in_play()
    card = state.legal_actions()[0]
    before = (state.current_player, len(state.history), state.view(state.current_player))
    refused = refusal(state, make(card))
    assert refused.kind is Refusal.NOT_A_MOVE and "is not an action" in str(refused)
    assert (state.current_player, len(state.history), state.view(state.current_player)) == before
    state.apply(card)  # the card itself is still legal, and taken
    assert state.history[-1][1] is card

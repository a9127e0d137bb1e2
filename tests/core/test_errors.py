"""The project's errors are one family: a spec error renders its place, its line and a caret (and
counts the errors not shown), an error keeps its message and kind across a pickle, a list of
choices reads as words, and a refused action says why as data."""

from __future__ import annotations

import importlib
import inspect
import pickle
import pkgutil
import random
from pathlib import Path

import pytest

import interpreter
from interpreter.compile.game import load_game
from interpreter.core.actions import Action
from interpreter.core.errors import (
    MAX_LINE,
    MAX_SHOWN,
    CardspecError,
    GameError,
    IllegalAction,
    Refusal,
    SpecError,
    SpecErrors,
    one_of,
)

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


def test_an_error_renders_its_place_line_and_caret():
    e = SpecError("unknown name `x`", "a.yaml", 3, 9, source_line="  score: x + 1\n", hint="did you mean `y`?")
    assert e.render() == "a.yaml:3:9: unknown name `x`\n      score: x + 1\n            ^\n  hint: did you mean `y`?"
    assert SpecError("no place").render() == "<spec>: no place"
    assert str(SpecError("m", "f.yaml", 2)) == "f.yaml:2: m"


def test_an_invisible_character_is_shown_escaped_with_its_backslash():
    assert SpecError("bad \x0b here", "a.yaml").render() == "a.yaml: bad \\x0b here"
    assert SpecError("zero\u200bwidth").render() == "<spec>: zero\\u200bwidth"


def test_a_long_line_is_cut_to_a_window_around_the_caret():
    src = "k: " + "".join(f"{i:04d}," for i in range(100))  # 503 characters
    at = src.index("0050") + 1
    text = SpecError("here", "a.yaml", 1, at, source_line=src).render().split("\n")
    start = at - 1 - MAX_LINE // 2
    assert text[1] == "    …" + src[start:start + MAX_LINE] + "…"
    assert text[2] == "    " + " " * (MAX_LINE // 2 + 1) + "^"  # under the `0050` it points at
    assert text[1][text[2].index("^"):].startswith("0050")
    end = SpecError("end", "a.yaml", 1, len(src), source_line=src).render().split("\n")
    assert end[1] == "    …" + src[-MAX_LINE:] and end[2].index("^") == len(end[1]) - 1


def test_the_errors_past_the_first_ones_are_counted():
    one_more = SpecErrors([SpecError(f"e{i}", "a.yaml", i + 1) for i in range(MAX_SHOWN + 1)])
    assert one_more.render().split("\n")[-1] == "... and 1 more error"
    assert SpecErrors([SpecError("e", "a.yaml", i + 1) for i in range(MAX_SHOWN + 3)]).render().endswith(
        "\n... and 3 more errors")
    assert one_more.args == (f"{MAX_SHOWN + 1} error(s)",)


def test_game_errors_say_their_message_and_keep_their_kind_across_a_pickle():
    assert str(GameError("deal 2: wrong total")) == "deal 2: wrong total"
    refused = pickle.loads(pickle.dumps(IllegalAction("not now", None, Refusal.NOT_A_MOVE)))
    assert (str(refused), refused.kind) == ("not now", Refusal.NOT_A_MOVE)
    assert IllegalAction("x", "follow suit").kind is Refusal.RULE


@pytest.mark.parametrize("choices, text", [
    ([], ""), (["a"], "`a`"), (["a", "b"], "`a` or `b`"), (["a", "b", "c"], "`a`, `b` or `c`")])
def test_a_readable_list_of_choices(choices, text):
    assert one_of(choices) == text


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


def test_an_action_object_not_the_engines_is_refused_as_foreign_even_when_its_name_is_legal():
    st = load_game(Path(__file__).resolve().parents[2] / "specs" / "barbu" / "barbu.yaml").new_state(4)
    with pytest.raises(IllegalAction) as e:
        st.apply(Action("contract", "trumps", "contract trumps"))
    assert (e.value.kind, e.value.message) == (Refusal.FOREIGN, "`contract trumps` is legal here, but this is "
                                               "another phase's action: apply it by name, or one from legal_actions()")
    st.apply("contract trumps")  # by name it is taken

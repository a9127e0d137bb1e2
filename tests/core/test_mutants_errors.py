"""Errors and action names, as mutation testing found them unchecked: how an error renders
(its place, an escaped invisible character, the caret under a long line's window, the count of
errors not shown), the exceptions' own text, the readable list of choices, and the matching of
typed names."""

from __future__ import annotations

import pickle

import pytest

from interpreter.core.actions import Action, Card, match_key
from interpreter.core.errors import (
    MAX_LINE,
    MAX_SHOWN,
    GameError,
    IllegalAction,
    Refusal,
    SpecError,
    SpecErrors,
    one_of,
)


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


@pytest.mark.parametrize("typed, key", [
    ("  Play   10S ", "play ts"), ("10h", "th"), ("QH Bella", "qh bella"), ("10x", "10x"), ("abc", "abc"),
    ("100", "100"), ("bid 10", "bid 10")])
def test_names_match_case_blind_with_ten_read_as_t(typed, key):
    assert match_key(typed) == key


def test_an_action_and_a_card_say_their_name_and_a_card_crosses_a_pickle_whole():
    assert str(Action("bid", 3, "bid 3")) == repr(Action("bid", 3, "bid 3")) == "bid 3"
    kind = Card.of_pack(["QS", "TH"])
    ten = kind(1)
    assert (ten.name, repr(ten), str(ten), ten.arg, ten.kind) == ("play TH", "play TH", "play TH", 1, "play")
    back = pickle.loads(pickle.dumps(ten))
    assert type(back) is kind and back == 1 and back.name == "play TH"


def test_an_action_object_not_the_engines_is_refused_as_foreign_even_when_its_name_is_legal():
    from pathlib import Path

    from interpreter.compile.game import load_game

    st = load_game(Path(__file__).resolve().parents[2] / "specs" / "barbu" / "barbu.yaml").new_state(4)
    with pytest.raises(IllegalAction) as e:
        st.apply(Action("contract", "trumps", "contract trumps"))
    assert (e.value.kind, e.value.message) == (Refusal.FOREIGN, "`contract trumps` is legal here, but this is "
                                               "another phase's action: apply it by name, or one from legal_actions()")
    st.apply("contract trumps")  # by name it is taken

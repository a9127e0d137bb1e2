"""The spec's `functions:`: a function may not take a name of the language; functions that use
each other in a cycle, or use a broken one, are reported once each at their own place, and an
error beside them still is; only a function that does some work is remembered; a function's
index must be proved in range, and its failure in play is placed at the function."""

from __future__ import annotations

import pytest

from interpreter.compile.game import load_game
from interpreter.core.errors import SpecErrors
from tests.expr.test_memo import remembered_functions
from tests.phases.table import game

HEAD = "game: T\nseats: [X, Y, Z]\npack:\n  suits: [S, H, D]\n  ranks: [A, K, Q, J]\n"
BODY = """phases:
  deal: {hand_size: 4}
  play:
  score:
contracts:
  game:
    score: SCORE
functions:
"""


def spec(functions: str, score: str = "tricks_won") -> str:
    return HEAD + BODY.replace("SCORE", score) + functions


def errors(text: str) -> list[tuple[int, int, str]]:
    with pytest.raises(SpecErrors) as e:
        load_game("t.yaml", text=text)
    return [(x.line, x.column, x.message) for x in e.value.errors]


def test_a_function_may_not_take_a_name_or_a_function_of_the_language():
    assert errors(spec("  dealer:\n    value: 1\n  left:\n    params: {p: seat}\n    value: p\n")) == [
        (14, 3, "`dealer` is already a name of the game (the dealer of this deal); choose another"),
        (16, 3, "`left` is already a name of the game (the seat to the left (clockwise)); choose another")]


def test_functions_in_a_cycle_are_reported_once_each_and_their_uses_not_at_all():
    text = spec("  loop_a:\n    value: loop_b + 1\n  loop_b:\n    value: loop_a + 1\n", score="loop_a")
    assert errors(text) == [
        (15, 12, "unknown name `loop_b` (the functions use each other in a cycle)"),
        (17, 12, "unknown name `loop_a` (the functions use each other in a cycle)")]


def test_a_broken_function_is_reported_and_what_uses_it_is_not():
    text = spec("  broken:\n    value: tricks_won + nonsense\n  user:\n    value: broken + 1\n", score="user")
    assert errors(text) == [(15, 25, "unknown name `nonsense`")]


def game_errors(text) -> list[tuple[str, int | None, int | None]]:
    with pytest.raises(SpecErrors) as e:
        game(text)
    return [(x.message, x.line, x.column) for x in e.value.errors]


def test_an_error_beside_a_broken_function_is_still_reported():
    text = """
phases:
  deal: {hand_size: 4}
  score:
functions:
  broken:
    value: nonsense + 1
contracts:
  game:
    score: broken + tricks_won
match:
  deals: misspelt
"""
    assert game_errors(text) == [("unknown name `nonsense`", 14, 12), ("unknown name `misspelt`", 19, 10)]


def test_only_a_function_that_does_some_work_is_remembered():
    functions = """  constant:
    value: 5
  one_call:
    value: count(hand) + 1
  two_calls:
    value: count(hand) + count(won)
  asks:
    value: constant + constant + one_call + one_call + two_calls + two_calls
"""
    assert remembered_functions(spec(functions)) == {"two_calls", "asks"}


def test_a_function_asked_in_the_list_a_loop_walks_counts_as_asked():
    functions = """  spades:
    value: filter(c in hand where c.suit == S and count(won) >= 0)
  asks:
    value: count(c in spades where c.rank == A) + count(c in spades where c.rank == K)
"""
    assert remembered_functions(spec(functions)) == {"spades", "asks"}


def test_a_function_s_index_must_be_proved_in_range_as_any_expression_s():
    assert errors(spec("  second:\n    value: tricks[2].winner\n")) == [
        (15, 19, "`tricks[2]` may be out of range here (nothing shows that `tricks` has 2 items), and taking "
                 "it would stop the game")]


def test_a_function_that_fails_in_play_is_named_at_its_own_place():
    from interpreter.core.errors import GameFault

    text = spec("  odd:\n    value: if tricks_won + 1.5 >= 1 and tricks_won + 1.5 <= 2 then [1, 2][tricks_won + 1.5]"
                " else 0\n", score="odd")
    st = load_game("t.yaml", text=text).new_state(1)
    with pytest.raises(GameFault) as e:
        while not st.is_terminal:
            st.apply(st.legal_actions()[0])
    assert str(e.value).startswith("t.yaml:15:")

"""Numbers stay within 10^18: a larger number written, folded while compiling or grown by a
product while playing is an error at its place, the same on the generated path and the
closures, never Python's error text."""

from __future__ import annotations

import random

import pytest

from interpreter.compile.game import load_game
from interpreter.core.errors import GameFault, SpecErrors
from interpreter.expr.checker import MAX_NUMBER

SPEC = """\
game: Numbers
seats: [A, B]
pack:
  suits: [S, H]
  ranks: [A, K, Q]
functions:
  f0: {value: 1000000}
  f1: {value: f0 * f0 * f0}
phases:
  deal:
    hand_size: 3
  play:
  score:
contracts:
  most:
    name: Tricks
    score: SCORE
"""


def errors(tmp_path, score):
    with pytest.raises(SpecErrors) as caught:
        load_game(tmp_path / "n.yaml", text=SPEC.replace("SCORE", score))
    return [(e.line, e.column, e.message) for e in caught.value.errors]


def test_the_bound_is_ten_to_the_eighteenth():
    assert MAX_NUMBER == 10 ** 18


def test_a_number_written_larger_than_the_bound_is_an_error_at_its_place(tmp_path):
    assert errors(tmp_path, "tricks_won + 1000000000000000001") == [
        (17, 25, "this number is too large: numbers are at most 10^18 in size")]


def test_a_number_at_the_bound_is_accepted(tmp_path):
    load_game(tmp_path / "n.yaml", text=SPEC.replace("SCORE", "tricks_won + 1000000000000000000 - f1"))


def test_a_constant_that_folds_beyond_the_bound_is_an_error_at_its_product(tmp_path):
    assert errors(tmp_path, "tricks_won + 1000000000 * 1000000000 * 10") == [
        (17, 25, "the result of `1000000000 * 1000000000 * 10` is too large: numbers are at most 10^18 in size")]


@pytest.mark.parametrize("generated", [True, False], ids=["generated", "closures"])
def test_a_product_that_grows_beyond_the_bound_in_play_stops_the_game_at_its_place(tmp_path, generated):
    text = SPEC.replace("SCORE", "f1 * (tricks_won + 1) * (tricks_won + 1)")
    game = load_game(tmp_path / "n.yaml", text=text, generated=generated)
    state = game.new_state(1)
    with pytest.raises(GameFault) as caught:
        state.playout(random.Random(1).choice, whole_game=True)
    fault = caught.value
    # a seat that won a trick doubles f1 = 10^18 in the first product
    assert fault.message.startswith("the result of `f1 * (tricks_won + 1)` is too large: numbers are at most "
                                    "10^18 in size (deal 1")
    assert (fault.line, fault.column) == (17, 12)

"""A `range` lists at most 10,000 numbers: a longer one is refused at its call, before it is made,
the same on the generated path and the closures."""

from __future__ import annotations

import random

import pytest

from interpreter.compile.game import load_game
from interpreter.compile.scope import MAX_RANGE
from interpreter.core.errors import GameFault

SPEC = """\
game: Ranges
seats: [A, B]
pack:
  suits: [S, H]
  ranks: [A, K, Q]
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


def test_a_range_may_list_ten_thousand_numbers(tmp_path):
    assert MAX_RANGE == 10_000
    game = load_game(tmp_path / "r.yaml", text=SPEC.replace("SCORE", "count(range(1, 10000)) - 10000 + tricks_won"))
    state = game.new_state(2)
    state.playout(random.Random(2).choice, whole_game=True)
    assert sum(state.totals) == 2 * 3  # every trick of every deal counted once (2 deals of 3 tricks)


@pytest.mark.parametrize("generated", [True, False], ids=["generated", "closures"])
def test_a_range_that_grows_too_long_in_play_stops_the_game_at_its_call(tmp_path, generated):
    text = SPEC.replace("SCORE", "count(range(1, 10000 * (tricks_won + 1)))")
    game = load_game(tmp_path / "r.yaml", text=text, generated=generated)
    with pytest.raises(GameFault) as caught:
        game.new_state(1).playout(random.Random(1).choice, whole_game=True)
    fault = caught.value
    assert fault.message.startswith("`range(1, 10000 * (tricks_won + 1))` would list 40,000 numbers; a range lists "
                                    "at most 10,000 (deal 1")
    assert (fault.line, fault.column) == (14, 18)  # (the seat that won all 3 tricks)

"""`validate` behaviour that mutation testing found unchecked: a number option without a
least value is checked from 0."""

from __future__ import annotations

import io

from interpreter.cli import run

NUMBERS = """game: numbers
title: Numbers
seats: [X, Y, Z]
direction: clockwise
pack: {suits: [S, H, D], ranks: [A, K, Q, J]}
phases:
  deal: {hand_size: 4}
  play:
  score:
contracts:
  game:
    score: tricks_won
options:
  share:
    description: tricks are worth a share of twelve
    default: "off"
    choices:
      "off": {}
    number:
      max: 6
      changes:
        contracts: {game: {score: 12 // share}}
"""


def test_a_number_option_without_a_least_value_is_checked_with_0(tmp_path):
    spec = tmp_path / "n.yaml"
    spec.write_text(NUMBERS)
    out, err = io.StringIO(), io.StringIO()
    assert run(["validate", str(spec)], out, err) == 3
    assert err.getvalue().splitlines()[0] == (
        f"{spec}:22:41: `share` may be 0 here, and a division by it would stop the game (with --option share=0)")

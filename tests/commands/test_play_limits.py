"""`play` ends: a game whose spec bounds no number of deals stops after a default limit, with the
record saved as interrupted; `--deals` sets another."""

from __future__ import annotations

import io

import yaml

from interpreter.cli import run
from interpreter.commands.play import MAX_DEALS
from interpreter.core.errors import EXIT_OK

FOREVER = """\
game: Forever
seats: [A, B]
pack:
  suits: [S, H]
  ranks: [A, K]
phases:
  deal:
    hand_size: 2
  play:
  score:
contracts:
  most:
    score: tricks_won
match:
  ends_when: total_score > 100000
"""


def play(tmp_path, *more):
    spec = tmp_path / "forever.yaml"
    spec.write_text(FOREVER)
    out, err = io.StringIO(), io.StringIO()
    code = run(["play", spec, "--seats", "random,random", "--seed", "1", "--quiet", "--record",
                tmp_path / "game.yaml", *more], out, err)
    return code, out.getvalue(), err.getvalue(), yaml.safe_load((tmp_path / "game.yaml").read_text())


def scored(record) -> list:
    """The deals of a record played to their scores (the next deal, dealt when play stopped, has none)."""
    return [d for d in record["deals"] if "scores" in d]


def test_a_game_that_does_not_end_stops_at_the_default_limit_and_says_so(tmp_path):
    assert MAX_DEALS == 1000
    code, out, err, record = play(tmp_path)
    assert (code, err) == (EXIT_OK, "")
    assert "The game has not ended after 1000 deals: stopped (`--deals N` plays more)." in out
    assert len(scored(record)) == 1000 and record["interrupted"] is True


def test_deals_sets_the_limit(tmp_path):
    code, out, err, record = play(tmp_path, "--deals", "3")
    assert code == EXIT_OK and len(scored(record)) == 3 and "has not ended" not in out

"""`validate` plays what it cannot prove: a few seeded games of random legal moves find a declared total
that does not hold, a seat with no legal choice or a round of calls that never ends, each reported at
the spec line that made it (exit 3), the same way `play` and `simulate` report it."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

from interpreter.cli import run
from interpreter.compile.game import load_game
from interpreter.compile.trial import MAX_DECISIONS, trial_errors
from interpreter.core.errors import EXIT_OK, EXIT_SPEC

BARBU = Path(__file__).resolve().parents[2] / "specs" / "barbu" / "barbu.yaml"


def cli(*argv):
    out, err = io.StringIO(), io.StringIO()
    code = run([str(a) for a in argv], out, err)
    return code, out.getvalue(), err.getvalue()


def first_error(err: str) -> str:
    return err.splitlines()[0]


@pytest.fixture
def here(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_dearer_queens_break_the_game_total_the_base_declares(here):
    (here / "queens.yaml").write_text("extends: barbu\ncontracts:\n  no_queens:\n"
                                      "    score: -10 * count(c in won where c.rank == Q)\n    total: -40\n")
    code, out, err = cli("validate", "queens.yaml")
    assert code == EXIT_SPEC
    line = BARBU.read_text().splitlines().index("  total: 0                    # the four game totals always sum to 0") + 1
    assert first_error(err) == (f"{BARBU}:{line}:3: the game totals 290 -285 171 -240 sum to -64, but the spec "
                                "declares a game total of 0 (at the end of the game, after deal 28; seed 1)")
    code, out, err = cli("simulate", "queens.yaml", "--games", "1")  # the same fault, the same place and words
    assert code == EXIT_SPEC and re.fullmatch(
        rf"{re.escape(str(BARBU))}:{line}:3: the game totals [-0-9 ]+ sum to -64, but the spec declares a game "
        r"total of 0 \(at the end of the game, after deal 28; seed 1\)", first_error(err))


def test_a_deal_total_that_does_not_hold_is_found_at_its_line(here):
    (here / "tricks.yaml").write_text("extends: barbu\ncontracts:\n  no_tricks:\n    total: -25\n")
    code, out, err = cli("validate", "tricks.yaml")
    assert code == EXIT_SPEC
    assert first_error(err).startswith("tricks.yaml:4:5: the raw scores of No Tricks ")
    assert "sum to -26, but the contract declares a total of -25 (deal " in first_error(err)


def test_a_deal_too_big_through_a_function_is_refused_at_the_hand_size(here):
    (here / "big.yaml").write_text("extends: barbu\n+functions:\n  cards: {value: 14}\n"
                                   "phases:\n  deal:\n    hand_size: cards\n")
    code, out, err = cli("validate", "big.yaml")
    assert code == EXIT_SPEC and first_error(err) == "big.yaml:6:16: the deal gives 56 cards (4 x 14) but the pack has 52"


NO_END = """\
game: No end
seats: [A, B]
pack:
  suits: [S, H]
  ranks: [A, K, Q]
phases:
  deal:
    hand_size: 3
  auction:
    bids: [1, 2, 3]
    pass_is_final: false
    ends_when: false
  play:
  score:
contracts:
  most:
    score: tricks_won
"""


def test_a_round_of_calls_that_never_ends_is_found_at_its_phase(tmp_path):
    errors = trial_errors(load_game(tmp_path / "n.yaml", text=NO_END))
    assert [(e.line, e.message.split(" (")[0]) for e in errors] == [
        (9, f"deal 1 has taken {MAX_DECISIONS:,} decisions without ending: does a round of calls never end?")]


def test_every_shipped_spec_plays_its_trial_cleanly():
    code, out, err = cli("validate", Path(__file__).resolve().parents[2] / "specs")
    assert (code, err) == (EXIT_OK, "")

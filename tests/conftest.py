"""Fixtures every test gets, and the slow tests marked (`pytest -m "not slow"` is the quick selection)."""

from __future__ import annotations

from pathlib import Path

import pytest

# the files whose tests play every shipped spec with every option, or thousands of games: the whole
# suite runs them (CI does), the quick selection leaves them out
SLOW = {
    "commands/test_fuzz.py", "compile/test_differential.py", "compile/test_schema_walk.py",
    "engine/test_conformance.py", "env/test_encoding.py", "env/test_openspiel.py", "env/test_pettingzoo.py",
    "games/test_option_pairs.py", "games/test_playthroughs.py", "players/test_bots.py", "players/test_sampler.py",
    "record/test_record_replay.py", "study/test_simulate_output.py", "words/test_rules.py", "words/test_screen.py",
    "web/test_every_spec.py",
}
TESTS = Path(__file__).resolve().parent


def pytest_collection_modifyitems(config, items):
    for item in items:
        where = Path(str(item.fspath)).resolve()
        if where.is_relative_to(TESTS) and where.relative_to(TESTS).as_posix() in SLOW:
            item.add_marker(pytest.mark.slow)


@pytest.fixture(autouse=True)
def _no_progress_lines(monkeypatch):
    """Off a terminal, a long run prints a progress line every 2 s of wall time; on a busy
    machine even a short run in a test may take that long and print one. The tests see none,
    except those about progress, which set `progress.EVERY` themselves (or undo this)."""
    from interpreter.commands import progress

    monkeypatch.setattr(progress, "EVERY", float("inf"))

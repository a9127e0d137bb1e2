"""Fixtures every test gets."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _no_progress_lines(monkeypatch):
    """Off a terminal, a long run prints a progress line every 2 s of wall time; on a busy
    machine even a short run in a test may take that long and print one. The tests see none,
    except those about progress, which set `progress.EVERY` themselves (or undo this)."""
    from interpreter.commands import progress

    monkeypatch.setattr(progress, "EVERY", float("inf"))

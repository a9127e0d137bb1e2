"""The progress of a long run (interpreter/commands/progress.py): the plain lines' interval and
rate on a clock the test sets, a run with no rate, the part of the run named on a terminal,
and plain lines when rich cannot be loaded."""

from __future__ import annotations

import io
import sys
from types import SimpleNamespace

from interpreter.commands import progress


class Terminal(io.StringIO):
    def isatty(self):
        return True


def clock(monkeypatch, *times):
    ticks = iter(times)
    monkeypatch.setattr(progress, "time", SimpleNamespace(perf_counter=lambda: next(ticks)))


def test_lines_come_at_the_interval_with_the_rate_of_the_counted_unit(monkeypatch):
    monkeypatch.setattr(progress, "EVERY", 1.0)
    clock(monkeypatch, 100.0, 102.0, 102.5, 104.0)
    err = io.StringIO()
    with progress.Progress(SimpleNamespace(err=err), 3, "games", "deals") as bar:
        bar.advance(28)  # at 102: 2 s after the start, a line
        bar.advance(28)  # at 102.5: half a second after the last line, none
        bar.advance()  # at 104: nothing more counted
    assert bar.counted == 56
    assert err.getvalue().splitlines() == ["  1/3 games, 14 deals/s", "  3/3 games, 14 deals/s"]


def test_a_run_without_a_rate_shows_its_count_alone(monkeypatch):
    monkeypatch.setattr(progress, "EVERY", -1)
    err = io.StringIO()
    with progress.Progress(SimpleNamespace(err=err), 2, "records") as bar:
        bar.advance()
        bar.advance()
    assert err.getvalue().splitlines() == ["  1/2 records", "  2/2 records"]


def test_the_part_of_the_run_is_named_before_the_bar_on_a_terminal():
    err = Terminal()
    with progress.Progress(SimpleNamespace(err=err), 2, "games", "deals") as bar:
        bar.describe("the second spec")
        bar.advance(3)
        bar.advance(3)
    assert "the second spec" in err.getvalue() and "2/2" in err.getvalue()


def test_without_rich_a_terminal_gets_the_plain_lines(monkeypatch):
    monkeypatch.setitem(sys.modules, "rich.progress", None)  # importing it fails
    monkeypatch.setattr(progress, "EVERY", -1)
    err = Terminal()
    with progress.Progress(SimpleNamespace(err=err), 1, "games") as bar:
        bar.describe("ignored without a bar")
        bar.advance()
    assert bar.bar is None and err.getvalue().splitlines() == ["  1/1 games"]

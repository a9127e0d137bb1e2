"""The command line's last lines of defence, as mutation testing found them unchecked: an
interrupt, an error nothing else caught, a version that cannot be read, and `python -m`."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import pytest

from interpreter import cli
from interpreter.commands import inspect as inspect_command

ROOT = Path(__file__).resolve().parents[2]
REPORT = "please report it with the command that caused it (CARDSPEC_DEBUG=1 shows where it happened)\n"


def test_an_interrupt_is_said_in_one_word_with_its_exit_code(monkeypatch, capsys):
    def interrupted(*args):
        raise KeyboardInterrupt
    monkeypatch.setattr(cli, "run", interrupted)
    assert cli.main(["list"]) == 130
    assert capsys.readouterr().err == "interrupted\n"


@pytest.mark.parametrize("error, what", [
    (RecursionError("maximum recursion depth exceeded"), "too deeply nested"),
    (MemoryError(), "out of memory"),
    (KeyError("x"), "KeyError: 'x'"),
    (RuntimeError(), "RuntimeError"),
])
def test_an_error_nothing_else_caught_is_an_internal_error_in_one_line(error, what, monkeypatch):
    def broken(args, io_):
        raise error
    monkeypatch.setitem(inspect_command.RUN, "list", broken)
    monkeypatch.delenv("CARDSPEC_DEBUG", raising=False)
    out, err = io.StringIO(), io.StringIO()
    assert cli.run(["list"], out, err) == 4
    assert err.getvalue() == f"cardspec list: internal error ({what}); {REPORT}"


def test_with_cardspec_debug_the_error_is_raised_whole(monkeypatch):
    def broken(args, io_):
        raise KeyError("x")
    monkeypatch.setitem(inspect_command.RUN, "list", broken)
    monkeypatch.setenv("CARDSPEC_DEBUG", "1")
    with pytest.raises(KeyError):
        cli.run(["list"], io.StringIO(), io.StringIO())


def test_a_version_that_cannot_be_read_says_so(monkeypatch):
    import importlib.metadata

    def missing(name):
        raise importlib.metadata.PackageNotFoundError(name)
    monkeypatch.setattr(importlib.metadata, "version", missing)
    assert cli.version() == "(version unknown: not installed)"


def test_the_module_runs_as_the_command():
    done = subprocess.run([sys.executable, "-m", "interpreter.cli", "list"], cwd=ROOT, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0 and "barbu/barbu" in done.stdout


def test_a_reader_gone_away_ends_quietly_with_exit_0(monkeypatch):
    import os

    def gone(*args):
        raise BrokenPipeError
    redirected = []
    monkeypatch.setattr(cli, "run", gone)
    monkeypatch.setattr(os, "dup2", lambda fd, to: redirected.append(to))
    monkeypatch.setattr(sys, "stdout", type("Out", (), {"fileno": lambda self: 1})())
    assert cli.main(["list"]) == 0
    assert redirected == [1]  # what is still written goes nowhere

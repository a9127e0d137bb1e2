"""Progress of a long run, on stderr: a bar (rich) when stderr is a terminal, else a line every 2 s.

Nothing at all is shown for a run that takes under 2 s off a terminal, so pipes, files and
tests see no progress output unless the run is long; stdout is never touched.
"""

from __future__ import annotations

import time

EVERY = 2.0  # seconds between two progress lines off a terminal


class Progress:
    """`with Progress(io, total, "games") as bar: ... bar.advance(deals=28)`."""

    def __init__(self, io, total: int, unit: str, rate_unit: str | None = None):
        self.io, self.total, self.unit, self.rate_unit = io, total, unit, rate_unit
        self.done = self.counted = 0
        self.t0 = self.last = time.perf_counter()
        self.bar = self.task = None

    def __enter__(self):
        isatty = getattr(self.io.err, "isatty", None)
        if isatty is not None and isatty():
            try:
                from rich.console import Console
                from rich.progress import (
                    BarColumn,
                    MofNCompleteColumn,
                    TextColumn,
                    TimeElapsedColumn,
                    TimeRemainingColumn,
                )
                from rich.progress import Progress as Bar
            except ImportError:  # rich is a dependency; without it, the plain lines still work
                return self
            columns = [TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                       TextColumn(self.unit), TimeElapsedColumn(), TextColumn("<"), TimeRemainingColumn()]
            if self.rate_unit:
                columns.append(TextColumn("{task.fields[rate]}"))
            self.bar = Bar(*columns, console=Console(file=self.io.err), transient=True)
            self.bar.__enter__()
            self.task = self.bar.add_task("", total=self.total, rate="")
        return self

    def describe(self, text: str) -> None:
        """Name the part of the run in progress (shown before the bar)."""
        if self.bar is not None:
            self.bar.update(self.task, description=text)

    def advance(self, counted: int = 0) -> None:
        """One more unit done, and `counted` more of the rate's unit (deals)."""
        self.done += 1
        self.counted += counted
        now = time.perf_counter()
        rate = f", {self.counted / (now - self.t0):.0f} {self.rate_unit}/s" if self.rate_unit and now > self.t0 else ""
        if self.bar is not None:
            self.bar.update(self.task, advance=1, rate=rate.lstrip(", "))
        elif now - self.last > EVERY:
            print(f"  {self.done}/{self.total} {self.unit}{rate}", file=self.io.err, flush=True)
            self.last = now

    def __exit__(self, *exc):
        if self.bar is not None:
            self.bar.__exit__(*exc)
        return False

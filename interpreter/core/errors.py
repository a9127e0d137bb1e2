"""Errors that carry a place: every bad input is reported as data, never a traceback.

A `SpecError` knows its message, the spec path it concerns (``contracts.trumps.score``),
the file, line and column (1-based) and an optional hint ("did you mean `score`?").
`render()` prints it the way compilers do::

    specs/family/game.yaml:42:12: unknown name `trikcs`
        score: -2 * trikcs
                    ^
      hint: did you mean `tricks`?

Errors are collected, sorted by place and shown together (`SpecErrors`).

Everything cardspec raises on purpose derives from `CardspecError`: a caller can catch
the project's own errors apart from bugs. A refused action (`IllegalAction`) carries its
`kind` (a `Refusal`) and the name of the rule that forbids it (`rule`) as data.
"""

from __future__ import annotations

import difflib
import enum
import functools
from dataclasses import dataclass, field
from typing import Iterable, Sequence

# Exit codes of the command line, one per kind of failure.
EXIT_OK = 0
EXIT_FAILURE = 1  # a replay mismatch, an illegal recorded action, a broken deal total
EXIT_USAGE = 2  # a bad command line
EXIT_SPEC = 3  # an invalid spec or record, or a spec whose rules fail during a game
EXIT_INTERNAL = 4  # an internal error: a bug of cardspec itself, never of the input
EXIT_INTERRUPTED = 130

# A file with thousands of mistakes gets the first ones and a count: rendering every one
# (each with its source line) grows with the square of the file's size.
MAX_SHOWN = 50
# A source line longer than this is shown as a window around the caret.
MAX_LINE = 160


class CardspecError(Exception):
    """The root of every error cardspec raises on purpose (anything else is a bug)."""


@dataclass
class SpecError(CardspecError):
    """One problem in a spec or record, with its place."""

    message: str
    file: str | None = None
    line: int | None = None
    column: int | None = None
    path: tuple = ()
    hint: str | None = None
    source_line: str | None = field(default=None, repr=False)

    def __post_init__(self) -> None:
        Exception.__init__(self, self.message)

    def __reduce__(self):  # whole across a process boundary (Exception pickles its args only)
        return self.__class__, (self.message, self.file, self.line, self.column, self.path, self.hint,
                                self.source_line)

    def __str__(self) -> str:
        return self.render()

    def sort_key(self):
        return (self.file or "", self.line or 0, self.column or 0, self.message)

    def render(self) -> str:
        where = self.file or "<spec>"
        if self.line is not None:
            where += f":{self.line}"
            if self.column is not None:
                where += f":{self.column}"
        text = f"{_visible(where)}: {_visible(self.message)}"
        if self.source_line is not None and self.line is not None:
            src, column = _window(self.source_line.rstrip("\n"), self.column)
            text += f"\n    {_visible(src, tabs=True)}"
            if column is not None:
                # keep tabs so the caret lines up under tab-indented text
                pad = "".join(ch if ch == "\t" else " " * len(_visible(ch)) for ch in src[: column - 1])
                text += f"\n    {pad}^"
        if self.hint:
            text += f"\n  hint: {_visible(self.hint)}"
        return text


def _visible(text: str, tabs: bool = False) -> str:
    """`text` with control and other invisible characters escaped (`\\x0b`, `\\u200b`): a message
    quotes what the author wrote, which must neither break the line nor drive the terminal."""
    if text.isprintable():
        return text
    return "".join(ch if ch.isprintable() or (tabs and ch == "\t") else ascii(ch)[1:-1] for ch in text)


def _window(src: str, column: int | None) -> tuple[str, int | None]:
    """A long source line cut to MAX_LINE characters around `column` (1-based), and the column in it."""
    if len(src) <= MAX_LINE:
        return src, column
    at = min(max((column or 1) - 1, 0), len(src))
    start = max(0, min(at - MAX_LINE // 2, len(src) - MAX_LINE))
    end = start + MAX_LINE
    shown = ("…" if start else "") + src[start:end] + ("…" if end < len(src) else "")
    return shown, None if column is None else at - start + 1 + (1 if start else 0)


class SpecErrors(CardspecError):
    """Several errors found by one pass; rendered sorted by place, the first MAX_SHOWN of them."""

    def __init__(self, errors: Iterable[SpecError]):
        self.errors = sorted(errors, key=SpecError.sort_key)
        super().__init__(f"{len(self.errors)} error(s)")

    def render(self) -> str:
        text = "\n".join(e.render() for e in self.errors[:MAX_SHOWN])
        more = len(self.errors) - MAX_SHOWN
        if more > 0:
            text += f"\n... and {more:,} more error{'' if more == 1 else 's'}"
        return text

    def __str__(self) -> str:
        return self.render()


class GameError(CardspecError):
    """A rule of the game was broken at run time (illegal action, broken deal total)."""

    def __init__(self, message: str, rule: str | None = None):
        super().__init__(message)
        self.message = message
        self.rule = rule

    def __reduce__(self):  # whole across a process boundary (Exception pickles its args only)
        return self.__class__, (self.message, self.rule)


class GameFault(SpecError):
    """A spec's rules failed during a game (a division by zero, an index out of range, no
    legal choice at a decision): placed at the expression or phase that failed, the
    message naming the deal and the action."""


class Refusal(enum.Enum):
    """Why an action is refused."""

    GAME_OVER = "the game is over"
    NOT_A_MOVE = "no such move in this phase"
    NOT_HELD = "the card is not in the player's hand"
    RULE = "a rule of the game forbids it"  # `IllegalAction.rule` names it
    NOT_NOW = "a move of this phase, but not allowed now"
    FOREIGN = "legal by its name, but another phase's action object"


class IllegalAction(GameError):
    """An action that the rules do not allow now; the state is unchanged.

    `kind` says why (a `Refusal`), `rule` names the rule that forbids it when one does."""

    def __init__(self, message: str, rule: str | None = None, kind: Refusal | None = None):
        super().__init__(message, rule)
        self.kind = kind if kind is not None else (Refusal.RULE if rule is not None else Refusal.NOT_NOW)

    def __reduce__(self):
        return self.__class__, (self.message, self.rule, self.kind)


def suggest(name: str, choices: Iterable[str]) -> str | None:
    """'did you mean `x`?' for the closest of `choices`, or None."""
    return _suggest(name, tuple(choices))


def closest(name: str, choices: Iterable[str]) -> str | None:
    """The closest of `choices` to `name`, if any is close."""
    close = difflib.get_close_matches(name, list(choices), n=1, cutoff=0.6)
    return close[0] if close else None


@functools.lru_cache(maxsize=4096)
def _suggest(name: str, choices: tuple[str, ...]) -> str | None:
    """`suggest`, computed once per word and list of choices (a file may repeat a mistake many times)."""
    close = closest(name, choices)
    return f"did you mean `{close}`?" if close else None


def one_of(choices: Sequence[str]) -> str:
    """A readable list: `a`, `b` or `c`."""
    items = [f"`{c}`" for c in choices]
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " or " + items[-1]

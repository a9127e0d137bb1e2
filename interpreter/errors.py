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
from dataclasses import dataclass, field
from typing import Iterable, Sequence

# Exit codes of the command line, one per kind of failure.
EXIT_OK = 0
EXIT_FAILURE = 1  # a replay mismatch, an illegal recorded action, a broken deal total
EXIT_USAGE = 2  # a bad command line
EXIT_SPEC = 3  # an invalid spec or record, or a spec whose rules fail during a game
EXIT_INTERNAL = 4  # an internal error: a bug of cardspec itself, never of the input
EXIT_INTERRUPTED = 130


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
        text = f"{where}: {self.message}"
        if self.source_line is not None and self.line is not None:
            src = self.source_line.rstrip("\n")
            text += f"\n    {src}"
            if self.column is not None:
                # keep tabs so the caret lines up under tab-indented text
                pad = "".join(ch if ch == "\t" else " " for ch in src[: self.column - 1])
                text += f"\n    {pad}^"
        if self.hint:
            text += f"\n  hint: {self.hint}"
        return text


class SpecErrors(CardspecError):
    """Several errors found by one pass; rendered sorted by place."""

    def __init__(self, errors: Iterable[SpecError]):
        self.errors = sorted(errors, key=SpecError.sort_key)
        super().__init__(f"{len(self.errors)} error(s)")

    def render(self) -> str:
        return "\n".join(e.render() for e in self.errors)

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
    close = difflib.get_close_matches(name, list(choices), n=1, cutoff=0.6)
    return f"did you mean `{close[0]}`?" if close else None


def one_of(choices: Sequence[str]) -> str:
    """A readable list: `a`, `b` or `c`."""
    items = [f"`{c}`" for c in choices]
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " or " + items[-1]

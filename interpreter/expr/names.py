"""The vocabulary an expression is checked against: types, and the names, functions and
attributes a scope provides (the engine fills a `Scope` in interpreter/compile/scope.py)."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Callable, Sequence

from ..core.cards import Pack
from .syntax import AGGREGATES

NULLABLE = frozenset({"suit", "seat", "card", "contract", "trick", "bid", "call"})
BUILTINS = AGGREGATES + ("abs",)


@dataclass(frozen=True)
class Name:
    """A value the scope provides: ``get(ctx)`` at run time, or a constant ``value``."""

    type: str
    get: Callable[[Any], Any] | None = None
    value: Any = None
    doc: str = ""


@dataclass(frozen=True)
class Func:
    """A function the scope provides: ``impl(ctx, *args)``.

    A one-parameter bool function may also give ``select(ctx, items)``, the items for
    which it holds, so that a filter like `wins_trick(card)` runs as one call per hand.
    A function that can refuse its arguments gives ``placed(line, column, text)``: the impl
    of one call, which raises its `ExprError` at that call's place in the expression.
    """

    params: tuple[str, ...]
    returns: str
    impl: Callable[..., Any]
    doc: str = ""
    select: Callable[..., Any] | None = None
    placed: Callable[..., Any] | None = None


@dataclass(frozen=True)
class Attr:
    """An attribute of values of one type: ``table[obj]``, else ``get(ctx, obj)``."""

    type: str
    table: Sequence | None = None
    get: Callable[[Any, Any], Any] | None = None
    doc: str = ""


@dataclass
class Scope:
    """Everything an expression may refer to, besides literals and loop variables."""

    pack: Pack
    names: dict[str, Name]
    funcs: dict[str, Func] = field(default_factory=dict)
    attrs: dict[str, dict[str, Attr]] = field(default_factory=dict)
    reserved: frozenset = frozenset()  # the engine's own names, which a spec may not take for its words
    missing: dict[str, str] = field(default_factory=dict)  # engine functions this game lacks: why

    def child(self, **names: Name) -> "Scope":
        """The same scope plus (or overriding) some names."""
        return replace(self, names={**self.names, **names})


# the names of ranks and suits in words, to point at the letters they are written with
_CARD_WORDS = {"ace": "A", "king": "K", "queen": "Q", "jack": "J", "knave": "J", "ten": "T", "nine": "9",
               "eight": "8", "seven": "7", "six": "6", "five": "5", "four": "4", "three": "3", "two": "2",
               "deuce": "2", "spade": "S", "heart": "H", "diamond": "D", "club": "C"}



def _card_word(text: str, pack) -> str | None:
    """`write `A`` for `Ace`, `hearts`...: a rank or suit of the pack written in words."""
    letter = _CARD_WORDS.get(text.lower().rstrip("s"))
    return f"write `{letter}`" if letter in [*pack.suits, *pack.ranks] else None


@dataclass(frozen=True)
class Compiled:
    """A compiled expression: ``fn(ctx)`` gives its value."""

    fn: Callable[[Any], Any]
    type: str
    source: str
    constant: bool
    node: Any = None  # the checked root node, for a source generator (interpreter/compile/emit/)


# ---------------------------------------------------------------------------- types


def list_of(t: str) -> str:
    """The type of a list of `t`."""
    return f"list<{t}>"


def elem(t: str | None) -> str | None:
    """The item type of a list type, or None when `t` is not a list."""
    return t[5:-1] if t and t.startswith("list<") and t.endswith(">") else None


def a(t: str) -> str:
    """A type in words: "a number", "a list of cards", "`none`"."""
    if t == "none":
        return "`none`"
    if elem(t):
        return f"a list of {elem(t)}s" if elem(t) != "none" else "a list of `none`"
    return ("an " if t[:1] in "aeiou" else "a ") + t


def _fits(t: str, want: str) -> bool:
    """Whether a value of type `t` may stand where `want` is expected."""
    return t == want or (t == "none" and want in NULLABLE)


_HINTS = {("number", "bool"): "write `if … then 1 else 0`", ("bool", "number"): "compare it, e.g. `x > 0`"}


# ---------------------------------------------------------------------------- compiled nodes

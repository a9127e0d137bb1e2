"""The syntax of spec expressions: the one Lark parser, limits on nesting, and syntax errors
in the author's words ("unexpected `:`", "expected `then`").

The grammar is `grammar/expr.lark` (the language reference), found by `catalog`. Nesting
is bounded before and after parsing (`MAX_DEPTH`), so that nothing recursive ever runs
on a tree deeper than that; compiling (interpreter/expr/) relies on it.
"""

from __future__ import annotations

import re
from functools import lru_cache

from lark import Lark, Tree
from lark.exceptions import (
    LarkError,
    UnexpectedCharacters,
    UnexpectedInput,
    UnexpectedToken,
)

from ..core.errors import CardspecError
from ..load import catalog

AGGREGATES = ("count", "sum", "min", "max", "any", "all", "filter")  # the loops of the language


class ExprError(CardspecError):
    """A bad expression (or a run-time fault in one); line/column are 1-based in its text."""

    def __init__(self, message: str, line: int = 1, column: int = 1, hint: str | None = None):
        super().__init__(message)
        self.message, self.line, self.column, self.hint = message, line, column, hint

    def __str__(self) -> str:
        return f"{self.line}:{self.column}: {self.message}" + (f" ({self.hint})" if self.hint else "")


@lru_cache(maxsize=None)
def _parser() -> Lark:
    """The one LALR parser of the process; BrokenInstall (not an error of the expression) if it cannot be built."""
    path = catalog.grammar_file()
    text = catalog.read_data(path)
    try:
        return Lark(text, parser="lalr", propagate_positions=True)
    except Exception as e:  # a damaged grammar file: the package's fault, reported once
        first = str(e).strip().splitlines()[0] if str(e).strip() else ""  # Lark adds the line and a caret
        raise catalog.BrokenInstall(f"the expression grammar {path} is damaged ({type(e).__name__}: {first}); "
                                    "reinstall cardspec") from None


# Compiling and evaluating recurse once per level of the tree; a spec's expressions go
# about a dozen levels deep, and a hundred stays far from Python's recursion limit even
# when evaluated deep inside the play loop.
MAX_DEPTH = 100
_TOO_DEEP = f"the expression is nested too deeply (more than {MAX_DEPTH} levels)"
_TOO_DEEP_HINT = "split it into named `functions`"


def parse(source: str) -> Tree:
    """The Lark tree of `source`; syntax errors and too deep nesting become `ExprError`."""
    _check_brackets(source)
    try:
        tree = _parser().parse(source)
    except UnexpectedInput as e:
        raise _syntax_error(e, source) from None
    except LarkError as e:
        raise ExprError(f"cannot read the expression: {e}") from None
    _check_depth(tree)
    return tree


def _check_brackets(source: str) -> None:
    """Refuse text with more than MAX_DEPTH brackets open, before the parser builds its tree."""
    depth = 0
    for i, ch in enumerate(source):
        if ch in "([":
            depth += 1
            if depth > MAX_DEPTH:
                line = source.count("\n", 0, i) + 1
                raise ExprError(_TOO_DEEP, line, i - source.rfind("\n", 0, i), _TOO_DEEP_HINT)
        elif ch in ")]":
            depth -= 1


def _check_depth(tree: Tree) -> None:
    """Refuse a tree deeper than MAX_DEPTH (long operator chains), walking it without recursion."""
    todo = [(tree, 1)]
    while todo:
        node, depth = todo.pop()
        if depth > MAX_DEPTH:
            meta = node.meta if isinstance(node, Tree) else None
            line, column = (meta.line, meta.column) if meta is not None and not meta.empty else (
                getattr(node, "line", 1), getattr(node, "column", 1))
            raise ExprError(_TOO_DEEP, line or 1, column or 1, _TOO_DEEP_HINT)
        if isinstance(node, Tree):
            todo.extend((child, depth + 1) for child in node.children)


_CHAR_HINTS = {
    "=": "use `==` to compare", "&": "use `and`", "|": "use `or`", "!": "use `not` or `!=`",
    "#": "expressions have no comments", "'": "expressions have no strings", '"': "expressions have no strings",
}
_CLOSERS = (("THEN", "`then`"), ("ELSE", "`else`"), ("RSQB", "`]`"), ("RPAR", "`)`"))
_VALUES = {"NUMBER", "NAME", "SYMBOL"}


def _expected(names) -> str:
    """What the parser wanted next, in words."""
    names = set(names)
    if _VALUES & names:
        return "a value"
    if names == {"IN"}:  # `value for v` … `in xs`
        return "`in`"
    if {"WHERE", "RPAR"} <= names and "IN" not in names:  # right after `f(v in xs`: a forgotten `where`
        return "`where` or `)`"
    for name, text in _CLOSERS:
        if name in names:
            return text
    return "an operator"


def _accepted(e: UnexpectedInput) -> set:
    """The tokens the parser would really have taken where it stopped.

    `e.expected` comes from a state that LALR shares between contexts (after any value
    it lists `then`, `else`, `]` and `)`); the interactive parser knows the actual one.
    """
    try:
        return set(e.interactive_parser.accepts())
    except Exception:  # no interactive parser for this error: the approximate set
        return set(getattr(e, "expected", ()) or ())


def _colon_hint(source: str, pos: int) -> str:
    """The hint for a `:`, most likely the old loop form `f(v in xs: body)`."""
    generic = ("loops use words, not `:`: write `where`, as in `count(v in xs where condition)`, "
               "or `for`, as in `sum(value for v in xs)`")
    depth, start = 0, None
    for i in range(pos - 1, -1, -1):  # the `(` of the call around the `:`
        if source[i] in ")]":
            depth += 1
        elif source[i] in "([":
            if depth == 0:
                start = i if source[i] == "(" else None
                break
            depth -= 1
    if start is None:
        return generic
    depth, end = 0, None
    for i in range(pos + 1, len(source)):  # ... and its `)`
        if source[i] in "([":
            depth += 1
        elif source[i] in ")]":
            if depth == 0:
                end = i if source[i] == ")" else None
                break
            depth -= 1
    name = re.search(r"([a-z_][a-z0-9_]*)\s*$", source[:start])
    head = re.fullmatch(r"\s*([a-z_][a-z0-9_]*)\s+in\s+(.+?)\s*", source[start + 1 : pos], re.S)
    body = " ".join(source[pos + 1 : end].split()) if end is not None else ""
    if not (name and head and body) or name.group(1) not in AGGREGATES or ":" in body:
        return generic
    f, (v, xs) = name.group(1), head.groups()
    xs = " ".join(xs.split())
    fixed = f"{f}({body} for {v} in {xs})" if f in ("sum", "min", "max") else f"{f}({v} in {xs} where {body})"
    return f"loops use words, not `:`: write `{fixed}`" if len(fixed) <= 80 else generic


def _syntax_error(e: UnexpectedInput, source: str) -> ExprError:
    """A Lark error as an `ExprError` in the author's words."""
    if isinstance(e, UnexpectedCharacters):
        m = re.compile(r"\w+|\S").match(source, e.pos_in_stream)
        bad = m.group() if m else source[e.pos_in_stream : e.pos_in_stream + 1]
        shown = f"`{bad}`" if bad.isprintable() and bad else f"character U+{ord(bad[0]):04X}"
        hint = _CHAR_HINTS.get(bad[:1])
        if bad[:1].isdigit():
            hint = "a number cannot run into letters"
        if bad == ":":
            hint = _colon_hint(source, e.pos_in_stream)
        return ExprError(f"unexpected {shown}", e.line, e.column, hint)
    if isinstance(e, UnexpectedToken) and e.token.type != "$END":
        tok = e.token
        return ExprError(f"unexpected `{tok}`", tok.line, tok.column, f"expected {_expected(_accepted(e))}")
    end = len(source.rstrip())
    line, column = source.count("\n", 0, end) + 1, end - source.rfind("\n", 0, end)
    return ExprError(f"unexpected end of expression; expected {_expected(_accepted(e))}", line, column)

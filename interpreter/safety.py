"""Divisions proved safe at validate time, or asked to be guarded.

A spec's expression that divides (`/`, `//`, `%`) by a value that can be 0 would stop a
game in the middle. `validate` proves each divisor is never 0, or reports it with the way
to guard it. A divisor is proved safe when:

* it is constant for the game as configured (`count(seats)`, `pack_size`, `4`, an option's
  number): the compiler computes it, and a constant 0 is already an error of its own;
* or the division is only reached when a condition says the divisor is not 0: in the
  `then` of `if D != 0 then ... else ...` (or `D > 0`, `D >= 1`, `D < 0`, `0 < D`, and
  such a comparison among the `and`s of the condition), in the `else` of `if D == 0 then
  ... else ...`, after `D != 0 and ...`, or after `D == 0 or ...`.

The divisor in the condition must be written as the same expression (brackets and spaces
do not matter). Nothing else is assumed: a count of seats that meet a condition may be 0
for all the checker knows, even where the rules make it at least 1; such a divisor is
guarded with an `if`. See docs/expressions.md, "Division".

An index out of range (`xs[k]`) is not proved here: it stops the game with a located
error (interpreter/faults.py) naming the expression, the deal and the action.
"""

from __future__ import annotations

from lark import Token, Tree

from .expr import ExprError, compile_expr
from .syntax import parse

_DIVIDE = {"div": "/", "floordiv": "//", "mod": "%"}
# comparisons with a number that show the other side is not 0: (operator, the number's test),
# for `D op k`; the mirror is used for `k op D`
_NONZERO = {"!=": lambda k: k == 0, ">": lambda k: k >= 0, ">=": lambda k: k > 0, "<": lambda k: k <= 0,
            "<=": lambda k: k < 0}
_MIRROR = {"!=": "!=", ">": "<", ">=": "<=", "<": ">", "<=": ">=", "==": "=="}


def unguarded_divisions(source: str, scope) -> list[tuple[int, int, str]]:
    """(line, column, divisor text) of every division in `source` not proved safe."""
    try:
        tree = parse(source)
    except ExprError:
        return []  # the compiler reports it
    out: list[tuple[int, int, str]] = []
    _walk(tree, frozenset(), source, scope, out)
    return out


def _walk(node, safe: frozenset, source: str, scope, out: list) -> None:
    """Check `node`, knowing that the divisors in `safe` (canonical forms) are not 0 here."""
    if not isinstance(node, Tree):
        return
    kind = node.data
    if kind == "if_":
        cond, then, other = node.children
        _walk(cond, safe, source, scope, out)
        _walk(then, safe | _nonzero_if_true(cond), source, scope, out)
        _walk(other, safe | _nonzero_if_false(cond), source, scope, out)
        return
    if kind in ("and_", "or_"):
        left, right = node.children
        _walk(left, safe, source, scope, out)
        known = _nonzero_if_true(left) if kind == "and_" else _nonzero_if_false(left)
        _walk(right, safe | known, source, scope, out)
        return
    if kind in _DIVIDE:
        divisor = node.children[1]
        if _canon(divisor) not in safe and not _constant(divisor, source, scope):
            line, column = divisor.meta.line, divisor.meta.column
            out.append((line, column, _text(divisor, source)))
    for child in node.children:
        _walk(child, safe, source, scope, out)


def _nonzero_if_true(cond) -> frozenset:
    """The expressions a true `cond` shows are not 0 (through its `and`s)."""
    return _nonzero(cond, True)


def _nonzero_if_false(cond) -> frozenset:
    """The expressions a false `cond` shows are not 0 (`D == 0`, through its `or`s)."""
    return _nonzero(cond, False)


def _nonzero(cond, holds: bool) -> frozenset:
    """The expressions shown not to be 0 when `cond` is `holds`: a true `and` (a false `or`) shows
    what each side shows; `not` turns the question round; a comparison with a number may show one."""
    if isinstance(cond, Tree) and cond.data == ("and_" if holds else "or_"):
        return _nonzero(cond.children[0], holds) | _nonzero(cond.children[1], holds)
    if isinstance(cond, Tree) and cond.data == "not_":
        return _nonzero(cond.children[0], not holds)
    found = _comparison(cond)
    if found is None:
        return frozenset()
    side, op, k = found
    shown = op in _NONZERO and _NONZERO[op](k) if holds else op == "==" and k == 0
    return frozenset({side}) if shown else frozenset()


def _comparison(node):
    """`D op k` or `k op D` with a number k: (canonical D, op as if D were on the left, k), else None."""
    if not (isinstance(node, Tree) and node.data == "compare"):
        return None
    left, op, right = node.children
    op = str(op)
    k = _number(right)
    if k is not None:
        return _canon(left), op, k
    k = _number(left)
    if k is not None:
        return _canon(right), _MIRROR[op], k
    return None


def _number(node):
    """The value of a number literal (or a negated one), else None."""
    if isinstance(node, Tree) and node.data == "number":
        try:
            return float(str(node.children[0]))
        except ValueError:
            return None
    if isinstance(node, Tree) and node.data == "neg":
        k = _number(node.children[0])
        return -k if k is not None else None
    return None


def _canon(node) -> str:
    """An expression's tree as text: the same for the same expression however it is spaced or bracketed."""
    if isinstance(node, Token):
        return str(node)
    return f"{node.data}(" + ",".join(_canon(c) for c in node.children) + ")"


def _text(node, source: str) -> str:
    return " ".join(source[node.meta.start_pos:node.meta.end_pos].split())


def _constant(node, source: str, scope) -> bool:
    """Whether the expression at `node` is a constant of the game (not 0: a constant 0 is an error already)."""
    try:
        compiled = compile_expr(source[node.meta.start_pos:node.meta.end_pos], scope, "number")
    except ExprError:
        return False  # it uses a loop variable or a parameter: not a constant
    return compiled.constant and compiled.fn() != 0


def check(owner, path, source, scope) -> None:
    """Report each division of the expression at spec `path` that is not proved safe."""
    if not isinstance(source, str) or not any(op in source for op in ("/", "%")):
        return
    for line, column, divisor in unguarded_divisions(source, scope):
        owner.error(path, f"`{divisor}` may be 0 here, and a division by it would stop the game",
                    f"guard it: `if {divisor} > 0 then ... else ...` (or `!= 0`), or divide by a constant",
                    offset=(line, column))

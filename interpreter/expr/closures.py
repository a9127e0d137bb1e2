"""The closures compiled expressions are made of, specialised by operand shape."""

from __future__ import annotations

import operator
from typing import Sequence

from .syntax import ExprError


class _C:
    """A compiled sub-expression with what its parent needs to specialise it.

    `tree` is the checked node as a source generator may read it (interpreter/compile/emit/
    expressions.py): a form and its operands, the operands being `_C`s themselves, e.g.
    `("op", "+", x, y)`, `("get", getter)`, `("call", impl, *args)`; None where the node
    is only its closure (a loop, an index, a division), which generated code then calls."""

    __slots__ = ("fn", "type", "ctx", "cells", "kind", "value", "table", "base", "cell", "tree")

    def __init__(self, fn, type, ctx=True, cells=frozenset(), kind="fn", value=None, table=None, base=None, cell=None,
                 tree=None):
        self.fn, self.type, self.ctx, self.cells, self.kind = fn, type, ctx, cells, kind
        self.value, self.table, self.base, self.cell = value, table, base, cell
        self.tree = tree


def _const(value, type) -> _C:
    """A folded constant."""
    if isinstance(value, list):
        value = tuple(value)
    return _C(lambda ctx=None: value, type, False, kind="const", value=value)


def _eq(x: _C, y: _C, neg: bool):
    """The closure of `x == y` (or `!=`), specialised by operand shape."""
    if x.kind == "const" or (y.kind == "tab" and x.kind != "tab"):
        x, y = y, x
    fx, fy = x.fn, y.fn
    tab_get = x.kind == "tab" and x.base.kind == "get"
    tab_cell = x.kind == "tab" and x.base.kind == "cell"
    if tab_get:
        t, g = x.table, x.base.fn
    elif tab_cell:
        t, c = x.table, x.base.cell
    if y.kind == "const":
        v = y.value
        if tab_get:
            return (lambda ctx: t[g(ctx)] != v) if neg else (lambda ctx: t[g(ctx)] == v)
        if tab_cell:
            return (lambda ctx: t[c[0]] != v) if neg else (lambda ctx: t[c[0]] == v)
        return (lambda ctx: fx(ctx) != v) if neg else (lambda ctx: fx(ctx) == v)
    if tab_get:
        return (lambda ctx: t[g(ctx)] != fy(ctx)) if neg else (lambda ctx: t[g(ctx)] == fy(ctx))
    if tab_cell:
        return (lambda ctx: t[c[0]] != fy(ctx)) if neg else (lambda ctx: t[c[0]] == fy(ctx))
    return (lambda ctx: fx(ctx) != fy(ctx)) if neg else (lambda ctx: fx(ctx) == fy(ctx))


def _in(x: _C, xs: _C):
    """The closure of `x in xs`, specialised by operand shape."""
    fx, fs = x.fn, xs.fn
    if xs.kind == "const":
        try:
            s = frozenset(xs.value)  # fast membership in a constant list
        except TypeError:
            s = xs.value
        if x.kind == "tab" and x.base.kind == "get":
            t, g = x.table, x.base.fn
            return lambda ctx: t[g(ctx)] in s
        if x.kind == "tab" and x.base.kind == "cell":
            t, c = x.table, x.base.cell
            return lambda ctx: t[c[0]] in s
        return lambda ctx: fx(ctx) in s
    if x.kind == "const":
        v = x.value
        return lambda ctx: v in fs(ctx)
    return lambda ctx: fx(ctx) in fs(ctx)


def _div(x, y):
    """Exact division: an int when `y` divides `x`, else a float."""
    if type(x) is int and type(y) is int:
        q, r = divmod(x, y)
        if not r:
            return q
    return x / y


_ARITH = {"add": operator.add, "sub": operator.sub, "mul": operator.mul, "div": _div,
          "floordiv": operator.floordiv, "mod": operator.mod}
_ORDER = {"<": operator.lt, "<=": operator.le, ">": operator.gt, ">=": operator.ge}


def _loop(name: str, fs, cell, cond=None, value=None):
    """The closure of an aggregate over `fs(ctx)` with loop variable `cell`.

    `cond` keeps the items for which it holds; `value` maps each kept item (without
    it, the items themselves are aggregated; for count/any/all, the conditions).
    """
    if name == "filter":
        def keep(ctx):
            out = []
            for x in fs(ctx):
                cell[0] = x
                if cond(ctx):
                    out.append(x)
            return out
        return keep
    if value is None and name in ("count", "any", "all"):
        value, cond = cond, None

    def values(ctx):  # lazily, so that any/all stop early
        for x in fs(ctx):
            cell[0] = x
            if cond is None or cond(ctx):
                yield x if value is None else value(ctx)
    if name == "count":
        return lambda ctx: sum(1 for v in values(ctx) if v)
    f = _PLAIN[name]
    return lambda ctx: f(values(ctx))


_PLAIN = {"count": len, "sum": sum, "any": any, "all": all,
          "min": lambda xs: min(xs, default=0), "max": lambda xs: max(xs, default=0)}
_ITEM = {"sum": "number", "min": "number", "max": "number", "any": "bool", "all": "bool"}


# ---------------------------------------------------------------------------- the compiler

def _select(op: str, t, fy):
    """A step keeping the items whose `t[item]` is `==`, `!=` or `in` the value of `fy`."""
    if op == "==":
        def step(ctx, items):
            v = fy(ctx)
            return [i for i in items if t[i] == v]
        step.select_eq = (t, fy)  # lets a caller's loop run the comprehension inline
    elif op == "!=":
        def step(ctx, items):
            v = fy(ctx)
            return [i for i in items if t[i] != v]
    else:
        def step(ctx, items):
            vs = fy(ctx)
            return [i for i in items if t[i] in vs]
    return step


def _index_error(items, k, where) -> ExprError:
    """The run-time error of a bad index."""
    if not isinstance(items, Sequence):
        return ExprError("this list has no order, so it cannot be indexed", *where)
    if type(k) is not int:
        return ExprError("an index must be a whole number", *where)
    shown, n = (str(k) if abs(k) < 10**12 else "so large"), len(items)
    return ExprError(f"index {shown} is out of range for a list of {n} item{'s' * (n != 1)}", *where,
                     "lists count from 1; -1 is the last item" if k == 0 else None)

"""The expression language of game specs: parse once, type-check, compile to closures.

A rule such as ``-6 * count(c in won where c.rank == Q)`` is parsed with the Lark grammar
in ``grammar/expr.lark`` (the language reference), checked against a `Scope` (the
names, functions and attributes the engine provides, and the pack for card literals)
and compiled into a Python closure ``fn(ctx)``. The engine then calls ``fn`` with its
own run-time object, which is only ever handed back to ``Name.get``, ``Func.impl`` and
``Attr.get``.

Decisions a reader may question:

* Closures, not ``eval``: a spec never reaches a Python object. Names resolve only
  through the scope, attributes only through ``scope.attrs``, cards through the pack.
* Speed: the hot predicates (``card.suit == led_suit``) are specialised by operand
  shape (constant, ``Name.get``, loop variable, table attribute of those) so that one
  evaluation is two or three Python calls. A ``Name`` without ``get`` is a constant and
  anything that depends only on constants is folded at compile time (so ``1 / 0`` is a
  compile error). ``Func.impl`` and ``Attr.get`` take ``ctx`` and are never folded.
* Loop variables live in one-slot lists ("cells") owned by the compiled expression and
  captured by the closures, so they need nothing from ``ctx``. This is safe because an
  expression never re-enters itself and evaluation is single-threaded.
* Types are plain strings (``number``, ``card``, ``list<card>``) so scopes can state them
  in data. ``none`` is a type of its own; it may be compared with (and stand in an ``if``
  branch or an expected result for) a suit, seat, card, contract or trick, but is never
  passed to a ``Func`` that did not declare it.
* A bare number next to a rank is that rank (``c.rank == 7``): types flow from the
  other operand as a ``want`` hint, which only number, card-symbol, list and ``if``
  literals look at. A letter that is both a suit and a rank is resolved the same way.
* Run-time faults (division by zero, index out of range) raise `ExprError` with the
  position of the offending operand, like compile errors.
"""

from __future__ import annotations

import operator
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from typing import Any, Callable, Sequence

from lark import Token, Tree

from . import catalog
from .cards import Pack, normalize
from .errors import one_of, suggest
from .syntax import AGGREGATES, ExprError, parse

NULLABLE = frozenset({"suit", "seat", "card", "contract", "trick"})
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
    """

    params: tuple[str, ...]
    returns: str
    impl: Callable[..., Any]
    doc: str = ""
    select: Callable[..., Any] | None = None


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


class _C:
    """A compiled sub-expression with what its parent needs to specialise it."""

    __slots__ = ("fn", "type", "ctx", "cells", "kind", "value", "table", "base", "cell")

    def __init__(self, fn, type, ctx=True, cells=frozenset(), kind="fn", value=None, table=None, base=None, cell=None):
        self.fn, self.type, self.ctx, self.cells, self.kind = fn, type, ctx, cells, kind
        self.value, self.table, self.base, self.cell = value, table, base, cell


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


def _pos(node, span: bool = False) -> tuple[int, int]:
    """1-based line and column of a tree or token (or its start and end index)."""
    m = node if isinstance(node, Token) else node.meta
    return (m.start_pos, m.end_pos) if span else (m.line, m.column)


_RULES: dict[str, Callable] = {}
_LITERALS = ("number", "symbol", "list_", "if_")  # nodes whose type may follow a `want`


def _rule(*names):
    """Register a compiler method for grammar rules `names`."""
    def register(method):
        for n in names:
            _RULES[n] = method
        return method
    return register


class _Compiler:
    """Type-checks and compiles one parsed expression against a scope."""

    def __init__(self, source: str, scope: Scope):
        self.source, self.scope, self.pack = source, scope, scope.pack
        self.local: dict[str, tuple[str, list]] = {}

    def err(self, where, message: str, hint: str | None = None) -> ExprError:
        """An error at a tree or token."""
        return ExprError(message, *_pos(where), hint)

    def text(self, where) -> str:
        """The source text of a node, on one line and shortened."""
        start, end = _pos(where, span=True)
        t = " ".join(self.source[start:end].split())
        return t if len(t) <= 40 else t[:39] + "…"

    def compile(self, node, want: str | None = None) -> _C:
        """Compile a node; `want` is the type the context would like (for literals)."""
        return _RULES[node.data](self, node, want)

    def need(self, node, t: str) -> _C:
        """Compile a node that must have type `t`."""
        c = self.compile(node, t)
        if not _fits(c.type, t):
            hint = _HINTS.get((t, c.type))
            raise self.err(node, f"expected {a(t)} but `{self.text(node)}` is {a(c.type)}", hint)
        return c

    def node(self, where, fn, type, parts, ctx=None, cells=None, **kw) -> _C:
        """A compiled node; folded to a constant when it needs neither ctx nor loop variables."""
        ctx = any(p.ctx for p in parts) if ctx is None else ctx
        cells = frozenset().union(*(p.cells for p in parts)) if cells is None else cells
        if ctx or cells:
            return _C(fn, type, ctx, cells, **kw)
        try:
            return _const(fn(None), type)
        except ExprError:
            raise
        except Exception as e:  # overflow and the like, found while folding
            raise self.err(where, f"cannot compute `{self.text(where)}`: {e}") from None

    # -- literals and names

    @_rule("number")
    def number(self, node, want):
        """A number, or a rank when a rank is wanted (`7`, `10` = `T`)."""
        text = str(node.children[0])
        if want == "rank":
            r = "T" if text == "10" else text
            if r in self.pack.ranks:
                return _const(self.pack.ranks.index(r), "rank")
            raise self.err(node, f"the pack has no rank `{text}`", f"its ranks are {one_of(self.pack.ranks)}")
        if len(text) > 300:
            raise self.err(node, "this number is too long")
        return _const(float(text) if "." in text else int(text), "number")

    @_rule("none_", "true_", "false_")
    def keyword(self, node, want):
        """`none`, `true`, `false`."""
        return {"none_": _const(None, "none"), "true_": _const(True, "bool"), "false_": _const(False, "bool")}[node.data]

    @_rule("symbol")
    def symbol(self, node, want):
        """An upper-case word: a card, suit or rank of the pack."""
        text, pack = str(node.children[0]), self.pack
        found = {}
        if text == text.upper():
            if normalize(text) in pack.by_name:
                found["card"] = pack.by_name[normalize(text)]
            if text in pack.suits:
                found["suit"] = pack.suits.index(text)
            if text in pack.ranks:
                found["rank"] = pack.ranks.index(text)
        if len(found) == 1:
            ((t, v),) = found.items()
            return _const(v, t)
        if want in found:
            return _const(found[want], want)
        if found:
            raise self.err(node, f"`{text}` is both a {' and a '.join(found)} in this pack",
                           "compare it with a value of the type you mean")
        choices = [*pack.names, *pack.suits, *pack.ranks]
        hint = _card_word(text, pack) or suggest(normalize(text), choices) \
            or suggest(text.lower(), [*self.local, *self.scope.names])
        raise self.err(node, f"unknown card, suit or rank `{text}`", hint)

    @_rule("name")
    def name(self, node, want):
        """A loop variable or a scope name (a constant is folded)."""
        ident = str(node.children[0])
        if ident in self.local:
            t, cell = self.local[ident]
            return _C(lambda ctx: cell[0], t, False, frozenset({id(cell)}), kind="cell", cell=cell)
        n = self.scope.names.get(ident)
        if n is None:
            if ident in self.scope.funcs or ident in BUILTINS:
                raise self.err(node, f"`{ident}` is a function", f"call it: `{ident}(…)`")
            raise self.err(node, f"unknown name `{ident}`",
                           _card_word(ident, self.scope.pack) or suggest(ident, [*self.local, *self.scope.names]))
        if n.get is None:
            return _const(n.value, n.type)
        return _C(n.get, n.type, kind="get")

    @_rule("list_")
    def list_(self, node, want):
        """A list literal; its items share one type."""
        items, want_item = node.children, elem(want)
        if not items:
            if want_item is None:
                raise self.err(node, "an empty list `[]` has no type here")
            return _const((), want)
        codes = [self.compile(i, want_item) for i in items]
        if len({c.type for c in codes}) > 1 and want_item is None:
            target = next((c.type for c, i in zip(codes, items) if i.data != "number"), codes[0].type)
            codes = [self.compile(i, target) for i in items]
        for c, i in zip(codes, items):
            if c.type != codes[0].type:
                raise self.err(i, f"all items of a list must have the same type, but `{self.text(items[0])}` "
                                  f"is {a(codes[0].type)} and `{self.text(i)}` is {a(c.type)}")
        fns = tuple(c.fn for c in codes)
        return self.node(node, lambda ctx: [f(ctx) for f in fns], list_of(codes[0].type), codes)

    # -- operators

    @_rule("neg", "not_")
    def unary(self, node, want):
        """`-x` and `not x`."""
        t = "number" if node.data == "neg" else "bool"
        x = self.need(node.children[0], t)
        f = x.fn
        return self.node(node, (lambda ctx: -f(ctx)) if t == "number" else (lambda ctx: not f(ctx)), t, [x])

    @_rule("add", "sub", "mul", "div", "floordiv", "mod")
    def arith(self, node, want):
        """`+ - * / // %` on numbers."""
        left, right = node.children
        x, y = self.need(left, "number"), self.need(right, "number")
        op, fx, fy = _ARITH[node.data], x.fn, y.fn
        where, what = _pos(right), self.text(right)
        if y.kind == "const" and y.value == 0 and node.data in ("div", "floordiv", "mod"):
            raise self.err(right, f"division by zero: `{what}` is 0")

        def fn(ctx):
            try:
                return op(fx(ctx), fy(ctx))
            except ZeroDivisionError:
                raise ExprError(f"division by zero: `{what}` is 0", *where) from None
            except OverflowError:
                raise ExprError(f"the result of `{self.text(node)}` is too large", *_pos(node)) from None
        return self.node(node, fn, "number", [x, y])

    @_rule("compare")
    def compare(self, node, want):
        """`== !=` on equal types (or `none`), `< <= > >=` on numbers."""
        left, op, right = node.children
        if op in _ORDER:
            x, y = self.need(left, "number"), self.need(right, "number")
            f, fx, fy = _ORDER[str(op)], x.fn, y.fn
            return self.node(node, lambda ctx: f(fx(ctx), fy(ctx)), "bool", [x, y])
        swap = left.data in _LITERALS and right.data not in _LITERALS  # type the literal from the other side
        first, second = (right, left) if swap else (left, right)
        p = self.compile(first)
        q = self.compile(second, p.type)
        if not (_fits(p.type, q.type) or _fits(q.type, p.type)) and first.data in _LITERALS:
            p = self.compile(first, q.type)
        x, y = (q, p) if swap else (p, q)
        if elem(x.type) or elem(y.type):
            raise self.err(op, f"lists cannot be compared with `{op}`", "use `in`, `count`, `any` or `all`")
        if not (_fits(x.type, y.type) or _fits(y.type, x.type)):
            raise self.err(op, f"cannot compare {self.show(left, x)} with {self.show(right, y)}",
                           f"only {one_of(sorted(NULLABLE))} can be `none`" if "none" in (x.type, y.type) else None)
        return self.node(node, _eq(x, y, op == "!="), "bool", [x, y])

    def show(self, node, c: _C) -> str:
        """An operand and its type, for messages."""
        return f"`{self.text(node)}`" + ("" if node.data == "none_" else f" ({a(c.type)})")

    @_rule("in_")
    def in_(self, node, want):
        """`x in xs`: xs is a list of x's type."""
        left, right = node.children
        xs = self.compile(right)
        if elem(xs.type) is None:
            raise self.err(right, f"expected a list after `in`, but `{self.text(right)}` is {a(xs.type)}")
        x = self.compile(left, elem(xs.type))
        if not _fits(x.type, elem(xs.type)) and right.data == "list_":
            xs = self.compile(right, list_of(x.type))
        if not _fits(x.type, elem(xs.type)):
            raise self.err(left, f"`{self.text(left)}` is {a(x.type)}, but `{self.text(right)}` "
                                 f"is {a(xs.type)}")
        return self.node(node, _in(x, xs), "bool", [x, xs])

    @_rule("and_", "or_")
    def logic(self, node, want):
        """`and`, `or` on bools, stopping early."""
        x, y = self.need(node.children[0], "bool"), self.need(node.children[1], "bool")
        is_and = node.data == "and_"
        if x.kind == "const":  # `true and y` is y, `false and y` is false
            return y if x.value == is_and else x
        fx, fy = x.fn, y.fn
        fn = (lambda ctx: fx(ctx) and fy(ctx)) if is_and else (lambda ctx: fx(ctx) or fy(ctx))
        return self.node(node, fn, "bool", [x, y])

    @_rule("if_")
    def if_(self, node, want):
        """`if c then x else y`: a bool condition and branches of one type."""
        cond, then, other = node.children
        c = self.need(cond, "bool")
        x = self.compile(then, want)
        y = self.compile(other, want or x.type)
        if x.type != y.type and then.data in _LITERALS:
            x = self.compile(then, y.type)
        if _fits(x.type, y.type):
            t = y.type
        elif _fits(y.type, x.type):
            t = x.type
        else:
            raise self.err(other, f"the branches of `if` differ: `then` gives {a(x.type)} "
                                  f"but `else` gives {a(y.type)}")
        if c.kind == "const":
            chosen = x if c.value else y
            if chosen.type == t:
                return chosen
            return _const(chosen.value, t) if chosen.kind == "const" else _C(chosen.fn, t, chosen.ctx, chosen.cells)
        fc, fx, fy = c.fn, x.fn, y.fn
        return self.node(node, lambda ctx: fx(ctx) if fc(ctx) else fy(ctx), t, [c, x, y])

    # -- postfix

    @_rule("index")
    def index(self, node, want):
        """`xs[i]`, 1-based, negative from the end."""
        left, right = node.children
        xs = self.compile(left)
        if elem(xs.type) is None:
            raise self.err(left, f"only a list can be indexed, but `{self.text(left)}` is {a(xs.type)}")
        i = self.need(right, "number")
        fs, fi, where = xs.fn, i.fn, _pos(right)

        def fn(ctx):
            items, k = fs(ctx), fi(ctx)
            try:
                if type(k) is float and k.is_integer():
                    k = int(k)
                if type(k) is int:
                    if k > 0:
                        return items[k - 1]
                    if k < 0:
                        return items[k]
            except (IndexError, TypeError, KeyError):
                pass
            raise _index_error(items, k, where)
        return self.node(node, fn, elem(xs.type), [xs, i])

    @_rule("attr")
    def attr(self, node, want):
        """`x.name` through `scope.attrs`, never Python attributes."""
        left, tok = node.children
        base, name = self.compile(left), str(tok)
        attrs = self.scope.attrs.get(base.type, {})
        at = attrs.get(name)
        if at is None or (at.table is None and at.get is None):
            raise self.err(tok, f"`{name}` is not an attribute of {a(base.type)}", suggest(name, attrs))
        fb, t, g, c = base.fn, at.table, at.get, base.cell
        if t is None:
            return self.node(node, lambda ctx: g(ctx, fb(ctx)), at.type, [base], ctx=True)
        fn = (lambda ctx: t[c[0]]) if base.kind == "cell" else (lambda ctx: t[fb(ctx)])
        return self.node(node, fn, at.type, [base], kind="tab", table=t, base=base)

    # -- calls

    @_rule("call")
    def call(self, node, want):
        """A builtin or scope function call."""
        name, args = str(node.children[0]), node.children[1:]
        if name in AGGREGATES:
            return self.aggregate(node, name, args)
        func = self.scope.funcs.get(name)
        if func is None and name != "abs":  # unknown: say so at the name, before anything else
            if name in self.scope.names or name in self.local:
                raise self.err(node, f"`{name}` is not a function")
            if name in self.scope.missing:
                raise self.err(node, self.scope.missing[name])
            raise self.err(node, f"unknown function `{name}`", suggest(name, [*self.scope.funcs, *BUILTINS]))
        for arg in args:
            if arg.data in ("comp", "gen"):
                raise self.err(arg, f"`{name}` does not take a loop `v in xs where …`",
                               f"only {one_of(AGGREGATES)} do")
        if name == "abs":
            if len(args) != 1:
                raise self.err(node, f"`abs` takes 1 argument (a number), but got {len(args)}")
            x = self.need(args[0], "number")
            f = x.fn
            return self.node(node, lambda ctx: abs(f(ctx)), "number", [x])
        n = len(func.params)
        if len(args) != n:
            params = f" ({', '.join(a(p) for p in func.params)})" if n else ""
            raise self.err(node, f"`{name}` takes {n} argument{'s' * (n != 1)}{params}, but got {len(args)}")
        codes = []
        for k, (arg, p) in enumerate(zip(args, func.params), 1):
            c = self.compile(arg, p)
            if c.type != p:  # strict: an impl is never handed a `none` it did not ask for
                raise self.err(arg, f"argument {k} of `{name}` must be {a(p)}, but `{self.text(arg)}` is {a(c.type)}")
            codes.append(c)
        impl = func.impl
        if n == 0:
            fn = impl
        elif n == 1:
            f = codes[0].fn
            fn = lambda ctx: impl(ctx, f(ctx))  # noqa: E731
        elif n == 2:
            f, g = codes[0].fn, codes[1].fn
            fn = lambda ctx: impl(ctx, f(ctx), g(ctx))  # noqa: E731
        else:
            fns = tuple(c.fn for c in codes)
            fn = lambda ctx: impl(ctx, *[f(ctx) for f in fns])  # noqa: E731
        return self.node(node, fn, func.returns, codes, ctx=True)

    def aggregate(self, node, name: str, args) -> _C:
        """count/sum/min/max/any/all/filter over a list, plain or with a loop."""
        if len(args) != 1:
            raise self.err(node, f"`{name}` takes one list, or a loop: `{name}(v in xs where …)`")
        arg = args[0]
        if arg.data not in ("comp", "gen"):
            xs = self.compile(arg)
            item = elem(xs.type)
            if item is None:
                raise self.err(arg, f"`{name}` needs a list, but `{self.text(arg)}` is {a(xs.type)}")
            if name == "filter":
                raise self.err(node, "`filter` needs a condition", "write `filter(v in xs where condition)`")
            if name in _ITEM and item != _ITEM[name]:
                raise self.err(arg, f"`{name}` needs a list of {_ITEM[name]}s, but `{self.text(arg)}` is {a(xs.type)}",
                               f"write `{name}(… for v in {self.text(arg)})`")
            f, fs = _PLAIN[name], xs.fn
            return self.node(node, lambda ctx: f(fs(ctx)), "bool" if name in ("any", "all") else "number", [xs])
        if arg.data == "comp":
            head, cond_node = arg.children
            if head.data != "in_" or head.children[0].data != "name":
                raise self.err(head, "expected `name in list` before `where`",
                               f"for example `{name}(c in hand where c.suit == H)`")
            var_tok, xs_node, value_node = head.children[0].children[0], head.children[1], None
        else:
            if name == "filter":
                raise self.err(node, "`filter` keeps items, it does not compute values",
                               "write `filter(v in xs where condition)`")
            value_node, var_tok, xs_node = arg.children[:3]
            cond_node = arg.children[3] if len(arg.children) > 3 else None
        var = str(var_tok)
        xs = self.compile(xs_node)
        item = elem(xs.type)
        if item is None:
            raise self.err(xs_node, f"expected a list after `in`, but `{self.text(xs_node)}` is {a(xs.type)}")
        if value_node is None and name in ("sum", "min", "max") and item != "number":
            does = {"sum": "adds up", "min": "takes the least of", "max": "takes the greatest of"}[name]
            raise self.err(arg, f"`{name}` {does} numbers, but the items of `{self.text(xs_node)}` are {item}s",
                           f"write `{name}(value for {var} in {self.text(xs_node)} where {self.text(cond_node)})`")
        cell: list = [None]
        saved = self.local.get(var)
        self.local[var] = (item, cell)
        try:
            cond = self.need(cond_node, "bool") if cond_node is not None else None
            value = self.need(value_node, _ITEM.get(name, "bool")) if value_node is not None else None
        finally:
            if saved is None:
                del self.local[var]
            else:
                self.local[var] = saved
        returns = {"filter": list_of(item), "any": "bool", "all": "bool"}.get(name, "number")
        parts = [c for c in (cond, value) if c is not None]
        cells = xs.cells
        for c in parts:
            cells = cells | (c.cells - {id(cell)})
        fn = _loop(name, xs.fn, cell, cond.fn if cond else None, value.fn if value else None)
        return self.node(node, fn, returns, [xs, *parts], ctx=xs.ctx or any(c.ctx for c in parts), cells=cells)


def _index_error(items, k, where) -> ExprError:
    """The run-time error of a bad index."""
    if not isinstance(items, Sequence):
        return ExprError("this list has no order, so it cannot be indexed", *where)
    if type(k) is not int:
        return ExprError("an index must be a whole number", *where)
    shown, n = (str(k) if abs(k) < 10**12 else "so large"), len(items)
    return ExprError(f"index {shown} is out of range for a list of {n} item{'s' * (n != 1)}", *where,
                     "lists count from 1; -1 is the last item" if k == 0 else None)


@contextmanager
def _compiling():
    """Whatever goes wrong while compiling comes out as an ExprError (the cause chained)."""
    try:
        yield
    except (ExprError, catalog.BrokenInstall):  # a broken install stops everything: it is no expression's fault
        raise
    except RecursionError:
        raise ExprError("the expression is nested too deeply") from None
    except Exception as e:  # a bug here or in the scope: still an ExprError, with the cause chained
        raise ExprError(f"internal error while compiling: {type(e).__name__}: {e}") from e


def compile_expr(source: str, scope: Scope, expect: str | None = None, what: str = "the expression") -> Compiled:
    """Parse, check and compile `source`; `expect` is the required type, `what` names it in errors."""
    with _compiling():
        if not isinstance(source, str):
            raise ExprError(f"an expression must be text, not {type(source).__name__}")
        tree = parse(source)
        compiler = _Compiler(source, scope)
        code = compiler.compile(tree, expect)
        if expect is not None and not _fits(code.type, expect):
            raise compiler.err(tree, f"{what} must be {a(expect)}, but this is {a(code.type)}",
                               _HINTS.get((expect, code.type)))
    rtype = expect if expect is not None else code.type
    if code.kind == "const":
        value = code.value
        return Compiled(lambda ctx=None: value, rtype, source, True)
    return Compiled(code.fn, rtype, source, False)


def compile_filter(source: str, scope: Scope, var: str, item_type: str, what: str = "the condition"):
    """Compile a condition on loop variable `var` into ``keep(ctx, items) -> list``.

    The play loop tests every card of a hand against rules like `card.suit == led_suit`;
    evaluating the condition once per card costs a call per card. Here each conjunct of
    an `and` chain of the shape `var.attr == value` / `!=` / `in`, where `value` does not
    depend on `var`, becomes one list comprehension that reads `value` once; any other
    conjunct is tested item by item. Conjuncts filter in order, so a later one is only
    evaluated on the items the earlier ones kept (as `and` would).
    """
    with _compiling():
        if not isinstance(source, str):
            raise ExprError(f"an expression must be text, not {type(source).__name__}")
        tree = parse(source)
        compiler = _Compiler(source, scope)
        cell: list = [None]
        compiler.local[var] = (item_type, cell)
        whole = compiler.compile(tree, "bool")
        if not _fits(whole.type, "bool"):
            raise compiler.err(tree, f"{what} must be a bool, but this is {a(whole.type)}",
                               _HINTS.get(("bool", whole.type)))
        conjuncts, todo = [], [tree]
        while todo:
            node = todo.pop(0)
            if isinstance(node, Tree) and node.data == "and_":
                todo[:0] = node.children
            else:
                conjuncts.append(node)
        steps = [_filter_step(compiler, node, cell) for node in conjuncts]
    if len(steps) == 1:
        return steps[0]
    steps = tuple(steps)

    def keep(ctx, items):
        for step in steps:
            if not items:
                break
            items = step(ctx, items)
        return items
    first = getattr(steps[0], "select_eq", None)
    if first is not None:  # a caller's loop may run the first comprehension inline, then the rest
        keep.select_eq_then = (first, steps[1:])
    return keep


def _filter_step(compiler: "_Compiler", node, cell):
    """One conjunct as ``step(ctx, items) -> kept items``."""
    code = compiler.compile(node, "bool")
    if code.kind == "const":
        return (lambda ctx, items: list(items)) if code.value else (lambda ctx, items: [])
    if id(cell) not in code.cells:  # does not depend on the item: test once
        f = code.fn
        return lambda ctx, items: list(items) if f(ctx) else []
    if isinstance(node, Tree) and node.data == "call" and len(node.children) == 2:
        func = compiler.scope.funcs.get(str(node.children[0]))
        arg = node.children[1]
        if (func is not None and func.select is not None and isinstance(arg, Tree) and arg.data == "name"
                and compiler.local.get(str(arg.children[0]), (None, None))[1] is cell):
            return func.select
    if isinstance(node, Tree) and node.data in ("compare", "in_"):
        if node.data == "compare":
            left, op, right = node.children
            op = str(op)
        else:
            (left, right), op = node.children, "in"
        if op in ("==", "!=", "in"):
            x = compiler.compile(left)
            y = compiler.compile(right, x.type if op != "in" else None)
            if op != "in" and y.kind == "tab" and y.base.kind == "cell" and y.base.cell is cell:
                x, y = y, x
            if x.kind == "tab" and x.base.kind == "cell" and x.base.cell is cell and id(cell) not in y.cells:
                return _select(op, x.table, y.fn)
    f = code.fn

    def step(ctx, items):
        out = []
        for i in items:
            cell[0] = i
            if f(ctx):
                out.append(i)
        return out
    return step


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


def compile_function(source: str, scope: Scope, params: dict[str, str], what: str = "the function"):
    """Compile a spec-defined function: ``(impl(ctx, *args), result type)``.

    Parameters are loop-variable cells set on each call; a function can only call
    functions defined before it, so calls never recurse and the cells are safe.
    """
    with _compiling():
        if not isinstance(source, str):
            raise ExprError(f"an expression must be text, not {type(source).__name__}")
        tree = parse(source)
        compiler = _Compiler(source, scope)
        cells = []
        for name, t in params.items():
            cell: list = [None]
            compiler.local[name] = (t, cell)
            cells.append(cell)
        code = compiler.compile(tree)
    f = code.fn
    if len(cells) == 1:
        (c0,) = cells

        def impl(ctx, a):
            c0[0] = a
            return f(ctx)
    else:
        cells_t = tuple(cells)

        def impl(ctx, *args):
            for c, v in zip(cells_t, args):
                c[0] = v
            return f(ctx)
    return impl, code.type

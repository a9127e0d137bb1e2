"""Checking a parsed expression against its scope and building its closure, node by node.

One method per grammar rule (`_rule`): each checks its operands' types, folds what is
constant and returns a `_C`, the closure with what its parent needs to specialise it.
"""

from __future__ import annotations

from typing import Callable

from lark import Token

from ..core.cards import normalize
from ..core.errors import one_of, suggest
from .closures import (
    _ARITH,
    _C,
    _ITEM,
    _ORDER,
    _PLAIN,
    _const,
    _eq,
    _in,
    _index_error,
    _loop,
)
from .names import (
    _HINTS,
    BUILTINS,
    NULLABLE,
    Scope,
    _card_word,
    _fits,
    a,
    elem,
    list_of,
)
from .syntax import AGGREGATES, ExprError


def _pos(node, span: bool = False) -> tuple[int, int]:
    """1-based line and column of a tree or token (or its start and end index)."""
    m = node if isinstance(node, Token) else node.meta
    return (m.start_pos, m.end_pos) if span else (m.line, m.column)


_RULES: dict[str, Callable] = {}
_SIGNS = {"add": "+", "sub": "-"}  # the operators generated source writes as operators (a product is checked)
# how large a number may grow: the bound keeps every figure exact as text and as a float, and stops
# a rule that multiplies without end before it fills the memory
MAX_NUMBER = 10 ** 18
MAX_NUMBER_TEXT = "10^18"
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
        value = float(text) if "." in text else int(text)
        if abs(value) > MAX_NUMBER:
            raise self.err(node, f"this number is too large: numbers are at most {MAX_NUMBER_TEXT} in size")
        return _const(value, "number")

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
            return _C(lambda ctx: cell[0], t, False, frozenset({id(cell)}), kind="cell", cell=cell,
                      tree=("cell", cell))
        n = self.scope.names.get(ident)
        if n is None:
            if ident in self.scope.funcs or ident in BUILTINS:
                raise self.err(node, f"`{ident}` is a function", f"call it: `{ident}(…)`")
            raise self.err(node, f"unknown name `{ident}`",
                           _card_word(ident, self.scope.pack) or suggest(ident, [*self.local, *self.scope.names]))
        if n.get is None:
            return _const(n.value, n.type)
        return _C(n.get, n.type, kind="get", tree=("get", n.get))

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
        return self.node(node, lambda ctx: [f(ctx) for f in fns], list_of(codes[0].type), codes,
                         tree=("list", *codes))

    # -- operators

    @_rule("neg", "not_")
    def unary(self, node, want):
        """`-x` and `not x`."""
        t = "number" if node.data == "neg" else "bool"
        x = self.need(node.children[0], t)
        f = x.fn
        return self.node(node, (lambda ctx: -f(ctx)) if t == "number" else (lambda ctx: not f(ctx)), t, [x],
                         tree=("neg" if t == "number" else "not", x))

    @_rule("add", "sub", "mul", "div", "floordiv", "mod")
    def arith(self, node, want):
        """`+ - * / // %` on numbers."""
        left, right = node.children
        x, y = self.need(left, "number"), self.need(right, "number")
        op, fx, fy = _ARITH[node.data], x.fn, y.fn
        where, what = _pos(right), self.text(right)
        if y.kind == "const" and y.value == 0 and node.data in ("div", "floordiv", "mod"):
            raise self.err(right, f"division by zero: `{what}` is 0")

        too_large = f"the result of `{self.text(node)}` is too large: numbers are at most {MAX_NUMBER_TEXT} in size"
        grows = node.data in ("mul", "div")  # (a sum, a difference or a remainder stays near its operands)

        def apply(ctx, a, b):  # (a division says where a zero came from, and a product that it grew too
            try:              # large: generated code calls it too, so both say it alike)
                value = op(a, b)
            except ZeroDivisionError:
                raise ExprError(f"division by zero: `{what}` is 0", *where) from None
            except OverflowError:
                raise ExprError(too_large, *_pos(node)) from None
            if grows and not -MAX_NUMBER <= value <= MAX_NUMBER:
                raise ExprError(too_large, *_pos(node))
            return value

        def fn(ctx):
            return apply(ctx, fx(ctx), fy(ctx))
        apply.product = node.data == "mul"  # (generated code may multiply in place what cannot grow too large)
        sign = _SIGNS.get(node.data) if not grows else None
        return self.node(node, fn, "number", [x, y], tree=("op", sign, x, y) if sign else ("call", apply, x, y))

    @_rule("compare")
    def compare(self, node, want):
        """`== !=` on equal types (or `none`), `< <= > >=` on numbers."""
        left, op, right = node.children
        if op in _ORDER:
            x, y = self.need(left, "number"), self.need(right, "number")
            f, fx, fy = _ORDER[str(op)], x.fn, y.fn
            return self.node(node, lambda ctx: f(fx(ctx), fy(ctx)), "bool", [x, y], tree=("cmp", str(op), x, y))
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
        return self.node(node, _eq(x, y, op == "!="), "bool", [x, y], tree=("cmp", "!=" if op == "!=" else "==", x, y))

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
        return self.node(node, _in(x, xs), "bool", [x, xs], tree=("in", x, xs))

    @_rule("and_", "or_")
    def logic(self, node, want):
        """`and`, `or` on bools, stopping early."""
        x, y = self.need(node.children[0], "bool"), self.need(node.children[1], "bool")
        is_and = node.data == "and_"
        if x.kind == "const":  # `true and y` is y, `false and y` is false
            return y if x.value == is_and else x
        fx, fy = x.fn, y.fn
        fn = (lambda ctx: fx(ctx) and fy(ctx)) if is_and else (lambda ctx: fx(ctx) or fy(ctx))
        return self.node(node, fn, "bool", [x, y], tree=("and" if is_and else "or", x, y))

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
            if chosen.kind == "const":
                return _const(chosen.value, t)
            return _C(chosen.fn, t, chosen.ctx, chosen.cells, tree=chosen.tree)
        fc, fx, fy = c.fn, x.fn, y.fn
        return self.node(node, lambda ctx: fx(ctx) if fc(ctx) else fy(ctx), t, [c, x, y], tree=("if", c, x, y))

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

        def at(ctx, items, k):  # (it says where a bad index came from: generated code calls it too)
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

        def fn(ctx):
            return at(ctx, fs(ctx), fi(ctx))
        at.checked_index = True  # (generated code may read `xs[k]` of a whole number k in place, and call it when out of range)
        return self.node(node, fn, elem(xs.type), [xs, i], tree=("call", at, xs, i))

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
            return self.node(node, lambda ctx: g(ctx, fb(ctx)), at.type, [base], ctx=True, tree=("call", g, base))
        fn = (lambda ctx: t[c[0]]) if base.kind == "cell" else (lambda ctx: t[fb(ctx)])
        return self.node(node, fn, at.type, [base], kind="tab", table=t, base=base, tree=("tab", t, base))

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
            return self.node(node, lambda ctx: abs(f(ctx)), "number", [x], tree=("call1", abs, x))
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
        impl = func.impl if func.placed is None else func.placed(*_pos(node), self.text(node))
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
        return self.node(node, fn, func.returns, codes, ctx=True, tree=("call", impl, *codes))

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
            return self.node(node, lambda ctx: f(fs(ctx)), "bool" if name in ("any", "all") else "number", [xs],
                             tree=("call1", f, xs))
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
        return self.node(node, fn, returns, [xs, *parts], ctx=xs.ctx or any(c.ctx for c in parts), cells=cells,
                         tree=("loop", name, cell, xs, cond, value))

"""Divisions and indexes proved safe at validate time, or asked to be guarded.

A spec's expression that divides (`/`, `//`, `%`) by a value that can be 0, or takes an
item (`xs[k]`) a list may not have, would stop a game in the middle. `validate` proves each
divisor is never 0 and each index is in range, or reports it with the guard to write.

A divisor is proved safe when:

* it is constant for the game as configured (`count(seats)`, `pack_size`, `4`, an option's
  number): the compiler computes it, and a constant 0 is already an error of its own;
* or the division is only reached when a condition says the divisor is not 0: in the
  `then` of `if D != 0 then ... else ...` (or `D > 0`, `D >= 1`, `D < 0`, `0 < D`, and
  such a comparison among the `and`s of the condition), in the `else` of `if D == 0 then
  ... else ...`, after `D != 0 and ...`, or after `D == 0 or ...`.

An index `xs[k]` is proved safe when `1 <= k <= count(xs)` or `-count(xs) <= k <= -1` follows
from what is known where it is reached:

* the least length of `xs`: a list written out (`[45, 20, 5, -5]`), a constant of the game
  (`seats`), the cards of a played trick (at least 1), or a condition on `count(xs)` as for
  divisions (`count(tricks) >= 2`, `count(xs) > 0`, `count(xs) >= k`); `not leading` says
  the trick in progress has a card;
* the values `k` can take: a number, a constant of the game, a loop variable over
  `range(a, b)` (from `a` to `b`; `b` may be `count(xs)` or another such variable), a
  condition on `k` (`k >= 1`), or the engine's bounds of a name (`place` is 0 until a seat
  goes out, then at most the number of seats).

The expressions in a condition must be written as the guarded one (brackets and spaces do
not matter; `count(v in xs where c)` is the count of `filter(v in xs where c)`). Nothing
else is assumed: a count of seats that meet a condition may be 0 for all the checker knows,
even where the rules make it at least 1; such a divisor or index is guarded with an `if`.
See docs/expressions.md, "Division" and "Indexes".
"""

from __future__ import annotations

import math

from lark import Token, Tree

from ..expr import ExprError, compile_expr
from ..expr.syntax import parse

_DIVIDE = {"div": "/", "floordiv": "//", "mod": "%"}
# what `D op k` (k a number) shows: D is not 0
_NONZERO = {"!=": lambda k: k == 0, ">": lambda k: k >= 0, ">=": lambda k: k > 0, "<": lambda k: k <= 0,
            "<=": lambda k: k < 0, "==": lambda k: k != 0}
_MIRROR = {"!=": "!=", ">": "<", ">=": "<=", "<": ">", "<=": ">=", "==": "=="}
_NEGATE = {"!=": "==", "==": "!=", ">": "<=", ">=": "<", "<": ">=", "<=": ">"}
_INF = math.inf
# names whose values the engine bounds: (least, greatest as an expression of the game)
_BOUNDED = {"place": (0, "count(seats)"), "dealt": (0, "pack_size")}
# a bool name whose value shows a list's least length: (the value, the list, the length)
_SHOWS_LENGTH = {"leading": (False, "trick", 1)}


class _Known:
    """What holds where a node is reached: facts `(expr, op, k)` (k a number, or the canonical form
    of an expression) and the loop variables over ranges, each with (least, greatest, lists it is
    within the count of)."""

    __slots__ = ("facts", "loops", "bound")

    def __init__(self, facts=frozenset(), loops=None, bound=frozenset()):
        self.facts, self.loops, self.bound = facts, loops or {}, bound  # bound: every loop variable here

    def add(self, facts) -> "_Known":
        return _Known(self.facts | facts, self.loops, self.bound) if facts else self

    def bind(self, var: str, bounds) -> "_Known":
        """Enter a loop over `var`: what was known of an outer `var` no longer holds."""
        mark = f"name({var})"
        facts = frozenset(f for f in self.facts if mark not in f[0] and mark not in str(f[2]))
        loops = {k: v for k, v in self.loops.items() if k != var and mark not in v[2]}
        if bounds is not None:
            loops[var] = bounds
        return _Known(facts, loops, self.bound | {var})


def unguarded_divisions(source: str, scope) -> list[tuple[int, int, str]]:
    """(line, column, divisor text) of every division in `source` not proved safe."""
    return [(line, column, text) for kind, line, column, text, _ in _findings(source, scope) if kind == "divide"]


def unguarded_indexes(source: str, scope) -> list[tuple[int, int, str]]:
    """(line, column, `xs[k]` text) of every index in `source` not proved in range."""
    return [(line, column, f"{text}[{_text(extra[0], source)}]")
            for kind, line, column, text, extra in _findings(source, scope) if kind == "index"]


def greatest(source: str, scope) -> float:
    """The greatest value the number expression `source` can take, as far as is known (inf: unknown)."""
    try:
        tree = parse(source)
    except ExprError:
        return _INF  # the compiler reports it
    return _value_range(tree, _Known(), _Ctx(source, scope))[1]


def _findings(source: str, scope) -> list:
    try:
        tree = parse(source)
    except ExprError:
        return []  # the compiler reports it
    out: list = []
    _walk(tree, _Known(), _Ctx(source, scope), out)
    return out


class _Ctx:
    __slots__ = ("source", "scope", "consts")

    def __init__(self, source, scope):
        self.source, self.scope, self.consts = source, scope, {}

    def const(self, node, known: _Known):
        """The value of the expression at `node` if it is a constant of the game, else None (also when
        a loop variable hides a name of the game in it)."""
        if known.bound and any(n.data == "name" and str(n.children[0]) in known.bound for n in node.iter_subtrees()):
            return None
        text = self.source[node.meta.start_pos:node.meta.end_pos]
        if text not in self.consts:
            try:
                compiled = compile_expr(text, self.scope)
                self.consts[text] = compiled.fn() if compiled.constant else None
            except ExprError:  # a loop variable or a parameter (not a constant), or a fault the compiler reports
                self.consts[text] = None
        return self.consts[text]


def _walk(node, known: _Known, ctx: _Ctx, out: list) -> None:
    """Check `node`, knowing `known` there."""
    if not isinstance(node, Tree):
        return
    kind = node.data
    if kind == "if_":
        cond, then, other = node.children
        _walk(cond, known, ctx, out)
        _walk(then, known.add(_facts(cond, True)), ctx, out)
        _walk(other, known.add(_facts(cond, False)), ctx, out)
        return
    if kind in ("and_", "or_"):
        left, right = node.children
        _walk(left, known, ctx, out)
        _walk(right, known.add(_facts(left, kind == "and_")), ctx, out)
        return
    if kind == "call" and len(node.children) == 2 and isinstance(node.children[1], Tree) \
            and node.children[1].data in ("comp", "gen"):
        _walk_loop(node.children[1], known, ctx, out)
        return
    if kind in _DIVIDE:
        divisor = node.children[1]
        if not any(f[0] == _canon(divisor) and isinstance(f[2], float) and f[1] in _NONZERO
                   and _NONZERO[f[1]](f[2]) for f in known.facts):
            value = ctx.const(divisor, known)
            if value is None or value == 0:
                out.append(("divide", divisor.meta.line, divisor.meta.column, _text(divisor, ctx.source), None))
    if kind == "index":
        _check_index(node, known, ctx, out)
    for child in node.children:
        _walk(child, known, ctx, out)


def _walk_loop(arg, known: _Known, ctx: _Ctx, out: list) -> None:
    """`v in xs where c` or `value for v in xs [where c]`: `v` is bound in `c` and `value`; `c` holds in `value`."""
    if arg.data == "comp":
        head, cond = arg.children
        if not (isinstance(head, Tree) and head.data == "in_" and head.children[0].data == "name"):
            for child in arg.children:
                _walk(child, known, ctx, out)
            return
        var, items, value = str(head.children[0].children[0]), head.children[1], None
    else:
        value, var, items = arg.children[0], str(arg.children[1]), arg.children[2]
        cond = arg.children[3] if len(arg.children) > 3 else None
    _walk(items, known, ctx, out)
    inner = known.bind(var, _range_bounds(items, known, ctx))
    bounds = inner.loops.get(var)
    if bounds is not None:  # a loop over range(a, count(xs)) shows xs has at least a items when it runs
        inner = inner.add(frozenset((_count_of(c), ">=", float(bounds[0])) for c in bounds[2]))
    if cond is not None:
        _walk(cond, inner, ctx, out)
        inner = inner.add(_facts(cond, True))
    if value is not None:
        _walk(value, inner, ctx, out)


def _range_bounds(items, known: _Known, ctx: _Ctx):
    """(least, greatest, lists whose count bounds it) of a variable looping over `items`, if a range."""
    if not (isinstance(items, Tree) and items.data == "call" and str(items.children[0]) == "range"
            and len(items.children) == 3):
        return None
    low, high = items.children[1:]
    lo = _value_range(low, known, ctx)[0]
    if lo == -_INF:
        return None
    hi, lists = _value_range(high, known, ctx)[1], frozenset()
    counted = _counted(high)
    if counted is not None:
        lists = frozenset({counted})
    elif isinstance(high, Tree) and high.data == "name" and str(high.children[0]) in known.loops:
        lists = known.loops[str(high.children[0])][2]
    return lo, hi, lists


def _check_index(node, known: _Known, ctx: _Ctx, out: list) -> None:
    items, index = node.children
    lo, hi = _value_range(index, known, ctx)
    length = _least_length(items, known, ctx)
    if lo >= 1 and hi <= length or -length <= lo and hi <= -1:
        return
    name = _canon(items)
    if lo >= 1:
        var = str(index.children[0]) if isinstance(index, Tree) and index.data == "name" else None
        if var in known.loops and name in known.loops[var][2]:
            return  # a loop variable up to count(xs)
        if any(f[0] == _count_of(name) and f[1] in (">=", ">") and f[2] == _canon(index) for f in known.facts):
            return  # count(xs) >= k
    out.append(("index", index.meta.line, index.meta.column, _text(items, ctx.source), (index, lo, hi)))


def _value_range(node, known: _Known, ctx: _Ctx) -> tuple[float, float]:
    """The least and greatest value the number at `node` can have here, as far as is known."""
    k = _number(node)
    if k is not None:
        return k, k
    lo, hi = -_INF, _INF
    value = ctx.const(node, known)
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return float(value), float(value)
    if isinstance(node, Tree) and node.data == "name":
        word = str(node.children[0])
        if word in known.loops:
            lo, hi = known.loops[word][0], known.loops[word][1]
        elif word in _BOUNDED and word in ctx.scope.names:
            least, greatest = _BOUNDED[word]
            top = _constant_text(greatest, ctx)
            lo, hi = float(least), (float(top) if top is not None else _INF)
    elif isinstance(node, Tree) and node.data == "call" and str(node.children[0]) == "count" and len(node.children) == 2:
        lo, hi = 0, _longest(node.children[1], ctx)
    elif isinstance(node, Tree) and _min_max(node) is not None:
        ranges = [_value_range(c, known, ctx) for c in _operands(node)]
        pick = min if _min_max(node) == "min" else max
        lo, hi = pick(r[0] for r in ranges), pick(r[1] for r in ranges)
    elif isinstance(node, Tree) and node.data in _INTERVALS:
        lo, hi = _INTERVALS[node.data]([_value_range(c, known, ctx) for c in _operands(node)])
    mine = _canon(node)
    for expr, op, k in known.facts:
        if expr != mine or not isinstance(k, float):
            continue
        if op == "==":
            lo, hi = max(lo, k), min(hi, k)
        elif op in (">=", ">"):
            lo = max(lo, k if op == ">=" else math.floor(k) + 1)
        elif op in ("<=", "<"):
            hi = min(hi, k if op == "<=" else math.ceil(k) - 1)
    return lo, hi


def _longest(items, ctx: _Ctx) -> float:
    """The most items the list at `items` (or the list a loop `v in xs ...` runs over) can hold: as many as
    there are cards, seats, suits or ranks, for a list of those (inf for any other)."""
    if isinstance(items, Tree) and items.data == "comp":  # `v in xs where c`: its head is `v in xs`
        head = items.children[0]
        items = head.children[1] if isinstance(head, Tree) and head.data == "in_" else None
    elif isinstance(items, Tree) and items.data == "gen":  # `value for v in xs ...`
        items = items.children[2]
    if not isinstance(items, Tree):
        return _INF
    try:
        kind = compile_expr(ctx.source[items.meta.start_pos:items.meta.end_pos], ctx.scope).type
    except (ExprError, AttributeError):
        return _INF
    names = ctx.scope.names
    every = {"list<card>": "pack_size", "list<seat>": "seats", "list<suit>": "suits", "list<rank>": "ranks"}.get(kind)
    if every is None or every not in names:
        return _INF
    value = names[every].value
    return float(value if isinstance(value, int) else len(value))


def _operands(node) -> list:
    """The numbers an interval of `node` is made from: both sides, both branches of an `if` (not
    its condition), the items of the list `min` or `max` is given."""
    if node.data == "if_":
        return node.children[1:]
    if node.data == "call":
        return node.children[1].children
    return node.children


def _product(ranges) -> tuple[float, float]:
    (a, b), (c, d) = ranges
    if _INF in (abs(a), abs(b), abs(c), abs(d)):
        return -_INF, _INF
    ends = (a * c, a * d, b * c, b * d)
    return min(ends), max(ends)


# how the least and greatest values of an expression follow from its parts'
_INTERVALS = {
    "add": lambda r: (r[0][0] + r[1][0], r[0][1] + r[1][1]),
    "sub": lambda r: (r[0][0] - r[1][1], r[0][1] - r[1][0]),
    "neg": lambda r: (-r[0][1], -r[0][0]),
    "mul": _product,
    "if_": lambda r: (min(r[0][0], r[1][0]), max(r[0][1], r[1][1])),
}


def _min_max(node) -> str | None:
    """`min` or `max` when `node` is that function applied to a list written out, else None."""
    if node.data == "call" and str(node.children[0]) in ("min", "max") and len(node.children) == 2 \
            and isinstance(node.children[1], Tree) and node.children[1].data == "list_" and node.children[1].children:
        return str(node.children[0])
    return None


def _constant_text(text: str, ctx: _Ctx):
    try:
        compiled = compile_expr(text, ctx.scope)
    except ExprError:
        return None
    return compiled.fn() if compiled.constant else None


def _least_length(node, known: _Known, ctx: _Ctx) -> float:
    """The fewest items the list at `node` can have here, as far as is known."""
    least = 0
    if isinstance(node, Tree):
        if node.data == "list_":
            least = len(node.children)
        elif node.data == "if_":
            least = min(_least_length(node.children[1], known, ctx), _least_length(node.children[2], known, ctx))
        elif node.data == "attr" and str(node.children[1]) == "cards":
            least = 1  # a played trick has a card at least
        value = ctx.const(node, known)
        if isinstance(value, (list, tuple)):
            return len(value)
    counted = _count_of(_canon(node))
    for expr, op, k in known.facts:
        if expr == counted and isinstance(k, float):
            if op in (">=", "=="):
                least = max(least, k)
            elif op == ">":
                least = max(least, math.floor(k) + 1)
            elif op == "!=" and k == 0:
                least = max(least, 1)
    return least


def _facts(cond, holds: bool) -> frozenset:
    """The comparisons shown true when `cond` is `holds`: a true `and` (a false `or`) shows what each side
    shows; `not` turns the question round; a comparison shows itself (or its opposite)."""
    if isinstance(cond, Tree) and cond.data == ("and_" if holds else "or_"):
        return _facts(cond.children[0], holds) | _facts(cond.children[1], holds)
    if isinstance(cond, Tree) and cond.data == "not_":
        return _facts(cond.children[0], not holds)
    if isinstance(cond, Tree) and cond.data == "name" and str(cond.children[0]) in _SHOWS_LENGTH:
        value, items, length = _SHOWS_LENGTH[str(cond.children[0])]
        return frozenset({(_count_of(f"name({items})"), ">=", float(length))}) if holds == value else frozenset()
    found = _comparison(cond)
    if found is None:
        return frozenset()
    side, op, k = found
    return frozenset({(side, op if holds else _NEGATE[op], k)})


def _comparison(node):
    """`D op k` or `k op D`: (canonical D, op as if D were on the left, k), k a number when one side is a
    number, else the canonical form of the right side (both ways round); None if not a comparison."""
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
    if _counted(left) is not None:
        return _canon(left), op, _canon(right)
    return _canon(right), _MIRROR[op], _canon(left)


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


def _counted(node):
    """The canonical form of `xs` if `node` is `count(xs)`, else None."""
    if isinstance(node, Tree) and node.data == "call" and str(node.children[0]) == "count" \
            and len(node.children) == 2:
        arg = node.children[1]
        if isinstance(arg, Tree) and arg.data == "comp":
            return f"call(filter,{_canon(arg)})"
        if not (isinstance(arg, Tree) and arg.data == "gen"):
            return _canon(arg)
    return None


def _count_of(items: str) -> str:
    return f"count({items})"


def _canon(node) -> str:
    """An expression's tree as text: the same for the same expression however it is spaced or bracketed;
    `count(xs)` is written `count(xs)` whichever form `xs` takes."""
    if isinstance(node, Token):
        return str(node)
    counted = _counted(node)
    if counted is not None:
        return _count_of(counted)
    return f"{node.data}(" + ",".join(_canon(c) for c in node.children) + ")"


def _text(node, source: str) -> str:
    return " ".join(source[node.meta.start_pos:node.meta.end_pos].split())


def _guard(items: str, index, lo: float, hi: float, source: str) -> str:
    """The condition that makes `items[index]` safe."""
    if items.startswith("filter(") and items.endswith(")"):
        items = items[len("filter("):-1]  # count(v in xs where c) counts what filter keeps
    k = _number(index)
    if k is not None and k == int(k) and k != 0:
        return f"count({items}) >= {abs(int(k))}"
    text = _text(index, source)
    if lo >= 1:
        return f"{text} <= count({items})"
    return f"{text} >= 1 and {text} <= count({items})"


def check(owner, path, source, scope) -> None:
    """Report each division and each index of the expression at spec `path` that is not proved safe."""
    if not isinstance(source, str) or not any(op in source for op in ("/", "%", "[")):
        return
    for kind, line, column, text, extra in _findings(source, scope):
        if kind == "divide":
            owner.error(path, f"`{text}` may be 0 here, and a division by it would stop the game",
                        f"guard it: `if {text} > 0 then ... else ...` (or `!= 0`), or divide by a constant",
                        offset=(line, column))
            continue
        index, lo, hi = extra
        at = _text(index, source)
        if _number(index) == 0:
            message = f"`{text}[0]` is always out of range (lists count from 1; -1 is the last item)"
            owner.error(path, message, None, offset=(line, column))
            continue
        owner.error(path, f"`{text}[{at}]` may be out of range here (nothing shows that `{text}` has "
                          f"{_wanted(index, at)}), and taking it would stop the game",
                    f"guard it: `if {_guard(text, index, lo, hi, source)} then ... else ...`",
                    offset=(line, column))


def _wanted(index, at: str) -> str:
    k = _number(index)
    if k is not None and k == int(k):
        n = abs(int(k))
        return f"{n} item{'s' * (n != 1)}"
    return f"an item `{at}`"

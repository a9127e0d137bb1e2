"""Generated source for a compiled expression: one Python function instead of a tree of closures.

`compile_expr` leaves, besides the closure, the checked tree of the expression (each
node's form and operands, `_C.tree` in interpreter/expr/closures.py). This renders it
as one `def value(st): return ...` under THE RULE of `interpreter.emit`:

* operators are written from a fixed table of forms (`+ - *`, comparisons, `and`, `or`,
  `not`, `in`, `if ... else`), never from the spec's text;
* a name the scope reads from a field of the state is written `st.FIELD` (a field of
  `ENGINE_FIELDS`), or `st.FIELD[st.player]` for a per-seat field read for `player`;
* a constant is an int, a bool or None written with `repr`; any other constant (a card
  list, a contract key) is bound, as are tables and the scope's functions;
* a node with no tree (a loop, an index, a division, whose closures know how to report a
  fault at their place in the spec) is its own closure, called by its bound name.

The generated function replaces the closure where the game runs; `generated=False`
keeps the closures (tests/test_emit.py holds the two to the same records).
"""

from __future__ import annotations

from operator import attrgetter

from . import ENGINE_FIELDS, Source

# the operators generated source may write (a checked node names one of these, never spells it)
_SYMBOLS = {s: s for s in ("+", "-", "*", "==", "!=", "<", "<=", ">", ">=")}
_SHAPES = {"neg": "(-{0})", "not": "(not {0})", "and": "({0} and {1})", "or": "({0} or {1})",
           "in": "({0} in {1})", "if": "({1} if {0} else {2})"}


def _read(getter, src: Source) -> str:
    """How generated code reads a scope name: a state field, a per-seat field, or its getter."""
    if type(getter) is attrgetter:
        names = getter.__reduce__()[1]
        if len(names) == 1 and names[0] in ENGINE_FIELDS:
            return src.field(names[0])
    per_seat = getattr(getter, "per_seat", None)  # `st.FIELD[st.player]` (interpreter/scope.py)
    if per_seat in ENGINE_FIELDS:
        return f"{src.field(per_seat)}[{src.field('player')}]"
    return f"{src.bind(getter, 'get')}(st)"


def render(c, src: Source) -> str:
    """The source of compiled node `c`."""
    if c.kind == "const":
        v = c.value
        if v is None or isinstance(v, bool) or type(v) is int:
            return src.literal(v)
        return src.bind(v, "const")
    tree = c.tree
    if tree is None:
        return f"{src.bind(c.fn, 'node')}(st)"
    form, *args = tree
    if form == "get":
        return _read(args[0], src)
    if form in _SHAPES:  # operands in order: the template places them
        return _SHAPES[form].format(*(render(x, src) for x in args))
    if form in ("op", "cmp") and args[0] in _SYMBOLS:
        return f"({render(args[1], src)} {_SYMBOLS[args[0]]} {render(args[2], src)})"
    if form == "tab":
        return f"{src.bind(args[0], 'table')}[{render(args[1], src)}]"
    if form == "call":
        return f"{src.bind(args[0], 'fn')}({', '.join(['st', *(render(x, src) for x in args[1:])])})"
    if form == "call1":
        return f"{src.bind(args[0], 'fn')}({render(args[1], src)})"
    return f"{src.bind(c.fn, 'node')}(st)"  # a form this generator does not know: its closure


def compile_expression(node):
    """(the generated function, its source) of a compiled expression's root node, or None when
    generating gains nothing (the node is a constant, or its whole tree is one closure)."""
    if node is None or node.kind == "const" or node.tree is None or node.tree[0] == "get":
        return None  # (a name alone is read by its getter, which is as fast as it gets)
    src = Source("expression")
    body = render(node, src)
    src.add(0, "def value(st):")
    src.add(1, f"return {body}")
    (fn,) = src.build("value")
    return fn, src.text()

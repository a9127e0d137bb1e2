"""Generated source for a compiled expression: one Python function instead of a tree of closures.

`compile_expr` leaves, besides the closure, the checked tree of the expression (each
node's form and operands, `_C.tree` in interpreter/expr/closures.py). This renders it
as one `def value(st): return ...` under THE RULE of `interpreter.compile.emit`:

* operators are written from a fixed table of forms (`+ - *`, comparisons, `and`, `or`,
  `not`, `in`, `if ... else`), never from the spec's text;
* a name the scope reads from a field of the state is written `st.FIELD` (a field of
  `ENGINE_FIELDS`), or `st.FIELD[st.player]` for a per-seat field read for `player`; a card's
  attribute read from a field of the state, `st.FIELD[card]` (a joker's suit, which follows
  the trump), and a card's power, of a card held in a local, from the state's two orders;
* a constant is an int, a bool or None written with `repr`; any other constant (a card
  list, a contract key) is bound, as are tables and the scope's functions;
* a division or an index is a call of the checker's own function for it, which reports a
  fault at its place in the spec, as the closure does;
* a loop over a list is a generator expression (or a list comprehension for `filter`) whose
  variable is a local (`x0`, `x1`... by depth), a spec function one generated function
  whose parameters are locals (`a0`, `a1`...);
* a node with no tree is its own closure, called by its bound name; a closure that reads a
  loop variable or a parameter (which generated code keeps in a local) cannot be called
  so, and its loop, or its whole expression or function, keeps its closures.

The generated function replaces the closure where the game runs; `generated=False`
keeps the closures (tests/compile/test_emit.py holds the two to the same records).
"""

from __future__ import annotations

import functools
import re
from bisect import bisect_left
from operator import attrgetter

from ...core.source import ENGINE_FIELDS, LOOP_VARIABLES, ONCE, PARAMETERS, Source
from ...expr.closures import _PLAIN
from .bounds import small_times_count, table_of

# the operators generated source may write (a checked node names one of these, never spells it)
_SYMBOLS = {s: s for s in ("+", "-", "*", "==", "!=", "<", "<=", ">", ">=")}
_SHAPES = {"neg": "(-{0})", "not": "(not {0})", "and": "({0} and {1})", "or": "({0} or {1})",
           "in": "({0} in {1})", "if": "({1} if {0} else {2})"}


def _field_read(getter) -> tuple[str, bool] | None:
    """(the state field, whether it is per seat) that `getter` reads: `st.FIELD` or
    `st.FIELD[st.player]`; None when it is any other function."""
    if type(getter) is attrgetter:
        names = getter.__reduce__()[1]
        if len(names) == 1 and names[0] in ENGINE_FIELDS:
            return names[0], False
    per_seat = getattr(getter, "per_seat", None)  # `st.FIELD[st.player]` (interpreter/compile/scope.py)
    return (per_seat, True) if per_seat in ENGINE_FIELDS else None


def _read(getter, src: Source) -> str:
    """How generated code reads a scope name: a state field, a per-seat field, a state field through
    a map of its values, or its getter."""
    mapped = getattr(getter, "field_map", None)  # (interpreter/compile/scope.py)
    if mapped is not None and mapped[0] in ENGINE_FIELDS:
        return f"{src.bind(mapped[1], 'table')}[{src.field(mapped[0])}]"
    field = _field_read(getter)
    if field is None:
        return f"{src.bind(getter, 'get')}(st)"
    name, per_seat = field
    if per_seat:  # the player's own field, which the function may hold in a local already (`hand`)
        held = getattr(src, "seat_locals", None)
        return held[name] if held and name in held else f"{src.field(name)}[{src.field('player')}]"
    return src.field(name)


def _runs(table) -> dict | None:
    """For a table in which the cards of each value are one run of card numbers (a suit, in a
    pack numbered suit by suit), each value's (first, end) card numbers; else None."""
    return _runs_of(table) if isinstance(table, tuple) else None


@functools.lru_cache(maxsize=64)
def _runs_of(table: tuple) -> dict | None:
    out: dict = {}
    for c, v in enumerate(table):
        first, end = out.get(v, (c, c))
        if end != c:
            return None
        out[v] = (first, c + 1)
    return out


def _holds_run(hand: list, run) -> bool:
    """Whether sorted `hand` holds a card of `run` ((first, end) card numbers, or None: no card)."""
    if run is None:
        return False
    i = bisect_left(hand, run[0])
    return i < len(hand) and hand[i] < run[1]


def _count_run(hand: list, run) -> int:
    """How many cards of `run` sorted `hand` holds."""
    return 0 if run is None else bisect_left(hand, run[1]) - bisect_left(hand, run[0])


class _Unrenderable(Exception):
    """A node that generated code cannot compute: a closure that reads a loop variable (or a
    function's parameter) the generated code holds in a local. Its loop, or its whole
    expression, keeps its closure."""


_AGGREGATE = {"sum": sum, "any": any, "all": all, "min": _PLAIN["min"], "max": _PLAIN["max"]}


def render(c, src: Source, names: dict | None = None, hoist: bool = True, once: bool = True) -> str:
    """The source of compiled node `c`; `names` maps the loop variables (and parameters) in
    scope, by their cell, to the local that holds them. Within a loop, a call that reads no loop
    variable is computed once (`_once`), and so is a call the expression makes again with the same
    arguments, unless `hoist` is false (a loop's items: Python allows no assignment there), or,
    for `c` itself and not its parts, `once` is (`_once` writing what it keeps)."""
    names = names or {}
    if c.cells and not c.cells <= names.keys():
        raise _Unrenderable  # (a variable of an enclosing loop this source does not write)
    if hoist and once and (_loop_invariant_call(c, src, names) or _repeated_call(c, src, names)):
        return _once(c, src, names)
    if c.kind == "const":
        v = c.value
        if v is None or isinstance(v, bool) or type(v) is int:
            return src.literal(v)
        return src.bind(v, "const")
    tree = c.tree
    if tree is None:
        if c.cells:
            raise _Unrenderable  # its closure would read a cell the generated code never sets
        return f"{src.bind(c.fn, 'node')}(st)"
    form, *args = tree
    sub = lambda x: render(x, src, names, hoist)  # noqa: E731
    if form == "get":
        inline = getattr(args[0], "inline", None)  # a spec name whose body is cheaper written than called
        if inline is not None:
            return f"({render(inline[0], src, {}, hoist)})"
        return _read(args[0], src)
    if form == "cell":
        return names[id(args[0])]
    if form in _SHAPES:  # operands in order: the template places them
        return _SHAPES[form].format(*(sub(x) for x in args))
    if form in ("op", "cmp") and args[0] in _SYMBOLS:
        return f"({sub(args[1])} {_SYMBOLS[args[0]]} {sub(args[2])})"
    if form == "tab":
        return f"{src.bind(args[0], 'table')}[{sub(args[1])}]"
    if form == "call":
        inline = getattr(args[0], "inline", None)  # a spec function whose body is cheaper written than called
        if inline is not None and len(inline[1]) == len(args) - 1:
            texts = [sub(x) for x in args[1:]]
            if all(_SIMPLE.fullmatch(t) or _WHOLE.fullmatch(t) or _turn_of_a_read(x)  # (each read again at
                   for t, x in zip(texts, args[1:])):                                # little or no cost)
                return f"({render(inline[0], src, {id(cell): t for cell, t in zip(inline[1], texts)}, hoist)})"
        if getattr(args[0], "product", False) and small_times_count(args[1], args[2]):
            return f"({sub(args[1])} * {sub(args[2])})"  # (it cannot exceed the largest number: in place)
        turn = getattr(args[0], "seat_turn", None)  # `left(s)`: the seat so many places round, in place
        if turn is not None and len(args) == 2:
            return f"(({sub(args[1])} + {src.literal(turn[0])}) % {src.literal(turn[1])})"
        field = getattr(args[0], "card_field", None)  # `st.FIELD[x]` of a card or a seat, read inline (compile/scope.py)
        if field is not None and len(args) == 2 and field[0] in ENGINE_FIELDS:
            read = f"{src.field(field[0])}[{sub(args[1])}]"
            return read if field[1] is None else f"{src.bind(field[1], 'table')}[{read} + 1]"
        if getattr(args[0], "checked_index", False) and len(args) == 3 and args[2].kind == "const" \
                and type(args[2].value) is int and args[2].value != 0:  # `xs[k]` of a whole number k
            items = sub(args[1])
            if _SIMPLE.fullmatch(items):  # xs a local or a field of the state, read twice at no cost
                return _index_in_place(src, args[0], items, args[2].value)
        item = getattr(args[0], "item", None)  # `x[i]` or `x[i:]` of a tuple: a trick's or a call's field
        if item is not None and len(args) == 2:
            return f"{sub(args[1])}[{src.literal(item[0])}{':' if item[1] else ''}]"
        by_trump = (("trump_power", "power") if getattr(args[0], "card_power", False)
                    else getattr(args[0], "by_trump", None))
        if by_trump is not None and len(args) == 2 and args[1].tree is not None \
                and args[1].tree[0] == "cell":  # a card's power or points, of a card held in a local (read twice)
            c = sub(args[1])
            t, p = (src.field(by_trump[0]), src.field(by_trump[1])) if type(by_trump[0]) is str else \
                (src.bind(by_trump[0], "table"), src.bind(by_trump[1], "table"))
            return f"({t} if {src.field('suit')}[{c}] == {src.field('trump')} else {p})[{c}]"
        return f"{src.bind(args[0], 'fn')}({', '.join(['st', *(sub(x) for x in args[1:])])})"
    if form == "call1":
        return f"{'len' if args[0] is len else src.bind(args[0], 'fn')}({sub(args[1])})"
    if form == "list":
        return f"[{', '.join(sub(x) for x in args)}]"
    if form == "loop":
        try:
            return _loop(src, names, hoist, *args)
        except _Unrenderable:
            if c.cells:
                raise
            return f"{src.bind(c.fn, 'node')}(st)"  # its closure sets its variable itself
    if c.cells:
        raise _Unrenderable
    return f"{src.bind(c.fn, 'node')}(st)"  # a form this generator does not know: its closure


_SIMPLE = re.compile(r"(st\.)?[a-z][a-z0-9_]*")


def _read_again(c) -> bool:
    """Whether compiled node `c` is written as a local, a whole number or a field of the state (what
    `render` writes for an inlined function's argument without computing it)."""
    if c.kind == "const":
        return type(c.value) is int
    tree = c.tree
    if tree is None:
        return False
    field = _field_read(tree[1]) if tree[0] == "get" else None
    return tree[0] == "cell" or (field is not None and not field[1])


def _turn_of_a_read(c) -> bool:
    """Whether compiled node `c` is `left(x)` (a seat so many places round) of what is read again at no
    cost (`_read_again`): written again where an inlined body reads it, it costs an addition and a
    remainder, less than a call, and cannot fail."""
    tree = c.tree
    return (tree is not None and tree[0] == "call" and len(tree) == 3
            and getattr(tree[1], "seat_turn", None) is not None and _read_again(tree[2]))


_WHOLE = re.compile(r"-?[0-9]+")


def _index_in_place(src: Source, at, items: str, k: int) -> str:
    """`xs[k]` (1-based, negative from the end) for a whole number `k` other than 0: the item when
    the list is long enough, else the checker's call `at`, which says what is wrong where."""
    i, need = (k - 1, k) if k > 0 else (k, -k)
    return (f"({items}[{src.literal(i)}] if len({items}) >= {src.literal(need)} "
            f"else {src.bind(at, 'fn')}(st, {items}, {src.literal(k)}))")


def _conjuncts(node) -> list:
    """The operands of an `and` chain, left to right (one node when it is not one)."""
    tree = node.tree
    if tree is not None and tree[0] == "and":
        return [*_conjuncts(tree[1]), *_conjuncts(tree[2])]
    return [node]


def _run_in(hand: list, run) -> list:
    """The cards of `run` ((first, end) card numbers, or None: no card) in sorted `hand`: one slice."""
    return [] if run is None else hand[bisect_left(hand, run[0]):bisect_left(hand, run[1])]


def _hand_by_runs(src: Source, names: dict, cell, xs, test):
    """When `test`, a loop's condition over the player's hand, begins with `c.x == v` where the cards
    of each value of `x` are one run of card numbers (a suit), and `v` does not read `c`: the hand is
    kept sorted, so the cards that pass that part are one slice of it, found by bisection. Returns
    (the source of the bound run table, of `v`, the hand's, the other conjuncts), else None. `v` is
    computed once (the loop computed it for each card: the same value, expressions being pure)."""
    if test is None or xs.tree is None or xs.tree[0] != "get" or _field_read(xs.tree[1]) != ("hands", True):
        return None
    first, *rest = _conjuncts(test)
    if first.tree is None or first.tree[0] != "cmp" or first.tree[1] != "==":
        return None
    for tab, other in ((first.tree[2], first.tree[3]), (first.tree[3], first.tree[2])):
        t = tab.tree
        if t is not None and t[0] == "tab" and t[2].tree == ("cell", cell) and id(cell) not in other.cells:
            runs = _runs(t[1])
            if runs is None:
                return None
            # (both may stand in a comprehension's iterable, where Python allows no `:=`: not hoisted)
            return src.bind(runs, "runs"), render(other, src, names, False), render(xs, src, names, False), rest
    return None


def _loop(src: Source, names: dict, hoist: bool, name: str, cell, xs, cond, value) -> str:
    """An aggregate with a loop variable as a comprehension (interpreter/expr/closures.py `_loop`:
    the same items, conditions and values, evaluated in the same order). Over the player's hand,
    a condition that begins with a card's suit (`_hand_by_runs`) walks that suit's slice only."""
    var = f"x{sum(1 for v in names.values() if v.startswith('x'))}"
    if var not in LOOP_VARIABLES:
        raise _Unrenderable  # (loops nested deeper than generated code names)
    inner = {**names, id(cell): var}
    if value is None and name in ("count", "any", "all"):
        value, cond = cond, None
    conds = [cond] if cond is not None else []  # the conditions an item must pass
    values = None  # for count and any: the value as conditions, when the hand's runs narrow it
    head = f"for {var} in {render(xs, src, names, False)}"
    narrowed = cond if cond is not None else value if name in ("count", "any") else None
    by_runs = _hand_by_runs(src, names, cell, xs, narrowed)
    if by_runs is not None:
        runs, v, hand, rest = by_runs
        if narrowed is cond:
            conds = rest
        else:
            values = rest
        if name in ("count", "any") and not conds and not values:  # the run's cards alone: counted by bisection
            helper = src.bind(_holds_run if name == "any" else _count_run, "fn")
            found = f"{helper}({hand}, {runs}.get({v}))"
            return f"(len({hand}) > 0 and {found})" if name == "any" else f"(len({hand}) and {found})"
        head = f"for {var} in ({src.bind(_run_in, 'fn')}({hand}, {runs}.get({v})) if len({hand}) > 0 else [])"
    if by_runs is None and not conds and name in ("sum", "min", "max") and table_of(value, cell) is not None:
        # (a table's values of every item, `sum(c.points for c in cards)`: mapped, with no comprehension)
        looked_up = src.bind(table_of(value, cell).__getitem__, "get")
        items = render(xs, src, names, False)
        return f"{src.bind(_AGGREGATE[name], 'agg')}({src.bind(map, 'map')}({looked_up}, {items}))"
    tests = "".join(f" if {render(x, src, inner, hoist)}" for x in conds)
    if name == "filter":
        return f"[{var} {head}{tests}]"
    # (a count, a sum, a least or a greatest walks every item: over a list, which Python makes faster
    # than a generator's items; `any` and `all` stop at the first item that decides, as the closures do)
    if values is not None:  # (count and any: whether each item of the run passes the rest)
        tests += "".join(f" if {render(x, src, inner, hoist)}" for x in values)
        if name == "count":
            return f"len([{src.literal(1)} {head}{tests}])"
        return f"{src.bind(any, 'agg')}({src.literal(True)} {head}{tests})"
    if name == "count":  # how many of the values are true
        return f"len([{src.literal(1)} {head}{tests} if {render(value, src, inner, hoist)}])"
    item = var if value is None else render(value, src, inner, hoist)
    if name in ("any", "all"):
        return f"{src.bind(_AGGREGATE[name], 'agg')}({item} {head}{tests})"
    return f"{src.bind(_AGGREGATE[name], 'agg')}([{item} {head}{tests}])"


_UNSET = object()  # a value computed once (`_once`) not computed yet


def _loop_invariant_call(c, src: Source, names: dict) -> bool:
    """Whether `c`, met within a loop of the expression, is a call (of a spec function, a getter, a
    closure, or a loop of its own) that reads no loop variable: the same value at each turn."""
    hoisted = getattr(src, "hoisted", None)
    if hoisted is None or c.kind == "const" or not any(v.startswith("x") for v in names.values()):
        return False  # (not within a loop, or a source that computes nothing once)
    if any(not names[cell].startswith("a") for cell in c.cells):
        return False  # it reads a loop variable (a function's parameters are the same at each turn)
    if _shape(c, src.shapes) not in hoisted and len(hoisted) >= len(ONCE):
        return False
    tree = c.tree
    if tree is None:
        return c.kind != "const"
    form = tree[0]
    if form == "get":  # a name: worth it when it is read through a call, not as a field of the state
        return _field_read(tree[1]) is None and getattr(tree[1], "field_map", None) is None \
            and getattr(tree[1], "inline", None) is None
    if form == "call" and (getattr(tree[1], "seat_turn", None) or getattr(tree[1], "inline", None)):
        return False  # (written in place, cheaper than kept)
    return form in ("call", "call1", "loop")


def _shape(c, shapes: dict, bound: dict | None = None):
    """What tells a computation of compiled node `c` from another: its form, the functions, tables and
    variables it reads, and the same of its operands. Two nodes of one shape, reading no loop variable
    (the parameters of a function are the same throughout), have one value within one evaluation:
    the state does not move while an expression is computed. A loop's own variable is told by the
    loop that binds it (`bound`: its cell -> how many loops were around it where the shape began), so
    the same loop written twice has one shape. `shapes` keeps each node's (by id, with the node, which
    it keeps alive while the source is written)."""
    key = shapes.get(id(c))
    if key is not None:
        return key[1]
    bound = bound or {}
    if c.kind == "const":
        v = c.value
        shape = ("const", type(v), v) if v is None or isinstance(v, (bool, int, str)) or (
            type(v) is tuple and all(type(x) is int for x in v)) else ("node", id(c))  # (seats, a list of cards)
    elif c.tree is None:
        shape = ("node", id(c))
    elif c.tree[0] == "cell":
        k = bound.get(id(c.tree[1]))
        shape = ("cell", ("id", id(c.tree[1])) if k is None else ("bound", k))
    elif c.tree[0] == "loop":
        name, cell, items, cond, value = c.tree[1:]
        inner = {**bound, id(cell): len(bound)}
        shape = ("loop", name, _shape(items, shapes, bound),
                 *(None if part is None else _shape(part, shapes, inner) for part in (cond, value)))
    else:
        form, *args = c.tree
        shape = (form, *(_shape(a, shapes, bound) if hasattr(a, "tree") and hasattr(a, "kind") else
                         a if isinstance(a, str) else ("index",) if getattr(a, "checked_index", False) else ("id", id(a))
                         for a in args))  # (each `xs[k]` has its checker's call, which says where: one value)
    shapes[id(c)] = (c, shape)
    return shape


def _repeats(node, shapes: dict, out: dict) -> dict:
    """How many times each shape of call (`_CSE_FORMS`) may be computed by one computation of `node`:
    of the two branches of an `if`, only one is (`f(p)` in both is made once, and kept for nothing)."""
    tree = getattr(node, "tree", None)
    if tree is None:
        return out
    if tree[0] in _CSE_FORMS:
        key = _shape(node, shapes)
        out[key] = out.get(key, 0) + 1
    if tree[0] == "if":
        _repeats(tree[1], shapes, out)
        then, other = _repeats(tree[2], shapes, {}), _repeats(tree[3], shapes, {})
        for key in then.keys() | other.keys():
            out[key] = out.get(key, 0) + max(then.get(key, 0), other.get(key, 0))
        return out
    for part in tree[1:]:
        if hasattr(part, "tree") and hasattr(part, "kind"):
            _repeats(part, shapes, out)
    return out


_CSE_FORMS = ("call", "call1", "get", "loop")


def _repeated_call(c, src: Source, names: dict) -> bool:
    """Whether `c` is a call (of a spec function, an engine function, a getter) or a loop that the
    expression makes again with the same arguments, reading no variable of a loop around it: `call(p)`
    in each branch of an `if` chain, whether the hand holds the suit led in each rule's condition. It is
    computed once, where first needed (`_once`), as a call invariant in a loop is."""
    repeats = getattr(src, "repeats", None)
    tree = c.tree
    if not repeats or tree is None or tree[0] not in _CSE_FORMS:
        return False
    if tree[0] == "get" and (_field_read(tree[1]) is not None or getattr(tree[1], "field_map", None) is not None
                             or getattr(tree[1], "inline", None) is not None):
        return False  # (a field of the state, read in place; a cheap spec name, written in place)
    if tree[0] == "call" and any(getattr(tree[1], a, None) for a in ("item", "card_field", "card_power", "by_trump",
                                                                       "seat_turn", "inline")):
        return False  # (read in place: a trick's field, a card's suit or power, a seat round; a cheap function)
    if any(not names[cell].startswith("a") for cell in c.cells):
        return False  # it reads a loop variable
    key = _shape(c, src.shapes)
    return repeats.get(key, 0) >= 2 and (key in src.hoisted or len(src.hoisted) < len(ONCE))


def _once(c, src: Source, names: dict) -> str:
    """`c` computed where it is first needed and kept in a local (`h0`, `h1`...) for the later turns
    of the loops around it, and for the other places it is made with the same arguments (`_shape`):
    `(h0 if h0 is not UNSET else (h0 := ...))`, the local set to UNSET before the expression runs.
    Computed at the place and moment it was first computed before, so a value that fails fails as
    before, and one never needed is never computed."""
    hoisted = src.hoisted
    key = _shape(c, src.shapes)
    local = hoisted.get(key)
    if local is None:  # (what it computes may be computed once too: `c` itself is not, here)
        body = render(c, src, names, once=False)
        local = hoisted.setdefault(key, ONCE[len(hoisted)])
        unset = src.bind(_UNSET, "unset")
        src.once_lines.append(f"{local} = {unset}")
        src.once_bodies[local] = body
    unset = src.bind(_UNSET, "unset")
    return f"({local} if {local} is not {unset} else ({local} := {src.once_bodies[local]}))"


def compile_expression(node):
    """(the generated function, its source) of a compiled expression's root node, or None when
    generating gains nothing (the node is a constant, or its whole tree is one closure)."""
    if node is None or node.kind == "const" or node.tree is None or node.tree[0] == "get":
        return None  # (a name alone is read by its getter, which is as fast as it gets)
    src = _computing("expression", node)
    try:
        body = render(node, src)
    except _Unrenderable:
        return None
    return _returning(src, "def value(st):", body)


def compile_function(node, cells) -> tuple | None:
    """(the generated function, its source) of a spec function's body over its parameters'
    cells: `value(st, a0, a1, ...)`, called as the closure `impl(st, *args)` is; None when the
    body keeps its closures."""
    params = [f"a{i}" for i in range(len(cells))]
    if node is None or node.tree is None or any(p not in PARAMETERS for p in params):
        return None
    src = _computing("function", node)
    try:
        body = render(node, src, {id(cell): p for cell, p in zip(cells, params)})
    except _Unrenderable:
        return None
    return _returning(src, f"def value({', '.join(['st', *params])}):", body)


def _computing(title: str, *nodes) -> Source:
    """A source for one generated function whose loops compute their invariant calls once, as it
    computes once the calls `nodes`, the expressions it computes, make again with the same arguments."""
    src = Source(title)
    _hoisting(src, nodes)
    return src


def _hoisting(src: Source, nodes) -> None:
    """Make `src` compute once, as it writes `nodes`, what they compute again (`_once`)."""
    src.hoisted, src.once_lines, src.once_bodies, src.shapes, src.repeats = {}, [], {}, {}, {}
    for node in nodes:
        _repeats(node, src.shapes, src.repeats)


def _returning(src: Source, head: str, body: str) -> tuple:
    """(the function `value`, its source): `head`, the locals of values computed once set to
    UNSET, then `return body`, built and checked."""
    src.add(0, head)
    for line in src.once_lines:
        src.add(1, line)
    src.add(1, f"return {body}")
    (fn,) = src.build("value")
    return fn, src.text()

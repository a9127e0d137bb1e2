"""Generated filters and conditions asked together: one function for what several closures did.

A filter's conjunct, card by card (`compile_step`), or all its conjuncts' steps at once
(`compile_steps`); several conditions asked at one moment, written in place
in a generated function (`conditions_in_place`), what they ask alike computed once. Written by the
generator of interpreter/compile/emit/expressions.py, under its rule.
"""

from __future__ import annotations

from ...core.source import LOOP_VARIABLES, Source
from .expressions import _computing, _hoisting, _returning, _Unrenderable, render


def compile_step(node, cell) -> tuple | None:
    """(the generated function, its source) of one conjunct of a filter over loop variable `cell`:
    `value(st, items)`, the items for which `node` holds, in order, as the closure's step keeps
    them (interpreter/expr/__init__.py `_filter_step`); None when the node keeps its closures."""
    if node is None or node.tree is None:
        return None
    src = _computing("filter", node)
    var = LOOP_VARIABLES[0]
    of_items = id(cell) in node.cells
    try:
        cond = render(node, src, {id(cell): var} if of_items else {})
    except _Unrenderable:
        return None
    if not of_items:  # a condition of no item: tested once (if there are items), keeping all or none
        fn, text = _returning(src, "def value(st, items):", f"([*items] if items and {cond} else [])")
        fn.condition = node  # (several such may be computed together: `conditions_in_place`)
        return fn, text
    return _returning(src, "def value(st, items):", f"[{var} for {var} in items if {cond}]")


def compile_steps(nodes, cell) -> tuple | None:
    """(the generated function, its source) of the conjuncts `nodes` of a filter over loop variable
    `cell`, as one function: `value(st, items)`, each conjunct keeping, in order, the items the one
    before kept (one that reads no item keeps all or none, tested once), stopping when none is left:
    what the closures' steps do one call each (interpreter/expr/__init__.py `compile_filter`); None
    when one of them keeps its closures."""
    if any(n is None or n.tree is None for n in nodes):
        return None
    src = _computing("filter", *nodes)
    var = LOOP_VARIABLES[0]
    try:
        conds = [(id(cell) in n.cells, render(n, src, {id(cell): var} if id(cell) in n.cells else {}))
                 for n in nodes]
    except _Unrenderable:
        return None
    src.add(0, "def value(st, items):")
    for line in src.once_lines:
        src.add(1, line)
    for i, (of_items, cond) in enumerate(conds):
        depth, items = (1, "items") if i == 0 else (2, "kept")
        if i:
            src.add(1, "if kept:")
        src.add(depth, f"kept = [{var} for {var} in {items} if {cond}]" if of_items else
                f"kept = [*{items}] if {items} and {cond} else []")
    src.add(1, "return kept")
    (fn,) = src.build("value")
    return fn, src.text()


def conditions_in_place(src: Source, nodes, depth: int, otherwise: str) -> bool:
    """Write at `depth` of `src`, a function of `st`, `y = (...)`: the values of conditions `nodes`,
    in order, what they ask alike computed once; should one fail, `return otherwise` (a call that
    asks them one by one, and fails where its own place in the spec says). False, writing nothing,
    when one of them keeps its closures."""
    if not nodes or any(n is None or n.tree is None for n in nodes):
        return False
    _hoisting(src, nodes)
    try:
        parts = [render(n, src) for n in nodes]
        lines = src.once_lines
    except _Unrenderable:
        return False
    finally:  # (the rest of the source computes nothing once)
        del src.hoisted, src.once_lines, src.once_bodies, src.shapes, src.repeats
    for line in lines:
        src.add(depth, line)
    src.add(depth, "try:")
    src.add(depth + 1, f"y = ({', '.join(parts)},)")
    src.add(depth, "except Exception:")
    src.add(depth + 1, f"return {otherwise}")
    return True

"""Which spec functions generated code writes where they are asked instead of calling them.

A spec function's call in generated code costs a Python call; a body such as `count(tricks) == 0`
(`first_card`) or `p == declarer or p == called_holder` costs less than that call. Such a body is
written in place (`render`, in expressions.py, reads a function's `inline`: its checked body and its
parameters' cells) when it calls nothing and cannot fail, so that nothing is placed differently:
a division or an index (the checker's own calls, which say where a fault is) or any other call
keeps the function a function. It may ask a function remembered within an evaluation, whose body
places its own faults (Pitch's `high_point(p)`: `p == high_holder`); such a function is itself
never written in place (interpreter/compile/functions.py marks only the others).
"""

from __future__ import annotations

from .expressions import _SHAPES, _SYMBOLS, _field_read, _read_again


def _remembered(fn) -> bool:
    """Whether `fn` is a spec function remembered in an evaluation (`expr.memo.remembered`): asking it
    is a lookup, mostly, and a fault in its body is placed at its own `value`, wherever it is asked."""
    return getattr(fn, "remembers", None) is not None


INLINE_NODES = 16  # the most nodes a spec function's body may have to be written where it is asked


def inlinable(node) -> bool:
    """Whether a spec function's checked body is written in place of its calls in generated code: a
    small body that calls nothing and cannot fail (fields of the state, its parameters, constants,
    other such functions, comparisons, `+ - *`, `and or not`, `if`, `in`, `count` of a list). Its
    call costs more than its work (`first_card`: `count(tricks) == 0`), and whatever would place a
    fault (a division, an index, a call) keeps the function a function."""
    budget = [INLINE_NODES]

    def cheap(c) -> bool:
        budget[0] -= 1
        if budget[0] < 0:
            return False
        if c.kind == "const":
            return True
        tree = c.tree
        if tree is None:
            return False
        form, *args = tree
        if form == "get":
            g = args[0]
            inline = getattr(g, "inline", None)
            return (_field_read(g) is not None or getattr(g, "field_map", None) is not None
                    or (inline is not None and not inline[1]) or _remembered(g))
        if form == "cell":
            return True
        if form in ("op", "cmp"):
            return args[0] in _SYMBOLS and cheap(args[1]) and cheap(args[2])
        if form == "call1":
            return args[0] is len and cheap(args[1])
        if form == "call":
            inline = getattr(args[0], "inline", None)
            if inline is not None:  # (written in place in turn: over arguments read again at no cost)
                return len(inline[1]) == len(args) - 1 and all(_read_again(x) and cheap(x) for x in args[1:])
            if _remembered(args[0]):  # (a lookup, which places its own faults: over arguments read again)
                return all(_read_again(x) and cheap(x) for x in args[1:])
            return getattr(args[0], "seat_turn", None) is not None and len(args) == 2 and cheap(args[1])
        return form in _SHAPES and all(cheap(x) for x in args)

    return node is not None and cheap(node)

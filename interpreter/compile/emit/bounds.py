"""What generated code computes in place because it cannot fail or differ: a product that cannot grow
too large, and a table's value of every item of a list, looked up in C.

Both are forms the checker compiles to calls (a product goes through the checker's function, which
says where a result grew too large; an aggregate through a loop), and both are written otherwise
only where the value is the same and nothing could be placed differently (interpreter/compile/emit).
"""

from __future__ import annotations

SMALL_FACTOR = 900_000  # times a list's length (under 2 ** 40 items), under MAX_NUMBER (10 ** 18)


def small_times_count(x, y) -> bool:
    """Whether `x * y` is a whole number of at most SMALL_FACTOR times `count` of a list, either way
    round (`100 * count(cards)`): a product that cannot exceed the largest number, so the checker's
    call, which would say so, is not needed."""
    small = [c for c in (x, y) if c.kind == "const" and type(c.value) is int and abs(c.value) <= SMALL_FACTOR]
    counts = [c for c in (x, y) if c.tree is not None and c.tree[0] == "call1" and c.tree[1] is len]
    return len(small) == 1 and len(counts) == 1


def table_of(value, cell):
    """The table of `value` when it is `table[item]` of the loop's own variable (`c.points`), else None."""
    tree = value.tree if value is not None else None
    if tree is None or tree[0] != "tab" or value.cells != {id(cell)}:
        return None
    item = tree[2].tree
    return tree[1] if item is not None and item[0] == "cell" and item[1] is cell else None

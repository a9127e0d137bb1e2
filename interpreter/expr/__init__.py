"""The expression language of game specs: parse once, type-check, compile to closures.

A rule such as ``-6 * count(c in won where c.rank == Q)`` is parsed with the Lark grammar
in ``grammar/expr.lark`` (the language reference), checked against a `Scope` (the
names, functions and attributes the engine provides, and the pack for card literals)
and compiled into a Python closure ``fn(ctx)``. The engine then calls ``fn`` with its
own run-time object, which is only ever handed back to ``Name.get``, ``Func.impl`` and
``Attr.get``.

The stages, one module each: ``interpreter/expr/syntax.py`` parses; ``checker.py`` checks each
node against the scope (``names.py``: types, `Scope`, `Name`, `Func`, `Attr`) and builds
its closure from the pieces in ``closures.py``; this module is the entry points. The
play loop's source is generated from the compiled result in ``interpreter/compile/emit/``.

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

Imports: `core`, and `load` (the catalog finds the grammar).
"""

from __future__ import annotations

from contextlib import contextmanager

from lark import Tree

from ..load import catalog
from .checker import _Compiler
from .closures import _select
from .names import (
    _HINTS,
    BUILTINS,
    NULLABLE,
    Attr,
    Compiled,
    Func,
    Name,
    Scope,
    _fits,
    a,
    elem,
    list_of,
)
from .syntax import ExprError, parse

__all__ = ["Attr", "BUILTINS", "Compiled", "ExprError", "Func", "NULLABLE", "Name", "Scope", "a", "compile_expr",
           "compile_filter", "compile_function", "elem", "list_of"]


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
    return Compiled(code.fn, rtype, source, False, code)


def compile_filter(source: str, scope: Scope, var: str, item_type: str, what: str = "the condition",
                   generate=None, generate_steps=None):
    """Compile a condition on loop variable `var` into ``keep(ctx, items) -> list``.

    The play loop tests every card of a hand against rules like `card.suit == led_suit`;
    evaluating the condition once per card costs a call per card. Here each conjunct of
    an `and` chain of the shape `var.attr == value` / `!=` / `in`, where `value` does not
    depend on `var`, becomes one list comprehension that reads `value` once; any other
    conjunct is tested item by item. Conjuncts filter in order, so a later one is only
    evaluated on the items the earlier ones kept (as `and` would).

    A conjunct (or a whole condition) that does not read `var` is tested once, when there are
    items, and keeps them all or none.

    `generate(node, cell)`, when given, may return a function ``step(ctx, items) -> kept items``
    for a conjunct tested item by item (its compiled node, the loop variable's cell), or for a
    conjunct or a whole condition that does not read the item: generated source instead of
    closures (interpreter/compile/emit/expressions.py); None keeps the closure.

    `generate_steps(nodes, cell)`, when given, may return one function doing the steps of all the
    conjuncts (their compiled nodes), in the same order: one call instead of one per conjunct, for a
    caller that has no use for the first step on its own (`select_eq_then`: a play rule's keep).
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
        if id(cell) not in whole.cells and whole.kind != "const" and generate is not None:
            once = generate(whole, cell)  # no part reads the item: the whole condition tested once (its
            if once is not None:  # `and` stops where the conjuncts' steps would)
                return once
        conjuncts = _conjuncts(tree)
        if generate_steps is not None and len(conjuncts) > 1 and not any(
                _selection(compiler, node, cell) for node in conjuncts):
            fused = generate_steps([compiler.compile(node, "bool") for node in conjuncts], cell)
            if fused is not None:
                return fused
        steps = [_filter_step(compiler, node, cell, generate) for node in conjuncts]
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


def _selection(compiler: "_Compiler", node, cell):
    """For a conjunct `f(var)` of a scope function with a form that selects from a list (`wins_trick`),
    that form; else None."""
    if isinstance(node, Tree) and node.data == "call" and len(node.children) == 2:
        func = compiler.scope.funcs.get(str(node.children[0]))
        arg = node.children[1]
        if (func is not None and func.select is not None and isinstance(arg, Tree) and arg.data == "name"
                and compiler.local.get(str(arg.children[0]), (None, None))[1] is cell):
            return func.select
    return None


def _filter_step(compiler: "_Compiler", node, cell, generate=None):
    """One conjunct as ``step(ctx, items) -> kept items``."""
    code = compiler.compile(node, "bool")
    if code.kind == "const":
        return (lambda ctx, items: list(items)) if code.value else (lambda ctx, items: [])
    if id(cell) not in code.cells:  # does not depend on the item: test once
        generated = generate(code, cell) if generate is not None else None
        if generated is not None:
            return generated
        f = code.fn
        return lambda ctx, items: list(items) if items and f(ctx) else []
    select = _selection(compiler, node, cell)
    if select is not None:
        return select
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
                step = _select(op, x.table, y.fn)
                if y.kind == "const":  # a caller may know the items kept of a table's value beforehand
                    step.select_const = (op, x.table, y.value)
                return step
    f = code.fn
    generated = generate(code, cell) if generate is not None else None
    if generated is None:
        def generated(ctx, items):
            out = []
            for i in items:
                cell[0] = i
                if f(ctx):
                    out.append(i)
            return out
    either = _select_or_card(compiler, node, cell, generate)
    if either is not None:  # `card.suit == led_suit or card == EX`, `... or card.suit == trump`: a caller
        # may find it in a sorted list
        generated.select_eq_or = either
    return generated


def _conjuncts(tree) -> list:
    """The conjuncts of an `and` chain, in order (`a and b and c` nests to the left), or [tree]."""
    out, todo = [], [tree]
    while todo:
        node = todo.pop(0)
        if isinstance(node, Tree) and node.data == "and_":
            todo[:0] = node.children
        else:
            out.append(node)
    return out


def _select_or_card(compiler: _Compiler, node, cell, generate=None):
    """For a condition `var.attr == value [and more] or var == CARD`, or `... or var.attr == other`
    (either way round; the values not reading `var`, CARD a constant card): ((the attribute's table,
    value's closure), ("card", CARD) or ("value", other's closure), the steps of the further
    conjuncts); else None."""
    if not (isinstance(node, Tree) and node.data == "or_" and len(node.children) == 2):
        return None
    sides = []  # each side: ("eq", (table, value), conjuncts after it) or ("card", CARD, ())
    for part in node.children:
        conjuncts = _conjuncts(part)
        first = conjuncts[0]
        if not (isinstance(first, Tree) and first.data == "compare" and str(first.children[1]) == "=="):
            return None
        x, y = compiler.compile(first.children[0]), compiler.compile(first.children[2])
        side = None
        for one, other in ((x, y), (y, x)):
            if one.kind == "tab" and one.base.kind == "cell" and one.base.cell is cell and id(cell) not in other.cells:
                side = ("eq", (one.table, other.fn), conjuncts[1:])
            elif one.kind == "cell" and one.cell is cell and other.kind == "const" and type(other.value) is int \
                    and len(conjuncts) == 1:
                side = ("card", other.value, ())
            if side is not None:
                break
        if side is None:
            return None
        sides.append(side)
    sides.sort(key=lambda side: (side[0] != "eq", len(side[2]) == 0))  # (the one with further conjuncts first)
    (kind, eq, rest), (other_kind, other, other_rest) = sides
    if kind != "eq" or other_rest or (other_kind == "eq" and other[0] is not eq[0]):
        return None
    steps = tuple(_filter_step(compiler, c, cell, generate) for c in rest)
    return eq, ("card", other) if other_kind == "card" else ("value", other[1]), steps



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
    impl.body = (code, tuple(cells))  # the checked body over its parameters' cells, for a source generator
    return impl, code.type

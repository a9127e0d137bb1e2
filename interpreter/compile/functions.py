"""Compiling the spec's own `functions`, and choosing the ones worth remembering.

A function may use another written anywhere in the list: they are compiled in rounds, a
function that uses one not compiled yet waiting for the next round; functions that still
wait when a round makes no progress call each other in a cycle (or use a name that does
not exist), and are reported.

Some functions are asked the same question many times in one evaluation: a score that
counts a run of trumps asks, for each card of the run, whether each card before it was
held, through a function that lists the trumps. When a function's body asks another one
inside a loop, or twice, the values of the one asked are remembered for as long as the
asking function runs (interpreter/expr/memo.py). Knowing which is a matter of reading the
checked bodies, which only exist once every function is compiled: a game that has such
functions compiles its functions a second time, each call now bound to the remembering
form. Elsewhere a function is called as it is, at no cost. The closures (`generated=False`,
the reference the generated game is tested against) remember the same functions, so both
paths do the same work and stop at the same bounds.
"""

from __future__ import annotations

from collections import Counter

from ..expr import ExprError, Func, Name, Scope, compile_function
from ..expr.memo import BY_ARGUMENTS, BY_TYPED_ARGUMENTS, NO_ARGUMENTS, remembered
from . import safety
from .emit.expressions import compile_function as generate_function


def compile_functions(owner, scope: Scope) -> Scope:
    """Add the spec's own `functions` to `scope` (for the spec compiler `owner`, whose errors,
    places and `generated` switch it uses); return it."""
    engine = dict(scope.funcs), dict(scope.names)
    bodies = _compile(owner, scope, frozenset())
    if not owner.errors:
        remember = worth_remembering(bodies)
        if remember:  # again, each call bound to the remembering form of the functions it asks often
            scope.funcs.clear()
            scope.funcs.update(engine[0])
            scope.names.clear()
            scope.names.update(engine[1])
            _compile(owner, scope, remember)
    return scope


def worth_remembering(bodies: dict) -> frozenset:
    """The names of the functions to remember, from each function's checked body (name ->
    (body node, the function as the scope holds it)): every function that does some work
    (`_work`) and that a body asks again with the same arguments, as far as its text shows (in
    a loop whose variable its arguments do not read, or twice); and every function whose body
    does so (its call is the evaluation the values are kept in)."""
    names_of = {id(fn): name for name, (_, fn) in bodies.items()}
    out = set()
    for name, (node, _) in bodies.items():
        asked: list = []
        _asks(node, (), names_of, asked)
        times = Counter(callee for callee, _ in asked)
        again = {callee for callee, repeated in asked
                 if (repeated or times[callee] > 1) and _work(bodies[callee][0]) >= COSTLY}
        if again:
            out |= again | {name}
    return frozenset(out)


COSTLY = 2  # calls and loops in a body worth a lookup instead (a constant, a name, `a + b` are not)


def _work(node) -> int:
    """The calls and loops in a checked body (a constant, which has no tree, counts none)."""
    tree = getattr(node, "tree", None)
    if tree is None:
        return 0
    form, *args = tree
    here = form in ("call", "call1", "loop")
    return here + sum(_work(part) for part in args if hasattr(part, "tree"))


def _asks(node, loops: tuple, names_of: dict, out: list) -> None:
    """Add to `out` (function name, asked again with the same arguments) for each spec function
    `node` calls: again when a loop around the call has a variable its arguments do not read.
    `loops` are the variables (cells) of the loops around `node`. (A part with no checked tree is
    its own closure; it is not looked into.)"""
    tree = getattr(node, "tree", None)
    if tree is None:
        return
    form, *args = tree
    if form in ("call", "call1", "get"):
        name = names_of.get(id(args[0]))
        if name is not None:
            out.append((name, any(id(cell) not in node.cells for cell in loops)))
        args = args[1:]
    elif form == "loop":
        _, cell, items, cond, value = args
        _asks(items, loops, names_of, out)
        for part in (cond, value):
            _asks(part, (*loops, cell), names_of, out)
        return
    for part in args:
        _asks(part, loops, names_of, out)


def _compile(owner, scope: Scope, remember: frozenset) -> dict:
    """One compilation of every function into `scope`; each function's checked body and the
    function the scope holds, by name (those in `remember` in their remembering form)."""
    defined = owner.spec.get("functions") or {}
    bodies = {}
    pending = []
    for name in defined:
        if name in scope.funcs or name in scope.names:
            known = (scope.funcs.get(name) or scope.names.get(name)).doc or "one of the engine's"
            owner.error(("functions", name), f"`{name}` is already a name of the game ({known}); choose another",
                        at_key=True)
        else:
            pending.append(name)
    while pending:
        waiting, failures = [], {}
        for name in pending:
            f = defined[name]
            params = {str(k): v for k, v in (f.get("params") or {}).items()}
            try:
                source = expression_text(f["value"])
                impl, rtype = compile_function(source, scope, params, what=f"function `{name}`")
                body = impl.body[0]
                generated = generate_function(*impl.body) if owner.generated else None
                if generated is not None:  # one generated function instead of a tree of closures
                    impl = generated[0]
                safety.check(owner, ("functions", name, "value"), source, scope)
                owner.places.add(impl, ("functions", name, "value"))
            except ExprError as e:
                if any(e.message in (f"unknown function `{other}`", f"unknown name `{other}`")
                       for other in pending if other != name):
                    waiting.append(name)  # it uses a function of the spec not compiled yet
                failures[name] = e
                if name not in waiting:
                    if not owner._follows_from_broken_function(e):
                        owner.error(("functions", name, "value"), e.message, e.hint, offset=(e.line, e.column))
                    owner.broken_functions.add(name)  # its uses are not errors of their own
                continue
            if name in remember:  # (its arguments are keys: the types a parameter may have are single values)
                impl = remembered(impl, name, _keys(params))
            bodies[name] = (body, impl)
            if params:
                scope.funcs[name] = Func(tuple(params.values()), rtype, impl, f.get("description", ""))
            elif body.kind == "const":  # a name worth one value (an option's number): a constant of the game,
                scope.names[name] = Name(rtype, value=body.value, doc=f.get("description", ""))  # folded where used
            else:  # a definition without parameters reads as a name: `opener`, not `opener()`
                scope.names[name] = Name(rtype, get=impl, doc=f.get("description", ""))
        if len(waiting) == len(pending):  # no progress: they wait on each other
            for name in waiting:
                e = failures[name]
                owner.error(("functions", name, "value"), f"{e.message} (the functions use each other in a "
                                                          f"cycle)", e.hint, offset=(e.line, e.column))
                owner.broken_functions.add(name)
            break
        pending = waiting
    return bodies


# parameter types none of whose values equals a value of another type (a seat, a card, a suit and a
# rank are whole numbers or none; a truth value is only ever a bool): their arguments alone tell a
# function's answers apart. A number may be 1 or 1.0, which are equal and answer differently.
_ONE_TYPE = frozenset({"seat", "card", "suit", "rank", "bool", "contract", "trick", "deal", "call"})


def _keys(params: dict) -> str:
    """How a remembered function with `params` (name -> type) tells its answers apart (expr/memo.py)."""
    if not params:
        return NO_ARGUMENTS
    return BY_ARGUMENTS if all(t in _ONE_TYPE for t in params.values()) else BY_TYPED_ARGUMENTS


def expression_text(value) -> str:
    """An expression as the spec wrote it: YAML's `true` and `false` are read as booleans, and are
    the words `true` and `false` again here (not Python's `True`)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)

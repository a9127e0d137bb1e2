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

A deal's scores are one evaluation for all the seats (interpreter/phases/score.py), and so are
a call's conditions as the calls a seat may make are listed (phases/call.py): what each seat's
score asks that does not depend on the player (the declarer's points, who took the most cards),
or what each bid's condition asks (the highest bid so far), is computed once. So every name
those expressions read, directly or not, that walks a list and does not read the player
(`SEAT_NAMES`, or a function that reads one) remembers inside such an evaluation too, without
opening one of its own; a remembered function that reads the player keeps its answers by seat.
"""

from __future__ import annotations

import re
from collections import Counter

from ..expr import ExprError, Func, Name, Scope, compile_function
from ..expr.memo import BY_ARGUMENTS, BY_TYPED_ARGUMENTS, NO_ARGUMENTS, remembered
from . import safety
from .emit.expressions import compile_function as generate_function
from .emit.inline import inlinable
from .scope import SEAT_NAMES


def compile_functions(owner, scope: Scope) -> Scope:
    """Add the spec's own `functions` to `scope` (for the spec compiler `owner`, whose errors,
    places and `generated` switch it uses); return it."""
    engine = dict(scope.funcs), dict(scope.names)
    owner.raw_readers = None  # the functions that read `raw` (None: not known, as when a function is broken)
    bodies = _compile(owner, scope, {})
    if not owner.errors:
        reads, calls = _reads_and_calls(bodies, {id(n.get) for name, n in engine[1].items()
                                                 if name in SEAT_NAMES and n.get is not None})
        seated = _closure(calls, {name for name, r in reads.items() if r}, backwards=True)
        raw = [engine[1]["raw"].get, engine[0]["raw_of"].impl]  # (`raw`, `raw_of(p)`: the raw scores, once set)
        reads_raw, _ = _reads_and_calls(bodies, set(map(id, raw)))
        owner.raw_readers = _closure(calls, {name for name, r in reads_raw.items() if r}, backwards=True)
        remember = {name: True for name in worth_remembering(bodies)}
        scoring = _closure(calls, _shared_words(owner.spec) & set(bodies))
        looping = _closure(calls, {name for name, (node, _) in bodies.items() if _loops(node)}, backwards=True)
        defined = owner.spec.get("functions") or {}
        for name in sorted(scoring & looping - seated):  # a name read by several expressions of an evaluation
            if name not in remember and not defined[name].get("params"):  # that walks a list: they share it
                remember[name] = False
        if remember:  # again, each call bound to the remembering form of the functions it asks
            scope.funcs.clear()
            scope.funcs.update(engine[0])
            scope.names.clear()
            scope.names.update(engine[1])
            _compile(owner, scope, remember, seated)
    return scope


def _reads_and_calls(bodies: dict, getters: set) -> tuple[dict, dict]:
    """For each function (name -> (checked body, the function as the scope holds it)): whether its
    body reads one of `getters` (ids), and the names of the spec functions it calls."""
    names_of = {id(fn): name for name, (_, fn) in bodies.items()}
    reads, calls = {}, {}
    for name, (node, _) in bodies.items():
        found, asked = [False], set()
        _reads(node, getters, names_of, found, asked)
        reads[name], calls[name] = found[0], asked
    return reads, calls


def _closure(calls: dict, start: set, backwards: bool = False) -> frozenset:
    """`start` and every function they call, to any depth; `backwards`: and every function that calls
    one of them, to any depth (a function that reads the player through another reads it)."""
    out, grew = set(start), True
    while grew:
        grew = False
        for name, asked in calls.items():
            if backwards:
                new = {name} if name not in out and asked & out else set()
            else:
                new = asked - out if name in out else set()
            if new:
                out |= new
                grew = True
    return frozenset(out)


_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def _shared_words(spec: dict) -> set:
    """The words of the expressions the engine computes together, as one evaluation: each seat's score
    as a deal is scored (each contract's `score` and `total`, a `settle`, the deal statistics), and
    a call's conditions (each number's, each word's) as the calls a seat may make are listed. The
    functions they may ask are among them."""
    texts = []
    for c in (spec.get("contracts") or {}).values():
        if isinstance(c, dict):
            texts += [c.get("score"), c.get("total")]
    for p in (spec.get("phases") or {}).values():
        if isinstance(p, dict):
            texts += [p.get("settle"), p.get("numbers"), p.get("words"), p.get("extras")]
    for stat in ((spec.get("match") or {}).get("deal_statistics") or {}).values():
        texts.append(stat)
    return {w for t in texts for text in _texts(t) for w in _WORD.findall(text)}


def _texts(value):
    """The strings in a part of the spec, at any depth."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from _texts(v)
    elif isinstance(value, list):
        for v in value:
            yield from _texts(v)


def _reads(node, getters: set, names_of: dict, found: list, asked: set) -> None:
    """Set `found[0]` when `node` reads one of `getters`; add to `asked` the spec functions it calls."""
    tree = getattr(node, "tree", None)
    if tree is None:
        return
    form, *args = tree
    if form in ("call", "call1", "get"):
        if id(args[0]) in getters:
            found[0] = True
        name = names_of.get(id(args[0]))
        if name is not None:
            asked.add(name)
        args = args[1:]
    for part in args:
        _reads(part, getters, names_of, found, asked)


def worth_remembering(bodies: dict) -> frozenset:
    """The names of the functions to remember, from each function's checked body (name ->
    (body node, the function as the scope holds it)): every function that does some work
    (`_work`) and that a body asks again with the same arguments, as far as its text shows (in
    a loop whose variable its arguments do not read, or twice); and every function whose body
    does so (its call is the evaluation the values are kept in). A call of a function remembered
    is work: one lookup of the caller's answer costs less than its body and that lookup (a party's
    seat asked for each trick, through what the seat was dealt)."""
    names_of = {id(fn): name for name, (_, fn) in bodies.items()}
    asked_by = {}
    for name, (node, _) in bodies.items():
        asked: list = []
        _asks(node, (), names_of, asked)
        asked_by[name] = asked
    out: set = set()
    while True:
        work = {name: _work(node, names_of, out) for name, (node, _) in bodies.items()}
        found = set()
        for name, asked in asked_by.items():
            times = Counter(callee for callee, _ in asked)
            again = {callee for callee, repeated in asked if (repeated or times[callee] > 1) and work[callee] >= COSTLY}
            if again:
                found |= again | {name}
        if found <= out:
            return frozenset(out)
        out |= found


COSTLY = 2  # calls and loops in a body worth a lookup instead (a constant, a name, `a + b` are not)


def _work(node, names_of: dict | None = None, remembered: set = frozenset()) -> int:
    """The calls and loops in a checked body (a constant, which has no tree, counts none); a call of
    a function in `remembered` (named by `names_of`) counts as much as a lookup is worth."""
    tree = getattr(node, "tree", None)
    if tree is None:
        return 0
    form, *args = tree
    here = form in ("call", "call1", "loop")
    if here and form != "loop" and names_of and names_of.get(id(args[0])) in remembered:
        here = COSTLY
    return here + sum(_work(part, names_of, remembered) for part in args if hasattr(part, "tree"))


def _loops(node) -> bool:
    """Whether a checked body walks a list (`v in xs where …`)."""
    tree = getattr(node, "tree", None)
    return tree is not None and (tree[0] == "loop" or any(_loops(part) for part in tree[1:]))


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


def _compile(owner, scope: Scope, remember: dict, seated: frozenset = frozenset()) -> dict:
    """One compilation of every function into `scope`; each function's checked body and the
    function the scope holds, by name. Those in `remember` are in their remembering form, opening
    an evaluation when the value is true (`expr.memo.remembered`'s `opens`), keeping answers by
    seat when in `seated`."""
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
                    if name not in remember and inlinable(body):  # written where it is asked, not called
                        generated[0].inline = impl.body
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
                impl = remembered(impl, name, _keys(params), seated=name in seated, opens=remember[name],
                                  arity=len(params))
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

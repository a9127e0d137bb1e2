"""The spec's own functions remembered while one of them runs.

A spec function is a pure function of its arguments and of the state, and the state does
not change while an expression is computed (expressions have no effects; the engine moves
only between them). So from the moment the outermost remembering function of an
evaluation is called until it returns, a function called again with the same arguments
gives the same value, and the first one is kept.

What is kept lives on the state: `_fmemo`, a dict while such a call runs, None (or absent)
otherwise; it is made as the outermost call begins and dropped as it ends, so nothing is
carried from one evaluation to the next, and nothing can go stale when the state moves on.
Which functions remember is chosen where they are compiled (interpreter/compile/functions.py).

An evaluation may also be opened by the engine around several expressions computed at one
moment (`core.evaluation.evaluation(state)`): a deal's scores, seat after seat, then its statistics. The
state does not move within it either; only `player` is set to each seat in turn. So a
function that reads the player (`hand`, `player` itself, or a function that does) keeps
its answers by seat (`seated`), and a function that does not is computed once for all
seats. Some functions remember only inside such an evaluation (`opens=False`): they are
asked once an expression, but the same by every seat's score.
"""

from __future__ import annotations

from .syntax import ExprError

_MISSING = object()
MAX_KEPT = 100_000  # answers of one function kept in one evaluation


# how a remembered function's answers are told apart (`remembered`'s `keys`)
BY_TYPED_ARGUMENTS = "typed"  # the arguments and their types: `f(1)` is not `f(1.0)` (1 / 1 is 1.0, 1 // 1 is 1)
BY_ARGUMENTS = "arguments"  # the arguments alone: no parameter takes values equal across types
NO_ARGUMENTS = "none"  # a name of the spec (no parameters): one answer


def remembered(impl, name: str = "a function", keys: str = BY_TYPED_ARGUMENTS, *, seated: bool = False,
               opens: bool = True, arity: int | None = None):
    """`impl(state, *args)`, remembering its values within the outermost remembering call.

    Parameters:
        impl: the function.
        name: its name, for the message when too many answers are kept.
        keys: how its answers are told apart: `BY_TYPED_ARGUMENTS` (any parameters), `BY_ARGUMENTS`
            (parameters none of which takes two values that are equal but of different types, such
            as 1 and 1.0: seats, cards, suits, truth values), `NO_ARGUMENTS` (no parameters). The
            cheaper keys make the same answers where they apply: a lookup of an answer kept is most
            of what a remembered function costs.
        seated: its value depends on `state.player` (it reads the player, directly or through
            what it calls): its answers are kept by seat as well, for the evaluations that span
            several seats (`evaluation`).
        opens: a call outside any evaluation opens one (the function asks others again and
            again); when false, such a call computes the value and keeps nothing, and the
            function remembers only inside an evaluation something else opened.
        arity: how many arguments it takes, if known: one argument, told apart by itself alone
            (`BY_ARGUMENTS`, not `seated`), is looked up without packing it (a seat's count: the
            most common remembered function)."""

    # each function's answers in a dict of its own (`_fmemo` maps the function to it), told apart by
    # `key(state, args)`; a name with no parameters read for no seat keeps its one answer in `_fmemo`
    # itself, and a one-argument function told apart by it alone keys its dict by that argument
    if keys == NO_ARGUMENTS:
        def make_key(state, args):
            return state.player
    elif keys == BY_ARGUMENTS:
        def make_key(state, args):
            return (state.player, args)
    elif seated:
        def make_key(state, args):
            return (state.player, args, tuple(map(type, args)))
    else:
        def make_key(state, args):
            return (args, tuple(map(type, args)))
    # the keys made in place, without a call: a name's (none), one argument's (itself), arguments' (them)
    plain = 0 if keys == NO_ARGUMENTS and not seated else 1 if keys == BY_ARGUMENTS and not seated else 2
    one = arity == 1 and plain == 1

    def call(state, *args):
        d = state.__dict__
        memo = d.get("_fmemo")
        if memo is not None:  # within an evaluation: a value already computed is kept
            mine = memo.get(call)  # (a name's one answer is `call0`'s, below)
            if mine is None:
                mine = memo[call] = {}
            key = (args[0] if one else args) if plain == 1 else make_key(state, args)
            value = mine.get(key, _MISSING)
            if value is not _MISSING:
                return value
            if len(mine) >= MAX_KEPT:
                raise ExprError(f"the spec's functions were asked more than {MAX_KEPT:,} different questions "
                                f"while one rule was computed (the last of them `{name}`)")
            value = mine[key] = impl(state, *args)
            return value
        if not opens:
            return impl(state, *args)
        # the outermost call: an evaluation opens, and what it keeps is dropped as it ends
        d["_fmemo"] = {}
        try:
            return impl(state, *args)
        finally:
            d["_fmemo"] = None

    # (the two commonest kinds are found with the fewest steps: a lookup of what is kept is most of
    # what a remembered function costs, and it is asked far more often than computed)
    if plain == 0:  # a name read for no seat: its one answer, found without packing arguments
        def call0(state):
            memo = state.__dict__.get("_fmemo")
            if memo is not None:
                if call in memo:
                    return memo[call]
                value = memo[call] = impl(state)
                return value
            return call(state)  # (none open: this call opens one)
        out = call0
    elif one:  # one argument: found, or computed and kept, without packing it
        def call1(state, a):
            memo = state.__dict__.get("_fmemo")
            if memo is not None:
                mine = memo.get(call)
                if mine is None:  # (its first answer in this evaluation)
                    value = impl(state, a)
                    memo[call] = {a: value}
                    return value
                if a in mine:
                    return mine[a]
                if len(mine) >= MAX_KEPT:
                    return call(state, a)  # (which says so)
                value = mine[a] = impl(state, a)
                return value
            return call(state, a)  # (none open: this call opens one)
        out = call1
    else:
        out = call
    out.remembers = impl
    out.seated, out.opens = seated, opens
    return out

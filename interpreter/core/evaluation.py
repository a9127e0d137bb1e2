"""Several expressions computed at one moment, as one evaluation of the spec's remembered functions.

The spec's functions that remember (interpreter/expr/memo.py) keep their answers on the state
(`_fmemo`, a dict while an evaluation runs, None otherwise). An evaluation is opened by the outermost
remembering call, or by the engine around expressions it computes together at one moment:
each seat's score as a deal is scored, each condition of a call as a seat's calls are listed
(interpreter/phases/). The state must not move inside it, except `player`, which remembered
functions that read it key their answers by.
"""

from __future__ import annotations


class evaluation:  # (lower case: it reads as a function, `with evaluation(state):`)
    """`with evaluation(state):` the expressions computed inside are one evaluation: the remembered
    functions keep their answers from the first to the last (by seat, for those that read the
    player). Opened inside another evaluation, it is part of that one. The state must not move
    inside it, except `player`."""

    __slots__ = ("d", "inner")

    def __init__(self, state):
        self.d = state.__dict__

    def __enter__(self):
        d = self.d
        self.inner = d.get("_fmemo") is not None
        if not self.inner:
            d["_fmemo"] = {}
        return self

    def __exit__(self, *exc):
        if not self.inner:
            self.d["_fmemo"] = None
        return False


def evaluated(state, fn):
    """`fn(state)` as one evaluation: `with evaluation(state): fn(state)`, without the context manager's
    calls: how the engine opens one (a deal's scores; a call phase's conditions at each call). The
    context manager is for callers that compute several things in turn (tests, tools)."""
    d = state.__dict__
    if d.get("_fmemo") is not None:  # (part of the evaluation open)
        return fn(state)
    d["_fmemo"] = {}
    try:
        return fn(state)
    finally:
        d["_fmemo"] = None


def forget(state) -> None:
    """Inside an evaluation, drop what it has kept: the state moved (a deal's raw scores were set,
    which the settlement and the statistics read)."""
    d = state.__dict__
    if d.get("_fmemo") is not None:
        d["_fmemo"] = {}

"""Where a game failed: the spec place of the expression (or phase) that raised.

A spec can be valid and still fail during a game: a division by zero or an index out
of range in an expression, or a decision with no legal choice. `State` catches such a
failure where it enters the engine (`apply`, `legal_actions`, a new game, the results)
and turns it into a `GameFault` placed at the spec's expression, naming the deal and the
action.

Decisions a reader may question:

* Nothing is added to the play loop. The compiler registers each expression's top-level
  closure with its spec path (`Places.add`); only when something has gone wrong are
  the frames of the traceback matched against them, by code object and then by the
  values the closure captured (closures of one kind share their code). The innermost
  registered frame is the expression whose text an `ExprError`'s line and column count
  in (a spec function called from a score is registered too).
* A failure with no registered frame (a fault of a phase itself) is placed at the
  phase being run.
"""

from __future__ import annotations

from dataclasses import fields

from ..core.errors import GameFault, SpecError
from ..expr.syntax import ExprError


class Places:
    """The spec path of every compiled expression of a game, found back from a traceback."""

    def __init__(self, doc=None):
        self.doc = doc
        self._by_code: dict = {}  # code object -> [(closure, spec path)]

    def add(self, fn, path) -> None:
        """Remember that closure `fn` computes the expression at spec `path`."""
        code = getattr(fn, "__code__", None)
        if code is not None:
            self._by_code.setdefault(code, []).append((fn, tuple(path)))

    def find(self, tb) -> tuple | None:
        """The spec path of the innermost registered expression running in traceback `tb`."""
        found = None
        while tb is not None:
            frame = tb.tb_frame
            for fn, path in self._by_code.get(frame.f_code, ()):
                if _runs(fn, frame):
                    found = path
                    break
            tb = tb.tb_next
        return found

    def error(self, path, message: str, hint=None, *, at_key=False, offset=None) -> GameFault:
        """A GameFault at spec `path` (the place of the game's spec file when the path has none)."""
        if self.doc is None:
            return GameFault(message, hint=hint)
        err = self.doc.error(path, message, hint, at_key=at_key, offset=offset)
        return GameFault(**{f.name: getattr(err, f.name) for f in fields(SpecError)})


def _runs(fn, frame) -> bool:
    """Whether `frame` is a call of closure `fn`: the values it captured are the frame's."""
    cells = fn.__closure__ or ()
    if not cells:
        return True
    local = frame.f_locals
    try:
        return all(local.get(name, _MISSING) is cell.cell_contents
                   for name, cell in zip(fn.__code__.co_freevars, cells))
    except ValueError:  # a cell not filled yet
        return False


_MISSING = object()


def fault(state, exc: BaseException | None, doing: str, message: str | None = None) -> GameFault:
    """The GameFault of `exc` (or of `message`), raised while the rules of `state` ran `doing`."""
    places = state.game.places
    path = places.find(exc.__traceback__) if exc is not None else None
    hint = offset = None
    if message is None:
        if isinstance(exc, ExprError):
            message, hint = exc.message, exc.hint
            offset = (exc.line, exc.column) if path is not None else None
        elif isinstance(exc, RecursionError):
            message = "the rules recurse too deeply"
        else:
            message = in_words(exc)
    at_key = path is None
    if path is None:
        phase = getattr(state, "phase", None)
        path = ("phases", phase.name) if phase is not None else ()
    seed = f"; seed {state.seed}" if state.seed is not None else ""
    return places.error(path, f"{message} ({doing}{seed})", hint, at_key=at_key, offset=offset)


def in_words(exc: BaseException) -> str:
    """What went wrong in a rule, in the spec's terms: never Python's own text."""
    said = str(exc)
    if "NoneType" in said or "'None'" in said:
        return ("a value this expression reads is none here (no card, seat, suit or bid): guard it, e.g. "
                "`if maker != none then tricks_won_by(maker) else 0`")
    if isinstance(exc, (OverflowError, MemoryError)):
        return "a number or a list this expression makes grows too large"
    return ("the rules failed to compute this expression (this is a fault of the interpreter, not of the "
            "spec: please report it with the spec and the seed)")


def where(state, action=None) -> str:
    """Where the game is, for a message: the deal, and the action taken (or the last one)."""
    last = next(((d.number, x) for d in reversed(state.deals) for x in d.actions[-1:]), None)
    if action is not None and last is not None and last[1][1] is action:
        return f"deal {last[0]}, at `{state.seat_name(last[1][0])} {action.name}`"
    if action is not None:
        return f"deal {state.deal_number}, at `{state.seat_name(state.current)} {getattr(action, 'name', action)}`"
    doing = f"deal {state.deal_number if state.deals else state.deal_number + 1}"  # (between deals: the next)
    if not state.terminal and state.current >= 0:
        doing += f", {state.seat_name(state.current)} to act"
    if last is not None:
        doing += f"{',' * (doing.count(',') == 0)} after `{state.seat_name(last[1][0])} {last[1][1].name}`"
    return doing


def fault_at(state, path, message: str, doing: str | None = None) -> GameFault:
    """The GameFault of a promise of the spec broken in play (a declared total), at the spec `path` that
    made it, naming where the game is (or `doing`)."""
    seed = f"; seed {state.seed}" if state.seed is not None else ""
    return state.game.places.error(tuple(path), f"{message} ({doing or where(state)}{seed})", at_key=True)

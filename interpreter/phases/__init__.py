"""Phase mechanisms: each is a legal/apply pair over the `State`, built once by `game.py`.

A phase either asks a seat to act (`actor` returns that seat) or is finished (`actor`
returns None), in which case the engine moves to the next phase. Automatic phases
(dealing, scoring) do their work in `start` and are finished at once.

A phase that asks for actions also says how each looks to the other seats
(`public_name`): the terminal shows a seat's own actions by name and the others' only as
that seat may see them. It has no default, so a new phase must decide what is public.

Imports: `core` only: a phase gets the state it works on, and the compiled expressions it
calls, from the engine and the compiler.
"""

from __future__ import annotations

from ..core.actions import Action, match_key
from ..core.draw import below


class Phase:
    """Base of every mechanism: a named step of a deal."""

    kind = "phase"
    playout = None  # a generated loop that plays the phase to its end with random choices (emit/)
    # the per-deal fields of the state (interpreter/engine/table.py) this phase changes in place (even
    # after making them new): in a game with no phase that owns it, a field keeps one unchangeable
    # start value for every deal, and a clone shares it
    owns: tuple[str, ...] = ()
    # the lists of the deal's record (`results.RECORD_LISTS`) this phase adds to: in a game with no
    # phase that adds to one, no deal makes it
    records: tuple[str, ...] = ()

    def __init__(self, name: str):
        self.name = name
        self.next_index: int | None = None  # set by the compiler
        self.when = None  # compiled condition: the phase is skipped when it is false

    def start(self, state) -> None:
        """Enter the phase (automatic phases do all their work here)."""

    def actor(self, state):
        """The seat that must act now, or None when the phase is over."""
        return None

    def legal(self, state) -> list[Action]:
        return []

    def apply(self, state, action: Action):  # pragma: no cover - only called with a legal action
        """Take a legal action; may return the seat that acts next in this phase (else None)."""
        raise NotImplementedError

    def public_name(self, state, action: Action, viewer: int | None) -> str | None:
        """What `viewer` (another seat; None for one who holds no cards) learns as the current
        player takes `action`, asked before it is applied: its name when all of it is done
        openly, its public form otherwise, None when nothing shows."""
        raise NotImplementedError(f"phase kind `{self.kind}` does not say how its actions look to others")

    # a phase whose actions do not depend on the state lists them all here, once
    every_action: tuple[Action, ...] = ()

    def actions(self, state) -> list[Action]:
        """Every action this phase knows, legal now or not (to name an illegal one)."""
        return list(self.every_action) if self.every_action else self.legal(state)

    def vocabulary(self, game) -> list[str]:
        """The name of every action this phase could ever offer any seat, in a stable order
        (a fixed action space for learning environments); found without playing."""
        return [a.name for a in self.every_action]

    def parse(self, state, text: str) -> Action | None:
        """The action of this phase named `text`, legal or not, or None."""
        key = match_key(text)
        for a in self.actions(state):
            if match_key(a.name) == key:
                return a
        return None

    def refuse(self, state, action: Action) -> tuple[str, str | None]:
        """Why `action` is illegal now: (message, rule name or None)."""
        names = ", ".join(a.name for a in list(dict.fromkeys(self.legal(state)))[:12])
        return f"`{action.name}` is not allowed now; you may: {names}", None


def every_phase(game) -> list[Phase]:
    """Every phase of `game`, with the trick or layout programs a `play` phase hands over to."""
    out = []
    for phase in game.phases:
        out.append(phase)
        out.extend(dict.fromkeys(getattr(phase, "programs", {}).values()))  # (contracts may share one program)
    return out


def in_the_open(phase, state, action: Action, viewer) -> str:
    """`public_name` of a phase whose actions are all made openly (a card played, a bid, a call)."""
    return action.name


def chosen(state, choose, legal: list, actions: list, seat: int, bits=None):
    """For a phase's playout: the action `choose(legal)` picks, recorded in `actions` as `seat`'s;
    or None when it picked something not in the list, which `state.apply` then takes as apply()
    takes it (an action's name is read as the action) or refuses (IllegalAction, the state
    unchanged). With `bits` (`emit.draw.random_bits(choose)`), the pick is drawn as `choose`
    would draw it, without calling it."""
    if bits is not None:
        action = legal[below(bits, len(legal))]
    elif (action := choose(legal)) not in legal:
        state.apply(action)
        return None
    actions.append((seat, action))
    return action


def subsets_in_order(items):
    """All subsets of `items`, smallest first, each in the order of `items`."""
    from itertools import combinations

    out = []
    for k in range(len(items) + 1):
        out.extend(combinations(items, k))
    return out


class _BeforeTheFirst(Phase):
    """Where a deal starts when its first phase is skipped (`when`): nothing to do, then phase 0 and on."""

    kind = "start"

    def __init__(self):
        super().__init__("start")
        self.next_index = 0  # `_run` tests phase 0's condition and moves on past it


BEFORE_THE_FIRST = _BeforeTheFirst()

"""A record's game, position by position, for the replay page to step through both ways.

`Book` replays the game once from how it began (`State.origin`) and the actions of its history,
keeping a copy of the state after each action and how far each viewer's log had come
(`Log.mark`), so any step is shown at once, as any seat or a watcher would have seen it then.
"""

from __future__ import annotations

from ..core.actions import named
from .frames import frame, game_facts, public_view
from .table import Log


class Book:
    """Every position of a replayed game (`state`: its final state, as `record.replay` leaves it)."""

    def __init__(self, state, kinds=None):
        game = state.game
        self.game = game
        self.facts = game_facts(game, list(kinds) if kinds else ["" for _ in range(game.n)])
        st = state.origin.state(game)
        self.log = Log(st)
        self.states = [st.clone()]
        self.marks = [self.log.mark()]
        self.actors: list[int] = []
        for seat, taken in state.history:
            action = named(st.legal_actions(), taken.name)
            self.log.before(st, seat, action)
            st.apply(action)
            self.log.after(st)
            self.states.append(st.clone())
            self.marks.append(self.log.mark())
            self.actors.append(seat)

    @property
    def steps(self) -> int:
        """The number of actions: the positions are 0 (as dealt) to `steps` (after the last)."""
        return len(self.states) - 1

    def viewer(self, name: str | None) -> int | None:
        """The seat named `name`, or None (a watcher) for any other name."""
        names = self.game.seat_names
        return names.index(name) if name in names else None

    def frame(self, step: int, viewer: int | None) -> dict:
        """The position after `step` actions, as `viewer` (a seat, or None for a watcher) saw it."""
        step = max(0, min(step, self.steps))
        st = self.states[step]
        view = st.view(viewer) if viewer is not None else public_view(st)
        status = {"over": st.is_terminal, "ended": st.is_terminal, "stopped": None, "record": False,
                  "thinking": None, "step": step, "steps": self.steps}
        name = self.game.seat_names[viewer] if viewer is not None else None
        return frame(self.facts, view, name, self.log.lines(viewer, self.marks[step]), status)

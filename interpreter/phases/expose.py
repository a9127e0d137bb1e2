"""Exposing the cards left in the talon: a seat chooses to turn them face up, or not.

The cards take no further part; exposing them only tells both players where they are.
Actions: `expose talon` and `keep talon hidden`. Skipped when the talon is empty. With
`shown_when`, exposed cards are turned face up only once that condition holds (e.g. after
the first lead).
"""

from __future__ import annotations

from ..core.actions import Action
from . import Phase, in_the_open


class Expose(Phase):
    kind = "expose"
    public_name = in_the_open  # the choice is made aloud

    def __init__(self, name, by, shown_when=None):
        super().__init__(name)
        self.by = by
        self.shown_when = shown_when  # compiled bool: exposed cards are face up only once it holds
        self.show = Action("expose", True, "expose talon")
        self.hide = Action("expose", False, "keep talon hidden")

    def start(self, state) -> None:
        state.exposer = self.by(state) if state.talon else None

    def actor(self, state):
        return state.exposer

    def legal(self, state):
        return [self.hide, self.show]

    def vocabulary(self, game):
        return [self.hide.name, self.show.name]

    def apply(self, state, action) -> None:
        state.talon_exposed = action.arg
        state.talon_shown_when = self.shown_when
        state.exposer = None

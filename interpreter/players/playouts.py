"""The worlds a search plays out: each to the end of its deal, and no further.

A search bot values an imagined world by the totals its deal leaves (interpreter/players/
search.py, agents.py). The engine, at the end of a deal, closes it and deals the next one
(shuffles, deals, runs on to the next decision); and as a deal is scored it counts the
spec's `deal_statistics`, which only a study of many games reads. A world made `searched`
does neither: its game is over once its deal is scored, with the same totals, and its game
counts no deal statistics. Everything else, the deal's play and its scoring, is the engine's
own.
"""

from __future__ import annotations

from ..engine.state import State


class DealWorld(State):
    """A state whose game ends with its deal: once the deal is scored, it is over (`terminal`), the
    totals as the deal left them; the next deal is not dealt."""

    __slots__ = ()

    def _end_deal(self) -> bool:
        return False


def searched(world):
    """`world` (a copy of its own: an imagined world, a clone) made to end with its deal, its game
    counting no deal statistics; returned."""
    world.__class__ = DealWorld
    world.game = search_game(world.game)
    return world


def search_game(game):
    """`game` as a searched world plays it: the same game, whose deals count no statistics (the
    spec's `deal_statistics`). Made once per game, and kept with it."""
    found = game.__dict__.get("_searched")
    if found is None:
        found = object.__new__(type(game))
        found.__dict__.update(game.__dict__)
        found.deal_statistics = {}
        found._searched = found
        game._searched = found
    return found

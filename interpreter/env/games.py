"""Some games of one spec stepped in turn, each written into its row of stacked arrays.

What `CardspecVectorEnv` steps, in its own process or in each worker (interpreter/env/workers.py):
each game keeps a `Table`, an `Encoder` (its seats' observations, updated from the moves since)
and a `Payout`; after each step the row of the seat to act is gathered into the stacked
observations, and the legal ids are written into the game's row of the masks.
"""

from __future__ import annotations

import dataclasses
import random

import numpy as np

from ..core.errors import GameError, GameFault
from .encoding import ActionSpace, EnvError, Observer, Table
from .incremental import Encoder
from .payout import Payout

OUTPUTS = ("rewards", "terminations", "truncations", "action_mask")  # cleared at each step


class Games:
    """Some games of one spec, stepped in turn, written into the arrays they are given (one row a game)."""

    def __init__(self, game, out: dict, seeds, rewards="deal", max_deals=None, first=0):
        self.game = game
        self.space = ActionSpace(game)
        self.observer = Observer(game, self.space)
        n, k = game.n, len(seeds)
        self.out, self.first = out, first  # (`first`: the number of the first game, for messages)
        self.rows = np.zeros((k, n, self.observer.size), np.float32)  # each game's seats' observations
        self.encoders = [Encoder(self.observer, self.rows[i]) for i in range(k)]
        self.payouts = [Payout(n, rewards, max_deals) for _ in range(k)]
        self.rngs = [random.Random(s) for s in seeds]
        self.tables: list[Table] = [None] * k
        self.mask = memoryview(out["action_mask"]).cast("B").cast("b")
        self.seats = [0] * k

    def reset(self, seeds=None) -> None:
        """Every game anew (from `seeds`, one each, when given)."""
        if seeds is not None:
            self.rngs = [random.Random(s) for s in seeds]
        for a in OUTPUTS:
            self.out[a][:] = 0
        for i in range(len(self.tables)):
            self._new_game(i)
            self._decision(i)
        self._gather()

    def step(self, actions) -> None:
        """One action id for each game (legal: checked by the caller), each game to its next decision."""
        out = self.out
        for a in OUTPUTS:
            out[a][:] = 0
        tables, payouts, encoders, seats = self.tables, self.payouts, self.encoders, self.seats
        mask, width = self.mask, len(self.space)
        for i, action in enumerate(actions):
            table = tables[i]
            try:
                table.apply_id(action)
                paid, over, cut = payouts[i].after(table.state)
                if paid is not None:
                    out["rewards"][i] = paid
                    if over or cut:  # the next game at once, in the same row
                        out["terminations"][i], out["truncations"][i] = over, cut
                        self._new_game(i)
                        table = tables[i]
                seat = seats[i] = table.state.current
                encoders[i].observe(table, seat)
                base = i * width
                for a in table.ids_now():
                    mask[base + a] = 1
            except GameFault as e:  # (a fault of the spec's rules, placed in the spec)
                raise dataclasses.replace(e, message=f"game {self.first + i}: {e.message}") from e
            except GameError as e:
                raise EnvError(f"game {self.first + i}: {e.message}") from e
        self._gather()

    def _new_game(self, i: int) -> None:
        state = self.game.new_state(self.rngs[i].randrange(2 ** 32))
        if state.terminal:
            raise EnvError(f"game {self.first + i}: a game of this spec ends before anybody acts")
        self.tables[i] = Table(self.space, state)
        self.payouts[i].start()

    def _decision(self, i: int) -> None:
        """Game i's seat to act, its observation (in the game's rows) and its mask."""
        table = self.tables[i]
        seat = self.seats[i] = table.state.current
        self.encoders[i].observe(table, seat)
        mask, base = self.mask, i * len(self.space)
        for a in table.ids_now():
            mask[base + a] = 1

    def _gather(self) -> None:
        """Each game's row of the seat to act into the stacked observations."""
        n = self.game.n
        out = self.out
        out["player"][:] = self.seats
        where = np.arange(0, n * len(self.seats), n) + out["player"]
        # (mode="clip": the places are all in range, and a checked take into `out` would buffer the rows)
        np.take(self.rows.reshape(-1, self.observer.size), where, axis=0, out=out["observation"], mode="clip")

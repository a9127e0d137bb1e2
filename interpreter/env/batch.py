"""Many games of one spec stepped at once, for vectorised learners: `CardspecVectorEnv`.

    env = CardspecVectorEnv("specs/my-game.yaml", num_envs=64, seed=1, workers=2)
    obs, info = env.reset()
    obs, rewards, terminations, truncations, info = env.step(ids)   # one action id per game

`obs` is a dict of stacked arrays, one row per game: `observation` (num_envs, size) float32,
the observation of the seat to act (`encoding.Observer`, from its view only); `action_mask`
(num_envs, actions) int8, 1 for each legal id; `player` (num_envs,) the seat to act. `rewards`
is (num_envs, seats) float64, what this step paid each seat of each game (`payout.Payout`:
`rewards="deal"` or `"game"`); `terminations` and `truncations` (num_envs,) bool say which
games ended at this step (over, or cut short by `max_deals`).

Autoreset: a game that ends at a step is replaced at once by the next game (the same step): its
rewards, termination and truncation are the ended game's, its row of `obs` is the new game's
first decision. Game i is the game `CardspecEnv(spec, seed=seed + i)` plays, game after game.

`workers=W` splits the games W ways (all cores: `workers=os.cpu_count()`): this process steps one
share and W-1 worker processes the others, at the same time, all writing into shared memory
(interpreter/env/workers.py); `workers=0` (or 1) steps them all in this process. An action that is not an id,
not legal in its game, or a wrong number of actions is refused before any game moves. `copy`
(default True): the arrays returned are copies; with `copy=False` they are the env's own,
overwritten by the next step (read them before, and never write them).
"""

from __future__ import annotations

import random
import weakref

import numpy as np

from .encoding import ActionSpace, EnvError, Observer, load
from .games import Games
from .payout import check_settings


class CardspecVectorEnv:
    """`num_envs` games of one spec stepped at once, in this process or in `workers` processes."""

    def __init__(self, spec, num_envs: int, options=None, seed=None, rewards="deal", max_deals=None,
                 workers: int = 0, copy: bool = True, context=None):
        check_settings(rewards, max_deals)
        if not isinstance(num_envs, int) or num_envs < 1:
            raise ValueError(f"num_envs must be a whole number of at least 1, not {num_envs!r}")
        if not isinstance(workers, int) or workers < 0:
            raise ValueError(f"workers must be a whole number of at least 0, not {workers!r}")
        self.game = load(spec, options) if isinstance(spec, (str, bytes)) or hasattr(spec, "__fspath__") else spec
        self.space = ActionSpace(self.game)
        self.observer = Observer(self.game, self.space)
        self.num_envs, self.copy = num_envs, copy
        self.possible_agents = list(self.game.seat_names)
        n, size, v = self.game.n, self.observer.size, len(self.space)
        self.shapes = {"observation": ((num_envs, size), np.float32), "action_mask": ((num_envs, v), np.int8),
                       "player": ((num_envs,), np.int64), "rewards": ((num_envs, n), np.float64),
                       "terminations": ((num_envs,), np.bool_), "truncations": ((num_envs,), np.bool_),
                       "actions": ((num_envs,), np.int64)}
        seeds = _seeds(seed, num_envs)
        self.workers = min(workers, num_envs)
        self._started, self._broken, self._closed = False, None, False
        if self.workers <= 1:
            self.arrays = {k: np.zeros(shape, dtype) for k, (shape, dtype) in self.shapes.items()}
            self.games = Games(self.game, self.arrays, seeds, rewards, max_deals)
            self.pool = None
            return
        from .workers import Pool

        self.pool = Pool(self.game, self.shapes, seeds, rewards, max_deals, self.workers, context)
        self.arrays = self.pool.arrays
        self._finalizer = weakref.finalize(self, self.pool.close)

    def reset(self, seed=None, options=None):
        """Every game anew: from `seed` (game i from seed + i), or each the next game of its own."""
        if self._closed:
            raise RuntimeError("the batch is closed: make a new one")
        seeds = None if seed is None else _seeds(seed, self.num_envs)
        if self.pool is None:
            self.games.reset(seeds)
        else:
            self.pool.reset(seeds)
        self._started, self._broken = True, None
        return self._observations(), {}

    def step(self, actions):
        """One action id per game; each game to its next decision (a game that ends starts again)."""
        if not self._started:
            raise RuntimeError("no games are in progress: call reset() first")
        if self._broken:
            raise EnvError(f"a game failed in the last step ({self._broken}): reset() the batch first")
        a = self._checked(actions)
        try:
            if self.pool is None:
                self.games.step(a.tolist())
            else:
                self.arrays["actions"][:] = a
                self.pool.step()
        except Exception as e:  # (the other games of the step may have moved)
            self._broken = str(e)
            raise
        out = self.arrays
        pick = np.copy if self.copy else _same
        return (self._observations(), pick(out["rewards"]), pick(out["terminations"]), pick(out["truncations"]), {})

    def _observations(self) -> dict:
        pick = np.copy if self.copy else _same
        return {k: pick(self.arrays[k]) for k in ("observation", "action_mask", "player")}

    def _checked(self, actions) -> np.ndarray:
        """The actions as ids, each legal in its game; else refused with the first game at fault."""
        a = np.asarray(actions)
        if a.shape != (self.num_envs,):
            raise ValueError(f"step takes one action id per game: {self.num_envs} of them, not an array of "
                             f"shape {a.shape}")
        if a.dtype.kind not in "iu":
            raise ValueError(f"action ids are whole numbers, not {a.dtype}")
        v = len(self.space)
        outside = np.flatnonzero((a < 0) | (a >= v))
        if len(outside):
            i = int(outside[0])
            raise EnvError(f"game {i}: action id {int(a[i])} is not in the spec's action space (0 to {v - 1})")
        illegal = np.flatnonzero(self.arrays["action_mask"][np.arange(self.num_envs), a] == 0)
        if len(illegal):
            i = int(illegal[0])
            seat = self.game.seat_names[int(self.arrays["player"][i])]
            raise EnvError(f"game {i}: `{self.space.names[a[i]]}` (id {int(a[i])}) is not legal now for {seat}")
        return a

    def close(self) -> None:
        """Stop the worker processes (if any); the env takes no more steps."""
        self._started, self._closed = False, True
        if self.pool is not None:
            self._finalizer()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


def _same(x):
    return x


def _seeds(seed, count: int) -> list[int]:
    """Game i's seed: seed + i; drawn from the system when `seed` is None."""
    if seed is None:
        draw = random.SystemRandom()
        return [draw.randrange(2 ** 63) for _ in range(count)]
    if not isinstance(seed, (int, np.integer)):
        raise TypeError(f"seed must be a whole number or None, not {seed!r}")
    return [int(seed) + i for i in range(count)]

#!/usr/bin/env python3
"""Steps per second of random Barbu play: the raw State against the learning environments.

Each way plays whole games of the shipped `specs/barbu/barbu.yaml` (a new game when one ends),
each move chosen uniformly among the legal ones, and is timed over the same number of steps:

* `raw`: `state.apply(legal[randrange(len(legal))])` after `legal = state.legal_actions()`;
* `pettingzoo`: the PettingZoo AEC loop, `env.last()` (the observation and the mask of the
  seat to act) and `env.step(id)`, the id drawn among the mask's ones;
* `pettingzoo, mask only`: the same loop with `env.last(observe=False)` and the mask alone
  (`env.table.mask()`): what the AEC loop costs without any observation, the bound of the line above;
* `raw xN`: N raw states stepped in turn, one move each (the batched env's work without it);
* `batch xN`: `CardspecVectorEnv` stepping N games at once in this process, the ids drawn
  from the stacked masks in one numpy call, as a vectorised learner draws them;
* `batch xN, W workers`: the same N games split between W worker processes.

The ways run interleaved, in a rotated order each round, so that a change in the machine's
load reaches all of them alike; each figure is the median of the rounds with their spread,
and each ratio is taken within a round (a way's steps/s over the raw State's of the same
round) before its median. Two rates: steps per second of wall time, and steps per second of
processor time (of this process and its workers together: steps per core, which other work on
the machine changes less). The machine's load average is printed with the figures.

    python tools/env_bench.py [--steps 20000] [--rounds 5] [--games 64] [--workers 2]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
import warnings
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

SPEC = ROOT / "specs" / "barbu" / "barbu.yaml"


class Clock:
    """Wall time and processor time (this process's, and what `extra` adds: workers') of a run."""

    def __init__(self, extra=None):
        self.extra = extra or (lambda: 0.0)
        self.wall, self.cpu = time.perf_counter(), time.process_time() + self.extra()

    def stop(self, steps: int) -> tuple[int, float, float]:
        return steps, time.perf_counter() - self.wall, time.process_time() + self.extra() - self.cpu


def raw(game, steps: int, seed: int):
    """One raw State played at random: (steps, wall seconds, processor seconds)."""
    rng = random.Random(seed)
    state = game.new_state(seed)
    clock = Clock()
    for k in range(steps):
        if state.is_terminal:
            state = game.new_state(seed + k)
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    return clock.stop(steps)


def raw_many(game, steps: int, seed: int, n: int):
    """`n` raw States, one move each in turn."""
    rng = random.Random(seed)
    states = [game.new_state(seed + i) for i in range(n)]
    done = 0
    clock = Clock()
    while done < steps:
        for i, state in enumerate(states):
            if state.is_terminal:
                state = states[i] = game.new_state(seed + done + i)
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
        done += n
    return clock.stop(done)


def pettingzoo(game, steps: int, seed: int, observe: bool = True):
    """The PettingZoo env's AEC loop (the observation, or only the mask, at every step)."""
    from interpreter.env.pettingzoo import CardspecEnv

    env = CardspecEnv(game, seed=seed)
    env.reset(seed=seed)
    rng = random.Random(seed)
    done = 0
    clock = Clock()
    while done < steps:
        for _ in env.agent_iter():
            obs, _, terminated, truncated, _ = env.last(observe)
            if terminated or truncated:
                env.step(None)
                continue
            legal = (obs["action_mask"] if observe else env.table.mask()).nonzero()[0]
            env.step(int(legal[rng.randrange(len(legal))]))
            done += 1
            if done >= steps:
                break
        else:
            env.reset()
    return clock.stop(done)


def batched(game, steps: int, seed: int, n: int, workers: int = 0):
    """The batched env over `n` games (a step counts n), ids drawn from its masks."""
    import numpy as np

    from interpreter.env.batch import CardspecVectorEnv

    env = CardspecVectorEnv(game, n, workers=workers, seed=seed)
    try:
        obs, _ = env.reset(seed=seed)
        rng = np.random.default_rng(seed)
        done = 0
        clock = Clock(env.pool.cpu_seconds if env.pool is not None else None)
        while done < steps:
            mask = obs["action_mask"]
            ids = (rng.random(mask.shape) * mask).argmax(1)  # uniform among each game's legal ids
            obs, *_ = env.step(ids)
            done += n
        return clock.stop(done)
    finally:
        env.close()


def median_spread(xs) -> str:
    return f"{statistics.median(xs):>9,.0f} ({min(xs):,.0f}-{max(xs):,.0f})"


def ratio_spread(xs) -> str:
    return f"{statistics.median(xs):.2f} ({min(xs):.2f}-{max(xs):.2f})"


def ways(game, args) -> dict:
    """Each way's name -> a function of a round's seed giving (steps, wall seconds, processor seconds)."""
    out = {
        "raw": lambda s: raw(game, args.steps, s),
        "pettingzoo": lambda s: pettingzoo(game, args.steps, s),
        "pettingzoo, mask only": lambda s: pettingzoo(game, args.steps, s, observe=False),
    }
    if args.games:
        n = args.games
        out[f"raw x{n}"] = lambda s: raw_many(game, args.steps, s, n)
        out[f"batch x{n}"] = lambda s: batched(game, args.steps, s, n)
        if args.workers:
            out[f"batch x{n}, {args.workers} workers"] = lambda s: batched(game, args.steps, s, n, args.workers)
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--steps", type=int, default=20000, help="steps timed per way and round (default 20000)")
    ap.add_argument("--rounds", type=int, default=5, help="interleaved rounds (default 5)")
    ap.add_argument("--games", type=int, default=64, help="games of the batched env (default 64; 0: none)")
    ap.add_argument("--workers", type=int, default=2, help="worker processes of the batched env (default 2; 0: none)")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    warnings.simplefilter("ignore")  # (PettingZoo's advice on agent names)
    from interpreter.compile.game import load_game

    game = load_game(SPEC)
    todo = ways(game, args)
    names = list(todo)
    wall = {name: [] for name in names}
    cpu = {name: [] for name in names}
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}; {os.cpu_count()} cores")
    for r in range(args.rounds):
        for name in names[r % len(names):] + names[:r % len(names)]:
            steps, seconds, processor = todo[name](args.seed + r)
            wall[name].append(steps / seconds)
            cpu[name].append(steps / processor)
    print(f"load average after:  {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(f"Barbu, random play, {args.steps} steps per way, {args.rounds} rounds: median (min-max)")
    for title, rates in (("steps per second of wall time", wall), ("steps per second of processor time "
                                                                 "(per core)", cpu)):
        print(f" {title}:")
        for name in names:
            line = f"  {name:<26} {median_spread(rates[name])}"
            if name != "raw":
                line += f"   / raw {ratio_spread([a / b for a, b in zip(rates[name], rates['raw'])])}"
            print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())

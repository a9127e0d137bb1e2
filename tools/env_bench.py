#!/usr/bin/env python3
"""Steps per second of random play: the raw State against the learning environments.

Each way plays whole games of the shipped Barbu (`--spec` names another game; a new game when one ends),
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

The ways take turns within each round, a block of steps each (`--block`, 1,000 steps: a few
milliseconds), in a rotated order each round, so that the machine's speed, which may wander by a
third over seconds on a virtual machine, reaches all of them alike; each figure is the median of
the rounds with their spread,
and each ratio is taken within a round (a way's steps/s over the raw State's of the same
round) before its median. Two rates: steps per second of wall time, and steps per second of
processor time (of this process and its workers together: steps per core, which other work on
the machine changes less). The machine's load average is printed with the figures.

    python tools/env_bench.py [--spec barbu] [--steps 20000] [--rounds 5] [--games 64] [--workers 2] [--block 1000]
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



class Clock:
    """Wall time and processor time (this process's, and what `extra` adds: workers') of a run."""

    def __init__(self, extra=None):
        self.extra = extra or (lambda: 0.0)
        self.wall, self.cpu = time.perf_counter(), time.process_time() + self.extra()

    def stop(self, steps: int) -> tuple[int, float, float]:
        return steps, time.perf_counter() - self.wall, time.process_time() + self.extra() - self.cpu


# Each way is a generator: primed with `next()` (its games made, untimed), then sent a number of
# steps k, it plays k more steps of the same games and yields (steps, wall seconds, processor seconds)
# of them; `close()` ends it. The rounds alternate the ways a block of steps at a time (`timed_round`).

def raw(game, seed: int):
    """One raw State played at random."""
    rng = random.Random(seed)
    state = game.new_state(seed)
    done = 0
    k = yield
    while True:
        clock = Clock()
        for _ in range(k):
            if state.is_terminal:
                state = game.new_state(seed + done)
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
            done += 1
        k = yield clock.stop(k)


def raw_many(game, seed: int, n: int):
    """`n` raw States, one move each in turn (a block's steps rounded up to a whole turn of them)."""
    rng = random.Random(seed)
    states = [game.new_state(seed + i) for i in range(n)]
    done = 0
    k = yield
    while True:
        clock = Clock()
        steps = 0
        while steps < k:
            for i, state in enumerate(states):
                if state.is_terminal:
                    state = states[i] = game.new_state(seed + done + i)
                legal = state.legal_actions()
                state.apply(legal[rng.randrange(len(legal))])
            done += n
            steps += n
        k = yield clock.stop(steps)


def pettingzoo(game, seed: int, observe: bool = True):
    """The PettingZoo env's AEC loop (the observation, or only the mask, at every step)."""
    from interpreter.env.pettingzoo import CardspecEnv

    env = CardspecEnv(game, seed=seed)
    env.reset(seed=seed)
    rng = random.Random(seed)
    agents = iter(env.agent_iter())
    k = yield
    while True:
        clock = Clock()
        steps = 0
        while steps < k:
            agent = next(agents, None)
            if agent is None:  # the game is over: the next one
                env.reset()
                agents = iter(env.agent_iter())
                continue
            obs, _, terminated, truncated, _ = env.last(observe)
            if terminated or truncated:
                env.step(None)
                continue
            legal = (obs["action_mask"] if observe else env.table.mask()).nonzero()[0]
            env.step(int(legal[rng.randrange(len(legal))]))
            steps += 1
        k = yield clock.stop(steps)


def batched(game, seed: int, n: int, workers: int = 0):
    """The batched env over `n` games (a step counts n), ids drawn from its masks."""
    import numpy as np

    from interpreter.env.batch import CardspecVectorEnv

    env = CardspecVectorEnv(game, n, workers=workers, seed=seed)
    try:
        obs, _ = env.reset(seed=seed)
        rng = np.random.default_rng(seed)
        k = yield
        while True:
            clock = Clock(env.pool.cpu_seconds if env.pool is not None else None)
            steps = 0
            while steps < k:
                mask = obs["action_mask"]
                ids = (rng.random(mask.shape) * mask).argmax(1)  # uniform among each game's legal ids
                obs, *_ = env.step(ids)
                steps += n
            k = yield clock.stop(steps)
    finally:
        env.close()


def timed_round(ways: dict, seed: int, steps: int, block: int) -> dict:
    """Each way (name -> a function of the seed making its generator) plays `steps` steps, the ways
    taking turns a block of `block` steps at a time, in the order given; name -> (steps, wall seconds,
    processor seconds), summed over its blocks. Blocks a few milliseconds apart meet the machine at the
    same speed, where runs of each way one after the other, a second apart, do not."""
    runs = {name: make(seed) for name, make in ways.items()}
    try:
        for run in runs.values():
            next(run)  # (the games made and reset: not timed)
        total = {name: (0, 0.0, 0.0) for name in runs}
        while True:
            left = [name for name in runs if total[name][0] < steps]
            if not left:
                return total
            for name in left:
                done, wall, cpu = runs[name].send(min(block, steps - total[name][0]))
                a, b, c = total[name]
                total[name] = (a + done, b + wall, c + cpu)
    finally:
        for run in runs.values():
            run.close()


def median_spread(xs) -> str:
    return f"{statistics.median(xs):>9,.0f} ({min(xs):,.0f}-{max(xs):,.0f})"


def ratio_spread(xs) -> str:
    return f"{statistics.median(xs):.2f} ({min(xs):.2f}-{max(xs):.2f})"


def ways(game, args) -> dict:
    """Each way's name -> a function of a round's seed giving (steps, wall seconds, processor seconds)."""
    out = {
        "raw": lambda s: raw(game, s),
        "pettingzoo": lambda s: pettingzoo(game, s),
        "pettingzoo, mask only": lambda s: pettingzoo(game, s, observe=False),
    }
    if args.games:
        n = args.games
        out[f"raw x{n}"] = lambda s: raw_many(game, s, n)
        out[f"batch x{n}"] = lambda s: batched(game, s, n)
        if args.workers:
            out[f"batch x{n}, {args.workers} workers"] = lambda s: batched(game, s, n, args.workers)
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--steps", type=int, default=20000, help="steps timed per way and round (default 20000)")
    ap.add_argument("--rounds", type=int, default=5, help="interleaved rounds (default 5)")
    ap.add_argument("--games", type=int, default=64, help="games of the batched env (default 64; 0: none)")
    ap.add_argument("--workers", type=int, default=2, help="worker processes of the batched env (default 2; 0: none)")
    ap.add_argument("--block", type=int, default=1000,
                    help="steps a way plays before the next way's turn, within a round (default 1000)")
    ap.add_argument("--spec", default="barbu",
                    help="the game: a spec file, or a shipped game's name as `cardspec list` gives it (default barbu)")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    warnings.simplefilter("ignore")  # (PettingZoo's advice on agent names)
    from interpreter.env.encoding import EnvError, load

    try:
        game = load(args.spec)
    except EnvError as e:
        ap.error(str(e))
    todo = ways(game, args)
    names = list(todo)
    wall = {name: [] for name in names}
    cpu = {name: [] for name in names}
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}; {os.cpu_count()} cores")
    for r in range(args.rounds):
        order = names[r % len(names):] + names[:r % len(names)]
        total = timed_round({name: todo[name] for name in order}, args.seed + r, args.steps, args.block)
        for name in names:
            steps, seconds, processor = total[name]
            wall[name].append(steps / seconds)
            cpu[name].append(steps / processor)
    print(f"load average after:  {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(f"{game.title}, random play, {args.steps} steps per way, {args.rounds} rounds: median (min-max)")
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

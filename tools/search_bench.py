#!/usr/bin/env python3
"""Iterations per second of the `ismcts` search bot on a fixed Barbu and a fixed Skat position.

Each position is reached by random moves from a fixed seed, in the card play of a deal
with some tricks played (Barbu: No Tricks, in the second deal; Skat: the play after
the auction, the skat and the game named). At each round the bot (seeded, with a budget of
ITERATIONS iterations) chooses a move there once: a new bot each round, its knowledge of the
play brought up to date before the clock starts, as a bot in play has followed the game
move by move, so that what is timed is a move's search: the sampler built for the
decision, then each iteration's world drawn, its walk down the tree and its random
play-out. The positions run interleaved, in turn each round, so that a change in the
machine's load reaches both alike; each figure is the median of the rounds with their
spread. Two rates: iterations per second of wall time, and per second of this process's
processor time (which other work on the machine changes less). The machine's load average
is printed with the figures.

    python tools/search_bench.py [--iterations 500] [--rounds 9] [--seed 1]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

# (title, spec, the position's seed, the deal it is in at least, tricks played in it)
POSITIONS = (
    ("Barbu", ROOT / "specs" / "barbu" / "barbu.yaml", 2, 2, 4),  # No Tricks, 9 cards to choose from,
    ("Skat", ROOT / "specs" / "skat" / "skat.yaml", 2, 1, 3),  # a suit game (hearts), a defender to lead
)


def position(spec, seed: int, deal: int, tricks: int):
    """The state reached by random moves (seeded) in the card play of deal `deal` or a later one,
    with `tricks` tricks played and a choice among several cards to make: (state, seat)."""
    from interpreter.compile.game import load_game

    game = load_game(spec)
    rng = random.Random(seed)
    state = game.new_state(seed)
    while True:
        legal = state.legal_actions()
        if (state.deal_number >= deal and state.phase.kind == "tricks" and len(state.tricks) >= tricks
                and len(legal) > 1):
            return state, state.current_player
        state.apply(legal[rng.randrange(len(legal))])


def searched(state, seat: int, iterations: int, seed: int) -> tuple[float, float, str]:
    """One move's search of a new `ismcts` bot: (wall seconds, processor seconds, its choice)."""
    from interpreter.players.search import ISMCTSAgent

    agent = ISMCTSAgent(seed, str(iterations))
    agent.sampler_for(state, seat)  # (what it learnt from the play so far, as a bot in play has)
    legal = state.legal_actions()
    wall, cpu = time.perf_counter(), time.process_time()
    choice = agent.choose(state, seat, legal)
    return time.perf_counter() - wall, time.process_time() - cpu, choice.name


def median_spread(xs) -> str:
    return f"{statistics.median(xs):>7,.0f} ({min(xs):,.0f}-{max(xs):,.0f})"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--iterations", type=int, default=500, help="the bot's budget a move (default 500)")
    ap.add_argument("--rounds", type=int, default=9, help="interleaved rounds (default 9)")
    ap.add_argument("--seed", type=int, default=1, help="the bot's seed (default 1)")
    args = ap.parse_args(argv)
    positions = [(title, *position(spec, *where)) for title, spec, *where in POSITIONS]
    wall = {title: [] for title, *_ in positions}
    cpu = {title: [] for title, *_ in positions}
    chosen = {title: set() for title, *_ in positions}
    for title, state, seat in positions:  # (a first search, untimed: the generated loops written, caches warm)
        searched(state, seat, args.iterations, args.seed)
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}; {os.cpu_count()} cores")
    for r in range(args.rounds):
        for title, state, seat in positions[r % 2:] + positions[:r % 2]:
            seconds, processor, choice = searched(state, seat, args.iterations, args.seed)
            wall[title].append(args.iterations / seconds)
            cpu[title].append(args.iterations / processor)
            chosen[title].add(choice)
    print(f"load average after:  {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(f"ismcts:{args.iterations}, one move, {args.rounds} rounds: iterations/s, median (min-max)")
    for title, state, seat in positions:
        print(f"  {title:<6} deal {state.deal_number}, {len(state.tricks)} tricks, {len(state.legal_actions())} "
              f"choices: wall {median_spread(wall[title])}   processor {median_spread(cpu[title])}   "
              f"chose {', '.join(sorted(chosen[title]))}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

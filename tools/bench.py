#!/usr/bin/env python3
"""Random-playout speed of single Barbu contracts: the interpreter against a hand-coded engine.

For each contract (No Tricks; Trumps with the trump drawn at random) it plays DEALS
deals through the full interpreter, twice: move by move through the public API
(`apply(choice(legal_actions()))`, what a bot deciding each move pays) and with
`State.playout(choice)` (the same moves, the card play in the loop generated from the
spec: what a random playout or a simulation pays) (deal, the contract set by its schedule,
announcement, random doubles, 52 card plays with the spec's legality cascade, scoring with
pairwise settlement and the deal-total check) with random legal choices, and then the same number of deals with the
hand-coded reference engine `../shared/bench/handcoded_barbu.py` when it is there,
and prints deals per second of both and their ratio (interpreter / hand-coded).

The spec is the shipped `specs/barbu/barbu.yaml`, changed in memory only so that every
deal plays the one contract, as the reference does: the contract choice gets a `schedule`
of that contract (the spec's own way to fix the contracts; nobody names it, as in the
reference, where nobody does). A new game starts every 28 deals (a Barbu game's length),
so the state keeps one game's history, as in play, rather than the history of thousands
of deals (which the garbage collector would walk again and again).

Then the cost of `clone()` and `sampled_for()` on a Barbu state in the middle of a game
(what search bots pay per imagined world), and deals per second and microseconds per move
of whole games between random bots for every shipped spec.

The reference engine has no doubling phase; a pair of lines times the interpreter on
Barbu without it (the same phases as the reference) to show what the doubles cost. A
random playout's chooser is a generator's own `choice`, which the generated loop draws
inline (interpreter/core/draw.py); a last pair of lines times the playout with the same
choices made by a chooser it must call, as a policy or a bot is.

With `--env`, the same run ends with the learning environments' steps per second against the
raw State's, and the batched env's (tools/env_bench.py, its defaults).

    python tools/bench.py [--deals 3000] [--seed 1] [--repeat 3] [--games 3] [--env]
"""

from __future__ import annotations

import argparse
import functools
import importlib.util
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from interpreter.compile.game import Compiler  # noqa: E402
from interpreter.load.loading import load  # noqa: E402

REFERENCE = ROOT.parent / "shared" / "bench" / "handcoded_barbu.py"
GAME_DEALS = 28  # the deals of a game of Barbu: the interpreter starts a new game after so many
CONTRACTS = (("notricks", "no_tricks", "No Tricks"), ("trump", "trumps", "Trumps"))


def endless_game(contract: str, doubling: bool = True, spec=ROOT / "specs" / "barbu" / "barbu.yaml"):
    """The Barbu game playing `contract` every deal, with no end, for timing single contracts;
    without `doubling`, also without its doubling phase, which the reference engine lacks."""
    doc = load(spec)
    doc.data["phases"]["choose_contract"].update(once_each=False, schedule=[contract])
    doc.data["match"] = {"deals": 10**9}
    if not doubling:
        del doc.data["phases"]["double"]
    return Compiler(doc).compile()


def run_interpreter(game, deals: int, seed: int, playout: bool = False, called: bool = False):
    """Play `deals` deals of `game` (an `endless_game`) with random choices; return (seconds, totals).

    Every choice (the trump suit, doubles, cards) is uniform among the legal actions, as the
    reference engine plays its cards: one `apply(choice(legal_actions()))` per move through
    the public API, or with `playout`, `State.playout(choice)` (the same moves; the
    generated loop plays the cards, drawing them inline as `choice` would: see
    interpreter/core/draw.py). With `called`, the chooser is the same `choice` in a wrapper
    the playout cannot see through, so it is called for every move, as any other chooser
    (a policy, a bot) is.
    """
    rng = random.Random(seed)
    choice = functools.partial(random.Random.choice, rng) if called else rng.choice
    totals = [0] * game.n
    t0 = time.perf_counter()
    for k in range(deals):
        if k % GAME_DEALS == 0:  # a new game: one game's history is kept, as in play, not thousands of deals'
            if k:
                totals = [a + b for a, b in zip(totals, state.totals)]
            state = game.new_state(seed + k)
        number = state.deal_number
        if playout:
            state.playout(choice)
            continue
        while state.deal_number == number:
            state.apply(choice(state.legal_actions()))
    seconds = time.perf_counter() - t0
    return seconds, [a + b for a, b in zip(totals, state.totals)]


def run_reference(module, contract: str, deals: int, seed: int):
    t0 = time.perf_counter()
    totals, _ = module.run(contract, deals, seed)
    return time.perf_counter() - t0, totals


def load_reference():
    if not REFERENCE.exists():
        return None
    spec = importlib.util.spec_from_file_location("handcoded_barbu", REFERENCE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--deals", type=int, default=3000, help="deals per contract and engine (default 3000)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--repeat", type=int, default=3, help="runs per measurement; the best is kept (default 3)")
    ap.add_argument("--games", type=int, default=3, help="whole games per shipped spec (default 3; 0: none)")
    ap.add_argument("--env", action="store_true", help="then the environments' steps/s (tools/env_bench.py)")
    args = ap.parse_args(argv)
    ref = load_reference()
    if ref is None:
        print("(reference engine not found at ../shared/bench/; printing the interpreter's figures only)")
    worst = None
    for ref_name, key, title in CONTRACTS:
        game = endless_game(key)
        theirs = None
        if ref is not None:
            theirs = min(run_reference(ref, ref_name, args.deals, args.seed + r)[0] for r in range(args.repeat))
        for how, playout in (("apply", False), ("playout", True)):
            ours = min(run_interpreter(game, args.deals, args.seed + r, playout)[0] for r in range(args.repeat))
            line = f"{title:<10} {how:<8} interpreter {args.deals / ours:8.0f} deals/s"
            if theirs is not None:
                ratio = theirs / ours
                if playout:
                    worst = ratio if worst is None else min(worst, ratio)
                line += f"   hand-coded {args.deals / theirs:8.0f} deals/s   ratio {ratio:.2f}"
            print(line)
    if worst is not None:
        print(f"lowest playout ratio {worst:.2f} (target >= 1.0)")
        # the reference engine has no doubling phase: the same work as it does, for comparison
        for ref_name, key, title in CONTRACTS:
            plain = endless_game(key, doubling=False)
            theirs = min(run_reference(ref, ref_name, args.deals, args.seed + r)[0] for r in range(args.repeat))
            ours = min(run_interpreter(plain, args.deals, args.seed + r, True)[0] for r in range(args.repeat))
            print(f"{title:<10} playout without doubling (the reference's phases): ratio {theirs / ours:.2f}")
        # a chooser the playout calls for every move (a policy, a bot), rather than draws inline
        for ref_name, key, title in CONTRACTS:
            game = endless_game(key)
            theirs = min(run_reference(ref, ref_name, args.deals, args.seed + r)[0] for r in range(args.repeat))
            ours = min(run_interpreter(game, args.deals, args.seed + r, True, called=True)[0]
                       for r in range(args.repeat))
            print(f"{title:<10} playout, chooser called for each move: ratio {theirs / ours:.2f}")
    clone, sample = clone_costs()
    print(f"Barbu mid-game (deal 15, 20 cards played): clone {clone:.1f} us, sampled_for {sample:.1f} us")
    if args.games:
        print(f"whole games, random bots, {args.games} per spec:")
        for spec in sorted((ROOT / "specs").rglob("*.yaml")):
            deals, seconds, moves = whole_games(spec, args.games, args.seed)
            print(f"  {spec.relative_to(ROOT / 'specs').as_posix():<32} {deals / seconds:8.0f} deals/s "
                  f"{1e6 * seconds / moves:6.2f} us/move")
    if args.env:
        sys.path.insert(0, str(ROOT / "tools"))
        import env_bench

        env_bench.main([])
    return 0


def clone_costs(repeat: int = 5, n: int = 2000) -> tuple[float, float]:
    """Microseconds (process time, best of `repeat`) of `clone()` and `sampled_for()` mid-game."""
    from interpreter.compile.game import load_game

    state = load_game(ROOT / "specs" / "barbu" / "barbu.yaml").new_state(1)
    rng = random.Random(1)
    while state.deal_number < 15 or state.phase.kind != "tricks":
        state.apply(rng.choice(state.legal_actions()))
    for _ in range(20):
        state.apply(rng.choice(state.legal_actions()))

    def best(fn):
        out = float("inf")
        for _ in range(repeat):
            t0 = time.process_time()
            for _ in range(n):
                fn()
            out = min(out, (time.process_time() - t0) / n)
        return 1e6 * out
    return best(state.clone), best(lambda: state.sampled_for(1, rng))


def whole_games(spec, games: int, seed: int, least_moves: int = 20_000) -> tuple[int, float, int]:
    """Deals, seconds and moves of whole games of `spec` between random bots: `games` of them, and more
    until `least_moves` moves are timed, after one game not timed (what a game compiles on first use:
    the generated loops, a function's memo, is not a cost of each move)."""
    from interpreter.compile.game import load_game

    game = load_game(spec)

    def one(k, rng):
        state = game.new_state(seed + k)
        n = 0
        while not state.is_terminal and state.deal_number <= 1000:
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
            n += 1
        return len(state.deals), n

    one(-1, random.Random(seed - 1))  # the warm-up
    rng = random.Random(seed)
    deals = moves = k = 0
    t0 = time.perf_counter()
    while k < games or moves < least_moves:
        d, n = one(k, rng)
        deals, moves, k = deals + d, moves + n, k + 1
    return deals, time.perf_counter() - t0, moves


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Random-playout speed of single Barbu contracts: the interpreter against a hand-coded engine.

For each contract (No Tricks; Trumps with the trump drawn at random) it plays DEALS
deals through the full interpreter (deal, contract choice, announcement, random
doubles, 52 card plays with the spec's legality cascade, scoring with pairwise
settlement and the deal-total check) with random legal choices, and then the same number of deals with the
hand-coded reference engine `../shared/bench/handcoded_barbu.py` when it is there,
and prints deals per second of both and their ratio (interpreter / hand-coded).

The spec is the shipped `specs/barbu/barbu.yaml`, changed in memory only so that a
declarer may name the same contract every deal and the game never ends.

    python tools/bench.py [--deals 3000] [--seed 1] [--repeat 3]
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from interpreter.game import Compiler  # noqa: E402
from interpreter.loading import load  # noqa: E402

REFERENCE = ROOT.parent / "shared" / "bench" / "handcoded_barbu.py"
CONTRACTS = (("notricks", "no_tricks", "No Tricks"), ("trump", "trumps", "Trumps"))


def endless_game(spec=ROOT / "specs" / "barbu" / "barbu.yaml"):
    """The Barbu game with contracts repeatable and no end, for timing single contracts."""
    doc = load(spec)
    doc.data["phases"]["choose_contract"]["once_each"] = False
    doc.data["match"] = {"deals": 10**9}
    return Compiler(doc).compile()


def run_interpreter(game, contract: str, deals: int, seed: int):
    """Play `deals` deals of `contract` with random choices; return (seconds, totals).

    The declarer always names `contract`; every other choice (the trump suit, doubles,
    cards) is uniform among the legal actions, as the reference engine plays its cards.
    """
    rng = random.Random(seed)
    choice = rng.choice
    state = game.new_state(seed)
    name = f"contract {contract}"
    t0 = time.perf_counter()
    for _ in range(deals):
        number = state.deal_number
        state.apply(next(a for a in state.legal_actions() if a.name == name))
        while state.deal_number == number:
            state.apply(choice(state.legal_actions()))
    return time.perf_counter() - t0, state.totals


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
    args = ap.parse_args(argv)
    game = endless_game()
    ref = load_reference()
    if ref is None:
        print("(reference engine not found at ../shared/bench/; printing the interpreter's figures only)")
    worst = None
    for ref_name, key, title in CONTRACTS:
        ours = min(run_interpreter(game, key, args.deals, args.seed + r)[0] for r in range(args.repeat))
        line = f"{title:<10} interpreter {args.deals / ours:8.0f} deals/s"
        if ref is not None:
            theirs = min(run_reference(ref, ref_name, args.deals, args.seed + r)[0] for r in range(args.repeat))
            ratio = (args.deals / ours) / (args.deals / theirs)
            worst = ratio if worst is None else min(worst, ratio)
            line += f"   hand-coded {args.deals / theirs:8.0f} deals/s   ratio {ratio:.2f}"
        print(line)
    if worst is not None:
        print(f"lowest ratio {worst:.2f} (target >= 0.35)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Whole games of this tree against another revision's, in one process, alternated game by game.

What a change to a hot path is worth, measured as `tools/bench.py` measures the specs against
Barbu: the same spec's random games (move by move through `legal_actions()` and `apply()`) played
by the revision's interpreter and by this tree's, one game of the first, then games of the second
until they have made as many moves, and again, so that both meet the machine at the same speed (a
virtual machine's speed wanders by a third or more over seconds: runs of each, one after the
other, read a tree against itself anywhere from 0.65 to 1.31). Each round gives this tree's
microseconds a move over the revision's; the figure is the median of the rounds, with their spread.

The revision is checked out in a temporary git worktree (removed at the end) and its package is
imported beside this one under another name (its imports are all relative); each tree plays its own
spec files, so a change to a spec is measured too. `--base` names a checkout instead of a revision.

    python tools/ab.py REV [SPEC ...] [--rounds 7] [--moves 40000] [--seed 1] [--base DIR]

SPEC is a path under specs/ (`klaberjass/klaberjass.yaml`); by default Barbu, Klaberjass and
Rubicon Piquet. The same tree against itself (`python tools/ab.py HEAD`) shows what the machine
leaves unmeasured.
"""

from __future__ import annotations

import argparse
import gc
import importlib
import importlib.util
import os
import random
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
from bench import one_game  # noqa: E402 - a whole game of random moves, timed as the bench times it

DEFAULT_SPECS = ("barbu/barbu.yaml", "klaberjass/klaberjass.yaml", "piquet/rubicon.yaml")


def tree_loader(root: Path, name: str):
    """`load_game` of the interpreter package under `root`, imported as the package `name`."""
    if name not in sys.modules:
        package = root / "interpreter"
        spec = importlib.util.spec_from_file_location(name, package / "__init__.py",
                                                      submodule_search_locations=[str(package)])
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    return importlib.import_module(f"{name}.compile.game").load_game


def paired(base, ours, seed: int, moves: int = 20_000, play=one_game) -> tuple[float, float]:
    """Seconds a move of `base`'s games and of `ours`, alternated: a game of `base`, then games of
    `ours` until they have as many moves, and again, until each has made `moves`; one untimed game of
    each first (what a game compiles on first use)."""
    for game in (base, ours):
        play(game, seed - 1, random.Random(seed - 1))
    gc.collect()
    rng_base, rng_ours = random.Random(seed), random.Random(seed)  # (the same games, as long as both agree)
    t_base = n_base = t_ours = n_ours = k_base = k_ours = 0
    while min(n_base, n_ours) < moves:
        _, t, n = play(base, seed + k_base, rng_base)
        t_base, n_base, k_base = t_base + t, n_base + n, k_base + 1
        while n_ours < n_base:
            _, t, n = play(ours, seed + k_ours, rng_ours)
            t_ours, n_ours, k_ours = t_ours + t, n_ours + n, k_ours + 1
    return t_base / n_base, t_ours / n_ours


def compare(base_load, ours_load, base_root: Path, ours_root: Path, specs, rounds: int, moves: int, seed: int,
            out=print) -> dict:
    """Per spec: (this tree's us a move over the base's in each round, the base's us a move, ours)."""
    results = {}
    for rel in specs:
        base, ours = base_load(base_root / "specs" / rel), ours_load(ours_root / "specs" / rel)
        ratios, us_base, us_ours = [], [], []
        for r in range(rounds):
            b, o = paired(base, ours, seed + 1000 * r, moves) if r % 2 == 0 else paired(ours, base, seed + 1000 * r,
                                                                                        moves)[::-1]
            ratios.append(o / b)
            us_base.append(1e6 * b)
            us_ours.append(1e6 * o)
        results[rel] = (ratios, us_base, us_ours)
        out(f"  {rel:<32} base {statistics.median(us_base):6.2f} us/move   this tree {statistics.median(us_ours):6.2f}"
            f"   x{statistics.median(ratios):.3f} ({min(ratios):.3f}-{max(ratios):.3f})")
    return results


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("rev", nargs="?", default="HEAD", help="the revision to compare against (default HEAD)")
    ap.add_argument("specs", nargs="*", help="paths under specs/ (default: Barbu, Klaberjass, Rubicon Piquet)")
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--moves", type=int, default=40_000, help="moves of each tree a spec and round (default 40000)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--base", type=Path, default=None, help="a checkout to compare against instead of a revision")
    args = ap.parse_intermixed_args(argv)
    if args.rounds < 1 or args.moves < 1:
        ap.error("--rounds and --moves must be at least 1")
    specs = args.specs or list(DEFAULT_SPECS)
    missing = [s for s in specs if not (ROOT / "specs" / s).is_file()]
    if missing:
        ap.error(f"no spec {', '.join(missing)} under {ROOT / 'specs'}")
    with tempfile.TemporaryDirectory() as tmp:
        base_root = args.base
        if base_root is None:
            base_root = Path(tmp) / "base"
            made = subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", "-q", str(base_root),
                                   args.rev], capture_output=True, text=True)
            if made.returncode:
                ap.error(f"cannot check out {args.rev}: {made.stderr.strip()}")
        try:
            sys.path.insert(0, str(ROOT))
            ours_load = tree_loader(ROOT, "interpreter")
            base_load = tree_loader(base_root, "cardspec_ab_base")
            print(f"this tree against {args.rev if args.base is None else base_root}: {args.rounds} rounds, "
                  f"{args.moves} moves of each a round; load average {os.getloadavg()[0]:.2f}")
            compare(base_load, ours_load, base_root, ROOT, specs, args.rounds, args.moves, args.seed)
        finally:
            if args.base is None:
                subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(base_root)],
                               capture_output=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

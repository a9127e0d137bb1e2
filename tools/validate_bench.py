#!/usr/bin/env python3
"""Time `cardspec validate` and `cardspec rules` on specs with many option values and many contracts.

`validate` checks a spec once with its defaults and once again for each option value, and
compiles every contract; both must grow with the spec's size, not its square. Two specs are
written to a temporary folder: one with an option of N values (each changing a contract's score),
one with N contracts (every one played by the spec's own play). Each command runs in a fresh
process; the figure is its wall time, imports included.

    python tools/validate_bench.py [--options 250,500,1000] [--contracts 750,1500,3000]
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

HEAD = """\
game: Many
seats: [A, B, C, D]
pack:
  suits: [S, H, D, C]
  ranks: [A, K, Q, J, T, 9, 8, 7, 6, 5, 4, 3, 2]
phases:
  deal:
    hand_size: 13
  pick:
    kind: choose_contract
    by: dealer
  play:
  score:
match:
  deals: 8
"""


def with_option_values(n: int) -> str:
    values = "".join(f"      v{i}: {{contracts: {{c0: {{score: tricks_won + {i}}}}}}}\n" for i in range(n))
    return (HEAD + "options:\n  bonus:\n    description: a bonus\n    default: v0\n    choices:\n" + values
            + "contracts:\n  c0:\n    score: tricks_won\n  c1:\n    score: 0 - tricks_won\n")


def with_contracts(n: int) -> str:
    return HEAD + "contracts:\n" + "".join(f"  c{i}:\n    score: tricks_won * {i % 7 + 1}\n" for i in range(n))


def timed(*argv) -> float:
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "interpreter", *argv], cwd=ROOT, capture_output=True, text=True)
    seconds = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"`cardspec {' '.join(argv)}` failed:\n{done.stderr}")
    return seconds


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--options", default="250,500,1000", help="numbers of option values (comma-separated)")
    ap.add_argument("--contracts", default="750,1500,3000", help="numbers of contracts (comma-separated)")
    args = ap.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        print(f"{'spec':<24}{'validate s':>12}{'rules s':>10}")
        for kind, sizes, write in (("option values", args.options, with_option_values),
                                   ("contracts", args.contracts, with_contracts)):
            for n in (int(x) for x in sizes.split(",") if x.strip()):
                spec = Path(tmp) / f"{kind.replace(' ', '-')}-{n}.yaml"
                spec.write_text(write(n))
                print(f"{f'{n:,} {kind}':<24}{timed('validate', spec):>12.2f}{timed('rules', spec):>10.2f}",
                      flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

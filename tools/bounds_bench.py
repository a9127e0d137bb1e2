#!/usr/bin/env python3
"""Time and memory of `cardspec validate` on specs with N invalid ranks, to show it is linear.

The spec is the shipped `specs/barbu/barbu.yaml` with its ranks replaced by N words that
are not ranks (`X0`, `X1`, ...), or by words and numbers in turn (`0, X1, 2, X3`, which
once made the check of repeated entries compare every pair), written to a temporary folder. Each size runs in a fresh
process; the time is that of the validation, the peak memory that of the process.

    python tools/bounds_bench.py [--sizes 2500,5000,10000,20000]
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RANKS = "ranks: [A, K, Q, J, T, 9, 8, 7, 6, 5, 4, 3, 2]"

# run in the child: validate the spec; print the seconds it took (imports excluded) and
# the peak resident memory in kB
CHILD = """
import io, resource, sys, time
sys.path.insert(0, sys.argv[1])
from interpreter.cli import run
err = io.StringIO()
start = time.perf_counter()
code = run(["validate", sys.argv[2]], io.StringIO(), err)
seconds = time.perf_counter() - start
print(code, f"{seconds:.2f}", resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, err.getvalue().splitlines()[-2])
"""


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--sizes", default="2500,5000,10000,20000", help="numbers of invalid ranks, comma-separated")
    args = p.parse_args(argv)
    base = (ROOT / "specs" / "barbu" / "barbu.yaml").read_text(encoding="utf-8")
    print(f"{'bad ranks':>10} {'kind':>17} {'seconds':>8} {'peak MB':>8}  last line")
    kinds = {"words": lambda i: f"X{i}", "words and numbers": lambda i: f"X{i}" if i % 2 else str(i)}
    with tempfile.TemporaryDirectory() as tmp:
        for n, (kind, rank) in ((int(s), k) for s in args.sizes.split(",") for k in kinds.items()):
            spec = Path(tmp) / f"ranks{n}.yaml"
            spec.write_text(base.replace(RANKS, "ranks: [" + ", ".join(rank(i) for i in range(n)) + "]"), encoding="utf-8")
            done = subprocess.run([sys.executable, "-c", CHILD, str(ROOT), str(spec)],
                                  capture_output=True, text=True, check=True)
            code, seconds, kb, last = done.stdout.strip().split(" ", 3)
            print(f"{n:>10} {kind:>17} {float(seconds):>8.2f} {int(kb) / 1024:>8.0f}  {last} (exit {code})")
    return 0


if __name__ == "__main__":
    sys.exit(main())

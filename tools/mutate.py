#!/usr/bin/env python3
"""Mutation testing: how much of the interpreter's behaviour do the tests pin down?

For each module it makes small changes one at a time (a mutant) and runs the tests against
each; a mutant the tests fail on is killed, one they pass is a survivor: either a change
that does not alter behaviour (an equivalent mutant), or behaviour no test checks. The
mutations, chosen on the module's syntax tree:

- a comparison turned around (`==` / `!=`, `<` / `>=`, `>` / `<=`, `in` / `not in`, `is` / `is not`);
- `not x` read as `x`; `and` read as `or` and the reverse;
- a whole number off by one (`k` read as `k + 1`);
- `+` read as `-` and the reverse;
- a statement deleted (an assignment, a call, an augmented assignment, a `return x` read as `return None`).

The mutants of each module are drawn at random among all its sites, seeded by the seed and the
module's path (the same mutants whichever modules run with it, so a table can be run in parts). The tests run
in a copy of the repository, so the working tree is never touched; each run stops at the
first failure (`-x`), and a run that passes the time limit counts as killed (a mutant that
loops). Survivors are listed with their line and change, for a person to judge.

    python tools/mutate.py                                  # every module, 20 mutants each
    python tools/mutate.py interpreter/engine/state.py --mutants 60 --seed 2
    python tools/mutate.py interpreter/phases/tricks.py --tests tests/phases/test_trick_cascades.py tests/games/barbu/test_barbu.py
    python tools/mutate.py --table tools/mutation_table.txt      # each module with its own tests
    python tools/mutate.py --table tools/mutation_table.txt --again earlier.log   # its survivors only

Without `--tests`, every mutant runs the whole suite (stopping at its first failure, so a
killed mutant costs seconds and a survivor a full run); `--tests` narrows it for a quick look.
The figures in the README come from this tool with the whole suite.
"""

from __future__ import annotations

import argparse
import ast
import random
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
COPIED = ["interpreter", "grammar", "specs", "tests", "pyproject.toml", "docs", "tools", "README.md"]

SWAP_COMPARE = {ast.Eq: ast.NotEq, ast.NotEq: ast.Eq, ast.Lt: ast.GtE, ast.GtE: ast.Lt, ast.Gt: ast.LtE,
                ast.LtE: ast.Gt, ast.In: ast.NotIn, ast.NotIn: ast.In, ast.Is: ast.IsNot, ast.IsNot: ast.Is}
SWAP_BINARY = {ast.Add: ast.Sub, ast.Sub: ast.Add}
SWAP_BOOL = {ast.And: ast.Or, ast.Or: ast.And}


@dataclass(frozen=True)
class Site:
    """One place a module can be changed: the node's index in a walk of the tree, and what to do."""

    index: int
    line: int
    what: str


def sites(tree: ast.AST) -> list[Site]:
    """Every mutation site of a module, in the order of `ast.walk`."""
    out = []
    for k, node in enumerate(ast.walk(tree)):
        line = getattr(node, "lineno", 0)
        if isinstance(node, ast.Compare) and type(node.ops[0]) in SWAP_COMPARE:
            out.append(Site(k, line, f"{_op(node.ops[0])} -> {_op(SWAP_COMPARE[type(node.ops[0])]())}"))
        elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
            out.append(Site(k, line, "`not x` -> `x`"))
        elif isinstance(node, ast.BoolOp):
            out.append(Site(k, line, f"{_op(node.op)} -> {_op(SWAP_BOOL[type(node.op)]())}"))
        elif isinstance(node, ast.BinOp) and type(node.op) in SWAP_BINARY:
            out.append(Site(k, line, f"{_op(node.op)} -> {_op(SWAP_BINARY[type(node.op)]())}"))
        elif isinstance(node, ast.Constant) and type(node.value) is int:
            out.append(Site(k, line, f"{node.value} -> {node.value + 1}"))
        elif isinstance(node, (ast.Assign, ast.AugAssign, ast.AnnAssign, ast.Expr)) and not _docstring(node):
            out.append(Site(k, line, "statement deleted"))
        elif isinstance(node, ast.Return) and node.value is not None:
            out.append(Site(k, line, "`return x` -> `return None`"))
    return out


def _op(op) -> str:
    return {ast.Eq: "==", ast.NotEq: "!=", ast.Lt: "<", ast.GtE: ">=", ast.Gt: ">", ast.LtE: "<=",
            ast.In: "in", ast.NotIn: "not in", ast.Is: "is", ast.IsNot: "is not", ast.And: "and",
            ast.Or: "or", ast.Add: "+", ast.Sub: "-"}[type(op)]


def _docstring(node) -> bool:
    return isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str)


class _Mutator(ast.NodeTransformer):
    def __init__(self):
        self.nodes = {}  # id -> the node to change (one)

    def visit(self, node):
        target = self.nodes.get(id(node))
        node = self.generic_visit(node)
        if target is None:
            return node
        if isinstance(node, ast.Compare):
            node.ops[0] = SWAP_COMPARE[type(node.ops[0])]()
        elif isinstance(node, ast.UnaryOp):
            return node.operand
        elif isinstance(node, ast.BoolOp):
            node.op = SWAP_BOOL[type(node.op)]()
        elif isinstance(node, ast.BinOp):
            node.op = SWAP_BINARY[type(node.op)]()
        elif isinstance(node, ast.Constant):
            node.value += 1
        elif isinstance(node, ast.Return):
            node.value = None
        else:
            return ast.Pass()
        return node


def mutant_source(source: str, site: Site) -> str:
    """The module's source with the change at `site` made."""
    tree = ast.parse(source)
    mutator = _Mutator()
    for k, node in enumerate(ast.walk(tree)):
        if k == site.index:
            mutator.nodes[id(node)] = node
    return ast.unparse(ast.fix_missing_locations(mutator.visit(tree)))


def run_tests(copy: Path, tests: list[str], timeout: float) -> tuple[bool, float]:
    """Whether the tests pass in `copy`, and how long they took (a time-out counts as failing)."""
    start = time.perf_counter()
    try:
        done = subprocess.run([sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider", *tests],
                              cwd=copy, capture_output=True, timeout=timeout, env=_env(copy))
        ok = done.returncode == 0
    except subprocess.TimeoutExpired:
        ok = False
    return ok, time.perf_counter() - start


def _env(copy: Path) -> dict:
    import os

    env = dict(os.environ)
    env["PYTHONPATH"] = str(copy)
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    return env


def mutate_module(module: Path, copy: Path, count: int, rng: random.Random, stages: list[list[str]] | None,
                  out, only: set | None = None) -> tuple[int, int, list[tuple[Site, str]]]:
    """Killed and tried mutants of one module, and the survivors.

    `stages`: the tests, in stages: a mutant the first stage's tests pass is tried with the next
    stage's, and so on (a narrow selection first, which kills most mutants in seconds, then the
    wider tests only for the mutants it leaves). `only`: try only the drawn mutants whose (line,
    change) is in it (the survivors of an earlier run), the others counted as killed then."""
    rel = module.relative_to(ROOT)
    source = module.read_text(encoding="utf-8")
    all_sites = sites(ast.parse(source))
    chosen = sorted(rng.sample(all_sites, min(count, len(all_sites))), key=lambda s: s.line)
    stages = stages or [["tests"]]
    target = copy / rel
    timeouts: dict[int, float] = {}  # each stage's, from its run on the module unchanged, the first time it is needed

    def passes(k: int) -> bool:
        if k not in timeouts:
            target.write_text(source, encoding="utf-8")
            ok, baseline = run_tests(copy, stages[k], timeout=3600)
            if not ok:
                raise _Broken(" ".join(stages[k]))
            timeouts[k] = max(30.0, 3 * baseline)
            target.write_text(mutant_source(source, site), encoding="utf-8")
        return run_tests(copy, stages[k], timeouts[k])[0]

    killed, survivors = 0, []
    try:
        for site in chosen:
            if only is not None and (site.line, site.what) not in only:
                killed += 1  # (killed in the earlier run)
                continue
            target.write_text(mutant_source(source, site), encoding="utf-8")
            if all(passes(k) for k in range(len(stages))):
                survivors.append((site, rel.as_posix()))
            else:
                killed += 1
    except _Broken as e:
        print(f"{rel}: the tests fail without any change; fix them first ({e})", file=out)
        return 0, 0, []
    finally:
        target.write_text(source, encoding="utf-8")
    return killed, len(chosen), survivors


class _Broken(Exception):
    """A stage's tests fail on the module unchanged."""


def earlier_survivors(log: Path) -> dict[str, set]:
    """The survivors an earlier run printed, by module: {module: {(line, change)}}; a module it
    printed with none has an empty set."""
    out: dict[str, set] = {}
    for line in log.read_text(encoding="utf-8").splitlines():
        if " mutants killed (" in line:
            out.setdefault(line.split(":", 1)[0], set())
        elif line.startswith("  survived: "):
            where, what = line.removeprefix("  survived: ").split(": ", 1)
            module, number = where.rsplit(":", 1)
            out.setdefault(module, set()).add((int(number), what))
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("modules", nargs="*", help="modules to mutate (default: every module of interpreter/)")
    ap.add_argument("--mutants", type=int, default=20, help="mutants per module (default 20)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--tests", nargs="+", default=None, help="the tests to run (default: the whole suite)")
    ap.add_argument("--table", default=None, metavar="FILE",
                    help="a file of `module: tests... | more tests...` lines (# comments): each module with its own "
                         "tests, in stages split by `|` (a mutant the first stage passes is tried with the next), "
                         "printed as a Markdown table at the end")
    ap.add_argument("--again", default=None, metavar="LOG",
                    help="an earlier run's output, same seed: try again only the mutants it says survived")
    args = ap.parse_args(argv)
    tests_of = {}
    if args.table:
        for line in Path(args.table).read_text(encoding="utf-8").splitlines():
            if line.strip() and not line.lstrip().startswith("#"):
                module, _, tests = line.partition(":")
                tests_of[(ROOT / module.strip()).resolve()] = [stage.split() for stage in tests.split("|")]
    before = earlier_survivors(Path(args.again)) if args.again else None
    modules = [Path(m).resolve() for m in args.modules] or list(tests_of) or sorted((ROOT / "interpreter").rglob("*.py"))
    rows = []
    with tempfile.TemporaryDirectory(prefix="cardspec-mutants-") as tmp:
        copy = Path(tmp)
        for name in COPIED:
            src = ROOT / name
            if src.is_dir():
                shutil.copytree(src, copy / name, ignore=shutil.ignore_patterns("__pycache__"))
            elif src.exists():
                shutil.copy2(src, copy / name)
        for module in modules:
            stages = tests_of.get(module, [args.tests] if args.tests else None)
            rel = module.relative_to(ROOT).as_posix()
            if before is not None and rel not in before:
                continue  # (the earlier run did not try it)
            rng = random.Random(f"{args.seed}:{rel}")  # (each module's mutants whatever else runs with it)
            only = before[rel] if before is not None else None
            killed, tried, survivors = mutate_module(module, copy, args.mutants, rng, stages, sys.stdout, only)
            tests = [t for stage in stages or [] for t in [*stage, "|"]][:-1]
            if tried:
                rows.append((rel, killed, tried, tests, [f"{w}:{s.line}: {s.what}" for s, w in survivors]))
                print(f"{rel}: {killed} of {tried} mutants killed ({100 * killed / tried:.0f}%)", flush=True)
            for site, where in survivors:
                print(f"  survived: {where}:{site.line}: {site.what}", flush=True)
    if rows:
        k, t = sum(r[1] for r in rows), sum(r[2] for r in rows)
        print(f"all: {k} of {t} mutants killed ({100 * k / t:.0f}%)")
    if args.table and rows:
        print("\n| module | killed | survivors | `--tests` |\n|---|---|---|---|")
        for rel, killed, tried, tests, survived in rows:
            lines = "; ".join(f"line {s.split(':')[1]}: {s.split(': ', 1)[1]}" for s in survived) or "-"
            print(f"| `{rel.removeprefix('interpreter/')}` | {killed} of {tried} | {lines} | `{' '.join(tests or [])}` |")
    return 0


if __name__ == "__main__":
    sys.exit(main())

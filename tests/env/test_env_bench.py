"""tools/env_bench.py runs every way it times and prints each figure with its ratio to the raw State."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

pytest.importorskip("pettingzoo")

ROOT = Path(__file__).resolve().parents[2]


def test_the_env_bench_prints_its_figures(capsys):
    spec = importlib.util.spec_from_file_location("env_bench_tool", ROOT / "tools" / "env_bench.py")
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    assert bench.main(["--steps", "300", "--rounds", "2", "--games", "3", "--workers", "2"]) == 0
    out = capsys.readouterr().out
    for way in ("raw", "pettingzoo", "pettingzoo, mask only", "raw x3", "batch x3", "batch x3, 2 workers"):
        assert out.count(f"\n  {way:<26} ") == 2  # (wall time, and processor time)
    assert "processor time (per core)" in out and out.count("/ raw") == 10 and "load average" in out

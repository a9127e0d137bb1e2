"""tools/env_bench.py runs every way it times and prints each figure with its ratio to the raw State."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

pytest.importorskip("pettingzoo")

ROOT = Path(__file__).resolve().parents[2]


def _tool():
    spec = importlib.util.spec_from_file_location("env_bench_tool", ROOT / "tools" / "env_bench.py")
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    return bench


def test_the_env_bench_prints_its_figures(capsys):
    bench = _tool()
    assert bench.main(["--steps", "300", "--rounds", "2", "--games", "3", "--workers", "2"]) == 0
    out = capsys.readouterr().out
    for way in ("raw", "pettingzoo", "pettingzoo, mask only", "raw x3", "batch x3", "batch x3, 2 workers"):
        assert out.count(f"\n  {way:<26} ") == 2  # (wall time, and processor time)
    assert "processor time (per core)" in out and out.count("/ raw") == 10 and "load average" in out


def test_the_ways_take_turns_a_block_at_a_time_to_their_steps_and_are_closed():
    """Within a round each way plays a block, then the next, until each has the steps asked (the last
    block short; a way whose steps come in lumps, as a batch's, may go past); every way is made and
    primed before any is timed, and closed at the end."""
    bench, log = _tool(), []

    def way(name, lump):
        def make(seed):
            log.append(("made", name, seed))
            try:
                k = yield
                while True:
                    done = -(-k // lump) * lump
                    log.append((name, k))
                    k = yield done, 0.001 * done, 0.002 * done
            finally:
                log.append(("closed", name))
        return make
    total = bench.timed_round({"a": way("a", 1), "b": way("b", 64)}, 7, 2500, 1000)
    assert log[:2] == [("made", "a", 7), ("made", "b", 7)]
    assert log[2:-2] == [("a", 1000), ("b", 1000), ("a", 1000), ("b", 1000), ("a", 500), ("b", 452)]
    assert sorted(log[-2:]) == [("closed", "a"), ("closed", "b")]
    assert total["a"] == (2500, pytest.approx(2.5), pytest.approx(5.0)) and total["b"][0] == 1024 + 1024 + 512


def test_another_game_is_named_by_its_spec_and_a_wrong_name_is_refused(capsys):
    bench = _tool()
    assert bench.main(["--spec", "bridge", "--steps", "200", "--rounds", "1", "--games", "0", "--workers", "0"]) == 0
    out = capsys.readouterr().out
    assert "Bridge" in out.split("random play")[0] and out.count("/ raw") == 4
    with pytest.raises(SystemExit) as e:
        bench.main(["--spec", "brige"])
    assert e.value.code == 2 and "bridge" in capsys.readouterr().err

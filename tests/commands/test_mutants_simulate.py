"""`simulate` behaviour that mutation testing found unchecked: the defaults written in the
JSON, how the seeds are cut into work, what the progress display is told, and the interval
of a comparison as the text report prints it."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path
from types import SimpleNamespace

from interpreter.cli import run
from interpreter.commands import simulate

SPECS = Path(__file__).resolve().parents[2] / "specs"
BARBU = SPECS / "barbu" / "barbu.yaml"
PARLETT = SPECS / "barbu" / "parlett.yaml"


def cli(*argv):
    out, err = io.StringIO(), io.StringIO()
    code = run([str(a) for a in argv], out, err)
    return code, out.getvalue(), err.getvalue()


def test_the_json_names_the_default_limit_of_deals():
    code, out, _ = cli("simulate", BARBU, "--games", 1, "--json")
    assert code == 0 and json.loads(out)["max_deals"] == 1000


def test_one_worker_takes_the_games_one_by_one_and_several_take_pieces():
    assert simulate._chunks(range(5, 9), SimpleNamespace(workers=1)) == \
        [(1, range(5, 6)), (2, range(6, 7)), (3, range(7, 8)), (4, range(8, 9))]
    assert simulate._chunks(range(1, 101), SimpleNamespace(workers=2)) == \
        [(k + 1, range(k + 1, k + 7)) for k in range(0, 96, 6)] + [(97, range(97, 101))]
    assert simulate._chunks(range(1, 4), SimpleNamespace(workers=2)) == \
        [(1, range(1, 2)), (2, range(2, 3)), (3, range(3, 4))]  # too few games to share: one a piece
    assert len(simulate._chunks(range(1, 101), SimpleNamespace(workers=1))) == 100


def test_the_progress_display_is_told_each_spec_and_every_deal(monkeypatch):
    told = []

    class Watched(simulate.Progress):
        def describe(self, text):
            told.append(text)

        def advance(self, counted=0):
            told.append(counted)
    monkeypatch.setattr(simulate, "Progress", Watched)
    code, _, err = cli("simulate", BARBU, "--against", PARLETT, "--games", 2)
    assert code == 0, err
    assert told == ["barbu", 28, 28, "parlett", 28, 28]  # a Barbu game is 28 deals


def test_the_text_comparison_prints_the_interval_of_the_json():
    code, out, _ = cli("simulate", BARBU, "--against", PARLETT, "--games", 3, "--json")
    paired = json.loads(out)["paired"]
    code, out, _ = cli("simulate", BARBU, "--against", PARLETT, "--games", 3)
    rows = re.findall(r"^([A-D]) .*\[(-?\d+\.\d\d), (-?\d+\.\d\d)\]$", out, re.M)
    assert rows == [(seat, f"{p['ci95'][0]:.2f}", f"{p['ci95'][1]:.2f}") for seat, p in paired.items()]
    assert all(low != high for _, low, high in rows)

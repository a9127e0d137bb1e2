"""Records written by `play` replay with `replay` to the same scores, for every shipped spec and
every value of each of its options, from the record alone (its `seed:` taken out): every card
dealt, cut or dealt again within a deal is written in the record. (`test_option_pairs` replays
the records of whole games, and of every pair of options, with their seed.)

The default suite plays the first 2 deals of one game per setting with random bots;
`CARDSPEC_REPLAY_DEALS=N` plays N deals (0: whole games) and `CARDSPEC_REPLAY_GAMES=N` N games.
"""

from __future__ import annotations

import io
import os
from pathlib import Path

import pytest
import yaml

from interpreter.cli import run
from interpreter.compile.game import load_game
from interpreter.core.errors import SpecErrors
from interpreter.load.pipeline import resolve
from tests.helpers import option_values, with_requirements

ROOT = Path(__file__).resolve().parents[2]
SPECS = sorted((ROOT / "specs").rglob("*.yaml"))
DEALS = int(os.environ.get("CARDSPEC_REPLAY_DEALS", "2"))
GAMES = int(os.environ.get("CARDSPEC_REPLAY_GAMES", "1"))


def settings():
    out = []
    for spec in SPECS:
        rel = spec.relative_to(ROOT / "specs").as_posix()
        out.append(pytest.param(spec, {}, id=f"{rel}:defaults"))
        for name, value in option_values(resolve(spec).data.get("options") or {}):
            out.append(pytest.param(spec, {name: value}, id=f"{rel}:{name}={value}"))
    return out


def cli(*argv) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = run([str(a) for a in argv], out, err)
    return code, out.getvalue(), err.getvalue()


@pytest.mark.parametrize("spec, chosen", settings())
def test_a_played_record_replays_to_its_scores_from_the_record_alone(spec, chosen, tmp_path):
    options = with_requirements(resolve(spec).data.get("options") or {}, chosen)
    try:
        n = load_game(spec, options=options).n
    except SpecErrors as e:  # a value that needs another the spec refuses: test_option_pairs checks these
        pytest.skip(e.errors[0].message)
    flags = [x for k, v in options.items() for x in ("--option", f"{k}={v}")]
    for seed in range(1, GAMES + 1):
        record = tmp_path / f"game{seed}.yaml"
        deals = ["--deals", DEALS] if DEALS else []
        code, _, err = cli("play", spec, "--seats", ",".join(["random"] * n), "--seed", seed, "--quiet",
                           "--record", record, *deals, *flags)
        assert code == 0, err
        data = yaml.safe_load(record.read_text())
        assert any(d.get("scores") for d in data["deals"])  # replay checks every recorded score
        del data["seed"]  # the record alone: every hand, talon, cut and redeal is in it
        alone = tmp_path / f"alone{seed}.yaml"
        alone.write_text(yaml.safe_dump(data, sort_keys=False))
        code, out, err = cli("replay", alone)
        assert code == 0, err
        assert "Total" in out or "total" in out


AUTOMATIC = """\
game: Every other deal played
seats: [X, Y, Z]
pack:
  suits: [S, H, D]
  ranks: [A, K, Q, J]
phases:
  deal:
  play:
    when: deal_number % 2 == 1
  score:
contracts:
  most:
    score: tricks_won + (if deal_number % 2 == 0 then 1 else 0)
match:
  deals: 4
"""


@pytest.mark.parametrize("seeded", [True, False])
def test_a_deal_that_asks_nobody_anything_is_recorded_and_replays(tmp_path, seeded):
    spec = tmp_path / "auto.yaml"
    spec.write_text(AUTOMATIC)
    record = tmp_path / "game.yaml"
    code, _, err = cli("play", spec, "--seats", "random,random,random", "--seed", 3, "--quiet", "--record", record)
    assert code == 0, err
    data = yaml.safe_load(record.read_text())
    assert [bool(d.get("actions")) for d in data["deals"]] == [True, False, True, False]
    if not seeded:
        del data["seed"]
    record.write_text(yaml.safe_dump(data, sort_keys=False))
    code, out, err = cli("replay", record)
    assert code == 0, err
    assert [line.split()[1] for line in out.splitlines() if line.startswith("Deal")] == ["1", "2", "3", "4"]
    # an action in a deal that asks nobody anything is refused at it
    data["deals"][1]["actions"] = ["X play AS"]
    record.write_text(yaml.safe_dump(data, sort_keys=False))
    code, _, err = cli("replay", record)
    assert code == 1 and "deal 2 asks nobody anything under the rules: it was over as it began" in err

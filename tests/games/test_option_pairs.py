"""Options combine: every option value alone and every pair of them, on every shipped spec.

Each setting is either played (random complete games with the invariants of
`helpers.checked_random_game`: legal list never empty, cards conserved, declared totals,
the record replays) or refused by the spec's own `requires`, with its message. Any other
error means the spec accepts a combination it cannot play: a combination the rules do not
define must be declared with `requires` (and listed in the spec's header comment).

The default suite plays one game per setting; `CARDSPEC_OPTION_GAMES=N` plays N.
"""

from __future__ import annotations

import itertools
import os
from pathlib import Path

import pytest

from interpreter.compile.game import load_game
from interpreter.core.errors import SpecErrors
from interpreter.load.pipeline import resolve
from tests.helpers import checked_random_game, option_values, with_requirements

ROOT = Path(__file__).resolve().parents[2]
SPECS = sorted((ROOT / "specs").rglob("*.yaml"))
GAMES = int(os.environ.get("CARDSPEC_OPTION_GAMES", "1"))


def settings():
    out = []
    for spec in SPECS:
        declared = resolve(spec).data.get("options") or {}
        single = option_values(declared)
        rel = spec.relative_to(ROOT / "specs").as_posix()
        for a in single:
            out.append(pytest.param(spec, dict([a]), id=f"{rel}:{a[0]}={a[1]}"))
        for a, b in itertools.combinations(single, 2):
            if a[0] != b[0]:
                out.append(pytest.param(spec, dict([a, b]), id=f"{rel}:{a[0]}={a[1]},{b[0]}={b[1]}"))
    return out


SETTINGS = settings()


def refused_by_requires(err) -> bool:
    return err.message.startswith("option `") and " needs `" in err.message


@pytest.mark.parametrize("spec, chosen", SETTINGS)
def test_each_option_and_each_pair_plays_or_is_refused_by_requires(spec, chosen, tmp_path):
    declared = resolve(spec).data.get("options") or {}
    options = with_requirements(declared, chosen)
    try:
        game = load_game(spec, options=options)
    except SpecErrors as e:
        assert all(refused_by_requires(err) for err in e.errors), \
            "; ".join(f"{err.line}:{err.column}: {err.message}" for err in e.errors)
        assert all(err.line for err in e.errors)  # placed at the `requires` that refuses it
        return
    for seed in range(GAMES):
        checked_random_game(game, seed, tmp_path / f"game{seed}.yaml", spec)


def test_every_spec_with_options_has_pairs():
    specs = {str(p.values[0]) for p in SETTINGS if len(p.values[1]) == 2}
    with_options = {str(s) for s in SPECS if len(option_values(resolve(s).data.get("options") or {})) >= 2}
    assert specs == with_options and len(with_options) >= 10


@pytest.mark.parametrize("spec, options", [
    ("back-alley/partnership.yaml", {"individual": "true", "bj_partner_free": "true"}),
    ("back-alley/partnership.yaml", {"individual": "true", "board_lead_team": "true"}),
    ("back-alley/partnership.yaml", {"individual": "true", "double_board_after": "true"}),
    ("back-alley/partnership.yaml", {"board_lead_team": "true", "double_board_after": "true"}),
    ("back-alley/partnership.yaml", {"players": "5", "individual": "true", "always13": "true"}),
])
def test_validate_refuses_each_combination_the_spec_declares_undefined(spec, options, capsys):
    from interpreter.cli import main

    args = ["validate", str(ROOT / "specs" / spec)]
    for k, v in options.items():
        args += ["--option", f"{k}={v}"]
    assert main(args) == 3
    err = capsys.readouterr().err
    assert "needs `" in err and ":" in err.split("\n")[0]

"""Every spec and option set: golden transcripts, and random games that keep every invariant."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from interpreter.compile.game import load_game
from tests.helpers import checked_random_game

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("playthrough", ROOT / "tools" / "playthrough.py")
playthrough = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(playthrough)
CONFIGS = playthrough.CONFIGS
IDS = [playthrough.name_of(s, o).removesuffix(".txt") for s, o in CONFIGS]


@pytest.mark.parametrize("spec, options", CONFIGS, ids=IDS)
def test_transcript_is_unchanged(spec, options):
    path = playthrough.OUT / playthrough.name_of(spec, options)
    assert path.exists(), f"no transcript {path.name}: run `python tools/playthrough.py`"
    assert playthrough.transcript(spec, options) == path.read_text(), \
        f"{path.name} changed: review `python tools/playthrough.py --check`, then regenerate"


def test_every_shipped_spec_has_a_transcript():
    shipped = {str(p.relative_to(ROOT / "specs")) for p in (ROOT / "specs").rglob("*.yaml")}
    assert shipped <= {s for s, _ in CONFIGS}


def test_every_option_value_has_a_transcript():
    from interpreter.load.pipeline import resolve

    covered = {(name, value) for _, options in CONFIGS for name, value in options.items()}
    for spec in {s for s, _ in CONFIGS}:
        for name, opt in (resolve(ROOT / "specs" / spec).data.get("options") or {}).items():
            default = playthrough_text(opt.get("default"))
            for value in opt["choices"]:
                if value != default:
                    assert (name, value) in covered, f"{spec}: no transcript with {name}={value}"


def playthrough_text(value):
    from interpreter.load.options import option_text

    return option_text(value)


@pytest.mark.parametrize("seed", [3, 17])
@pytest.mark.parametrize("spec, options", CONFIGS, ids=IDS)
def test_random_games_keep_the_invariants_and_replay(spec, options, seed, tmp_path):
    game = load_game(ROOT / "specs" / spec, options=options)
    checked_random_game(game, seed, tmp_path / "game.yaml", ROOT / "specs" / spec)


def test_the_names_reference_is_up_to_date():
    """docs/names.md is generated from the engine's descriptions of its names."""
    import subprocess
    import sys

    done = subprocess.run([sys.executable, str(ROOT / "tools" / "names_doc.py"), "--check"], capture_output=True,
                          text=True)
    assert done.returncode == 0, done.stderr

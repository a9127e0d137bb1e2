"""Every spec and option set: golden transcripts, and random games that keep every invariant."""

from __future__ import annotations

import importlib.util
import random
from pathlib import Path

import pytest

from interpreter.errors import GameError
from interpreter.game import load_game
from interpreter.records import dump, record_of, replay

ROOT = Path(__file__).resolve().parent.parent
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
    from interpreter.overlays import resolve

    covered = {(name, value) for _, options in CONFIGS for name, value in options.items()}
    for spec in {s for s, _ in CONFIGS}:
        for name, opt in (resolve(ROOT / "specs" / spec).data.get("options") or {}).items():
            default = playthrough_text(opt.get("default"))
            for value in opt["choices"]:
                if value != default:
                    assert (name, value) in covered, f"{spec}: no transcript with {name}={value}"


def playthrough_text(value):
    from interpreter.overlays import option_text

    return option_text(value)


def everything(state):
    return sorted([c for h in state.hands for c in h] + [c for w in state.won for c in w]
                  + state.trick_cards + state.laid + state.talon + [c for d in state.discards for c in d]
                  + state.out_of_play + ([state.turn_up] if state.turn_up is not None and state.deal.cut is None else []))


@pytest.mark.parametrize("seed", [3, 17])
@pytest.mark.parametrize("spec, options", CONFIGS, ids=IDS)
def test_random_games_keep_the_invariants_and_replay(spec, options, seed, tmp_path):
    game = load_game(ROOT / "specs" / spec, options=options)
    rng = random.Random(seed)
    state = game.new_state(seed)
    pack = list(range(len(game.pack)))
    steps = 0
    try:
        while not state.is_terminal:
            legal = state.legal_actions()
            assert legal, f"no legal action in deal {state.deal_number}, phase {state.phase.name}"
            assert everything(state) == pack
            state.apply(legal[rng.randrange(len(legal))])
            steps += 1
            assert steps < 20_000
    except GameError as e:  # a broken declared total, found by the engine
        pytest.fail(e.message)
    if game.ends_when is None:
        assert len([d for d in state.deals if not d.void]) == game.deals(state)  # void deals do not count
    else:
        assert game.ends_when(state)
    for d in state.deals:
        total = game.contracts[d.contract].total
        try:
            want = total(None) if total is not None else None
        except AttributeError:  # a total that depends on the deal: the engine checked it as the deal was scored
            want = None
        if want is not None and not d.void:
            assert sum(d.raw) == want
    path = tmp_path / "game.yaml"
    dump(record_of(state, str(ROOT / "specs" / spec)), path)
    again = replay(path).state
    assert [d.scores for d in again.deals] == [d.scores for d in state.deals]
    assert again.totals == state.totals


def test_the_names_reference_is_up_to_date():
    """docs/names.md is generated from the engine's descriptions of its names."""
    import subprocess
    import sys

    done = subprocess.run([sys.executable, str(ROOT / "tools" / "names_doc.py"), "--check"], capture_output=True,
                          text=True)
    assert done.returncode == 0, done.stderr

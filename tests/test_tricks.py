"""The trick phase's closure for common cascades gives exactly what the general cascade gives."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from interpreter.game import load_game, spec_files
from interpreter.phases.tricks import Tricks

ROOT = Path(__file__).resolve().parent.parent
SPECS = [p for p in spec_files([ROOT / "specs"])]


@pytest.mark.parametrize("path", SPECS, ids=lambda p: p.stem)
def test_fast_cascade_agrees_with_the_general_one(path):
    game = load_game(path)
    compared = 0
    for seed in range(6):
        rng = random.Random(seed)
        st = game.new_state(seed)
        for _ in range(400):
            if st.terminal:
                break
            ph = st.phase
            if isinstance(ph, Tricks) and ph.fast is not None:  # the closure took this cascade
                assert ph.fast(st) == Tricks.legal(ph, st), st.hands[st.to_play]
                compared += 1
            st.apply(rng.choice(st.legal_actions()))
    if not compared:
        pytest.skip("no trick phase of this game takes the closure")

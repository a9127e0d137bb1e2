"""The trick phase's closure for common cascades gives exactly what the general cascade gives."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from interpreter.compile.game import load_game
from interpreter.load.files import spec_files
from interpreter.phases.tricks import Tricks

ROOT = Path(__file__).resolve().parents[2]
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


def test_played_by_follows_each_card_and_never_reads_another_state():
    """`played_by` keeps each seat's cards for one moment of one state: a card played, a new
    trick or a clone that plays otherwise each get their own."""
    import random as _random

    from interpreter.compile.game import load_game
    from interpreter.compile.scope import _played_by

    state = load_game(ROOT / "specs" / "barbu" / "barbu.yaml").new_state(5)
    rng = _random.Random(5)
    while state.phase.kind != "tricks":
        state.apply(rng.choice(state.legal_actions()))
    for _ in range(6):  # into the second trick
        state.apply(rng.choice(state.legal_actions()))
    p = state.current
    before = list(_played_by(state, p))
    assert len(before) == 1
    other = state.clone()
    mine, theirs = state.legal_actions()[0], other.legal_actions()[-1]
    assert mine != theirs
    state.apply(mine)
    other.apply(theirs)
    assert _played_by(state, p) == before + [mine] and _played_by(other, p) == before + [theirs]
    state.apply(state.legal_actions()[0])  # the trick ends: its cards stay each seat's
    assert not state.trick_cards and len(state.tricks) == 2
    assert _played_by(state, p) == before + [mine]
    assert [c for t in state.tricks for s, c in zip(t.seats, t.cards) if s == p] == before + [mine]

"""Observations and actions of a pack with two copies of each card: a card's place counts the copies
there (2 for a card held twice), the kept-up rows are the reference's, one action id plays either
copy, and OpenSpiel deals each card as likely as the copies of it left."""

from __future__ import annotations

import random

import pytest

np = pytest.importorskip("numpy")

from interpreter.compile.game import load_game  # noqa: E402
from interpreter.env.encoding import ActionSpace, Observer, Table, observation  # noqa: E402
from interpreter.env.incremental import Encoder  # noqa: E402
from tests.helpers import DOUBLE_PACK  # noqa: E402


def test_a_card_held_twice_reads_2_and_the_kept_rows_are_the_reference():
    g = load_game("d.yaml", text=DOUBLE_PACK)
    space = ActionSpace(g)
    observer = Observer(g, space)
    assert sum(name.startswith("play ") for name in space.names) == 24  # one id a card, whichever copy
    twice = 0
    for seed in range(3):
        table, rng = Table(space, g.new_state(seed)), random.Random(seed)
        encoder = Encoder(observer)
        while not table.state.is_terminal:
            st = table.state
            for seat in range(4):
                x, _ = observation(observer, table, seat)
                assert np.array_equal(encoder.observe(table, seat), x)
                hand = x[observer.start["hand"]:observer.start["hand"] + 24]
                assert [int(v) for v in hand] == [st.hands[seat].count(c) for c in range(24)]
                twice += int((hand == 2).sum())
            ids = table.legal_ids()
            assert len(ids) == len(set(ids)) == len(st.legal_actions())
            table.apply_id(rng.choice(ids))
    assert twice


def test_openspiel_deals_each_card_as_likely_as_its_copies_left(tmp_path):
    pyspiel = pytest.importorskip("pyspiel")
    from interpreter.env.openspiel import SHORT_NAME

    (tmp_path / "d.yaml").write_text(DOUBLE_PACK)
    game = pyspiel.load_game(SHORT_NAME, {"spec": str(tmp_path / "d.yaml")})
    state = game.new_initial_state()
    if len(state.chance_outcomes()) == 4:  # the first dealer, drawn
        state.apply_action(0)
    outcomes = dict(state.chance_outcomes())
    assert len(outcomes) == 24 and all(p == pytest.approx(1 / 24) for p in outcomes.values())
    state.apply_action(5)
    outcomes = dict(state.chance_outcomes())
    assert outcomes[5] == pytest.approx(1 / 47) and outcomes[4] == pytest.approx(2 / 47)
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)

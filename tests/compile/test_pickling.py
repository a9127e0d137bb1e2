"""A compiled game crosses a process boundary as its source: it pickles as its spec, is compiled
again only once per process, and the copy plays the same game."""

from __future__ import annotations

import pickle

from tests.phases.table import game

BASE = """
phases:
  deal: {hand_size: 4}
  score:
contracts:
  game:
    score: deal_number
"""


def test_a_game_pickles_as_its_source_and_is_compiled_once_per_process():
    g = game(BASE + "match: {deals: 2}\n")
    again = pickle.loads(pickle.dumps(g))
    assert again is not g and again.name == "T" and again.n == 3
    assert pickle.loads(pickle.dumps(g)) is again  # the same source: the game already compiled
    st = again.new_state(1)
    assert st.is_terminal and st.totals == [3, 3, 3]  # deals 1 and 2, each scoring its number


def test_a_pickled_state_is_the_same_game_after_its_spec_and_its_base_change_or_vanish(tmp_path):
    """A variant and its base on disk; a state pickled mid-game; then both files rewritten (the base's
    scores doubled) and the variant deleted: the state unpickles to the same game, and the same moves
    give the same totals as the state never pickled."""
    import random
    import shutil
    from pathlib import Path

    from interpreter.compile.game import _game_of, load_game

    specs = Path(__file__).resolve().parents[2] / "specs" / "barbu"
    shutil.copy(specs / "barbu.yaml", tmp_path / "barbu.yaml")
    (tmp_path / "mine.yaml").write_text("extends: barbu.yaml\ntitle: Mine\n")
    state = load_game(tmp_path / "mine.yaml").new_state(7)
    rng = random.Random(7)
    for _ in range(30):
        state.apply(rng.choice(state.legal_actions()))
    frozen = pickle.dumps(state)

    base = (tmp_path / "barbu.yaml").read_text()
    (tmp_path / "barbu.yaml").write_text(base.replace("score: -2 * tricks_won", "score: -4 * tricks_won"))
    (tmp_path / "mine.yaml").unlink()
    _game_of.cache_clear()  # as in a new process
    thawed = pickle.loads(frozen)
    assert thawed.game.title == "Mine"
    for st in (state, thawed):
        play = random.Random(8)
        st.playout(lambda legal: play.choice(legal), whole_game=True)
    assert thawed.totals == state.totals and [d.scores for d in thawed.deals] == [d.scores for d in state.deals]

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

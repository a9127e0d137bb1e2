"""Search bots' behaviour that mutation testing found unchecked: a budget's running rule, and
the exact choices of seeded searches (the same seed gives the same choice, so a change to the
tree policy, the playouts or the outcomes shows as another choice)."""

from __future__ import annotations

import random
import time
from pathlib import Path

import pytest

from interpreter.compile.game import load_game
from interpreter.players.agents import make_agent
from interpreter.players.search import Budget

SPECS = Path(__file__).resolve().parents[2] / "specs"


def decisions(game, seed, count):
    """The first `count` positions of a random game where a card is chosen among several."""
    rng = random.Random(seed)
    st, out = game.new_state(seed), []
    while len(out) < count and not st.is_terminal:
        legal = st.legal_actions()
        if len(legal) > 1 and st.phase.kind == "tricks":
            out.append(st.clone())
        st.apply(legal[rng.randrange(len(legal))])
    return out


@pytest.mark.parametrize("name, kind, chosen", [
    ("klaberjass/klaberjass", "ismcts:30", ["play AC", "play TC", "play TC", "play AC"]),
    ("klaberjass/klaberjass", "pimc:2", ["play 8D", "play TC", "play TH", "play KC"]),
    ("barbu/barbu", "ismcts:30", ["play JC", "play 3S", "play QS", "play JS"]),
    ("barbu/barbu", "pimc:2", ["play 5D", "play JS", "play QS", "play QC"]),
])
def test_seeded_searches_choose_exactly_so(name, kind, chosen):
    game = load_game(SPECS / f"{name}.yaml")
    assert [make_agent(kind, seed=1).choose(st, st.current_player, st.legal_actions()).name
            for st in decisions(game, 5, 4)] == chosen


@pytest.mark.parametrize("kind", ["ismcts:30", "pimc:2"])
def test_a_single_choice_is_taken_without_searching(kind):
    game = load_game(SPECS / "barbu" / "barbu.yaml")
    st = decisions(game, 5, 1)[0]
    only = st.legal_actions()[:1]
    assert make_agent(kind, seed=1).choose(st, st.current_player, only) is only[0]


def test_a_time_budget_runs_once_at_least_and_then_until_its_time_is_spent():
    budget, now = Budget("5s"), time.perf_counter()
    assert budget.running(now - 60, 0)  # the first iteration, however late
    assert budget.running(now, 3)  # five seconds are not spent yet
    assert not budget.running(now - 6, 3)
    assert Budget("3").running(now - 60, 2) and not Budget("3").running(now, 3)
    assert (Budget("5s").text, Budget("3").text) == ("5s", "3")  # as given, to name it again

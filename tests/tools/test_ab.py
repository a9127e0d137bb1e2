"""tools/ab.py: a revision's interpreter beside this tree's, in one process, their games alternated."""

from __future__ import annotations

import random

import pytest

from interpreter.compile.game import load_game
from tests.tools import ROOT, tool

KLABERJASS = ROOT / "specs" / "klaberjass" / "klaberjass.yaml"


@pytest.fixture(scope="module")
def ab():
    return tool("ab")


def test_the_two_trees_games_are_alternated_game_by_game(ab):
    """A game of the base, then games of ours until they have as many moves, and again; one untimed
    game of each first; both reach the moves asked."""
    played = []

    def play(game, seed, rng):
        played.append(game)
        return 1, 0.001, 100 if game == "base" else 40
    assert ab.paired("base", "ours", 5, moves=200, play=play) == (pytest.approx(1e-5), pytest.approx(2.5e-5))
    assert "".join("b" if g == "base" else "o" for g in played) == "bo" + "booo" + "boo"  # (120 >= 100, 200 >= 200)


def test_a_tree_is_imported_beside_this_one_and_plays_the_same_games(ab):
    """The second copy is another package (its own classes, its own generated code), and plays exactly
    what this tree plays from the same seed and choices."""
    other = ab.tree_loader(ROOT, "cardspec_ab_test_copy")(KLABERJASS)
    ours = load_game(KLABERJASS)
    assert type(other).__module__.startswith("cardspec_ab_test_copy.") and type(other) is not type(ours)
    states = [other.new_state(4), ours.new_state(4)]
    rngs = [random.Random(4), random.Random(4)]
    while not states[1].is_terminal:
        legal = [[a.name for a in s.legal_actions()] for s in states]
        assert legal[0] == legal[1]
        k = rngs[0].randrange(len(legal[0]))
        assert rngs[1].randrange(len(legal[1])) == k
        for s in states:
            s.apply(s.legal_actions()[k])
    assert states[0].is_terminal and states[0].totals == states[1].totals


def test_the_tool_compares_a_checkout_with_this_tree(ab, capsys):
    assert ab.main(["--base", str(ROOT), "--rounds", "2", "--moves", "200", "klaberjass/klaberjass.yaml"]) == 0
    out = capsys.readouterr().out
    line = next(x for x in out.splitlines() if "klaberjass/klaberjass.yaml" in x)
    assert "base" in line and "this tree" in line and " x" in line


def test_an_unknown_spec_is_refused_before_anything_runs(ab, capsys):
    with pytest.raises(SystemExit) as stop:
        ab.main(["HEAD", "nosuch/game.yaml"])
    assert stop.value.code == 2 and "no spec nosuch/game.yaml" in capsys.readouterr().err

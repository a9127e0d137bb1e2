"""`cardspec arena`: duplicate matches between bots, on every shipped spec."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from interpreter.compile.game import load_game
from interpreter.load import catalog
from interpreter.study.arena import play_board, summary
from tests.commands.test_cli import cli

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("name", sorted(catalog.games()))
def test_the_arena_runs_on_every_shipped_spec(name):
    game = load_game(catalog.games()[name])
    seats = ",".join(["first"] + ["random"] * (game.n - 1))
    code, out, err = cli("arena", name, "--seats", seats, "--deals", 2, "--seed", 3, "--json")
    assert code == 0, err
    doc = json.loads(out)
    assert doc["format"] == "cardspec-arena/1" and doc["boards"] == 2 and doc["deals_per_board"] == 1
    assert doc["deals"] == 2 * game.n  # each board's first deal, once per seat
    assert [row["bot"] for row in doc["bots"]] in (["first", "random"], ["random", "first"])
    assert [row["rank"] for row in doc["bots"]] == [1, 2]
    assert doc["bots"][0]["mean"] >= doc["bots"][1]["mean"]
    assert {row["bot"]: row["seats"] for row in doc["bots"]} == {"first": 1, "random": game.n - 1}


def test_every_seat_gets_every_hand():
    """The same bot in every seat plays the same game in every rotation: bot i's score in
    rotation r is the score of the seat it sits in, which the rotation moves round."""
    game = load_game(ROOT / "specs" / "barbu" / "barbu.yaml")
    rotations, deals = play_board(game, ["first"] * 4, 9, 1)
    order = game.turn_order
    seat_scores = {order[(i + 0) % 4]: rotations[0][i] for i in range(4)}
    for r, scores in enumerate(rotations):
        assert scores == [seat_scores[order[(i + r) % 4]] for i in range(4)]
    assert deals == 4 and len(set(seat_scores.values())) > 1


def test_a_bot_named_twice_is_one_bot_and_the_figures_add_up():
    boards = [[[1.0, 5.0, 1.0]] * 3, [[0.0, 3.0, 2.0], [2.0, 3.0, 0.0], [1.0, 3.0, 1.0]]]
    rows = summary(["x", "y", "x"], boards)
    assert [(r["bot"], r["rank"], r["seats"]) for r in rows] == [("y", 1, 1), ("x", 2, 2)]
    assert rows[0]["boards"] == [5.0, 3.0] and rows[1]["boards"] == [1.0, 1.0]
    assert rows[0]["mean"] == 4.0 and rows[0]["ahead_of_next"]["difference"] == 3.0
    low, high = rows[0]["ahead_of_next"]["ci95"]
    assert low == pytest.approx(3.0 - 12.706) and high == pytest.approx(3.0 + 12.706)


def test_whole_games_and_the_report():
    code, out, err = cli("arena", "klaberjass", "--seats", "first,random", "--deals", 2, "--whole")
    assert code == 0, err
    lines = out.splitlines()
    assert re.match(r"Klaberjass: 2 boards \(whole games, seeds 1..2\), each played 2 times with the bots moved "
                    r"round; (\d+) deals in \d+\.\d\d s$", lines[0])
    assert int(lines[0].split("; ")[1].split()[0]) > 4  # whole games: more than one deal a game
    assert lines[1].split() == ["bot", "per", "deal", "95%", "interval", "ahead", "of", "the", "next"]
    assert lines[2].startswith(" 1. ") and lines[3].startswith(" 2. ")
    assert lines[-1] == "(* the interval of the difference excludes 0)"


def test_the_figures_are_the_same_on_two_processes():
    argv = ["arena", "klaberjass", "--seats", "mc,random", "--deals", 3, "--json"]
    one, two = cli(*argv), cli(*argv, "--jobs", 2)
    assert one[0] == two[0] == 0
    a, b = json.loads(one[1]), json.loads(two[1])
    assert a["bots"] == b["bots"] and a["deals"] == b["deals"]


@pytest.mark.parametrize("argv, message", [
    (["--seats", "mc,random,random,random", "--deals", 1], "--deals must be at least 2 (a confidence interval needs two boards)"),
    (["--seats", "mc,random,random,random", "--jobs", -1], "--jobs must be 0 (one process per core) or more"),
    (["--seats", "mc,random"], "--seats needs 4 agents (one per seat), got 2"),
    (["--seats", "human,random,random,random"], "arena plays bots only; use `cardspec play` to play yourself"),
    (["--seats", "ismcts:0,random,random,random"],
     "agent `ismcts:0`: `0` is not a budget: give a number of iterations (500) or of seconds (1s)"),
    (["--seats", "mc:5,random,random,random"],
     "agent `mc` takes no budget (`mc:5`); only pimc and ismcts do, e.g. ismcts:500"),
    (["--seats", "robot,random,random,random"],
     "unknown agent `robot`; choose from human, random, first, mc, pimc, ismcts"),
])
def test_bad_command_lines(argv, message):
    code, out, err = cli("arena", "barbu", *argv)
    assert code == 2
    assert err.splitlines()[0] == f"cardspec arena: {message}"

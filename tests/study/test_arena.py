"""`cardspec arena`: duplicate matches between bots, on every shipped spec, with a board's scores,
the ranking, the document and the printed table checked against figures worked out by hand."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest

from interpreter.commands import arena as arena_command
from interpreter.commands.common import IO
from interpreter.compile.game import load_game
from interpreter.load import catalog
from interpreter.study.arena import document, play_board, summary
from tests.commands.test_cli import cli

ROOT = Path(__file__).resolve().parents[2]
SPECS = ROOT / "specs"


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


def test_a_board_of_one_deal_scores_each_bot_at_the_seat_it_played():
    game = load_game(SPECS / "barbu" / "barbu.yaml")
    st = game.new_state(4)
    while st.deal_number == 1:
        st.apply(st.legal_actions()[0])
    scores = st.deals[0].scores  # the first deal, every seat taking its first legal choice
    rotations, deals = play_board(game, ["first"] * 4, 4, 1)
    assert deals == 4  # one deal per rotation
    order = game.turn_order
    assert rotations == [[scores[order[(i + r) % 4]] for i in range(4)] for r in range(4)]


def test_a_bot_named_twice_is_one_bot_and_the_figures_add_up():
    boards = [[[1.0, 5.0, 1.0]] * 3, [[0.0, 3.0, 2.0], [2.0, 3.0, 0.0], [1.0, 3.0, 1.0]]]
    rows = summary(["x", "y", "x"], boards)
    assert [(r["bot"], r["rank"], r["seats"]) for r in rows] == [("y", 1, 1), ("x", 2, 2)]
    assert rows[0]["boards"] == [5.0, 3.0] and rows[1]["boards"] == [1.0, 1.0]
    assert rows[0]["mean"] == 4.0 and rows[0]["ahead_of_next"]["difference"] == 3.0
    low, high = rows[0]["ahead_of_next"]["ci95"]
    assert low == pytest.approx(3.0 - 12.706) and high == pytest.approx(3.0 + 12.706)


def test_bots_ranked_over_boards_given_by_hand():
    kinds = ["b", "a", "b", "c"]  # b plays two seats: its figure is their mean
    boards = [[[1, 4, 3, 0], [2, 5, 0, 0]], [[0, 1, 2, -3], [4, 3, 2, 1]]]
    # per board: a 4.5 and 2; b (1+3+2+0)/4 = 1.5 and (0+2+4+2)/4 = 2; c 0 and -1
    rows = summary(kinds, boards)
    assert [(r["bot"], r["rank"], r["seats"], r["mean"]) for r in rows] == \
        [("a", 1, 1, 3.25), ("b", 2, 2, 1.75), ("c", 3, 1, -0.5)]
    assert rows[0]["boards"] == [4.5, 2] and rows[1]["boards"] == [1.5, 2]
    assert rows[0]["ahead_of_next"]["bot"] == "b" and rows[0]["ahead_of_next"]["difference"] == 1.5
    assert rows[1]["ahead_of_next"]["bot"] == "c" and rows[1]["ahead_of_next"]["difference"] == 2.25
    assert "ahead_of_next" not in rows[2]
    low, high = rows[0]["ahead_of_next"]["ci95"]
    assert (low + high) / 2 == pytest.approx(1.5) and high - low == pytest.approx(2 * 12.706 * 1.5)  # differences 3 and 0: stdev 1.5 * 2 ** 0.5


def test_the_document_rounds_the_time_and_gives_each_boards_scores_in_seed_order():
    game = load_game(SPECS / "barbu" / "barbu.yaml")
    rows = summary(["x", "y"], [[[1, 0]], [[3, 0]]])
    doc = document("s.yaml", game, ["x", "y"], 7, 2, 1, rows, 8, 1.23456)
    assert (doc["format"], doc["seconds"], doc["deals"], doc["boards"], doc["seed"], doc["board_seeds"]) == \
        ("cardspec-arena/1", 1.235, 8, 2, 7, [7, 8])
    assert [sorted(b) for b in doc["bots"]] == [["ahead_of_next", "bot", "ci95", "mean", "per_board", "rank", "seats"],
                                                ["bot", "ci95", "mean", "per_board", "rank", "seats"]]
    assert [b["per_board"] for b in doc["bots"]] == [[1, 3], [0, 0]]


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


def test_the_table_prints_each_interval_and_stars_the_differences_that_exclude_0():
    game = load_game(SPECS / "barbu" / "barbu.yaml")
    bots = [{"bot": "ismcts", "rank": 1, "seats": 1, "mean": 3.0, "ci95": [1.0, 5.0],
             "ahead_of_next": {"bot": "mc", "difference": 1.5, "ci95": [0.5, 2.5]}},
            {"bot": "mc", "rank": 2, "seats": 1, "mean": 1.5, "ci95": [-1.0, 4.0],
             "ahead_of_next": {"bot": "random", "difference": 0.5, "ci95": [-0.25, 1.25]}},
            {"bot": "random", "rank": 3, "seats": 2, "mean": 1.0, "ci95": [-2.0, 4.0]}]
    doc = {"boards": 2, "seed": 5, "deals_per_board": 1, "deals": 8, "seconds": 1.5, "bots": bots}
    out = io.StringIO()
    arena_command._report(IO(out, io.StringIO(), None), game, doc)
    assert out.getvalue().split("\n") == [
        "Barbu (Blue Club rules): 2 boards (first deals, seeds 5..6), each played 4 times with the bots moved "
        "round; 8 deals in 1.50 s",
        "    bot      per deal  95% interval         ahead of the next",
        " 1. ismcts       3.00  [   +1.00,    +5.00]  +1.50 [+0.50, +2.50] *",
        " 2. mc           1.50  [   -1.00,    +4.00]  +0.50 [-0.25, +1.25]",
        " 3. random       1.00  [   -2.00,    +4.00]  ",
        "(* the interval of the difference excludes 0)", ""]


def test_the_figures_are_the_same_on_two_processes():
    argv = ["arena", "klaberjass", "--seats", "mc,random", "--deals", 3, "--json"]
    one, two = cli(*argv), cli(*argv, "--jobs", 2)
    assert one[0] == two[0] == 0
    a, b = json.loads(one[1]), json.loads(two[1])
    assert a["bots"] == b["bots"] and a["deals"] == b["deals"]


def test_the_arena_runs_in_this_process_by_default_and_on_every_core_with_jobs_0(monkeypatch):
    used = []
    real = arena_command.runner

    def watched(backend, jobs, **kw):
        used.append((backend, jobs))
        return real(backend, 1, **kw)
    monkeypatch.setattr(arena_command, "runner", watched)
    for extra in ([], ["--jobs", 0]):
        code, _, err = cli("arena", "barbu", "--seats", "first,first,random,random", "--deals", 2, *extra)
        assert code == 0, err
    assert used == [("local", 1), ("local", 0)]


def test_a_board_that_breaks_its_declared_total_is_placed_at_the_total_and_exits_3(tmp_path):
    spec = tmp_path / "broken.yaml"
    spec.write_text(f"extends: {SPECS / 'barbu' / 'barbu.yaml'}\ntitle: Barbu with a wrong total\n"
                    "contracts:\n  no_tricks:\n    total: -12\n")
    code, out, err = cli("arena", spec, "--seats", "first,first,first,first", "--deals", 2)
    assert (code, out) == (3, "")
    assert err.splitlines()[0] == (f"{spec}:5:5: the raw scores of No Tricks -2 -20 0 -4 sum to -26, but the "
                                   "contract declares a total of -12 (deal 1, as it is scored; seed 1)")


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
     "unknown agent `robot`; choose from human, random, first, mc, pimc, ismcts, or a bot of your own: "
     "`file.py:Class` or `module:Class`"),
])
def test_bad_command_lines(argv, message):
    code, out, err = cli("arena", "barbu", *argv)
    assert code == 2
    assert err.splitlines()[0] == f"cardspec arena: {message}"

"""Arena figures that mutation testing found unchecked: a board's scores per rotation checked
against the game played by hand, and the ranking of bots over boards given by hand."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from interpreter.cli import run
from interpreter.commands import arena as arena_command
from interpreter.commands.common import IO
from interpreter.compile.game import load_game
from interpreter.study.arena import document, play_board, summary

SPECS = Path(__file__).resolve().parents[2] / "specs"


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


def test_the_document_rounds_the_time_and_leaves_the_boards_out():
    game = load_game(SPECS / "barbu" / "barbu.yaml")
    rows = summary(["x", "y"], [[[1, 0]], [[3, 0]]])
    doc = document("s.yaml", game, ["x", "y"], 7, 2, 1, rows, 8, 1.23456)
    assert (doc["format"], doc["seconds"], doc["deals"], doc["boards"], doc["seed"]) == \
        ("cardspec-arena/1", 1.235, 8, 2, 7)
    assert [sorted(b) for b in doc["bots"]] == [["ahead_of_next", "bot", "ci95", "mean", "rank", "seats"],
                                                ["bot", "ci95", "mean", "rank", "seats"]]


def cli(*argv):
    out, err = io.StringIO(), io.StringIO()
    code = run([str(a) for a in argv], out, err)
    return code, out.getvalue(), err.getvalue()


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


def test_a_board_that_breaks_its_declared_total_is_named_and_exits_1(tmp_path):
    spec = tmp_path / "broken.yaml"
    spec.write_text(f"extends: {SPECS / 'barbu' / 'barbu.yaml'}\ntitle: Barbu with a wrong total\n"
                    "contracts:\n  no_tricks:\n    total: -12\n")
    code, out, err = cli("arena", spec, "--seats", "first,first,first,first", "--deals", 2)
    assert (code, out) == (1, "")
    assert err == ("cardspec arena: board 1 (seed 1): deal 1 (No Tricks): the raw scores -2 -20 0 -4 sum to -26, "
                   "but the contract declares a total of -12\n")


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

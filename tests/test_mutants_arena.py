"""Arena figures that mutation testing found unchecked: a board's scores per rotation checked
against the game played by hand, and the ranking of bots over boards given by hand."""

from __future__ import annotations

from pathlib import Path

import pytest

from interpreter.bots.arena import document, play_board, summary
from interpreter.game import load_game

SPECS = Path(__file__).resolve().parent.parent / "specs"


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

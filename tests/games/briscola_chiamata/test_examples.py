"""Briscola Chiamata: the worked examples of briscola-chiamata.md section 8, replayed from
hand-written records (tests/records/briscola_example*.yaml).

Each record is one complete deal; replay checks every action against the rules and the
recorded scores. Here the outcome is checked once more on its own terms: the declarer, the
called card and who held it, the card points of the declarer's side (counted from the
tricks with the table of section 1, not taken from the engine) and the game points.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from interpreter.record.replay import replay

RECORDS = Path(__file__).resolve().parents[2] / "records"
POINTS = {"A": 11, "3": 10, "K": 4, "Q": 3, "J": 2}  # 7 6 5 4 2 count nothing


def replayed(name):
    state = replay(RECORDS / name).state
    assert len(state.deals) >= 1
    return state, state.deals[0]


def card_points(name: str) -> int:
    return POINTS.get(name[:-1], 0)


def side_points(state, deal, side: set[str]) -> int:
    """The card points of the tricks won by the seats in `side`."""
    names, seats = state.game.pack.names, state.game.seat_names
    return sum(card_points(names[c]) for t in deal.tricks if seats[t.winner] in side for c in t.cards)


EXAMPLES = [
    # record, declarer, called card, its holder, the declarer's side, its card points, tricks, scores
    ("briscola_example1.yaml", "A", "5H", "D", {"A", "D"}, 87, 8,
     {"A": 2, "D": 1, "B": -1, "C": -1, "E": -1}),
    ("briscola_example2.yaml", "A", "KH", "C", {"A", "C"}, 67, 8,
     {"A": 2, "C": 1, "B": -1, "D": -1, "E": -1}),
    ("briscola_example3.yaml", "B", "2C", "B", {"B"}, 58, 8,
     {"B": -4, "A": 1, "C": 1, "D": 1, "E": 1}),
    ("briscola_example4.yaml", "D", "3S", "E", {"D", "E"}, 120, 8,
     {"D": 4, "E": 2, "A": -2, "B": -2, "C": -2}),
    ("briscola_example5.yaml", "C", "QD", "A", {"C", "A"}, 60, 8,
     {"C": -2, "A": -1, "B": 1, "D": 1, "E": 1}),
    ("briscola_example6.yaml", "B", "3C", "D", {"B", "D"}, 74, 10,
     {"B": 2, "D": 1, "A": -1, "C": -1}),
    ("briscola_example6_balanced.yaml", "B", "3C", "D", {"B", "D"}, 74, 10,
     {"B": 1, "D": 1, "A": -1, "C": -1}),
]


@pytest.mark.parametrize("name, declarer, called, holder, side, points, tricks, scores", EXAMPLES,
                         ids=[e[0].removesuffix(".yaml") for e in EXAMPLES])
def test_worked_example(name, declarer, called, holder, side, points, tricks, scores):
    state, deal = replayed(name)
    g = state.game
    seats = list(g.seat_names)
    assert sorted(seats) == sorted(scores)
    assert seats[deal.declarer] == declarer
    card, held_by = deal.called
    assert g.pack.names[card] == called
    assert seats[held_by] == holder
    assert len(deal.tricks) == tricks
    assert sum(card_points(g.pack.names[c]) for t in deal.tricks for c in t.cards) == 120
    assert side_points(state, deal, side) == points
    assert deal.scores == [scores[s] for s in seats]


def test_example1_auction():
    """P1 "K", P2 "J", P3 pass, P4 "7", P5 pass, P1 "5", P2 pass, P4 pass: P1 declarer, 5H called."""
    state, deal = replayed("briscola_example1.yaml")
    seats = state.game.seat_names
    assert [(seats[p], call) for p, call in deal.calls] == [
        ("A", "bid K"), ("B", "bid J"), ("C", "pass"), ("D", "bid 7"), ("E", "pass"),
        ("A", "bid 5"), ("B", "pass"), ("D", "pass"),
    ]
    assert seats[deal.declarer] == "A"
    assert state.game.pack.names[deal.called[0]] == "5H"


def test_seat_order_and_dealers():
    """Five players: seats A E D C B clockwise, E deals and A (P1) leads; four: A D C B, D deals."""
    state, deal = replayed("briscola_example2.yaml")
    seats = state.game.seat_names
    assert list(seats) == ["A", "E", "D", "C", "B"]
    assert seats[deal.dealer] == "E"
    assert [seats[p] for p in deal.tricks[0].seats] == ["A", "B", "C", "D", "E"]
    state, deal = replayed("briscola_example6.yaml")
    seats = state.game.seat_names
    assert list(seats) == ["A", "D", "C", "B"]
    assert seats[deal.dealer] == "D"
    assert [seats[p] for p in deal.tricks[0].seats] == ["A", "B", "C", "D"]


def test_example4_is_a_slam_and_example5_one_short():
    state, deal = replayed("briscola_example4.yaml")
    seats = state.game.seat_names
    assert all(seats[t.winner] in {"D", "E"} for t in deal.tricks)
    state, deal = replayed("briscola_example5.yaml")
    seats = state.game.seat_names
    assert any(seats[t.winner] in {"A", "C"} for t in deal.tricks)
    assert side_points(state, deal, {"A", "C"}) == 60  # 61 would have made it


def test_alone_and_with_partner_sum():
    """Five players: every deal sums to 0; four players: +1 with the base table, 0 balanced."""
    for name, total in [("briscola_example1.yaml", 0), ("briscola_example3.yaml", 0),
                        ("briscola_example4.yaml", 0), ("briscola_example6.yaml", 1),
                        ("briscola_example6_balanced.yaml", 0)]:
        _, deal = replayed(name)
        assert sum(deal.scores) == total, name

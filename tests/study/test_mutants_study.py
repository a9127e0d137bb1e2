"""Study figures that mutation testing found unchecked: the t quantile beyond the table to its
last digits, and a study's summary of games given by hand, with every figure worked out."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from interpreter.compile.game import load_game
from interpreter.study import stats as study

SPECS = Path(__file__).resolve().parents[2] / "specs"


def test_the_t_quantile_beyond_the_table_is_exact_to_eleven_decimals():
    # Student's t, 0.975 quantile, 1000 degrees of freedom (exact value 1.9623390808264083):
    # the expansion is within 2e-12 of it; a coefficient off by one moves it by more than 8e-12
    assert study.t975(1000) == pytest.approx(1.9623390808264083, abs=4e-12)


def partnership_summary(seed, returns, deals, stopped=False):
    return study.GameSummary(seed, stopped, returns, {}, [("deal", declarer, scores, False, {})
                                                          for declarer, scores in deals], None)


def test_a_study_of_two_games_given_by_hand():
    game = load_game(SPECS / "back-alley" / "partnership.yaml")
    s = study.Study(game)
    s.add_summary(partnership_summary(5, [10, -10, 10, -10], [(0, [6, -6, 6, -6]), (1, [4, 0, 4, 2])]))
    s.add_summary(partnership_summary(6, [-2, 2, -2, 2], [(2, [1, 2, 3, 6])], stopped=True))
    doc = s.summary()
    assert (doc["games"], doc["deals"], doc["seeds"]) == (2, 3, {"first": 5, "last": 6})
    assert doc["unfinished"] == {"count": 1, "seeds": [6]}
    north = doc["per_seat"]["N"]
    assert (north["mean"], north["min"], north["max"], north["wins"]) == (4, -2, 10, 1)
    assert north["stdev"] == pytest.approx(math.sqrt(72))
    assert [doc["per_seat"][seat]["wins"] for seat in "NESW"] == [1, 1, 1, 1]  # each game a tie of partners
    assert {name: (t["mean"], t["wins"]) for name, t in doc["per_team"].items()} == {"N+S": (4, 1), "E+W": (-4, 1)}
    # declarers: N 6, E 0, S 3; the others' means: (-6+6-6)/3, (4+4+2)/3, (1+2+6)/3
    assert doc["per_contract"]["deal"]["deals"] == 3
    assert doc["per_contract"]["deal"]["declarer_mean"] == pytest.approx(3)
    assert doc["per_contract"]["deal"]["others_mean"] == pytest.approx((-2 + 10 / 3 + 3) / 3)


def test_deal_statistics_count_among_the_deals_played_not_the_void_ones():
    game = load_game(SPECS / "klaberjass" / "klaberjass.yaml")
    s = study.Study(game)
    deals = [("deal", 0, [10, 0], False, {"maker bete": True, "maker equal": False}),
             ("deal", 1, [0, 10], False, {"maker bete": False, "maker equal": None}),
             (None, 0, [0, 0], True, {"maker bete": True, "maker equal": True})]  # void: not counted
    s.add_summary(study.GameSummary(1, False, [10, 10], {}, deals, None))
    doc = s.summary()
    assert doc["deal_statistics"] == {
        "maker bete": {"count": 1, "deals": 2, "among": "deals played"},
        "maker equal": {"count": 0, "deals": 1, "among": "deals played"}}
    assert doc["deals"] == 3 and doc["per_seat"]["A"]["wins"] == doc["per_seat"]["B"]["wins"] == 1

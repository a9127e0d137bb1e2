"""How `replay` checks a hand-built record: it replays to its scores (action lines written as
mappings and hands as lists too), an interrupted one to where it stopped; a missing or unknown
format, a first deal without its dealer, an illegal action (with its rule), a deal that stops
early and malformed redeals (a cut that is not a card among them) are refused at their place."""

from __future__ import annotations

import copy

import pytest
import yaml

from interpreter.record.replay import ReplayError, replay
from interpreter.record.write import record_of
from tests.phases.table import PACK
from tests.record.test_record_writing import (
    ACTIONS,
    EXCHANGE_THEN_TRICKS,
    exchange_game,
)


@pytest.fixture
def record(tmp_path):
    """The record of the exchange game (without its seed, so it holds every card), its spec beside it."""
    (tmp_path / "t.yaml").write_text(f"game: T\nseats: [X, Y, Z]\n{PACK}\n{EXCHANGE_THEN_TRICKS}")
    st = exchange_game()
    st.apply("play AD")
    data = record_of(st, "t.yaml")
    del data["seed"]
    return data


def replayed(tmp_path, data):
    path = tmp_path / "r.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False))
    return replay(path)


def refusal(tmp_path, data) -> tuple[str, int, int]:
    """(message, line, column) of the replay's refusal."""
    with pytest.raises(ReplayError) as e:
        replayed(tmp_path, data)
    return e.value.error.message, e.value.error.line, e.value.error.column


SCORED = ["Deal  1 X game                 X     2 (2)  Y     1 (1)  Z     0 (0)"]


def test_the_record_replays_and_so_do_mapping_lines_and_hands_as_lists(tmp_path, record):
    assert replayed(tmp_path, record).lines == SCORED
    mapped = copy.deepcopy(record)
    mapped["deals"][0]["actions"] = [{"Y": "discard AH"}, {"Y": "draw"}, *ACTIONS[1:]]
    assert replayed(tmp_path, mapped).lines == SCORED
    listed = copy.deepcopy(record)
    listed["deals"][0]["hands"] = {"X": ["AS", "KS", "QS"], "Y": ["JS", "AH", "KH"], "Z": ["QH", "JH", "AD"]}
    assert replayed(tmp_path, listed).lines == SCORED


def test_an_interrupted_record_replays_to_where_it_stopped(tmp_path, record):
    deal = record["deals"][0]
    deal["actions"] = ACTIONS[:3]
    del deal["raw"], deal["scores"], record["totals"]
    record["interrupted"] = True
    done = replayed(tmp_path, record)
    assert done.lines == ["Deal  1 unfinished (X to act)"]
    assert done.state.current_player == 0 and not done.state.is_terminal


def test_the_first_deal_without_a_dealer_or_seed_is_refused_at_that_deal(tmp_path, record):
    second = copy.deepcopy(record["deals"][0])
    second["deal"] = 2
    record["deals"].append(second)
    del record["deals"][0]["dealer"]
    assert refusal(tmp_path, record) == ("deal 1 needs a `dealer:` (or the record a `seed:`)", 5, 3)


def test_an_illegal_action_is_refused_with_its_rule_at_its_place(tmp_path, record):
    record["deals"][0]["actions"][1] = "Y play KH, Z play AD, X play AS"
    assert refusal(tmp_path, record) == (
        "illegal action `Z play AD` (rule `follow suit`): `play AD` breaks the rule `follow suit` (play a card "
        "of the suit led if you have one); you may play QH JH", 14, 16)


def test_a_record_without_a_format_is_refused(tmp_path, record):
    del record["format"]
    assert refusal(tmp_path, record) == ("a record needs `format: cardspec-record/1`", 1, 1)


def test_malformed_redeals_are_refused_at_their_place(tmp_path, record):
    bad = copy.deepcopy(record)
    bad["deals"][0]["redeals"] = "x"
    assert refusal(tmp_path, bad) == ("`redeals:` is a list of the pack's later deals in this deal, each with "
                                      "`hands:` (and `talon:`, `cut:`)", 25, 12)
    record["deals"][0]["redeals"] = [{"hands": {}, "colour": 1}]
    assert refusal(tmp_path, record) == (
        "unknown key `colour` in a redeal; a redeal has `hands`, `talon` or `cut`", 27, 5)


def test_a_deal_that_stops_before_its_end_is_refused_unless_the_record_is_interrupted(tmp_path, record):
    deal = record["deals"][0]
    deal["actions"] = ACTIONS[:3]
    del deal["raw"], deal["scores"], record["totals"]
    assert refusal(tmp_path, record) == (
        "deal 1 is not finished after its last action: X is to act in phase `play`", 5, 3)


def test_an_unknown_format_is_refused(tmp_path, record):
    record["format"] = "cardspec-record/2"
    assert refusal(tmp_path, record) == (
        "unknown record format `cardspec-record/2`; this version reads `cardspec-record/1`", 1, 9)


def test_a_redeal_cut_must_be_a_card(tmp_path, record):
    record["deals"][0]["redeals"] = [{"hands": {"X": "AS KS QS", "Y": "JS AH KH", "Z": "QH JH AD"}, "cut": ["AS"]}]
    assert refusal(tmp_path, record) == ("`cut:` is a card", 31, 5)


@pytest.mark.parametrize("with_raw", [True, False], ids=["with raw", "scores alone"])
def test_a_wrong_score_is_refused_whether_or_not_the_deal_has_a_raw_score(tmp_path, with_raw):
    """Barbu's first worked example with A's score of its first deal written wrong: replay refuses it
    at that score, also when the deal gives no `raw:` to check first."""
    from pathlib import Path

    example = Path(__file__).resolve().parents[1] / "records" / "barbu_example1.yaml"
    data = yaml.safe_load(example.read_text())
    data["spec"] = str(Path(__file__).resolve().parents[2] / "specs" / "barbu" / "barbu.yaml")
    if not with_raw:
        for deal in data["deals"]:
            del deal["raw"]
    data["deals"][0]["scores"]["A"] = -21
    message, line, column = refusal(tmp_path, data)
    assert message == "deal 1: the record says A scores -21, the rules give -20"

"""The record a game writes, field by field and line by line, for hand-built games: the options
that differ from their defaults, a redeal, the runs of an exchange and of a round of plays (a
pass among them), an interrupted game, and the file written as JSON or YAML."""

from __future__ import annotations

import json

import yaml

from interpreter.compile.game import load_game
from interpreter.record.write import dump, record_of
from tests.phases.table import PACK, X, Z, game, play, position
from tests.phases.test_layout import HANDS as LAYOUT_HANDS
from tests.phases.test_layout import spec as layout_spec

EXCHANGE_THEN_TRICKS = """
declarer: left(dealer)
phases:
  deal: {hand_size: 3}
  exchange: {min: 1, max: 2}
  play:
  score:
play: {leader: declarer, rules: [follow suit]}
play_rules:
  follow suit:
    description: play a card of the suit led if you have one
    when: not leading
    keep: card.suit == led_suit
contracts:
  game:
    score: tricks_won
match: {deals: 1}
options:
  doubled:
    description: two points a trick
    default: false
    choices:
      false: {}
      true: {contracts: {game: {score: 2 * tricks_won}}}
"""


def exchange_game(options=None):
    g = load_game("t.yaml", text=f"game: T\nseats: [X, Y, Z]\n{PACK}\n{EXCHANGE_THEN_TRICKS}", options=options)
    st = position(g, ["AS KS QS", "JS AH KH", "QH JH AD"], talon="KD QD JD", dealer=X)
    play(st, "discard AH", "draw", "play KH", "play QH", "play AS", "play JS", "play JH", "play KS", "play QS", "play KD")
    return st


ACTIONS = ["Y discard AH, Y draw", "Y play KH, Z play QH, X play AS", "Y play JS, Z play JH, X play KS",
           "X play QS, Y play KD, Z play AD"]


def test_the_record_of_a_game_with_an_exchange_and_tricks():
    st = exchange_game()
    st.apply("play AD")
    assert st.is_terminal
    assert record_of(st, "t.yaml", ["human", "random", "first"]) == {
        "format": "cardspec-record/1", "spec": "t.yaml", "game": "T", "seed": 1,
        "seats": {"X": "human", "Y": "random", "Z": "first"},
        "deals": [{"deal": 1, "dealer": "X", "hands": {"X": "AS KS QS", "Y": "JS AH KH", "Z": "QH JH AD"},
                   "talon": "KD QD JD", "actions": ACTIONS,
                   "raw": {"X": 2, "Y": 1, "Z": 0}, "scores": {"X": 2, "Y": 1, "Z": 0}}],
        "totals": {"X": 2, "Y": 1, "Z": 0}}


def test_only_options_that_differ_from_their_defaults_are_recorded():
    assert "options" not in record_of(exchange_game({"doubled": "false"}), "t.yaml")
    st = exchange_game({"doubled": "true"})
    st.apply("play AD")
    record = record_of(st, "t.yaml")
    assert record["options"] == {"doubled": "true"}
    assert record["totals"] == {"X": 4, "Y": 2, "Z": 0}


def test_an_interrupted_game_is_marked_and_has_no_totals():
    st = exchange_game()
    record = record_of(st, "t.yaml", interrupted=True)
    assert record["interrupted"] is True and "totals" not in record
    assert record["deals"][0]["actions"] == [*ACTIONS[:3], "X play QS, Y play KD"]  # a trick under way
    assert "scores" not in record["deals"][0]


def test_a_pass_in_a_round_of_plays_stays_in_its_line():
    st = position(layout_spec("{start: K, show_hand_on_pass: true, ends_when_out: 3}"), LAYOUT_HANDS, dealer=Z)
    play(st, "play KS", "play KH", "play QH", "play QS", "play AS", "play JS", "play AH", "pass", "play KD",
         "play JH", "play AD", "play QD", "play JD")
    assert record_of(st, "t.yaml")["deals"][0]["actions"] == [
        "X play KS, Y play KH, Z play QH", "X play QS, Y play AS, Z play JS", "X play AH, Y pass, Z play KD",
        "X play JH, Y play AD, Z play QD", "Y play JD"]


def test_a_second_deal_within_the_deal_is_recorded_as_a_redeal():
    g = game("""
phases:
  deal: {hand_size: 3}
  again:
    kind: deal
    hand_size: 4
  score:
contracts:
  game:
    score: count(c in hand where c.suit == S)
match: {deals: 1}
""")
    st = position(g, ["AS KS QS", "JS AH KH", "QH JH AD"], talon="KD QD JD", dealer=X)
    assert st.is_terminal
    [deal] = record_of(st, "t.yaml")["deals"]
    assert deal["hands"] == {"X": "AS KS QS", "Y": "JS AH KH", "Z": "QH JH AD"} and deal["talon"] == "KD QD JD"
    assert deal["redeals"] == [{"hands": {"X": "JS KH AD QD", "Y": "AS QS AH JD", "Z": "KS QH JH KD"}}]
    assert deal["scores"] == {"X": 1, "Y": 2, "Z": 1}


def test_a_record_is_written_as_json_or_yaml_into_new_folders(tmp_path):
    record = {"format": "cardspec-record/1", "totals": {"X": 1}}
    dump(record, tmp_path / "a" / "b" / "game.json")
    assert (tmp_path / "a" / "b" / "game.json").read_text() == json.dumps(record, indent=1) + "\n"
    dump(record, str(tmp_path / "c" / "game.yaml"))  # a path as text too
    text = (tmp_path / "c" / "game.yaml").read_text()
    assert text == "format: cardspec-record/1\ntotals:\n  X: 1\n" and yaml.safe_load(text) == record

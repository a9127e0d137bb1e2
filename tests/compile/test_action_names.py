"""No two actions a phase could offer share a name as players type them and records read them
(case-blind, `10H` = `TH`): `validate` refuses a spec that would make two alike, at the word
that made the second; and every name becomes an action through one function, `named`."""

from __future__ import annotations

import pytest

from interpreter.compile.game import load_game
from interpreter.core.actions import Action, named
from interpreter.core.errors import SpecErrors

SPEC = """\
game: Names
seats: [A, B, C, D]
pack:
  suits: [S, H, D, C]
  ranks: [A, K, Q, J, T, 9, 8, 7, 6, 5, 4, 3, 2]
phases:
  deal:
    hand_size: 13
  bid:
    kind: call
    numbers: {from: 1, to: 13}
    words:
      WORD: true
  pick:
    kind: choose_contract
    by: dealer
  play:
  score:
contracts:
  most:
    score: tricks_won
  OTHER:
    score: 0 - tricks_won
"""


def errors(tmp_path, word="board", other="least"):
    text = SPEC.replace("WORD", word).replace("OTHER", other)
    with pytest.raises(SpecErrors) as caught:
        load_game(tmp_path / "names.yaml", text=text)
    return [(e.line, e.column, e.message, e.hint) for e in caught.value.errors]


def test_distinct_names_compile(tmp_path):
    load_game(tmp_path / "names.yaml", text=SPEC.replace("WORD", "board").replace("OTHER", "least"))


def test_a_word_named_like_a_number_call_is_refused_at_the_word(tmp_path):
    assert errors(tmp_path, word="bid 3") == [
        (13, 7, "`bid 3` names two actions of phase `bid`: a player, a record or a learner could not tell them "
                "apart", "choose another name")]


def test_a_word_named_like_a_pass_is_refused(tmp_path):
    assert errors(tmp_path, word="Pass") == [
        (13, 7, "`Pass` and `pass` name two actions of phase `bid`, and names are read without regard to case: a "
                "player, a record or a learner could not tell them apart", "choose another name")]


def test_contracts_whose_keys_differ_only_in_case_are_refused_at_the_second(tmp_path):
    assert errors(tmp_path, other="Most") == [
        (22, 3, "`contract Most` and `contract most` name two actions of phase `pick`, and names are read "
                "without regard to case: a player, a record or a learner could not tell them apart",
         "choose another name")]


def test_every_shipped_phase_names_its_actions_apart():
    """(The check runs on every spec `load_game` compiles: the shipped ones all pass it.)"""
    from pathlib import Path

    from interpreter.core.actions import match_key
    from interpreter.phases import every_phase

    for spec in sorted((Path(__file__).resolve().parents[2] / "specs").rglob("*.yaml")):
        game = load_game(spec)
        for phase in every_phase(game):
            names = phase.vocabulary(game)
            assert len({match_key(n) for n in names}) == len(names), (spec, phase.name)


def test_a_name_is_found_exactly_first_then_as_typed():
    ten, pass_ = Action("play", 8, "play TH"), Action("call", 0, "pass")
    assert named([pass_, ten], "play TH") is ten
    assert named([pass_, ten], "PLAY 10h") is ten
    assert named([pass_, ten], "bid 3") is None

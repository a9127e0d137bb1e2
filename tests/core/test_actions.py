"""Actions and their names: a typed name matches an action's case-blind with `10` read as `T`,
and an action or a card says its name and crosses a pickle whole."""

from __future__ import annotations

import pickle

import pytest

from interpreter.core.actions import Action, Card, match_key


@pytest.mark.parametrize("typed, key", [
    ("  Play   10S ", "play ts"), ("10h", "th"), ("QH Bella", "qh bella"), ("10x", "10x"), ("abc", "abc"),
    ("100", "100"), ("bid 10", "bid 10")])
def test_names_match_case_blind_with_ten_read_as_t(typed, key):
    assert match_key(typed) == key


def test_an_action_and_a_card_say_their_name_and_a_card_crosses_a_pickle_whole():
    assert str(Action("bid", 3, "bid 3")) == repr(Action("bid", 3, "bid 3")) == "bid 3"
    kind = Card.of_pack(["QS", "TH"])
    ten = kind(1)
    assert (ten.name, repr(ten), str(ten), ten.arg, ten.kind) == ("play TH", "play TH", "play TH", 1, "play")
    back = pickle.loads(pickle.dumps(ten))
    assert type(back) is kind and back == 1 and back.name == "play TH"

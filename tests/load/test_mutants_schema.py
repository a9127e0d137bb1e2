"""The wording of each kind of structural error, exactly: what mutation testing of
interpreter/load/schema.py found no test reading (a repeated item's first place, an empty
mapping, a wrong type's words, a long value clipped, a bound, the choices of an enum)."""

from __future__ import annotations

import pytest
from tests.load.test_schema import TINY, only_error


def test_a_repeated_seat_names_its_first_place():
    e = only_error(TINY.replace("seats: [A, B]", "seats: [A, B, C, B]"))
    assert (e.message, e.hint, e.path) == ("`seats` lists `B` twice", "first at entry 2", ("seats", 3))


def test_an_empty_mapping_of_contracts_is_refused():
    e = only_error(TINY.split("contracts:")[0] + "contracts: {}\n")
    assert e.message == "`contracts` needs at least one entry"


@pytest.mark.parametrize("value, words", [
    ("3", "the number `3`"),
    ("2.5", "the number `2.5`"),
    ("[S, H]", "a list"),
    ("{a: 1}", "a mapping of keys"),
    ("true", "`true`"),
])
def test_a_value_of_the_wrong_type_is_said_in_words(value, words):
    e = only_error(TINY.replace("    name: Tricks", f"    name: {value}"))
    assert e.message == f"`contracts.tricks.name` must be text, not {words}"


def test_a_long_value_is_clipped_to_forty_characters():
    long = "sideways" + "x" * 50
    e = only_error(TINY.replace("seats: [A, B]", f"seats: [A, B]\ndirection: {long}"))
    assert e.message == f"`direction` must be `clockwise` or `counterclockwise`, not `{long[:39]}…`"


def test_a_number_below_its_least_value_says_the_bound_and_the_value():
    e = only_error(TINY.replace("    hand_size: 3", "    hand_size: 3\n    packets: [2, 0]"))
    assert e.message == "`phases.deal.packets[1]` must be at least 1, not 0"


def test_an_enum_lists_its_choices_the_same_every_time():
    first = only_error(TINY.replace("seats: [A, B]", "seats: [A, B]\ndirection: sideways"))
    again = only_error(TINY.replace("seats: [A, B]", "seats: [A, B]\ndirection: upwards"))
    assert first.message == "`direction` must be `clockwise` or `counterclockwise`, not `sideways`"
    assert again.message == "`direction` must be `clockwise` or `counterclockwise`, not `upwards`"


def test_a_missing_value_is_said_to_be_nothing():
    e = only_error(TINY.replace("    name: Tricks", "    name:"))
    assert e.message == "`contracts.tricks.name` must be text, not nothing"


def test_an_empty_name_is_refused():
    e = only_error(TINY.replace("game: Tiny", 'game: ""'))
    assert e.message == "`game` must not be empty"



def test_a_missing_choice_is_said_to_be_nothing():
    e = only_error(TINY.replace("seats: [A, B]", "seats: [A, B]\ndirection:"))
    assert e.message == "`direction` must be `clockwise` or `counterclockwise`, not nothing"


def test_two_different_mappings_in_a_list_of_unique_items_are_not_the_same_item():
    from tests.load.test_schema import structure_errors

    errs = structure_errors("t.yaml", TINY.replace("seats: [A, B]", "seats: [{a: 1}, {b: 2}, {a: 1}]"))
    assert [e.message for e in errs] == [
        "`seats[0]` must be text, not a mapping of keys", "`seats[1]` must be text, not a mapping of keys",
        "`seats[2]` must be text, not a mapping of keys", "`seats` lists a mapping of keys twice"]
    assert errs[-1].hint == "first at entry 1"

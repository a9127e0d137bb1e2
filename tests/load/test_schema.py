"""Tests of the spec schema and of structural errors worded for the spec author: each kind of
error's exact wording (a wrong type, a bound, an enum's choices, a repeated item, a value clipped)
at its place."""

from __future__ import annotations

import json
import re
from pathlib import Path

import jsonschema
import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from interpreter.core.errors import SpecError, SpecErrors
from interpreter.load import loading
from interpreter.load.loading import Document, Mark, load
from interpreter.load.schema import check_structure, printed_schema, schema, schema_text

HERE = Path(__file__).resolve().parents[1]
REFERENCE = HERE.parent / "specs" / "barbu" / "barbu.yaml"
# only our structural cases: others add `sem_` files for later passes to the same folder
BAD_SPECS = sorted((HERE / "bad_specs").glob("struct_*.yaml"))
LOADERS = [yaml.SafeLoader] + ([yaml.CSafeLoader] if hasattr(yaml, "CSafeLoader") else [])

EXPECT = re.compile(r"#\s*expect:\s*(\d+):(\d+):\s*(.+?)\s*$")
HINT = re.compile(r"#\s*hint:\s*(.+?)\s*$")

TINY = """\
game: Tiny
seats: [A, B]
pack:
  suits: [S, H]
  ranks: [A, K, Q]
phases:
  deal:
    hand_size: 3
  play:
  score:
contracts:
  tricks:
    name: Tricks
    score: tricks_won
"""


def structure_errors(file, text: str | None = None) -> list[SpecError]:
    """Loading errors, or else structural errors, of a spec."""
    try:
        doc = load(file, text=text)
    except SpecErrors as errs:
        return errs.errors
    return check_structure(doc)


def only_error(text: str) -> SpecError:
    errs = structure_errors("t.yaml", text)
    assert len(errs) == 1, "\n".join(e.render() for e in errs)
    return errs[0]


# ---------------------------------------------------------------- the schema itself


def test_schema_is_valid_draft_2020_12():
    jsonschema.Draft202012Validator.check_schema(schema())
    assert schema()["$schema"] == "https://json-schema.org/draft/2020-12/schema"


def test_schema_text_is_the_printed_schema():
    # `cardspec schema` prints the base schema with a variant's part (tests/load/test_printed_schema.py)
    assert json.loads(schema_text()) == printed_schema()
    assert printed_schema()["$defs"]["spec"]["properties"] == schema()["properties"] | {
        "options": printed_schema()["$defs"]["spec"]["properties"]["options"]}
    assert json.loads((HERE.parent / "interpreter" / "load" / "schema.json").read_text()) == schema()


def walk(node, where="#"):
    """Every subschema with the place it is found."""
    if isinstance(node, dict):
        yield where, node
        for key, value in node.items():
            if key in ("properties", "$defs"):
                for name, sub in value.items():
                    yield from walk(sub, f"{where}/{key}/{name}")
            elif key in ("items", "additionalProperties", "propertyNames") and isinstance(value, dict):
                yield from walk(value, f"{where}/{key}")
            elif key in ("anyOf", "oneOf", "allOf"):
                for i, sub in enumerate(value):
                    yield from walk(sub, f"{where}/{key}/{i}")


def test_every_property_has_a_description():
    missing = []
    for where, node in walk(schema()):
        for name, sub in node.get("properties", {}).items():
            if not sub.get("description"):
                missing.append(f"{where}/properties/{name}")
    assert not missing


def test_no_extra_keys_anywhere_except_named_maps():
    # every mapping is closed, except the maps whose keys the author chooses
    open_maps = []
    for where, node in walk(schema()):
        if "properties" in node and node.get("additionalProperties") is not False:
            open_maps.append(where)
    assert not open_maps
    top = schema()["properties"]
    for name in ("phases", "contracts", "play_rules"):
        assert isinstance(top[name]["additionalProperties"], dict)


def test_top_level_keys():
    assert set(schema()["required"]) == {"game", "seats", "pack", "phases", "contracts"}
    assert set(schema()["properties"]) == {
        "game", "title", "description", "extends", "seats", "direction", "pack", "dealer",
        "declarer", "phases", "play", "play_rules", "contracts", "match", "options", "functions", "partie", "teams",
    }  # fmt: skip


# ---------------------------------------------------------------- the reference spec


def test_reference_spec_is_structurally_valid():
    try:
        doc = load(REFERENCE)
    except SpecErrors as errs:
        pytest.fail("the reference spec does not load:\n" + errs.render())
    errs = check_structure(doc)
    assert errs == [], "\n".join(e.render() for e in errs)


def test_tiny_spec_is_valid():
    assert structure_errors("t.yaml", TINY) == []


# ---------------------------------------------------------------- bad specs


def expectation(spec: Path):
    """The `# expect: LINE:COL: fragment` (and optional `# hint: fragment`) of a bad spec."""
    lines = spec.read_text(encoding="utf-8").splitlines()
    m = EXPECT.match(lines[0])
    assert m, f"{spec.name}: the first line must be `# expect: LINE:COL: message fragment`"
    h = HINT.match(lines[1]) if len(lines) > 1 else None
    return int(m.group(1)), int(m.group(2)), m.group(3), h.group(1) if h else None


def test_enough_bad_specs():
    assert len(BAD_SPECS) >= 6


@pytest.mark.parametrize("loader", LOADERS, ids=lambda L: L.__name__)
@pytest.mark.parametrize("spec", BAD_SPECS, ids=lambda p: p.name)
def test_bad_spec(spec, loader, monkeypatch):
    monkeypatch.setattr(loading, "_Loader", loader)
    line, column, fragment, hint = expectation(spec)
    errs = structure_errors(spec)
    shown = "\n".join(e.render() for e in errs)
    assert len(errs) == 1, f"expected exactly one error, got:\n{shown}"
    [e] = errs
    assert (e.line, e.column) == (line, column), shown
    assert fragment in e.message, shown
    if hint is not None:
        assert e.hint and hint in e.hint, shown
    # the rendered error shows the source line with a caret under the column
    rendered = e.render().splitlines()
    assert rendered[0].startswith(f"{spec}:{line}:{column}: ")
    source = spec.read_text(encoding="utf-8").splitlines()[line - 1]
    assert rendered[1] == "    " + source
    pad = "".join(c if c == "\t" else " " for c in source[: column - 1])
    assert rendered[2] == "    " + pad + "^"


# ---------------------------------------------------------------- wording of other errors


def test_misspelt_required_key_is_one_error():
    e = only_error(TINY.replace("contracts:", "contrats:"))
    assert e.message == "unknown key `contrats` at the top level"
    assert e.hint == "did you mean `contracts`?"
    assert e.path == ("contrats",)


def test_unknown_key_without_a_close_name_lists_the_keys():
    e = only_error(TINY + "    flavour: salty\n")
    assert e.message == "unknown key `flavour` in `contracts.tricks`"
    assert e.hint.startswith("the keys allowed here are `name`, `description`")
    assert (e.line, e.column) == (15, 5)


def test_several_missing_keys_each_reported():
    errs = structure_errors("t.yaml", "game: Tiny\n")
    assert sorted(e.message.split(":")[0] for e in errs) == [
        "missing `contracts`", "missing `pack`", "missing `phases`", "missing `seats`",
    ]  # fmt: skip
    assert all((e.line, e.column) == (1, 1) for e in errs)


def test_missing_keep_in_a_play_rule_is_shown_at_its_name():
    e = only_error(TINY + "play_rules:\n  follow suit:\n    when: leading\n")
    assert e.message == "`play_rules.follow suit` needs a `keep`: a play rule must say which cards it keeps"
    assert (e.line, e.column) == (16, 3)


def test_expressions_may_be_numbers_or_booleans():
    text = TINY.replace("score: tricks_won", "score: 0\n    total: -26") + "match:\n  ends_when: false\n  total: 0\n"
    assert structure_errors("t.yaml", text) == []
    e = only_error(TINY.replace("hand_size: 3", "hand_size: [3]"))
    assert e.message == "`phases.deal.hand_size` must be an expression (text or a number), not a list"


def test_announce_choices():
    ok = TINY + "    announce:\n      trump: suit\n      start: [7, 8]\n"
    assert structure_errors("t.yaml", ok) == []
    e = only_error(TINY + "    announce:\n      trump: sut\n")
    assert e.message == "`contracts.tricks.announce.trump` must be `suit`, `rank` or a list, not `sut`"
    assert e.hint == "did you mean `suit`?"
    assert (e.line, e.column) == (16, 14)


def test_announce_list_with_a_bad_entry_points_at_the_entry():
    e = only_error(TINY + "    announce:\n      start: [7, [8]]\n")
    assert e.path == ("contracts", "tricks", "announce", "start", 1)


def test_pack_details():
    e = only_error(TINY.replace("suits: [S, H]", "suits: [S, x]"))
    assert e.message.startswith("`pack.suits[1]` must be")
    e = only_error(TINY.replace("ranks: [A, K, Q]", "ranks: [A, K, Q]\n  remove: [QS, H]"))
    assert e.message == "`pack.remove[1]` must have at least 2 characters"
    e = only_error(TINY.replace("ranks: [A, K, Q]", "ranks: [A, K, Q]\n  extra: [E]"))
    assert e.message.startswith("`pack.extra[0]` must be")
    assert structure_errors("t.yaml", TINY.replace("ranks: [A, K, Q]", "ranks: [A, K, Q, 9, 8]\n  extra: [BJ]\n  remove: [8S, 10h]")) == []


def test_seats_limits():
    assert only_error(TINY.replace("[A, B]", "[A]")).message == "`seats` needs at least 2 entries, not 1"
    e = only_error(TINY.replace("[A, B]", "[A, B, C, D, E, F, G, H, I]"))
    assert e.message == "`seats` can have at most 8 entries, not 9"


def test_phase_settings():
    e = only_error(TINY.replace("  play:\n", "  play:\n    kind: plya\n"))
    assert e.message.startswith("`phases.play.kind` must be `deal`, `choose_contract`")
    assert e.hint == "did you mean `play`?"
    e = only_error(TINY.replace("hand_size: 3", "hand_size: 3\n    packets: [0]"))
    assert e.message == "`phases.deal.packets[0]` must be at least 1, not 0"
    e = only_error(TINY.replace("  score:\n", "  score: 3\n"))
    assert e.message == "`phases.score` must be a mapping of keys or nothing, not the number `3`"


def test_errors_are_sorted_and_not_repeated():
    text = TINY.replace("seats: [A, B]", "seats: [A, A, A]").replace("game: Tiny", "game: Tiny\ndirection: up")
    errs = structure_errors("t.yaml", text)
    places = [(e.line, e.column) for e in errs]
    assert places == sorted(places)
    assert len({(e.line, e.column, e.message) for e in errs}) == len(errs)


def test_a_repeated_seat_names_its_first_place():
    e = only_error(TINY.replace("seats: [A, B]", "seats: [A, B, C, B]"))
    assert (e.message, e.hint, e.path) == ("`seats` lists `B` twice", "first at entry 2", ("seats", 3))


def test_two_different_mappings_in_a_list_of_unique_items_are_not_the_same_item():
    errs = structure_errors("t.yaml", TINY.replace("seats: [A, B]", "seats: [{a: 1}, {b: 2}, {a: 1}]"))
    assert [e.message for e in errs] == [
        "`seats[0]` must be text, not a mapping of keys", "`seats[1]` must be text, not a mapping of keys",
        "`seats[2]` must be text, not a mapping of keys", "`seats` lists a mapping of keys twice"]
    assert errs[-1].hint == "first at entry 1"


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


def test_a_missing_value_is_said_to_be_nothing():
    e = only_error(TINY.replace("    name: Tricks", "    name:"))
    assert e.message == "`contracts.tricks.name` must be text, not nothing"


def test_an_empty_name_is_refused():
    e = only_error(TINY.replace("game: Tiny", 'game: ""'))
    assert e.message == "`game` must not be empty"


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


def test_a_missing_choice_is_said_to_be_nothing():
    e = only_error(TINY.replace("seats: [A, B]", "seats: [A, B]\ndirection:"))
    assert e.message == "`direction` must be `clockwise` or `counterclockwise`, not nothing"


# ---------------------------------------------------------------- never a crash

JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4)
    | st.dictionaries(st.sampled_from(["game", "seats", "pack", "phases", "contracts", "play", "x", "deal", "keep", "suits", "ranks", "points", "announce", "total"]) | st.text(max_size=5), inner, max_size=5),
    max_leaves=25,
)


@settings(max_examples=300, deadline=None)
@given(JSON)
def test_check_structure_never_raises(data):
    doc = Document(data=data, file="fuzz.yaml", lines=["x"], marks={(): Mark(1, 1, None)})
    for e in check_structure(doc):
        assert isinstance(e, SpecError) and e.line == 1
        e.render()

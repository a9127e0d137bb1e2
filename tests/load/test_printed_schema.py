"""Tests of the schema `cardspec schema` prints for editors: every shipped spec file, base spec or
variant (`extends`, `+key`, `-key`), passes it as jsonschema (draft 2020-12) reads it; a misspelt
key is refused in a variant as in a base spec, and in the changes an option's choice makes."""

from __future__ import annotations

import io
import json
from pathlib import Path

import jsonschema
import pytest
import yaml

from interpreter.cli import run
from interpreter.load.loading import load
from interpreter.load.schema import printed_schema, schema

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = sorted((ROOT / "specs").rglob("*.yaml"))


def printed() -> dict:
    """The output of `cardspec schema`, read back."""
    out, err = io.StringIO(), io.StringIO()
    assert run(["schema"], out, err) == 0
    assert err.getvalue() == ""
    return json.loads(out.getvalue())


@pytest.fixture(scope="module")
def validator() -> jsonschema.Draft202012Validator:
    data = printed()
    jsonschema.Draft202012Validator.check_schema(data)
    return jsonschema.Draft202012Validator(data)


def problems(validator, data) -> list[str]:
    return sorted(f"{'.'.join(map(str, e.absolute_path))}: {e.message}" for e in validator.iter_errors(data))


def test_the_command_prints_the_printed_schema():
    assert printed() == printed_schema()
    assert printed()["$schema"] == "https://json-schema.org/draft/2020-12/schema"


def test_there_are_base_specs_and_variants_to_check():
    variants = [f for f in SHIPPED if "extends" in load(f).data]
    assert len(variants) >= 10 and len(SHIPPED) - len(variants) >= 10


@pytest.mark.parametrize("spec", SHIPPED, ids=lambda p: str(p.relative_to(ROOT / "specs")))
def test_every_shipped_spec_file_passes_the_printed_schema(spec, validator):
    assert problems(validator, load(spec).data) == []


BARBU_VARIANT = """\
extends: barbu
title: House rules
phases:
  -double:
contracts:
  trumps:
    -announce:
    play:
      rules: [follow suit]
  +everything:
    name: Everything
    score: -5 * count(won)
match:
  deals: 28
"""


def test_a_variant_with_added_and_removed_keys_passes(validator):
    assert problems(validator, yaml.safe_load(BARBU_VARIANT)) == []


@pytest.mark.parametrize("change, where, unexpected", [
    ("contracts:\n  trumps:\n    scroe: 3\n", "contracts.trumps", "scroe"),  # a misspelt key deep down
    ("titel: House rules\n", "", "titel"),  # at the top
    ("+scroe: 3\n", "", "+scroe"),  # `+` adds only a key the schema knows
    ("contracts:\n  +everything:\n    nmae: Everything\n", "contracts.+everything", "nmae"),  # inside an addition
    ("phases:\n  deal:\n    -hand_sise:\n", "phases.deal", "-hand_sise"),  # `-` removes only a known key
])
def test_a_misspelt_key_in_a_variant_is_refused(validator, change, where, unexpected):
    [problem] = problems(validator, yaml.safe_load("extends: barbu\n" + change))
    assert problem == f"{where}: Additional properties are not allowed ('{unexpected}' was unexpected)"


def test_a_removed_key_has_no_value(validator):
    assert problems(validator, yaml.safe_load("extends: barbu\nphases:\n  -double: 3\n")) == [
        "phases.-double: 3 is not of type 'null'"]


def test_an_added_key_is_checked_as_the_base_checks_it(validator):
    # what `+key` adds is a whole value: its required keys and types, as in a base spec
    [problem] = problems(validator, yaml.safe_load("extends: barbu\nplay_rules:\n  +mine:\n    when: leading\n"))
    assert problem == "play_rules.+mine: 'keep' is a required property"
    [problem] = problems(validator, yaml.safe_load("extends: barbu\ncontracts:\n  +mine:\n    name: [x]\n"))
    assert problem == "contracts.+mine.name: ['x'] is not of type 'string'"


def test_a_changed_value_keeps_its_type(validator):
    [problem] = problems(validator, yaml.safe_load("extends: barbu\nseats: 4\n"))
    assert problem == "seats: 4 is not of type 'array'"
    [problem] = problems(validator, yaml.safe_load("extends: barbu\ndirection: sideways\n"))
    assert problem == "direction: 'sideways' is not one of ['clockwise', 'counterclockwise']"


def test_a_base_spec_still_needs_its_keys(validator):
    assert problems(validator, {"game": "Tiny"}) == [
        f": '{key}' is a required property" for key in ("contracts", "pack", "phases", "seats")]


def test_extends_names_a_base(validator):
    assert problems(validator, {"extends": ""}) == ["extends: '' should be non-empty"]
    assert problems(validator, {"extends": "barbu"}) == []  # a variant that changes nothing


TINY = {
    "game": "Tiny", "seats": ["A", "B"], "pack": {"suits": ["S"], "ranks": ["A", "K"]},
    "phases": {"deal": {"hand_size": 1}, "play": None, "score": None}, "contracts": {"c": {"score": 0}},
}


def with_choice(changes) -> dict:
    option = {"description": "d", "default": "off", "choices": {"off": {}, "on": changes}}
    return {**TINY, "options": {"o": option}}


def test_the_changes_of_an_option_are_checked_as_a_variant_is(validator):
    assert problems(validator, with_choice({"contracts": {"+d": {"score": 1}, "c": {"score": 2}}})) == []
    assert problems(validator, with_choice({"phases": {"-play": None}, "title": "Short"})) == []
    assert problems(validator, with_choice({"contracts": {"c": {"scroe": 2}}})) != []
    assert problems(validator, with_choice({"-options": None})) != []  # a choice may not change the options


def test_every_key_of_a_variant_is_described():
    # an editor shows these descriptions as the author types
    missing = []

    def walk(node, where):
        if isinstance(node, dict):
            for name, sub in node.get("properties", {}).items():
                if not sub.get("description"):
                    missing.append(f"{where}/properties/{name}")
            for name, sub in node.get("patternProperties", {}).items():
                if not sub.get("description"):
                    missing.append(f"{where}/patternProperties/{name}")
            for key, value in node.items():
                if key in ("properties", "patternProperties", "$defs"):
                    for name, sub in value.items():
                        walk(sub, f"{where}/{key}/{name}")
                elif isinstance(value, dict):
                    walk(value, f"{where}/{key}")
                elif isinstance(value, list):
                    for i, sub in enumerate(value):
                        walk(sub, f"{where}/{key}/{i}")

    walk(printed_schema(), "#")
    assert not missing


def test_the_variant_part_follows_the_base_schema():
    # made from schema.json, so a key added there is known to a variant at once
    defs = printed_schema()["$defs"]
    assert {k for k in defs["variant"]["properties"] if k[0] not in "+-"} == set(schema()["properties"])
    assert set(defs["spec"]["properties"]) == set(schema()["properties"])
    assert set(defs["changes_contract"]["properties"]) == {
        prefix + key for key in schema()["$defs"]["contract"]["properties"] for prefix in ("", "+", "-")}

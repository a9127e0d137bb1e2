"""Variants and options, where mutation testing found them unchecked: the longest chain of
`extends`, number options (their range in messages, a name a function has, the value kept),
`requires` naming no option, an option declared in a wrong shape."""

from __future__ import annotations

import pytest

from interpreter.compile.game import load_game
from interpreter.core.errors import SpecErrors
from interpreter.load.overlays import resolve

BASE = """game: T
title: T
seats: [X, Y, Z]
pack:
  suits: [S, H, D]
  ranks: [A, K, Q, J]
phases:
  deal: {hand_size: 4}
  score:
contracts:
  game:
    score: 0
match: {deals: 1}
"""

NUMBER = BASE + """options:
  fixed_deals:
    description: play exactly N deals
    default: "off"
    choices: {"off": {}}
    number:
      min: 1
      max: 20
      changes: {match: {deals: fixed_deals}}
"""


def errors(text, options=None) -> list[tuple[str, int | None, int | None]]:
    with pytest.raises(SpecErrors) as e:
        load_game("t.yaml", text=text, options=options)
    return [(x.message, x.line, x.column) for x in e.value.errors]


def chain(folder, extends: int):
    """A base and `extends` files above it, each extending the one below; the top one's path."""
    (folder / "f0.yaml").write_text(BASE)
    for k in range(1, extends + 1):
        (folder / f"f{k}.yaml").write_text(f"extends: f{k - 1}.yaml\ntitle: t{k}\n")
    return folder / f"f{extends}.yaml"


def test_a_chain_of_twenty_files_resolves_and_one_of_twenty_one_is_refused(tmp_path):
    (tmp_path / "ok").mkdir()
    resolved = resolve(chain(tmp_path / "ok", 19))
    assert len(resolved.chain) == 20 and resolved.data["title"] == "t19"
    (tmp_path / "long").mkdir()
    with pytest.raises(SpecErrors) as e:
        resolve(chain(tmp_path / "long", 20))
    [error] = e.value.errors
    assert (error.message, error.line, error.column) == ("`extends` chains more than 20 files", 1, 10)
    assert error.file.endswith("f1.yaml")  # the file whose base would be the 21st


def test_a_number_option_keeps_its_value_and_says_its_range():
    g = load_game("t.yaml", text=NUMBER, options={"fixed_deals": "12"})
    assert g.options == {"fixed_deals": "12"}
    assert errors(NUMBER, {"fixed_deals": "30"}) == [
        ("option `fixed_deals` cannot be `30`; choose `off` or a whole number from 1 to 20", None, None)]
    assert errors(NUMBER.replace("      max: 20\n", ""), {"fixed_deals": "x"}) == [
        ("option `fixed_deals` cannot be `x`; choose `off` or a whole number from 1", None, None)]


def test_a_number_option_may_not_share_its_name_with_a_function():
    text = NUMBER + "functions:\n  fixed_deals:\n    description: d\n    value: 1\n"
    assert errors(text, {"fixed_deals": "3"}) == [
        ("option `fixed_deals` takes a number, so it is a name in expressions; a function has that name already",
         19, 5)]


def test_requires_naming_no_option_is_refused():
    text = BASE + """options:
  a:
    description: a
    default: "no"
    choices: {"no": {}, "yes": {}}
    requires: {bee: "yes"}
"""
    assert errors(text) == [("option `a` requires `bee`, which is not an option of this spec", 19, 16)]


def test_an_option_in_a_wrong_shape_is_told_by_the_structure_check():
    text = BASE + """options:
  a:
    description: a
    default: "no"
    choices: {"no": {}, "yes": {}}
    requires: {b: "yes"}
  b:
    description: b
    default: "no"
    choices: [1, 2]
"""
    assert errors(text) == [("`options.b.choices` must be a mapping of keys, not a list", 23, 14)]


def test_the_declaration_errors_of_a_spec_are_its_structural_errors(tmp_path):
    """What an option that fails to apply falls back on (`_declaration_errors`): the structure
    check's errors of the spec as written, which say what is wrong with the declaration."""
    from interpreter.load.overlays import _declaration_errors

    text = BASE + """options:
  b:
    description: b
    default: "no"
    choices: [1, 2]
"""
    path = tmp_path / "t.yaml"
    found = _declaration_errors(path, text)
    assert [(e.message, e.line, e.column) for e in found] == [
        ("`options.b.choices` must be a mapping of keys, not a list", 18, 14)]
    assert _declaration_errors(path, BASE) == []

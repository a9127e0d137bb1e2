"""The load stage's steps return their errors as data, and the pipeline raises them once.

Reading a spec goes file and bases merged -> options applied -> structure checked; each step is
entered once, in that order, and no step calls into another to report an error.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from interpreter.core.errors import SpecErrors
from interpreter.load import options, overlays, pipeline, schema
from interpreter.load.document import Resolved

TESTS = Path(__file__).resolve().parents[1]
ROOT = TESTS.parent
RAVAGE = ROOT / "specs" / "barbu" / "ravage-city.yaml"
TYPO = TESTS / "bad_overlays" / "chain_ravage_typo.yaml"


def test_the_overlay_resolver_returns_its_errors_as_data():
    doc, errors = overlays.merged(TYPO)
    assert doc is None
    assert [(e.file, e.line, e.column, e.message, e.hint) for e in errors] == [
        (str(TYPO), 5, 3, "`contracts.ravage_cty` does not exist in ravage-city.yaml: an overlay can only change "
                          "what its base has", "did you mean `ravage_city`?")]


def test_a_missing_file_is_an_error_of_the_data_not_a_raise():
    doc, errors = overlays.merged(TESTS / "no-such-spec.yaml")
    assert doc is None
    assert [e.message for e in errors] == ["file not found"]


def test_applying_options_returns_its_errors_as_data_and_changes_nothing_it_refuses():
    doc, errors = overlays.merged(RAVAGE)
    assert errors == [] and isinstance(doc, Resolved)
    before = repr(doc.data)
    found = options.apply_options(doc, {"early_stp": "true"})
    assert [(e.message, e.hint) for e in found] == [
        ("unknown option `early_stp`; the options of this spec are `declarer_blocks`, `compulsory_doubles`, "
         "`positive_double_declarer_only`, `early_stop`, `ravage_24` or `ravage_no_rebalance`",
         "did you mean `early_stop`?")]
    assert repr(doc.data) == before  # every option at its default: nothing changed


def test_the_pipeline_raises_every_error_of_the_first_step_at_once():
    with pytest.raises(SpecErrors) as caught:
        pipeline.read_spec(TYPO)
    assert [(e.line, e.column) for e in caught.value.errors] == [(5, 3)]
    doc, errors = pipeline.spec_errors(TYPO)
    assert doc is None and [(e.line, e.column) for e in errors] == [(5, 3)]


def test_an_option_declared_in_a_shape_options_cannot_take_is_a_structure_error_at_its_line(tmp_path):
    spec = tmp_path / "bad-option.yaml"
    spec.write_text(f"extends: {RAVAGE}\n"
                    "options:\n"
                    "  +jokers:\n"
                    "    description: with jokers\n"
                    "    default: no\n"
                    "    choices: [yes, no]\n")
    doc, errors = pipeline.spec_errors(spec, {"jokers": "yes"}, text=spec.read_text())
    assert [(e.line, e.column, e.message) for e in errors] == [
        (6, 14, "`options.jokers.choices` must be a mapping of keys, not a list")]


def _module_calls(fn):
    """The calls from one module of interpreter/load/ into another while `fn()` runs: (caller, callee, function)."""
    calls = []

    def profile(frame, event, arg):
        if event != "call":
            return
        callee = frame.f_globals.get("__name__", "")
        caller_frame = frame.f_back
        caller = caller_frame.f_globals.get("__name__", "") if caller_frame is not None else ""
        if callee.startswith("interpreter.load.") and caller.startswith("interpreter.load.") and callee != caller:
            calls.append((caller.rpartition(".")[2], callee.rpartition(".")[2], frame.f_code.co_name))

    sys.setprofile(profile)
    try:
        fn()
    finally:
        sys.setprofile(None)
    return calls


@pytest.fixture
def nothing_read_yet():
    """Forget the files read and the chains merged in this process, before and after the test."""
    overlays._READ.clear()
    overlays._MERGED.clear()
    yield
    overlays._READ.clear()
    overlays._MERGED.clear()


def test_reading_a_spec_enters_each_step_once_in_order_and_no_step_calls_another(nothing_read_yet):
    calls = _module_calls(lambda: pipeline.read_spec(RAVAGE, {"early_stop": "true"}))
    steps = [(callee, fn) for caller, callee, fn in calls if caller == "pipeline"]
    assert steps == [("overlays", "merged"), ("options", "apply_options"), ("schema", "check_structure")]
    between = {(caller, callee) for caller, callee, _ in calls}
    assert not between & {("overlays", "schema"), ("schema", "overlays"), ("options", "schema"), ("schema", "options")}
    # the overlay resolver reads each file of the chain once (the variant, then its base)
    reads = [fn for caller, callee, fn in calls if (caller, callee) == ("overlays", "loading")]
    assert reads == ["read", "read"]


def test_the_structure_check_places_its_errors_through_the_document_alone(tmp_path):
    spec = tmp_path / "bad-key.yaml"
    spec.write_text(f"extends: {RAVAGE}\n+scroe: 3\n")
    calls = _module_calls(lambda: pipeline.spec_errors(spec))
    assert {callee for caller, callee, _ in calls if caller == "schema"} <= {"document", "catalog"}
    doc, errors = overlays.merged(spec)
    assert [e.message for e in schema.check_structure(doc)] == ["unknown key `scroe` at the top level"]


def test_a_spec_read_again_is_parsed_again_only_when_a_file_of_its_chain_changed(tmp_path, nothing_read_yet):
    base = tmp_path / "base.yaml"
    base.write_text(RAVAGE.read_text().replace("extends: barbu.yaml", f"extends: {RAVAGE.parent / 'barbu.yaml'}"))
    variant = tmp_path / "variant.yaml"
    variant.write_text("extends: base.yaml\ntitle: Mine\n")
    first = pipeline.read_spec(variant)
    again = _module_calls(lambda: pipeline.read_spec(variant, {"early_stop": "true"}))
    assert [fn for caller, callee, fn in again if callee == "loading"] == []  # nothing parsed again
    second = pipeline.read_spec(variant)
    assert second.data == first.data and second.data is not first.data
    assert second.data["options"] is first.data["options"]  # the declarations shared, never changed
    base.write_text(base.read_text().replace("title: Barbu with Ravage City", "title: Changed"))
    changed = _module_calls(lambda: pipeline.read_spec(variant))
    assert [fn for caller, callee, fn in changed if callee == "loading"] == ["read"]  # the base alone
    assert pipeline.read_spec(variant).data["title"] == "Mine"


def test_an_option_may_not_change_the_options(tmp_path):
    spec = tmp_path / "opts.yaml"
    spec.write_text(f"extends: {RAVAGE}\n"
                    "options:\n"
                    "  +wild:\n"
                    "    description: wild\n"
                    "    default: 'no'\n"
                    "    choices:\n"
                    "      'no': {}\n"
                    "      'yes': {options: {early_stop: {default: true}}}\n")
    doc, errors = pipeline.spec_errors(spec, {"wild": "yes"})
    assert [(e.line, e.column, e.message) for e in errors] == [
        (8, 15, "an option's changes may not change `options`: every option is chosen before the changes of any "
                "apply")]

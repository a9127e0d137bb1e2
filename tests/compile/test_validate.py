"""Tests of the semantic checks of a spec (`load_game`) and of `cardspec validate`.

The bad specs are `tests/bad_specs/sem_*.yaml`: each is a small, complete Barbu-like spec
with one thing broken (or two, in `sem_two_errors.yaml`). Each starts with a header of
comment lines:

    # expect: LINE:COL: message fragment      one line per error, in the order reported
    # hint: fragment                          optional, the hint of the error just above
    # xfail: reason                           optional: a known interpreter bug; the
                                              expectation says what should happen

followed by free comments. The errors must be exactly those listed, at those places, in
that order (sorted by place).

Other checks are shown on the reference spec changed in one place, or on a small spec written in
the test: a word of a phase that would hide a name of the game, a rank the pack lacks, a game
without its deal or score phase.
"""

from __future__ import annotations

import io
import json
import re
import traceback
from dataclasses import dataclass
from pathlib import Path

import pytest
import yaml
from hypothesis import example, given, settings
from hypothesis import strategies as st

from interpreter.cli import run
from interpreter.compile.game import Compiler, load_game
from interpreter.core.errors import EXIT_OK, EXIT_SPEC, SpecError, SpecErrors
from interpreter.load import loading
from interpreter.load.loading import load
from interpreter.load.schema import check_structure, printed_schema, schema
from tests.phases.table import game
from tests.phases.test_declare import CATEGORIES
from tests.phases.test_declare import spec as declare_spec

HERE = Path(__file__).resolve().parents[1]
ROOT = HERE.parent
REFERENCE = ROOT / "specs" / "barbu" / "barbu.yaml"
SHIPPED = sorted((ROOT / "specs").rglob("*.yaml"))
SEM_SPECS = sorted((HERE / "bad_specs").glob("sem_*.yaml"))
LOADERS = [yaml.SafeLoader] + ([yaml.CSafeLoader] if hasattr(yaml, "CSafeLoader") else [])

EXPECT = re.compile(r"#\s*expect:\s*(\d+):(\d+):\s*(.+?)\s*$")
HINT = re.compile(r"#\s*hint:\s*(.+?)\s*$")
XFAIL = re.compile(r"#\s*xfail:\s*(.+?)\s*$")


@dataclass
class Expected:
    line: int
    column: int
    fragment: str
    hint: str | None = None


@dataclass
class Header:
    errors: list[Expected]
    xfail: str | None


def header(spec: Path) -> Header:
    """The `# expect:` / `# hint:` / `# xfail:` lines at the top of a bad spec."""
    errors: list[Expected] = []
    xfail = None
    for text in spec.read_text(encoding="utf-8").splitlines():
        if not text.startswith("#"):
            break
        if m := EXPECT.match(text):
            errors.append(Expected(int(m.group(1)), int(m.group(2)), m.group(3)))
        elif m := HINT.match(text):
            assert errors, f"{spec.name}: a `# hint:` must follow an `# expect:`"
            assert errors[-1].hint is None, f"{spec.name}: two hints for one error"
            errors[-1].hint = m.group(1)
        elif m := XFAIL.match(text):
            xfail = m.group(1)
    assert errors, f"{spec.name}: the first line must be `# expect: LINE:COL: message fragment`"
    assert EXPECT.match(spec.read_text(encoding="utf-8").splitlines()[0]), f"{spec.name}: start with `# expect:`"
    return Header(errors, xfail)


def sem_params():
    for spec in SEM_SPECS:
        reason = header(spec).xfail
        marks = [pytest.mark.xfail(reason=reason, strict=True)] if reason else []
        yield pytest.param(spec, marks=marks, id=spec.name)


def errors_of(file, text: str | None = None) -> list[SpecError]:
    """The errors `load_game` raises for a spec (none if it compiles)."""
    try:
        load_game(file, text=text)
    except SpecErrors as errs:
        return errs.errors
    return []


def place(text: str, needle: str, nth: int = 1) -> tuple[int, int]:
    """(line, column), 1-based, of the nth occurrence of `needle` in `text`."""
    index = -1
    for _ in range(nth):
        index = text.index(needle, index + 1)
    before = text[:index]
    return before.count("\n") + 1, index - (before.rfind("\n") + 1) + 1


def check_rendering(e: SpecError, file, lines: list[str]) -> None:
    """`file:line:col: message`, then the source line, then a caret under the column."""
    rendered = e.render().splitlines()
    assert rendered[0] == f"{file}:{e.line}:{e.column}: {e.message}"
    source = lines[e.line - 1]
    assert rendered[1] == "    " + source
    pad = "".join(c if c == "\t" else " " for c in source[: e.column - 1])
    assert rendered[2] == "    " + pad + "^"
    if e.hint:
        assert rendered[3] == f"  hint: {e.hint}"


REF_TEXT = REFERENCE.read_text(encoding="utf-8")


def ref_with(*replacements: tuple[str, str]) -> str:
    """The reference spec's text with each (old, new) replaced once."""
    text = REF_TEXT
    for old, new in replacements:
        assert old in text, old
        text = text.replace(old, new, 1)
    return text


# ---------------------------------------------------------------- the bad specs themselves


def test_enough_semantic_bad_specs():
    names = {p.name for p in SEM_SPECS}
    assert len([n for n in names if "bug_" not in n]) >= 15
    assert any(len(header(p).errors) >= 2 for p in SEM_SPECS), "at least one file must have several errors"


@pytest.mark.parametrize("spec", SEM_SPECS, ids=lambda p: p.name)
def test_headers_list_errors_by_place(spec):
    places = [(x.line, x.column) for x in header(spec).errors]
    assert places == sorted(places), "list the expected errors in the order of their place"
    lines = spec.read_text(encoding="utf-8").splitlines()
    for line, column in places:
        assert 1 <= line <= len(lines) and 1 <= column <= len(lines[line - 1]) + 1


@pytest.mark.parametrize("spec", [p for p in SEM_SPECS if not header(p).xfail], ids=lambda p: p.name)
def test_semantic_bad_specs_are_structurally_valid(spec):
    # these files test the compiler's checks: they must get past the schema
    assert check_structure(load(spec)) == []


@pytest.mark.parametrize("loader", LOADERS, ids=lambda L: L.__name__)
@pytest.mark.parametrize("spec", list(sem_params()))
def test_semantic_bad_spec(spec, loader, monkeypatch):
    monkeypatch.setattr(loading, "_Loader", loader)
    want = header(spec).errors
    with pytest.raises(SpecErrors) as info:
        load_game(spec)
    errs = info.value.errors
    shown = info.value.render()
    assert len(errs) == len(want), f"expected {len(want)} error(s), got:\n{shown}"
    assert [(e.line, e.column) for e in errs] == sorted((e.line, e.column) for e in errs), shown
    lines = spec.read_text(encoding="utf-8").splitlines()
    for e, w in zip(errs, want):
        assert (e.line, e.column) == (w.line, w.column), shown
        assert w.fragment in e.message, shown
        if w.hint is not None:
            assert e.hint and w.hint in e.hint, shown
        assert e.file == str(spec)
        check_rendering(e, spec, lines)


def test_two_errors_come_sorted_although_found_in_another_order():
    # the compiler checks the contracts before the phases, so it finds the deal error
    # (line 24) after the unknown name (line 48); they are reported by place
    spec = HERE / "bad_specs" / "sem_two_errors.yaml"
    compiler = Compiler(load(spec))
    with pytest.raises(SpecErrors) as info:
        compiler.compile()
    found = [(e.line, e.column) for e in compiler.errors]
    assert found == [(48, 17), (24, 16)]
    assert [(e.line, e.column) for e in info.value.errors] == [(24, 16), (48, 17)]
    assert "the deal gives 56 cards" in info.value.render().splitlines()[0]


# ---------------------------------------------------------------- places in every scalar style

STYLES = {
    "plain": ("score: -2 * trikcs_won", "trikcs_won"),
    "single quotes": ("score: '-2 * trikcs_won'", "trikcs_won"),
    "double quotes": ('score: "-2 * trikcs_won"', "trikcs_won"),
    "double quotes with an escape": ('score: "-2\\t* trikcs_won"', "trikcs_won"),
    "plain on two lines": ("score: -2 *\n      trikcs_won", "trikcs_won"),
    "literal block": ("score: |\n      -2 *\n      trikcs_won", "trikcs_won"),
    "literal block, more indented": ("score: |\n      -2 *\n        trikcs_won", "trikcs_won"),
    "literal block with indentation indicator": ("score: |2\n       -2 *\n       trikcs_won", "trikcs_won"),
    "folded block": ("score: >-\n      -2\n      * trikcs_won", "trikcs_won"),
    "double quotes with an anchor": ('score: &s "-2 * trikcs_won"', "trikcs_won"),
    "literal block with a tag": ("score: !!str |\n      -2 *\n      trikcs_won", "trikcs_won"),
    "plain with an anchor": ("score: &s -2 * trikcs_won", "trikcs_won"),
    "plain with a tag": ("score: !!str -2 * trikcs_won", "trikcs_won"),
}
@pytest.mark.parametrize("style", list(STYLES))
def test_place_of_an_expression_error_in_each_scalar_style(style):
    new, needle = STYLES[style]
    text = ref_with(("score: -2 * tricks_won", new))
    errs = errors_of("t.yaml", text)
    assert len(errs) == 1, "\n".join(e.render() for e in errs)
    [e] = errs
    assert e.message == "unknown name `trikcs_won`"
    assert e.hint == "did you mean `tricks_won`?"
    assert (e.line, e.column) == place(text, needle)
    check_rendering(e, "t.yaml", text.splitlines())


def test_place_of_an_expression_error_in_a_flow_mapping():
    text = ref_with(("  no_tricks:\n    name: No Tricks\n    score: -2 * tricks_won\n    total: -26\n",
                     '  no_tricks: {name: No Tricks, score: "-2 * trikcs_won", total: -26}\n'))
    [e] = errors_of("t.yaml", text)
    assert (e.line, e.column) == place(text, "trikcs_won")


def test_place_in_a_file_with_crlf_line_ends(tmp_path):
    f = tmp_path / "crlf.yaml"
    text = ref_with(("score: -2 * tricks_won", "score: -2 * trikcs_won"))
    f.write_bytes(text.replace("\n", "\r\n").encode("utf-8"))
    [e] = errors_of(f)
    assert (e.line, e.column) == place(text, "trikcs_won")
    assert e.source_line.rstrip("\r") == text.splitlines()[e.line - 1]


# ---------------------------------------------------------------- other semantic checks


@pytest.mark.parametrize("written, at, message", [
    ("-2 * tricks_won / 0", "0", "division by zero"),
    ('"[45, 20, 5, -5][0]"', "0]", "index 0 is out of range"),
    ("-2 * tricks_won(player)", "tricks_won(", "`tricks_won` is not a function"),
    ("-2 * tricks_won_by(player, player)", "tricks_won_by(", "takes 1 argument"),
    ("if Qs in won then -20 else 0", "Qs", "unknown card, suit or rank `Qs`"),
    ("if c.suit == H then 1 else 0", "c.suit", "unknown name `c`"),
])  # fmt: skip
def test_other_expression_errors_are_placed(written, at, message):
    text = ref_with(("score: -2 * tricks_won", f"score: {written}"))
    [e] = errors_of("t.yaml", text)
    assert message in e.message
    line, _ = place(text, f"score: {written}")
    assert (e.line, e.column) == (line, text.splitlines()[line - 1].index(at) + 1)


def test_unknown_name_in_a_play_rule_and_in_may_double():
    text = ref_with(("keep: card.suit == led_suit", "keep: card.suit == lead_suit"),
                    ("may_double: player != declarer", "may_double: player != declarr"))
    errs = errors_of("t.yaml", text)
    assert [(e.line, e.column) for e in errs] == sorted([place(text, "declarr"), place(text, "lead_suit")])
    assert [e.hint for e in errs] == ["did you mean `declarer`?", "did you mean `led_suit`?"]


def test_announced_start_rank_is_typed():
    # `start` is announced as a suit, but the layout needs a rank
    text = ref_with(("start: rank ", "start: suit "))
    [e] = errors_of("t.yaml", text)
    assert e.message == "the expression must be a rank, but this is a suit"
    line, column = place(text, "start: start")
    assert (e.line, e.column) == (line, column + len("start: "))


def test_deal_check_counts_removed_cards():
    text = ref_with(("  ranks: [A, K, Q, J, T, 9, 8, 7, 6, 5, 4, 3, 2]",
                     "  ranks: [A, K, Q, J, T, 9, 8, 7, 6, 5, 4, 3, 2]\n  remove: [2C, 2D]"))
    [e] = errors_of("t.yaml", text)
    assert e.message == "the deal gives 52 cards (4 x 13) but the pack has 50"


def test_an_aliased_bad_expression_is_reported_once():
    text = ref_with(("score: -2 * tricks_won", "score: &s -2 * trikcs_won"),
                    ("score: 5 * tricks_won", "score: *s"))
    errs = errors_of("t.yaml", text)
    assert len(errs) == 1, "\n".join(e.render() for e in errs)


def test_a_bad_default_leader_is_reported_once():
    text = ref_with(("leader: declarer", "leader: declarr"))
    errs = errors_of("t.yaml", text)
    assert len(errs) == 1, "\n".join(e.render() for e in errs)
    assert (errs[0].line, errs[0].column) == place(text, "declarr")


def test_a_contract_key_is_a_name():
    text = ref_with(("score: -2 * tricks_won", "score: if contract == no_tricks then -2 * tricks_won else 0"))
    assert errors_of("t.yaml", text) == []


@pytest.mark.parametrize("size", ["0", "-1", "6.5"])
def test_hand_size_must_be_a_whole_number_of_cards(size):
    text = ref_with(("hand_size: 13 ", f"hand_size: {size} "))
    errs = errors_of("t.yaml", text)
    assert len(errs) == 1, "\n".join(e.render() for e in errs)
    line, column = place(text, f"hand_size: {size}")
    assert (errs[0].line, errs[0].column) == (line, column + len("hand_size: "))


def test_trump_announced_as_a_rank():
    text = ref_with(("trump: suit ", "trump: rank "))
    [e] = errors_of("t.yaml", text)
    line, column = place(text, "trump: rank")
    assert (e.line, e.column) == (line, column + len("trump: "))
    assert "`trump`" in e.message
    assert "elsewhere" not in e.message


def test_setting_of_an_announce_phase_is_worded_right():
    text = ref_with(("  announce:\n    by: declarer", "  announce:\n    once_each: true\n    by: declarer"))
    [e] = errors_of("t.yaml", text)
    assert (e.line, e.column) == place(text, "once_each: true", 2)
    assert e.message == "an `announce` phase has no setting `once_each`"


@pytest.mark.parametrize("choices", ["[low, high]", "[true, false]", "[J, 7]"])
def test_schema_and_compiler_agree_on_announcement_choices(choices):
    text = ref_with(("      start: rank ", f"      start: rank\n      level: {choices} "))
    structural = check_structure(load("t.yaml", text=text))
    assert structural or errors_of("t.yaml", text) == []


def errors_raised(make) -> list[tuple[str, int | None, int | None]]:
    """(message, line, column) of each error `make()` raises."""
    with pytest.raises(SpecErrors) as e:
        make()
    return [(x.message, x.line, x.column) for x in e.value.errors]


BASE = """
phases:
  deal: {hand_size: 4}
  score:
contracts:
  game:
    score: deal_number
"""


@pytest.mark.parametrize("phase, line, column", [
    ("  bidding:\n    kind: auction\n    bids: [1, 2]\n    winning_bid: dealer\n", 14, 18),
    ("  talk:\n    kind: call\n    words: {dealer: true}\n", 13, 13),
])
def test_a_word_of_a_phase_may_not_be_a_name_of_the_game(phase, line, column):
    text = BASE.replace("  deal: {hand_size: 4}\n", "  deal: {hand_size: 4}\n" + phase) + "match: {deals: 1}\n"
    assert errors_raised(lambda: game(text)) == [
        ("`dealer` is already a name of the game (the dealer of this deal); choose another word", line, column)]


def test_a_rank_a_category_names_must_be_a_rank_of_the_pack():
    assert errors_raised(lambda: declare_spec(CATEGORIES.replace("ranks: [A, K, Q]", "ranks: [A, C, Q]"))) == [
        ("`C` is not a rank of this pack", 34, 20)]


@pytest.mark.parametrize("missing", ["deal", "score"])
def test_a_game_that_plays_needs_a_deal_and_a_score_phase(missing):
    phases = "".join(f"  {name}:\n" for name in ("deal", "play", "score") if name != missing)
    text = f"phases:\n{phases}contracts:\n  game:\n    score: tricks_won\nmatch: {{deals: 1}}\n"
    assert errors_raised(lambda: game(text)) == [(f"the phases have no `{missing}` phase", 8, 1)]


# ---------------------------------------------------------------- the command line


def cli(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = run(list(argv), out, err)
    assert "Traceback" not in out.getvalue() + err.getvalue()
    return code, out.getvalue(), err.getvalue()


def test_shipped_specs_exist():
    assert REFERENCE in SHIPPED


@pytest.mark.parametrize("spec", SHIPPED, ids=lambda p: str(p.relative_to(ROOT)))
def test_validate_shipped_spec(spec):
    code, out, err = cli("validate", str(spec))
    assert code == EXIT_OK, err
    assert err == ""
    [line] = out.splitlines()
    assert line.startswith(f"{spec}: ok (")


def test_validate_a_folder_of_specs():
    code, out, err = cli("validate", str(ROOT / "specs"))
    assert code == EXIT_OK, err
    files = sorted(list((ROOT / "specs").rglob("*.yaml")) + list((ROOT / "specs").rglob("*.yml")))
    assert [line.split(": ok (")[0] for line in out.splitlines()] == [str(f) for f in files]


def test_validate_reports_a_bad_spec_with_line_source_and_caret():
    spec = HERE / "bad_specs" / "sem_unknown_name.yaml"
    code, out, err = cli("validate", str(spec))
    assert code == EXIT_SPEC
    assert out == ""
    lines = err.splitlines()
    assert lines[0] == f"{spec}:46:17: unknown name `trikcs_won`"
    source = spec.read_text(encoding="utf-8").splitlines()[45]
    assert source == "    score: -2 * trikcs_won"
    assert lines[1] == "    " + source
    assert lines[2].index("^") == 4 + 17 - 1
    assert lines[2].strip() == "^"
    assert lines[1][lines[2].index("^"):].startswith("trikcs_won")
    assert lines[3] == "  hint: did you mean `tricks_won`?"
    assert lines[-1] == "1 of 1 spec(s) invalid"


@pytest.mark.parametrize("spec", [p for p in SEM_SPECS if not header(p).xfail], ids=lambda p: p.name)
def test_validate_shows_every_expected_error(spec):
    code, out, err = cli("validate", str(spec))
    assert code == EXIT_SPEC
    lines = err.splitlines()
    source = spec.read_text(encoding="utf-8").splitlines()
    for w in header(spec).errors:
        first = [i for i, line in enumerate(lines) if line.startswith(f"{spec}:{w.line}:{w.column}: ")]
        assert len(first) == 1, err
        i = first[0]
        assert w.fragment in lines[i]
        assert lines[i + 1] == "    " + source[w.line - 1]
        assert lines[i + 2].index("^") == 4 + w.column - 1


def test_validate_several_files_reports_all():
    bad1 = HERE / "bad_specs" / "sem_deal_too_big.yaml"
    bad2 = HERE / "bad_specs" / "sem_unknown_card.yaml"
    code, out, err = cli("validate", str(bad1), str(REFERENCE), str(bad2))
    assert code == EXIT_SPEC
    [line] = out.splitlines()
    assert line.startswith(f"{REFERENCE}: ok (")
    assert f"{bad1}:21:16: the deal gives 56 cards" in err
    assert f"{bad2}:45:15: unknown card, suit or rank `KX`" in err
    assert err.index(str(bad1)) < err.index(str(bad2))
    assert err.splitlines()[-1] == "2 of 3 spec(s) invalid"


def test_validate_one_good_one_bad():
    bad = HERE / "bad_specs" / "sem_contract_without_score.yaml"
    code, out, err = cli("validate", str(bad), str(REFERENCE))
    assert code == EXIT_SPEC
    assert out.startswith(f"{REFERENCE}: ok (")
    assert f"{bad}:48:3: contract `no_queens` has no `score`" in err
    assert err.splitlines()[-1] == "1 of 2 spec(s) invalid"


def test_validate_a_missing_file(tmp_path):
    missing = tmp_path / "nowhere.yaml"
    code, out, err = cli("validate", str(missing))
    assert code == EXIT_SPEC
    assert out == ""
    assert f"{missing}: file not found" in err
    # and alongside a good one: the good one is still checked
    code, out, err = cli("validate", str(REFERENCE), str(missing))
    assert code == EXIT_SPEC
    assert out.startswith(f"{REFERENCE}: ok (")
    assert "file not found" in err


def test_validate_a_structural_error_is_also_exit_3():
    bad = HERE / "bad_specs" / "struct_unknown_top_key.yaml"
    code, out, err = cli("validate", str(bad))
    assert code == EXIT_SPEC
    assert err.startswith(f"{bad}:13:1: unknown key `contrats` at the top level")


def test_schema_command_prints_the_schema():
    code, out, err = cli("schema")
    assert code == EXIT_OK
    assert err == ""
    data = json.loads(out)
    assert data == printed_schema()  # base specs and variants (tests/load/test_printed_schema.py)
    assert data["$defs"]["spec"]["properties"]["contracts"] == schema()["properties"]["contracts"]
    assert data["$defs"]["spec"]["properties"]["contracts"]["description"]
    assert data["description"]


# ---------------------------------------------------------------- never a traceback

REF_LINES = REF_TEXT.split("\n")
# `pack.suits` and `pack.ranks` missing crash the compiler (see the sem_bug_pack_without_*
# specs); the main fuzz test leaves these lines alone so that it can find other crashes.
PACK_LINES = frozenset(i for i, line in enumerate(REF_LINES) if line.strip().startswith(("pack:", "suits:", "ranks:")))
YAML_CHARS = list(":-[]{}(),.*#&!|>'\"%@` \t\n?=<0123456789AKQJTSHDCx_") + ["é", "\u2028", "\x00"]

MUTATION = st.tuples(
    st.sampled_from(["delete", "duplicate", "replace"]),
    st.integers(min_value=0, max_value=len(REF_LINES) - 1),
    st.integers(min_value=0, max_value=200),
    st.sampled_from(YAML_CHARS) | st.characters(blacklist_categories=("Cs",)),
)


def mutate(mutations, keep=frozenset()) -> str:
    lines = list(REF_LINES)
    origin = list(range(len(lines)))  # which reference line each line came from
    for kind, i, j, ch in mutations:
        i %= len(lines)
        if origin[i] in keep:
            continue
        if kind == "delete" and len(lines) > 1:
            del lines[i], origin[i]
        elif kind == "duplicate":
            lines.insert(i, lines[i])
            origin.insert(i, origin[i])
        elif kind == "replace" and lines[i]:
            j %= len(lines[i])
            lines[i] = lines[i][:j] + ch + lines[i][j + 1:]
    return "\n".join(lines)


@pytest.fixture(scope="module")
def fuzz_file(tmp_path_factory):
    return tmp_path_factory.mktemp("fuzz") / "mutant.yaml"


def validate_never_crashes(fuzz_file, text: str) -> None:
    fuzz_file.write_text(text, encoding="utf-8", errors="surrogatepass")
    out, err = io.StringIO(), io.StringIO()
    try:
        code = run(["validate", str(fuzz_file)], out, err)
    except BaseException:  # noqa: BLE001 - any escape is the failure we look for
        pytest.fail(f"validate raised on:\n{text}\n\n{traceback.format_exc()}")
    assert code in (EXIT_OK, EXIT_SPEC), err.getvalue()
    assert "Traceback" not in out.getvalue() + err.getvalue()
    if code == EXIT_SPEC:
        assert err.getvalue().strip()
    else:
        assert ": ok (" in out.getvalue()


@settings(max_examples=200, deadline=None)
@given(st.lists(MUTATION, min_size=1, max_size=3))
def test_validate_never_crashes_on_a_mutated_reference(fuzz_file, mutations):
    validate_never_crashes(fuzz_file, mutate(mutations, keep=PACK_LINES))


RANKS_LINE = min(i for i in PACK_LINES if "ranks:" in REF_LINES[i])


@settings(max_examples=50, deadline=None)
@given(st.lists(MUTATION, min_size=1, max_size=3))
@example([("delete", RANKS_LINE, 0, "x")])
def test_validate_never_crashes_on_any_mutated_reference(fuzz_file, mutations):
    validate_never_crashes(fuzz_file, mutate(mutations))

"""Tests of variants as overlays (`extends`, its chains of at most 20 files, `+key`, `-key`), of
options (their values, a number option's range, `requires`, a declaration's shape), and of
`cardspec show` and `cardspec diff`.

The broken overlays are `tests/bad_overlays/*.yaml`; most extend the shipped
`specs/barbu/barbu.yaml` (or `ravage-city.yaml`, for chains) and break one thing. Each
must give one error, at the exact file, line and column (1-based) of the mistake, with
its message and hint, and `cardspec validate` must exit 3 without a traceback.

Tests marked `xfail(strict=True)` describe the behaviour the interpreter should have and
currently does not: each is a known bug (see its reason).
"""

from __future__ import annotations

import io
import re
from dataclasses import dataclass
from pathlib import Path

import pytest
import yaml

from interpreter.cli import run
from interpreter.compile.game import load_game
from interpreter.core.errors import (
    EXIT_OK,
    EXIT_SPEC,
    EXIT_USAGE,
    SpecError,
    SpecErrors,
)
from interpreter.load import pipeline
from interpreter.load.options import apply_options
from interpreter.load.overlays import merged
from interpreter.load.pipeline import resolve

HERE = Path(__file__).resolve().parents[1]
ROOT = HERE.parent
BAD = HERE / "bad_overlays"
BARBU_DIR = ROOT / "specs" / "barbu"
BARBU = BARBU_DIR / "barbu.yaml"
RAVAGE = BARBU_DIR / "ravage-city.yaml"
PARLETT = BARBU_DIR / "parlett.yaml"
DECLARER_ONLY = BARBU_DIR / "declarer-only-doubles.yaml"
BUSTARRET = BARBU_DIR / "bustarret.yaml"
VARIANTS = [RAVAGE, PARLETT, DECLARER_ONLY, BUSTARRET]
SHIPPED = [BARBU, *VARIANTS]
BUSTARRET_OPTIONS = ("early_stop", "players", "dealer_chooses", "extra_games", "each_dealer", "heart_lead_ban",
                     "domino4")

# A located message: `file:line:col: message`, then the source line, the caret, maybe a hint.
LOCATED = re.compile(r"^(?P<file>\S.*?):(?P<line>\d+):(?P<col>\d+): (?P<message>.*)$", re.M)


# ---- helpers ------------------------------------------------------------------------

def cli(*argv):
    """Run the command in-process: (exit code, stdout, stderr); never a traceback."""
    out, err = io.StringIO(), io.StringIO()
    code = run([str(a) for a in argv], out, err)
    text = out.getvalue() + err.getvalue()
    assert "Traceback" not in text, text
    assert isinstance(code, int)
    return code, out.getvalue(), err.getvalue()


def opts(options: dict[str, str] | None) -> list[str]:
    """`--option NAME=VALUE` arguments for the command line."""
    return [a for k, v in (options or {}).items() for a in ("--option", f"{k}={v}")]


def spec_errors(path, options=None) -> list[SpecError]:
    """The errors `load_game` raises for `path` (it must raise)."""
    try:
        load_game(path, options=options)
    except SpecErrors as e:
        return e.errors
    pytest.fail(f"{path} loaded without an error")


def same_file(a, b) -> bool:
    return a is not None and Path(a).resolve() == Path(b).resolve()


def lines_of(path) -> list[str]:
    return Path(path).read_text(encoding="utf-8").splitlines()


@dataclass(frozen=True)
class Located:
    """An expected error: its place, a fragment of its message, its hint, and the text under the caret."""

    file: Path
    line: int
    column: int
    fragment: str
    hint: str | None = None
    token: str | None = None

    def matches(self, e: SpecError) -> bool:
        return (same_file(e.file, self.file) and (e.line, e.column) == (self.line, self.column)
                and self.fragment in e.message)

    def check(self, e: SpecError) -> None:
        assert same_file(e.file, self.file), f"{e.file} is not {self.file}: {e.render()}"
        assert (e.line, e.column) == (self.line, self.column), e.render()
        assert self.fragment in e.message, e.render()
        if self.hint is None:
            assert e.hint is None, e.render()
        else:
            assert e.hint is not None and self.hint in e.hint, e.render()
        # the line shown is the file's own line, and the caret is on the mistake
        assert e.source_line == lines_of(self.file)[self.line - 1], e.render()
        if self.token is not None:
            assert e.source_line[self.column - 1:].startswith(self.token), e.render()


def check_cli_reports(fixture: Path, want: Located, options=None) -> str:
    """`cardspec validate` exits 3 and prints `want` as `file:line:col: message` with its hint."""
    code, out, err = cli("validate", fixture, *opts(options))
    assert code == EXIT_SPEC, (out, err)
    assert "1 of 1 spec(s) invalid" in err, err
    found = [m for m in LOCATED.finditer(err)
             if same_file(m["file"], want.file) and (int(m["line"]), int(m["col"])) == (want.line, want.column)]
    assert found and want.fragment in found[0]["message"], err
    if want.hint is not None:
        assert f"  hint: {want.hint}" in err, err
    return err


# ---- 1. broken overlays -----------------------------------------------------------

def bad(name) -> Path:
    return BAD / f"{name}.yaml"


CASES = {  # fixture -> (options, the one error it must give)
    "typo_contract": (None, Located(
        bad("typo_contract"), 5, 3, "`contracts.no_trick` does not exist in barbu.yaml",
        "did you mean `no_tricks`?", "no_trick:")),
    "typo_nested": (None, Located(
        bad("typo_nested"), 6, 5, "`phases.double.may_dubble` does not exist in barbu.yaml",
        "did you mean `may_double`?", "may_dubble:")),
    "plus_existing": (None, Located(
        bad("plus_existing"), 5, 3, "`contracts.trumps` already exists in barbu.yaml; to change it, "
                                    "write `trumps:` without `+`", None, "+trumps:")),
    "minus_missing": (None, Located(
        bad("minus_missing"), 5, 3, "cannot remove `contracts.no_queenz`: barbu.yaml has no such key",
        "did you mean `no_queens`?", "-no_queenz:")),
    "minus_with_value": (None, Located(
        bad("minus_with_value"), 5, 15, "`-no_queens` removes the key; leave its value empty", None, "true")),
    "self_extend": (None, Located(
        bad("self_extend"), 3, 10, "`extends` makes a cycle: self_extend.yaml -> self_extend.yaml", None,
        "self_extend.yaml")),
    "cycle_a": (None, Located(  # the `extends` that closes the cycle
        bad("cycle_b"), 2, 10, "`extends` makes a cycle: cycle_a.yaml -> cycle_b.yaml -> cycle_a.yaml", None,
        "cycle_a.yaml")),
    "cycle_b": (None, Located(
        bad("cycle_a"), 2, 10, "`extends` makes a cycle: cycle_b.yaml -> cycle_a.yaml -> cycle_b.yaml", None,
        "cycle_b.yaml")),
    "missing_base_near": (None, Located(  # the near name is next to the base, in specs/barbu
        bad("missing_base_near"), 2, 10, "the base spec `../../specs/barbu/barbuu.yaml` does not exist",
        "did you mean `../../specs/barbu/barbu.yaml`?", "../../specs/barbu/barbuu.yaml")),
    "missing_base_here": (None, Located(
        bad("missing_base_here"), 2, 10, "the base spec `chain_ravag.yaml` does not exist",
        "did you mean `chain_ravage.yaml`?", "chain_ravag.yaml")),
    "missing_base_far": (None, Located(
        bad("missing_base_far"), 2, 10, "the base spec `../../specs/barbu/zzzzqqq.yaml` does not exist", None,
        "../../specs/barbu/zzzzqqq.yaml")),
    "extends_not_text": (None, Located(
        bad("extends_not_text"), 2, 10, "`extends` names the base spec's file, relative to this one", None, "[")),
    "expr_in_overlay": (None, Located(  # in the overlay, not at barbu.yaml's `score: -2 * tricks_won`
        bad("expr_in_overlay"), 6, 17, "unknown name `trikcs_won`", "did you mean `tricks_won`?", "trikcs_won")),
    "expr_in_option": ({"harsh": "true"}, Located(  # in the file that declares the option
        bad("expr_in_option"), 13, 36, "unknown name `wonn`", "did you mean `won`?", "wonn")),
    "option_choice_override": ({"positive_double_declarer_only": "true"}, Located(
        # the option is barbu.yaml's, but this text is the variant's: the error is where it is written
        bad("option_choice_override"), 10, 48, "unknown name `targt`", "did you mean `target`?", "targt")),
    # chains: the error is in the file of the chain that has the mistake
    "chain_ravage_typo": (None, Located(
        bad("chain_ravage_typo"), 5, 3, "`contracts.ravage_cty` does not exist in ravage-city.yaml",
        "did you mean `ravage_city`?", "ravage_cty:")),
    "chain_three": (None, Located(
        bad("chain_three"), 6, 5, "`contracts.ravage_city.scroe` does not exist in chain_ravage.yaml",
        "did you mean `score`?", "scroe:")),
    "chain_top_of_bad": (None, Located(  # the mistake is in the middle file
        bad("chain_mid_bad"), 6, 53, "unknown name `queen_tax`", None, "queen_tax")),
    "chain_ravage_removes": (None, Located(  # `most` is still used by ravage-city.yaml's contract
        RAVAGE, 29, 34, "unknown name `most`", None, "most and")),
    "chain_ravage_expr": (None, Located(
        bad("chain_ravage_expr"), 6, 22, "unknown name `seat`", "did you mean `seats`?", "seat)")),
}

XFAIL: dict[str, str] = {}  # known bugs: case name -> reason (none at present)


def case_params():
    for name in CASES:
        marks = [pytest.mark.xfail(reason=XFAIL[name], strict=True)] if name in XFAIL else []
        yield pytest.param(name, id=name, marks=marks)


@pytest.mark.parametrize("name", list(case_params()))
def test_broken_overlay_gives_its_one_located_error(name):
    options, want = CASES[name]
    errors = spec_errors(bad(name), options)
    assert len(errors) == 1, "\n".join(e.render() for e in errors)
    want.check(errors[0])
    check_cli_reports(bad(name), want, options)


@pytest.mark.parametrize("name", ["cycle_a", "cycle_b", "chain_ravage_expr"])
def test_broken_overlay_error_is_located_among_others(name):
    """Where the case above fails only by extra errors, the right error is still there, in place."""
    options, want = CASES[name]
    errors = [e for e in spec_errors(bad(name), options) if want.matches(e)]
    assert len(errors) == 1, [e.render() for e in spec_errors(bad(name), options)]
    want.check(errors[0])
    check_cli_reports(bad(name), want, options)


def test_missing_base_is_reported_without_a_near_name():
    """The error itself (without the suggestion, see the xfail above) is in place."""
    errors = spec_errors(bad("missing_base_near"))
    assert len(errors) == 1
    e = errors[0]
    assert same_file(e.file, bad("missing_base_near")) and (e.line, e.column) == (2, 10)
    assert "does not exist (looked for " in e.message and "barbuu.yaml" in e.message


def test_error_inside_overlay_does_not_point_into_the_base():
    e = spec_errors(bad("expr_in_overlay"))[0]
    assert not same_file(e.file, BARBU)
    # the base's own `score` of No Tricks is elsewhere and correct
    assert "trikcs_won" not in BARBU.read_text(encoding="utf-8")


def test_validate_checks_every_option_value():
    """`validate` also compiles each option value in turn, so a broken choice is found before anyone picks it."""
    code, out, err = cli("validate", bad("expr_in_option"))
    assert code == EXIT_SPEC, err
    assert "expr_in_option.yaml:13:36: unknown name `wonn` (with --option harsh=true)" in err
    # with the options given, only that combination is checked
    code, out, err = cli("validate", bad("expr_in_option"), "-o", "harsh=false")
    assert code == EXIT_OK, err


# ---- 1b. options on the command line ----------------------------------------------

def first_error(spec, options) -> SpecError:
    errors = spec_errors(spec, options)
    assert len(errors) == 1, [e.render() for e in errors]
    return errors[0]


@pytest.mark.parametrize("command", ["validate", "show", "diff"])
def test_unknown_option_lists_the_options(command):
    args = [BARBU, BUSTARRET] if command == "diff" else [BUSTARRET]
    code, out, err = cli(command, *args, "--option", "nope=1")
    assert code == EXIT_SPEC, (out, err)
    assert f"{BUSTARRET}: unknown option `nope`; the options of this spec are " in err, err
    for name in BUSTARRET_OPTIONS:
        assert f"`{name}`" in err, (name, err)
    assert "hint:" not in err, err
    e = first_error(BUSTARRET, {"nope": "1"})
    assert same_file(e.file, BUSTARRET) and e.hint is None
    assert e.message == ("unknown option `nope`; the options of this spec are `early_stop`, `players`, "
                         "`dealer_chooses`, `extra_games`, `each_dealer`, `heart_lead_ban` or `domino4`")


def test_unknown_option_with_a_near_name_has_a_hint():
    code, out, err = cli("validate", BUSTARRET, "-o", "player=5")
    assert code == EXIT_SPEC, (out, err)
    assert "unknown option `player`" in err and "  hint: did you mean `players`?" in err, err
    e = first_error(BUSTARRET, {"player": "5"})
    assert same_file(e.file, BUSTARRET) and e.hint == "did you mean `players`?"
    code, out, err = cli("validate", BARBU, "-o", "early=true")
    assert code == EXIT_SPEC and "hint: did you mean `early_stop`?" in err, err


def test_unknown_option_of_a_spec_without_options():
    code, out, err = cli("validate", bad("no_options"), "-o", "early_stop=true")
    assert code == EXIT_SPEC, (out, err)
    assert "unknown option `early_stop`; this spec has no options" in err, err
    assert cli("validate", bad("no_options"))[0] == EXIT_OK


def test_bad_option_value_lists_the_choices():
    code, out, err = cli("validate", BUSTARRET, "--option", "players=6")
    assert code == EXIT_SPEC, (out, err)
    assert "option `players` cannot be `6`; choose `3`, `4` or `5`" in err, err
    e = first_error(BUSTARRET, {"players": "6"})
    assert same_file(e.file, BUSTARRET)
    assert e.message == "option `players` cannot be `6`; choose `3`, `4` or `5`"
    code, out, err = cli("show", BUSTARRET, "-o", "extra_games=yes")
    assert code == EXIT_SPEC and "option `extra_games` cannot be `yes`; choose `false` or `true`" in err, err


def test_option_requires():
    code, out, err = cli("validate", BUSTARRET, "-o", "extra_games=true")
    assert code == EXIT_SPEC, (out, err)
    want = ("option `extra_games=true` needs `dealer_chooses=true`, not `dealer_chooses=false`: "
            "the dealer chooses them (4b)")
    assert want in err, err
    e = first_error(BUSTARRET, {"extra_games": "true"})
    assert same_file(e.file, BUSTARRET) and e.message == want
    line = BUSTARRET.read_text().splitlines()[e.line - 1]
    assert line[e.column - 1:].startswith("dealer_chooses: {value: true")  # at the `requires` that refuses it
    # with the option it requires, it is fine
    code, out, err = cli("validate", BUSTARRET, "-o", "extra_games=true", "-o", "dealer_chooses=true")
    assert code == EXIT_OK, err
    assert "8 contracts" in out and "extra_games=true" in out and "dealer_chooses=true" in out, out
    # and a requirement of `false`
    code, out, err = cli("validate", BUSTARRET, "-o", "each_dealer=true", "-o", "dealer_chooses=true")
    assert code == EXIT_SPEC
    assert "option `each_dealer=true` needs `dealer_chooses=false`, not `dealer_chooses=true`" in err, err


@pytest.mark.parametrize("command", ["validate", "show", "diff", "play", "simulate"])
@pytest.mark.parametrize("item", ["players", "=5", "players=", "", "   "])
def test_malformed_option_is_a_usage_error(command, item):
    args = [BARBU, BUSTARRET] if command == "diff" else [BUSTARRET]
    code, out, err = cli(command, *args, "--option", item)
    assert code == EXIT_USAGE, (out, err)
    assert f"--option takes NAME=VALUE, not `{item}`" in err, err
    assert out == ""


def test_option_default_not_a_choice_is_located():
    errors = spec_errors(bad("option_bad_default"))
    assert len(errors) == 1
    e = errors[0]
    assert same_file(e.file, bad("option_bad_default")) and (e.line, e.column) == (7, 14), e.render()
    assert "maybe" in e.message and "`false` or `true`" in e.message


def test_option_requires_unknown_option_is_located():
    code, out, err = cli("validate", bad("option_requires_unknown"))
    assert code == EXIT_SPEC, (out, err)
    m = LOCATED.search(err)
    assert m and same_file(m["file"], bad("option_requires_unknown")), err
    assert (int(m["line"]), int(m["col"])) == (8, 16), err
    assert "early_stops" in m["message"] and "hint: did you mean `early_stop`?" in err, err


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


def load_errors(text, options=None) -> list[tuple[str, int | None, int | None]]:
    with pytest.raises(SpecErrors) as e:
        load_game("t.yaml", text=text, options=options)
    return [(x.message, x.line, x.column) for x in e.value.errors]


def test_a_number_option_keeps_its_value_and_says_its_range():
    g = load_game("t.yaml", text=NUMBER, options={"fixed_deals": "12"})
    assert g.options == {"fixed_deals": "12"}
    assert load_errors(NUMBER, {"fixed_deals": "30"}) == [
        ("option `fixed_deals` cannot be `30`; choose `off` or a whole number from 1 to 20", None, None)]
    assert load_errors(NUMBER.replace("      max: 20\n", ""), {"fixed_deals": "x"}) == [
        ("option `fixed_deals` cannot be `x`; choose `off` or a whole number from 1", None, None)]


def test_a_number_option_may_not_share_its_name_with_a_function():
    text = NUMBER + "functions:\n  fixed_deals:\n    description: d\n    value: 1\n"
    assert load_errors(text, {"fixed_deals": "3"}) == [
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
    assert load_errors(text) == [("option `a` requires `bee`, which is not an option of this spec", 19, 16)]


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
    assert load_errors(text) == [("`options.b.choices` must be a mapping of keys, not a list", 23, 14)]


def test_an_option_that_cannot_be_applied_is_left_to_the_structure_check(tmp_path):
    """An option declared in a shape the overlays cannot apply is not applied (no error of its
    own, nothing raised), and the structure check that follows says what is wrong with it."""
    text = BASE + """options:
  b:
    description: b
    default: "no"
    choices: [1, 2]
"""
    path = tmp_path / "t.yaml"
    doc, merge_errors = merged(path, text=text)
    assert merge_errors == [] and apply_options(doc, {"b": "1"}) == []
    found = pipeline.spec_errors(path, {"b": "1"}, text=text)[1]
    assert [(e.message, e.line, e.column) for e in found] == [
        ("`options.b.choices` must be a mapping of keys, not a list", 18, 14)]
    assert pipeline.spec_errors(path, text=BASE)[1] == []


# ---- 2. chains ------------------------------------------------------------------------

def test_chain_of_two_levels_works():
    chain = bad("chain_ravage")
    code, out, err = cli("validate", chain)
    assert code == EXIT_OK, err
    assert "Barbu with Ravage City, renamed: 4 players, 52 cards, 8 contracts" in out, out
    doc = resolve(chain)
    assert [Path(f).resolve() for f in doc.chain] == [chain, RAVAGE, BARBU]
    assert doc.data["title"] == "Barbu with Ravage City, renamed"
    # everything else is ravage-city.yaml's
    ravage = resolve(RAVAGE).data
    assert {k: v for k, v in doc.data.items() if k != "title"} == {k: v for k, v in ravage.items() if k != "title"}
    game = load_game(chain)
    assert "ravage_city" in game.contracts and game.deals(game.new_state(0)) == 32
    # its options are ravage-city's (and barbu's)
    code, out, err = cli("validate", chain, "-o", "ravage_24=true", "-o", "early_stop=true")
    assert code == EXIT_OK, err


def test_chain_show_names_every_file():
    code, out, err = cli("show", bad("chain_ravage"))
    assert code == EXIT_OK, err
    head = out.splitlines()[0]
    files = head.split("resolved from ", 1)[1].split(" <- ")
    assert [Path(f).resolve() for f in files] == [BARBU, RAVAGE, bad("chain_ravage")], head
    assert yaml.safe_load(out)["title"] == "Barbu with Ravage City, renamed"


def test_chain_errors_point_into_each_file():
    """One chain, mistakes in different files: each error is in its own file."""
    # the top file's own mistake, the middle file's use of what the top removed, the middle file's mistake
    for name in ("chain_ravage_typo", "chain_ravage_removes", "chain_top_of_bad", "chain_three"):
        options, want = CASES[name]
        errors = spec_errors(bad(name), options)
        assert len(errors) == 1, [e.render() for e in errors]
        want.check(errors[0])


def test_diff_of_a_retitled_chain_is_not_no_differences():
    code, out, err = cli("diff", RAVAGE, bad("chain_ravage"))
    assert code == EXIT_OK, err
    assert "Barbu with Ravage City  ->  Barbu with Ravage City, renamed" in out
    assert "(no differences)" not in out, out


def extends_chain(folder, extends: int):
    """A base and `extends` files above it, each extending the one below; the top one's path."""
    (folder / "f0.yaml").write_text(BASE)
    for k in range(1, extends + 1):
        (folder / f"f{k}.yaml").write_text(f"extends: f{k - 1}.yaml\ntitle: t{k}\n")
    return folder / f"f{extends}.yaml"


def test_a_chain_of_twenty_files_resolves_and_one_of_twenty_one_is_refused(tmp_path):
    (tmp_path / "ok").mkdir()
    resolved = resolve(extends_chain(tmp_path / "ok", 19))
    assert len(resolved.chain) == 20 and resolved.data["title"] == "t19"
    (tmp_path / "long").mkdir()
    with pytest.raises(SpecErrors) as e:
        resolve(extends_chain(tmp_path / "long", 20))
    [error] = e.value.errors
    assert (error.message, error.line, error.column) == ("`extends` chains more than 20 files", 1, 10)
    assert error.file.endswith("f1.yaml")  # the file whose base would be the 21st


# ---- 3. show ----------------------------------------------------------------------------

SHOW_CASES = [
    *[(spec, {}) for spec in SHIPPED],
    (BARBU, {"declarer_blocks": "true"}),
    (BARBU, {"compulsory_doubles": "true", "early_stop": "true"}),
    (BARBU, {"positive_double_declarer_only": "true"}),
    (RAVAGE, {"ravage_24": "true", "ravage_no_rebalance": "true"}),
    (PARLETT, {"declarer_blocks": "true", "early_stop": "true"}),
    (DECLARER_ONLY, {"compulsory_doubles": "true"}),
    (BUSTARRET, {"players": "3"}),
    (BUSTARRET, {"players": "5", "heart_lead_ban": "true"}),
    (BUSTARRET, {"dealer_chooses": "true", "extra_games": "true", "domino4": "pagat"}),
    (BUSTARRET, {"each_dealer": "true", "early_stop": "true"}),
]


def overlay_keys(value, path=()):
    """Paths of every `+key` / `-key` (and `extends`) in `value`, outside `options`."""
    if isinstance(value, dict):
        for k, v in value.items():
            if path == () and k == "options":
                continue
            if isinstance(k, str) and (k.startswith(("+", "-")) or k == "extends"):
                yield path + (k,)
            yield from overlay_keys(v, path + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from overlay_keys(v, path + (i,))


def show(spec, options=None) -> dict:
    code, out, err = cli("show", spec, *opts(options))
    assert code == EXIT_OK, err
    data = yaml.safe_load(out)
    assert isinstance(data, dict), out
    return data


@pytest.mark.parametrize("spec,options", [pytest.param(s, o, id=f"{s.stem}-{','.join(f'{k}={v}' for k, v in o.items())}")
                                          for s, o in SHOW_CASES])
def test_show_prints_the_resolved_spec(spec, options):
    code, out, err = cli("show", spec, *opts(options))
    assert code == EXIT_OK, err
    assert err == ""
    assert out.startswith(f"# {spec}: resolved from "), out[:200]
    data = yaml.safe_load(out)
    assert isinstance(data, dict)
    assert "extends" not in data
    assert list(overlay_keys(data)) == []
    for name, value in options.items():
        assert f"{name}={value}" in out.splitlines()[1], out.splitlines()[1]
    # the same as the interpreter's resolution
    assert data == resolve(spec, options).data


def test_show_ravage_city_has_its_contract():
    data = show(RAVAGE)
    assert data["contracts"]["ravage_city"]["name"] == "Ravage City"
    assert list(data["contracts"])[:7] == list(show(BARBU)["contracts"])
    assert data["functions"]["ravage_penalty"]["value"] == 36
    assert show(RAVAGE, {"ravage_24": "true"})["functions"]["ravage_penalty"]["value"] == 24


def test_show_bustarret_players():
    five = show(BUSTARRET, {"players": "5"})
    assert five["seats"] == ["A", "B", "C", "D", "E"]
    assert five["pack"]["remove"] == ["2S", "2C"]
    three = show(BUSTARRET, {"players": "3"})
    assert three["seats"] == ["A", "B", "C"] and three["pack"]["remove"] == ["2C"]
    four = show(BUSTARRET)
    assert four["seats"] == ["A", "B", "C", "D"] and "remove" not in four["pack"]


def test_show_parlett_has_no_double_phase():
    data = show(PARLETT)
    assert "double" not in data["phases"]
    assert data["declarer"] == "left(dealer)"
    assert "announce" not in data["contracts"]["dominoes"]
    assert set(data["options"]) == {"declarer_blocks", "early_stop"}


@pytest.mark.parametrize("spec", SHIPPED, ids=lambda p: p.stem)
def test_show_output_is_a_spec_again(spec, tmp_path):
    """What `show` prints, saved, is a spec of the same game."""
    code, out, err = cli("show", spec)
    copy = tmp_path / "resolved.yaml"
    copy.write_text(out, encoding="utf-8")
    a, b = load_game(spec), load_game(copy)
    assert (a.n, len(a.pack), list(a.contracts), a.title) == (b.n, len(b.pack), list(b.contracts), b.title)
    assert a.deals(a.new_state(0)) == b.deals(b.new_state(0))


def test_show_of_a_broken_overlay_exits_3():
    code, out, err = cli("show", bad("typo_contract"))
    assert code == EXIT_SPEC and out == ""
    assert f"{bad('typo_contract')}:5:3: `contracts.no_trick` does not exist" in err, err


# ---- 4. diff -------------------------------------------------------------------------------

def diff_sections(text: str) -> dict[str, list[str]]:
    """The diff's sections: heading -> its (stripped) lines."""
    out: dict[str, list[str]] = {}
    current = None
    for line in text.splitlines()[1:]:
        if not line.strip():
            continue
        if not line.startswith(" "):
            current = line
            out[current] = []
        else:
            out[current].append(line.strip())
    return out


def diff(variant, options=None) -> tuple[str, dict[str, list[str]]]:
    code, out, err = cli("diff", BARBU, variant, *opts(options))
    assert code == EXIT_OK, err
    # readable words: no overlay syntax nor raw setting keys
    assert "`+" not in out and "`-" not in out and "extends" not in out, out
    for raw in ("may_double", "hand_size", "once_each", "schedule:", "show_hand_on_pass", "leader:"):
        assert raw not in out, (raw, out)
    return out, diff_sections(out)


def test_diff_ravage_city():
    out, s = diff(RAVAGE)
    assert out.splitlines()[0] == "Barbu (Blue Club rules)  ->  Barbu with Ravage City"
    assert "+ new contract Ravage City (`ravage_city`)" in s["Contracts"]
    assert any(ln.startswith("Dominoes (`dominoes`): score:") and "dominoes_bonus" in ln for ln in s["Contracts"])
    assert "+ new option `ravage_24`: pagat's scale, Ravage City costs 24 (Dominoes then +51 / +26 / +11 / +1)" \
        in s["Options"]
    assert s["In play"] == ["contracts: 7  ->  8", "deals in a game: 28  ->  32"]


def test_diff_parlett():
    out, s = diff(PARLETT)
    assert s["Declarer"] == ["declarer: dealer  ->  left(dealer)"]
    assert s["Steps of a deal"] == ["- no phase `double`"]
    assert "Trumps (`trumps`): play / play rules: follow suit, must win with a trump  ->  follow suit" \
        in s["Contracts"]
    assert any(ln.startswith("- no option `compulsory_doubles`") for ln in s["Options"])
    assert "In play" not in s  # same players, cards, contracts and deals


def test_diff_bustarret():
    out, s = diff(BUSTARRET)
    c = s["Contracts"]
    assert "+ new contract Salad (Salade) (`salad`)" in c
    for gone in ("No Last Two (`no_last_two`)", "Trumps (`trumps`)", "Dominoes (`dominoes`)"):
        assert f"- no contract {gone}" in c, (gone, c)
    assert "Barbu (`no_king_of_hearts`): name: No King of Hearts  ->  Barbu" in c
    assert "leader of the first trick: declarer  ->  left(dealer)" in s["Play (every contract)"]
    assert "`choose_contract`: + fixed order of contracts: no_tricks, no_hearts, no_queens, no_king_of_hearts, " \
           "salad" in s["Steps of a deal"]
    assert s["In play"] == ["contracts: 7  ->  5", "deals in a game: 28  ->  5"]


def test_diff_bustarret_with_five_players():
    out, s = diff(BUSTARRET, {"players": "5"})
    assert s["In play"][:2] == ["players: 4  ->  5", "cards in the pack: 52  ->  50"]
    assert "+ cards removed: 2S, 2C" in s["Pack"]


def test_diff_declarer_only_doubles():
    out, s = diff(DECLARER_ONLY)
    steps = s["Steps of a deal"]
    assert ("`double`: who may double whom: player != declarer or doubled(target, player)  ->  "
            "(player != declarer and target == declarer) or (player == declarer and doubled(target, player))") in steps
    assert "`double`: + must redouble all or none: player == declarer" in steps
    assert any(ln.startswith("- no option `positive_double_declarer_only`") for ln in s["Options"])
    assert "In play" not in s


@pytest.mark.parametrize("spec", SHIPPED, ids=lambda p: p.stem)
def test_diff_with_itself(spec):
    code, out, err = cli("diff", spec, spec)
    assert code == EXIT_OK, err
    lines = out.splitlines()
    assert len(lines) == 2 and lines[1] == "(no differences)", out


def test_diff_of_a_broken_overlay_exits_3():
    code, out, err = cli("diff", BARBU, bad("expr_in_overlay"))
    assert code == EXIT_SPEC and out == "", out
    assert f"{bad('expr_in_overlay')}:6:17: unknown name `trikcs_won`" in err, err


# ---- 5. each variant really is an overlay -----------------------------------------------

def plain_key(k) -> bool:
    return not (isinstance(k, str) and k.startswith(("+", "-")))


def restated(overlay, base, path=()):
    """Paths where a plain key of `overlay` sets the value the base already has."""
    for k, v in overlay.items():
        if not plain_key(k) or k == "extends" or not isinstance(base, dict) or k not in base:
            continue
        if isinstance(v, dict) and isinstance(base[k], dict):
            yield from restated(v, base[k], path + (k,))
        elif v == base[k]:
            yield path + (k,)


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda p: p.stem)
def test_variant_is_an_overlay(variant):
    raw = yaml.safe_load(variant.read_text(encoding="utf-8"))
    base_file = (variant.parent / raw["extends"]).resolve()
    assert base_file == BARBU
    base = resolve(BARBU).data
    # no contract that the base has restates its name
    for key, contract in (raw.get("contracts") or {}).items():
        if plain_key(key) and key in base["contracts"] and isinstance(contract, dict) and "name" in contract:
            assert contract["name"] != base["contracts"][key]["name"], (variant.name, key)
    # nor any other setting (the key is there only if it changes something)
    assert list(restated(raw, base)) == [], variant.name


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda p: p.stem)
def test_variant_is_short(variant):
    """The variant's text is a fraction of its base's. The base, barbu.yaml, has no `extends`: its resolved
    text is its own file (`show` drops its comments, which would make the comparison unfair)."""
    base_text = "\n".join(resolve(BARBU).lines)
    limit = 1.0 if variant == BUSTARRET else 0.4
    ratio = len(variant.read_text(encoding="utf-8")) / len(base_text)
    assert ratio < limit, f"{variant.name} is {ratio:.0%} of barbu.yaml"

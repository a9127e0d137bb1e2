"""Fuzzing: mutated specs and records, run in-process through validate, simulate and replay.

Every shipped spec and every record under `tests/records/` is mutated, either as data
(load it, delete a key, retype a value, insert an unknown key, put in unicode, huge
numbers, deep nesting, swap list items, break an expression, graft a part of the file
elsewhere; then dump it back) or as text (delete, repeat or swap lines, insert stray
characters, cut the file short, shift an indentation). Each case runs through
`interpreter.cli.run` and must keep the product's promises:

- no exception escapes `run()`, and no traceback or "internal error" is printed: a
  catch-all message is a bug to fix, not a pass;
- the exit code is one the documentation gives for the command (validate 0 or 3;
  simulate and replay 0, 1 or 3);
- every error of an invalid spec or record (exit 3) starts with `file:line:col`;
- no case takes more than 10 seconds.

The copies live in a temporary folder laid out like the repository (`specs/`,
`tests/records/`), whose `specs/` is on the spec search path, so `extends:` and a record's
`spec:` resolve as in the originals.

A small profile runs by default; `CARDSPEC_FUZZ=N` runs about N cases in all (spread
over the four tests) with fresh random draws, e.g. `CARDSPEC_FUZZ=10000`. With
`CARDSPEC_FUZZ_LOG=FILE` a line of progress is appended to FILE every 100 cases.
"""

from __future__ import annotations

import copy
import functools
import io
import json
import math
import os
import re
import shutil
import signal
import time
import traceback
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from interpreter.cli import run
from interpreter.core.errors import EXIT_SPEC, SpecErrors
from interpreter.load.loading import load

ROOT = Path(__file__).resolve().parents[2]
SPECS = sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "specs").rglob("*.yaml"))
RECORDS = sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "tests" / "records").glob("*.yaml"))

CASES = int(os.environ.get("CARDSPEC_FUZZ", "0") or 0)
LONG = CASES > 0
PER_TEST = -(-CASES // 4) if LONG else 40  # every example is one case: four tests make CASES or a few more
LOG = os.environ.get("CARDSPEC_FUZZ_LOG")
CASE_SECONDS = 10

FUZZ = settings(
    max_examples=PER_TEST,
    deadline=None,  # the time guard below is ours: 10 s a case, whatever the machine
    derandomize=not LONG,  # the default run is the same every time; the long one draws afresh
    database=None,
    phases=[Phase.explicit, Phase.generate],  # no shrinking: a failing case is shown as drawn, at once
    suppress_health_check=list(HealthCheck),
)

# Words that break expressions in interesting ways, and values of every type and size.
EXPR_BITS = ["(", ")", "[", "]", "+", "-", "*", "/", "/ 0", "% 0", "//", "==", "!=", "<", ">=", ".", ",", ":",
             "and", "or", "not", "if", "then", "else", "for", "in", "where", "count(", "sum(", "len(", "max(",
             "min(", "filter(", "any(", "all(", "none", "true", "false", "1e999", "99999999999999999999",
             "-1", "0", "[0]", "[-1]", "[99]", ".rank", ".suit", "card", "player", "dealer", "range(1, 0)",
             "é", "\u200b", "💥", "\t", "#", "'", '"', "&a", "*a", "!!str"]
ODD_SCALARS = [0, -1, 1, 2, 3, 13, 52, 10**100, -(10**30), 2**63, 1e308, -0.0, math.inf, -math.inf, math.nan,
               True, False, None, "", " ", "0", "yes", "~", "none", "é", "\u202e", "💥" * 3, "a" * 300]
TEXT_BITS = ["\n", "\t", " ", "  ", ":", ": ", "- ", "-", "[", "]", "{", "}", ",", "#", "&x ", "*x", "!!python/none",
             "? ", "|", ">", "'", '"', "%", "@", "`", "---\n", "...\n", "\u00a0", "\ufeff", "\x85", "\u2028",
             "é", "💥", "\x00", "\x07", "9999999999999999999999", "1e400", "<<: *x"]


# ---------------------------------------------------------------- the harness


class TooSlow(BaseException):
    """A case ran over CASE_SECONDS (a BaseException, so no `except Exception` can swallow it)."""


_progress = {"cases": 0, "start": time.perf_counter(), "codes": {}}


def _alarm(signum, frame):
    raise TooSlow()


def invoke(argv):
    """(exit code, stdout, stderr) of `cardspec ARGV`, in-process, within CASE_SECONDS."""
    out, err = io.StringIO(), io.StringIO()
    previous = signal.signal(signal.SIGALRM, _alarm)
    signal.setitimer(signal.ITIMER_REAL, CASE_SECONDS)
    start = time.perf_counter()
    try:
        code = run(argv, out, err)
    except TooSlow:
        pytest.fail(f"`cardspec {' '.join(argv)}` ran over {CASE_SECONDS} s")
    except Exception as e:
        pytest.fail(f"`cardspec {' '.join(argv)}` raised {type(e).__name__}: {e}\n"
                    + "".join(traceback.format_exception(e)))
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
    seconds = time.perf_counter() - start
    assert seconds <= CASE_SECONDS, f"`cardspec {' '.join(argv)}` took {seconds:.1f} s"
    return code, out.getvalue(), err.getvalue()


SUMMARY = re.compile(r"^(\d+ error\(s\)|\d+ of \d+ spec\(s\) invalid|\.\.\. and [\d,]+ more errors?)$")
LOCATED = re.compile(r"^[^\s].*?:\d+:\d+: \S")
CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")
EXIT_CODES = {"validate": {0, 3}, "simulate": {0, 1, 3}, "replay": {0, 1, 3}}


def check(argv, code, out, err):
    """The promises every case must keep (see the module docstring)."""
    command = argv[0]
    shown = out + err
    assert "Traceback" not in shown, shown
    assert "internal error" not in shown.lower(), shown
    assert code in EXIT_CODES[command], f"exit {code} from `cardspec {' '.join(argv)}`:\n{err}"
    hidden = set(CONTROL.findall(shown))
    assert not hidden, f"characters that break lines or drive the terminal reach it: {sorted(hidden)}\n{shown}"
    if code == 3:
        headlines = [line for line in err.split("\n") if line and not line.startswith(" ") and not SUMMARY.match(line)]
        assert headlines, f"exit 3 without an error:\n{err}"
        for line in headlines:
            assert LOCATED.match(line), f"an error without file:line:col from `cardspec {' '.join(argv)}`: {line!r}\n{err}"


def run_case(argv):
    """Run one command and check it."""
    code, out, err = invoke(argv)
    check(argv, code, out, err)
    key = f"{argv[0]} {code}"
    _progress["codes"][key] = _progress["codes"].get(key, 0) + 1
    return code


def _tick(final=False):
    if not final:
        _progress["cases"] += 1
    if LOG and (final or _progress["cases"] % 100 == 0):
        with open(LOG, "a", encoding="utf-8") as f:
            f.write("done: " if final else "")
            f.write(f"{_progress['cases']} cases, {time.perf_counter() - _progress['start']:.0f} s; "
                    f"exit codes {sorted(_progress['codes'].items())}\n")


@pytest.fixture(scope="module")
def tree(tmp_path_factory):
    """A copy of `specs/` and `tests/records/` laid out as in the repository; the totals are logged at the end."""
    top = tmp_path_factory.mktemp("fuzz")
    shutil.copytree(ROOT / "specs", top / "specs")
    shutil.copytree(ROOT / "tests" / "records", top / "tests" / "records")
    before = os.environ.get("CARDSPEC_SPEC_PATH")
    os.environ["CARDSPEC_SPEC_PATH"] = str(top / "specs")  # the records' `spec:` lead there, as in the repository
    try:
        yield top
    finally:
        if before is None:
            os.environ.pop("CARDSPEC_SPEC_PATH", None)
        else:
            os.environ["CARDSPEC_SPEC_PATH"] = before
    _tick(final=True)


def _write(tree, original: str, text: str) -> str:
    """Write a mutated file next to its original (so relative paths resolve alike); return its path."""
    path = tree / Path(original).parent / "fuzz-case.yaml"
    path.write_text(text, encoding="utf-8")
    return str(path)


def spec_commands(path, data, seed):
    """Validate; if valid, simulate two short games."""
    code = run_case(["validate", path])
    if code == 0:
        run_case(["simulate", path, "--games", "2", "--max-deals", "2", "--seed", str(seed)])
    _tick()


def record_commands(path):
    run_case(["replay", path])
    _tick()


# ---------------------------------------------------------------- mutations


def _places(data, path=()):
    """Every (path, value) in `data`, the root first."""
    yield path, data
    if isinstance(data, dict):
        for k, v in data.items():
            yield from _places(v, path + (k,))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            yield from _places(v, path + (i,))


def _set(data, path, value):
    node = data
    for step in path[:-1]:
        node = node[step]
    node[path[-1]] = value


def _scalars(data):
    return [v for _, v in _places(data) if isinstance(v, (str, int, float, bool)) and not isinstance(v, bool)]


def values(data):
    """A value to put somewhere: odd scalars, text, words of the file, small containers."""
    words = sorted({str(v) for v in _scalars(data)} | {k for p, _ in _places(data) for k in p if isinstance(k, str)})
    scalar = st.one_of(st.sampled_from(ODD_SCALARS), st.integers(-3, 60), st.text(max_size=12),
                       st.sampled_from(words or ["x"]))
    return st.one_of(scalar, st.lists(scalar, max_size=3), st.dictionaries(st.sampled_from(words or ["x"]), scalar, max_size=2))


def _break_text(draw, text: str) -> str:
    """An expression (or any text) with a piece inserted, removed or repeated."""
    how = draw(st.sampled_from(["insert", "delete", "repeat", "cut", "replace"]))
    i = draw(st.integers(0, len(text)))
    j = draw(st.integers(i, len(text)))
    if how == "insert":
        return text[:i] + draw(st.sampled_from(EXPR_BITS)) + text[i:]
    if how == "delete":
        return text[:i] + text[j:]
    if how == "repeat":
        return text[:j] + text[i:j] + text[j:]
    if how == "cut":
        return text[:i]
    return text[:i] + draw(st.sampled_from(EXPR_BITS)) + text[j:]


@st.composite
def mutated_data(draw, data):
    """`data` with one to three mutations."""
    data = copy.deepcopy(data)
    for _ in range(draw(st.integers(1, 3))):
        places = list(_places(data))
        path, value = draw(st.sampled_from(places))
        how = draw(st.sampled_from(["delete", "retype", "insert", "unicode", "huge", "nest", "swap", "expression",
                                    "graft", "number"]))
        if how == "delete" and isinstance(value, dict) and value:
            del value[draw(st.sampled_from(sorted(value)))]
        elif how == "delete" and isinstance(value, list) and value:
            del value[draw(st.integers(0, len(value) - 1))]
        elif how == "insert" and isinstance(value, dict):
            key = draw(st.one_of(st.text(min_size=1, max_size=10), st.sampled_from([k for p, _ in places for k in p
                                                                                    if isinstance(k, str)] or ["x"])))
            value[key] = draw(values(data))
        elif how == "swap" and isinstance(value, list) and len(value) >= 2:
            i, j = draw(st.integers(0, len(value) - 1)), draw(st.integers(0, len(value) - 1))
            value[i], value[j] = value[j], value[i]
        elif not path:
            continue  # the remaining mutations replace a value, and the root stays a mapping
        elif how == "retype":
            _set(data, path, draw(values(data)))
        elif how == "unicode":
            _set(data, path, draw(st.text(min_size=1, max_size=20)))
        elif how == "huge":
            _set(data, path, draw(st.sampled_from([10**100, -(10**100), 2**64, 1e308, 10**6, -(10**6)])))
        elif how == "number" and isinstance(value, int) and not isinstance(value, bool):
            _set(data, path, draw(st.integers(-2, max(2 * value, 8))))
        elif how == "nest":
            depth = draw(st.sampled_from([1, 2, 5, 40, 98, 99, 101, 150]))
            for _ in range(depth):
                value = [value] if draw(st.booleans()) or depth > 50 else {"x": value}
            _set(data, path, value)
        elif how == "expression" and isinstance(value, str):
            _set(data, path, _break_text(draw, value))
        elif how == "graft":
            _, other = draw(st.sampled_from(places))
            _set(data, path, copy.deepcopy(other))
    return data


def dump(data) -> str:
    """YAML text of `data` (JSON, which is YAML, when PyYAML's emitter cannot nest that deep)."""
    try:
        return yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=100)
    except RecursionError:
        return json.dumps(data, ensure_ascii=False)


@st.composite
def mutated_text(draw, text):
    """`text` with one to three edits of its lines or characters."""
    for _ in range(draw(st.integers(1, 3))):
        lines = text.split("\n")
        how = draw(st.sampled_from(["delete line", "repeat line", "swap lines", "insert", "cut", "indent", "dedent",
                                    "number", "brackets"]))
        n = draw(st.integers(0, max(len(lines) - 1, 0)))
        if how == "delete line":
            del lines[n]
        elif how == "repeat line":
            lines.insert(n, lines[n])
        elif how == "swap lines":
            m = draw(st.integers(0, len(lines) - 1))
            lines[n], lines[m] = lines[m], lines[n]
        elif how == "indent":
            lines[n] = " " * draw(st.integers(1, 3)) + lines[n]
        elif how == "dedent":
            lines[n] = lines[n][draw(st.integers(1, 3)):]
        if how in ("delete line", "repeat line", "swap lines", "indent", "dedent"):
            text = "\n".join(lines)
            continue
        i = draw(st.integers(0, len(text)))
        if how == "insert":
            bit = draw(st.one_of(st.sampled_from(TEXT_BITS), st.text(min_size=1, max_size=5)))
            text = text[:i] + bit + text[i:]
        elif how == "cut":
            text = text[:i]
        elif how == "number":  # the next number from i on
            number = draw(st.sampled_from(["0", "-1", "1" * 40, "1e999", "0x1F", "1_0", "0.5"]))
            text = text[:i] + re.sub(r"\d+", number, text[i:], count=1)
        elif how == "brackets":
            k = draw(st.sampled_from([50, 101, 3000, 30000]))
            text = text[:i] + "[" * k + "]" * draw(st.sampled_from([0, k])) + text[i:]
    return text


def _original(rel):
    return (ROOT / rel).read_text(encoding="utf-8")


def _data(rel):
    return load(ROOT / rel, kind="record" if rel in RECORDS else "spec").data


# ---------------------------------------------------------------- the properties


@FUZZ
@given(st.data())
def test_mutated_spec_data(tree, data):
    rel = data.draw(st.sampled_from(SPECS), label="spec")
    spec = data.draw(mutated_data(_data(rel)), label="mutated")
    spec_commands(_write(tree, rel, dump(spec)), spec, data.draw(st.integers(0, 999), label="seed"))


@FUZZ
@given(st.data())
def test_mutated_spec_text(tree, data):
    rel = data.draw(st.sampled_from(SPECS), label="spec")
    text = data.draw(mutated_text(_original(rel)), label="mutated")
    spec_commands(_write(tree, rel, text), None, data.draw(st.integers(0, 999), label="seed"))


@functools.lru_cache(maxsize=None)
def _loadable() -> list[str]:
    """The records that load (one that is bad on purpose has its text mutated only)."""
    out = []
    for rel in RECORDS:
        try:
            _data(rel)
        except SpecErrors:
            continue
        out.append(rel)
    return out


@FUZZ
@given(st.data())
def test_mutated_record_data(tree, data):
    rel = data.draw(st.sampled_from(_loadable()), label="record")
    record = data.draw(mutated_data(_data(rel)), label="mutated")
    record_commands(_write(tree, rel, dump(record)))


@FUZZ
@given(st.data())
def test_mutated_record_text(tree, data):
    rel = data.draw(st.sampled_from(RECORDS), label="record")
    record_commands(_write(tree, rel, data.draw(mutated_text(_original(rel)), label="mutated")))


def test_the_harness_catches_what_it_must(tree):
    """The property is not vacuous: a traceback, an unlocated error and a bad exit code all fail it."""
    with pytest.raises(AssertionError):
        check(["validate", "x"], 3, "", "Traceback (most recent call last):\n")
    with pytest.raises(AssertionError):
        check(["validate", "x"], 3, "", "cardspec: internal error: KeyError 'x'\n")
    with pytest.raises(AssertionError):
        check(["validate", "x"], 3, "", "x.yaml: the spec is nested too deeply\n1 of 1 spec(s) invalid\n")
    with pytest.raises(AssertionError):
        check(["validate", "x"], 1, "", "")
    with pytest.raises(AssertionError):
        check(["validate", "x"], 3, "", "x.yaml:3:4: unknown key `\x1b[2J`\n1 of 1 spec(s) invalid\n")
    check(["validate", "x"], 3, "", "x.yaml:3:4: unknown key `scroe`\n    scroe: 1\n    ^\n1 of 1 spec(s) invalid\n")


# ---------------------------------------------------------------- found and fixed


def test_first_deal_that_breaks_a_rule_is_a_game_failure(tree):
    text = _original("specs/barbu/barbu.yaml").replace("    hand_size: 13 ", "    hand_size: deal_number - 2 ")
    path = _write(tree, "specs/barbu/barbu.yaml", text)
    assert _cli(["simulate", path, "--games", "1"]) == (
        1, "cardspec simulate: game 1 (seed 1): deal 1: cannot deal -1 cards each to 4 players from a pack of 52\n")


def test_layout_target_beyond_the_players_ends_when_all_are_out(tree):
    text = _original("specs/barbu/barbu.yaml").replace("ends_when_out: count(seats) - 1",
                                                       "ends_when_out: 1000000000000000000")
    assert "1000000000000000000" in text
    path = _write(tree, "specs/barbu/barbu.yaml", text)
    code, out, err = invoke(["simulate", path, "--games", "2", "--max-deals", "28", "--seed", "43"])
    assert (code, err) == (0, "") and "Dominoes" in out


def test_a_layout_target_past_the_bound_of_numbers_is_refused_at_its_place(tree):
    text = _original("specs/barbu/barbu.yaml").replace("ends_when_out: count(seats) - 1",
                                                       "ends_when_out: 18446744073709551616")
    path = _write(tree, "specs/barbu/barbu.yaml", text)
    code, out, err = invoke(["validate", path])
    line = text[:text.index("18446744073709551616")].count("\n") + 1
    assert code == EXIT_SPEC and f".yaml:{line}:24:" in err
    assert "this number is too large: numbers are at most 10^18 in size" in err


def test_extends_with_a_name_too_long_for_the_system_is_an_error(tree):
    text = "extends: " + "b" * 300 + ".yaml\ntitle: x\n"
    path = _write(tree, "specs/barbu/barbu.yaml", text)
    code, out, err = invoke(["validate", path])
    shown = f"{'b' * 60}...{'b' * 35}.yaml (305 characters)"  # a long name is shortened in messages
    assert code == 3 and err.startswith(f"{path}:1:10: cannot use the base spec `{shown}`: the file name is "
                                        "too long"), err


# ---------------------------------------------------------------- found by the fuzz cases, fixed
# Each was found by the fuzz cases above, in another module, and is fixed there.


def _cli(argv):
    out, err = io.StringIO(), io.StringIO()
    return run(argv, out, err), err.getvalue()


def _replay_changed(tree, spec_line):
    """(path, exit code, stderr) of replaying Barbu's first example with its `spec:` line replaced."""
    text = _original("tests/records/barbu_example1.yaml").replace("spec: ../../specs/barbu/barbu.yaml", spec_line)
    path = _write(tree, "tests/records/barbu_example1.yaml", text)
    return (path, *_cli(["replay", path]))


def test_known_turn_up_taken_away_from_a_trump_bid_is_refused_before_play(tree):
    # (it used to fail during play, when a seat took the suit of a card nobody turned up)
    text = _original("specs/klaberjass/klaberjass.yaml").replace("    turn_up: offer ", "    # no turn-up ")
    path = _write(tree, "specs/klaberjass/klaberjass.yaml", text)
    code, err = _cli(["simulate", path, "--games", "1", "--seed", "0"])
    assert code == 3 and err.splitlines()[0].endswith(
        ": a `trump_bid` phase bids over a turned-up card, but no deal before it turns one up: add `turn_up: offer` "
        "to the deal")


def test_known_missing_spec_of_a_record_is_placed_in_the_record(tree):
    path, code, err = _replay_changed(tree, "spec: ../../specs/barbu/no-such.yaml")
    assert code == 3 and err.startswith(f"{path}:9:7: ")


def test_known_unknown_option_of_a_record_is_placed_in_the_record(tree):
    path, code, err = _replay_changed(tree, "spec: ../../specs/barbu/barbu.yaml\noptions: {x: 1}")
    assert code == 3 and err.startswith(f"{path}:10:")


def test_known_over_long_spec_name_of_a_record_is_an_error(tree):
    path, code, err = _replay_changed(tree, "spec: " + "a" * 300 + ".yaml")
    assert code == 3 and err.startswith(f"{path}:9:7: ")


def test_known_folder_as_spec_of_a_record_is_placed_in_the_record(tree):
    path, code, err = _replay_changed(tree, "spec: ..")
    assert code == 3 and err.startswith(f"{path}:9:7: ")

"""Bounded work for any input: many errors, deep nesting, large files.

Each test states the exact message a person gets; none is timed (the time of 10,000 bad
ranks is measured by `tools/bounds_bench.py` and written in the README).
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest
import yaml

from interpreter.cli import run
from interpreter.core.errors import EXIT_SPEC, MAX_LINE, SpecError, SpecErrors
from interpreter.expr.syntax import MAX_DEPTH as EXPR_DEPTH
from interpreter.expr.syntax import ExprError, parse
from interpreter.load import loading
from interpreter.load.loading import load

ROOT = Path(__file__).resolve().parents[2]
BARBU = (ROOT / "specs" / "barbu" / "barbu.yaml").read_text(encoding="utf-8")
RANKS = "ranks: [A, K, Q, J, T, 9, 8, 7, 6, 5, 4, 3, 2]"
SCORE = "    score: -2 * tricks_won"
LOADERS = [loading._PythonLoader] + ([yaml.CSafeLoader] if hasattr(yaml, "CSafeLoader") else [])


def validate(tmp_path, text):
    """(exit code, stdout, stderr) of `cardspec validate` on `text` written to spec.yaml."""
    spec = tmp_path / "spec.yaml"
    spec.write_text(text, encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    code = run(["validate", str(spec)], out, err)
    return code, out.getvalue(), err.getvalue().replace(str(spec), "spec.yaml")


def load_errors(text):
    with pytest.raises(SpecErrors) as caught:
        load("t.yaml", text=text)
    return caught.value.errors


# ------------------------------------------------------------------ many errors


def test_ten_thousand_bad_ranks_show_fifty_errors_and_a_count(tmp_path):
    ranks = ", ".join(f"X{i}" for i in range(10_000))
    code, out, err = validate(tmp_path, BARBU.replace(RANKS, f"ranks: [{ranks}]"))
    assert code == EXIT_SPEC and out == ""
    lines = err.splitlines()
    assert lines[0] == ("spec.yaml:15:11: `pack.ranks[0]` must be a rank: a capital letter (`A`, `K`, `T` the "
                        "ten) or a number up to 99, not `X0`")
    assert sum(line.startswith("spec.yaml:15:") for line in lines) == 50
    assert lines[-2:] == ["... and 9,950 more errors", "1 of 1 spec(s) invalid"]
    # the 50th error is X49; a long source line is shown as a window around the caret
    assert "`pack.ranks[49]`" in err and "`pack.ranks[50]`" not in err
    assert max(len(line) for line in lines) < MAX_LINE + 20


def test_one_more_error_is_said_in_the_singular():
    errors = [SpecError(f"problem {i}", file="f.yaml", line=i + 1, column=1) for i in range(51)]
    assert SpecErrors(errors).render().splitlines()[-1] == "... and 1 more error"
    assert "more error" not in SpecErrors(errors[:50]).render()


def test_long_source_line_is_cut_around_the_caret():
    src = "x" * 1000 + "BAD" + "y" * 1000
    text = SpecError("bad", file="f.yaml", line=1, column=1001, source_line=src).render()
    _, shown, caret = text.splitlines()
    assert shown == "    …" + "x" * 80 + "BAD" + "y" * 77 + "…"
    assert shown[caret.index("^")] == "B"


def test_long_source_line_start_keeps_its_caret():
    src = "ab" + "z" * 500
    text = SpecError("bad", file="f.yaml", line=1, column=2, source_line=src).render()
    _, shown, caret = text.splitlines()
    assert shown == "    ab" + "z" * (MAX_LINE - 2) + "…" and caret == "     ^"


def test_many_semantic_errors_are_each_reported_once(tmp_path):
    removed = ", ".join(f"Z{i}S" for i in range(3000))
    text = BARBU.replace(RANKS, RANKS + f"\n  remove: [{removed}]")
    code, _, err = validate(tmp_path, text)
    assert code == EXIT_SPEC
    assert err.splitlines()[-2:] == ["... and 2,950 more errors", "1 of 1 spec(s) invalid"]


# ------------------------------------------------------------------ deep nesting


@pytest.mark.parametrize("n", [101, 30_000, 100_000])
def test_deeply_bracketed_expression_is_refused_at_its_bracket(tmp_path, n):
    expression = "[" * n + "1" + "]" * n
    code, _, err = validate(tmp_path, BARBU.replace(SCORE, f'    score: "{expression}"', 1))
    assert code == EXIT_SPEC
    # the score's text starts at column 13; the bracket that opens level 101 is the 101st
    assert err.splitlines()[0] == f"spec.yaml:71:{13 + EXPR_DEPTH}: the expression is nested too deeply (more than 100 levels)"
    assert "  hint: split it into named `functions`" in err


def test_long_operator_chain_is_refused_without_recursion():
    with pytest.raises(ExprError) as caught:
        parse("not " * 30_000 + "true")
    assert (caught.value.message, caught.value.line, caught.value.column) == (
        "the expression is nested too deeply (more than 100 levels)", 1, 4 * EXPR_DEPTH + 1)  # the 101st `not`


def test_nesting_just_under_the_limit_plays(tmp_path):
    expression = "-" * 96 + "(-2 * tricks_won)"  # an even number of signs: the score is unchanged
    spec = tmp_path / "spec.yaml"
    spec.write_text(BARBU.replace(SCORE, f'    score: "{expression}"', 1), encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    assert run(["simulate", str(spec), "--games", "1", "--max-deals", "3"], out, err) == 0, err.getvalue()


@pytest.mark.parametrize("loader", LOADERS, ids=lambda c: c.__name__)
@pytest.mark.parametrize("n", [100, 30_000])
def test_deeply_nested_yaml_is_refused_at_its_place(monkeypatch, loader, n):
    monkeypatch.setattr(loading, "_Loader", loader)
    [e] = load_errors("a: " + "[" * n + "]" * n + "\n")
    assert e.message == "the file is nested too deeply: more than 100 lists or mappings inside each other"
    # the root mapping is the first level: the 100th bracket opens the 101st
    assert e.line == 1 and e.column in (103, 1003)  # the C loader stops at its own, deeper limit first
    if loader is not yaml.__dict__.get("CSafeLoader") or n == 100:
        assert e.column == 103


@pytest.mark.parametrize("loader", LOADERS, ids=lambda c: c.__name__)
def test_nesting_at_the_limit_loads(monkeypatch, loader):
    monkeypatch.setattr(loading, "_Loader", loader)
    doc = load("t.yaml", text="a: " + "[" * 99 + "]" * 99 + "\nb:\n" + "".join("  " * i + "- \n" for i in range(1, 99)))
    assert doc.data["b"] is not None


def test_deep_block_nesting_is_refused_at_its_line():
    [e] = load_errors("a:\n" + "".join("  " * i + "- \n" for i in range(1, 200)))
    assert (e.line, e.column) == (101, 201)


# ------------------------------------------------------------------ large files


def test_large_file_without_aliases_is_not_an_alias_bomb(monkeypatch):
    monkeypatch.setattr(loading, "MAX_VALUES", 1000)  # what aliases may add
    deal = "  - dealer: A\n    hands: {A: [AS, KS], B: [QS, JS]}\n    actions: [A play AS, B play QS, A play KS, B play JS]\n"
    doc = load("r.yaml", text="format: cardspec-record/1\ndeals:\n" + deal * 200, kind="record")  # 2,403 values written
    assert len(doc.data["deals"]) == 200
    [e] = load_errors("a: &a [" + ", ".join(["x"] * 100) + "]\nb: [" + ", ".join(["*a"] * 11) + "]\n")
    assert e.message == "the file expands to more than 1,000 values; aliases are nested too deeply"


def test_a_file_over_the_size_limit_says_so(monkeypatch):
    monkeypatch.setattr(loading, "MAX_WRITTEN", 1000)
    [e] = load_errors("deals:\n" + "  - [a, b, c]\n" * 400)
    assert e.message == "the file is too large: it holds more than 1,000 values"
    assert (e.line, e.column) == (251, 9)  # the root, the list, then 4 values an entry: `b` of entry 250 is value 1,001


"""Tests of loading specs: plain data, marks, YAML mistakes told in words at their place, the limits
on values and nesting, located errors, and places inside values (offsets into scalars)."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from interpreter.core.errors import SpecError, SpecErrors
from interpreter.load import loading
from interpreter.load.loading import Document, Mark, load

REFERENCE = Path(__file__).resolve().parents[2] / "specs" / "barbu" / "barbu.yaml"

# Both PyYAML loaders give the same marks; the errors are worded alike whichever is used.
LOADERS = [yaml.SafeLoader] + ([yaml.CSafeLoader] if hasattr(yaml, "CSafeLoader") else [])


def reference_spec() -> Document:
    """The reference spec, loaded; a load error fails the test with the rendered errors."""
    try:
        return load(REFERENCE)
    except SpecErrors as errs:
        pytest.fail("the reference spec does not load:\n" + errs.render())

# ---------------------------------------------------------------- the reference spec


def test_reference_spec_data():
    doc = reference_spec()
    data = doc.data
    assert data["game"] == "Barbu"
    assert data["seats"] == ["A", "B", "C", "D"]
    assert data["pack"]["ranks"][:6] == ["A", "K", "Q", "J", "T", 9]  # YAML reads 9 as a number
    assert list(data["phases"]) == ["deal", "choose_contract", "announce", "double", "play", "score"]
    assert data["phases"]["deal"] == {"hand_size": 13, "packets": [1], "first": "left(dealer)"}
    assert data["phases"]["choose_contract"]["once_each"] is True
    assert data["phases"]["play"] is None and data["phases"]["score"] is None
    assert list(data["play_rules"]) == ["follow suit", "heart-lead ban", "must win with a trump"]
    assert list(data["contracts"])[:2] == ["no_tricks", "no_queens"]
    assert data["contracts"]["no_tricks"] == {"name": "No Tricks", "score": "-2 * tricks_won", "total": -26}
    assert data["contracts"]["trumps"]["announce"] == {"trump": "suit"}
    assert data["match"]["total"] == 0
    assert "game" in data and "match" in data


def line_of(fragment: str) -> int:
    """The 1-based line of the reference spec that first contains `fragment`."""
    for i, line in enumerate(REFERENCE.read_text().splitlines(), 1):
        if fragment in line:
            return i
    raise AssertionError(f"{fragment!r} not in the reference spec")


def test_reference_spec_marks():
    doc = reference_spec()
    assert doc.marks[("game",)] == Mark(line_of("game: Barbu"), 7, None, line_of("game: Barbu"), 1)
    assert doc.marks[("seats", 2)] == Mark(line_of("seats: [A, B, C, D]"), 15, None)
    pack = line_of("pack:")
    assert doc.marks[("pack",)] == Mark(pack + 1, 3, None, pack, 1)  # a block mapping starts at its first key
    may = line_of("may_double:")
    assert doc.marks[("phases", "double", "may_double")] == Mark(may, 17, None, may, 5)
    keep = line_of("keep: card.suit == led_suit")
    assert doc.marks[("play_rules", "follow suit", "keep")] == Mark(keep, 11, None, keep, 5)
    trump = line_of("trump: suit")
    assert doc.marks[("contracts", "trumps", "announce", "trump")] == Mark(trump, 14, None, trump, 7)
    play = doc.marks[("phases", "play")]  # an empty value: just after its key's colon
    assert (play.line, play.key_line, play.key_column) == (line_of("  play:"), line_of("  play:"), 3)
    assert doc.file.endswith("barbu.yaml")
    assert doc.lines[line_of("game: Barbu") - 1] == "game: Barbu"


def test_reference_spec_errors_are_placed():
    doc = reference_spec()
    score = line_of("score: -2 * tricks_won")
    e = doc.error(("contracts", "no_tricks", "score"), "unknown name", offset=(1, 6))
    assert (e.line, e.column) == (score, 17)
    assert e.source_line == "    score: -2 * tricks_won"
    assert e.path == ("contracts", "no_tricks", "score")
    e = doc.error(("contracts", "no_tricks"), "x", at_key=True)
    assert (e.line, e.column) == (line_of("no_tricks:"), 3)
    # a path that does not exist is placed at its nearest parent
    e = doc.error(("contracts", "no_tricks", "nothing", 3), "x")
    assert (e.line, e.column) == (line_of("no_tricks:") + 1, 5)


# ---------------------------------------------------------------- loading errors


def errors_of(text: str) -> list[SpecError]:
    with pytest.raises(SpecErrors) as info:
        load("t.yaml", text=text)
    return info.value.errors


def test_missing_file(tmp_path):
    with pytest.raises(SpecErrors) as info:
        load(tmp_path / "nope.yaml")
    [e] = info.value.errors
    assert e.message == "file not found" and e.line is None
    assert e.file == str(tmp_path / "nope.yaml")


def test_folder_is_not_a_spec(tmp_path):
    with pytest.raises(SpecErrors) as info:
        load(tmp_path)
    assert "folder" in info.value.errors[0].message


def test_not_utf8(tmp_path):
    f = tmp_path / "latin.yaml"
    f.write_bytes(b"game: Barbu\ntitle: caf\xe9\n")
    with pytest.raises(SpecErrors) as info:
        load(f)
    [e] = info.value.errors
    assert (e.line, e.column) == (2, 11) and "UTF-8" in e.message


def test_utf8_bom_and_crlf(tmp_path):
    f = tmp_path / "bom.yaml"
    f.write_bytes("\ufeffgame: Barbu\r\ntitle: café\r\n".encode("utf-8"))
    doc = load(f)
    assert doc.data == {"game": "Barbu", "title": "café"}
    assert doc.marks[("title",)] == Mark(2, 8, None, 2, 1)
    assert doc.lines == ["game: Barbu", "title: café"]


@pytest.mark.parametrize("text", ["", "\n\n", "# just a comment\n", "---\n", "~\n"])
def test_empty_spec(text):
    [e] = errors_of(text)
    assert e.message == "a spec must be a mapping of keys like `game:` and `pack:`" and e.line and e.column


def test_a_record_read_as_a_spec_is_named_for_what_it_is(tmp_path):
    """One error that says what the file is and what reads it, at its `format:`, not every key a
    spec has and a record lacks."""
    f = tmp_path / "my game.yaml"
    f.write_text("# a game\nformat: cardspec-record/1\nspec: barbu/barbu\ndeals: []\n")
    with pytest.raises(SpecErrors) as info:
        load(f)
    [e] = info.value.errors
    assert (e.message, e.line, e.column) == ("this file is the record of a game, not a spec", 2, 9)
    assert e.hint == (f"`cardspec replay '{f}'` checks a record; `cardspec serve --replay '{f}'` steps through it")
    assert load(f, kind="record").data["format"] == "cardspec-record/1"


@pytest.mark.parametrize("key", ["extends: barbu", "phases: {}", "contracts: {}", "pack: {}", "play: {}"])
def test_a_spec_read_as_a_record_is_named_for_what_it_is(tmp_path, key):
    f = tmp_path / "house.yaml"
    f.write_text(f"title: Barbu, dearer queens\n{key}\n")
    with pytest.raises(SpecErrors) as info:
        load(f, kind="record")
    [e] = info.value.errors
    assert (e.message, e.line, e.column) == ("this file is a game's spec, not the record of a game", 1, 1)
    assert e.hint == (f"`cardspec validate {f}` checks a spec; `cardspec play {f} --record game.yaml` plays it "
                      "and writes a record to replay")
    assert load(f).data["title"] == "Barbu, dearer queens"


def test_a_record_with_stray_spec_keys_is_still_read_as_a_record(tmp_path):
    """A file with `format:` is a record, whatever else it holds (the record's own checks refuse the rest)."""
    f = tmp_path / "r.yaml"
    f.write_text("format: cardspec-record/1\nphases: {}\n")
    assert set(load(f, kind="record").data) == {"format", "phases"}


@pytest.mark.parametrize("text", ["- a\n- b\n", "Barbu\n", "13\n"])
def test_root_not_mapping(text):
    [e] = errors_of(text)
    assert "a spec must be a mapping" in e.message and (e.line, e.column) == (1, 1)


def test_all_duplicate_keys_are_reported():
    errs = errors_of("a: 1\nb:\n  x: 1\n  x: 2\na: 3\n")
    assert [(e.line, e.column, e.message) for e in errs] == [
        (4, 3, "duplicate key `x` (first at line 3)"),
        (5, 1, "duplicate key `a` (first at line 1)"),
    ]


def test_keys_keep_their_text():
    doc = load("t", text="9: nine\nyes: 1\nnull: 2\n1.0: x\n'3': y\n")
    assert list(doc.data) == ["9", "yes", "null", "1.0", "3"]
    [e] = errors_of("9: a\n'9': b\n")
    assert e.message.startswith("duplicate key `9`")


def test_scalars_resolve_like_safe_load():
    text = "a: 13\nb: -26\nc: 1.5\nd: true\ne: no\nf: ~\ng: 0x1F\nh: '13'\ni: 2024-01-01\nj: .inf\nk: 1_000\n"
    doc = load("t", text=text)
    expected = yaml.safe_load(text)
    expected["i"] = "2024-01-01"  # dates stay as written
    assert doc.data == expected
    assert type(doc.data["e"]) is bool and type(doc.data["a"]) is int


def test_anchors_aliases_and_merge():
    doc = load("t", text="base: &b {leader: declarer, rules: [follow suit]}\nother: *b\nmine:\n  <<: *b\n  leader: dealer\n")
    assert doc.data["other"] == {"leader": "declarer", "rules": ["follow suit"]}
    assert doc.data["mine"] == {"leader": "dealer", "rules": ["follow suit"]}
    # inner places of an alias point at the text they come from
    assert doc.marks[("other", "rules", 0)].line == 1


def test_recursive_alias():
    [e] = errors_of("a: &x [1, *x]\n")
    assert "refers to the value that contains it" in e.message and e.line == 1


def test_alias_bomb_is_refused():
    text = "a: &a [x, x, x, x, x, x, x, x, x, x]\n"
    for i in range(1, 8):
        prev, name = chr(96 + i), chr(97 + i)
        text += f"{name}: &{name} [{', '.join(['*' + prev] * 10)}]\n"
    [e] = errors_of(text)
    assert e.message == "the file expands to more than 100,000 values; aliases are nested too deeply"


def test_values_written_after_an_alias_count_against_the_written_limit_only(monkeypatch):
    monkeypatch.setattr(loading, "MAX_VALUES", 1000)  # what aliases may add
    doc = load("t.yaml", text="a: &x [1, 2]\nb: *x\nc: [" + ", ".join(["0"] * 2000) + "]\n")
    assert doc.data["b"] == [1, 2] and len(doc.data["c"]) == 2000
    assert (doc.marks[("b", 1)].line, doc.marks[("b", 1)].column) == (1, 11)  # where the value was written


def test_deep_nesting():
    errs = errors_of("a: " + "[" * 3000 + "]" * 3000 + "\n")
    assert errs and all(isinstance(e, SpecError) for e in errs)


def test_a_hundred_lists_or_mappings_inside_each_other_are_read_and_no_more():
    doc = load("t.yaml", text="a: " + "[" * 99 + "]" * 99 + "\n")  # with the mapping around them: 100
    depth, node = 0, doc.data
    while isinstance(node, (dict, list)) and node:
        node, depth = (node["a"] if isinstance(node, dict) else node[0]), depth + 1
    assert depth == 99 and node == []
    with pytest.raises(SpecErrors) as e:
        load("t.yaml", text="a: " + "[" * 100 + "]" * 100 + "\n")
    [error] = e.value.errors
    assert (error.message, error.line, error.column) == (
        "the file is nested too deeply: more than 100 lists or mappings inside each other", 1, 103)


def test_unsupported_tags():
    errs = errors_of("a: !!binary aGk=\nb: !card QS\n")
    assert [e.line for e in errs] == [1, 2]
    assert "`!!binary`" in errs[0].message and "`!card`" in errs[1].message


def test_control_character():
    [e] = errors_of("game: Bar\x07bu\n")
    assert (e.line, e.column) == (1, 10) and "U+0007" in e.message


def test_unclosed_quote_points_at_the_quote():
    [e] = errors_of("game: Barbu\ntitle: 'Barbu\nseats: [A]\n")
    assert (e.line, e.column) == (2, 8) and "never closed" in e.message


def test_undefined_alias():
    [e] = errors_of("a: *nothing\n")
    assert "`*nothing`" in e.message and (e.line, e.column) == (1, 4)


def test_unclosed_list_at_end_of_file():
    [e] = errors_of("seats: [A, B\n")
    assert e.line == 1 and e.source_line == "seats: [A, B" and "`]`" in e.message


INDENT = ("could not parse YAML: bad indentation, this line does not line up with the keys above",
          "keys of one mapping must start in the same column; check the indentation of this line")
ENTRY = ("could not parse YAML: expected a list entry `- ` here",
         "entries of one list must start with `- ` in the same column")
AFTER = "a value that goes on after a list or mapping must be put in quotes"


@pytest.mark.parametrize("text, message, hint, line, column", [
    ("a: 1\n---\nb: 2\n", "a spec file holds one YAML document, but a second one starts here",
     "remove the `---` line, or split the file", 2, 1),
    ("a:\n\t- 1\n", "could not parse YAML: a tab is used for indentation here",
     "YAML indents with spaces only; replace the tab with spaces", 2, 1),
    ("a: @x\n", "could not parse YAML: `@` cannot start a value", "put the value in quotes", 1, 4),
    ("a: b: c\n", "could not parse YAML: mapping values are not allowed here",
     'a `: ` inside a value starts a new key; put the whole value in quotes, e.g. score: "..."', 1, 5),
    ("a:\n  b: 1\n c: 2\n", *INDENT, 3, 2),
    ("a: [1, 2] x\n", *INDENT, 1, 11),
    ("a: 'x' [1]\n", "could not parse YAML: unexpected `[` after a value", AFTER, 1, 8),
    ("a: 'x' {b: 1}\n", "could not parse YAML: unexpected `{` after a value", AFTER, 1, 8),
    ("a:\n  - 1\n  x: 2\n", *ENTRY, 3, 3),
    ("- - a\n  - b\n - c\n", *ENTRY, 3, 2),
    ("a: *nope\n", "could not parse YAML: alias `*nope` has no anchor `&nope` before it", None, 1, 4),
    ("a: [1, *nope]\n", "could not parse YAML: alias `*nope` has no anchor `&nope` before it", None, 1, 8),
    ("x: 1\na: *nope\n", "could not parse YAML: alias `*nope` has no anchor `&nope` before it", None, 2, 4),
    ('a: 1\nb: "abc\n', "could not parse YAML: this quote is never closed", None, 2, 4),
    ("a: [1, 2\nb: 3\n", "could not parse YAML: expected `,` or `]`", "the list opened at line 1 is not closed properly",
     2, 2),
    ("a: {b: 1\nc: 2\n", "could not parse YAML: expected `,` or `}`",
     "the mapping opened at line 1 is not closed properly", 2, 2),
    ("a: 1\nb: [1, 2\n", "could not parse YAML: expected `,` or `]`", "the list opened at line 2 is not closed properly",
     2, 9),  # at the end of the file: just after its last line
    ("x: 1\na:\n  - b\n  c\n", "could not parse YAML: could not find expected ':'",
     "while scanning a simple key that starts at line 4", 4, 4),
    ("]\n", "could not parse YAML: did not find expected node content",
     "while parsing a block node that starts at line 1", 1, 1),
])
def test_a_yaml_mistake_is_told_in_words_at_its_place(text, message, hint, line, column):
    with pytest.raises(SpecErrors) as e:
        load("t.yaml", text=text)
    [error] = e.value.errors
    assert (error.message, error.hint, error.line, error.column) == (message, hint, line, column)


# ---------------------------------------------------------------- render


def test_render_shows_line_and_caret():
    doc = load("spec.yaml", text="game: Barbu\ncontracts:\n  a:\n    score: -2 * trikcs\n")
    e = doc.error(("contracts", "a", "score"), "unknown name `trikcs`", "did you mean `tricks`?", offset=(1, 6))
    assert e.render() == (
        "spec.yaml:4:17: unknown name `trikcs`\n"
        "        score: -2 * trikcs\n"
        "                    ^\n"
        "  hint: did you mean `tricks`?"
    )


def test_render_caret_under_tab_indented_text():
    [e] = errors_of("pack:\n\tsuits: [S]\n")
    lines = e.render().splitlines()
    assert lines[0] == "t.yaml:2:1: could not parse YAML: a tab is used for indentation here"
    assert lines[1] == "    \tsuits: [S]"
    assert lines[2] == "    ^"


def test_render_without_line():
    e = Document(data={}, file="x.yaml", lines=[]).error(("a",), "no place")
    assert e.render() == "x.yaml: no place"


# ---------------------------------------------------------------- offsets inside scalars

OFFSETS = """\
plain: left(dealer) + x
single: 'it''s + zz'
double: "a + \\"q\\" + zz"
literal: |
  first line
    more + zz
  last zz
folded: >-
  one two
  three zz

  four zz
list:
  - |2
     two + zz
multi: one two
  three zz
number: 13
"""


def place(doc: Document, path, offset):
    e = doc.error(path, "x", offset=offset)
    return e.line, e.column


@pytest.mark.parametrize("loader", LOADERS, ids=lambda L: L.__name__)
def test_offsets(loader, monkeypatch):
    monkeypatch.setattr(loading, "_Loader", loader)
    doc = load("t", text=OFFSETS)
    assert place(doc, ("plain",), (1, 1)) == (1, 8)
    assert place(doc, ("plain",), (1, 14)) == (1, 21)  # the `+`
    assert place(doc, ("plain",), (1, 17)) == (1, 24)  # just past the end
    assert doc.data["single"] == "it's + zz"
    assert place(doc, ("single",), (1, 1)) == (2, 10)  # +1 for the quote
    assert place(doc, ("single",), (1, 8)) == (2, 18)  # past `''`: one column more
    assert doc.data["double"] == 'a + "q" + zz'
    assert place(doc, ("double",), (1, 3)) == (3, 12)
    assert place(doc, ("double",), (1, 11)) == (3, 22)  # past two escapes
    assert doc.data["literal"] == "first line\n  more + zz\nlast zz\n"
    assert place(doc, ("literal",), (1, 1)) == (5, 3)  # content starts on the next line
    assert place(doc, ("literal",), (2, 8)) == (6, 10)
    assert place(doc, ("literal",), (3, 6)) == (7, 8)
    assert doc.data["folded"] == "one two three zz\nfour zz"
    assert place(doc, ("folded",), (1, 5)) == (9, 7)
    assert place(doc, ("folded",), (1, 15)) == (10, 9)
    assert place(doc, ("folded",), (2, 6)) == (12, 8)
    assert doc.data["list"] == [" two + zz\n"]
    assert place(doc, ("list", 0), (1, 2)) == (15, 6)  # explicit indentation: 2 past the list's
    assert doc.data["multi"] == "one two three zz"
    assert place(doc, ("multi",), (1, 5)) == (16, 12)
    assert place(doc, ("multi",), (1, 15)) == (17, 9)  # best honest mapping onto the next line
    assert place(doc, ("number",), (1, 2)) == (18, 10)


def test_offsets_land_on_the_same_character():
    """Every character of a scalar's value maps onto that very character of the file."""
    doc = load("t", text=OFFSETS)
    for path in [("plain",), ("single",), ("double",), ("literal",), ("folded",), ("list", 0), ("multi",)]:
        value = doc.value(path)
        for li, text in enumerate(value.split("\n"), 1):
            for ci, ch in enumerate(text, 1):
                line, column = place(doc, path, (li, ci))
                if ch == " " and doc.marks[path].style in (">", None) and column > len(doc.lines[line - 1]):
                    continue  # a line break folded into a space: placed at the end of the line
                assert doc.lines[line - 1][column - 1] == ch, (path, li, ci)


TEXT = '''contracts:
  plain: {score: 1 + foo}
  single: {score: '1 + foo'}
  double: {score: "1 +\\t foo"}
  number: {score: 123456}
  block: |
    1 +
      foo
  folded: >
    1 +
    foo
  indented: |2
      1 +
     foo
  empty: ""
'''
DOC = load("t.yaml", text=TEXT)


@pytest.mark.parametrize("key, offset, where", [
    ("plain", (1, 5), (2, 22)), ("plain", (1, 40), (2, 25)),  # past the end: just after the last character
    ("single", (1, 5), (3, 24)), ("single", (1, 1), (3, 20)),
    ("double", (1, 5), (4, 25)), ("double", (1, 7), (4, 27)),  # the escape `\t` is one character of the value
    ("number", (1, 5), (5, 23)), ("number", (2, 3), (6, 3)),
    ("block", (1, 3), (7, 7)), ("block", (2, 3), (8, 7)), ("block", (9, 1), (8, 11)),
    ("folded", (1, 5), (11, 5)), ("folded", (1, 7), (11, 7)),
    ("indented", (1, 5), (13, 9)), ("indented", (2, 2), (14, 6)),
    ("empty", (1, 5), (15, 11)),  # an empty value: where it starts
])
def test_a_place_inside_a_value_is_found_in_the_file(key, offset, where):
    path = ("contracts", key) if key in ("block", "folded", "indented", "empty") else ("contracts", key, "score")
    e = DOC.error(path, "m", offset=offset)
    assert (e.line, e.column) == where
    assert e.source_line == TEXT.splitlines()[where[0] - 1]


def test_an_error_at_a_key_or_at_a_path_the_file_lacks():
    e = DOC.error(("contracts", "plain", "score"), "m", at_key=True)
    assert (e.line, e.column, e.source_line) == (2, 11, "  plain: {score: 1 + foo}")
    e = DOC.error(("contracts", "plain", "nothere", 1), "m")  # its closest parent in the file
    assert (e.line, e.column) == (2, 10)
    e = DOC.error(("nothere",), "m")  # no parent but the root
    assert (e.line, e.column) == (1, 1)
    assert DOC.value(("contracts", "plain", "score")) == "1 + foo" and DOC.value(("contracts", "plain", 3)) is None


@pytest.mark.parametrize("text, key, where", [
    ("a: |2\nb: 1\n", "a", (2, 3)),  # an empty block: where its content would start
    ("a: >\n\nb: 1\n", "a", (2, 1)),
    ("x: 1\nscore: |\n", "score", (3, 1)),  # an empty block at the end of the file
])
def test_a_place_inside_an_empty_block_is_where_its_content_would_start(text, key, where):
    e = load("t.yaml", text=text).error((key,), "m", offset=(1, 1))
    assert (e.line, e.column) == where


# ---------------------------------------------------------------- fuzzing

YAMLISH = st.text(alphabet=st.sampled_from(list("ab9 :-[]{},#&*!|>'\"%@`?~.\n\t\\") + ["\r", "\ufeff", "é", "\x00"]), max_size=80)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(st.text(max_size=200), YAMLISH))
def test_any_text_gives_a_document_or_spec_errors(text):
    try:
        doc = load("fuzz.yaml", text=text)
    except SpecErrors as errs:
        assert errs.errors and all(isinstance(e, SpecError) for e in errs.errors)
        for e in errs.errors:
            e.render()
    else:
        assert isinstance(doc.data, dict)
        for path in list(doc.marks)[:20]:
            doc.error(path, "x", at_key=True).render()
            doc.error(path, "x", offset=(1, 2)).render()


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.binary(max_size=200))
def test_any_bytes_give_a_document_or_spec_errors(tmp_path, raw):
    f = tmp_path / "fuzz.yaml"
    f.write_bytes(raw)
    try:
        load(f)
    except SpecErrors as errs:
        assert all(isinstance(e, SpecError) for e in errs.errors)

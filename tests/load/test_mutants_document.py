"""Places in a loaded file (interpreter/load/document.py), where mutation testing found them
unchecked: a place inside a value written plain, quoted, with an escape, as a number, as a `|`
or `>` block (with an explicit indentation too), past its end, at its key, or at a parent."""

from __future__ import annotations

import pytest

from interpreter.load.loading import load

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


@pytest.mark.parametrize("key, offset, place", [
    ("plain", (1, 5), (2, 22)), ("plain", (1, 40), (2, 25)),  # past the end: just after the last character
    ("single", (1, 5), (3, 24)), ("single", (1, 1), (3, 20)),
    ("double", (1, 5), (4, 25)), ("double", (1, 7), (4, 27)),  # the escape `\t` is one character of the value
    ("number", (1, 5), (5, 23)), ("number", (2, 3), (6, 3)),
    ("block", (1, 3), (7, 7)), ("block", (2, 3), (8, 7)), ("block", (9, 1), (8, 11)),
    ("folded", (1, 5), (11, 5)), ("folded", (1, 7), (11, 7)),
    ("indented", (1, 5), (13, 9)), ("indented", (2, 2), (14, 6)),
    ("empty", (1, 5), (15, 11)),  # an empty value: where it starts
])
def test_a_place_inside_a_value_is_found_in_the_file(key, offset, place):
    path = ("contracts", key) if key in ("block", "folded", "indented", "empty") else ("contracts", key, "score")
    e = DOC.error(path, "m", offset=offset)
    assert (e.line, e.column) == place
    assert e.source_line == TEXT.splitlines()[place[0] - 1]


def test_an_error_at_a_key_or_at_a_path_the_file_lacks():
    e = DOC.error(("contracts", "plain", "score"), "m", at_key=True)
    assert (e.line, e.column, e.source_line) == (2, 11, "  plain: {score: 1 + foo}")
    e = DOC.error(("contracts", "plain", "nothere", 1), "m")  # its closest parent in the file
    assert (e.line, e.column) == (2, 10)
    e = DOC.error(("nothere",), "m")  # no parent but the root
    assert (e.line, e.column) == (1, 1)
    assert DOC.value(("contracts", "plain", "score")) == "1 + foo" and DOC.value(("contracts", "plain", 3)) is None


@pytest.mark.parametrize("text, key, place", [
    ("a: |2\nb: 1\n", "a", (2, 3)),  # an empty block: where its content would start
    ("a: >\n\nb: 1\n", "a", (2, 1)),
    ("x: 1\nscore: |\n", "score", (3, 1)),  # an empty block at the end of the file
])
def test_a_place_inside_an_empty_block_is_where_its_content_would_start(text, key, place):
    e = load("t.yaml", text=text).error((key,), "m", offset=(1, 1))
    assert (e.line, e.column) == place

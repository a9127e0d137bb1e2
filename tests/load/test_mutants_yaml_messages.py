"""YAML syntax errors in words (interpreter/load/yaml_messages.py), where mutation testing found them
unchecked: each kind of mistake with its message, hint, line and column."""

from __future__ import annotations

import pytest

from interpreter.core.errors import SpecErrors
from interpreter.load.loading import load

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

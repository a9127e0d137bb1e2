"""YAML syntax errors in the spec author's words, at the place the parser stopped.

The C and pure-Python loaders word their errors differently; both are turned into the
same plain words here, with a hint where one helps.
"""

from __future__ import annotations

import re

import yaml

from ..core.errors import SpecError
from .document import Document, _located

# Lists and mappings nest a few levels in any spec or record; every later pass (checks,
# merging, describing) walks them recursively, so deeper nesting is refused, at its place.
MAX_DEPTH = 100
_TOO_DEEP = f"the file is nested too deeply: more than {MAX_DEPTH} lists or mappings inside each other"

_INDENT_HINT = "keys of one mapping must start in the same column; check the indentation of this line"


def _syntax_error(doc: Document, e: yaml.MarkedYAMLError) -> SpecError:
    """A YAML syntax error in plain words, at the place the parser stopped."""
    problem = (e.problem or "").strip()
    context = (e.context or "").strip()
    mark = e.problem_mark or e.context_mark
    line, column = (mark.line + 1, mark.column + 1) if mark is not None else (None, None)
    found = ""
    if line is not None and line <= len(doc.lines) and column <= len(doc.lines[line - 1]):
        found = doc.lines[line - 1][column - 1]
    hint = None
    if problem.startswith("but found another document"):
        message = "a spec file holds one YAML document, but a second one starts here"
        hint = "remove the `---` line, or split the file"
    elif "cannot start any token" in problem:
        if found == "\t":
            message = "could not parse YAML: a tab is used for indentation here"
            hint = "YAML indents with spaces only; replace the tab with spaces"
        else:
            message = f"could not parse YAML: `{found}` cannot start a value" if found else "could not parse YAML: unexpected character"
            hint = "put the value in quotes"
    elif problem.startswith("mapping values are not allowed"):
        message = "could not parse YAML: mapping values are not allowed here"
        hint = "a `: ` inside a value starts a new key; put the whole value in quotes, e.g. score: \"...\""
    elif "block mapping" in context and (problem.startswith("did not find expected key") or problem.startswith("expected <block end>")):
        if found == "[" or found == "{":
            message = f"could not parse YAML: unexpected `{found}` after a value"
            hint = "a value that goes on after a list or mapping must be put in quotes"
        else:
            message = "could not parse YAML: bad indentation, this line does not line up with the keys above"
            hint = _INDENT_HINT
    elif "block collection" in context and ("'-'" in problem or problem.startswith("expected <block end>")):
        message = "could not parse YAML: expected a list entry `- ` here"
        hint = "entries of one list must start with `- ` in the same column"
    elif problem == _TOO_DEEP or problem.startswith("exceeded maximum nesting depth"):
        message = _TOO_DEEP  # our limit (the pure-Python loader) or the C loader's own, deeper one
    elif problem.startswith("found undefined alias"):
        name = re.match(r"\*([^\s,\[\]{}]+)", doc.lines[line - 1][column - 1 :]) if found == "*" else None
        message = f"could not parse YAML: alias `*{name.group(1)}` has no anchor `&{name.group(1)}` before it" if name else "could not parse YAML: undefined alias"
    elif "quoted scalar" in context and "end of stream" in problem:
        message = "could not parse YAML: this quote is never closed"
        if e.context_mark is not None:
            line, column = e.context_mark.line + 1, e.context_mark.column + 1
    elif "flow sequence" in context or "flow mapping" in context:
        closer = "]" if "sequence" in context else "}"
        message = f"could not parse YAML: expected `,` or `{closer}`"
        if e.context_mark is not None:
            hint = f"the {'list' if closer == ']' else 'mapping'} opened at line {e.context_mark.line + 1} is not closed properly"
    else:
        message = "could not parse YAML: " + _plain(problem or context or "invalid YAML")
        if context and e.context_mark is not None:
            hint = f"{_plain(context)} that starts at line {e.context_mark.line + 1}"
    if line is not None and line > len(doc.lines):
        # the parser stopped at the end of the file: show the last line instead
        line, column = (len(doc.lines), len(doc.lines[-1]) + 1) if doc.lines else (None, None)
    return _located(doc, message, line, column, hint)


def _plain(text: str) -> str:
    """PyYAML's token names in plain words."""
    words = {
        "<block end>": "the end of the block",
        "<block mapping start>": "a more indented key",
        "<block sequence start>": "a more indented list",
        "<stream end>": "the end of the file",
        "<document start>": "`---`",
        "<scalar>": "a value",
    }
    for token, word in words.items():
        text = text.replace(f"'{token}'", word).replace(token, word)
    return text

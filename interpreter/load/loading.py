"""Loading a YAML spec into plain data, remembering where every value was written.

`load()` reads a spec file and returns a `Document`: the data as plain Python values
(dicts in the order written, lists, str, int, float, bool, None), the source lines, and a
`Mark` (line, column, scalar style, and the place of its key) for every spec path such as
``("contracts", "trumps", "score")``. Later passes report problems through
`Document.error()`, which turns a spec path, and optionally a place inside an expression
string, into a `SpecError` that points at the exact line and column of the file.

Everything that can go wrong while loading (unreadable file, YAML syntax, duplicate keys,
a root that is not a mapping) is raised as `SpecErrors`, never as a traceback.

Files are read through `files.read_text` (interpreter/load/files.py): checked before anything is
read, size-limited, and confined to the spec folders when another file names them.

PyYAML composes the node tree (so we have start marks); the plain values are built here
with YAML 1.1 safe resolution, like `yaml.safe_load`, except that mapping keys keep the
text they were written with (``9:`` gives ``"9"``, ``yes:`` gives ``"yes"``) and dates
stay text.

`Document` and `Mark` live in interpreter/load/document.py (imported from here too); YAML's
syntax errors are put into words in interpreter/load/yaml_messages.py.
"""

from __future__ import annotations

import re
import shlex
from pathlib import Path
from typing import Any

import yaml

from ..core.errors import SpecError, SpecErrors
from .document import Document, Mark, _located
from .files import read_text
from .yaml_messages import _TOO_DEEP, MAX_DEPTH, _syntax_error

__all__ = ["Document", "Mark", "load", "MAX_DEPTH", "MAX_VALUES", "MAX_WRITTEN"]

# A built value is used for every path an alias expands to; a tiny file of nested
# aliases could otherwise expand to billions of values ("billion laughs"). Values
# reached through aliases are counted apart from the values written in the file, so a
# large file without aliases is not mistaken for an alias bomb.
MAX_VALUES = 100_000
# The values written in a file: a spec holds a few thousand, a record of a long game
# some tens of thousands.
MAX_WRITTEN = 1_000_000


class _PythonLoader(yaml.SafeLoader):
    """The pure-Python loader, refusing deep nesting before its recursive composer overflows."""

    depth = 0

    def compose_node(self, parent, index):
        if self.depth >= MAX_DEPTH and self.check_event(yaml.SequenceStartEvent, yaml.MappingStartEvent):
            raise yaml.composer.ComposerError(None, None, _TOO_DEEP, self.peek_event().start_mark)
        self.depth += 1
        try:
            return super().compose_node(parent, index)
        finally:
            self.depth -= 1


# The C loader is much faster; both resolve tags the same way and give the same marks.
_Loader = getattr(yaml, "CSafeLoader", _PythonLoader)

# YAML's line breaks (YAML 1.1 also breaks on NEL, LS and PS, unlike str.split("\n")
# and unlike str.splitlines(), which also breaks on \v, \f and others).
_LINE_BREAK = re.compile("\r\n|[\r\n\x85\u2028\u2029]")

# Characters YAML refuses (the same set as PyYAML's reader); checked up front so the
# error has a line and column whatever loader is used.
_NOT_PRINTABLE = re.compile("[^\x09\x0a\x0d\x20-\x7e\x85\xa0-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")

# Characters a quoted escape (`"\e"`, `"\x9b"`) can put in a value that would drive the
# terminal or break a line when the text is shown: C0 and C1 controls but tab and line
# feed, line and paragraph separators, bidirectional overrides.
_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")

_TAG = "tag:yaml.org,2002:"
_ROOT_MESSAGE = "a spec must be a mapping of keys like `game:` and `pack:`"


def load(path: str | Path, *, text: str | None = None, root_message: str | None = None,
         kind: str = "spec") -> Document:
    """Load the spec at `path` (or `text`, shown as `path`); raises SpecErrors.

    `kind` (spec or record) names the file in messages and chooses its size limit;
    `root_message` replaces the message for a file that is not a mapping (records say
    what a record must be)."""
    file = str(path)
    if text is None:
        text = read_text(file, kind)
    if text.startswith("\ufeff"):
        text = text[1:]  # the loaders do not count a byte-order mark as a column
    lines = _LINE_BREAK.split(text)
    if lines and lines[-1] == "":
        lines.pop()
    doc = Document(data=None, file=file, lines=lines)

    bad = _NOT_PRINTABLE.search(text)
    if bad is not None:
        line, column = _position(text, bad.start())
        raise SpecErrors([_located(doc, f"the file contains a character YAML does not allow (U+{ord(bad.group()):04X})", line, column)])

    try:
        root = yaml.compose(text, Loader=_Loader)
    except yaml.MarkedYAMLError as e:
        raise SpecErrors([_syntax_error(doc, e)]) from None
    except yaml.YAMLError as e:
        raise SpecErrors([SpecError(f"could not parse YAML: {e}", file=file)]) from None
    except RecursionError:
        raise SpecErrors([SpecError("could not parse YAML: the spec is nested too deeply", file=file)]) from None

    if root is None:
        raise SpecErrors([_located(doc, root_message or _ROOT_MESSAGE, 1, 1)])  # an empty file too: its first line
    if not isinstance(root, yaml.MappingNode) or root.tag != _TAG + "map":
        where = root.start_mark
        raise SpecErrors([_located(doc, root_message or _ROOT_MESSAGE, where.line + 1, where.column + 1)])

    builder = _Builder(doc)
    try:
        doc.data = builder.build(root, (), None)
    except RecursionError:
        raise SpecErrors([SpecError("the spec is nested too deeply", file=file)]) from None
    except _TooBig as e:
        builder.errors.append(e.error)
    if builder.errors:
        raise SpecErrors(builder.errors)
    mixed = _the_other_kind(doc, kind)
    if mixed is not None:
        raise SpecErrors([mixed])
    return doc


_SPEC_KEYS = ("extends", "phases", "contracts", "pack", "play")  # what only a spec has at its top


def _the_other_kind(doc: Document, kind: str) -> SpecError | None:
    """The one error for a record given where a spec is read, or a spec where a record is (one answer
    that says what the file is and what reads it, rather than every key the other kind lacks)."""
    data, name = doc.data, shlex.quote(doc.file)
    if kind == "spec" and isinstance(data.get("format"), str) and data["format"].startswith("cardspec-record/"):
        return doc.error(("format",), "this file is the record of a game, not a spec",
                         f"`cardspec replay {name}` checks a record; `cardspec serve --replay {name}` steps through it")
    if kind == "record" and "format" not in data and any(key in data for key in _SPEC_KEYS):
        return doc.error((), "this file is a game's spec, not the record of a game",
                         f"`cardspec validate {name}` checks a spec; `cardspec play {name} --record game.yaml` plays "
                         "it and writes a record to replay")
    return None


def read(path: str | Path, **kw) -> tuple[Document | None, list[SpecError]]:
    """`load()` with its errors as data: (the document, []), or (None, every error)."""
    try:
        return load(path, **kw), []
    except SpecErrors as e:
        return None, list(e.errors)


def _position(text: str, index: int) -> tuple[int, int]:
    """1-based (line, column) of text[index], counting YAML's line breaks."""
    line, start = 1, 0
    for brk in _LINE_BREAK.finditer(text, 0, index):
        line, start = line + 1, brk.end()
    return line, index - start + 1


class _TooBig(Exception):
    """Raised out of the builder when aliases expand to too many values."""

    def __init__(self, error: SpecError):
        self.error = error


class _Builder:
    """Builds plain data from a node tree, recording marks and collecting errors."""

    def __init__(self, doc: Document):
        self.doc = doc
        self.errors: list[SpecError] = []
        self.constructor = yaml.constructor.SafeConstructor()  # for its construct_yaml_* helpers
        self.built: dict[int, Any] = {}  # id(node) -> value, so aliases share one value
        self.active: set[int] = set()  # nodes being built: an alias to one is a cycle
        self.count = 0  # values written in the file
        self.expanded = 0  # values reached again through aliases
        self.expanding = 0  # > 0 while marking the inner places of an alias

    def at(self, node: yaml.Node, message: str, hint: str | None = None, path: tuple = ()) -> SpecError:
        """A SpecError at the start of `node`."""
        m = node.start_mark
        return _located(self.doc, message, m.line + 1, m.column + 1, hint, path)

    def _past_properties(self, line: int, column: int) -> tuple[int, int]:
        """Where a scalar's text starts: past an anchor (`&a`) or tag (`!!str`) written before it."""
        lines = self.doc.lines
        while 1 <= line <= len(lines):
            text = lines[line - 1]
            i = column - 1
            if i >= len(text) or text[i] not in "&!":
                break
            while i < len(text) and text[i] not in " \t":
                i += 1
            while i < len(text) and text[i] in " \t":
                i += 1
            if i >= len(text):  # the text goes on on the next line
                line, column = line + 1, 1
                nxt = lines[line - 1] if line <= len(lines) else ""
                column = len(nxt) - len(nxt.lstrip(" ")) + 1
            else:
                column = i + 1
        return line, column

    def build(self, node: yaml.Node, path: tuple, key: yaml.Node | None) -> Any:
        """The plain value of `node` at `path` (whose key node is `key`), marking every place."""
        if self.expanding:
            self.expanded += 1
            if self.expanded > MAX_VALUES:
                raise _TooBig(self.at(node, f"the file expands to more than {MAX_VALUES:,} values; aliases are nested too deeply", path=path))
        else:
            self.count += 1
            if self.count > MAX_WRITTEN:
                raise _TooBig(self.at(node, f"the file is too large: it holds more than {MAX_WRITTEN:,} values", path=path))
        if len(path) >= MAX_DEPTH and not isinstance(node, yaml.ScalarNode):
            raise _TooBig(self.at(node, _TOO_DEEP, path=path))
        style = (node.style or None) if isinstance(node, yaml.ScalarNode) else None
        km = key.start_mark if key is not None else None
        line, column = node.start_mark.line + 1, node.start_mark.column + 1
        if isinstance(node, yaml.ScalarNode) and style not in ("|", ">"):
            line, column = self._past_properties(line, column)
        self.doc.marks[path] = Mark(
            line,
            column,
            style,
            km.line + 1 if km else None,
            km.column + 1 if km else None,
        )
        ident = id(node)
        if ident in self.active:
            self.errors.append(self.at(node, "an alias refers to the value that contains it", path=path))
            return None
        if ident in self.built and not isinstance(node, yaml.ScalarNode):
            # an alias: the same value again, with marks for its inner places
            self.expanding += 1
            try:
                self._remark(node, path)
            finally:
                self.expanding -= 1
            return self.built[ident]
        self.active.add(ident)
        try:
            if isinstance(node, yaml.MappingNode):
                value = self._mapping(node, path)
            elif isinstance(node, yaml.SequenceNode):
                value = self._sequence(node, path)
            else:
                value = self._scalar(node, path)
        finally:
            self.active.discard(ident)
        self.built[ident] = value
        return value

    def _remark(self, node: yaml.Node, path: tuple) -> None:
        """Marks for the inner places of an aliased collection (values are shared)."""
        if isinstance(node, yaml.MappingNode):
            for k, v in node.value:
                if isinstance(k, yaml.ScalarNode) and k.tag != _TAG + "merge":
                    self.build(v, path + (k.value,), k)
        elif isinstance(node, yaml.SequenceNode):
            for i, item in enumerate(node.value):
                self.build(item, path + (i,), None)

    def _mapping(self, node: yaml.MappingNode, path: tuple) -> dict:
        if node.tag != _TAG + "map":
            self.errors.append(self.at(node, f"unsupported YAML tag `{_short(node.tag)}`: a spec uses plain mappings", path=path))
        result: dict[str, Any] = {}
        first: dict[str, yaml.Node] = {}
        merges: list[yaml.Node] = []
        for k, v in node.value:
            if isinstance(k, yaml.ScalarNode) and k.tag == _TAG + "merge":
                merges.append(v)
                continue
            if not isinstance(k, yaml.ScalarNode):
                self.errors.append(self.at(k, "a key must be a plain word or text, not a list or mapping", path=path))
                continue
            name = k.value
            self._plain_text(k, path)
            if name in first:
                self.errors.append(
                    self.at(k, f"duplicate key `{name}` (first at line {first[name].start_mark.line + 1})", path=path + (name,))
                )
                continue
            first[name] = k
            result[name] = self.build(v, path + (name,), k)
        if merges:
            result = self._merge(merges, result, path)
        return result

    def _merge(self, merges: list[yaml.Node], own: dict, path: tuple) -> dict:
        """`<<: *base` merge keys, as safe_load does: own keys win, merged keys come first."""
        sources: list[yaml.Node] = []
        for m in merges:
            if isinstance(m, yaml.SequenceNode):
                sources.extend(m.value)
            else:
                sources.append(m)
        merged: dict[str, Any] = {}
        for source in sources:
            if not isinstance(source, yaml.MappingNode):
                self.errors.append(self.at(source, "`<<` merges mappings only", path=path))
                continue
            for k, v in source.value:
                if not isinstance(k, yaml.ScalarNode) or k.tag == _TAG + "merge":
                    continue
                if k.value not in merged and k.value not in own:
                    merged[k.value] = self.build(v, path + (k.value,), k)
        merged.update(own)
        return merged

    def _sequence(self, node: yaml.SequenceNode, path: tuple) -> list:
        if node.tag != _TAG + "seq":
            self.errors.append(self.at(node, f"unsupported YAML tag `{_short(node.tag)}`: a spec uses plain lists", path=path))
        return [self.build(item, path + (i,), None) for i, item in enumerate(node.value)]

    def _plain_text(self, node: yaml.ScalarNode, path: tuple) -> None:
        """An error for text with a control character in it (written with an escape)."""
        bad = _CONTROL.search(node.value)
        if bad is not None:
            self.errors.append(self.at(node, f"the text contains a control character (U+{ord(bad.group()):04X}), "
                                             f"which cannot be shown", path=path))

    def _scalar(self, node: yaml.ScalarNode, path: tuple) -> Any:
        tag = node.tag
        c = self.constructor
        try:
            if tag == _TAG + "str" or tag == _TAG + "timestamp":
                self._plain_text(node, path)
                return node.value  # dates stay as written: a card game has no use for them
            if tag == _TAG + "null":
                return None
            if tag == _TAG + "bool":
                return c.construct_yaml_bool(node)
            if tag == _TAG + "int":
                return c.construct_yaml_int(node)
            if tag == _TAG + "float":
                return c.construct_yaml_float(node)
        except (ValueError, KeyError, TypeError, IndexError):
            if node.style in (None, ""):
                return node.value  # e.g. `0b_`: resolved as a number but not one; keep the text
            self.errors.append(self.at(node, f"`{node.value}` is not a valid `{_short(tag)}`", path=path))
            return None
        self.errors.append(self.at(node, f"unsupported YAML tag `{_short(tag)}`: a spec uses plain values", path=path))
        return None


def _short(tag: str) -> str:
    """`tag:yaml.org,2002:binary` as written: `!!binary`."""
    return "!!" + tag[len(_TAG) :] if tag.startswith(_TAG) else tag

"""Loading a YAML spec into plain data, remembering where every value was written.

`load()` reads a spec file and returns a `Document`: the data as plain Python values
(dicts in the order written, lists, str, int, float, bool, None), the source lines, and a
`Mark` (line, column, scalar style, and the place of its key) for every spec path such as
``("contracts", "trumps", "score")``. Later passes report problems through
`Document.error()`, which turns a spec path, and optionally a place inside an expression
string, into a `SpecError` that points at the exact line and column of the file.

Everything that can go wrong while loading (unreadable file, YAML syntax, duplicate keys,
a root that is not a mapping) is raised as `SpecErrors`, never as a traceback.

Files are read through `files.read_text` (interpreter/files.py): checked before anything is
read, size-limited, and confined to the spec folders when another file names them.

PyYAML composes the node tree (so we have start marks); the plain values are built here
with YAML 1.1 safe resolution, like `yaml.safe_load`, except that mapping keys keep the
text they were written with (``9:`` gives ``"9"``, ``yes:`` gives ``"yes"``) and dates
stay text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from .errors import SpecError, SpecErrors
from .files import read_text

# A built value is used for every path an alias expands to; a tiny file of nested
# aliases could otherwise expand to billions of values ("billion laughs"). Values
# reached through aliases are counted apart from the values written in the file, so a
# large file without aliases is not mistaken for an alias bomb.
MAX_VALUES = 100_000
# The values written in a file: a spec holds a few thousand, a record of a long game
# some tens of thousands.
MAX_WRITTEN = 1_000_000

# Lists and mappings nest a few levels in any spec or record; every later pass (checks,
# merging, describing) walks them recursively, so deeper nesting is refused here, at its place.
MAX_DEPTH = 100
_TOO_DEEP = f"the file is nested too deeply: more than {MAX_DEPTH} lists or mappings inside each other"


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


@dataclass(frozen=True)
class Mark:
    """Where a YAML node starts (1-based), its scalar style, and where its key starts."""

    line: int
    column: int
    style: str | None  # None (plain), "'", '"', "|", ">"; None for mappings and lists
    key_line: int | None = None
    key_column: int | None = None


@dataclass
class Document:
    """A loaded spec: plain data plus the place of every value in the file."""

    data: Any
    file: str
    lines: list[str]
    marks: dict[tuple, Mark] = field(default_factory=dict)

    def mark(self, path) -> Mark | None:
        """The mark of `path`, else of its closest parent that has one."""
        path = tuple(path)
        while True:
            m = self.marks.get(path)
            if m is not None or not path:
                return m
            path = path[:-1]

    def value(self, path) -> Any:
        """The data at `path`, or None when the path does not exist."""
        node = self.data
        for step in tuple(path):
            try:
                node = node[step]
            except (KeyError, IndexError, TypeError):
                return None
        return node

    def error(self, path, message: str, hint: str | None = None, *, at_key: bool = False, offset=None) -> SpecError:
        """A SpecError placed at the value of `path` (or its key, or `offset` inside its text)."""
        path = tuple(path)
        m = self.mark(path)
        line = column = None
        if m is not None:
            line, column = m.line, m.column
            if at_key and m.key_line is not None:
                line, column = m.key_line, m.key_column
            elif offset is not None and path in self.marks:
                line, column = self._inside(path, m, offset)
        return SpecError(
            message,
            file=self.file,
            line=line,
            column=column,
            path=path,
            hint=hint,
            source_line=self._line(line),
        )

    def _line(self, line: int | None) -> str | None:
        if line is None or not 1 <= line <= len(self.lines):
            return None
        return self.lines[line - 1]

    def _inside(self, path: tuple, m: Mark, offset) -> tuple[int, int]:
        """The file position of `offset` (line, column, 1-based) within the scalar at `path`."""
        oline, ocol = int(offset[0]), int(offset[1])
        value = self.value(path)
        if not isinstance(value, str):
            # numbers and booleans are written plain on one line: the text is the source
            return m.line + max(oline - 1, 0), (m.column + ocol - 1 if oline <= 1 else ocol)
        text_lines = value.split("\n")
        oline = min(max(oline, 1), len(text_lines))
        index = sum(len(t) + 1 for t in text_lines[: oline - 1]) + max(ocol - 1, 0)
        return _SourceMap(self.lines, m, self._block_indent(path, m)).place(value, index)

    def _block_indent(self, path: tuple, m: Mark) -> int | None:
        """The column (0-based) where the content of a `|` or `>` scalar starts."""
        if m.style not in ("|", ">"):
            return None
        header = self._line(m.line) or ""
        indicator = re.match(r"[|>]([1-9+-]*)", header[m.column - 1 :])
        digits = re.sub(r"\D", "", indicator.group(1)) if indicator else ""
        if digits:
            # an explicit indentation counts from the block that holds the scalar
            if m.key_column is not None:
                parent = m.key_column - 1
            else:
                holder = self.marks.get(path[:-1])
                parent = holder.column - 1 if holder is not None else 0
            return parent + int(digits)
        for number in range(m.line + 1, len(self.lines) + 1):
            text = self.lines[number - 1]
            if text.strip():
                return len(text) - len(text.lstrip(" "))
        return 0


class _SourceMap:
    """Maps a character of a scalar's value back to its line and column in the file.

    The value's characters are matched in order against the source text from the
    scalar's start; what YAML drops (quotes, indentation, escapes' backslashes, folded
    line breaks) is skipped. Exact for single-line scalars and for `|` and `>` blocks;
    for multi-line quoted text with escapes it is the closest honest guess.
    """

    def __init__(self, lines: list[str], m: Mark, block_indent: int | None):
        self.chars: list[tuple[int, int, str]] = []  # (line, column, character)
        if block_indent is not None:
            # block content starts on the next line, at the block's indentation
            for number in range(m.line + 1, len(lines) + 1):
                text = lines[number - 1]
                start = min(block_indent, len(text) - len(text.lstrip(" ")))
                for i in range(start, len(text)):
                    self.chars.append((number, i + 1, text[i]))
                self.chars.append((number, len(text) + 1, "\n"))
        else:
            start = m.column - 1 + (1 if m.style in ("'", '"') else 0)
            for number in range(m.line, len(lines) + 1):
                text = lines[number - 1]
                for i in range(start if number == m.line else 0, len(text)):
                    self.chars.append((number, i + 1, text[i]))
                self.chars.append((number, len(text) + 1, "\n"))
        self.style = m.style
        self.origin = (m.line + 1, block_indent + 1) if block_indent is not None else (m.line, start + 1)

    def place(self, value: str, index: int) -> tuple[int, int]:
        """The (line, column) of value[index]; one past the last character for the end."""
        chars = self.chars
        j = 0
        last = None
        for i, ch in enumerate(value[: index + 1]):
            while j < len(chars) and not self._matches(ch, chars[j][2]) and self._skippable(chars[j][2]):
                j += 1
            if j >= len(chars):
                break
            if i == index:
                return chars[j][0], chars[j][1]
            last = chars[j]
            j += 1  # matched, or a character we cannot explain: take it as the match
        if last is not None:
            return last[0], last[1] + 1
        return self.origin

    def _matches(self, ch: str, src: str) -> bool:
        """Whether value character `ch` comes from source character `src`."""
        return ch == src or (ch in " \n" and src == "\n")

    def _skippable(self, src: str) -> bool:
        """Whether YAML may have dropped `src` from the value (indentation, quotes, escapes)."""
        if src in " \t\n":
            return True
        return self.style in ("'", '"') and src in "'\"\\"


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
    return doc


def _position(text: str, index: int) -> tuple[int, int]:
    """1-based (line, column) of text[index], counting YAML's line breaks."""
    line, start = 1, 0
    for brk in _LINE_BREAK.finditer(text, 0, index):
        line, start = line + 1, brk.end()
    return line, index - start + 1


def _located(doc: Document, message: str, line, column, hint: str | None = None, path: tuple = ()) -> SpecError:
    """A SpecError at a line and column of `doc`, with its source line."""
    return SpecError(message, file=doc.file, line=line, column=column, path=path, hint=hint, source_line=doc._line(line))


# The two loaders word their errors differently; both are turned into the same words.
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

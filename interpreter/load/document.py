"""A loaded spec or record: plain data, its source lines, and the place of every value.

`Document.error()` turns a spec path (and optionally a place inside an expression
string) into a `SpecError` at the exact line and column of the file; `_SourceMap` maps
a character of a scalar's value back to the file, through quotes, escapes and blocks.
Made by `loading.load()`.

A `Resolved` document is a spec with its bases merged and its options applied
(interpreter/load/overlays.py): its `error()` places a path of the merged data in the file
that wrote the value, from the table of origins the merge kept.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from ..core.errors import SpecError


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


def _located(doc: Document, message: str, line, column, hint: str | None = None, path: tuple = ()) -> SpecError:
    """A SpecError at a line and column of `doc`, with its source line."""
    return SpecError(message, file=doc.file, line=line, column=column, path=path, hint=hint, source_line=doc._line(line))


class Resolved(Document):
    """Merged data whose errors point into the file each value came from."""

    def __init__(self, data, file, lines, origins, chain, options):
        super().__init__(data=data, file=file, lines=lines, marks={})
        self.origins = origins  # merged path -> (document, path in that document)
        self.chain = chain  # the files, variant first, base last
        self.options = options  # option name -> chosen value (text)
        self.texts: dict[str, str] = {}  # the text of every file of the chain, by path as the chain names it

    def error(self, path, message, hint=None, *, at_key=False, offset=None) -> SpecError:
        path = tuple(path)
        for cut in range(len(path), -1, -1):
            origin = self.origins.get(path[:cut])
            if origin is not None:
                doc, opath = origin
                if cut < len(path):
                    offset = None  # the exact node is gone: point at its closest parent
                    at_key = False
                return doc.error(opath + path[cut:], message, hint, at_key=at_key, offset=offset)
        return SpecError(message, file=self.file, path=path, hint=hint)

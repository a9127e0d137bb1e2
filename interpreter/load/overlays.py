"""Variants as overlays: `extends`, `+key` and `-key`, merged file into file.

A variant file names its base (`extends: base.yaml`, relative to itself, or a shipped game's
name as `cardspec list` gives it, from any folder) and only what changes. Its keys merge into the base, mapping into mapping:

    title: Our house rules            # a plain key overrides a key the base has
    contracts:
      +extra_contract: {...}          # `+key` adds a key the base does not have
      some_contract:
        score: ...                    # merging goes as deep as the keys go
    phases:
      -double:                        # `-key` removes a key of the base

A plain key the base does not have is an error (nearly always a typo), with a suggestion;
so is `+key` for a key it has, and `-key` for one it lacks. Lists and scalars are
replaced whole. Chains of `extends` work; a cycle or a missing base is an error at the
`extends` line.

The result is a `Resolved` document (interpreter/load/document.py): the merged data, and
for every value the file and place it came from, so an error in a merged spec still points
into the right file.

`merged` returns the errors it finds as data, as jsonschema's `iter_errors` does: nothing
is raised from one step to be caught by another. Options chosen at run time are applied to
the merged document by interpreter/load/options.py, with the same `merge`.
"""

from __future__ import annotations

import os
from pathlib import Path

from ..core.errors import SpecError, SpecErrors, suggest
from .document import Resolved
from .files import Refused, confined, read_text, shown, spec_roots
from .catalog import UnknownGame, families, games, lookup
from .loading import read

MAX_CHAIN = 20


def merged(path, *, text: str | None = None,
           texts: dict[str, str] | None = None) -> tuple[Resolved | None, list[SpecError]]:
    """`path` (or `text`, shown as `path`) with every base it extends merged: (the document, [])
    or (None, every error of the files and of the merge).

    `texts` gives the text of files by their path as the chain names them, instead of reading
    them (a game made again from a pickle, whatever the files hold now). The document's `texts`
    hold the text of every file of its chain, as read or given.

    A chain merged once is merged again only when the text of one of its files changed (or the
    folders specs may be read from did): each call gets its own copy of the merged data, all but
    the `options` declarations, which nothing changes and every copy shares."""
    given = dict(texts or {})
    if text is not None:
        given[str(path)] = text
    key = (str(path), os.getcwd(), tuple(spec_roots()))
    cached = _MERGED.get(key)
    if cached is not None and _unchanged(cached.texts, given):
        return _fresh(cached), []
    errors: list[SpecError] = []
    doc, data, origins, chain = _resolve_file(Path(path), text, [], errors, given)
    if errors:
        return None, errors
    template = Resolved(data, doc.file, doc.lines, origins, chain, {})
    template.texts.update(given)
    if len(_MERGED) >= MAX_READ:
        _MERGED.pop(next(iter(_MERGED)))
    _MERGED[key] = template
    return _fresh(template), []


_MERGED: dict = {}  # (path, working folder, spec folders) -> the chain merged, as a template to copy


def _unchanged(texts: dict, given: dict) -> bool:
    """Whether every file of a chain still holds (or is given) the text it was merged from."""
    for file, was in texts.items():
        now = given.get(file)
        if now is None:
            try:
                now = read_text(file)
            except SpecErrors:
                return False
        if now != was:
            return False
    return True


def _fresh(template: Resolved) -> Resolved:
    """A copy of a merged chain to apply options to: its data copied, but its `options` shared."""
    data = {k: v if k == "options" else _copy(v) for k, v in template.data.items()}
    out = Resolved(data, template.file, template.lines, dict(template.origins), template.chain, {})
    out.texts.update(template.texts)
    return out


def _resolve_file(path: Path, text, stack, errors, texts: dict):
    """(document, merged data, origins, chain) of one file and everything below it; the text of each
    file read goes into `texts` (and a file whose text is there already is not read)."""
    if text is None:
        text = texts.get(str(path))
    if text is None:
        try:
            text = read_text(path)
        except SpecErrors as e:
            errors.extend(e.errors)
            return None, {}, {}, []
    texts[str(path)] = text
    doc, read_errors, own = _read(path, text)
    if read_errors:
        errors.extend(read_errors)
        return None, {}, {}, []
    data = doc.data
    base_name = data.get("extends")
    if base_name is None:
        return doc, _copy(data), dict(own), [doc.file]
    if not isinstance(base_name, str) or not base_name.strip():
        errors.append(doc.error(("extends",), "`extends` names the base spec's file, relative to this one"))
        return doc, {}, {}, [doc.file]
    base_path = _base_file(path, base_name, texts)
    given = str(base_path) in texts  # (its text was given: nothing of it is read from the disk)
    try:  # only a spec file under the spec folders, checked before it is read
        if not given:
            confined(base_path, spec_roots(*stack, path))
    except Refused as e:
        if not e.missing:  # (a missing base is told below, with a suggestion)
            errors.append(doc.error(("extends",), f"cannot use the base spec `{shown(base_name)}`: {e.message}",
                                    e.hint))
            return doc, {}, {}, [doc.file]
    key = base_path.resolve()
    if key in stack or key == path.resolve():
        cycle = " -> ".join(Path(p).name for p in [*stack, path.resolve(), key])
        errors.append(doc.error(("extends",), f"`extends` makes a cycle: {cycle}"))
        return doc, {}, {}, [doc.file]
    if len(stack) + 2 > MAX_CHAIN:  # the files above this one, this one and its base
        errors.append(doc.error(("extends",), "`extends` chains more than 20 files"))
        return doc, {}, {}, [doc.file]
    if not given and not _is_file(base_path):
        near = [p.name for p in base_path.parent.glob("*.yaml")] if base_path.parent.is_dir() else []
        hint = suggest(Path(base_name).name, near)
        if hint and Path(base_name).parent != Path("."):  # say it as the author writes it
            close = hint.split("`")[1]
            hint = f"did you mean `{(Path(base_name).parent / close).as_posix()}`?"
        if Path(base_name).suffix.lower() not in (".yaml", ".yml"):  # a name: it may be a shipped game's, misspelt
            hint = hint or suggest(base_name, [*games(), *families()])
            message = (f"the base spec `{base_name}` is neither a file beside this one ({base_path}) nor a shipped "
                       "game (`cardspec list` shows the games)")
        else:
            message = f"the base spec `{base_name}` does not exist (looked for {base_path})"
        errors.append(doc.error(("extends",), message, hint))
        return doc, {}, {}, [doc.file]
    before = len(errors)
    _, base, origins, chain = _resolve_file(base_path, None, [*stack, path.resolve()], errors, texts)
    if len(errors) > before:  # a broken base: merging into it would only add false errors
        return doc, {}, {}, [doc.file]
    overlay = {k: v for k, v in data.items() if k != "extends"}
    merge(base, overlay, origins, OverlaySource(doc, ()), (), errors, base_label=Path(base_name).name)
    return doc, base, origins, [doc.file, *chain]


# files read, by (path, text): (document, errors, the origins of its own values); a spec read again
# (another option value, a game made again) is not parsed again. Documents are never changed: what
# is merged and applied is a copy of their data.
_READ: dict = {}
MAX_READ = 32


def _read(path: Path, text: str):
    key = (str(path), text)
    found = _READ.get(key)
    if found is None:
        doc, errors = read(path, text=text)
        own: dict = {}
        if doc is not None and not isinstance(doc.data.get("extends"), str):
            _own(OverlaySource(doc, ()), (), doc.data, (), own)
        if len(_READ) >= MAX_READ:
            _READ.pop(next(iter(_READ)))
        found = _READ[key] = (doc, errors, own)
    return found


def _copy(value):
    """A copy of plain data (mappings, lists and scalars): what `copy.deepcopy` makes of it, faster."""
    if isinstance(value, dict):
        return {k: _copy(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_copy(v) for v in value]
    return value


def _base_file(path: Path, base_name: str, texts: dict) -> Path:
    """The file `extends: base_name` names: beside the naming file when it is there (or its text is
    given), else the shipped game of that name (`extends: family`, `extends: family/variant`), else
    the file beside, which is then found missing, with a suggestion."""
    beside = path.parent / base_name
    if str(beside) in texts or _is_file(beside) or Path(base_name).suffix.lower() in (".yaml", ".yml"):
        return beside
    try:
        return lookup(base_name)
    except UnknownGame:
        return beside


def _is_file(path: Path) -> bool:
    """Whether `path` is a file; a name the system refuses (too long, a NUL) is none."""
    try:
        return path.is_file()
    except (OSError, ValueError):
        return False


class OverlaySource:
    """Where an overlay's text is: a path in one document, or (for an option's choice,
    whose parts may come from several files of a chain) the origins of the merged data."""

    def __init__(self, doc=None, base=(), origins=None):
        self.doc, self.base = doc, base
        self.origins = dict(origins) if origins is not None else None  # a snapshot

    def place(self, rel):
        """(document, path) of the overlay's text at `rel`."""
        if self.doc is not None:
            return self.doc, self.base + rel
        full = self.base + rel
        for cut in range(len(full), -1, -1):
            o = self.origins.get(full[:cut])
            if o is not None:
                return o[0], o[1] + full[cut:]
        raise KeyError(full)  # pragma: no cover - the options themselves always have an origin

    def error(self, rel, message, hint=None, **kw):
        doc, path = self.place(rel)
        return doc.error(path, message, hint, **kw)


def _own(src: OverlaySource, rel, value, mpath, origins) -> None:
    """Record that `value` (at `rel` in `src`) now lives at `mpath` of the merged data."""
    origins[mpath] = src.place(rel)
    if isinstance(value, dict):
        for k, v in value.items():
            _own(src, rel + (k,), v, mpath + (k,), origins)
    elif isinstance(value, list):
        for i, v in enumerate(value):
            _own(src, rel + (i,), v, mpath + (i,), origins)


def _forget(mpath, origins) -> None:
    n = len(mpath)
    for p in [p for p in origins if p[:n] == mpath]:
        del origins[p]


def merge(base: dict, overlay: dict, origins, src: OverlaySource, mpath, errors, base_label="the base",
          rel=()) -> None:
    """Merge `overlay` (from `src` at `rel`) into `base` (at `mpath`) in place."""
    if not isinstance(overlay, dict):
        errors.append(src.error(rel, "an overlay must be a mapping of keys to change"))
        return
    for key, value in overlay.items():
        op, name = ("+", key[1:]) if key.startswith("+") else ("-", key[1:]) if key.startswith("-") else ("", key)
        where = rel + (key,)
        target = mpath + (name,)
        shown = ".".join(str(k) for k in target)
        if op == "+":
            if name in base:
                errors.append(src.error(where, f"`{shown}` already exists in {base_label}; to change it, "
                                               f"write `{name}:` without `+`", at_key=True))
                continue
            base[name] = _copy(value)
            _own(src, where, value, target, origins)
        elif op == "-":
            if name not in base:
                errors.append(src.error(where, f"cannot remove `{shown}`: {base_label} has no such key",
                                        suggest(name, [str(k) for k in base]), at_key=True))
                continue
            if value is not None:
                errors.append(src.error(where, f"`-{name}` removes the key; leave its value empty"))
                continue
            del base[name]
            _forget(target, origins)
        else:
            if name not in base:
                hint = suggest(name, [str(k) for k in base])
                hint = hint or f"to add a new key, write `+{name}:`"
                errors.append(src.error(where, f"`{shown}` does not exist in {base_label}: an overlay can only "
                                               f"change what its base has", hint, at_key=True))
                continue
            old = base[name]
            if old is None and isinstance(value, dict):  # an empty entry (`score:`) takes keys like a mapping
                old = base[name] = {}
            if isinstance(old, dict) and isinstance(value, dict):
                if not old:
                    origins[target] = src.place(where)
                merge(old, value, origins, src, target, errors, base_label, rel=where)
            else:
                _forget(target, origins)
                base[name] = _copy(value)
                _own(src, where, value, target, origins)

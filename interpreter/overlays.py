"""Variants as overlays: `extends`, and options chosen at run time.

A variant file names its base (`extends: barbu.yaml`, relative to itself) and only what
changes. Its keys merge into the base, mapping into mapping:

    title: Barbu with Ravage City     # a plain key overrides a key the base has
    contracts:
      +ravage_city: {...}             # `+key` adds a key the base does not have
      dominoes:
        score: ...                    # merging goes as deep as the keys go
    phases:
      -double:                        # `-key` removes a key of the base

A plain key the base does not have is an error (nearly always a typo), with a suggestion;
so is `+key` for a key it has, and `-key` for one it lacks. Lists and scalars are
replaced whole. Chains of `extends` work; a cycle or a missing base is an error at the
`extends` line.

Options are named parameters a player picks at run time (`--option players=5`):

    options:
      players:
        description: number of players
        default: 4
        choices:
          "3": {seats: [A, B, C], pack: {remove: [2C]}}
          "4": {}

Each chosen value's overlay is applied after the files, in the order the options are
declared. Unknown options and values are errors with suggestions.

The result is a `Resolved` document: the merged data, and for every value the file and
place it came from, so an error in a merged spec still points into the right file.
"""

from __future__ import annotations

import copy
from pathlib import Path

from .errors import SpecError, SpecErrors, one_of, suggest
from .loading import Document, load

MAX_CHAIN = 20


class Resolved(Document):
    """Merged data whose errors point into the file each value came from."""

    def __init__(self, data, file, lines, origins, chain, options):
        super().__init__(data=data, file=file, lines=lines, marks={})
        self.origins = origins  # merged path -> (document, path in that document)
        self.chain = chain  # the files, variant first, base last
        self.options = options  # option name -> chosen value (text)

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

    def mark(self, path):
        path = tuple(path)
        for cut in range(len(path), -1, -1):
            origin = self.origins.get(path[:cut])
            if origin is not None:
                doc, opath = origin
                return doc.mark(opath + path[cut:])
        return None


def option_text(value) -> str:
    """How an option value is written on the command line and as a `choices` key."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def resolve(path, options: dict[str, str] | None = None, *, text: str | None = None) -> Resolved:
    """Load `path` and its bases, merge them, apply the options; raise SpecErrors."""
    errors: list[SpecError] = []
    doc, data, origins, chain = _resolve_file(Path(path), text, [], errors)
    if errors:
        raise SpecErrors(errors)
    chosen = _apply_options(doc, data, origins, options or {}, errors)
    if errors:
        raise SpecErrors(errors)
    return Resolved(data, doc.file, doc.lines, origins, chain, chosen)


def _resolve_file(path: Path, text, stack, errors):
    """(document, merged data, origins, chain) of one file and everything below it."""
    doc = load(path, text=text) if text is not None else load(path)
    data = doc.data
    base_name = data.get("extends")
    if base_name is None:
        origins = {}
        _own(doc, (), data, (), origins)
        return doc, copy.deepcopy(data), origins, [doc.file]
    if not isinstance(base_name, str) or not base_name.strip():
        errors.append(doc.error(("extends",), "`extends` names the base spec's file, relative to this one"))
        return doc, {}, {}, [doc.file]
    base_path = (path.parent / base_name)
    key = base_path.resolve()
    if key in stack or key == path.resolve():
        cycle = " -> ".join(Path(p).name for p in [*stack, path.resolve(), key])
        errors.append(doc.error(("extends",), f"`extends` makes a cycle: {cycle}"))
        return doc, {}, {}, [doc.file]
    if len(stack) > MAX_CHAIN:
        errors.append(doc.error(("extends",), "`extends` chains more than 20 files"))
        return doc, {}, {}, [doc.file]
    if not base_path.is_file():
        near = [p.name for p in path.parent.glob("*.yaml")]
        errors.append(doc.error(("extends",), f"the base spec `{base_name}` does not exist (looked for {base_path})",
                                suggest(Path(base_name).name, near)))
        return doc, {}, {}, [doc.file]
    try:
        _, base, origins, chain = _resolve_file(base_path, None, [*stack, path.resolve()], errors)
    except SpecErrors as e:
        errors.extend(e.errors)
        return doc, {}, {}, [doc.file]
    overlay = {k: v for k, v in data.items() if k != "extends"}
    merge(base, overlay, origins, doc, (), (), errors, base_label=Path(base_name).name)
    return doc, base, origins, [doc.file, *chain]


def _own(doc, opath, value, mpath, origins) -> None:
    """Record that `value` (at `opath` in `doc`) now lives at `mpath` of the merged data."""
    origins[mpath] = (doc, opath)
    if isinstance(value, dict):
        for k, v in value.items():
            _own(doc, opath + (k,), v, mpath + (k,), origins)
    elif isinstance(value, list):
        for i, v in enumerate(value):
            _own(doc, opath + (i,), v, mpath + (i,), origins)


def _forget(mpath, origins) -> None:
    n = len(mpath)
    for p in [p for p in origins if p[:n] == mpath]:
        del origins[p]


def merge(base: dict, overlay: dict, origins, doc, opath, mpath, errors, base_label="the base") -> None:
    """Merge `overlay` (from `doc` at `opath`) into `base` (at `mpath`) in place."""
    if not isinstance(overlay, dict):
        errors.append(doc.error(opath, "an overlay must be a mapping of keys to change"))
        return
    for key, value in overlay.items():
        op, name = ("+", key[1:]) if key.startswith("+") else ("-", key[1:]) if key.startswith("-") else ("", key)
        where = opath + (key,)
        target = mpath + (name,)
        shown = ".".join(str(k) for k in target)
        if op == "+":
            if name in base:
                errors.append(doc.error(where, f"`{shown}` already exists in {base_label}; to change it, "
                                               f"write `{name}:` without `+`", at_key=True))
                continue
            base[name] = copy.deepcopy(value)
            _own(doc, where, value, target, origins)
        elif op == "-":
            if name not in base:
                errors.append(doc.error(where, f"cannot remove `{shown}`: {base_label} has no such key",
                                        suggest(name, [str(k) for k in base]), at_key=True))
                continue
            if value is not None:
                errors.append(doc.error(where, f"`-{name}` removes the key; leave its value empty"))
                continue
            del base[name]
            _forget(target, origins)
        else:
            if name not in base:
                hint = suggest(name, [str(k) for k in base])
                hint = hint or f"to add a new key, write `+{name}:`"
                errors.append(doc.error(where, f"`{shown}` does not exist in {base_label}: an overlay can only "
                                               f"change what its base has", hint, at_key=True))
                continue
            old = base[name]
            if isinstance(old, dict) and isinstance(value, dict):
                origins[target] = (doc, where) if not old else origins.get(target, (doc, where))
                merge(old, value, origins, doc, where, target, errors, base_label)
            else:
                _forget(target, origins)
                base[name] = copy.deepcopy(value)
                _own(doc, where, value, target, origins)


def _apply_options(doc, data, origins, given: dict[str, str], errors) -> dict[str, str]:
    """Apply each option's chosen overlay; return every option's value."""
    declared = data.get("options") or {}
    if not isinstance(declared, dict):
        return {}
    for name in given:
        if name not in declared:
            known = list(declared)
            errors.append(SpecError(f"unknown option `{name}`" + (f"; the options of this spec are {one_of(known)}"
                                                                   if known else "; this spec has no options"),
                                    file=doc.file, hint=suggest(name, known)))
    chosen = {}
    for name, opt in declared.items():
        if not isinstance(opt, dict):
            continue
        choices = opt.get("choices") or {}
        value = given.get(name)
        if value is None:
            value = option_text(opt.get("default"))
        value = str(value)
        keys = {option_text(k).lower(): k for k in choices}
        if value.lower() not in keys:
            errors.append(SpecError(f"option `{name}` cannot be `{value}`; choose {one_of(list(choices))}",
                                    file=doc.file, hint=suggest(value, list(choices))))
            continue
        key = keys[value.lower()]
        chosen[name] = key
        overlay = choices[key]
        if overlay:
            # the overlay's own file and place, so that its errors point there
            odoc, opath = origins.get(("options", name, "choices", key), (doc, ("options", name, "choices", key)))
            merge(data, overlay, origins, odoc, opath, (), errors, base_label="the spec")
    for name, opt in declared.items():  # an option away from its default may need others set a certain way
        if not isinstance(opt, dict) or name not in chosen:
            continue
        if chosen[name].lower() == option_text(opt.get("default")).lower():
            continue
        for other, want in (opt.get("requires") or {}).items():
            have = chosen.get(other)
            if have is None or have.lower() != option_text(want).lower():
                errors.append(SpecError(f"option `{name}={chosen[name]}` needs `{other}={option_text(want)}`"
                                        + (f", not `{other}={have}`" if have is not None else ""), file=doc.file))
    return chosen

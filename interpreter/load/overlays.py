"""Variants as overlays: `extends`, and options chosen at run time.

A variant file names its base (`extends: base.yaml`, relative to itself) and only what
changes. Its keys merge into the base, mapping into mapping:

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

An option may also take any whole number (`--option fixed_deals=12`):

      fixed_deals:
        description: play exactly N deals
        default: "off"                # quoted: YAML reads a bare off as false
        choices: {"off": {}}
        number:
          min: 1
          changes: {match: {ends_when: deal_number >= fixed_deals}}

A number not among the choices applies `changes`, and the option's name is then a name
in expressions, worth that number.

The result is a `Resolved` document (interpreter/load/document.py): the merged data, and
for every value the file and place it came from, so an error in a merged spec still points
into the right file.

Both steps return the errors they find as data (`merged`, `apply_options`), as
jsonschema's `iter_errors` does: nothing is raised from one step to be caught by another.
An option declared in a shape the steps cannot read is not applied; the structure check
that follows (interpreter/load/schema.py, run by interpreter/load/pipeline.py) says what is
wrong with it, where.
"""

from __future__ import annotations

import copy
from pathlib import Path

from ..core.errors import SpecError, SpecErrors, one_of, suggest
from .document import Resolved
from .files import Refused, confined, shown, spec_roots
from .loading import read

MAX_CHAIN = 20


def option_text(value) -> str:
    """How an option value is written on the command line and as a `choices` key."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def resolve(path, options: dict[str, str] | None = None, *, text: str | None = None) -> Resolved:
    """Load `path` and its bases, merge them, apply the options; raise every error at once, as SpecErrors.

    The structure is not checked: interpreter/load/pipeline.py's `read_spec` does both."""
    doc, errors = merged(path, text=text)
    if not errors:
        errors = apply_options(doc, options or {})
    if errors:
        raise SpecErrors(errors)
    return doc


def merged(path, *, text: str | None = None) -> tuple[Resolved | None, list[SpecError]]:
    """`path` (or `text`, shown as `path`) with every base it extends merged: (the document, [])
    or (None, every error of the files and of the merge)."""
    errors: list[SpecError] = []
    doc, data, origins, chain = _resolve_file(Path(path), text, [], errors)
    if errors:
        return None, errors
    return Resolved(data, doc.file, doc.lines, origins, chain, {}), []


def _resolve_file(path: Path, text, stack, errors):
    """(document, merged data, origins, chain) of one file and everything below it."""
    doc, read_errors = read(path, text=text) if text is not None else read(path)
    if read_errors:
        errors.extend(read_errors)
        return None, {}, {}, []
    data = doc.data
    base_name = data.get("extends")
    if base_name is None:
        origins = {}
        _own(_Source(doc, ()), (), data, (), origins)
        return doc, copy.deepcopy(data), origins, [doc.file]
    if not isinstance(base_name, str) or not base_name.strip():
        errors.append(doc.error(("extends",), "`extends` names the base spec's file, relative to this one"))
        return doc, {}, {}, [doc.file]
    base_path = (path.parent / base_name)
    try:  # only a spec file under the spec folders, checked before it is read
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
    if not _is_file(base_path):
        near = [p.name for p in base_path.parent.glob("*.yaml")] if base_path.parent.is_dir() else []
        hint = suggest(Path(base_name).name, near)
        if hint and Path(base_name).parent != Path("."):  # say it as the author writes it
            close = hint.split("`")[1]
            hint = f"did you mean `{(Path(base_name).parent / close).as_posix()}`?"
        errors.append(doc.error(("extends",), f"the base spec `{base_name}` does not exist (looked for {base_path})",
                                hint))
        return doc, {}, {}, [doc.file]
    before = len(errors)
    _, base, origins, chain = _resolve_file(base_path, None, [*stack, path.resolve()], errors)
    if len(errors) > before:  # a broken base: merging into it would only add false errors
        return doc, {}, {}, [doc.file]
    overlay = {k: v for k, v in data.items() if k != "extends"}
    merge(base, overlay, origins, _Source(doc, ()), (), errors, base_label=Path(base_name).name)
    return doc, base, origins, [doc.file, *chain]


def _is_file(path: Path) -> bool:
    """Whether `path` is a file; a name the system refuses (too long, a NUL) is none."""
    try:
        return path.is_file()
    except (OSError, ValueError):
        return False


class _Source:
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


def _own(src: _Source, rel, value, mpath, origins) -> None:
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


def merge(base: dict, overlay: dict, origins, src: _Source, mpath, errors, base_label="the base",
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
            base[name] = copy.deepcopy(value)
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
                base[name] = copy.deepcopy(value)
                _own(src, where, value, target, origins)


_SCALAR = (str, int, bool)  # what an option's value is written as (a float is not one)


def _usable(opt) -> bool:
    """Whether an option declaration has the shape options are applied by (the schema's shape of
    one option, as far as applying it reads it). Any other shape is not applied: the structure
    check that follows says what is wrong with it, where."""
    if not isinstance(opt, dict) or not isinstance(opt.get("default"), _SCALAR):
        return False
    choices, number, requires = opt.get("choices"), opt.get("number"), opt.get("requires")
    if not isinstance(choices, dict) or not all(isinstance(v, (dict, type(None))) for v in choices.values()):
        return False
    if number is not None and not (isinstance(number, dict) and all(
            type(number.get(k, 0)) is int for k in ("min", "max"))
            and isinstance(number.get("changes"), (dict, type(None)))):
        return False
    return requires is None or (isinstance(requires, dict) and all(_requirement_shape(v) for v in requires.values()))


def _requirement_shape(need) -> bool:
    """A `requires` entry is a value, a list of values, or `{value: ..., because: ...}`."""
    if isinstance(need, dict):
        need = need.get("value")
    if isinstance(need, list):
        return all(isinstance(v, _SCALAR) for v in need)
    return isinstance(need, _SCALAR)


def _check_declarations(declared: dict, origins, errors) -> None:
    """Each option's default is one of its choices; `requires` names options and their choices."""
    for name, opt in declared.items():
        if not _usable(opt):
            continue
        src = _Source(None, ("options", name), origins)
        choices = [option_text(k).lower() for k in opt["choices"]]
        default = option_text(opt.get("default"))
        if default.lower() not in choices and _number_value(opt, default) is None:
            errors.append(src.error(("default",), f"the default `{default}` of option `{name}` is not one of its "
                                                  f"choices {one_of(list(opt['choices']))}"))
        for other, need in (opt.get("requires") or {}).items():
            want, _ = requirement(need)
            target = declared.get(other)
            if other in declared and not _usable(target):
                continue  # its shape is reported by the structure check
            if not _usable(target):
                errors.append(src.error(("requires", other), f"option `{name}` requires `{other}`, which is not an "
                                                             f"option of this spec", suggest(other, list(declared)),
                                        at_key=True))
                continue
            values = [option_text(k).lower() for k in target.get("choices") or {}]
            for w in want:
                if option_text(w).lower() not in values:
                    errors.append(src.error(("requires", other), f"option `{other}` cannot be `{option_text(w)}`; "
                                                                 f"choose {one_of(list(target.get('choices') or {}))}"))


def requirement(need) -> tuple[list, str | None]:
    """A `requires` entry: (the values the other option may take, the reason given or None).

    Written as a value, a list of values, or `{value: ..., because: ...}`."""
    because = None
    if isinstance(need, dict):
        because = need.get("because")
        need = need.get("value")
    return (need if isinstance(need, list) else [need]), because


def _numbers_text(opt) -> str:
    """`a whole number from 1` (to 20): what a number option takes, or '' for another option."""
    number = opt.get("number")
    if not isinstance(number, dict):
        return ""
    text = f"a whole number from {number.get('min', 0)}"
    return text + (f" to {number['max']}" if "max" in number else "")


def _number_value(opt, value: str):
    """`value` as the option's whole number, or None when it is not one it takes."""
    number = opt.get("number")
    if not isinstance(number, dict):
        return None
    try:
        n = int(value)
    except ValueError:
        return None
    if n < number.get("min", 0) or ("max" in number and n > number["max"]):
        return None
    return n


def _apply_number(data, name, opt, n, origins, errors) -> None:
    """A number option: its name becomes a name worth `n`, then its `changes` apply."""
    src = _Source(None, ("options", name, "number"), origins)
    fn = {name: {"description": opt.get("description", name), "value": n}}
    if name in (data.get("functions") or {}):
        errors.append(src.error((), f"option `{name}` takes a number, so it is a name in expressions; a function "
                                    f"has that name already", at_key=True))
        return
    overlay = {"functions": {f"+{name}": fn[name]}} if "functions" in data else {"+functions": fn}
    merge(data, overlay, origins, src, (), errors, base_label="the spec")
    if opt["number"].get("changes"):
        merge(data, opt["number"]["changes"], origins, _Source(None, ("options", name, "number", "changes"), origins),
              (), errors, base_label="the spec")


def apply_options(doc: Resolved, given: dict[str, str]) -> list[SpecError]:
    """Apply each option's chosen overlay to `doc` (in place) and set `doc.options` to every
    option's value; the errors found, as data."""
    errors: list[SpecError] = []
    doc.options = _apply_options(doc, doc.data, doc.origins, given, errors)
    return errors


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
    _check_declarations(declared, origins, errors)
    chosen, overlays = {}, []
    for name, opt in declared.items():
        if not _usable(opt):
            continue
        choices = opt.get("choices") or {}
        value = given.get(name)
        if value is None:
            value = option_text(opt.get("default"))
        value = str(value)
        keys = {option_text(k).lower(): k for k in choices}
        number = _number_value(opt, value) if value.lower() not in keys else None
        if number is not None:
            chosen[name] = str(number)
            overlays.append((name, opt, number, None))
            continue
        if value.lower() not in keys:
            if name in given:  # (a bad default is reported where it is written)
                numbers = _numbers_text(opt)
                errors.append(SpecError(f"option `{name}` cannot be `{value}`; choose {one_of(list(choices))}"
                                        + (f" or {numbers}" if numbers else ""),
                                        file=doc.file, hint=suggest(value, list(choices))))
            continue
        key = keys[value.lower()]
        chosen[name] = key
        overlays.append((name, opt, None, key))
    refused = _check_requirements(declared, chosen, origins)
    if refused:  # a combination the spec does not allow: its overlays are not applied
        errors.extend(refused)
        return chosen
    for name, opt, number, key in overlays:
        if number is not None:
            _apply_number(data, name, opt, number, origins, errors)
        elif opt["choices"][key]:
            # each part of the overlay is placed in the file that wrote it
            src = _Source(None, ("options", name, "choices", key), origins)
            merge(data, opt["choices"][key], origins, src, (), errors, base_label="the spec")
    return chosen


def _check_requirements(declared, chosen, origins) -> list:
    """An option away from its default may need others set a certain way: an error for each that is not."""
    errors = []
    for name, opt in declared.items():
        if not _usable(opt) or name not in chosen:
            continue
        if chosen[name].lower() == option_text(opt.get("default")).lower():
            continue
        for other, need in (opt.get("requires") or {}).items():
            want, because = requirement(need)
            have = chosen.get(other)
            wants = [option_text(w).lower() for w in want]
            if have is None or have.lower() not in wants:
                said = " or ".join(f"`{other}={w}`" for w in wants)
                src = _Source(None, ("options", name), origins)
                errors.append(src.error(("requires", other), f"option `{name}={chosen[name]}` needs {said}"
                                        + (f", not `{other}={have}`" if have is not None else "")
                                        + (f": {because}" if because else ""), at_key=True))
    return errors

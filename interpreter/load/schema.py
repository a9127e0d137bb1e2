"""The structure of a spec, as a JSON Schema, and its errors in the spec author's words.

`schema.json` (JSON Schema draft 2020-12) describes every key a spec may have, with a
description for each. `cardspec schema` prints it with a variant's part added
(interpreter/load/schema_overlay.py: a file with `extends`, its `+key` and `-key`), so an
editor checks and completes both kinds of file.
`check_structure()` validates a loaded `Document` against it and turns every jsonschema
error into a `SpecError` at the line and column of the offending key or value:
"unknown key `scroe` in `contracts.no_tricks`" with "did you mean `score`?", rather than
"Additional properties are not allowed ('scroe' was unexpected)".

Only the shape is checked here (keys, types, allowed words); whether names refer to
something, expressions parse and each phase has the keys of its kind is checked later.
"""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

import jsonschema
from jsonschema.exceptions import ValidationError, best_match

from ..core.errors import SpecError, one_of, suggest
from . import catalog
from .loading import Document
from .schema_overlay import printed

# Why a required key matters, said to the author; keyed by (parent path, key).
_WHY_REQUIRED = {
    ((), "game"): "the spec must name the game",
    ((), "seats"): "the spec must list the seats at the table",
    ((), "pack"): "the spec must say which cards are used",
    ((), "phases"): "the spec must list the steps of a deal",
    ((), "contracts"): "the spec must list at least one contract",
    (("play_rules", "*"), "keep"): "a play rule must say which cards it keeps",
}

# What a `pattern` means, since a regular expression means nothing to a card player.
_PATTERN_MEANS = {
    "^(?:(?:[AKQJTakqjt2-9]|10)[SHDCshdc]|[BbLl][Jj])$": "a card: rank then suit, like `QS`, `TH`, `2D`, or a joker `BJ`, `LJ`",
    "^(?:[A-Z]|[0-9]{1,2})$": "a rank: a capital letter (`A`, `K`, `T` the ten) or a number up to 99",
    "^[A-Z]$": "a suit's letter: one capital letter (`S`, `H`, `D`, `C`, or a letter of the spec's own suit)",
    "^[A-Za-z0-9]{2,4}$": "a card's name: two to four letters or digits (`BJ`, `EX`)",
}

_TYPE_WORDS = {
    "string": "text",
    "integer": "a whole number",
    "number": "a number",
    "boolean": "`true` or `false`",
    "array": "a list",
    "object": "a mapping of keys",
    "null": "nothing",
}
_EXPRESSION_TYPES = {"string", "integer", "number", "boolean"}


@lru_cache(maxsize=1)
def schema() -> dict:
    """The spec schema (loaded once)."""
    return json.loads(catalog.read_data(catalog.schema_file()))


@lru_cache(maxsize=1)
def printed_schema() -> dict:
    """The schema of a spec file, base spec or variant (`extends`), as `cardspec schema` prints it.
    `check_structure` checks a spec once merged, against `schema()` alone."""
    return printed(schema())


def schema_text() -> str:
    """The printed schema as pretty JSON, for `cardspec schema`."""
    return json.dumps(printed_schema(), indent=2, ensure_ascii=False) + "\n"


@lru_cache(maxsize=1)
def _validator() -> jsonschema.Draft202012Validator:
    """A validator for the schema (built once), with a linear `uniqueItems`."""
    cls = jsonschema.validators.extend(jsonschema.Draft202012Validator, {"uniqueItems": _unique_items})
    return cls(schema())


def _unique_items(validator, unique, instance, subschema):
    """`uniqueItems` in linear time: jsonschema compares every pair when items are of mixed types
    (ranks are words and numbers), which takes minutes for a list of ten thousand."""
    if not unique or not validator.is_type(instance, "array"):
        return
    seen = set()
    for item in instance:
        key = _canonical(item)
        if key in seen:
            yield ValidationError("has non-unique elements")
            return
        seen.add(key)


def _canonical(value: Any):
    """A hashable form of a JSON value, equal for values JSON Schema deems equal (1 == 1.0, true != 1)."""
    if isinstance(value, bool) or value is None:
        return ("const", value)
    if isinstance(value, (int, float)):
        return ("number", value)
    if isinstance(value, list):
        return ("list", tuple(_canonical(v) for v in value))
    if isinstance(value, dict):
        return ("map", frozenset((k, _canonical(v)) for k, v in value.items()))
    return (type(value).__name__, value)


def check_structure(doc: Document) -> list[SpecError]:
    """Every structural problem of `doc`, sorted by place; never raises for any data.

    The `options` declarations are checked apart, once for each object: the copies of one merged
    spec share them (interpreter/load/overlays.py), so checking a spec again for each of its option
    values costs what the rest of the spec costs, however many values the options have."""
    data = doc.data
    options = data.get("options") if isinstance(data, dict) else None
    try:
        if isinstance(options, dict) and options:
            raw = list(_validator().iter_errors({**data, "options": {}})) + _option_errors(options)
        else:
            raw = list(_validator().iter_errors(data))
    except RecursionError:
        return [doc.error((), "the spec is nested too deeply to check")]
    found: list[SpecError] = []
    for e in raw:
        try:
            found.extend(_convert(doc, e))
        except Exception:  # a message we failed to word must still be reported, not crash
            found.append(doc.error(tuple(e.absolute_path), f"{_name(tuple(e.absolute_path))}: {e.message}"))
    unique: dict[tuple, SpecError] = {}
    for err in found:
        unique.setdefault((err.line, err.column, err.message), err)
    return sorted(unique.values(), key=SpecError.sort_key)


_OPTIONS_CHECKED: dict = {}  # id of an `options` mapping -> (the mapping, its errors)


def _option_errors(options: dict) -> list:
    """The schema's errors of an `options` mapping (their paths from the spec's top), once per object."""
    known = _OPTIONS_CHECKED.get(id(options))
    if known is not None and known[0] is options:
        return known[1]
    errors = list(_options_validator().iter_errors(options))
    for e in errors:
        e.path.appendleft("options")
        e.schema_path.extendleft(["options", "properties"])
    if len(_OPTIONS_CHECKED) >= 64:
        _OPTIONS_CHECKED.pop(next(iter(_OPTIONS_CHECKED)))
    _OPTIONS_CHECKED[id(options)] = (options, errors)  # (kept alive, so its id is not another's)
    return errors


@lru_cache(maxsize=1)
def _options_validator():
    """A validator of the `options` mapping alone (its schema refers to nothing outside it)."""
    cls = jsonschema.validators.extend(jsonschema.Draft202012Validator, {"uniqueItems": _unique_items})
    return cls(schema()["properties"]["options"])


def _convert(doc: Document, e: ValidationError) -> list[SpecError]:
    """One jsonschema error as SpecErrors (an unknown-keys error gives one per key)."""
    path = tuple(e.absolute_path)
    name = _name(path)
    kind = e.validator
    value = e.validator_value
    instance = e.instance

    if "propertyNames" in e.absolute_schema_path:
        # the instance is a key of the mapping at `path`
        key = str(instance)
        allowed = [str(v) for v in e.schema.get("enum", [])]
        return [
            doc.error(
                path + (key,),
                f"`{key}` is not allowed as a key in {name}: it must be {one_of(allowed) if allowed else _expected(e.schema)}",
                suggest(key, allowed),
                at_key=True,
            )
        ]
    if kind == "additionalProperties" and isinstance(instance, dict):
        allowed = list(e.schema.get("properties", {}))
        where = f" in {name}" if path else " at the top level"
        out = []
        for key in instance:
            if key in allowed:
                continue
            hint = suggest(key, allowed) or (f"the keys allowed here are {one_of(allowed)}" if allowed else None)
            out.append(doc.error(path + (key,), f"unknown key `{key}`{where}", hint, at_key=True))
        return out
    if kind == "required" and isinstance(instance, dict):
        allowed = list(e.schema.get("properties", {}))
        unknown = [k for k in instance if k not in allowed]
        out = []
        for key in value:
            if key in instance:
                continue
            if any(suggest(k, allowed) == f"did you mean `{key}`?" for k in unknown):
                continue  # a misspelling of it is reported as an unknown key, with this name as the hint
            why = _WHY_REQUIRED.get((path, key)) or _WHY_REQUIRED.get((path[:-1] + ("*",), key))
            if path:
                message = f"{name} needs a `{key}`" + (f": {why}" if why else "")
            else:
                message = f"missing `{key}`" + (f": {why}" if why else "")
            out.append(doc.error(path, message, at_key=bool(path)))
        return out
    if kind == "type":
        return [doc.error(path, f"{_subject(name)} must be {_type_words(value)}, not {_describe(instance)}")]
    if kind in ("enum", "const"):
        allowed = _unique_words(value if kind == "enum" else [value])
        hint = suggest(_scalar_text(instance), allowed) if isinstance(instance, (str, int, float)) else None
        if path[:2] == ("pack", "ranks") and instance == 10:
            hint = "write the ten as `T`"
        return [doc.error(path, f"{_subject(name)} must be {one_of(allowed)}, not {_short(instance)}", hint)]
    if kind == "minItems":
        return [doc.error(path, f"{_subject(name)} needs at least {_count(value, 'entry', 'entries')}, not {len(instance)}")]
    if kind == "maxItems":
        return [doc.error(path, f"{_subject(name)} can have at most {_count(value, 'entry', 'entries')}, not {len(instance)}")]
    if kind == "uniqueItems" and isinstance(instance, list):
        seen: dict[Any, int] = {}
        for i, item in enumerate(instance):
            canon = _canonical(item)
            if canon in seen:
                return [doc.error(path + (i,), f"{_subject(name)} lists {_short(item)} twice", f"first at entry {seen[canon] + 1}")]
            seen[canon] = i
    if kind == "minProperties":
        return [doc.error(path, f"{_subject(name)} needs at least {_count(value, 'entry', 'entries')}")]
    if kind in ("minimum", "exclusiveMinimum", "maximum", "exclusiveMaximum"):
        words = {
            "minimum": "at least",
            "exclusiveMinimum": "more than",
            "maximum": "at most",
            "exclusiveMaximum": "less than",
        }[kind]
        return [doc.error(path, f"{_subject(name)} must be {words} {value}, not {_scalar_text(instance)}")]
    if kind == "minLength":
        if value == 1:
            return [doc.error(path, f"{_subject(name)} must not be empty")]
        return [doc.error(path, f"{_subject(name)} must have at least {value} characters")]
    if kind == "maxLength":
        return [doc.error(path, f"{_subject(name)} is too long: at most {value} characters, not {len(instance)}")]
    if kind == "pattern":
        means = _PATTERN_MEANS.get(value) or e.schema.get("description", "").rstrip(".")
        return [doc.error(path, f"{_subject(name)} must be {means}, not {_short(instance)}")]
    if kind in ("anyOf", "oneOf"):
        return _alternatives(doc, e, path, name)
    return [doc.error(path, f"{_subject(name)}: {e.message}")]


def _alternatives(doc: Document, e: ValidationError, path: tuple, name: str) -> list[SpecError]:
    """An anyOf/oneOf error: the error deep inside the branch that fits, else the choices."""
    deeper = [c for c in e.context if len(c.absolute_path) > len(path)]
    if deeper:
        # the value has the shape of one branch: what is wrong is inside it
        return _convert(doc, best_match(deeper))
    fits = [c for c in e.context if c.validator not in ("type", "enum", "const")]
    if fits:  # the value is of the type of one branch, but not what that branch wants of it
        return _convert(doc, best_match(fits))
    branches = e.schema.get(e.validator, [])
    choices: list[str] = []
    words: list[str] = []
    for branch in branches:
        if "enum" in branch:
            choices.extend(_unique_words(branch["enum"]))
        elif "const" in branch:
            choices.extend(_unique_words([branch["const"]]))
        else:
            words.append(_expected(branch))
    listed = [f"`{c}`" for c in choices] + words
    expected = listed[0] if len(listed) == 1 else ", ".join(listed[:-1]) + " or " + listed[-1]
    hint = suggest(_scalar_text(e.instance), choices) if isinstance(e.instance, str) else None
    return [doc.error(path, f"{_subject(name)} must be {expected}, not {_short(e.instance)}", hint)]


def _name(path: tuple) -> str:
    """A spec path as the author would write it: `contracts.trumps.play.rules[1]`."""
    if not path:
        return "the spec"
    text = ""
    for step in path:
        text += f"[{step}]" if isinstance(step, int) else (f".{step}" if text else str(step))
    return f"`{text}`"


def _subject(name: str) -> str:
    """`name` at the start of a sentence ("the spec" gets a capital)."""
    return "The spec" if name == "the spec" else name


def _expected(sub: dict) -> str:
    """What a subschema wants, in words."""
    if "enum" in sub:
        return one_of(_unique_words(sub["enum"]))
    if "type" in sub:
        return _type_words(sub["type"])
    return sub.get("description", "something else").rstrip(".")


def _type_words(types) -> str:
    """JSON types in words: `integer` is "a whole number"."""
    if isinstance(types, str):
        types = [types]
    if set(types) == _EXPRESSION_TYPES:
        return "an expression (text or a number)"
    words = [_TYPE_WORDS.get(t, t) for t in types]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def _describe(value: Any) -> str:
    """What the author wrote, in words: text `A`, the number 3, a list."""
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return f"`{'true' if value else 'false'}`"
    if isinstance(value, (int, float)):
        return f"the number `{value}`"
    if isinstance(value, str):
        return f"text `{_clip(value)}`"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a mapping of keys"
    return f"`{_clip(str(value))}`"


def _short(value: Any) -> str:
    """A value as `written`, or in words for lists, mappings and nothing."""
    if value is None or isinstance(value, (list, dict)):
        return _describe(value) if value != [] else "an empty list"
    return f"`{_clip(_scalar_text(value))}`"


def _scalar_text(value: Any) -> str:
    """A scalar as YAML would show it (`true`, not `True`)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _clip(text: str, limit: int = 40) -> str:
    """`text` on one line, shortened to `limit` characters."""
    text = text.replace("\n", " ")
    return text if len(text) <= limit else text[: limit - 1] + "…"


_WORDS: dict[int, tuple[list, list[str]]] = {}


def _unique_words(values) -> list[str]:
    """Enum values as text, once each (ranks are allowed both as `9` and as 9); once per schema list."""
    known = _WORDS.get(id(values))
    if known is not None and known[0] is values:
        return known[1]
    out = _words(values)
    if len(_WORDS) < 1000:  # the schema's lists live as long as the process: keep them by identity
        _WORDS[id(values)] = (values, out)
    return out


def _words(values) -> list[str]:
    """Enum values as text, once each."""
    out: list[str] = []
    for v in values:
        t = _scalar_text(v)
        if t not in out:
            out.append(t)
    return out


def _count(n: int, one: str, many: str) -> str:
    """"one entry", "2 entries"."""
    return f"one {one}" if n == 1 else f"{n} {many}"

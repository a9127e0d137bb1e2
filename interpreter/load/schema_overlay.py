"""The schema `cardspec schema` prints: a base spec or a variant, derived from `schema.json`.

`schema.json` describes a spec as the interpreter checks it, every base merged in
(interpreter/load/overlays.py). A file an author edits may instead be a variant, which names
its base with `extends` and only what changes, so an editor needs a schema for both:

- a document without `extends` is a base spec: `schema.json` as it is;
- a document with `extends` is a variant: every key optional; a plain key's value is itself
  changes when it is a mapping (merging goes as deep as the keys go) and a whole value
  otherwise (lists and scalars are replaced whole); `+key` adds a key with a whole value,
  checked as the base checks it; `-key` removes one and has no value. Where the base allows
  any names (contracts, phases), `+name` and `-name` are allowed for any name.

The variant's part is made here from `schema.json`, subschema by subschema, so a key added
to `schema.json` is known to both at once. The changes an option's choice makes are
written as a variant is, and are described the same way (without `extends` or `options`,
which a choice may not change).
"""

from __future__ import annotations

from typing import Any
from urllib.parse import quote

EXTENDS = {
    "description": "The spec this variant is based on: a file relative to this one (`base.yaml`) or a shipped "
                   "game's name as `cardspec list` gives it (`family` or `family/variant`). The variant names only what changes: a plain key "
                   "overrides the base's, `+key` adds a key, `-key` (with no value) removes one.",
    "type": "string",
    "minLength": 1,
}
_OPTIONAL = ("required", "minProperties", "dependentRequired")  # a variant need not write these
_NOT_IN_CHANGES = ("extends", "options")  # an option's choice may not change these


def printed(base: dict) -> dict:
    """The schema of a spec file, base or variant, made from the base schema `base`."""
    defs = base.get("$defs", {})
    spec = {k: v for k, v in base.items() if k not in ("$schema", "$id", "title", "$defs")}
    spec = _choices_as_changes(spec)
    renamed = _renamed(defs)
    out_defs: dict[str, Any] = dict(defs)
    for name, ref in renamed.items():
        out_defs[_def_name(ref)] = _changes(defs[_def_name(name)], name, renamed)
    top = "#/$defs/spec"
    changes = _changes(_without(spec, _NOT_IN_CHANGES), top, renamed)
    changes["description"] = ("Changes to a spec, written as a variant is: a plain key changes the base's "
                              "value, `+key` adds a key, `-key` (with no value) removes one.")
    variant = _changes(_without(spec, ("extends",)), top, renamed)
    variant["description"] = ("A variant: the spec it `extends` and only what changes. " + changes["description"]
                              .split(": ", 1)[1])
    variant["required"] = ["extends"]
    variant["properties"] = {"extends": EXTENDS, **variant["properties"]}
    out_defs.update({"spec": spec, "variant": variant, "changes": changes})
    head = {k: base[k] for k in ("$schema", "$id", "title") if k in base}
    return {
        **head,
        "description": (base.get("description", "") + " A file with `extends` is a variant of the spec it "
                        "names, and writes only what changes.").strip(),
        "type": "object",
        "if": {"required": ["extends"]},
        "then": {"$ref": "#/$defs/variant"},
        "else": {"$ref": "#/$defs/spec"},
        "$defs": out_defs,
    }


def _without(spec: dict, keys) -> dict:
    """`spec` without the properties `keys`."""
    props = {k: v for k, v in spec.get("properties", {}).items() if k not in keys}
    return {**spec, "properties": props}


def _choices_as_changes(spec: dict) -> dict:
    """`spec` with the changes of each option's choices (and of a number) checked as changes are."""
    try:
        option = spec["properties"]["options"]["additionalProperties"]
        choices = option["properties"]["choices"]
        number = option["properties"]["number"]
        number["properties"]["changes"]
    except (KeyError, TypeError):
        return spec
    as_changes = {"anyOf": [{"type": "null"}, {"$ref": "#/$defs/changes"}]}
    choices = {**choices, "additionalProperties": {**choices["additionalProperties"], **as_changes}}
    choices["additionalProperties"].pop("type", None)
    changes = {**number["properties"]["changes"], **as_changes}
    changes.pop("type", None)
    number = {**number, "properties": {**number["properties"], "changes": changes}}
    option = {**option, "properties": {**option["properties"], "choices": choices, "number": number}}
    options = {**spec["properties"]["options"], "additionalProperties": option}
    return {**spec, "properties": {**spec["properties"], "options": options}}


def _def_name(ref: str) -> str:
    return ref.rsplit("/", 1)[1]


def _renamed(defs: dict) -> dict[str, str]:
    """`#/$defs/NAME` -> `#/$defs/changes_NAME` for each definition whose changes differ from it
    (a mapping, or a choice of one); a scalar's changes are the scalar itself."""
    renamed: dict[str, str] = {}
    while True:
        more = {f"#/$defs/{name}": f"#/$defs/changes_{name}" for name, sub in defs.items()
                if _changes(sub, f"#/$defs/{name}", renamed) != sub}
        if more == renamed:
            return renamed
        renamed = more


def _pointer(where: str, *steps: str) -> str:
    return where + "".join("/" + quote(s.replace("~", "~0").replace("/", "~1"), safe="") for s in steps)


def _about(sub: dict) -> str:
    return str(sub.get("description", "")).strip()


def _changes(node: Any, where: str, renamed: dict[str, str]) -> Any:
    """The schema of the changes a variant may write where the base schema has `node` (found at
    the JSON pointer `where`); references to a definition go to its changes."""
    if not isinstance(node, dict):
        return node
    out: dict[str, Any] = {}
    for key, value in node.items():
        if key in _OPTIONAL:
            continue
        if key == "$ref":
            out[key] = renamed.get(value, value)
        elif key == "properties":
            out[key] = {}
            for name, sub in value.items():
                at = _pointer(where, "properties", name)
                out[key][name] = _changes(sub, at, renamed)
                out[key]["+" + name] = _added(at, f"Adds `{name}`, which the base does not have.", sub)
                out[key]["-" + name] = _removed(f"Removes `{name}` of the base (write no value).")
        elif key == "additionalProperties" and isinstance(value, dict):
            at = _pointer(where, "additionalProperties")
            out["patternProperties"] = {
                "^\\+": _added(at, "Adds an entry the base does not have.", value),
                "^-": _removed("Removes this entry of the base (write no value)."),
            }
            out[key] = _changes(value, at, renamed)
        elif key == "propertyNames" and isinstance(value, dict) and set(value) - {"type", "description"}:
            out[key] = {"anyOf": [value, {"type": "string", "pattern": "^[+-]"}]}
        elif key in ("anyOf", "oneOf", "allOf") and isinstance(value, list):
            # changes may fit more than one branch, each of which would take them: `oneOf` is `anyOf`
            out["anyOf" if key == "oneOf" else key] = [_changes(b, _pointer(where, key, str(i)), renamed)
                                                      for i, b in enumerate(value)]
        else:  # types, words, bounds, `items`: a list or a scalar is replaced whole
            out[key] = value
    return out


def _added(at: str, says: str, sub: dict) -> dict:
    about = _about(sub)
    return {"$ref": at, "description": f"{says} {about}".strip()}


def _removed(says: str) -> dict:
    return {"type": "null", "description": says}

"""Options chosen at run time, applied to a merged spec (`--option players=5`).

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

`apply_options` returns the errors it finds as data. An option declared in a shape options
cannot take is not applied; the structure check that follows (interpreter/load/schema.py,
run by interpreter/load/pipeline.py) says what is wrong with it, where. An option's changes
may not change the options themselves: every option is chosen before the changes of any apply.
"""

from __future__ import annotations

from ..core.errors import SpecError, one_of, suggest
from .document import Resolved
from .overlays import OverlaySource, merge


def option_text(value) -> str:
    """How an option value is written on the command line and as a `choices` key."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


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
        src = OverlaySource(None, ("options", name), origins)
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
    src = OverlaySource(None, ("options", name, "number"), origins)
    fn = {name: {"description": opt.get("description", name), "value": n}}
    if name in (data.get("functions") or {}):
        errors.append(src.error((), f"option `{name}` takes a number, so it is a name in expressions; a function "
                                    f"has that name already", at_key=True))
        return
    overlay = {"functions": {f"+{name}": fn[name]}} if "functions" in data else {"+functions": fn}
    merge(data, overlay, origins, src, (), errors, base_label="the spec")
    changes = opt["number"].get("changes")
    src = OverlaySource(None, ("options", name, "number", "changes"), origins)
    if changes and not _changes_options(changes, src, errors):
        merge(data, changes, origins, src, (), errors, base_label="the spec")


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
            src = OverlaySource(None, ("options", name, "choices", key), origins)
            if _changes_options(opt["choices"][key], src, errors):
                continue
            merge(data, opt["choices"][key], origins, src, (), errors, base_label="the spec")
    return chosen


def _changes_options(overlay: dict, src: OverlaySource, errors: list) -> bool:
    """An option's changes may not change the options themselves (they are chosen before any applies)."""
    for key in overlay:
        if str(key).lstrip("+-") == "options":
            errors.append(src.error((key,), "an option's changes may not change `options`: every option is "
                                            "chosen before the changes of any apply", at_key=True))
            return True
    return False


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
                src = OverlaySource(None, ("options", name), origins)
                errors.append(src.error(("requires", other), f"option `{name}={chosen[name]}` needs {said}"
                                        + (f", not `{other}={have}`" if have is not None else "")
                                        + (f": {because}" if because else ""), at_key=True))
    return errors

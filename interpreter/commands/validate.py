"""`cardspec validate`: check specs, every error at its place; with no option, every option value too."""

from __future__ import annotations

import itertools

from ..core.errors import EXIT_OK, EXIT_SPEC, SpecErrors
from .common import UsageError, option_arg, options, spec_path


def add_parser(sub) -> None:
    v = sub.add_parser("validate", help="check spec files and report every error with its place",
                       description="Check spec files: structure (the JSON Schema), then meaning (names, deal "
                                   "sizes, phases, scores). Every error is shown as file:line:col with the line "
                                   "and a caret. Exit 3 if any spec is invalid.")
    v.add_argument("files", nargs="+", metavar="FILE",
                   help="spec files (or folders of them), or shipped games' names (`cardspec list`)")
    v.add_argument("--json", action="store_true",
                   help="print one JSON document on stdout: each spec's result and every error with its file, "
                        "line, column, message and hint (see docs/output.md); exit codes as without it")
    option_arg(v)



def cmd_validate(args, io) -> int:
    from ..compile.game import load_game
    from ..compile.trial import trial_errors
    from ..load.files import spec_files

    paths = [spec_path(a, folders=True) for a in args.files]
    named = {p: a for p, a in zip(paths, args.files) if str(p) != a}  # a game given by name is reported so
    files = spec_files(paths)
    if not files:
        raise UsageError("no spec files found")
    chosen = options(args)
    bad = 0
    results, all_errors = [], []
    for f in files:
        try:
            g = load_game(f, options=chosen)
            errors = trial_errors(g) or ([] if chosen else _option_errors(f, g))
        except SpecErrors as e:
            errors = e.errors
        if errors:
            bad += 1
            errors = SpecErrors(errors).errors  # sorted by place
            results.append({"file": str(f), "ok": False, "errors": len(errors)})
            all_errors.extend(errors)
            if not args.json:
                print(SpecErrors(errors).render(), file=io.err)
        else:
            changed = {k: v for k, v in g.options.items() if v != g.option_defaults.get(k)}
            results.append({"file": str(named.get(f, f)), "ok": True, "title": g.title, "players": g.n,
                            "cards": g.pack.size, "contracts": len(g.contracts), "options": changed})
            if not args.json:
                opts = "".join(f", {k}={v}" for k, v in changed.items())
                nc = len(g.contracts)
                contracts = f", {nc} contracts" if nc > 1 else ""  # one implicit contract is not worth a word
                io.say(f"{named.get(f, f)}: ok ({g.title}: {g.n} players, {g.pack.size} cards{contracts}{opts})")
    if args.json:
        import json

        io.say(json.dumps({"format": "cardspec-validation/1", "specs": results,
                           "errors": [_error_data(e) for e in all_errors]}, indent=2))
    elif bad:
        print(f"{bad} of {len(files)} spec(s) invalid", file=io.err)
    return EXIT_SPEC if bad else EXIT_OK


def _error_data(e) -> dict:
    """One error as JSON: its place (file, line, column, 1-based; null where unknown), message and hint."""
    return {"file": e.file, "line": e.line, "column": e.column, "message": e.message, "hint": e.hint,
            "path": ".".join(map(str, e.path))}


def _option_errors(path, game) -> list:
    """Errors of the spec with each option value in turn (the defaults are already checked), then
    with every combination of the values of the options that shape the deal (those that change
    the seats, the pack, or a deal's `hand_size` or `packets`): a deal that needs more cards than
    the pack is found whichever options are chosen together."""
    from ..compile.game import load_game
    from ..compile.trial import trial_errors
    from ..load.options import option_text, requirement
    from ..load.pipeline import resolve

    declared = resolve(path).data.get("options") or {}
    seen, out = set(), []

    def check(chosen: dict) -> None:
        options, todo = dict(chosen), list(chosen)
        while todo:  # what the options need, and what that needs in turn
            for k, need in ((declared.get(todo.pop()) or {}).get("requires") or {}).items():
                if k not in options:
                    options[k] = option_text(requirement(need)[0][0])
                    todo.append(k)
        try:
            found = trial_errors(load_game(path, options=options), games=1, deals=40)
        except SpecErrors as e:
            found = e.errors
        if found:
            given = " ".join(f"--option {k}={v}" for k, v in chosen.items())
            for err in found:
                if len(chosen) > 1 and _refused_by_requires(err):
                    continue  # a combination the spec itself declares it does not allow
                key = err.sort_key()
                if key not in seen:
                    seen.add(key)
                    err.message += f" (with {given})"
                    out.append(err)

    values = {name: _values(opt) for name, opt in declared.items()}
    for name, vals in values.items():
        for value in vals:
            if option_text(value) != game.option_defaults.get(name):
                check({name: option_text(value)})
    shaping = [name for name, opt in declared.items() if _shapes_the_deal(opt) and len(values[name]) > 1]
    combos = itertools.product(*(values[name] for name in shaping))
    if len(shaping) >= 2:
        for combo in itertools.islice(combos, MAX_COMBINATIONS):
            check({name: option_text(v) for name, v in zip(shaping, combo)})
    return out


# The combinations of deal-shaping options checked by `validate` (the first ones, in the
# spec's order of options and values): a few options of a few values each in every spec so far.
MAX_COMBINATIONS = 64


def _values(opt) -> list:
    """The values an option is checked with: each choice, and a number option's least and greatest."""
    opt = opt or {}
    number = opt.get("number") if isinstance(opt.get("number"), dict) else None
    numbers = [] if number is None else [number.get("min", 0)] + ([number["max"]] if "max" in number else [])
    return [*(opt.get("choices") or {}), *dict.fromkeys(numbers)]


def _shapes_the_deal(opt) -> bool:
    """Whether an option's overlays change the seats, the pack, or how many cards a deal gives."""
    def touches(node) -> bool:
        if isinstance(node, dict):
            return any(str(k).lstrip("+-") in ("seats", "pack", "hand_size", "packets") or touches(v)
                       for k, v in node.items())
        return isinstance(node, list) and any(touches(v) for v in node)
    opt = opt or {}
    return touches(opt.get("choices") or {}) or touches((opt.get("number") or {}) if isinstance(opt.get("number"), dict) else {})


def _refused_by_requires(err) -> bool:
    return err.message.startswith("option `") and " needs `" in err.message


RUN = {"validate": cmd_validate}

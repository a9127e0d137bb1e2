"""`cardspec new NAME --from GAME`: a commented starting file for a house rule on a game.

The file extends the game by name and changes only its title; below, commented out, are the
keys a house rule most often changes, each with the game's own value, so an author uncomments
and edits rather than looks them up. It validates as written.
"""

from __future__ import annotations

from pathlib import Path

import yaml

from ..core.errors import EXIT_OK
from .common import UsageError, spec_path


def add_parser(sub) -> None:
    n = sub.add_parser("new", help="write a starting file for a house rule on a game",
                       description="Write NAME.yaml: a variant that extends GAME by name and changes only its "
                                   "title, with the keys a house rule most often changes written out below it, "
                                   "commented, each with the game's value. It validates as written.")
    n.add_argument("name", metavar="NAME", help="the file to write (`.yaml` is added when missing)")
    n.add_argument("--from", dest="base", required=True, metavar="GAME",
                   help="the game it changes: a shipped game's name as `cardspec list` gives it (`family`, `family/variant`) or a spec file")
    n.add_argument("--force", action="store_true", help="write over an existing file")


def cmd_new(args, io) -> int:
    from ..load import catalog
    from ..load.files import Refused, check_output
    from ..load.pipeline import read_spec

    target = Path(args.name if args.name.endswith((".yaml", ".yml")) else f"{args.name}.yaml")
    if target.exists() and not args.force:
        raise UsageError(f"{target} exists already (`--force` writes over it)")
    try:
        check_output(target)
    except Refused as e:
        raise UsageError(f"cannot write {target}: {e.message}") from None
    base = spec_path(args.base)
    name = catalog.name_of(base) or str(base)
    data = read_spec(base).data
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(starting_file(name, data), encoding="utf-8")
    io.say(f"wrote {target}: a house rule on {data.get('title', name)}; `cardspec validate {target}` checks it, "
           f"`cardspec rules --diff {name} {target}` says what it changes")
    return EXIT_OK


def starting_file(base: str, data: dict) -> str:
    """The text of a variant of `base` (its resolved `data`): the title changed, the rest commented."""
    title = data.get("title") or data.get("game") or base
    lines = [f"# A house rule on {title}. It names its base and only what it changes: uncomment a key",
             "# below and write your own value (`-key:` removes a key of the base, `+key:` adds one).",
             f"# `cardspec rules {base}` tells the game, `cardspec show {base}` prints every key it has.",
             f"extends: {base}", f"title: {title} (house rules)", ""]
    sections = [
        ("contracts", "each contract's score, and the total its deals add up to",
         {k: {f: v for f, v in (c or {}).items() if f in ("score", "total")} for k, c in (data.get("contracts") or {}).items()}),
        ("match", "how long a game lasts, and what its totals add up to", data.get("match") or {}),
        ("play", "the rules of play that apply, the trump, who leads", data.get("play") or {}),
        ("options", "the options and their defaults",
         {k: {"default": (o or {}).get("default")} for k, o in (data.get("options") or {}).items()}),
    ]
    for key, about, value in sections:
        if not value:
            continue
        lines.append(f"# {key}: {about}")
        text = yaml.safe_dump({key: value}, sort_keys=False, allow_unicode=True, width=4096)
        lines += [f"# {line}" if line.strip() else "#" for line in text.rstrip("\n").splitlines()]
        lines.append("")
    return "\n".join(lines)


RUN = {"new": cmd_new}

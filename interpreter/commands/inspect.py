"""`cardspec list`, `show`, `diff` and `schema`: the shipped games, a spec read back, compared, described."""

from __future__ import annotations

from ..core.errors import EXIT_OK
from .common import SPEC_HELP, option_arg, options, spec_path


def add_parser(sub) -> None:
    sub.add_parser("list", help="list the games shipped with cardspec, by name",
                   description="List the shipped games and variants, one a line: the name that any command "
                               "takes in place of a spec file (`cardspec play FAMILY/GAME`), the title, "
                               "the number of players and of options. A family's name alone means its base "
                               "game, marked `*` (`cardspec play FAMILY`).")

    sh = sub.add_parser("show", help="print a spec fully resolved (its bases and options applied)",
                        description="Print the spec as the interpreter sees it: every `extends` merged and the "
                                    "chosen options applied, as YAML; then the options and their values.")
    sh.add_argument("spec", metavar="SPEC", help=SPEC_HELP)
    option_arg(sh)

    d = sub.add_parser("diff", help="say what a variant changes, in the rulebook's terms",
                       description="Compare two specs (typically a base and a variant of it), both resolved, and "
                                   "list what the second changes: contracts added, removed or changed, scoring, "
                                   "play rules, phases, options.")
    d.add_argument("base", metavar="BASE", help=SPEC_HELP)
    d.add_argument("variant", metavar="VARIANT", help=SPEC_HELP)
    option_arg(d, help_text="an option of VARIANT (as for play); BASE uses its defaults")

    sub.add_parser("schema", help="print the JSON Schema of spec files (for editor completion)",
                   description="Print the JSON Schema (draft 2020-12) that spec files follow: a base spec, "
                               "or a variant (a file with `extends`, whose keys are all optional and may be "
                               "written `+key` to add and `-key` to remove). Save it and point an editor at "
                               "it, e.g. with `# yaml-language-server: $schema=cardspec.schema.json` as a "
                               "spec's first line (docs/specs.md).")


def cmd_schema(args, io) -> int:
    from ..load.schema import schema_text

    io.say(schema_text())
    return EXIT_OK


def cmd_show(args, io) -> int:
    from ..words.describe import show

    io.say(show(spec_path(args.spec), options(args)))
    return EXIT_OK


def cmd_diff(args, io) -> int:
    from ..words.describe import diff

    io.say(diff(spec_path(args.base), spec_path(args.variant), options(args)))
    return EXIT_OK
def cmd_list(args, io) -> int:
    from ..core.errors import SpecErrors
    from ..load import catalog
    from ..load.pipeline import resolve

    games = catalog.games()
    if not games:
        raise catalog.BrokenInstall(f"no shipped games in {catalog.specs_folder()}; reinstall cardspec")
    bases = {name: family for family, name in catalog.families().items()}
    width = max(len(n) for n in games) + 2
    for name, file in games.items():
        try:
            data = resolve(file).data
            seats, opts = len(data.get("seats") or []), len(data.get("options") or {})
            about = f"{data.get('title') or data.get('game') or name}  ({seats} players, {opts} options)"
        except SpecErrors as e:
            about = f"(invalid: {e.errors[0].message})"
        mark = "*" if name in bases else " "
        io.say(f"{mark} {name:<{width}}{about}")
    io.say(f"* also named by its family alone: {', '.join(sorted(catalog.families()))}")
    return EXIT_OK


RUN = {"list": cmd_list, "show": cmd_show, "diff": cmd_diff, "schema": cmd_schema}

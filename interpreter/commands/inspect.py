"""`cardspec show`, `diff` and `schema`: a spec read back, compared, described."""

from __future__ import annotations

from ..errors import EXIT_OK
from .common import option_arg, options


def add_parser(sub) -> None:
    sh = sub.add_parser("show", help="print a spec fully resolved (its bases and options applied)",
                        description="Print the spec as the interpreter sees it: every `extends` merged and the "
                                    "chosen options applied, as YAML; then the options and their values.")
    sh.add_argument("spec", metavar="SPEC")
    option_arg(sh)

    d = sub.add_parser("diff", help="say what a variant changes, in the rulebook's terms",
                       description="Compare two specs (typically a base and a variant of it), both resolved, and "
                                   "list what the second changes: contracts added, removed or changed, scoring, "
                                   "play rules, phases, options.")
    d.add_argument("base", metavar="BASE")
    d.add_argument("variant", metavar="VARIANT")
    option_arg(d, help_text="an option of VARIANT (as for play); BASE uses its defaults")

    sub.add_parser("schema", help="print the JSON Schema of spec files (for editor completion)",
                   description="Print the JSON Schema that spec files follow.")


def cmd_schema(args, io) -> int:
    from ..schema import schema_text

    io.say(schema_text())
    return EXIT_OK


def cmd_show(args, io) -> int:
    from ..describe import show

    io.say(show(args.spec, options(args)))
    return EXIT_OK


def cmd_diff(args, io) -> int:
    from ..describe import diff

    io.say(diff(args.base, args.variant, options(args)))
    return EXIT_OK
RUN = {"show": cmd_show, "diff": cmd_diff, "schema": cmd_schema}

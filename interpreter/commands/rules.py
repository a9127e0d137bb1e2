"""`cardspec rules`: the game as a rulebook in plain English, or what a variant changes."""

from __future__ import annotations

from ..core.errors import EXIT_OK
from .common import SPEC_HELP, UsageError, option_arg, options, spec_path


def add_parser(sub) -> None:
    r = sub.add_parser("rules", help="print the game as a rulebook in plain English",
                       description="Print the rules a spec describes, as a rulebook: players, pack, deal, each "
                                   "step of a deal, the rules of play, the contracts and their scoring, the end "
                                   "of the game and the options. With --diff BASE VARIANT, print only what the "
                                   "variant's rules say differently.")
    r.add_argument("spec", metavar="SPEC", nargs="*", help=f"{SPEC_HELP}; with --diff, BASE and VARIANT")
    r.add_argument("--diff", action="store_true", help="compare two specs: BASE VARIANT")
    option_arg(r, help_text="an option of the spec (of VARIANT with --diff; BASE uses its defaults), e.g. players=5")


def cmd_rules(args, io) -> int:
    from ..words.rulebook import rules, rules_diff

    n = len(args.spec)
    if args.diff and n != 2:
        raise UsageError(f"--diff needs two specs, BASE and VARIANT; got {n}")
    if not args.diff and n != 1:
        raise UsageError("needs a spec: cardspec rules SPEC" if n == 0 else
                         f"takes one spec, got {n}; to compare a variant with its base: "
                         "cardspec rules --diff BASE VARIANT")
    chosen = options(args)
    paths = [spec_path(a) for a in args.spec]  # a file, or a shipped game's name
    io.say(rules_diff(*paths, chosen) if args.diff else rules(paths[0], chosen))
    return EXIT_OK


RUN = {"rules": cmd_rules}

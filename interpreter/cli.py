"""The `cardspec` command line: parse, dispatch to `commands/`, turn errors into exit codes.

`main(argv)` returns an exit code and is what the console script calls; `run(argv,
stdout, stderr)` does the work and is what tests call in-process. Exit codes: 0 ok,
1 a game or replay failed (illegal action, score mismatch, broken total), 2 a bad
command line, 3 an invalid spec or record (or a spec whose rules fail during a game),
4 an internal error (a bug, or an installation that lacks one of its own files), 130
interrupted (the record so far is saved).

No bad input ends in a Python traceback: `run()` turns any exception it did not expect
into one line naming the command (exit 4), or, when it escaped from a game's
expression, into that expression's place in the spec (exit 3). `CARDSPEC_DEBUG=1` lets
the exception through instead, traceback and all.
"""

from __future__ import annotations

import argparse
import os
import sys

from .commands import COMMANDS
from .commands.common import IO, UsageError
from .core.errors import (
    EXIT_INTERNAL,
    EXIT_INTERRUPTED,
    EXIT_OK,
    EXIT_SPEC,
    EXIT_USAGE,
    SpecError,
    SpecErrors,
)
from .load.catalog import BrokenInstall, version

DESCRIPTION = """cardspec runs traditional card games described as YAML specs.

A SPEC is a spec file, or the name of a game shipped with cardspec (`cardspec list`).

  cardspec list                                     the shipped games, by name (FAMILY/GAME)
  cardspec validate specs/FAMILY/GAME.yaml          check a spec (or several)
  cardspec play FAMILY --seats human,random,random,random
  cardspec simulate SPEC --games 100 --seed 1
  cardspec replay game.yaml                         re-check a record's rulings and scores
  cardspec rules SPEC                               the game as a rulebook in plain English
  cardspec schema                                   the JSON Schema of spec files
"""


class _Parser(argparse.ArgumentParser):
    def error(self, message):  # argparse would exit; we return a code instead
        raise UsageError(f"{self.prog}: {message}")


def build_parser() -> argparse.ArgumentParser:
    p = _Parser(prog="cardspec", description=DESCRIPTION, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--version", action="version", version=f"cardspec {version()}")
    sub = p.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    for module in dict.fromkeys(COMMANDS.values()):  # a module may declare several commands
        module.add_parser(sub)
    for name, command in sub.choices.items():
        if name != "schema":
            command.add_argument("--spec-path", action="append", default=[], metavar="DIR",
                                 help="a folder of specs that `extends:` and a record's `spec:` may name, besides "
                                      "the naming file's folder and the shipped specs (repeatable; also "
                                      "CARDSPEC_SPEC_PATH)")
    return p


def main(argv=None) -> int:
    try:
        return run(sys.argv[1:] if argv is None else argv, sys.stdout, sys.stderr)
    except BrokenPipeError:  # the reader went away (`cardspec ... | head`): stop quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_OK
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED


def run(argv, stdout, stderr, stdin=None) -> int:
    import contextlib

    parser = build_parser()
    try:
        with contextlib.redirect_stdout(stdout), contextlib.redirect_stderr(stderr):  # --help goes to our stdout
            args = parser.parse_args([str(a) for a in argv])
    except UsageError as e:
        print(str(e), file=stderr)
        print("Try `cardspec --help`.", file=stderr)
        return EXIT_USAGE
    except SystemExit as e:  # --help
        return EXIT_OK if not e.code else EXIT_USAGE
    if not args.command:
        parser.print_help(stdout)
        return EXIT_USAGE
    io = IO(stdout, stderr, stdin or sys.stdin)
    from .load.files import _SEARCH, is_folder, search_path, shown

    for folder in getattr(args, "spec_path", []):
        if not is_folder(folder):
            print(f"cardspec {args.command}: --spec-path {shown(folder)}: not a folder", file=stderr)
            return EXIT_USAGE
    token = search_path(getattr(args, "spec_path", []))
    try:
        return COMMANDS[args.command].RUN[args.command](args, io)
    except SpecErrors as e:
        print(e.render(), file=stderr)
        print(f"{len(e.errors)} error(s)", file=stderr)
        return EXIT_SPEC
    except SpecError as e:
        print(e.render(), file=stderr)
        return EXIT_SPEC
    except UsageError as e:
        print(f"cardspec {args.command}: {e}", file=stderr)
        return EXIT_USAGE
    except BrokenInstall as e:  # said once, not once per expression
        print(f"cardspec {args.command}: internal error: {e}", file=stderr)
        return EXIT_INTERNAL
    except BrokenPipeError:  # `main` stops quietly when the reader went away
        raise
    except Exception as e:  # the last line of defence: never a traceback
        if os.environ.get("CARDSPEC_DEBUG", "").strip() not in ("", "0"):
            raise
        return _unexpected(args.command, e, stderr)
    finally:
        _SEARCH.reset(token)


def _unexpected(command: str, e: Exception, stderr) -> int:
    """Report an exception nothing else caught: a spec's expression failing in a game, or an internal error."""
    from .engine.state import state_in

    state = state_in(e.__traceback__)
    if state is not None and state.game.places.find(e.__traceback__) is not None:
        print(state._fault(e).render(), file=stderr)
        return EXIT_SPEC
    if isinstance(e, MemoryError):
        what = "out of memory"
    elif isinstance(e, RecursionError):
        what = "too deeply nested"
    else:
        what = f"{type(e).__name__}" + (f": {e}" if str(e) else "")
    during = f" in a game ({state.doing()})" if state is not None else ""
    print(f"cardspec {command}: internal error ({what}){during}; please report it with the command that caused it "
          "(CARDSPEC_DEBUG=1 shows where it happened)", file=stderr)
    return EXIT_INTERNAL


if __name__ == "__main__":  # `python -m interpreter.cli`, as `python -m interpreter`
    sys.exit(main())

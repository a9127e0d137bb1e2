"""`cardspec replay`: re-check a record's every action and score; or many records, summarised.

One record prints every deal and the totals. Several (or a folder) print one line per
failure, its first error, and a count; the exit code is the worst seen: 3 if any record
or its spec is invalid, else 1 if any replay failed, else 0.
"""

from __future__ import annotations

from pathlib import Path

from ..core.errors import (
    EXIT_FAILURE,
    EXIT_OK,
    EXIT_SPEC,
    GameError,
    SpecError,
    SpecErrors,
)
from ..load.files import is_folder
from .common import UsageError, spec_path
from .progress import Progress

RECORD_SUFFIXES = (".yaml", ".yml", ".json")


def add_parser(sub) -> None:
    r = sub.add_parser("replay", help="replay records: check every action and score",
                       description="Replay a game record (YAML or JSON, possibly hand-written): print every "
                                   "deal's scores and the game totals. Exit 1, naming the action and the rule, "
                                   "if an action is illegal or a recorded score differs. Given several records "
                                   "or a folder, replay each and summarise: how many passed, and each failure "
                                   "with its first error; exit 3 if any is invalid, else 1 if any failed.")
    r.add_argument("records", nargs="+", metavar="RECORD", help="record files, or folders of .yaml/.json records")
    r.add_argument("--spec", default=None, help="use this spec (a file or a shipped game's name) instead of the "
                                                "one the record names")


def record_files(paths) -> list[Path]:
    """The records named, folders expanded into the .yaml, .yml and .json files below them (sorted)."""
    out = []
    for p in map(Path, paths):
        if is_folder(p):
            out.extend(sorted(f for f in p.rglob("*") if f.suffix.lower() in RECORD_SUFFIXES and f.is_file()))
        else:
            out.append(p)
    return out


def cmd_replay(args, io) -> int:
    files = record_files(args.records)
    if len(args.records) == 1 and len(files) == 1 and not is_folder(args.records[0]):
        return _replay_one(files[0], args.spec, io)
    if not files:
        raise UsageError(f"no records (.yaml, .yml or .json files) in {', '.join(args.records)}")
    return _replay_many(files, args.spec, io)


def _replay_one(path, spec, io) -> int:
    from ..record.replay import ReplayError, replay

    try:
        result = replay(path, spec=None if spec is None else str(spec_path(spec)))
    except ReplayError as e:
        print(e.error.render(), file=io.err)
        return EXIT_SPEC if e.invalid else EXIT_FAILURE
    except GameError as e:
        print(f"{path}: {e.message}", file=io.err)
        return EXIT_FAILURE
    for line in result.lines:
        io.say(line)
    st = result.state
    sn = st.game.seat_names
    io.say("Totals: " + "  ".join(f"{sn[p]} {st.totals[p]}" for p in st.game.turn_order))
    return EXIT_OK


def first_error(path, spec) -> tuple[int, str | None]:
    """Replay one record: (exit code, its first error on one line as file:line:col: message, or None)."""
    from ..record.replay import ReplayError, replay

    try:
        replay(path, spec=spec)
    except ReplayError as e:
        return (EXIT_SPEC if e.invalid else EXIT_FAILURE), _one_line(e.error)
    except SpecErrors as e:
        return EXIT_SPEC, _one_line(e.errors[0]) + (f" (and {len(e.errors) - 1} more)" if len(e.errors) > 1 else "")
    except SpecError as e:
        return EXIT_SPEC, _one_line(e)
    except GameError as e:
        return EXIT_FAILURE, f"{path}: {e.message}"
    return EXIT_OK, None


def _one_line(error: SpecError) -> str:
    """`file:line:col: message`, without the source line and caret."""
    return error.render().split("\n", 1)[0]


def _replay_many(files, spec, io) -> int:
    failed = invalid = 0
    with Progress(io, len(files), "records") as bar:
        for path in files:
            code, error = first_error(path, spec)
            if code != EXIT_OK:
                failed += code == EXIT_FAILURE
                invalid += code == EXIT_SPEC
                print(error, file=io.err)
            bar.advance()
    ok = len(files) - failed - invalid
    io.say(f"{len(files)} records: {ok} ok, {failed} failed, {invalid} invalid")
    return EXIT_SPEC if invalid else EXIT_FAILURE if failed else EXIT_OK


RUN = {"replay": cmd_replay}

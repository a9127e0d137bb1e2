"""`cardspec replay`: re-check a record's every action and score."""

from __future__ import annotations

from ..errors import EXIT_FAILURE, EXIT_OK, EXIT_SPEC, GameError
from .common import spec_path


def add_parser(sub) -> None:
    r = sub.add_parser("replay", help="replay a record: check every action and score",
                       description="Replay a game record (YAML or JSON, possibly hand-written): print every "
                                   "deal's scores and the game totals. Exit 1, naming the action and the rule, "
                                   "if an action is illegal or a recorded score differs.")
    r.add_argument("record", metavar="RECORD")
    r.add_argument("--spec", default=None, help="use this spec (a file or a shipped game's name) instead of the "
                                                "one the record names")



def cmd_replay(args, io) -> int:
    from ..records import ReplayError, replay

    try:
        result = replay(args.record, spec=None if args.spec is None else str(spec_path(args.spec)))
    except ReplayError as e:
        print(e.error.render(), file=io.err)
        return EXIT_SPEC if e.invalid else EXIT_FAILURE
    except GameError as e:
        print(f"{args.record}: {e.message}", file=io.err)
        return EXIT_FAILURE
    for line in result.lines:
        io.say(line)
    st = result.state
    sn = st.game.seat_names
    io.say("Totals: " + "  ".join(f"{sn[p]} {st.totals[p]}" for p in st.game.turn_order))
    return EXIT_OK
RUN = {"replay": cmd_replay}

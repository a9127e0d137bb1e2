"""`cardspec arena`: bots against each other in duplicate, each board dealt to every seat in turn."""

from __future__ import annotations

import time

from ..core.errors import EXIT_FAILURE, EXIT_OK, GameError
from ..study.runners import RunnerError, runner
from .common import SPEC_HELP, UsageError, option_arg, options, seat_agents, spec_path
from .progress import Progress

WHOLE_GAME_DEALS = 1000  # a whole game is cut here, like `simulate --max-deals`


def add_parser(sub) -> None:
    s = sub.add_parser("arena", help="compare bots in duplicate: every board played from every seat",
                       description="Play boards (a game's first deal, or whole games with --whole) once per seat, "
                                   "the bots moved one seat on each time, on the same cards; print each bot's mean "
                                   "score per deal with its 95% confidence interval, best first. The --json "
                                   "format is described in docs/output.md.")
    s.add_argument("spec", metavar="SPEC", help=SPEC_HELP)
    s.add_argument("--seats", required=True, metavar="A,B,...",
                   help="one bot per seat in playing order: random, first, mc, pimc[:WORLDS|:Ns], "
                        "ismcts[:ITERATIONS|:Ns]; a name given twice is one bot")
    s.add_argument("--deals", type=int, default=20, metavar="N", help="number of boards (default 20)")
    s.add_argument("--seed", type=int, default=1, help="seed of the first board (default 1); board k uses seed+k")
    s.add_argument("--whole", action="store_true",
                   help=f"a board is a whole game (cut after {WHOLE_GAME_DEALS} deals), not its first deal")
    s.add_argument("--jobs", type=int, default=1, metavar="N",
                   help="play on N processes (default 1; 0: one per core); the figures are the same for any N")
    s.add_argument("--json", action="store_true", help="print one JSON document instead of the table")
    option_arg(s)


def cmd_arena(args, io) -> int:
    from ..compile.game import load_game
    from ..study.arena import board_work, document, summary

    if args.deals < 2:
        raise UsageError("--deals must be at least 2 (a confidence interval needs two boards)")
    if args.jobs < 0:
        raise UsageError("--jobs must be 0 (one process per core) or more")
    game = load_game(spec_path(args.spec), options=options(args))
    seat_agents(args.seats, game.turn_order, None, args.seed, io)  # checks --seats
    kinds = [k.strip() for k in args.seats.split(",")]
    if "human" in kinds:
        raise UsageError("arena plays bots only; use `cardspec play` to play yourself")
    max_deals = WHOLE_GAME_DEALS if args.whole else 1
    seeds = list(range(args.seed, args.seed + args.deals))
    boards, deals = [], 0
    t0 = time.perf_counter()
    try:
        with Progress(io, args.deals, "boards", "deals") as bar, runner("local", args.jobs) as pool:
            for seed, (result, error) in zip(seeds, pool.map(board_work, [(game, kinds, s, max_deals)
                                                                          for s in seeds])):
                if error is not None:
                    if not isinstance(error, GameError):
                        raise error  # the spec's rules failed (a located GameFault)
                    print(f"cardspec arena: board {seed - args.seed + 1} (seed {seed}): {error.message}",
                          file=io.err)
                    return EXIT_FAILURE
                boards.append(result[0])
                deals += result[1]
                bar.advance(result[1])
    except RunnerError as e:  # pragma: no cover - the local runner is always there
        raise UsageError(str(e)) from None
    rows = summary(kinds, boards)
    doc = document(str(args.spec), game, kinds, args.seed, args.deals, max_deals, rows, deals,
                   time.perf_counter() - t0)
    if args.json:
        import json

        io.say(json.dumps(doc, indent=2))
        return EXIT_OK
    _report(io, game, doc)
    return EXIT_OK


def _report(io, game, doc) -> None:
    what = "whole games" if doc["deals_per_board"] > 1 else "first deals"
    io.say(f"{game.title}: {doc['boards']} boards ({what}, seeds {doc['seed']}..{doc['seed'] + doc['boards'] - 1}), "
           f"each played {game.n} times with the bots moved round; {doc['deals']} deals in {doc['seconds']:.2f} s")
    width = max(len(row["bot"]) for row in doc["bots"])
    io.say(f"    {'bot':<{width}}  {'per deal':>9}  95% interval         ahead of the next")
    for row in doc["bots"]:
        ci = row["ci95"]
        nxt = row.get("ahead_of_next")
        ahead = ""
        if nxt is not None:
            d = nxt["ci95"]
            ahead = f"{nxt['difference']:+.2f} [{d[0]:+.2f}, {d[1]:+.2f}]" + (" *" if d[0] > 0 else "")
        io.say(f"{row['rank']:>2}. {row['bot']:<{width}}  {row['mean']:>9.2f}  [{ci[0]:+8.2f}, {ci[1]:+8.2f}]  {ahead}")
    io.say("(* the interval of the difference excludes 0)")


RUN = {"arena": cmd_arena}

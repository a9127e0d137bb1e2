"""`cardspec play`: a whole game at the terminal, humans and bots; the record is saved whatever happens."""

from __future__ import annotations

from pathlib import Path

from ..core.errors import (
    EXIT_FAILURE,
    EXIT_INTERRUPTED,
    EXIT_OK,
    EXIT_SPEC,
    GameError,
    GameFault,
)
from ..players.agents import AGENT_KINDS
from .common import SPEC_HELP, UsageError, option_arg, options, seat_agents, spec_path

# what each kind of seat is, for --help (every kind of AGENT_KINDS is listed, described or not)
SEAT_WORDS = {"human": "you, at this terminal", "random": "a bot choosing uniformly among the legal choices",
              "first": "a bot that always takes the first legal choice",
              "mc": "a Monte Carlo bot that plays each legal choice out in a dozen imagined deals",
              "pimc": "imagined deals searched with all cards face up; `pimc:40` for 40 deals a move",
              "ismcts": "information-set tree search; `ismcts:500` iterations or `ismcts:1s` a move"}


# a game whose end no deal count bounds (`ends_when`) stops here unless --deals says otherwise
MAX_DEALS = 1000


def add_parser(sub) -> None:
    kinds = "; ".join(f"`{k}`" + (f" ({SEAT_WORDS[k]})" if k in SEAT_WORDS else "") for k in AGENT_KINDS)
    pl = sub.add_parser("play", help="play a game at the terminal, against bots or bots only",
                        description=f"Play a whole game. Each seat is one of: {kinds}. The record "
                                    "is saved when the game ends, and on Ctrl-C with the game so far.")
    pl.add_argument("spec", metavar="SPEC", help=SPEC_HELP)
    pl.add_argument("--seats", default=None, metavar="A,B,...",
                    help=f"one agent per seat in playing order, comma-separated, from {', '.join(AGENT_KINDS)} "
                         "(default: human in the first seat, random bots elsewhere)")
    pl.add_argument("--seed", type=int, default=None, help="seed for the cards and the bots (default: random)")
    pl.add_argument("--record", default=None, metavar="PATH",
                    help="where to save the record (.yaml or .json; default records/GAME-SEED.yaml)")
    pl.add_argument("--deals", type=int, default=None,
                    help=f"stop after this many deals (default: the whole game, or {MAX_DEALS} deals if it has not "
                         "ended by then)")
    pl.add_argument("--quiet", action="store_true", help="print only deal results, not every action")
    option_arg(pl)



def new_game(args, io):
    """The game a command line asks for (`play`, `serve`): (spec file, seat kinds, agents, record path, state)."""
    import random

    from ..compile.game import load_game

    if args.deals is not None and args.deals < 1:
        raise UsageError("--deals must be at least 1")
    spec = spec_path(args.spec)
    game = load_game(spec, options=options(args))
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1_000_000)
    kinds, agents = seat_agents(args.seats, game.turn_order, ["human"] + ["random"] * (game.n - 1), seed, io)
    path = Path(args.record or f"records/{spec.stem}-{seed}.yaml")
    state = game.new_state(seed)  # (a spec that fails as the game starts leaves no record file behind)
    _check_writable(path)
    return spec, kinds, agents, path, state


def cmd_play(args, io) -> int:
    from ..record.replay import dump, record_of

    spec, kinds, agents, path, state = new_game(args, io)
    game, seed = state.game, state.seed
    sn = game.seat_names
    io.say(f"{game.title}: seats {', '.join(f'{sn[i]} {kinds[i]}' for i in game.turn_order)}; seed {seed}")
    status = EXIT_OK
    interrupted = False
    try:
        interrupted = play_game(state, agents, kinds, io, quiet=args.quiet, deals=args.deals or MAX_DEALS)
        if interrupted and args.deals is None:
            io.say(f"The game has not ended after {MAX_DEALS} deals: stopped (`--deals N` plays more).")
    except (KeyboardInterrupt, EOFError):
        interrupted = True
        io.say("\nStopped; saving the game so far.")
        status = EXIT_INTERRUPTED
    except GameError as e:
        print(f"cardspec play: {e.message}", file=io.err)
        status = EXIT_FAILURE
        interrupted = True
    except GameFault as e:  # the spec's rules failed: where, and the game so far is kept to replay it
        print(e.render(), file=io.err)
        status = EXIT_SPEC
        interrupted = True
    except Exception:  # reported by `cli.run`; the game so far is saved first
        dump(record_of(state, _spec_ref(spec, path), kinds, interrupted=True), path)
        raise
    dump(record_of(state, _spec_ref(spec, path), kinds, interrupted=interrupted), path)
    if state.is_terminal:
        best = max(state.totals) if game.winner == "highest" else min(state.totals)
        winners = [sn[p] for p in range(game.n) if state.totals[p] == best]
        io.say("Final totals: " + "  ".join(f"{sn[p]} {state.totals[p]}" for p in game.turn_order))
        io.say(f"Winner: {' and '.join(winners)}")
    io.say(f"Record saved to {path}")
    return status


def play_game(state, agents, kinds, io, quiet=False, deals=None) -> bool:
    """Play from `state` to the end of the game, printing the others' actions as the human seat may
    see them, and each deal's result. Returns True when stopped after `deals` deals.

    With one human, lines are that seat's view; with several at one terminal (hot-seat)
    they are what is public to all (`watcher`), and each prompt shows its own seat's table."""
    from ..words.screen import action_line, deal_summary

    viewer = watcher(kinds)
    log = "human" in kinds and not quiet
    shown = 0
    while not state.is_terminal:
        p = state.current_player
        legal = state.legal_actions()
        action = agents[p].choose(state, p, legal)
        deal_no = state.deal_number
        line = action_line(state, p, action, viewer) if log and kinds[p] != "human" else None
        state.apply(action)
        if line is not None:
            io.say(line)
        while shown < len(state.deals) and state.deals[shown].scores is not None:
            io.say(deal_summary(state, state.deals[shown]))
            shown += 1
        if deals and state.deal_number > deals and deal_no == deals:
            return True
    return False


def watcher(kinds) -> int | None:
    """The seat whose view the log follows: the human's; None (what is public to all) when
    several humans share the terminal, or none is there."""
    humans = [p for p, kind in enumerate(kinds) if kind == "human"]
    return humans[0] if len(humans) == 1 else None


def _check_writable(path: Path) -> None:
    """Refuse, before the game starts, a record path that cannot be written."""
    from ..load.files import Refused, check_output, shown

    try:
        check_output(path)
    except Refused as e:
        raise UsageError(f"cannot save the record to {shown(path)}: {e.message}") from None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with open(path, "a"):
            pass
    except OSError as e:
        raise UsageError(f"cannot save the record to {shown(path)}: {e.strerror or e}") from None


def _spec_ref(spec, record_path: Path) -> str:
    """The spec as the record should name it: a shipped game by its name (it replays from any folder), another
    spec by its path relative to the record's folder."""
    import os

    from ..load.catalog import name_of

    shipped = name_of(spec)
    if shipped:
        return shipped
    try:
        return os.path.relpath(Path(spec).resolve(), record_path.resolve().parent)
    except ValueError:
        return str(spec)
RUN = {"play": cmd_play}

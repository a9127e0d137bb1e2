"""`cardspec serve`: a game at a table in the browser, one private link per human seat and one to
watch; or, with `--replay`, a record stepped through in the browser. Needs the `web` extra."""

from __future__ import annotations

import socket
from pathlib import Path

from ..core.errors import EXIT_FAILURE, EXIT_INTERRUPTED, EXIT_OK, EXIT_SPEC, GameError, GameFault
from ..players.agents import AGENT_KINDS
from .common import SPEC_HELP, UsageError, option_arg
from .play import MAX_DEALS, _spec_ref, new_game

DEFAULT_PORT = 8765
LOOPBACK = ("127.0.0.1", "localhost", "::1")


def add_parser(sub) -> None:
    s = sub.add_parser("serve", help="play a game in the browser with friends and bots, or step through a record",
                       description="Start a web server for one game: each human seat gets its own private link "
                                   "(open it in a browser; a reload returns to the seat), and there is a link to "
                                   "watch what is public. Bots play in the other seats. The record is saved when the "
                                   "game ends (or the server stops) and can be downloaded from the page. With "
                                   "--replay, open a record on a page that steps through it, seen by any seat or a "
                                   "watcher. Needs the `web` extra: pip install 'cardspec[web]'.")
    s.add_argument("spec", metavar="SPEC", nargs="?", help=SPEC_HELP)
    s.add_argument("--seats", default=None, metavar="A,B,...",
                   help=f"one agent per seat in playing order, comma-separated: `human` (a browser) or a bot, from "
                        f"{', '.join(k for k in AGENT_KINDS if k != 'human')} (default: human in the first seat, "
                        "random bots elsewhere)")
    s.add_argument("--seed", type=int, default=None, help="seed for the cards and the bots (default: random)")
    s.add_argument("--record", default=None, metavar="PATH",
                   help="where to save the record (.yaml or .json; default records/GAME-SEED.yaml)")
    s.add_argument("--deals", type=int, default=None,
                   help=f"stop after this many deals (default: the whole game, or {MAX_DEALS} deals)")
    s.add_argument("--replay", default=None, metavar="RECORD", help="step through this record instead of playing")
    s.add_argument("--host", default="127.0.0.1",
                   help="the address to listen on (default 127.0.0.1: this machine only; 0.0.0.0 for the local network)")
    s.add_argument("--port", type=int, default=DEFAULT_PORT, help=f"the port (default {DEFAULT_PORT}; 0 for any free one)")
    s.add_argument("--bot-delay", type=float, default=0.8, metavar="SECONDS",
                   help="the least time a bot's move takes, so people can follow it (default 0.8)")
    option_arg(s)


def cmd_serve(args, io) -> int:
    _check_extra()
    from ..web.server import Hall, server

    if args.bot_delay < 0 or args.bot_delay > 60:
        raise UsageError("--bot-delay takes 0 to 60 seconds")
    if args.replay is not None and (args.spec is not None or args.seats is not None):
        raise UsageError("--replay takes a record only: the spec and seats are the record's")
    if args.replay is None and args.spec is None:
        raise UsageError("name a SPEC to play, or --replay RECORD")
    sock = _listen(args.host, args.port)  # (first: a port in use leaves no empty record file behind)
    with sock:
        if args.replay is not None:
            hall = _replay_hall(args, io)
            if isinstance(hall, int):  # the record does not replay: said, with its exit code
                return hall
        else:
            hall = Hall(_table(args, io), bot_delay=args.bot_delay, say=io.say)
        try:
            _links(hall, sock, args.host, io)
            server(hall).run(sockets=[sock])
        except KeyboardInterrupt:  # (uvicorn stops gracefully, then raises the Ctrl-C again)
            pass
    return _outcome(hall, io)


def _links(hall, sock, host, io) -> None:
    """The game, and the link of each human seat, of the watchers (or of the replay)."""
    base = f"http://{_shown_host(host)}:{sock.getsockname()[1]}"
    if hall.table is not None:
        t = hall.table
        sn = t.game.seat_names
        io.say(f"{t.game.title}: seats {', '.join(f'{sn[p]} {t.kinds[p]}' for p in t.game.turn_order)}; "
               f"seed {t.state.seed}")
    for who, url in hall.links(base):
        io.say(f"  {who + ':':<9} {url}")
    if host not in LOOPBACK:
        io.say("  Anyone with a seat's link plays that seat; the links travel unencrypted (http): "
               "share them only on a network you trust.")
    io.say("Ctrl-C stops the server.")


def _outcome(hall, io) -> int:
    """What `cardspec play` would say and return for the game as the server left it. Where the
    record is, is said once: by the server when the game ended while it ran, else here (a Ctrl-C
    mid-game stops the game as the server shuts down, before its operator is told)."""
    table = hall.table
    if table is None:
        return EXIT_OK
    table.stop("the server was stopped")  # (saved already, unless stopped before the app started)
    if table.saved and not hall.told:
        done = "the game" if table.state.is_terminal else "the game so far"
        io.say(f"Record of {done} saved to {table.record_path}")
    if isinstance(table.error, GameFault):  # the spec's rules failed: where, as `play` says it
        print(table.error.render(), file=io.err)
        return EXIT_SPEC
    if table.error is not None:
        print(f"cardspec serve: {table.error.message}", file=io.err)
        return EXIT_FAILURE
    return EXIT_OK if table.state.is_terminal or table.limit_reached else EXIT_INTERRUPTED


def _check_extra() -> None:
    """A clear message, not a traceback, when the web extra is not installed."""
    import importlib.util

    for module in ("starlette", "uvicorn", "websockets"):
        if importlib.util.find_spec(module) is None:
            raise UsageError(f"`cardspec serve` needs the `web` extra (no module named `{module}`): "
                             "pip install 'cardspec[web]'")


def _table(args, io):
    from ..web.table import Table

    spec, kinds, agents, path, state = new_game(args, io)
    return Table(state, kinds, agents, record_path=path, spec_ref=_spec_ref(spec, path), deals=args.deals or MAX_DEALS)


def _replay_hall(args, io):
    from ..record.replay import ReplayError, replay
    from ..web.replay import Book
    from ..web.server import Hall

    try:
        result = replay(args.replay)
    except ReplayError as e:
        print(e.error.render(), file=io.err)
        return EXIT_SPEC if e.invalid else EXIT_FAILURE
    except GameError as e:
        print(f"{args.replay}: {e.message}", file=io.err)
        return EXIT_FAILURE
    return Hall(book=Book(result.state, _record_seats(args.replay, result.state.game)))


def _record_seats(path, game) -> list[str] | None:
    """Who sat where, as the record says (it replayed: its `seats` are checked)."""
    import yaml

    seats = (yaml.safe_load(Path(path).read_text(encoding="utf-8")) or {}).get("seats") or {}
    return [str(seats.get(name, "")) for name in game.seat_names] if seats else None


def _listen(host: str, port: int) -> socket.socket:
    if not 0 <= port <= 65535:
        raise UsageError("--port takes 0 to 65535")
    try:
        family = socket.AF_INET6 if ":" in host else socket.AF_INET
        return socket.create_server((host, port), family=family)
    except OSError as e:
        raise UsageError(f"cannot listen on {host} port {port}: {e.strerror or e}") from None


def _shown_host(host: str) -> str:
    if host in ("0.0.0.0", "::", ""):
        return socket.gethostname()
    return f"[{host}]" if ":" in host else host


RUN = {"serve": cmd_serve}

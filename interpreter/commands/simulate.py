"""`cardspec simulate`: many games with bots, and their statistics; one spec, or two compared.

The figures come from `study.py`; this module plays, then writes them as a text report,
one JSON document (`--json`), one CSV row per deal (`--csv`) or a picture (`--plot`).
With `--against B`, both specs play the same seeds with bots seeded alike, so where the
two deal alike they deal the same cards, and each seat's difference is measured paired.
"""

from __future__ import annotations

import time
from pathlib import Path
from types import SimpleNamespace

from ..core.errors import EXIT_FAILURE, EXIT_OK, GameError
from ..study.runners import BACKENDS, RunnerError, runner
from .common import SPEC_HELP, UsageError, option_arg, options, seat_agents, spec_path
from .progress import Progress

FORMAT = "cardspec-simulation/1"
COMPARISON_FORMAT = "cardspec-comparison/1"


def add_parser(sub) -> None:
    s = sub.add_parser("simulate", help="play many games with bots and print statistics",
                       description="Play many games with bots; print each seat's mean score and spread, "
                                   "per-contract averages and deals per second. With --against, play a second "
                                   "spec on the same seeds and report each seat's paired difference. The "
                                   "--json and --csv formats are described in docs/output.md.")
    s.add_argument("spec", metavar="SPEC", help=SPEC_HELP)
    s.add_argument("--games", type=int, default=100, help="number of games (default 100)")
    s.add_argument("--seed", type=int, default=1, help="seed of the first game (default 1); game k uses seed+k")
    s.add_argument("--seats", default=None, metavar="A,B,...", help="bot per seat (default: random everywhere)")
    s.add_argument("--max-deals", type=int, default=1000, metavar="N",
                   help="stop a game that has not ended after N deals, and say so (default 1000): a race to a "
                        "target that bots rarely reach could otherwise go on for ever")
    s.add_argument("--against", default=None, metavar="SPEC2",
                   help="also play SPEC2 on the same seeds with the same bots, and report per seat the mean "
                        "difference SPEC2 - SPEC with its 95%% confidence interval (paired by game)")
    s.add_argument("--against-option", action="append", default=[], metavar="NAME=VALUE",
                   help="an option of SPEC2 (repeatable); --option sets SPEC's only")
    s.add_argument("--jobs", type=int, default=0, metavar="N",
                   help="play on N processes (default 0: one per core, or this process alone for fewer than "
                        f"{SMALL_RUN} games); the figures are the same for any N, since each game depends on its "
                        "seed alone")
    s.add_argument("--backend", default="local", choices=BACKENDS,
                   help="local (this machine's processes, the default) or ray (Ray tasks, on the cluster named "
                        "by --address or RAY_ADDRESS, else on this machine; needs cardspec[ray])")
    s.add_argument("--address", default=None, metavar="HOST:PORT",
                   help="with --backend ray: the Ray cluster to run on (default: RAY_ADDRESS, else this machine)")
    s.add_argument("--json", action="store_true", help="print one JSON document on stdout instead of the report")
    s.add_argument("--csv", default=None, metavar="FILE", help="write one row per deal to FILE (CSV)")
    s.add_argument("--plot", default=None, metavar="FILE.png",
                   help="draw per-seat score distributions and per-contract means to FILE.png "
                        "(needs matplotlib: pip install 'cardspec[plot]')")
    option_arg(s, help_text="choose a value for one of SPEC's options (repeatable), e.g. players=5")


SMALL_RUN = 64  # fewer games than this play in this process: starting workers would cost more


def cmd_simulate(args, io) -> int:
    from ..compile.game import load_game

    if args.games < 1:
        raise UsageError("--games must be at least 1")
    if args.max_deals < 1:
        raise UsageError("--max-deals must be at least 1")
    if args.jobs < 0:
        raise UsageError("--jobs must be 0 (one process per core) or more")
    if args.against_option and not args.against:
        raise UsageError("--against-option needs --against")
    game = load_game(spec_path(args.spec), options=options(args))
    kinds, _ = seat_agents(args.seats, game.turn_order, ["random"] * game.n, args.seed, io)  # checks --seats
    if "human" in kinds:
        raise UsageError("simulate plays bots only; use `cardspec play` to play yourself")
    sides = [(args.spec, game)]
    if args.against:
        other = load_game(spec_path(args.against), options=options(SimpleNamespace(option=args.against_option)))
        if sorted(other.seat_names) != sorted(game.seat_names):
            raise UsageError(f"cannot compare {args.spec} (seats {', '.join(game.seat_names)}) with "
                             f"{args.against} (seats {', '.join(other.seat_names)}): the seats must be the same")
        sides.append((args.against, other))
    _check_outputs(args)

    seeds = range(args.seed, args.seed + args.games)

    def bots(g):  # each seat's bot, numbered by its seat in SPEC: SPEC2's seats get them by name
        return [(kinds[game.seat_names.index(name)], game.seat_names.index(name)) for name in g.seat_names]
    runs = []
    try:
        jobs = 1 if args.jobs == 0 and args.backend == "local" and args.games < SMALL_RUN else args.jobs
        if args.address is not None and args.backend != "ray":
            raise UsageError("--address names a Ray cluster: it needs --backend ray")
        with Progress(io, args.games * len(sides), "games", "deals") as bar, \
                runner(args.backend, jobs, address=args.address) as pool:
            for path, g in sides:
                bar.describe(Path(path).stem)
                run = _run(g, path, bots(g), seeds, args, io, bar, pool)
                if run is None:
                    return EXIT_FAILURE
                runs.append(run)
    except RunnerError as e:
        raise UsageError(str(e)) from None

    if args.csv:
        _write_csv(args.csv, runs)
    if args.plot:
        from ..study.plots import plot

        plot(args.plot, [(run["path"], run["study"]) for run in runs])
    docs = [_document(run, args) for run in runs]
    if len(runs) == 2:
        from ..study.stats import INTERVAL, compare

        doc = {"format": COMPARISON_FORMAT, "a": docs[0], "b": docs[1], "interval": INTERVAL,
               "paired": compare(runs[0]["study"], runs[1]["study"])}
        if args.json:
            _say_json(io, doc)
        else:
            _report_comparison(io, doc)
    elif args.json:
        _say_json(io, docs[0])
    else:
        _report(io, runs[0]["study"], docs[0])
    return EXIT_OK


def _chunks(seeds, pool) -> list[tuple[int, range]]:
    """The seeds cut into pieces of work, each with the number of its first game in the run."""
    size = 1 if pool.workers == 1 else max(1, min(50, len(seeds) // (8 * pool.workers)))
    return [(k + 1, seeds[k:k + size]) for k in range(0, len(seeds), size)]


def _run(game, path, bots, seeds, args, io, bar, pool) -> dict | None:
    """Play every seed on `pool` (a runner); the study and the timing, or None after reporting a
    broken game (the first in the order of the seeds, whatever the runner)."""
    from ..study.stats import Study, play_chunk

    study = Study(game)
    t0 = time.perf_counter()
    chunks = _chunks(seeds, pool)
    work = [(game, bots, chunk, first, args.max_deals, bool(args.csv)) for first, chunk in chunks]
    done = pool.map(play_chunk, work)
    for (first, chunk), (summaries, broken) in zip(chunks, done):
        before = study.deals
        for summary in summaries:
            study.add_summary(summary)
        bar.advance(study.deals - before)
        if broken is not None:
            k, e = broken
            if not isinstance(e, GameError):
                raise e  # the spec's rules failed (a located GameFault): reported as such
            which = f"{path}: " if args.against else ""  # of two specs, say which broke
            print(f"cardspec simulate: {which}game {first + k} (seed {chunk[k]}): {e.message}", file=io.err)
            return None
    return {"path": path, "study": study, "seconds": time.perf_counter() - t0,
            "kinds": [bots[p][0] for p in game.turn_order]}


def _check_outputs(args) -> None:
    """Refuse, before playing, an output that cannot be written or drawn."""
    if args.plot:
        if Path(args.plot).suffix.lower() != ".png":
            raise UsageError(f"--plot writes a PNG picture: give a file name ending in .png, not `{args.plot}`")
        try:
            import matplotlib  # noqa: F401
        except ImportError:
            raise UsageError("--plot needs matplotlib, which is not installed: "
                             "pip install 'cardspec[plot]' (or pip install matplotlib)") from None
    for flag, name in (("--csv", args.csv), ("--plot", args.plot)):
        if name is None:
            continue
        path = Path(name)
        if path.is_dir():
            raise UsageError(f"{flag}: cannot write {path}: it is a folder")
        if not path.parent.is_dir():
            raise UsageError(f"{flag}: cannot write {path}: no folder {path.parent}")
        try:
            with open(path, "a"):
                pass
        except OSError as e:
            raise UsageError(f"{flag}: cannot write {path}: {e.strerror or e}") from None


def _document(run, args) -> dict:
    """The JSON document of one spec's run."""
    study = run["study"]
    g = study.game
    seconds = run["seconds"]
    head = {"format": FORMAT, "spec": str(run["path"]), "title": g.title, "options": dict(g.options),
            "seats": dict(zip((g.seat_names[p] for p in g.turn_order), run["kinds"])),
            "max_deals": args.max_deals, "seconds": round(seconds, 3),
            "deals_per_second": round(study.deals / seconds, 1) if seconds > 0 else None}
    return {**head, **study.summary()}


def _say_json(io, doc) -> None:
    import json

    io.say(json.dumps(doc, indent=2, default=float))


def _write_csv(path, runs) -> None:
    import csv

    with open(path, "w", newline="") as f:
        w = csv.writer(f)
        first = runs[0]["study"].game
        names = list(first.seat_names)
        side = len(runs) > 1  # a comparison: a first column says which spec, a or b
        w.writerow((["spec"] if side else []) + ["seed", "game", "deal", "dealer", "declarer", "contract", *names])
        for label, run in zip("ab", runs):
            sn = run["study"].game.seat_names
            for row in run["study"].rows:  # scores in the first spec's seat order
                scores = dict(zip(sn, row[6:]))
                w.writerow(([label] if side else []) + row[:6] + [scores[name] for name in names])


def _report(io, study, doc) -> None:
    """The text report of one spec: each seat's figures with the 95% interval of its mean, the spec's
    statistics and each contract's mean deal score, as tables (docs/commands.md)."""
    from ..study.stats import has_declarer, settles, t975

    game = study.game
    seats = doc["seats"]
    io.say(f"{game.title}: {doc['games']} games, {doc['deals']} deals, seeds {doc['seeds']['first']}.."
           f"{doc['seeds']['last']}, seats {','.join(seats.values())}")
    rows = [[name, _f(s["mean"]), _interval(s["ci95"]), _f(s["stdev"]), _n(s["min"]), _n(s["max"]), str(s["wins"])]
            for name, s in doc["per_seat"].items()]
    rows += [[f"team {name}", _f(s["mean"]), _interval(s["ci95"]), _f(s["stdev"]), _n(s["min"]), _n(s["max"]),
              str(s["wins"])] for name, s in doc["per_team"].items()]  # a team: its members' mean
    _table(io, ["seat", "mean", "95% interval", "stdev", "min", "max", "wins"], rows)
    n = doc["games"]
    how = (f"mean ± t × stdev / √n, n = {n} games, t = {t975(n - 1):.3f} (Student's t, {n - 1} degrees of "
           "freedom)" if n > 1 else "none from one game")
    io.say(f"mean: {doc['measure']} per game; 95% interval of the mean: {how}")
    unfinished = doc["unfinished"]
    if unfinished["count"]:
        seeds = ", ".join(map(str, unfinished["seeds"][:10])) + (", ..." if unfinished["count"] > 10 else "")
        io.say(f"{unfinished['count']} of {doc['games']} games had not ended after {doc['max_deals']} deals and "
               f"were stopped there (seeds {seeds}); their totals are counted as they stood")
    for name, s in doc["statistics"].items():
        io.say(f"{name}: {s['count']} of {s['games']} games ({100 * s['count'] / s['games']:.1f}%)")
    for name, s in doc["deal_statistics"].items():
        io.say(f"{name}: {s['count']} of {s['deals']} {s['among']} ({100 * s['count'] / max(1, s['deals']):.1f}%)")
    means = study.contract_means()
    declared = has_declarer(game) and any(c["declarer"] is not None for c in means.values())
    raw = settles(game)
    parts = ["declarer", "others"] if declared else ["seat"]
    heads = ["contract", "deals"]
    for part in parts:
        heads += [part, "raw"] if raw else [part]
    rows = []
    for c in means.values():
        row = [c["name"], str(c["deals"])]
        for part in parts:
            row += [_f(c[part]), _f(c[part + "_raw"])] if raw else [_f(c[part])]
        rows.append(row)
    _table(io, heads, rows)
    whose = "of the declarer and of each other seat" if declared else "of each seat"
    io.say(f"mean deal score {whose}" + ("; raw: the same before doubles are settled, as the contract's "
                                          "`score` gives it" if raw else ""))
    io.say(f"{doc['deals_per_second'] or 0:.0f} deals/s ({doc['seconds']:.2f} s)")


def _report_comparison(io, doc) -> None:
    """The text report of a paired comparison."""
    a, b = doc["a"], doc["b"]
    io.say(f"{a['title']} ({a['spec']})  against  {b['title']} ({b['spec']})")
    io.say(f"{a['games']} paired games, seeds {a['seeds']['first']}..{a['seeds']['last']}, "
           f"seats {','.join(a['seats'].values())}; {a['deals']} and {b['deals']} deals")
    _table(io, ["seat", "spec", "against", "diff", "95% interval of diff"],
           [[name, _f(s["mean_a"]), _f(s["mean_b"]), _f(s["difference"]), _interval(s["ci95"])]
            for name, s in doc["paired"].items()])
    io.say(f"mean {a['measure']} per game; diff = against - spec, paired by seed; 95% interval of the mean "
           "difference: mean ± t × stdev / √n over the games (Student's t)")
    if a["unfinished"]["count"] or b["unfinished"]["count"]:
        io.say(f"games stopped at {a['max_deals']} deals: {a['unfinished']['count']} and "
               f"{b['unfinished']['count']}")
    io.say(f"{(a['deals'] + b['deals']) / max(1e-9, a['seconds'] + b['seconds']):.0f} deals/s "
           f"({a['seconds'] + b['seconds']:.2f} s)")


def _f(x) -> str:
    """A mean: two decimals; `-` for none."""
    return "-" if x is None else f"{x:.2f}"


def _n(x) -> str:
    """A result as it is: a whole number without decimals."""
    return str(int(x)) if isinstance(x, float) and x.is_integer() else str(x)


def _interval(ci) -> str:
    return "-" if ci is None else f"[{ci[0]:.2f}, {ci[1]:.2f}]"


def _table(io, heads: list[str], rows: list[list[str]]) -> None:
    """A table drawn by rich, its first column (names) aligned left and the figures right: on a terminal
    with lines and a bold header, as wide as the terminal; elsewhere plain text (no colour codes, no
    lines, no trailing spaces), as wide as its cells, so that it reads the same in a file or a pipe."""
    import shutil
    from io import StringIO

    from rich import box
    from rich.console import Console
    from rich.table import Table

    tty = bool(getattr(io.out, "isatty", None) and io.out.isatty())
    table = Table(box=box.SIMPLE_HEAD if tty else None, show_edge=False, pad_edge=False,
                  header_style="bold" if tty else "", collapse_padding=False)
    for i, head in enumerate(heads):
        table.add_column(head, justify="right" if i else "left", no_wrap=True)
    for row in rows:
        table.add_row(*row)
    buffer = StringIO()
    width = shutil.get_terminal_size().columns if tty else 1000
    Console(file=buffer, width=width, force_terminal=tty, no_color=not tty, color_system="standard" if tty else None,
            markup=False, emoji=False, highlight=False).print(table)
    io.say("\n".join(line.rstrip() for line in buffer.getvalue().rstrip("\n").split("\n")))


RUN = {"simulate": cmd_simulate}

"""The `cardspec` command: validate, play, simulate, replay, schema.

`main(argv)` returns an exit code and is what the console script calls; `run(argv,
stdout, stderr)` does the work and is what tests call in-process. Exit codes: 0 ok,
1 a game or replay failed (illegal action, score mismatch, broken total), 2 a bad
command line, 3 an invalid spec or record, 130 interrupted (the record so far is saved).
No bad input ends in a Python traceback.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from collections import defaultdict
from pathlib import Path

from .agents import AGENT_KINDS, make_agent
from .errors import EXIT_FAILURE, EXIT_INTERRUPTED, EXIT_OK, EXIT_SPEC, EXIT_USAGE, GameError, SpecError, SpecErrors

DESCRIPTION = """cardspec runs traditional card games described as YAML specs.

  cardspec validate specs/FAMILY/GAME.yaml          check a spec (or several)
  cardspec play SPEC --seats human,random,random,random
  cardspec simulate SPEC --games 100 --seed 1
  cardspec replay game.yaml                         re-check a record's rulings and scores
  cardspec schema                                   the JSON Schema of spec files
"""


class UsageError(Exception):
    pass


class _Parser(argparse.ArgumentParser):
    def error(self, message):  # argparse would exit; we return a code instead
        raise UsageError(f"{self.prog}: {message}")


def build_parser() -> argparse.ArgumentParser:
    p = _Parser(prog="cardspec", description=DESCRIPTION, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)

    v = sub.add_parser("validate", help="check spec files and report every error with its place",
                       description="Check spec files: structure (the JSON Schema), then meaning (names, deal "
                                   "sizes, phases, scores). Every error is shown as file:line:col with the line "
                                   "and a caret. Exit 3 if any spec is invalid.")
    v.add_argument("files", nargs="+", metavar="FILE", help="spec files (or folders of them)")
    _option_arg(v)

    pl = sub.add_parser("play", help="play a game at the terminal, against bots or bots only",
                        description="Play a whole game. Each seat is `human` (you, at this terminal), `random` "
                                    "or `first` (a bot that always takes the first legal choice). The record "
                                    "is saved when the game ends, and on Ctrl-C with the game so far.")
    pl.add_argument("spec", metavar="SPEC", help="the game's spec file")
    pl.add_argument("--seats", default=None, metavar="A,B,...",
                    help=f"one agent per seat in playing order, comma-separated, from {', '.join(AGENT_KINDS)} "
                         "(default: human in the first seat, random bots elsewhere)")
    pl.add_argument("--seed", type=int, default=None, help="seed for the cards and the bots (default: random)")
    pl.add_argument("--record", default=None, metavar="PATH",
                    help="where to save the record (.yaml or .json; default records/GAME-SEED.yaml)")
    pl.add_argument("--deals", type=int, default=None, help="stop after this many deals (default: the whole game)")
    pl.add_argument("--quiet", action="store_true", help="print only deal results, not every action")
    _option_arg(pl)

    s = sub.add_parser("simulate", help="play many games with bots and print statistics",
                       description="Play many games with bots; print each seat's mean score and spread, "
                                   "per-contract averages and deals per second.")
    s.add_argument("spec", metavar="SPEC")
    s.add_argument("--games", type=int, default=100, help="number of games (default 100)")
    s.add_argument("--seed", type=int, default=1, help="seed of the first game (default 1); game k uses seed+k")
    s.add_argument("--seats", default=None, metavar="A,B,...", help="bot per seat (default: random everywhere)")
    s.add_argument("--max-deals", type=int, default=1000, metavar="N",
                   help="stop a game that has not ended after N deals, and say so (default 1000): a race to a "
                        "target that bots rarely reach could otherwise go on for ever")
    _option_arg(s)

    r = sub.add_parser("replay", help="replay a record: check every action and score",
                       description="Replay a game record (YAML or JSON, possibly hand-written): print every "
                                   "deal's scores and the game totals. Exit 1, naming the action and the rule, "
                                   "if an action is illegal or a recorded score differs.")
    r.add_argument("record", metavar="RECORD")
    r.add_argument("--spec", default=None, help="use this spec instead of the one the record names")

    sh = sub.add_parser("show", help="print a spec fully resolved (its bases and options applied)",
                        description="Print the spec as the interpreter sees it: every `extends` merged and the "
                                    "chosen options applied, as YAML; then the options and their values.")
    sh.add_argument("spec", metavar="SPEC")
    _option_arg(sh)

    d = sub.add_parser("diff", help="say what a variant changes, in the rulebook's terms",
                       description="Compare two specs (typically a base and a variant of it), both resolved, and "
                                   "list what the second changes: contracts added, removed or changed, scoring, "
                                   "play rules, phases, options.")
    d.add_argument("base", metavar="BASE")
    d.add_argument("variant", metavar="VARIANT")
    _option_arg(d, help_text="an option of VARIANT (as for play); BASE uses its defaults")

    sub.add_parser("schema", help="print the JSON Schema of spec files (for editor completion)",
                   description="Print the JSON Schema that spec files follow.")
    return p


def _option_arg(parser, help_text="choose a value for one of the spec's options (repeatable), e.g. players=5"):
    parser.add_argument("--option", "-o", action="append", default=[], metavar="NAME=VALUE", help=help_text)


def _options(args) -> dict[str, str]:
    out = {}
    for item in args.option:
        name, eq, value = item.partition("=")
        if not eq or not name.strip() or not value.strip():
            raise UsageError(f"--option takes NAME=VALUE, not `{item}`")
        out[name.strip()] = value.strip()
    return out


def main(argv=None) -> int:
    try:
        return run(sys.argv[1:] if argv is None else argv, sys.stdout, sys.stderr)
    except BrokenPipeError:  # the reader went away (`cardspec ... | head`): stop quietly
        import os

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
    io = _IO(stdout, stderr, stdin or sys.stdin)
    try:
        return COMMANDS[args.command](args, io)
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


class _IO:
    def __init__(self, out, err, inp):
        self.out, self.err, self.inp = out, err, inp

    def say(self, text=""):
        print(text, file=self.out, flush=True)


# ---- validate -----------------------------------------------------------------------

def cmd_validate(args, io) -> int:
    from .game import load_game, spec_files

    files = spec_files(args.files)
    if not files:
        raise UsageError("no spec files found")
    chosen = _options(args)
    bad = 0
    for f in files:
        try:
            g = load_game(f, options=chosen)
            errors = [] if chosen else _option_errors(f, g)
        except SpecErrors as e:
            errors = e.errors
        if errors:
            bad += 1
            print(SpecErrors(errors).render(), file=io.err)
        else:
            opts = "".join(f", {k}={v}" for k, v in g.options.items() if v != g.option_defaults.get(k))
            nc = len(g.contracts)
            contracts = f", {nc} contracts" if nc > 1 else ""  # one implicit contract is not worth a word
            io.say(f"{f}: ok ({g.title}: {g.n} players, {len(g.pack)} cards{contracts}{opts})")
    if bad:
        print(f"{bad} of {len(files)} spec(s) invalid", file=io.err)
        return EXIT_SPEC
    return EXIT_OK


def _option_errors(path, game) -> list:
    """Errors of the spec with each option value in turn (the defaults are already checked)."""
    from .game import load_game
    from .overlays import option_text, requirement, resolve

    declared = resolve(path).data.get("options") or {}
    seen, out = set(), []
    for name, opt in declared.items():
        numbers = [(opt.get("number") or {}).get("min", 0)] if isinstance(opt.get("number"), dict) else []
        for value in [*(opt.get("choices") or {}), *numbers]:
            if value == game.option_defaults.get(name):
                continue
            options, todo = {name: value}, [name]
            while todo:  # what the option needs, and what that needs in turn
                for k, need in ((declared.get(todo.pop()) or {}).get("requires") or {}).items():
                    if k not in options:
                        options[k] = option_text(requirement(need)[0][0])
                        todo.append(k)
            try:
                load_game(path, options=options)
            except SpecErrors as e:
                for err in e.errors:
                    key = err.sort_key()
                    if key not in seen:
                        seen.add(key)
                        err.message += f" (with --option {name}={value})"
                        out.append(err)
    return out


# ---- play ---------------------------------------------------------------------------

def _agents(text, order, default, seed, io):
    """The agent of each seat, from `--seats` given in playing order (`order`: seats, first to last)."""
    n = len(order)
    given = [k.strip() for k in text.split(",")] if text else default
    if len(given) != n:
        raise UsageError(f"--seats needs {n} agents (one per seat), got {len(given)}")
    for k in given:
        if k not in AGENT_KINDS:
            raise UsageError(f"unknown agent `{k}`; choose from {', '.join(AGENT_KINDS)}")
    kinds = [""] * n
    for k, p in zip(given, order):
        kinds[p] = k
    base = 0 if seed is None else seed
    return kinds, [make_agent(k, seed=None if seed is None else base * 7919 + i, stdin=io.inp, stdout=io.out)
                   for i, k in enumerate(kinds)]


def cmd_play(args, io) -> int:
    import random

    from .game import load_game
    from .records import dump, record_of
    from .screen import deal_summary

    if args.deals is not None and args.deals < 1:
        raise UsageError("--deals must be at least 1")
    game = load_game(args.spec, options=_options(args))
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1_000_000)
    kinds, agents = _agents(args.seats, game.turn_order, ["human"] + ["random"] * (game.n - 1), seed, io)
    path = Path(args.record or f"records/{Path(args.spec).stem}-{seed}.yaml")
    _check_writable(path)
    state = game.new_state(seed)
    sn = game.seat_names
    humans = "human" in kinds
    io.say(f"{game.title}: seats {', '.join(f'{sn[i]} {kinds[i]}' for i in game.turn_order)}; seed {seed}")
    status = EXIT_OK
    interrupted = False
    try:
        shown = 0
        while not state.is_terminal:
            p = state.current_player
            legal = state.legal_actions()
            action = agents[p].choose(state, p, legal)
            deal_no = state.deal_number
            state.apply(action)
            if humans and not args.quiet and kinds[p] != "human":
                io.say(f"  {sn[p]}: {action.name}")
            while shown < len(state.deals) and state.deals[shown].scores is not None:
                io.say(deal_summary(state, state.deals[shown]))
                shown += 1
            if args.deals and state.deal_number > args.deals and deal_no == args.deals:
                interrupted = True
                break
    except (KeyboardInterrupt, EOFError):
        interrupted = True
        io.say("\nStopped; saving the game so far.")
        status = EXIT_INTERRUPTED
    except GameError as e:
        print(f"cardspec play: {e.message}", file=io.err)
        status = EXIT_FAILURE
        interrupted = True
    dump(record_of(state, _spec_ref(args.spec, path), kinds, interrupted=interrupted), path)
    if state.is_terminal:
        best = max(state.totals) if game.winner == "highest" else min(state.totals)
        winners = [sn[p] for p in range(game.n) if state.totals[p] == best]
        io.say("Final totals: " + "  ".join(f"{sn[p]} {state.totals[p]}" for p in game.turn_order))
        io.say(f"Winner: {' and '.join(winners)}")
    io.say(f"Record saved to {path}")
    return status


def _check_writable(path: Path) -> None:
    """Refuse, before the game starts, a record path that cannot be written."""
    if path.is_dir():
        raise UsageError(f"cannot save the record to {path}: it is a folder")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with open(path, "a"):
            pass
    except OSError as e:
        raise UsageError(f"cannot save the record to {path}: {e.strerror or e}") from None


def _spec_ref(spec, record_path: Path) -> str:
    """The spec path as the record should name it: relative to the record's folder."""
    import os

    try:
        return os.path.relpath(Path(spec).resolve(), record_path.resolve().parent)
    except ValueError:
        return str(spec)


# ---- simulate -----------------------------------------------------------------------

def cmd_simulate(args, io) -> int:
    from .game import load_game

    if args.games < 1:
        raise UsageError("--games must be at least 1")
    if args.max_deals < 1:
        raise UsageError("--max-deals must be at least 1")
    game = load_game(args.spec, options=_options(args))
    kinds, agents = _agents(args.seats, game.turn_order, ["random"] * game.n, args.seed, io)
    if "human" in kinds:
        raise UsageError("simulate plays bots only; use `cardspec play` to play yourself")
    n = game.n
    totals = [[] for _ in range(n)]
    stats = {name: 0 for name in game.statistics}
    all_deals = []
    per_contract = defaultdict(lambda: [0, 0.0, 0.0])  # times, declarer's score, others' mean score
    deals = 0
    unfinished = []  # seeds of games stopped at --max-deals
    t0 = time.perf_counter()
    last = t0
    for k in range(args.games):
        state = game.new_state(args.seed + k)
        try:
            while not state.is_terminal:
                if state.deal_number > args.max_deals:  # the deal after the last allowed has begun: stop
                    state.deals.pop()
                    unfinished.append(args.seed + k)
                    break
                p = state.current
                state.apply(agents[p].choose(state, p, state.legal_actions()))
        except GameError as e:
            print(f"cardspec simulate: game {k + 1} (seed {args.seed + k}): {e.message}", file=io.err)
            return EXIT_FAILURE
        returns = state.returns
        for p in range(n):
            totals[p].append(returns[p])
        for name, cond in game.statistics.items():
            state.player = 0
            stats[name] += bool(cond(state))
        all_deals.extend(d for d in state.deals if not d.void)
        for d in state.deals:
            deals += 1
            row = per_contract[d.contract]
            row[0] += 1
            row[1] += d.scores[d.declarer]
            row[2] += (sum(d.scores) - d.scores[d.declarer]) / (n - 1)
        now = time.perf_counter()
        if now - last > 2:
            print(f"  {k + 1}/{args.games} games, {deals / (now - t0):.0f} deals/s", file=io.err, flush=True)
            last = now
    dt = time.perf_counter() - t0
    sn = game.seat_names
    io.say(f"{game.title}: {args.games} games, {deals} deals, seeds {args.seed}..{args.seed + args.games - 1}, "
           f"seats {','.join(kinds[p] for p in game.turn_order)}")
    what = "game result" if game.result is not None else "game total"
    io.say(f"{'seat':<6}{'mean':>10}{'stdev':>10}{'min':>8}{'max':>8}{'wins':>8}   ({what} per game)")
    wins = [0] * n
    for k in range(args.games):
        scores = [totals[p][k] for p in range(n)]
        best = max(scores) if game.winner == "highest" else min(scores)
        for p in range(n):
            if scores[p] == best:
                wins[p] += 1
    for p in game.turn_order:
        xs = totals[p]
        mean = sum(xs) / len(xs)
        sd = math.sqrt(sum((x - mean) ** 2 for x in xs) / (len(xs) - 1)) if len(xs) > 1 else 0.0
        io.say(f"{sn[p]:<6}{mean:>10.2f}{sd:>10.2f}{min(xs):>8}{max(xs):>8}{wins[p]:>8}")
    if game.teams:  # partners score alike: one line per team
        means = [[sum(totals[sn.index(m)][k] for m in team) / len(team) for k in range(args.games)]
                 for team in game.teams]
        best = [max(m[k] for m in means) for k in range(args.games)]
        for team, xs in zip(game.teams, means):
            won = sum(1 for k in range(args.games) if xs[k] == best[k])
            io.say(f"team {'+'.join(team)}: mean {sum(xs) / len(xs):.2f}, won {won} games")
    if unfinished:
        seeds = ", ".join(map(str, unfinished[:10])) + (", ..." if len(unfinished) > 10 else "")
        io.say(f"{len(unfinished)} of {args.games} games had not ended after {args.max_deals} deals and were "
               f"stopped there (seeds {seeds}); their totals are counted as they stood")
    for name, count in stats.items():
        io.say(f"{name}: {count} of {args.games} games ({100 * count / args.games:.1f}%)")
    for name, (_, among) in game.deal_statistics.items():
        counted = [d.flags.get(name) for d in all_deals if d.flags.get(name) is not None]
        count, what = sum(counted), "deals played" if among is None else "such deals"
        io.say(f"{name}: {count} of {len(counted)} {what} ({100 * count / max(1, len(counted)):.1f}%)")
    io.say(f"{'contract':<22}{'deals':>7}{'declarer':>10}{'others':>10}   (mean deal score)")
    for key, c in game.contracts.items():
        times, dec, oth = per_contract.get(key, [0, 0, 0])
        if times:
            io.say(f"{c.name:<22}{times:>7}{dec / times:>10.2f}{oth / times:>10.2f}")
    io.say(f"{deals / dt:.0f} deals/s ({dt:.2f} s)")
    return EXIT_OK


# ---- replay, schema -----------------------------------------------------------------

def cmd_replay(args, io) -> int:
    from .records import ReplayError, replay

    try:
        result = replay(args.record, spec=args.spec)
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


def cmd_schema(args, io) -> int:
    from .schema import schema_text

    io.say(schema_text())
    return EXIT_OK


def cmd_show(args, io) -> int:
    from .describe import show

    io.say(show(args.spec, _options(args)))
    return EXIT_OK


def cmd_diff(args, io) -> int:
    from .describe import diff

    io.say(diff(args.base, args.variant, _options(args)))
    return EXIT_OK


COMMANDS = {"validate": cmd_validate, "play": cmd_play, "simulate": cmd_simulate, "replay": cmd_replay,
            "schema": cmd_schema, "show": cmd_show, "diff": cmd_diff}

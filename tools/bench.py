#!/usr/bin/env python3
"""Random-playout speed of single Barbu contracts: the interpreter against a hand-coded engine.

For each contract (No Tricks; Trumps with the trump drawn at random) it plays DEALS
deals through the full interpreter, twice: move by move through the public API
(`apply(choice(legal_actions()))`, what a bot deciding each move pays) and with
`State.playout(choice)` (the same moves, the card play in the loop generated from the
spec: what a random playout or a simulation pays) (deal, the contract set by its schedule,
announcement, random doubles, 52 card plays with the spec's legality cascade, scoring with
pairwise settlement and the deal-total check) with random legal choices, and then the same number of deals with the
hand-coded reference engine `../shared/bench/handcoded_barbu.py` when it is there,
and prints deals per second of both and their ratio (interpreter / hand-coded).

The spec is the shipped `specs/barbu/barbu.yaml`, changed in memory only so that every
deal plays the one contract, as the reference does: the contract choice gets a `schedule`
of that contract (the spec's own way to fix the contracts; nobody names it, as in the
reference, where nobody does). A new game starts every 28 deals (a Barbu game's length),
so the state keeps one game's history, as in play, rather than the history of thousands
of deals (which the garbage collector would walk again and again).

Then the cost of `clone()` and `sampled_for()` on a Barbu state in the middle of a game
(what search bots pay per imagined world), and deals per second and microseconds per move
of whole games between random bots for every shipped spec.

The reference engine has no doubling phase; a pair of lines times the interpreter on
Barbu without it (the same phases as the reference) to show what the doubles cost. A
random playout's chooser is a generator's own `choice`, which the generated loop draws
inline (interpreter/core/draw.py); a last pair of lines times the playout with the same
choices made by a chooser it must call, as a policy or a bot is.

Every measurement runs once a round, in a rotated order, for several rounds: a change in the
machine's load reaches them alike, each ratio is taken within its round (the reference's time
over the interpreter's, their deals alternated a game's worth, 28 deals, at a time, so that both
meet the machine at the same speed), and each figure is the median of the rounds with their
spread. The machine's load average is printed with the figures. Whole games give each spec's
microseconds a move against Barbu's, whose games are played between the spec's, one by one (so
that both meet the machine at the same speed), and say which cost more than twice.

With `--env`, the same run ends with the learning environments' steps per second against the
raw State's, and the batched env's (tools/env_bench.py, its defaults); with `--search`, the
`ismcts` bot's iterations per second on a Barbu and a Skat position (tools/search_bench.py);
`--all`, both.

With `--settle SECONDS`, it first waits, at most that long, for the machine to go quiet: for the
one-minute load average to fall under half the cores. CI runs the bench straight after the test
suite, whose processes leave the load average near 2.5 on two cores for a minute after they end,
and rounds run then spread far wider than on a quiet machine. It prints what it waited and the
load it started at.

    python tools/bench.py [--deals 3000] [--seed 1] [--rounds 5] [--games 3] [--env] [--search] [--all]
                          [--settle 0]
"""

from __future__ import annotations

import argparse
import functools
import gc
import importlib.util
import os
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from interpreter.compile.game import Compiler  # noqa: E402
from interpreter.load.loading import load  # noqa: E402

REFERENCE = ROOT.parent / "shared" / "bench" / "handcoded_barbu.py"
GAME_DEALS = 28  # the deals of a game of Barbu: the interpreter starts a new game after so many
CONTRACTS = (("notricks", "no_tricks", "No Tricks"), ("trump", "trumps", "Trumps"))


def endless_game(contract: str, doubling: bool = True, spec=ROOT / "specs" / "barbu" / "barbu.yaml"):
    """The Barbu game playing `contract` every deal, with no end, for timing single contracts;
    without `doubling`, also without its doubling phase, which the reference engine lacks."""
    doc = load(spec)
    doc.data["phases"]["choose_contract"].update(once_each=False, schedule=[contract])
    doc.data["match"] = {"deals": 10**9}
    if not doubling:
        del doc.data["phases"]["double"]
    return Compiler(doc).compile()


class Deals:
    """Deals of `game` (an `endless_game`) with random choices, played a few at a time (`play`), each
    call going on with the same games: a new game every `GAME_DEALS` deals, as in `run_interpreter`.

    Every choice (the trump suit, doubles, cards) is uniform among the legal actions, as the
    reference engine plays its cards: one `apply(choice(legal_actions()))` per move through
    the public API, or with `playout`, `State.playout(choice)` (the same moves; the
    generated loop plays the cards, drawing them inline as `choice` would: see
    interpreter/core/draw.py). With `called`, the chooser is the same `choice` in a wrapper
    the playout cannot see through, so it is called for every move, as any other chooser
    (a policy, a bot) is."""

    def __init__(self, game, seed: int, playout: bool = False, called: bool = False):
        self.game, self.seed, self.playout = game, seed, playout
        rng = random.Random(seed)
        self.choice = functools.partial(random.Random.choice, rng) if called else rng.choice
        self.done = 0  # deals played
        self.totals = [0] * game.n  # of the games finished
        self.state = None  # (each game's, made at its first deal)

    def play(self, deals: int) -> float:
        """Play `deals` more deals; the seconds they took."""
        game, choice, playout = self.game, self.choice, self.playout
        state = self.state
        t0 = time.perf_counter()
        for k in range(self.done, self.done + deals):
            if k % GAME_DEALS == 0:  # a new game: one game's history is kept, as in play, not thousands of deals'
                if k:
                    self.totals = [a + b for a, b in zip(self.totals, state.totals)]
                state = self.state = game.new_state(self.seed + k)
            number = state.deal_number
            if playout:
                state.playout(choice)
                continue
            while state.deal_number == number:
                state.apply(choice(state.legal_actions()))
        seconds = time.perf_counter() - t0
        self.done += deals
        return seconds

    def scores(self) -> list:
        """Each seat's points over every deal played."""
        now = self.state.totals if self.state is not None else [0] * self.game.n
        return [a + b for a, b in zip(self.totals, now)]


def run_interpreter(game, deals: int, seed: int, playout: bool = False, called: bool = False):
    """Play `deals` deals of `game` (an `endless_game`) with random choices, as `Deals` plays them;
    return (seconds, totals)."""
    run = Deals(game, seed, playout, called)
    seconds = run.play(deals)
    return seconds, run.scores()


def run_reference(module, contract: str, deals: int, seed: int):
    t0 = time.perf_counter()
    totals, _ = module.run(contract, deals, seed)
    return time.perf_counter() - t0, totals


def paired_deals(ours, theirs, deals: int, block: int = GAME_DEALS) -> tuple[float, float]:
    """`deals` deals of each engine, alternated `block` deals at a time: `theirs(k, i)` plays the
    reference's block `i` of `k` deals, then `ours(k)` the interpreter's next `k`, and again. Returns
    (our seconds, theirs). As whole games are (`paired_games`): blocks a few milliseconds apart meet
    the machine at the same speed, where runs of thousands of deals each, seconds apart, do not."""
    mine = reference = 0.0
    i = 0
    while i * block < deals:
        k = min(block, deals - i * block)
        reference += theirs(k, i)
        mine += ours(k)
        i += 1
    return mine, reference


def load_reference():
    if not REFERENCE.exists():
        return None
    spec = importlib.util.spec_from_file_location("handcoded_barbu", REFERENCE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def settle(most: float, quiet: float | None = None, load=os.getloadavg, sleep=time.sleep,
           clock=time.monotonic) -> tuple[float, float]:
    """Wait until the one-minute load average is under `quiet` (default: half the cores), looking
    every few seconds, for at most `most` seconds; (seconds waited, the load average at the end)."""
    if quiet is None:
        quiet = (os.cpu_count() or 1) / 2
    t0 = clock()
    while True:
        now = load()[0]
        waited = clock() - t0
        if now < quiet or waited >= most:
            return waited, now
        sleep(min(5.0, most - waited))


def median_spread(values, digits: int = 2) -> str:
    """`median (min-max)` of `values`."""
    return f"{statistics.median(values):.{digits}f} ({min(values):.{digits}f}-{max(values):.{digits}f})"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--deals", type=int, default=3000, help="deals per contract, engine and round (default 3000)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--rounds", type=int, default=5, help="interleaved rounds; medians and spreads over them (default 5)")
    ap.add_argument("--games", type=int, default=3, help="whole games per shipped spec and round (default 3; 0: none)")
    ap.add_argument("--env", action="store_true", help="then the environments' steps/s (tools/env_bench.py)")
    ap.add_argument("--search", action="store_true", help="then ismcts iterations/s (tools/search_bench.py)")
    ap.add_argument("--all", action="store_true", help="--env and --search")
    ap.add_argument("--settle", type=float, default=0, metavar="SECONDS",
                    help="first wait, at most so long, for the load average to fall under half the cores")
    args = ap.parse_args(argv)
    if args.settle > 0:
        start = os.getloadavg()[0]
        waited, now = settle(args.settle)
        print(f"waited {waited:.0f} s for a quiet machine (of {args.settle:.0f} s at most): load average "
              f"{start:.2f} -> {now:.2f}")
    ref = load_reference()
    if ref is None:
        print("(reference engine not found at ../shared/bench/; printing the interpreter's figures only)")
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}; {os.cpu_count()} cores")
    # each line: (contract, how) -> a function of the round timing one run of the interpreter
    ways = []
    for ref_name, key, title in CONTRACTS:
        game, plain = endless_game(key), endless_game(key, doubling=False)
        ways += [(ref_name, title, "apply", functools.partial(Deals, game, playout=False)),
                 (ref_name, title, "playout", functools.partial(Deals, game, playout=True))]
        if ref is not None:  # (the reference engine has no doubling phase: the same work as it does, and a
            # chooser the playout calls for every move, as a policy or a bot is, rather than draws inline)
            ways += [(ref_name, title, "playout without doubling (the reference's phases)",
                      functools.partial(Deals, plain, playout=True)),
                     (ref_name, title, "playout, chooser called for each move",
                      functools.partial(Deals, game, playout=True, called=True))]
    for *_, deals_of in ways:  # (a warm-up, untimed: the generated loops are written on first use)
        deals_of(args.seed).play(30)
    rates = {(title, how): [] for _, title, how, _ in ways}
    ratios = {(title, how): [] for _, title, how, _ in ways}
    theirs = {title: [] for _, _, title in CONTRACTS}
    for r in range(args.rounds):  # interleaved, in a rotated order each round
        seed = args.seed + r
        for ref_name, title, how, deals_of in ways[r % len(ways):] + ways[:r % len(ways)]:
            ours = deals_of(seed).play
            if ref is None:
                seconds = ours(args.deals)
            else:  # the reference's deals alternated with these, a game's worth at a time (`paired_deals`)
                seconds, reference = paired_deals(
                    ours, lambda k, i, name=ref_name: run_reference(ref, name, k, seed * 100_003 + i)[0], args.deals)
                theirs[title].append(args.deals / reference)
                ratios[(title, how)].append(reference / seconds)
            rates[(title, how)].append(args.deals / seconds)
    print(f"load average after:  {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(f"{args.deals} deals a contract, {args.rounds} rounds: median (min-max)")
    for _, title, how, _ in ways:
        line = f"{title:<10} {how:<8} interpreter {median_spread(rates[(title, how)], 0)} deals/s"
        if ref is not None:
            line += (f"   hand-coded {median_spread(theirs[title], 0)} deals/s"
                     f"   ratio {median_spread(ratios[(title, how)])}")
        print(line)
    if ref is not None:
        apply = min(statistics.median(ratios[(t, "apply")]) for _, _, t in CONTRACTS)
        playout = min(statistics.median(ratios[(t, "playout")]) for _, _, t in CONTRACTS)
        print(f"lowest apply ratio {apply:.2f} (target >= 1.0); lowest playout ratio {playout:.2f} (target >= 1.5)")
    clone, sample = clone_costs()
    print(f"Barbu mid-game (deal 15, 20 cards played): clone {clone:.1f} us, sampled_for {sample:.1f} us")
    if args.games:
        specs = sorted((ROOT / "specs").rglob("*.yaml"))
        barbu = ROOT / "specs" / "barbu" / "barbu.yaml"
        per_move = {spec: [] for spec in specs}
        per_deal = {spec: [] for spec in specs}
        against = {spec: [] for spec in specs}
        for r in range(args.rounds):
            for spec in specs[r % len(specs):] + specs[:r % len(specs)]:
                # each spec's games alternated with Barbu's, game by game (`paired_games`): a virtual
                # machine's speed wanders by a third or more over seconds, and games a few milliseconds
                # apart are slowed or sped alike (Barbu against its own shows what is left of it)
                (deals, seconds, moves), (beside, beside_moves) = paired_games(barbu, spec, args.games,
                                                                               args.seed + r)
                per_move[spec].append(1e6 * seconds / moves)
                per_deal[spec].append(deals / seconds)
                against[spec].append((seconds / moves) / (beside / beside_moves))
        print(f"whole games, random bots, at least {args.games} per spec and round: us a move, and against "
              "Barbu's, their games alternated")
        for spec in specs:
            over = "   over twice Barbu's" if statistics.median(against[spec]) > 2 else ""
            print(f"  {spec.relative_to(ROOT / 'specs').as_posix():<32} {median_spread(per_deal[spec], 0)} deals/s "
                  f"{median_spread(per_move[spec])} us/move   x{median_spread(against[spec])}{over}")
    if args.env or args.all or args.search:
        sys.path.insert(0, str(ROOT / "tools"))
    if args.env or args.all:
        import env_bench

        env_bench.main([])
    if args.search or args.all:
        import search_bench

        search_bench.main([])
    return 0


def clone_costs(repeat: int = 5, n: int = 2000) -> tuple[float, float]:
    """Microseconds (process time, best of `repeat`) of `clone()` and `sampled_for()` mid-game."""
    from interpreter.compile.game import load_game

    state = load_game(ROOT / "specs" / "barbu" / "barbu.yaml").new_state(1)
    rng = random.Random(1)
    while state.deal_number < 15 or state.phase.kind != "tricks":
        state.apply(rng.choice(state.legal_actions()))
    for _ in range(20):
        state.apply(rng.choice(state.legal_actions()))

    def best(fn):
        out = float("inf")
        for _ in range(repeat):
            t0 = time.process_time()
            for _ in range(n):
                fn()
            out = min(out, (time.process_time() - t0) / n)
        return 1e6 * out
    return best(state.clone), best(lambda: state.sampled_for(1, rng))


@functools.cache
def _game_of(spec):
    from interpreter.compile.game import load_game

    return load_game(spec)


def one_game(game, seed: int, rng) -> tuple[int, float, int]:
    """Deals, seconds and moves of one whole game of `game` between random bots (at most 1,000 deals)."""
    t0 = time.perf_counter()
    state = game.new_state(seed)
    n = 0
    while not state.is_terminal and state.deal_number <= 1000:
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
        n += 1
    return len(state.deals), time.perf_counter() - t0, n


def paired_games(barbu, spec, games: int, seed: int, least_moves: int = 20_000):
    """Whole games of `spec` between random bots, timed against Barbu's played between them: a game of
    Barbu, then games of `spec` until they have made as many moves as Barbu's so far, and so on, until
    each has played at least `games` games and `least_moves` moves. One game of each is played first,
    not timed (what a game compiles on first use, the generated loops, a function's memo, is not a cost
    of its moves). Returns ((deals, seconds, moves) of `spec`'s games, (seconds, moves) of Barbu's).

    Games alternated one by one, rather than a run of each, share the machine's speed: on a machine
    whose speed wanders (a virtual machine's host), Barbu's own games against Barbu's read 0.98-1.02
    this way, and 0.65-1.31 in runs of 20,000 moves each."""
    ours, theirs = _game_of(spec), _game_of(barbu)
    for game in (theirs, ours):
        one_game(game, seed - 1, random.Random(seed - 1))
    gc.collect()  # (what compiling and earlier specs left is collected now, not in these games' moves)
    rng_theirs, rng_ours = random.Random(seed), random.Random(seed + 1)
    deals = seconds = moves = played = 0
    beside = beside_moves = beside_played = 0
    while min(played, beside_played) < games or min(moves, beside_moves) < least_moves:
        _, t, n = one_game(theirs, seed + beside_played, rng_theirs)
        beside, beside_moves, beside_played = beside + t, beside_moves + n, beside_played + 1
        while moves < beside_moves:
            d, t, n = one_game(ours, seed + played, rng_ours)
            deals, seconds, moves, played = deals + d, seconds + t, moves + n, played + 1
    return (deals, seconds, moves), (beside, beside_moves)


if __name__ == "__main__":
    sys.exit(main())

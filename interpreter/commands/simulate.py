"""`cardspec simulate`: many games with bots, and their statistics."""

from __future__ import annotations

import math
import time
from collections import defaultdict

from ..errors import EXIT_FAILURE, EXIT_OK, GameError
from .common import UsageError, option_arg, options, seat_agents


def add_parser(sub) -> None:
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
    option_arg(s)



def cmd_simulate(args, io) -> int:
    from ..game import load_game

    if args.games < 1:
        raise UsageError("--games must be at least 1")
    if args.max_deals < 1:
        raise UsageError("--max-deals must be at least 1")
    game = load_game(args.spec, options=options(args))
    kinds, agents = seat_agents(args.seats, game.turn_order, ["random"] * game.n, args.seed, io)
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
        try:
            state = game.new_state(args.seed + k)  # the first deal is dealt here, and can break a rule too
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
RUN = {"simulate": cmd_simulate}

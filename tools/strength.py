"""How strong the bots are, and how often a bot's imagined worlds are impossible.

    python tools/strength.py                       # the full table: ismcts at 1 s a move
    python tools/strength.py --budget 100 --boards 6 --klaberjass-boards 20 --jobs 2

1. Strength: duplicate matches (`cardspec arena`, whole games): on Barbu and on Klaberjass,
   `ismcts` against `mc` and `mc` against `random`; each bot's mean score per deal with its
   95% interval, and the paired difference with its interval.
2. Impossible worlds: at positions of random games, worlds drawn by the plain re-deal
   (only the hands' sizes kept) and by the exact sampler (what the seat learnt kept) are
   replayed from the game's seed with their hands (`replay_deal`); the share refused.
3. The sampler's cost on a Barbu position in the middle of a deal.

Figures depend on the machine; the test suite never times anything.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from interpreter.compile.game import load_game  # noqa: E402
from interpreter.core.errors import GameError  # noqa: E402
from interpreter.players.knowledge import Knowledge  # noqa: E402
from interpreter.players.sampler import Sampler, replay_deal  # noqa: E402
from interpreter.study.arena import board_work, summary  # noqa: E402
from interpreter.study.runners import runner  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
SPECS = ROOT / "specs"


def match(spec: str, kinds: list[str], boards: int, seed: int, jobs: int, max_deals: int) -> dict:
    game = load_game(SPECS / spec)
    t0 = time.perf_counter()
    results, deals = [], 0
    with runner("local", jobs) as pool:
        for k, (result, error) in enumerate(pool.map(board_work, [(game, kinds, seed + b, max_deals)
                                                                  for b in range(boards)])):
            if error is not None:
                raise error
            results.append(result[0])
            deals += result[1]
            print(f"  {spec} {','.join(kinds)}: board {k + 1}/{boards} ({time.perf_counter() - t0:.0f} s)",
                  file=sys.stderr, flush=True)
    rows = summary(kinds, results)
    return {"spec": spec, "kinds": kinds, "boards": boards, "deals": deals, "rows": rows,
            "seconds": time.perf_counter() - t0}


def strength_table(matches) -> str:
    out = ["| game | match | boards (deals) | first: mean per deal [95% CI] | second: mean [95% CI] | "
           "difference [95% CI] |", "|---|---|---|---|---|---|"]
    for m in matches:
        a, b = m["rows"][0], m["rows"][1]
        d = a["ahead_of_next"]

        def ci(x):
            return f"[{x[0]:+.2f}, {x[1]:+.2f}]"
        out.append(f"| {m['spec']} | {a['bot']} vs {b['bot']} | {m['boards']} ({m['deals']}) | "
                   f"{a['bot']} {a['mean']:+.2f} {ci(a['ci95'])} | {b['bot']} {b['mean']:+.2f} {ci(b['ci95'])} | "
                   f"{d['difference']:+.2f} {ci(d['ci95'])} |")
    return "\n".join(out)


def impossible_share(spec: str, positions: int, worlds: int, seed: int) -> tuple[float, float, int]:
    """(share of impossible worlds of the plain re-deal, of the exact sampler, worlds checked each)."""
    game = load_game(SPECS / spec)
    rng = random.Random(seed)
    old = new = checked = 0
    s = seed
    while checked < positions * worlds:
        s += 1
        st = game.new_state(s)
        while not st.is_terminal and checked < positions * worlds:
            legal = st.legal_actions()
            if st.phase.kind == "tricks" and len(st.tricks) >= 3 and rng.random() < 0.2:
                seat = st.current_player
                k = Knowledge(seat)
                k.update(st)
                exact, plain = Sampler(st, seat, k), Sampler(st, seat, None)
                try:
                    for _ in range(worlds):
                        old += not _replays(st, plain.world(rng))
                        new += not _replays(st, exact.world(rng))
                        checked += 1
                except ValueError:  # (hands changed in this deal by more than plays: not replayable)
                    pass
            st.apply(legal[rng.randrange(len(legal))])
    return old / checked, new / checked, checked


def _replays(st, world) -> bool:
    try:
        replay_deal(st, world)
    except GameError:
        return False
    return True


def sampler_cost(samples: int = 3000) -> dict:
    game = load_game(SPECS / "barbu" / "barbu.yaml")
    rng = random.Random(2)
    st = game.new_state(3)
    while not (st.phase.kind == "tricks" and len(st.tricks) >= 6 and len(st.trick_cards) == 1):
        legal = st.legal_actions()
        st.apply(legal[rng.randrange(len(legal))])
    seat = st.current_player
    t = time.perf_counter()
    k = Knowledge(seat)
    k.update(st)
    learn = time.perf_counter() - t
    t = time.perf_counter()
    sampler = Sampler(st, seat, k)
    build = time.perf_counter() - t

    def per(fn):
        t0 = time.perf_counter()
        for _ in range(samples):
            fn()
        return (time.perf_counter() - t0) / samples * 1e6
    return {"contract": st.contract_key, "tricks": len(st.tricks), "deals": sampler.count,
            "learn_ms": learn * 1e3, "count_ms": build * 1e3,
            "draw_us": per(lambda: sampler.deal(rng)), "world_us": per(lambda: sampler._build(sampler.deal(rng), rng)),
            "checked_world_us": per(lambda: sampler.world(rng)),
            "plain_world_us": per(lambda: st.sampled_for(seat, rng))}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--budget", default="1s", help="ismcts's budget a move (default 1s; 200 = iterations)")
    ap.add_argument("--boards", type=int, default=20, help="Barbu boards (whole games) per match")
    ap.add_argument("--klaberjass-boards", type=int, default=40, help="Klaberjass boards (whole games) per match")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=0, help="processes (0: one per core)")
    ap.add_argument("--skip-strength", action="store_true", help="only the sampler's figures")
    args = ap.parse_args(argv)

    cost = sampler_cost()
    print(f"Sampler on a Barbu position ({cost['contract']}, after {cost['tricks']} tricks, "
          f"{cost['deals']:,} consistent deals): learning {cost['learn_ms']:.1f} ms, counting {cost['count_ms']:.2f} ms "
          f"once per decision; a deal drawn {cost['draw_us']:.1f} us, a world built {cost['world_us']:.1f} us, "
          f"a world built and replay-checked {cost['checked_world_us']:.1f} us (the plain re-deal: "
          f"{cost['plain_world_us']:.1f} us)")
    print()
    print("| spec | worlds checked | impossible, plain re-deal | impossible, exact sampler |")
    print("|---|---|---|---|")
    for spec in ("barbu/barbu.yaml", "barbu/parlett.yaml", "back-alley/partnership.yaml", "briscola-chiamata/five.yaml"):
        old, new, n = impossible_share(spec, 100, 10, args.seed)
        print(f"| {spec} | {n:,} | {old:.1%} | {new:.1%} |", flush=True)
    if args.skip_strength:
        return 0
    ism = f"ismcts:{args.budget}"
    plan = [("klaberjass/klaberjass.yaml", [ism, "mc"], args.klaberjass_boards),
            ("klaberjass/klaberjass.yaml", ["mc", "random"], args.klaberjass_boards),
            ("barbu/barbu.yaml", [ism, "mc", "mc", "mc"], args.boards),
            ("barbu/barbu.yaml", ["mc", "random", "random", "random"], args.boards)]
    print()
    head, rule = strength_table([]).splitlines()
    print(head + "\n" + rule, flush=True)
    seconds = 0.0
    for spec, kinds, boards in plan:  # each row as soon as its match is over
        m = match(spec, kinds, boards, args.seed, args.jobs, 1000)
        seconds += m["seconds"]
        print(strength_table([m]).splitlines()[-1], flush=True)
    print(f"\n({seconds:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

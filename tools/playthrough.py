#!/usr/bin/env python3
"""Golden playthroughs: one readable transcript of a seeded game per spec and option set.

    python tools/playthrough.py            # rewrite every transcript under tests/playthroughs/
    python tools/playthrough.py --check    # exit 1 if any transcript differs (what the tests do)

Each transcript is a whole game played by seeded random agents: the hands dealt, every
action, each trick and its winner, raw and final scores per deal, the totals. A change
in the engine or a spec that alters any of it shows up as a diff to review; when the
change is meant, run this tool and commit the new transcripts.
"""

from __future__ import annotations

import argparse
import difflib
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from interpreter.compile.game import load_game  # noqa: E402
from interpreter.players.agents import RandomAgent  # noqa: E402

OUT = ROOT / "tests" / "playthroughs"
SEED = 1

# (spec, options): every shipped spec, and every option value away from its default
CONFIGS = [
    ("barbu/barbu.yaml", {}),
    ("barbu/barbu.yaml", {"declarer_blocks": "true"}),
    ("barbu/barbu.yaml", {"compulsory_doubles": "true"}),
    ("barbu/barbu.yaml", {"positive_double_declarer_only": "true"}),
    ("barbu/barbu.yaml", {"early_stop": "true"}),
    ("barbu/ravage-city.yaml", {}),
    ("barbu/ravage-city.yaml", {"ravage_24": "true"}),
    ("barbu/ravage-city.yaml", {"ravage_no_rebalance": "true"}),
    ("barbu/ravage-city.yaml", {"ravage_24": "true", "ravage_no_rebalance": "true"}),
    ("barbu/ravage-city.yaml", {"declarer_blocks": "true", "early_stop": "true"}),
    ("barbu/parlett.yaml", {}),
    ("barbu/parlett.yaml", {"early_stop": "true", "declarer_blocks": "true"}),
    ("barbu/declarer-only-doubles.yaml", {}),
    ("barbu/declarer-only-doubles.yaml", {"compulsory_doubles": "true"}),
    ("barbu/bustarret.yaml", {}),
    ("barbu/bustarret.yaml", {"players": "3"}),
    ("barbu/bustarret.yaml", {"players": "5"}),
    ("barbu/bustarret.yaml", {"each_dealer": "true"}),
    ("barbu/bustarret.yaml", {"heart_lead_ban": "true", "early_stop": "true"}),
    ("barbu/bustarret.yaml", {"dealer_chooses": "true"}),
    ("barbu/bustarret.yaml", {"dealer_chooses": "true", "extra_games": "true"}),
    ("barbu/bustarret.yaml", {"dealer_chooses": "true", "extra_games": "true", "players": "3"}),
    ("barbu/bustarret.yaml", {"dealer_chooses": "true", "extra_games": "true", "players": "5"}),
    ("barbu/bustarret.yaml", {"dealer_chooses": "true", "extra_games": "true", "domino4": "seed"}),
    ("barbu/bustarret.yaml", {"dealer_chooses": "true", "extra_games": "true", "domino4": "pagat"}),
    ("piquet/rubicon.yaml", {}),
    ("piquet/rubicon.yaml", {"deal": "threes", "younger_min1": "true"}),
    ("piquet/rubicon.yaml", {"deal": "2-3-2-3-2", "tie_draw": "true"}),
    ("piquet/rubicon.yaml", {"play_count": "per_lead"}),
    ("piquet/rubicon.yaml", {"play_count": "old_rule"}),
    ("piquet/rubicon.yaml", {"play_count": "old_rule_win_too"}),
    ("piquet/au-cent.yaml", {}),
    ("piquet/au-cent.yaml", {"cent_strict": "true"}),
    ("piquet/au-cent.yaml", {"best_of_five": "true", "elder_views_rest": "true"}),
    ("piquet/rubicon.yaml", {"two_step_declarations": "true", "expose_after_lead": "true"}),
    ("piquet/rubicon.yaml", {"strict_blanche": "true"}),
    ("back-alley/partnership.yaml", {}),
    ("back-alley/partnership.yaml", {"board_lead_team": "true", "team_max_n_minus_1": "true"}),
    ("back-alley/partnership.yaml", {"bj_partner_free": "true", "deals25": "true"}),
    ("back-alley/partnership.yaml", {"always13": "true"}),
    ("back-alley/partnership.yaml", {"individual": "true", "players": "5", "deals25": "true"}),
    ("back-alley/partnership.yaml", {"individual": "true"}),
    ("back-alley/partnership.yaml", {"individual": "true", "players": "3"}),
    ("back-alley/partnership.yaml", {"individual": "true", "players": "5"}),
    ("back-alley/partnership.yaml", {"boston": "true"}),
    ("back-alley/partnership.yaml", {"boston": "true", "boston_min7": "true"}),
    ("back-alley/partnership.yaml", {"blind_seven": "true", "blind_burn": "true", "boston": "true"}),
    ("back-alley/partnership.yaml", {"rainbow": "true", "boston": "true"}),
    ("back-alley/partnership.yaml", {"rainbow": "true", "rainbow_pagat": "true"}),
    ("back-alley/partnership.yaml", {"double_board_after": "true"}),
    ("klaberjass/klaberjass.yaml", {}),
    ("klaberjass/klaberjass.yaml", {"winner_deals": "true", "elder_wins_tie": "true", "target": "501"}),
    ("klaberjass/klaberjass.yaml", {"split_runs": "true", "meld_needs_trick": "true", "schmeiss": "true"}),
    ("back-alley/original.yaml", {}),
    ("back-alley/original.yaml", {"players": "2", "trump_overtrump": "true"}),
    ("back-alley/original.yaml", {"players": "3", "pass_zero": "true", "redeal_same_dealer": "true"}),
    ("briscola-chiamata/five.yaml", {}),
    ("briscola-chiamata/five.yaml", {"fixed_deals": "4", "no_negative": "true"}),
    ("briscola-chiamata/five.yaml", {"no_follow": "true", "slam_either_side": "true", "redeal_same_dealer": "true"}),
    ("briscola-chiamata/four.yaml", {}),
    ("briscola-chiamata/five.yaml", {"players": "4", "balanced4": "true"}),
    ("briscola-chiamata/four.yaml", {"players": "5", "fixed_deals": "3"}),
    ("briscola-chiamata/three.yaml", {}),
    ("briscola-chiamata/three.yaml", {"removed_two": "2H", "no_negative": "true"}),
    ("briscola-chiamata/three.yaml", {"removed_two": "2S", "fixed_deals": "5"}),
    ("briscola-chiamata/five.yaml", {"players": "3", "removed_two": "2D", "slam_either_side": "true"}),
    ("spades/spades.yaml", {}),
    ("spades/spades.yaml", {"target": "300", "nil_value": "50"}),
    ("spades/spades.yaml", {"bags": "free", "lose_at": "-200"}),
    ("spades/spades.yaml", {"bags": "minus", "target": "1000"}),
    ("spades/no-blind-nil.yaml", {}),
    ("spades/partner-pass.yaml", {}),
    ("spades/no-thirteen.yaml", {}),
    ("euchre/euchre.yaml", {}),
    ("euchre/euchre.yaml", {"target": "5"}),
    ("euchre/euchre.yaml", {"target": "11", "super_euchre": "true"}),
    ("euchre/stick-the-dealer.yaml", {}),
    ("euchre/defending-alone.yaml", {}),
    ("euchre/no-alone.yaml", {}),
    ("euchre/partner-alone.yaml", {}),
    ("skat/skat.yaml", {}),
    ("skat/skat.yaml", {"deals": "3"}),
    ("skat/skat.yaml", {"deals": "36", "tournament": "true"}),
    ("skat/skat.yaml", {"ramsch": "true"}),
    ("hearts/hearts.yaml", {}),
    ("hearts/hearts.yaml", {"passing": "left", "first_trick_points": "true"}),
    ("hearts/hearts.yaml", {"passing": "none", "hearts_lead": "queen_breaks", "target": "50"}),
    ("hearts/hearts.yaml", {"hearts_lead": "any", "moon": "choice", "jack_of_diamonds": "true"}),
    ("oh-hell/oh-hell.yaml", {}),
    ("oh-hell/oh-hell.yaml", {"players": "3", "hand_sizes": "up_down", "scoring": "exact"}),
    ("oh-hell/oh-hell.yaml", {"players": "5", "hand_sizes": "up", "scoring": "tricks", "hook": "false"}),
    ("oh-hell/oh-hell.yaml", {"players": "6", "hand_sizes": "down", "scoring": "squares"}),
    ("oh-hell/oh-hell.yaml", {"players": "7", "most_cards": "pack", "no_trump_largest": "true"}),
    ("pitch/pitch.yaml", {}),
    ("pitch/pitch.yaml", {"players": "2", "lowest_bid": "1", "low": "won"}),
    ("pitch/pitch.yaml", {"players": "3", "all_pass": "throw_in", "target": "11"}),
    ("pitch/pitch.yaml", {"players": "5", "dealer_steals": "true", "smudge": "true"}),
    ("pitch/pitch.yaml", {"players": "6", "target": "21", "deal_limit": "20"}),
    ("pitch/pitch.yaml", {"players": "7"}),
    ("napoleon/napoleon.yaml", {}),
    ("napoleon/napoleon.yaml", {"players": "2", "misere": "false", "rounds": "2"}),
    ("napoleon/napoleon.yaml", {"players": "3", "wellington": "true"}),
    ("napoleon/napoleon.yaml", {"players": "5", "all_pass": "dealer_bids"}),
    ("napoleon/napoleon.yaml", {"players": "6", "rounds": "1"}),
    ("napoleon/napoleon.yaml", {"players": "7", "rounds": "1", "wellington": "true", "all_pass": "dealer_bids"}),
    ("whist/whist.yaml", {}),
    ("whist/whist.yaml", {"honours": "false"}),
    ("whist/whist.yaml", {"rubber": "false"}),
    ("tarot/tarot.yaml", {}),
    ("tarot/tarot.yaml", {"players": "3"}),
    ("tarot/tarot.yaml", {"players": "5", "rounds": "2"}),
    ("doppelkopf/doppelkopf.yaml", {}),
    ("doppelkopf/doppelkopf.yaml", {"dullen": "second", "deals": "2"}),
    ("doppelkopf/doppelkopf.yaml", {"dullen": "second_except_last", "wedding": "true"}),
    ("bridge/bridge.yaml", {}),
    ("bridge/bridge.yaml", {"boards": "4"}),
    ("bridge/bridge.yaml", {"scoring": "rubber", "honours": "false"}),
    ("bridge/bridge.yaml", {"scoring": "rubber", "rubber_limit": "8"}),
    ("bridge/bridge.yaml", {"scoring": "chicago"}),
]


def name_of(spec: str, options: dict) -> str:
    """The transcript's file name: spec stem plus its options."""
    stem = spec.replace("/", "-").removesuffix(".yaml")
    return stem + "".join(f"--{k}={v}" for k, v in sorted(options.items())) + ".txt"


def transcript(spec: str, options: dict, seed: int = SEED) -> str:
    """The text of one seeded game with random agents."""
    game = load_game(ROOT / "specs" / spec, options=options)
    pack, sn = game.pack, game.seat_names
    agent = RandomAgent(seed)  # the default bot: random play, full declarations
    state = game.new_state(seed)
    while not state.is_terminal:
        seat = state.current_player
        state.apply(agent.choose(state, seat, state.legal_actions()))
    opts = ", ".join(f"{k}={v}" for k, v in sorted(options.items())) or "defaults"
    lines = [f"# {game.title}: specs/{spec}, options {opts}, seed {seed}, random agents",
             "# regenerate with: python tools/playthrough.py"]
    for d in state.deals:
        lines.append("")
        lines.append(f"Deal {d.number}: dealer {sn[d.dealer]}, declarer {sn[d.declarer]}, "
                     f"{game.contracts[d.contract].name}")
        for p, hand in enumerate(d.hands):
            lines.append(f"  {sn[p]} holds {pack.format_by_suit(hand)}")
        if d.talon:
            lines.append(f"  talon {' '.join(pack.names[c] for c in d.talon)}")
        for p, discarded, drawn in d.exchanges:
            lines.append(f"  {sn[p]} discards {pack.format(discarded) or 'nothing'}, draws "
                         f"{' '.join(pack.names[c] for c in drawn) or 'nothing'}")
        for category, declared, winner, points in d.declarations:
            said = "; ".join(f"{sn[p]} {' '.join(declared[p]) or 'nothing'}" for p in range(game.n))
            won = f"{sn[winner]} scores {points[winner]}" if winner is not None else \
                "; ".join(f"{sn[p]} scores {points[p]}" for p in range(game.n) if points[p]) or "nobody scores"
            lines.append(f"  {category}: {said} -> {won}")
        if d.called is not None:
            card, holder = d.called
            lines.append(f"  called {pack.names[card] if card is not None else 'a card not in play'}: "
                         + (f"{sn[d.declarer]} alone" if holder in (None, d.declarer) else f"partner {sn[holder]}"))
        trick: list[str] = []
        winners = iter(t.winner for t in d.tricks)
        playing = False  # a pass is part of the play (a layout) once cards are being played
        for seat, action in d.actions:
            if action.kind in ("discard", "draw", "declare"):  # shown above / below
                continue
            playing = playing or action.kind == "play"
            if action.kind == "play" or (action.kind == "pass" and playing):
                trick.append(f"{sn[seat]} {action.name}")
                if len(trick) == game.n:
                    won = next(winners, None) if d.tricks else None
                    lines.append("  " + ", ".join(trick) + (f"  -> {sn[won]}" if won is not None else ""))
                    trick = []
                continue
            lines.append(f"  {sn[seat]} {action.name}")
        if trick:
            lines.append("  " + ", ".join(trick))
        lines.append("  raw    " + "  ".join(f"{sn[p]} {d.raw[p]}" for p in range(game.n)))
        lines.append("  scores " + "  ".join(f"{sn[p]} {d.scores[p]}" for p in range(game.n)))
    lines.append("")
    lines.append("Totals " + "  ".join(f"{sn[p]} {state.totals[p]}" for p in range(game.n)))
    if game.result is not None:
        lines.append("Result " + "  ".join(f"{sn[p]} {r}" for p, r in enumerate(state.returns)))
    return "\n".join(lines) + "\n"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--check", action="store_true", help="compare instead of writing; exit 1 on a difference")
    args = ap.parse_args(argv)
    OUT.mkdir(parents=True, exist_ok=True)
    bad = 0
    for spec, options in CONFIGS:
        path = OUT / name_of(spec, options)
        text = transcript(spec, options)
        if args.check:
            old = path.read_text() if path.exists() else ""
            if old != text:
                bad += 1
                sys.stdout.writelines(difflib.unified_diff(old.splitlines(True), text.splitlines(True),
                                                           str(path), "now", n=1))
        else:
            path.write_text(text)
    if args.check:
        print(f"{len(CONFIGS) - bad} of {len(CONFIGS)} transcripts unchanged")
    else:
        print(f"wrote {len(CONFIGS)} transcripts to {OUT.relative_to(ROOT)}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())

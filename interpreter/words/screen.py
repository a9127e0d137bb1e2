"""Text for people at the terminal: a seat's view of the table, and deal results.

Everything shown comes from `state.view(seat)`, so the terminal can never show a
human more than his seat may know. Other seats' actions go through `action_line`: each
phase says how its actions look to a seat that does not make them (`public_name`), so
a bot's discards show as a count and its declarations as what it says aloud. Deal
results come from the public score sheet (`views.deal_result`).
"""

from __future__ import annotations


def describe(state, seat: int, view: dict | None = None) -> str:
    """The table as `seat` sees it (`view`, when already built), ready to print."""
    v = view if view is not None else state.view(seat)
    g = state.game
    pack = g.pack
    lines = [""]
    head = f"Deal {v['deal']}  dealer {v['dealer']}" + (f"  declarer {v['declarer']}" if v["declarer"] else "")
    if v["contract"]:
        head += f"  contract: {g.contracts[v['contract']].name}"
    for var, value in v["announced"].items():
        head += f"  {var}: {value}"
    if v["turn_up"]:
        head += f"  turned up {v['turn_up']}, trump {v['trump'] or 'none'}"
    elif v["trump"] and "trump" not in v["announced"]:  # (a turn-up taken into a hand, a fixed trump)
        head += f"  trump {v['trump']}"
    if v["sitting_out"]:
        head += f"  sitting out: {' '.join(v['sitting_out'])}"
    lines.append(head)
    if v["calls"]:
        lines.append("  Calls: " + ", ".join(f"{p} {c}" for p, c in v["calls"]))
    if v["called_card"] or v["partner"]:
        lines.append("  " + _partnership(v))
    if v["said"]:
        lines.append("  Said: " + ", ".join(f"{p} {word} (with {c})" for p, word, c in v["said"]))
    if v["out_of_play"]:
        lines.append("  Out of play: " + " ".join(v["out_of_play"]))
    if v["doubles"]:
        lines.append("  Doubles: " + "; ".join(f"{p} {'doubles ' + ' '.join(ts) if ts else 'passes'}"
                                               for p, ts in v["doubles"]))
    lines.append("  Totals: " + "  ".join(f"{p} {s}" for p, s in v["totals"].items()))
    if v["layout"]:
        lines.append("  Layout: " + "  ".join(f"{s}: {lo}..{hi}" for s, (lo, hi) in v["layout"].items()))
        if v["out"]:
            lines.append("  Out: " + " ".join(v["out"]))
    if v["tricks"]:
        last = v["tricks"][-1]
        lines.append(f"  Last trick: {' '.join(c for _, c in last['cards'])} won by {last['winner']}")
        lines.append("  Tricks won: " + "  ".join(f"{p} {k}" for p, k in v["tricks_won"].items()))
    if any(v["exchanged"].values()) or v["discards"]:
        lines.append("  Exchanged: " + "  ".join(f"{p} {k}" for p, k in v["exchanged"].items())
                     + f"   talon {v['talon_size']}" + (f"   your discards: {' '.join(v['discards'])}"
                                                          if v["discards"] else ""))
    if v["talon"]:
        lines.append(f"  Talon, face up: {' '.join(v['talon'])}")
    for d in v["declarations"]:
        if all(said == "nothing" for said in d["said"].values()):
            continue  # nobody had anything to declare
        said = "; ".join(f"{p} {x}" for p, x in d["said"].items())
        answer = f" ({d['answer']})" if d["answer"] else ""
        shown = "; ".join(f"{p} shows {' '.join(names)}" for p, names in d["shown"].items() if names)
        outcome = f"{d['winner']} scores {d['points'][d['winner']]}" if d["winner"] else \
            ", ".join(f"{p} scores {k}" for p, k in d["points"].items() if k) or "nobody scores"
        lines.append(f"  {d['category'].capitalize()}: {said}{answer}; {outcome}" + (f" ({shown})" if shown else ""))
    if v["declaring"]:
        lines.append("  Declared so far: " + "; ".join(f"{p} {x}" for p, x in v["declaring"].items()))
    if v["trick"]:
        lines.append("  Trick so far: " + "  ".join(f"{p} {c}" for p, c in v["trick"]))
    for p, cards in v["shown_hands"].items():
        lines.append(f"  {p} showed: {pack.format_by_suit([pack.parse(c) for c in cards])}")
    hand = pack.format_by_suit([pack.parse(c) for c in v["hand"]]) if v["hand"] or not v["hand_sizes"][v["seat"]] \
        else f"{v['hand_sizes'][v['seat']]} cards, face down (you call without looking)"
    lines.append(f"  You are {v['seat']}. Your hand: {hand}")
    if v.get("passing") or v.get("passed"):  # cards given to another seat: what he alone knows of them
        lines.append(f"  You {'are passing' if v['passing'] else 'passed'}: "
                     + " ".join(v["passing"] or v["passed"]))
    return "\n".join(lines)


def _partnership(v) -> str:
    """The called card and what this seat knows of the partnership."""
    called, partner, me, declarer = v["called_card"], v["partner"], v["seat"], v["declarer"]
    head = f"Called card: {called}" if called else "Called card: not in play"
    if partner == declarer:
        return f"{head}; {declarer} plays alone" + (" (you)" if me == declarer else "")
    if partner:
        return f"{head}; {partner} is {declarer}'s partner" + (" (you)" if me == partner else "")
    if called in v["hand"]:  # what his own hand tells him, and nobody else
        return f"{head}; you hold it: you are {declarer}'s partner, secretly until you play it" \
            if me != declarer else f"{head}; you hold it yourself: you play alone, secretly until you play it"
    return f"{head}; the partner is not known yet"


def action_line(state, seat: int, action, viewer: int | None) -> str | None:
    """The line `viewer` sees as `seat` takes `action` (asked before it is applied): the action
    itself for its own seat, else its public form; None when nothing shows. A viewer of None
    is a looker-on who holds no cards: he sees only what is public to all."""
    text = action.name if seat == viewer else state.phase.public_name(state, action, viewer)
    return None if text is None else f"  {state.game.seat_names[seat]}: {text}"


def deal_summary(state, deal) -> str:
    """One line per finished deal: contract and each seat's score (raw score in brackets)."""
    from ..engine.views import deal_result

    g = state.game
    r = deal_result(state, deal)
    name = g.contracts[r["contract"]].name if r["contract"] else "-"
    parts = [f"{p} {r['scores'][p]:>5} ({r['raw'][p]})" for p in r["scores"]]
    return f"Deal {r['deal']:>2} {r['dealer']} {name:<20} " + "  ".join(parts)

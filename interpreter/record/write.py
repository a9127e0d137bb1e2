"""Writing a game's record: what was dealt, every action by name, the scores (read back by records.py).

The format is described in records.py and docs; a record written here replays with
`cardspec replay` to the same scores.
"""

from __future__ import annotations

import json
from pathlib import Path

import yaml

FORMAT = "cardspec-record/1"


def record_of(state, spec_path: str, agents=None, interrupted: bool = False) -> dict:
    """The record of a game so far, as plain data."""
    g = state.game
    sn = g.seat_names
    out = {"format": FORMAT, "spec": str(spec_path), "game": g.name}
    if g.options and any(g.options[k] != g.option_defaults.get(k) for k in g.options):
        out["options"] = {k: v for k, v in g.options.items() if v != g.option_defaults.get(k)}
    if state.seed is not None:
        out["seed"] = state.seed
    if agents:
        out["seats"] = {sn[i]: agents[i] for i in g.turn_order}
    deals = []
    for d in state.deals:
        if d.hands is None:
            continue
        entry = {"deal": d.number, "dealer": sn[d.dealer], **_dealt(g, d.hands, d.talon, d.cut)}
        if d.redeals:  # the pack dealt again within the deal: each time's cards
            entry["redeals"] = [_dealt(g, *again) for again in d.redeals]
        entry["actions"] = _action_lines(d.actions, sn, len(d.tricks[0].cards) if d.tricks else len(sn))
        if d.scores is not None:
            entry["raw"] = {sn[p]: d.raw[p] for p in g.turn_order}
            entry["scores"] = {sn[p]: d.scores[p] for p in g.turn_order}
        deals.append(entry)
    out["deals"] = deals
    if interrupted and not state.is_terminal:
        out["interrupted"] = True
    else:
        out["totals"] = {sn[p]: state.totals[p] for p in g.turn_order}
    return out


def _dealt(g, hands, talon, cut) -> dict:
    """What one deal of the pack gave: each seat's hand, the talon (top first) and a cut card."""
    sn, names = g.seat_names, g.pack.names
    out = {"hands": {sn[p]: " ".join(names[c] for c in sorted(hands[p], key=g.pack.sort_key))
                     for p in g.turn_order}}
    if talon:
        out["talon"] = " ".join(names[c] for c in talon)
    if cut is not None:
        out["cut"] = names[cut]
    return out


def _action_lines(actions, sn, trick_size) -> list[str]:
    """One line per action, except runs: a round of card plays (a trick, of `trick_size` cards: fewer
    when a seat sits out), or one seat's exchange."""
    lines: list[str] = []
    run: list[str] = []
    kind = who = None

    def flush():
        if run:
            lines.append(", ".join(run))
            run.clear()

    for seat, a in actions:
        text = f"{sn[seat]} {a.name}"
        if a.kind in ("discard", "draw"):
            k = "exchange"
        elif a.kind == "play" or (a.kind == "pass" and kind == "play"):
            k = "play"
        else:
            k = None
        if k != kind or (k == "exchange" and seat != who):
            flush()
        kind, who = k, seat
        if k is None:
            lines.append(text)
            continue
        run.append(text)
        if (k == "play" and len(run) == trick_size) or a.kind == "draw":
            flush()
    flush()
    return lines


def dump(record: dict, path: str | Path) -> None:
    """Write `record` as JSON (for a .json path) or YAML."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.suffix == ".json":
        path.write_text(json.dumps(record, indent=1) + "\n")
    else:
        path.write_text(yaml.safe_dump(record, sort_keys=False, width=120, allow_unicode=True))

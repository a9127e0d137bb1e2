"""What a page is sent: one frame per change of the game, built from views only.

A seat's frame holds its view (`State.view(seat)`), the log of the deal as that seat read it,
its choices (the view's own `legal` list, each marked as a card to click or a button) and facts
of the game that never change (title, seats, the pack's suits and ranks, contract names). A
watcher's frame holds `public_view`: what every seat's view shows alike, with each seat's own
fields emptied and the hands shown to all gathered. Nothing else of the state is read, so a page
can show no more than its seat may know.

Decisions a reader may question:

* The watcher's view is made from the seats' views rather than from the state: a fact reaches
  a watcher only if every seat is shown it, and a field that differs from seat to seat is
  emptied even when it is not listed among a seat's own (`PRIVATE`), so a new private field of
  the views is hidden from watchers before anybody thinks of it.
* A choice is a card when its second word names a card of the pack (`play QS`, `discard 7C`,
  `pass 2H`, `play QH bella`); every other choice is a button, so any phase of any spec is
  played by the action names the engine gives.
"""

from __future__ import annotations

# the fields of a view that are the seat's own: emptied in a watcher's view
PRIVATE = ("hand", "passing", "passed", "talon_seen", "discards")


def game_facts(game, kinds) -> dict:
    """What never changes in a game and everybody may know: its title, seats, pack and contracts."""
    sn = game.seat_names
    return {"title": game.title, "seats": [{"name": sn[p], "kind": kinds[p]} for p in game.turn_order],
            "suits": list(game.pack.suits), "ranks": list(game.pack.ranks), "cards": list(game.pack.names),
            "contracts": {key: c.name for key, c in game.contracts.items()},
            "lowest_wins": game.winner != "highest"}


def public_view(state) -> dict:
    """What is public to all: the fields every seat's view shows alike; each seat's own emptied."""
    views = [state.view(p) for p in range(state.n)]
    out: dict = {}
    for key, value in views[0].items():
        if key in ("seat", "legal"):
            continue
        if key in PRIVATE:
            out[key] = _empty(value)
        elif key == "shown_hands":
            out[key] = _shown_to_all(views, state.game)
        else:
            out[key] = value if all(v.get(key) == value for v in views[1:]) else _empty(value)
    out["seat"] = None
    return out


def _shown_to_all(views, game) -> dict:
    """The hands every other seat's view shows, in playing order."""
    sn = game.seat_names
    out = {}
    for p in game.turn_order:
        others = [v["shown_hands"].get(sn[p]) for q, v in enumerate(views) if q != p]
        if others and all(h is not None and h == others[0] for h in others):
            out[sn[p]] = others[0]
    return out


def _empty(value):
    return type(value)() if isinstance(value, (list, dict, str)) else None


def card_verb(options: list[dict]) -> str | None:
    """The verb of the card choices when they share one (`play`): a card clicked is that move."""
    verbs = {c["verb"] for c in options if "card" in c}
    return verbs.pop() if len(verbs) == 1 else None


def frame(facts: dict, view: dict, viewer: str | None, log: tuple[list, list], status: dict) -> dict:
    """A page's whole picture: the game's facts, the view, the choices, the log and the status."""
    options = choices(facts, view)
    best = None
    totals = view["totals"]
    if status.get("ended") and totals:  # (a game stopped early has no winner)
        best = (min if facts["lowest_wins"] else max)(totals.values())
    return {"type": "frame", "game": facts, "seat": viewer, "view": view, "choices": options,
            "card_verb": card_verb(options), "log": log[0], "last_log": log[1],
            "winners": [p for p, t in totals.items() if t == best] if best is not None else [], **status}


def choices(facts: dict, view: dict) -> list[dict]:
    """Each legal action of the view: its name, and for a card action its verb, card and any words after it."""
    names = set(facts["cards"])
    out = []
    for name in view.get("legal") or ():
        words = name.split()
        if len(words) >= 2 and words[1] in names:
            out.append({"name": name, "verb": words[0], "card": words[1], "rest": " ".join(words[2:])})
        else:
            out.append({"name": name})
    return out

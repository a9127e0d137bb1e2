"""Actions: small immutable values with a stable, readable name.

Records, replays, the terminal prompt and tests all speak in action names
(`contract no_tricks`, `trump H`, `start 7`, `double B D`, `pass`, `play QS`), so a
record survives any renumbering inside the engine. Actions are interned: the engine
hands out the same object for the same action, so actions compare by identity (fast in the play loop); a name
is turned into the action with `State.find_action`.
"""

from __future__ import annotations


class Action:
    """One move: a verb (`kind`), its argument, and the name players read."""

    __slots__ = ("kind", "arg", "name")

    def __init__(self, kind: str, arg, name: str):
        self.kind = kind
        self.arg = arg
        self.name = name

    def __repr__(self) -> str:
        return self.name

    __str__ = __repr__


class Card(int):
    """A card that is also the action of playing it (`play QS`).

    Cards are small ints everywhere in the engine; making each card its own play action
    lets a hand be filtered straight into the legal list, with nothing to look up.
    """

    kind = "play"

    def __new__(cls, index: int, card_name: str):
        self = int.__new__(cls, index)
        self.name = f"play {card_name}"
        self.arg = index
        return self


def match_key(text: str) -> str:
    """How typed or recorded names are matched: case-blind, single spaces, `10H` read as `TH`."""
    words = []
    for w in text.split():
        w = w.lower()
        if len(w) == 3 and w.startswith("10") and w[2] in "shdc":
            w = "t" + w[2]
        words.append(w)
    return " ".join(words)

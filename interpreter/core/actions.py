"""Actions: small immutable values with a stable, readable name.

Records, replays, the terminal prompt and tests all speak in action names
(`contract no_tricks`, `trump H`, `start 7`, `double B D`, `pass`, `play QS`), so a
record survives any renumbering inside the engine. Actions are interned: the engine
hands out the same object for the same action, so actions compare by identity (fast in the play loop); a name
is turned into the action with `State.find_action`.
"""

from __future__ import annotations

import functools


class Action:
    """One move: a verb (`kind`), its argument, and the name players read."""

    __slots__ = ("arg", "kind", "name")

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
    lets a hand be filtered straight into the legal list, with nothing to look up. A card
    carries nothing but its number (`__slots__ = ()`): its name comes from its pack's own
    subclass (`Card.of_pack`), so cards, and the hands, tricks and histories made of them,
    are plain data the garbage collector never has to walk.
    """

    __slots__ = ()
    kind = "play"
    names: tuple = ()  # the pack's play names, by card number (on the pack's subclass)

    @staticmethod
    def of_pack(card_names) -> type:
        """The card type of a pack whose cards are named `card_names`, by number (one per pack)."""
        return _card_type(tuple(card_names))

    @property
    def name(self) -> str:
        return self.names[self]

    @property
    def arg(self) -> int:
        return int(self)

    def __repr__(self) -> str:
        return self.names[self]

    __str__ = __repr__

    def __reduce__(self):  # a card crosses a process boundary as its number and its pack's names
        return _card, (tuple(n[5:] for n in self.names), int(self))


@functools.cache
def _card_type(card_names: tuple) -> type:
    return type("Card", (Card,), {"__slots__": (), "names": tuple(f"play {n}" for n in card_names)})


def _card(card_names, number):
    return _card_type(card_names)(number)


def match_key(text: str) -> str:
    """How typed or recorded names are matched: case-blind, single spaces, `10H` read as `TH`."""
    words = []
    for w in text.split():
        w = w.lower()
        if len(w) == 3 and w.startswith("10") and w[2] in "shdc":
            w = "t" + w[2]
        words.append(w)
    return " ".join(words)


def named(actions, text: str):
    """The action of `actions` named `text` (its exact name, else as `match_key` reads it), or None.

    The one way a name becomes an action: typed at the prompt, read from a record, a pickle or an
    environment's id. Names are unique within a phase as `match_key` reads them (the compiler refuses
    a spec that would make two alike), so the answer never depends on the order of `actions`."""
    for a in actions:
        if a.name == text:
            return a
    key = match_key(text)
    for a in actions:
        if match_key(a.name) == key:
            return a
    return None

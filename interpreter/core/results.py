"""What play leaves behind: completed tricks and finished deals, as the state and the records keep them."""

from __future__ import annotations

from operator import itemgetter
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from .actions import Action


class FrozenList(list):
    """A list no deal may change: the start value of a field that no phase of the game owns.

    It reads as a list does (`+`, slices, `==`, `in`; a slice is a plain list); every change raises."""

    __slots__ = ()

    def _refuse(self, *args, **kwargs):
        raise TypeError("this per-deal list is owned by no phase of the game (`Phase.owns`, `Phase.records`) "
                        "and may not change")

    append = extend = insert = remove = pop = clear = sort = reverse = _refuse
    __setitem__ = __delitem__ = __iadd__ = __imul__ = _refuse

    def __reduce__(self):
        return FrozenList, (list(self),)


NOTHING = FrozenList()  # a list of a deal's record that no phase of the game adds to
# the lists of a deal's record that phases add to (`Phase.records`): in a game with no phase that
# adds to one, every deal shares NOTHING instead (DealResult's `records`)
RECORD_LISTS = frozenset({"doubles", "exchanges", "declarations", "calls", "said"})


class Trick(tuple):
    """A completed trick: its number, who led, the cards in playing order, the seats in
    playing order, who won, the suit led.

    A tuple with named fields, made from its items in order, (number, leader, seats, winner,
    led suit, card, card, ...), with one C call, `Trick(items)` (the play loop makes thirteen
    a deal; `Trick.of` takes the fields by name), and never changed once made. It holds its
    cards itself, after the other fields: one object a trick, not two, for a game's history to
    keep, the collector to walk and the end to free; `cards` reads them as a tuple."""

    __slots__ = ()

    @classmethod
    def of(cls, number, leader, cards, seats, winner, led_suit) -> "Trick":
        return cls((number, leader, seats, winner, led_suit, *cards))

    def __repr__(self) -> str:
        return (f"Trick(number={self.number}, leader={self.leader}, cards={self.cards}, seats={self.seats}, "
                f"winner={self.winner}, led_suit={self.led_suit})")

    def __getnewargs__(self):
        return (tuple(self),)

    number = property(itemgetter(0))
    leader = property(itemgetter(1))
    seats = property(itemgetter(2))
    winner = property(itemgetter(3))
    led_suit = property(itemgetter(4))
    cards = property(itemgetter(slice(5, None)))


class DealResult:
    """What a finished deal leaves behind for the score sheet and the record."""

    __slots__ = ("number", "dealer", "declarer", "contract", "hands", "actions", "raw", "scores", "announced", "doubles",
                 "tricks", "exchanges", "talon", "declarations", "calls", "said", "called", "void", "cut", "flags",
                 "seat_calls", "seat_tricks", "redeals")

    def __init__(self, number, dealer, declarer, hands, records=RECORD_LISTS):
        self.number = number
        self.dealer = dealer
        self.declarer = declarer
        self.hands = hands  # the cards each seat received, in dealing order
        self.contract = None
        self.actions: list[tuple[int, Action]] = []
        self.raw = None
        self.scores = None
        self.announced: dict = {}
        self.doubles = [] if "doubles" in records else NOTHING
        self.tricks = ()  # the deal's tricks, kept when it is scored
        self.exchanges = [] if "exchanges" in records else NOTHING  # (seat, discarded, drawn)
        self.talon = ()  # the talon as dealt, top card first
        # (category, [declared names per seat], winner, [points per seat])
        self.declarations = [] if "declarations" in records else NOTHING
        self.calls = [] if "calls" in records else NOTHING  # (seat, call), in order
        self.said = [] if "said" in records else NOTHING  # (seat, word, card): announcements made while playing
        self.called = None  # (the called card or None, who held it or None), when a card was called
        self.void = False  # everybody passed: no play, no score, not counted
        self.cut = None  # the card shown by a cut, when a trump is cut for
        self.flags: dict = {}  # the spec's deal statistics, once the deal is scored
        self.seat_calls = None  # each seat's call (its value), once the calls are over
        self.seat_tricks = None  # the tricks each seat won, once the deal is scored
        self.redeals = NOTHING  # (hands, talon, cut) of each full deal after the first in this deal (anew each)


def copy_deal(d: DealResult) -> DealResult:
    """A copy of `d` whose lists a clone may change without touching the original."""
    c = DealResult(d.number, d.dealer, d.declarer, d.hands, ())
    c.contract, c.raw, c.scores = d.contract, d.raw, d.scores
    c.actions = list(d.actions)
    c.announced = dict(d.announced)
    c.doubles = _own(d.doubles)
    c.tricks = d.tricks
    c.exchanges = _own(d.exchanges)
    c.talon = d.talon
    c.declarations = _own(d.declarations)
    c.calls = _own(d.calls)
    c.said = _own(d.said)
    c.called = d.called
    c.void = d.void
    c.cut = d.cut
    c.flags = dict(d.flags)
    c.seat_calls, c.seat_tricks = d.seat_calls, d.seat_tricks
    c.redeals = _own(d.redeals)
    return c


def _own(x: list) -> list:
    """A list of a deal's record, copied for a clone (one no phase adds to is shared)."""
    return x if x.__class__ is FrozenList else list(x)

"""The compiled game as data: what the compiler (interpreter/compile/) hands the engine.

A `Game` is immutable once made and makes states (`new_state`). Every rule in it is
compiled: a field holding a closure (`first_dealer`, `deals`, ...) is called with a
`State` and reads what it needs from it. Nothing here reads the spec.

A game made by `compile.game.load_game` knows how it was made (`source`) and how to make
it again (`remake`), so a game, and a state of it, crosses a process boundary as its spec
and is compiled once per process there.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from ..core.cards import Pack
from ..core.errors import GameError
from .faults import Places
from .state import State
from .views import view


# the chance outcomes a game may be given instead of drawn (State's keyword arguments)
NEW_STATE_KEYS = frozenset({"first_dealer", "hands", "talons", "cuts", "first_deal", "decks"})


@dataclass
class Contract:
    """A compiled contract: its name, its score per seat, its declared deal total."""

    key: str
    name: str
    score: object  # compiled: number for `player`
    total: object  # compiled: number, or None when not declared
    when: object = None  # compiled bool: the contract may be chosen only when it holds


@dataclass
class Partie:
    """A partie of several games: when each game ends, and each seat's result over them."""

    ends_when: object  # compiled: bool, after each game
    result: object  # compiled: number for `player`


@dataclass(eq=False)
class Game:
    """An immutable, compiled game; `new_state()` starts a game of it.

    Every rule is compiled: a field holding a closure (`first_dealer`, `deals`, ...) is
    called with a `State` and reads what it needs from it."""

    name: str  # the spec's `game`
    title: str
    file: object  # the spec file, for messages
    pack: Pack
    n: int  # the number of seats
    seat_names: tuple  # as the spec lists them, clockwise
    step: int  # 1 clockwise, -1 anticlockwise
    turn_order: tuple  # the seats in playing order
    phases: list  # the compiled phases of a deal, in order
    contracts: dict  # key -> Contract
    play_actions: tuple  # card number -> the action of playing it
    pairs: tuple  # seat -> card number -> (seat, card), as histories keep them
    first_dealer: Callable  # closures of a state ...
    next_dealer: Callable
    declarer: Callable | None
    deals: Callable  # ... the deals a game lasts
    deal_trump: Callable | None  # the trump fixed for every deal (`play.trump`), or None
    ends_when: Callable | None
    game_total: Callable | None  # the promised sum of the game totals
    settle: object  # how doubles settle: "pairwise", a closure, or None
    result: Callable | None  # each seat's result of a game
    statistics: dict  # name -> closure: the spec's statistics of a game
    partie: Partie | None
    deal_statistics: dict  # name -> (closure, closure of `of` or None)
    places: Places  # each closure -> its place in the spec, to place a failure
    var_defaults: dict  # the announcements a deal starts without
    announce_types: dict
    winner: str  # "highest" or "lowest" total wins
    options: dict  # the options the spec was loaded with
    teams: tuple | None
    only_contract: Contract | None  # the contract of a game with no choice of one
    option_defaults: dict
    zero_sum_deals: bool = False  # every deal's scores sum to 0, as every contract declares
    game_total_value: object = None  # the game totals (its results) sum to this constant, as `match.total` declares
    source: tuple | None = None  # how `load_game` made it: the spec's path, the text of its files, options
    remake: Callable | None = None  # remake(source) -> the same game, compiled once per process

    def new_state(self, seed: int | None = None, **given) -> State:
        """A game from its first deal: `seed`, and the chance outcomes given instead of drawn (the keyword
        arguments of `State`: first_dealer, hands, talons, cuts, first_deal, decks)."""
        unknown = sorted(set(given) - NEW_STATE_KEYS)
        if unknown:
            raise TypeError(f"new_state() takes no argument {', '.join(map(repr, unknown))}; it takes seed and "
                            f"{', '.join(sorted(NEW_STATE_KEYS))}")
        return State(self, seed, **given)

    def __reduce__(self):
        """A game pickles as its source and is compiled again (once per process) on loading."""
        if self.source is None or self.remake is None:
            raise GameError("only a game made by load_game can be pickled: it is sent as the spec it was made "
                            "from")
        return self.remake, (self.source,)

    def check_game_total(self, state) -> None:
        """The rules' promise about the game totals (e.g. that they sum to 0)."""
        if self.game_total is None:
            return
        want = self.game_total(state)
        if sum(state.totals) != want:
            raise state.fault_at(("match", "total"), f"the game totals {' '.join(map(str, state.totals))} sum to "
                                 f"{sum(state.totals)}, but the spec declares a game total of {want}",
                                 f"at the end of the game, after deal {state.deal_number}")

    def view(self, state, seat):
        return view(state, seat)



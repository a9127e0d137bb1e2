"""The table a deal starts from: every attribute of a `State` that a deal sets afresh.

Values that are never changed in place (None, numbers, tuples, the game's tables) are set by
one update from a dict made once per game. A list or map that a deal fills is made new for
every deal, and copied by `State.clone`, only in a game that has a phase that changes it in
place (`Phase.owns`; `CORE` for the fields most games fill). In any other game it keeps one
value made once per game that reads like a list (or a set) and refuses any change (`FrozenList`,
a frozenset): a deal of a game without passing, exchanges or declarations makes no lists for
them, a clone copies none, and a phase that changes a field it does not own fails at once, in
any test that plays it.

What makes and copies the changing fields is generated per game (`interpreter/compile/emit`, under its
rule: engine field names and whole numbers only), because a deal or a clone pays for each.
"""

from __future__ import annotations

from ..core.results import FrozenList
from ..core.source import Source
from ..phases import every_phase

# each per-deal list or map of the state, and its shape at the start of a deal:
# "list" empty; "lists" an empty list per seat; "zeros", "falses", "nones", "empties" a 0, False,
# None or () per seat; "matrix" a row of zeros per seat; "set" empty; "vars" the game's defaults
SHAPES = {
    "hands": "lists", "won": "lists", "tricks": "list", "tricks_won": "zeros", "trick_cards": "list",
    "sitting_out": "list",  # seats that take no part in this deal's play
    "out_of_play": "list",  # cards laid aside face up, out of the deal
    "in_auction": "falses",  # an auction: who has not passed
    "calls": "zeros", "callers": "list",  # each seat's call: 0 (a pass, or none yet) until it calls
    "said": "list",  # an auction's calls in order: (seat, bid or None, word, passed)
    "unseen": "falses",  # each seat's own hand is hidden from it (it has not looked yet)
    "passing": "lists",  # cards chosen to pass, not received yet (seen by the passer)
    "passed": "lists",  # cards each seat passed in this deal (known to it)
    "pass_plan": "list",  # passing: (seat, to, how many) in turn
    "call_extras": "empties",  # announcements made along with the calls
    "vars": "vars", "doubles": "matrix", "turns": "list",
    "layout": "suits", "out": "list", "laid": "list",  # cards played to a layout, in order
    "raw": "zeros",  # raw deal scores, while settling
    "talon": "list",
    "discards": "lists",  # seen by their owner only
    "shown_discards": "lists",  # discards laid face up (an exchange's `shown`), seen by all
    "shown_later": "set",  # (category, seat): declarations shown by a later `show` phase
    "to_draw": "zeros",  # cards discarded and not yet drawn (an exchange that draws later)
    "talon_seen": "lists",  # talon cards a seat has looked at
    "exchanges": "zeros",  # how many cards each seat exchanged (public)
    "declarations": "list",  # each category's result, in order
    "declaration_totals": "zeros",  # each seat's points from them so far (what `declaration_points` reads)
    "place": "zeros", "shown": "falses",
}
# filled by most games' deals, or by more than one kind of phase: always made new
CORE = ("hands", "won", "tricks", "tricks_won", "trick_cards", "vars", "talon", "shown")


class TablePlan:
    """How a deal of one game starts its table (`start`) and how a clone copies it (`copy`)."""

    def __init__(self, game):
        n, suits = game.n, len(game.pack.suits)
        owned = set(CORE).union(*(phase.owns for phase in every_phase(game)))
        unknown = owned - SHAPES.keys()
        if unknown:
            raise ValueError(f"a phase owns fields the table does not know: {sorted(unknown)}")
        self.changing = tuple(f for f in SHAPES if f in owned)
        f = FrozenList
        frozen = {"list": f(), "lists": f(f() for _ in range(n)), "zeros": f([0] * n), "falses": f([False] * n),
                  "nones": f([None] * n), "empties": f([()] * n), "matrix": f(f([0] * n) for _ in range(n)),
                  "set": frozenset(), "suits": f([None] * suits)}
        self.fixed = fresh_deal(game)
        self.fixed.update({f: frozen[shape] for f, shape in SHAPES.items() if f not in owned})  # (`vars` is CORE)
        self.start, self.copy, self.source = _generate(self.changing, n, suits, game.var_defaults)
        # the lists of each deal's record that a phase of the game adds to (`Phase.records`)
        self.records = frozenset().union(*(phase.records for phase in every_phase(game)))


def _generate(fields, n: int, suits: int, var_defaults: dict):
    """`start(st)`: the changing fields made new; `copy(st)`: each replaced by its own copy; and the
    source text of both."""
    src = Source("table")
    lit = src.literal

    def row(item: str, count: int) -> str:
        return "[" + ", ".join([item] * count) + "]"
    made = {"list": "[]", "lists": row("[]", n), "zeros": row(lit(0), n), "falses": row(lit(False), n),
            "nones": row(lit(None), n), "empties": row("()", n), "matrix": row(row(lit(0), n), n),
            "set": "set()", "suits": row(lit(None), suits), "vars": f"{src.bind(var_defaults, 'vars')}.copy()"}
    src.add(0, "def start(st):")
    for f in fields:
        src.add(1, f"{src.field(f)} = {made[SHAPES[f]]}")
    src.add(0, "")
    src.add(0, "def copy(st):")
    for f in fields:
        shape, fld = SHAPES[f], src.field(f)
        if shape in ("lists", "matrix"):  # a list per seat: each copied
            src.add(1, f"x = {fld}")
            src.add(1, f"{fld} = [{', '.join(f'x[{lit(i)}][:]' for i in range(n))}]")
        elif shape in ("set", "vars"):
            src.add(1, f"{fld} = {fld}.copy()")
        elif shape == "suits":  # a layout: each suit's run (a [low, high] list) or None
            src.add(1, f"{fld} = [None if x is None else x[:] for x in {fld}]")
        else:
            src.add(1, f"{fld} = {fld}[:]")
    return (*src.build("start", "copy"), src.text())


def table_plan(game) -> TablePlan:
    """The game's plan, made the first time a deal asks for it."""
    plan = game.__dict__.get("_table")
    if plan is None:
        plan = game._table = TablePlan(game)
    return plan


def new_table(state) -> None:
    """Set `state` up for a new deal: its hands empty, nothing played, bid or scored."""
    plan = table_plan(state.game)
    state.__dict__.update(plan.fixed)
    plan.start(state)


def fresh_deal(game) -> dict:
    """The attributes every deal of `game` starts with that are never changed in place."""
    pack = game.pack
    only = game.only_contract
    return {
        "chances": 0,  # chance events so far in this deal
        "trick_best": -1,
        "trick_winner": None,
        "best_power": (),  # the rank order of the card winning the trick so far
        "led_suit": None,
        "leading": True,  # no card of the current trick has been played
        "leader": 0,
        "to_play": 0,
        "contract": only,
        "contract_key": only.key if only else None,
        "trump": None,
        "suit": pack.suit_with_trump.get(None, pack.suit),  # suit of each card (jokers: the trump's)
        "power": pack.power,  # how cards beat each other now
        "trump_power": pack.trump_power,
        "trick_order": None,  # the seats of a trick by its leader, once play starts
        "turn_up": None,  # a card turned face up (e.g. for trumps)
        "taken_up": None,  # (seat, cards): cards taken into a hand face up (a turn-up, a talon shown)
        "dead": None,  # a card shown to all and never played
        "maker": None,  # the seat that made trump
        "to_bid": None,  # an auction: who bids now, the bid standing
        "bidder": None,
        "bid_index": -1,
        "high_bid": None,  # an auction: the value of the bid standing
        "open_pending": False,  # trick play: hands to lay face up once `open_from` holds
        "called_card": None,  # a card called by the declarer: its holder is his secret partner
        "called_holder": None,  # who held it when called (hidden until it is played)
        "schmeisser": None,  # a seat that proposed to throw the deal in, awaiting the answer
        "void": False,  # the deal was called off (e.g. everybody passed)
        "calling_blind": False,  # hands are hidden from their owners while calling blind
        "pass_i": 0,  # passing: whose turn it is in the plan
        "number": 0,  # the number being considered, while a call phase lists the legal calls
        "talon_exposed": False,  # the talon's cards turned face up for everybody
        "talon_shown_when": None,  # ... from the moment this holds (None: at once)
        "declaring": None,  # the declarations of the category in progress
    }

"""The table a deal starts from: every attribute of a `State` that a deal sets afresh.

Values that are never changed in place (None, numbers, tuples, the game's tables) are set by
one update from a dict made once per game; each list and map a deal fills is made new.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game
    from .state import State


def new_table(state: "State") -> None:
    """Set `state` up for a new deal: its hands empty, nothing played, bid or scored."""
    game = state.game
    n = state.n
    fresh = game.__dict__.get("_fresh_deal")
    if fresh is None:
        fresh = game._fresh_deal = fresh_deal(game)
    state.__dict__.update(fresh)
    state.hands = [[] for _ in range(n)]
    state.won = [[] for _ in range(n)]
    state.tricks = []
    state.tricks_won = [0] * n
    state.trick_cards = []
    state.sitting_out = []  # seats that take no part in this deal's play
    state.out_of_play = []  # cards laid aside face up, out of the deal
    state.in_auction = [False] * n  # an auction: who has not passed
    state.calls = [None] * n
    state.callers = []
    state.unseen = [False] * n  # each seat's own hand is hidden from it (it has not looked yet)
    state.passing = [[] for _ in range(n)]  # cards chosen to pass, not received yet (seen by the passer)
    state.passed = [[] for _ in range(n)]  # cards each seat passed in this deal (known to it)
    state.pass_plan = []  # passing: (seat, to, how many) in turn
    state.call_extras = [()] * n  # announcements made along with the calls
    state.vars = dict(game.var_defaults)
    state.doubles = [[0] * n for _ in range(n)]
    state.doubled_turns = []
    state.turns = []
    state.layout = [None] * len(game.pack.suits)
    state.out = []
    state.laid = []  # cards played to a layout, in order
    state.raw = [0] * n  # raw deal scores, while settling
    state.talon = []
    state.discards = [[] for _ in range(n)]  # seen by their owner only
    state.shown_later = set()  # (category, seat): declarations shown by a later `show` phase
    state.to_draw = [0] * n  # cards discarded and not yet drawn (an exchange that draws later)
    state.talon_seen = [[] for _ in range(n)]  # talon cards a seat has looked at
    state.exchanges = [0] * n  # how many cards each seat exchanged (public)
    state.declarations = []  # each category's result, in order
    state.place = [0] * n
    state.shown = [False] * n


def fresh_deal(game: "Game") -> dict:
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
        "dead": None,  # a card shown to all and never played
        "maker": None,  # the seat that made trump
        "to_bid": None,  # an auction: who bids now, the bid standing
        "bidder": None,
        "bid_index": -1,
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

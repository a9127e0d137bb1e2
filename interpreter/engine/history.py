"""The earlier deals of the game, as values expressions may read (type `deal`).

`earlier_deals` lists the finished deals of the game in progress, oldest first (void deals
included: `d.void` tells them apart); `this_deal` is the deal being played. A deal has
attributes (`number`, `dealer`, `declarer`, `contract`, `void`) and is read by functions
that take a seat: `call_in(d, p)`, `tricks_in(d, p)`, `score_in(d, p)`. One definition
serves both: a spec's function with a `deal` parameter scores this deal from `this_deal`
and counts what earlier deals left (overtricks carried from deal to deal, a side's last
contract) from `earlier_deals`.

What is read of a finished deal is what its score sheet shows: the calls, the tricks each
seat won, the scores; nothing hidden (the hands) is offered.
"""

from __future__ import annotations

from ..expr import Attr, Func, Name


def _earlier(state) -> list:
    """The finished deals of the game in progress (a partie starts each game afresh)."""
    start = state.game_deals[-1] if state.game_deals else 0
    return [d for d in state.deals if d is not state.deal and d.number > start]


def _call_in(state, d, p):
    calls = state.calls if d is state.deal else d.seat_calls
    return calls[p] if calls is not None and calls[p] is not None else 0


def _tricks_in(state, d, p):
    if d is state.deal:
        return state.tricks_won[p]
    return d.seat_tricks[p] if d.seat_tricks is not None else 0


def _score_in(state, d, p):
    return d.scores[p] if d.scores is not None else 0


def history_scope(names: dict, funcs: dict, attrs: dict) -> None:
    """Add the names, functions and attributes of deals to a scope's tables."""
    names["earlier_deals"] = Name("list<deal>", get=_earlier,
                                  doc="the finished deals of this game, oldest first (void deals included)")
    names["this_deal"] = Name("deal", get=lambda st: st.deal, doc="the deal being played (see `earlier_deals`)")
    funcs["call_in"] = Func(("deal", "seat"), "number", _call_in,
                            "a seat's call in a deal: its number, 0 for a pass, or a word's value")
    funcs["tricks_in"] = Func(("deal", "seat"), "number", _tricks_in, "the tricks a seat won in a deal")
    funcs["score_in"] = Func(("deal", "seat"), "number", _score_in,
                             "a seat's final score in a deal (0 for this deal until it is scored)")
    attrs["deal"] = {
        "number": Attr("number", get=lambda st, d: d.number, doc="the deal's number, from 1"),
        "dealer": Attr("seat", get=lambda st, d: d.dealer, doc="who dealt"),
        "declarer": Attr("seat", get=lambda st, d: d.declarer, doc="the deal's declarer"),
        "contract": Attr("contract", get=lambda st, d: d.contract, doc="the contract played"),
        "void": Attr("bool", get=lambda st, d: bool(d.void), doc="the deal was void (everybody passed)"),
    }

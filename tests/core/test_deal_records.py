"""What play leaves behind (interpreter/core/results.py): a deal's record, new, thrown in or
finished, its tricks, and a copy of it (a clone's) that keeps every part in lists of its own."""

from __future__ import annotations

import pickle

from interpreter.core.results import NOTHING, DealResult, Trick, copy_deal
from tests.phases.table import X, Y, Z, game, play, position
from tests.phases.test_auction import HANDS as AUCTION_HANDS
from tests.phases.test_auction import spec as auction_spec

PARTS = {"contract": "game", "raw": [1, 2], "scores": [3, 4], "actions": [(0, "a")], "announced": {"trump": 1},
         "doubles": [(0, (1,))], "tricks": (Trick.of(1, 0, (5, 6), (0, 1), 1, 2),), "exchanges": [(0, (1,), (2,))],
         "talon": (7, 8), "declarations": [("set", [["A"], []], 0, [10, 0])], "calls": [(0, "pass")],
         "said": [(1, "bella", 5)], "called": (5, 1), "void": True, "cut": 9, "flags": {"slam": True},
         "seat_calls": [0, 2], "seat_tricks": [1, 0], "redeals": [([[1], [2]], (), None)]}


def test_a_copied_deal_keeps_every_part_and_its_lists_are_its_own():
    d = DealResult(3, 1, 0, [[1, 2], [3, 4]])
    for name, value in PARTS.items():
        setattr(d, name, value)
    c = copy_deal(d)
    assert (c.number, c.dealer, c.declarer, c.hands) == (3, 1, 0, [[1, 2], [3, 4]])
    assert {name: getattr(c, name) for name in PARTS} == PARTS
    for name in ("actions", "announced", "doubles", "exchanges", "declarations", "calls", "said", "flags", "redeals"):
        assert getattr(c, name) is not getattr(d, name), name
    t = c.tricks[0]
    assert (t.number, t.leader, t.cards, t.seats, t.winner, t.led_suit) == (1, 0, (5, 6), (0, 1), 1, 2)


def test_a_deal_thrown_in_leaves_no_contract_tricks_or_scores():
    st = position(auction_spec(), AUCTION_HANDS, dealer=X)
    play(st, "pass", "pass", "pass")
    d = st.deals[0]
    assert (d.number, d.dealer, d.declarer, d.void, [(p, a.name) for p, a in d.actions]) == (
        1, X, X, True, [(Y, "pass"), (Z, "pass"), (X, "pass")])  # the declarer by default: the dealer
    assert (d.contract, d.tricks, d.called, d.doubles, d.exchanges, d.said, d.cut, d.redeals) == (
        "game", (), None, [], [], [], None, [])  # the only contract is known from the start


def test_a_deal_thrown_in_before_a_contract_is_chosen_has_none():
    g = game("""
dealer: {first: random, next: left(dealer)}
phases:
  deal: {hand_size: 4}
  auction:
    first: left(dealer)
    bids: [1, 2]
  choose_contract:
  score:
contracts:
  low:
    score: 1
  high:
    score: 2
match: {deals: 2}
""")
    st = position(g, AUCTION_HANDS, dealer=X)
    play(st, "pass", "pass", "pass")
    assert (st.deals[0].void, st.deals[0].contract, st.deal_number) == (True, None, 2)


def test_a_trick_is_a_tuple_with_named_fields_that_pickles_and_reads_back():
    trick = Trick.of(3, 1, (7, 9, 2), (1, 2, 0), 2, 0)
    assert (trick.number, trick.leader, trick.cards, trick.seats, trick.winner, trick.led_suit) == (
        3, 1, (7, 9, 2), (1, 2, 0), 2, 0)
    assert Trick((3, 1, (1, 2, 0), 2, 0, 7, 9, 2)) == trick and type(Trick(tuple(trick))) is Trick
    assert trick.cards == (7, 9, 2) and trick.seats == (1, 2, 0) and len(trick) == 8  # the cards held inline
    back = pickle.loads(pickle.dumps(trick))
    assert back == trick and type(back) is Trick and back.cards == (7, 9, 2)
    assert repr(trick) == "Trick(number=3, leader=1, cards=(7, 9, 2), seats=(1, 2, 0), winner=2, led_suit=0)"


def test_a_new_deal_record_has_nothing_dealt_played_or_called_yet():
    d = DealResult(3, 1, 0, None, frozenset({"calls"}))
    assert (d.talon, d.tricks, d.cut, d.called, d.void, d.contract) == ((), (), None, None, False, None)
    assert type(d.calls) is list and d.calls == [] and d.doubles is NOTHING and d.redeals is NOTHING
    c = copy_deal(d)  # (a state is cloned before its first deal when the contract is named first)
    assert c.talon == () and c.calls == [] and c.calls is not d.calls and c.doubles is NOTHING

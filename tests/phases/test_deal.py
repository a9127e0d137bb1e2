"""Dealing: which deck positions each seat receives, in packets and in the direction of play;
the turn-up and what a joker turned up (or burnt) does; completing the hands, whatever the
packet; the cut when all are dealt; a second full deal within a deal, given by hand."""

from __future__ import annotations

import random

import pytest

from interpreter.core.errors import GameError
from interpreter.engine.state import State

from .table import X, Y, Z, cards, game, hand, position

JOKER_PACK = """
pack:
  suits: [S, H, D]
  ranks: [A, K, Q, J]
  extra: [BJ]
"""


def spec(deal="{hand_size: 3, packets: [2, 1]}", direction="clockwise", pack=None, more=""):
    body = f"""
direction: {direction}
phases:
  deal: {deal}
{more}
  score:
contracts:
  game:
    score: count(hand)
match: {{deals: 1}}
"""
    return game(body, pack=pack) if pack else game(body)


class Unshuffled(random.Random):
    """A generator whose shuffle leaves the deck in card order: AS KS QS JS AH ... JD."""

    def shuffle(self, x):
        pass


@pytest.mark.parametrize("direction, order", [("clockwise", (Y, Z, X)), ("counterclockwise", (Y, X, Z))])
def test_packets_go_round_from_first_in_the_direction_of_play(direction, order, monkeypatch):
    monkeypatch.setattr(State, "chance", lambda self: Unshuffled())
    st = spec(direction=direction).new_state(7, first_dealer=X)
    first, second, third = order  # `first` defaults to left(dealer): Y; packets of 2, then of 1
    want = {first: "AS KS QH", second: "QS JS JH", third: "AH KH AD"}
    assert [hand(st, p) for p in (X, Y, Z)] == [want[p] for p in (X, Y, Z)]
    assert cards(st, st.talon) == ["KD", "QD", "JD"]


def test_the_deck_is_shuffled_from_the_seed():
    g = spec()
    dealt = [[hand(g.new_state(seed, first_dealer=X), p) for p in (X, Y, Z)] for seed in (7, 7, 8)]
    assert dealt[0] == dealt[1] and dealt[0] != dealt[2]
    assert dealt[0] != ["AH KH AD", "AS KS QH", "QS JS JH"]  # not the deck in card order


def test_the_pattern_deals_packets_in_turn_until_each_hand_is_full():
    g = spec()
    getters, dealt = g.phases[0].pattern(3)
    assert dealt == 9
    assert [list(get(list(range(12)))) for get in getters] == [[0, 1, 6], [2, 3, 7], [4, 5, 8]]
    getters, dealt = g.phases[0].pattern(1)  # a packet larger than the hand is cut short
    assert dealt == 3 and [get(list(range(12))) for get in getters] == [[0], [1], [2]]  # (a list of one card)


@pytest.mark.parametrize("packets, size, hands", [
    ([1], 3, [[0, 3, 6], [1, 4, 7], [2, 5, 8]]),  # one card at a time: evenly spaced, taken as one slice
    ([3], 3, [[0, 1, 2], [3, 4, 5], [6, 7, 8]]),  # one packet each: a run
    ([2, 1], 3, [[0, 1, 6], [2, 3, 7], [4, 5, 8]]),  # uneven: picked one by one
    ([2], 1, [[0], [1], [2]])])  # a single card
def test_each_seat_gets_a_list_of_its_own(packets, size, hands):
    """A getter gives a new list, whether it slices the deck or picks from it: a hand that is
    played from never changes the deck, nor another hand."""
    getters, dealt = spec(f"{{hand_size: {size}, packets: {packets}}}").phases[0].pattern(size)
    deck = list(range(12))
    got = [get(deck) for get in getters]
    assert got == hands and dealt == 3 * size and all(type(h) is list for h in got)
    for h in got:
        h.clear()
    assert deck == list(range(12)) and [get(deck) for get in getters] == hands


@pytest.mark.parametrize("packets, hands", [
    ([2], [[0, 1, 6], [2, 3, 7], [4, 5, 8]]),  # the last packet is cut short
    ([1, 2], [[0, 3, 4], [1, 5, 6], [2, 7, 8]])])
def test_the_pattern_cycles_through_the_packets(packets, hands):
    getters, dealt = spec(f"{{hand_size: 3, packets: {packets}}}").phases[0].pattern(3)
    assert dealt == 9 and [list(get(list(range(12)))) for get in getters] == hands


def test_a_hand_size_that_cannot_be_dealt_is_an_error():
    with pytest.raises(GameError) as e:
        spec("{hand_size: 4 + deal_number}").new_state(1, first_dealer=X)
    assert (e.value.message, e.value.rule) == (
        "deal 1: cannot deal 5 cards each to 3 players from a pack of 12", "hand_size")
    with pytest.raises(GameError) as e:
        spec("{hand_size: deal_number - 1}").new_state(1, first_dealer=X)
    assert e.value.message == "deal 1: cannot deal 0 cards each to 3 players from a pack of 12"
    st = spec("{hand_size: (deal_number + 5) / 2}").new_state(1, first_dealer=X)  # 3.0: three cards
    assert [len(h) for h in st.deal.hands] == [3, 3, 3]


def test_the_turn_up_is_the_top_of_the_talon_and_names_trump():
    st = position(spec("{hand_size: 3, turn_up: trump}"), ["AS KS QS", "JS AH KH", "QH JH AD"], talon="KD QD JD")
    assert cards(st, [st.turn_up]) == ["KD"] and st.trump == 2 and cards(st, st.talon) == ["QD", "JD"]
    st = position(spec("{hand_size: 3, turn_up: offer}"), ["AS KS QS", "JS AH KH", "QH JH AD"], talon="KD QD JD")
    assert cards(st, [st.turn_up]) == ["KD"] and st.trump is None and cards(st, st.talon) == ["QD", "JD"]


def test_a_joker_turned_up_means_no_trump_and_a_dealt_joker_is_laid_out_and_replaced():
    g = spec("{hand_size: 3, turn_up: trump}", pack=JOKER_PACK)
    st = position(g, ["AS KS BJ", "JS AH KH", "QH JH AD"], talon="KD QD JD QS")
    assert st.trump == 2  # no joker turned: the joker stays in the hand
    assert hand(st, X) == "AS KS BJ"
    assert st.out_of_play == []
    st = position(g, ["AS KS QS", "JS AH KH", "QH JH AD"], talon="BJ KD QD JD")
    assert cards(st, [st.turn_up]) == ["BJ"] and st.trump is None and st.out_of_play == []


def test_a_joker_turned_up_replaces_jokers_in_hands():
    g = spec("{hand_size: 3, turn_up: trump}", pack="""
pack:
  suits: [S, H, D]
  ranks: [A, K, Q, J]
  extra: [BJ, LJ]
""")
    st = position(g, ["AS KS LJ", "JS AH KH", "QH JH AD"], talon="BJ KD QD JD QS")
    assert st.trump is None and cards(st, st.out_of_play) == ["LJ"]
    assert hand(st, X) == "AS KS KD" and cards(st, st.talon) == ["QD", "JD", "QS"]


def test_burnt_jokers_go_to_the_bottom_and_the_next_card_is_turned():
    g = spec("{hand_size: 3, turn_up: trump, burn_jokers: true}", pack=JOKER_PACK)
    st = position(g, ["AS KS QS", "JS AH KH", "QH JH AD"], talon="BJ KD QD JD")
    assert cards(st, [st.turn_up]) == ["KD"] and st.trump == 2 and cards(st, st.talon) == ["QD", "JD", "BJ"]
    st = position(g, ["AS KS QS", "JS AH KH", "QH JH AD"], talon="BJ")  # nothing else to turn
    assert cards(st, [st.turn_up]) == ["BJ"] and st.trump is None
    g = spec("{hand_size: 3, turn_up: trump, burn_jokers: false}", pack=JOKER_PACK)
    st = position(g, ["AS KS QS", "JS AH KH", "QH JH AD"], talon="BJ KD QD JD")
    assert cards(st, [st.turn_up]) == ["BJ"] and st.trump is None


def test_a_card_of_the_first_suit_turned_up_names_trump_where_jokers_are_burnt():
    g = spec("{hand_size: 3, turn_up: trump, burn_jokers: true}", pack=JOKER_PACK)
    st = position(g, ["AS QS JS", "BJ AH KH", "QH JH AD"], talon="KS KD QD JD")
    assert cards(st, [st.turn_up]) == ["KS"] and st.trump == 0 and cards(st, st.talon) == ["KD", "QD", "JD"]


def test_when_every_card_is_dealt_a_cut_card_names_trump():
    g = spec("{hand_size: 4, turn_up: trump}")
    st = position(g, ["AS KS QS JS", "AH KH QH JH", "AD KD QD JD"], cut="QH")
    assert cards(st, [st.turn_up]) == ["QH"] and st.deal.cut == st.turn_up and st.trump == 1
    st = g.new_state(3, first_dealer=X)  # no cut given: one of the dealt cards, at random
    assert st.deal.cut == st.turn_up and st.trump == g.pack.suit[st.turn_up]


MORE = """  more:
    kind: deal
    hand_size: 3
    packets: [1]
    first: dealer
    more: true
    show_bottom: true
"""


@pytest.mark.parametrize("direction, hands", [
    ("clockwise", ["AS KS QD", "QS JS JD", "AH KH AD"]),
    ("counterclockwise", ["AS KS QD", "QS JS AD", "AH KH JD"])])
def test_more_completes_the_hands_from_the_talon_and_may_show_the_bottom_card(direction, hands):
    g = spec("{hand_size: 2}", direction=direction, more=MORE)
    st = position(g, ["AS KS", "QS JS", "AH KH"], talon="QD JD AD QH JH")
    assert [hand(st, p) for p in (X, Y, Z)] == hands  # from the dealer X, one at a time
    assert cards(st, st.talon) == ["QH", "JH"] and cards(st, [st.dead]) == ["JH"]


def test_completing_the_hands_cycles_through_the_packets():
    more = MORE.replace("hand_size: 3\n    packets: [1]", "hand_size: 4\n    packets: [1, 2]")
    st = position(spec("{hand_size: 1}", more=more), ["AS", "KS", "QS"], talon="JS AH KH QH JH AD KD QD JD")
    assert [hand(st, p) for p in (X, Y, Z)] == ["AS JS QH JH", "KS AH AD KD", "QS KH QD JD"]
    assert st.talon == []


def test_completing_the_hands_takes_only_the_cards_missing_whatever_the_packet():
    st = position(spec("{hand_size: 2}", more=MORE.replace("packets: [1]", "packets: [3]")),
                  ["AS KS", "QS JS", "AH KH"], talon="QD JD AD QH JH")
    assert [hand(st, p) for p in (X, Y, Z)] == ["AS KS QD", "QS JS JD", "AH KH AD"]


def test_each_seat_is_dealt_its_own_hand_size_read_with_it_as_player(monkeypatch):
    monkeypatch.setattr(State, "chance", lambda self: Unshuffled())
    st = spec("{hand_size: 'if player == dealer then 2 else 3', packets: [1]}").new_state(7, first_dealer=X)
    assert [len(st.hands[p]) for p in (X, Y, Z)] == [2, 3, 3] and len(st.talon) == 4
    assert [len(h) for h in st.deal.hands] == [2, 3, 3]  # (the record: as dealt)


def test_completing_the_hands_gives_a_full_hand_nothing_more():
    more = MORE.replace("show_bottom: true", "show_bottom: false")
    g = spec("{hand_size: 'if player == dealer then 3 else 1', packets: [1]}", more=more)
    st = position(g, ["AS KS QS", "JS", "AH"], talon="KH QH JH AD KD QD JD")
    assert [hand(st, p) for p in (X, Y, Z)] == ["AS KS QS", "JS KH JH", "AH QH AD"]  # the dealer X takes none
    assert cards(st, st.talon) == ["KD", "QD", "JD"]


def test_the_deal_records_the_talon_as_dealt():
    st = position(spec(), ["AS KS QS", "JS AH KH", "QH JH AD"], talon="KD QD JD")
    assert cards(st, st.deal.talon) == ["KD", "QD", "JD"] and st.deal.cut is None
    assert [cards(st, h) for h in st.deal.hands] == [["AS", "KS", "QS"], ["JS", "AH", "KH"], ["QH", "JH", "AD"]]


def test_a_joker_turned_up_takes_away_a_trump_set_before_the_deal():
    g = game("""
phases:
  deal: {hand_size: 3, turn_up: trump}
  score:
play:
  trump: S
contracts:
  game:
    score: count(hand)
match: {deals: 1}
""", pack=JOKER_PACK)
    assert position(g, ["AS KS QS", "JS AH KH", "QH JH AD"], talon="KD QD JD").trump == 2  # the turn-up names it
    st = position(g, ["AS KS QS", "JS AH KH", "QH JH AD"], talon="BJ KD QD JD")
    assert cards(st, [st.turn_up]) == ["BJ"] and st.trump is None  # not the spades set for the game


def test_the_hands_of_a_second_full_deal_in_a_deal_are_those_given_for_it():
    g = spec("{hand_size: 2}", more="  again:\n    kind: deal\n    hand_size: 4\n")
    parse = g.pack.parse
    given = {1: ["AS KS", "QS JS", "AH KH"], (1, 1): ["AD KD QD JD", "AS KS QS JS", "AH KH QH JH"]}
    st = g.new_state(1, first_dealer=X, hands={k: [[parse(c) for c in h.split()] for h in v] for k, v in given.items()},
                     talons={1: [parse(c) for c in "QH JH AD KD QD JD".split()], (1, 1): []})
    assert [hand(st, p) for p in (X, Y, Z)] == given[(1, 1)]
    assert [" ".join(cards(st, h)) for h in st.deals[0].hands] == given[1]
    assert [[" ".join(cards(st, h)) for h in hands] for hands, _, _ in st.deals[0].redeals] == [given[(1, 1)]]

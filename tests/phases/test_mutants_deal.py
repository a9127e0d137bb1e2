"""Dealing, where mutation testing found it unchecked: completing hands in packets larger than
what is missing, a card of the first suit turned up where jokers are burnt, and the hands given
for a second full deal within one deal."""

from __future__ import annotations

from tests.phases.table import X, Y, Z, cards, hand, position
from tests.phases.test_deal import JOKER_PACK, MORE
from tests.phases.test_deal import spec as deal_spec


def test_completing_the_hands_takes_only_the_cards_missing_whatever_the_packet():
    st = position(deal_spec("{hand_size: 2}", more=MORE.replace("packets: [1]", "packets: [3]")),
                  ["AS KS", "QS JS", "AH KH"], talon="QD JD AD QH JH")
    assert [hand(st, p) for p in (X, Y, Z)] == ["AS KS QD", "QS JS JD", "AH KH AD"]


def test_a_card_of_the_first_suit_turned_up_names_trump_where_jokers_are_burnt():
    g = deal_spec("{hand_size: 3, turn_up: trump, burn_jokers: true}", pack=JOKER_PACK)
    st = position(g, ["AS QS JS", "BJ AH KH", "QH JH AD"], talon="KS KD QD JD")
    assert cards(st, [st.turn_up]) == ["KS"] and st.trump == 0 and cards(st, st.talon) == ["KD", "QD", "JD"]


def test_the_hands_of_a_second_full_deal_in_a_deal_are_those_given_for_it():
    g = deal_spec("{hand_size: 2}", more="  again:\n    kind: deal\n    hand_size: 4\n")
    parse = g.pack.parse
    given = {1: ["AS KS", "QS JS", "AH KH"], (1, 1): ["AD KD QD JD", "AS KS QS JS", "AH KH QH JH"]}
    st = g.new_state(1, first_dealer=X, hands={k: [[parse(c) for c in h.split()] for h in v] for k, v in given.items()},
                     talons={1: [parse(c) for c in "QH JH AD KD QD JD".split()], (1, 1): []})
    assert [hand(st, p) for p in (X, Y, Z)] == given[(1, 1)]
    assert [" ".join(cards(st, h)) for h in st.deals[0].hands] == given[1]
    assert [[" ".join(cards(st, h)) for h in hands] for hands, _, _ in st.deals[0].redeals] == [given[(1, 1)]]

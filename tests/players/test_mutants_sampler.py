"""Sampler behaviour that mutation testing found unchecked: the order of an imagined talon
mixes the cards of every class of knowledge, and the counts of deals where nothing or the
wrong number of cards is left to deal."""

from __future__ import annotations

import random

import pytest

from interpreter.players.knowledge import Knowledge
from interpreter.players.sampler import Deals, Sampler
from tests.phases.table import X, Y, Z, game, play, position
from tests.players.test_sampler import TRUMPS

TALON = TRUMPS.replace("hand_size: 4", "hand_size: 3")  # three cards left in the talon


def test_an_imagined_talon_is_in_any_order_whatever_was_learnt():
    g = game(TALON)
    st = position(g, ["AS KH QH", "KD AH JH", "KS QS JS"], talon="QD JD AD", dealer=Z)
    play(st, "play AS", "play KD")  # Y shows out of spades: the spades X cannot see are Z's or the talon's
    k = Knowledge(X)
    assert k.update(st)
    sampler = Sampler(st, X, k)
    spade = g.pack.suits.index("S")
    rng = random.Random(3)
    firsts = set()
    for _ in range(400):
        talon = sampler.world(rng).talon
        assert not {c for c in sampler.world(rng).hands[Y] if g.pack.suit[c] == spade}
        if len({g.pack.suit[c] == spade for c in talon}) == 2:  # a spade and another card in the talon
            firsts.add(g.pack.suit[talon[0]] == spade)
    assert firsts == {True, False}  # either may lie on top


def test_no_card_left_to_deal_is_one_deal_of_nothing():
    deals = Deals([], [0, 0])
    assert deals.count == 1
    assert deals.draw(random.Random(1)) == [[], []]


def test_places_that_do_not_take_all_the_cards_have_no_deal():
    deals = Deals([((0, 1), [1, 2, 3])], [1, 1])
    assert deals.count == 0
    with pytest.raises(ValueError, match="no deal of these cards fits these places"):
        deals.draw(random.Random(1))

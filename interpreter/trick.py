"""A completed trick, as the state and the records keep it."""

from __future__ import annotations


class Trick:
    """A completed trick: who led, the cards in playing order, who won."""

    __slots__ = ("cards", "leader", "led_suit", "number", "seats", "winner")

    def __init__(self, number, leader, cards, seats, winner, led_suit):
        self.number = number
        self.leader = leader
        self.cards = cards
        self.seats = seats
        self.winner = winner
        self.led_suit = led_suit

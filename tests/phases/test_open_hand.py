"""A seat that plays with its hand face up (an open game): every other seat sees it from the
start of the play, and a seat's imagined deals never deal it again; before the play it is hidden."""

from __future__ import annotations

import random

from .table import X, Y, Z, game, play, position


def open_game(open_hand="player == left(dealer)"):
    return game(f"""
phases: {{deal: {{hand_size: 2}}, play: null, score: null}}
play: {{leader: left(dealer), rules: [follow suit], open_hand: {open_hand}}}
play_rules: {{follow suit: {{when: not leading, keep: card.suit == led_suit}}}}
contracts: {{game: {{score: tricks_won}}}}
match: {{deals: 1}}
""")



HANDS = ["AS KS", "QS JS", "AH KH"]


def test_the_open_hand_is_seen_by_all_as_the_play_goes_on():
    st = position(open_game(), HANDS, dealer=X)  # Y leads, his hand face up
    assert st.view(X)["shown_hands"] == {"Y": ["QS", "JS"]} and st.view(Z)["shown_hands"] == {"Y": ["QS", "JS"]}
    assert st.view(Y)["shown_hands"] == {}  # his own hand he sees anyway
    play(st, "play QS")
    assert st.view(X)["shown_hands"] == {"Y": ["JS"]}


def test_without_open_hand_nothing_is_shown_and_an_open_hand_is_never_dealt_again_in_imagined_deals():
    def hands_of_y(st):
        return {tuple(st.sampled_for(X, random.Random(seed)).hands[Y]) for seed in range(12)}
    closed = position(open_game("false"), HANDS, dealer=X)
    assert closed.view(X)["shown_hands"] == {}
    assert len(hands_of_y(closed)) > 1  # X imagines Y holding other cards
    shown = position(open_game(), HANDS, dealer=X)
    assert hands_of_y(shown) == {tuple(shown.hands[Y])}

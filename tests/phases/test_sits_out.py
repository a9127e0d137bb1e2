"""Seats that sit out a deal's play (going alone): they keep their cards, the tricks have
fewer cards, and a leader who sits out passes the lead on."""

from __future__ import annotations

import pytest

from interpreter.core.errors import GameError

from .table import V, X, Y, Z, game, legal, play, position

SEATS = "[X, Y, Z, V]"


def sit_game(sits_out, leader="left(dealer)"):
    return game(f"""
teams: [[X, Z], [Y, V]]
phases:
  deal: {{hand_size: 2}}
  play:
  score:
play:
  leader: {leader}
  rules: [follow suit]
  sits_out: {sits_out}
play_rules:
  follow suit:
    when: not leading
    keep: card.suit == led_suit
contracts:
  game: {{score: tricks_won * 10 + count(hand)}}
match: {{deals: 1}}
""", seats=SEATS)


HANDS = ["AS KS", "QS JS", "AH KH", "QH JH"]


def test_a_partner_who_sits_out_keeps_his_cards_and_tricks_have_three_cards():
    st = position(sit_game("player == partner(left(dealer))"), HANDS, dealer=X)  # Y leads; his partner V sits out
    assert st.sitting_out == [V] and st.current_player == Y
    play(st, "play QS", "play AH", "play AS")  # Y, Z, X: V is skipped
    t = st.tricks[-1]
    assert t.seats == (Y, Z, X) and t.winner == X
    play(st, "play KS")
    assert st.current_player == Y and legal(st) == ["play JS"]
    play(st, "play JS", "play KH")
    assert st.is_terminal and st.deals[0].scores == [20, 0, 0, 2]  # V still holds his two cards


def test_a_leader_who_sits_out_passes_the_lead_to_the_next_seat():
    st = position(sit_game("player == left(dealer)"), HANDS, dealer=X)
    assert st.current_player == Z
    play(st, "play AH", "play QH", "play AS")
    assert st.tricks[-1].seats == (Z, V, X)


def test_nobody_may_sit_out_alone_at_the_table():
    with pytest.raises(GameError) as e:
        position(sit_game("true"), HANDS, dealer=X)
    assert "every seat sits out (`sits_out`)" in e.value.message

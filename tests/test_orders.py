"""Rank orders and card points that depend on the trump suit (a general mechanism)."""

from __future__ import annotations

from pathlib import Path

from interpreter.cards import Pack
from interpreter.expr import compile_expr
from interpreter.game import load_game

ROOT = Path(__file__).resolve().parent.parent

SPEC = """
game: Two-hand test
seats: [A, B]
pack:
  suits: [S, H, D, C]
  ranks: [A, K, Q, J, T, 9, 8, 7]            # the natural order (sequences)
  plain_order: [A, T, K, Q, J, 9, 8, 7]       # how plain cards beat each other
  trump_order: [J, 9, A, T, K, Q, 8, 7]       # how trumps beat each other
  points: {A: 11, T: 10, K: 4, Q: 3, J: 2}
  trump_points: {J: 20, 9: 14, A: 11, T: 10, K: 4, Q: 3}
phases:
  deal: {hand_size: 4}
  announce:
  play:
  score:
declarer: left(dealer)
play:
  rules: [follow suit]
play_rules:
  follow suit:
    when: not leading
    keep: card.suit == led_suit
contracts:
  game:
    announce: {trump: suit}
    score: sum(c.points for c in won)
"""


def test_pack_orders():
    pack = Pack.build("SHDC", list("AKQJT987"), plain_order=list("ATKQJ987"), trump_order=list("J9ATKQ87"))
    s = pack.parse
    assert pack.strength[s("KS")] > pack.strength[s("TS")]  # natural: K above T (sequences)
    assert pack.power[s("TS")] > pack.power[s("KS")]  # plain play: T beats K
    assert pack.trump_power[s("JS")] > pack.trump_power[s("9S")] > pack.trump_power[s("AS")]


def play(first, cards, trump="H"):
    game = load_game("t.yaml", text=SPEC)
    p = game.pack.parse
    hands = [[p(c) for c in cards[0].split()], [p(c) for c in cards[1].split()]]
    st = game.new_state(1, first_dealer=1, hands={1: hands})
    st.apply(f"trump {trump}")
    return game, st


def test_trick_winners_follow_the_trump_order():
    game, st = play(0, ("9H TS AD 7C", "JH AH KS 8C"))
    st.apply("play 9H")
    st.apply("play JH")  # the jack is the highest trump
    assert st.tricks[-1].winner == 1
    st.apply("play KS")
    st.apply("play TS")  # plain order: T beats K
    assert st.tricks[-1].winner == 0


def test_card_points_depend_on_trump():
    game, st = play(0, ("9H TS AD 7C", "JH AH KS 8C"))
    for name in ("play 9H", "play JH", "play KS", "play TS", "play AD", "play AH", "play 8C", "play 7C"):
        st.apply(name)
    # B won JH (20) + 9H (14) and AD(11) + AH(11) by trumping; A won KS (4) + TS (10); 7C/8C are 0
    assert st.deals[0].raw == [14, 56]

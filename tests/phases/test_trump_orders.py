"""Rank orders and card points that depend on the trump suit (a general mechanism)."""

from __future__ import annotations

from pathlib import Path

from interpreter.compile.game import load_game
from interpreter.core.cards import Pack

ROOT = Path(__file__).resolve().parents[2]

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


JOKERS = """
game: Jokers test
seats: [N, E, S, W]
pack:
  suits: [S, H, D, C]
  ranks: [A, K, Q, J, T, 9, 8, 7, 6, 5, 4, 3, 2]
  extra: [BJ, LJ]
  jokers: trumps
  trump_order: [BJ, LJ, A, K, Q, J, T, 9, 8, 7, 6, 5, 4, 3, 2]
phases:
  deal: {hand_size: 3, turn_up: trump}
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
    score: tricks_won
"""
N, E, S, W = range(4)


def jokers_deal(hands, talon):
    game = load_game("j.yaml", text=JOKERS)
    p = game.pack.parse
    st = game.new_state(1, first_dealer=W, hands={1: [[p(c) for c in h.split()] for h in hands]},
                        talons={1: [p(c) for c in talon.split()]})
    return game, st


def test_the_turn_up_names_trump_and_jokers_are_trumps():
    game, st = jokers_deal(["BJ 2S 3D", "AH 4S 5D", "2H LJ 6D", "7C 8C 9C"], "3H 4H 5H")
    assert game.pack.names[st.turn_up] == "3H" and st.trump == game.pack.suit_index("H")
    st.apply("play BJ")  # N leads the big joker: a trump, so trumps are led
    assert [a.name for a in st.legal_actions()] == ["play AH"]  # E must follow with his heart
    st.apply("play AH")
    assert sorted(a.name for a in st.legal_actions()) == ["play 2H", "play LJ"]  # the little joker follows too
    st.apply("play LJ")
    st.apply("play 7C")  # W has no trump
    assert st.tricks[-1].winner == N  # the big joker beats the ace of trumps
    assert st.view(E)["turn_up"] == "3H"


def test_a_joker_turned_up_means_no_trump_and_dealt_jokers_are_replaced():
    game, st = jokers_deal(["LJ 2S 3D", "AH 4S 5D", "2H 6H 6D", "7C 8C 9C"], "BJ 4H 5H")
    names = game.pack.names
    assert st.trump is None
    assert sorted(names[c] for c in st.hands[N]) == ["2S", "3D", "4H"]  # LJ out, the next card in
    assert [names[c] for c in st.out_of_play] == ["LJ"]
    assert st.view(S)["out_of_play"] == ["LJ"]

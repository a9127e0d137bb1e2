"""Trumps from data: a fixed trump suit, cards that are always trumps in their own order, a
bower (a card that counts as another suit), a deal with no trump, and a contract's own rank
order; each on a hand-built position."""

from __future__ import annotations

from pathlib import Path

import pytest

from interpreter.compile.game import load_game
from interpreter.core.errors import SpecErrors

from .table import X, Y, Z, game, legal, one_deal, play, position

HERE = Path(__file__).parent

BOWERS = """
pack:
  suits: [S, H, D]
  ranks: [A, K, Q, J]
  bowers: {H: JD, D: JH}
  trump_order: [J, bower, A, K, Q]
"""


def bower_game():
    return one_deal("  bidding:\n    kind: trump_bid\n    first: left(dealer)\n  play:", "tricks_won",
                    deal="hand_size: 3, turn_up: offer", pack=BOWERS,
                    head="play:\n  leader: left(dealer)\n  rules: [follow suit]\nplay_rules:\n  follow suit:\n"
                         "    when: not leading\n    keep: card.suit == led_suit")


def test_the_bower_is_a_trump_and_not_of_its_printed_suit():
    # X deals; the KH is turned up; Y takes: hearts are trumps, and the JD is a heart
    st = position(bower_game(), ["AS QD AD", "AH KS JS", "JD QS KD"], talon="KH QH")
    play(st, "take", "play AH")
    assert st.trump == 1
    assert legal(st) == ["play JD"]  # Z must follow hearts: the JD is his only heart, his diamonds do not follow
    play(st, "play JD")
    assert legal(st) == ["play AS", "play AD", "play QD"]  # X has no heart
    play(st, "play AS")
    assert st.tricks[-1].winner == Z  # the bower beats the ace of trumps


def test_a_diamond_led_is_not_followed_with_the_bower():
    st = position(bower_game(), ["AS QD AD", "AH KS JS", "JD QS KD"], talon="KH QH")
    play(st, "take", "play KS", "play QS", "play AS")  # X wins the spade
    play(st, "play AD")
    assert legal(st) == ["play JS", "play AH"]  # Y has no diamond
    play(st, "play AH")  # he trumps
    assert legal(st) == ["play KD"]  # Z follows diamonds with the KD, not the JD
    play(st, "play KD")
    assert st.tricks[-1].winner == Y


def test_the_right_bower_beats_the_left_and_another_trump_moves_the_bower():
    # all pass the turned-up QH; Y names diamonds: now the JH is the bower, the JD the highest trump
    st = position(bower_game(), ["JH QD AD", "AH KS JS", "JD QS KD"], talon="QH KH")
    play(st, "pass", "pass", "pass", "trump D", "play AH")
    assert st.trump == 2 and st.maker == Y
    assert legal(st) == ["play QS", "play KD", "play JD"]  # Z has no heart
    play(st, "play QS")
    assert legal(st) == ["play JH", "play AD", "play QD"]  # nor has X: the JH is a diamond now
    play(st, "play QD")
    assert st.tricks[-1].winner == X
    play(st, "play JH", "play KS")  # X leads the bower
    assert legal(st) == ["play KD", "play JD"]  # Z follows diamonds with either
    play(st, "play JD")
    assert st.tricks[-1].winner == Z  # the right bower beats the left


FIXED = """
play:
  trump: S
  leader: left(dealer)
  rules: [follow suit]
play_rules:
  follow suit:
    when: not leading
    keep: card.suit == led_suit
"""


def test_a_fixed_trump_suit_holds_from_the_start_of_every_deal():
    g = game(f"""
phases:
  deal: {{hand_size: 2}}
  play:
  score:
{FIXED}
contracts:
  game: {{score: tricks_won}}
match: {{deals: 2}}
""")
    st = position(g, ["AH KH", "QH QS", "AD KD"])
    assert st.trump == 0  # before any card is played
    play(st, "play QH", "play AD", "play AH")  # Y leads
    assert st.tricks[-1].winner == X
    play(st, "play KH", "play QS", "play KD")
    assert st.deals[0].tricks[-1].winner == Y  # the queen of spades trumps
    assert st.deals[0].scores == [1, 1, 0]
    assert st.deal_number == 2 and st.trump == 0


def skat(contract, hands, announce=()):
    st = position(load_game(HERE / "skat_trumps.yaml"), hands)
    play(st, f"contract {contract}", *announce)
    return st


def test_the_jacks_are_trumps_above_the_trump_suit_in_their_own_order():
    # Y declares hearts: the four jacks and the hearts are trumps, the JD a heart here
    st = skat("suit", ["JD 7D 8C", "AH JS 9S", "JC KH 9D"], ["trump H"])
    play(st, "play AH")
    assert legal(st) == ["play JC", "play KH"]  # Z follows hearts: a jack or the KH
    play(st, "play KH")
    assert legal(st) == ["play JD"]  # X's jack of diamonds is a heart, his 7D is not
    play(st, "play JD")
    assert st.tricks[-1].winner == X  # the lowest jack beats the ace of trumps
    play(st, "play 8C", "play JS", "play JC")
    assert st.tricks[-1].winner == Z  # clubs over spades among the jacks


def test_in_a_grand_only_the_jacks_are_trumps():
    st = skat("grand", ["JD 7D 8C", "AH JS TC", "JC KH 7C"])
    assert st.trump == st.game.pack.cards_only and st.view(X)["trump"] == "trump cards"
    play(st, "play JS")  # Y leads a jack: a trump
    assert legal(st) == ["play JC"]  # Z must follow with his jack, not with the KH
    play(st, "play JC", "play JD")
    assert st.tricks[-1].winner == Z
    play(st, "play KH")  # no suit is trump: X may play anything on the heart
    assert legal(st) == ["play 8C", "play 7D"]
    play(st, "play 7D", "play AH")
    assert st.tricks[-1].winner == Y  # the AH is no trump, but wins its suit


def test_in_a_null_nothing_is_trump_and_the_jacks_rank_in_their_suits():
    st = skat("null", ["JD 7D 8C", "TD JS TC", "QD KH 7C"])
    play(st, "play TD")
    assert legal(st) == ["play QD"]  # the jacks are plain cards: Z follows diamonds
    play(st, "play QD", "play JD")
    assert st.tricks[-1].winner == Z  # Null's order: Q above J above T
    assert st.trump is None


@pytest.mark.parametrize("pack, message", [
    ("  bowers: {H: JH}\n  trump_order: [J, bower, A, K, Q]",
     "`JH` is a card of H already: a bower is a card of another suit that counts as a trump"),
    ("  bowers: {H: JD}",
     "a bower needs its place among the trumps: put `bower` in `trump_order`, e.g. [J, bower, A, K, Q, T, 9]"),
    ("  bowers: {X: JD}\n  trump_order: [J, bower, A, K, Q]", "`X` is not a suit of this pack"),
    ("  trump_order: [J, bower, A, K, Q]", "`trump_order` must list each rank of `ranks` once: A K Q J"),
])
def test_bowers_are_checked(pack, message):
    with pytest.raises(SpecErrors) as e:
        game("phases:\n  deal: {hand_size: 2}\n  play:\n  score:\ncontracts:\n  g: {score: 0}\n",
             pack="pack:\n  suits: [S, H, D]\n  ranks: [A, K, Q, J]\n" + pack + "\n")
    assert [x.message for x in e.value.errors] == [message]


def test_only_trump_cards_needs_trump_cards():
    with pytest.raises(SpecErrors) as e:
        game("phases:\n  deal: {hand_size: 2}\n  play:\n  score:\nplay: {trump: trump_cards}\n"
             "contracts:\n  g: {score: 0}\n")
    assert [x.message for x in e.value.errors] == [
        "`trump_cards` makes only the pack's `trump_cards` trumps, but this pack has none"]


def test_a_game_trump_may_follow_the_deal():
    g = game(f"""
declarer: left(dealer)
phases:
  deal: {{hand_size: 2}}
  play:
  score:
{FIXED.replace("trump: S", "trump: if declarer == left(dealer) and deal_number == 1 then S else H")}
contracts:
  game: {{score: tricks_won}}
match: {{deals: 2}}
dealer: {{first: random, next: left(dealer)}}
""")
    st = position(g, ["AH KH", "QH QS", "AD KD"])  # deal 1: spades
    assert st.trump == 0
    play(st, "play QH", "play AD", "play AH", "play KH", "play QS", "play KD")
    assert st.deal_number == 2 and st.trump == 1  # deal 2: hearts

"""Calling a card: its holder is the declarer's secret partner, shown once the card is played."""

from __future__ import annotations

from .table import X, Y, Z, cards, one_deal, play, position

SCORE = """>-
      if called_holder == none then 0 - 1
      else if player == declarer then 10 * tricks_won
      else if player == called_holder then 1 else 0"""


def spec(card="card_of_suit(level, trump)"):
    phases = f"""  auction:
    first: next(dealer)
    bids: [J, Q, K, A]
    winning_bid: level
  name_trump:
    kind: announce
  call:
    kind: call_card
    card: {card}
  play:"""
    return one_deal(phases, SCORE, deal="hand_size: 3", head="play:\n  leader: next(dealer)",
                    contract="    announce: {trump: suit}")


def bid_and_name(st, trump):
    play(st, "bid K", "pass", "pass", f"trump {trump}")  # Y bids the king and names trumps


def test_the_holder_of_the_called_card_is_the_secret_partner():
    st = position(spec(), ["AS QS JS", "AH QH JH", "KS KH KD"], talon="AD QD JD", dealer=X)
    bid_and_name(st, "S")
    assert st.current_player == Y  # the play begins
    assert cards(st, [st.called_card]) == ["KS"] and st.called_holder == Z
    assert st.deal.called == (st.called_card, Z)
    assert [st.view(p)["partner"] for p in (X, Y, Z)] == [None, None, None]
    play(st, "play AH", "play KH", "play AS")  # X takes it
    assert [st.view(p)["partner"] for p in (X, Y, Z)] == [None, None, None]
    play(st, "play QS", "play JH", "play KS")  # the called king is played: the partnership is known
    assert [st.view(p)["partner"] for p in (X, Y, Z)] == ["Z", "Z", "Z"]


def test_the_declarer_holding_the_called_card_plays_alone():
    st = position(spec(), ["AS QS JS", "AH KH JH", "KS QH KD"], talon="AD QD JD", dealer=X)
    bid_and_name(st, "H")
    assert cards(st, [st.called_card]) == ["KH"] and st.called_holder == Y


def test_a_called_card_nobody_holds_is_known_at_once():
    st = position(spec(), ["AS QS JS", "AH QH JH", "KS KH QD"], talon="KD AD JD", dealer=X)
    bid_and_name(st, "D")
    assert cards(st, [st.called_card]) == ["KD"] and st.called_holder is None
    assert st.deal.called == (st.called_card, None)


def test_no_card_called():
    st = position(spec("none"), ["AS QS JS", "AH QH JH", "KS KH QD"], talon="KD AD JD", dealer=X)
    bid_and_name(st, "D")
    assert st.called_card is None and st.called_holder is None and st.deal.called == (None, None)
    assert st.view(X)["partner"] == "Y"  # the declarer, alone, at once

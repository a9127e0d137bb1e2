"""Swapping a card for the turned-up card: its holder may take the turn-up, now or in a second
chance, choosing between the phase's two choices; nobody is asked when no card is turned up."""

from __future__ import annotations

from .table import X, Z, cards, hand, legal, one_deal, play, position, refused

CARD = "if trump != none and trump == turn_up.suit then card_of_suit(J, trump) else none"
PHASES = f"""  bidding:
    kind: trump_bid
    first: left(dealer)
  swap:
    kind: swap_turn_up
    card: {CARD}
  again:
    kind: swap_turn_up
    card: {CARD}"""


def spec():
    return one_deal(PHASES, "count(c in hand where c.suit == trump)", deal="hand_size: 3, turn_up: offer")


def test_the_holder_may_swap_his_card_for_the_turn_up():
    st = position(spec(), ["AS KS QS", "JS AH QH", "JH AD KD"], talon="KH QD JD", dealer=X)
    play(st, "take")  # Y takes hearts
    assert st.current_player == Z and legal(st) == ["keep", "swap"]
    assert refused(st, "trade") == ("`trade` is not a move here; you may: keep, swap", None)
    st.apply("swap")
    assert hand(st, Z) == "KH AD KD" and cards(st, [st.turn_up]) == ["JH"]
    assert st.is_terminal  # the second chance: Z no longer holds the jack
    assert st.deals[0].scores == [0, 2, 1]


def test_a_holder_who_keeps_is_asked_again_later():
    st = position(spec(), ["AS KS QS", "JS AH QH", "JH AD KD"], talon="KH QD JD", dealer=X)
    play(st, "take", "keep")
    assert st.current_player == Z and legal(st) == ["keep", "swap"]
    st.apply("keep")
    assert st.is_terminal and hand(st, Z) == "JH AD KD" and cards(st, [st.turn_up]) == ["KH"]


def test_nobody_is_asked_when_nobody_holds_the_card_or_trump_is_another_suit():
    st = position(spec(), ["AS KS QS", "JS AH QH", "AD KD QD"], talon="KH JH JD", dealer=X)
    play(st, "take")
    assert st.is_terminal  # the jack of hearts is in the talon
    st = position(spec(), ["AS KS QS", "JS AH QH", "JH AD KD"], talon="KH QD JD", dealer=X)
    play(st, "pass", "pass", "pass", "trump D")
    assert st.is_terminal and hand(st, Z) == "JH AD KD"  # hearts are not trumps: no swap
    st = position(spec(), ["AS KS QS", "KH AH QH", "AD KD QD"], talon="JH JS JD", dealer=X)
    play(st, "take")
    assert st.is_terminal  # the turn-up is the card itself


NO_TURN_UP = """  swap:
    kind: swap_turn_up
    card: card_of_suit(J, H)"""


def test_nobody_is_asked_to_swap_when_no_card_is_turned_up():
    g = one_deal(NO_TURN_UP, "count(hand)", deal="hand_size: 3")
    st = position(g, ["AS KS QS", "JS AH QH", "JH AD KD"], talon="KH QD JD", dealer=X)
    assert st.turn_up is None and st.is_terminal and hand(st, Z) == "JH AD KD"  # Z holds the jack: not asked


def test_the_swap_phase_names_its_two_choices():
    g = spec()
    swap, again = [ph for ph in g.phases if ph.kind == "swap_turn_up"]
    assert swap.vocabulary(g) == again.vocabulary(g) == ["keep", "swap"]

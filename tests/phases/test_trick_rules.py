"""Who takes a trick and what suit is led, as the spec says (`play.beats`, `play.led_suit`): a card
outside the suits that may be played instead of following, never wins, and leaves the led suit
to the next card (the tarot Excuse); the defaults stay the highest trump, else the highest card
of the suit led, and the first card's suit."""

from __future__ import annotations

import random

import pytest

from interpreter.core.errors import SpecErrors

from .table import X, Y, Z, game, legal, play, position

PACK = """
pack:
  suits: [S, H, D]
  ranks: [A, K, Q, J]
  extra: [{card: EX, name: the Excuse}]
"""

EXCUSE = """
phases:
  deal: {hand_size: 4}
  play:
  score:
contracts:
  most:
    score: tricks_won
play:
  leader: left(dealer)
  trump: D
  rules: [follow suit]
  beats: card != EX and (best == EX or card.suit == best.suit and card.power > best.power or card.suit == trump and best.suit != trump)
  led_suit: if count(trick) >= 2 and trick[1] == EX then trick[2].suit else if count(trick) >= 1 then trick[1].suit else none
play_rules:
  follow suit:
    when: not leading and led_suit != none and any(c in hand where c.suit == led_suit)
    keep: card.suit == led_suit or card == EX
"""


def excuse_game(body=EXCUSE):
    return game(body, pack=PACK)


def test_the_excuse_led_leaves_the_led_suit_to_the_next_card_and_never_wins():
    st = position(excuse_game(), ["EX AS KS QD", "QS JS AH KH", "JD AD QH JH"], talon="KD", dealer=Z)
    play(st, "play EX")  # X leads the Excuse: no suit is led yet, Y may play anything
    assert st.led_suit is None and legal(st) == ["play QS", "play JS", "play AH", "play KH"]
    play(st, "play AH")  # the hearts are led now: Z must follow
    assert legal(st) == ["play QH", "play JH"]
    play(st, "play QH")
    assert [t.winner for t in st.tricks] == [Y] and st.tricks[0].led_suit == st.game.pack.suit_index("H")


def test_the_excuse_may_be_played_instead_of_following_and_loses_to_any_card():
    st = position(excuse_game(), ["AS KS QS JS", "EX QH JH AD", "KH AH QD JD"], talon="KD", dealer=Z)
    play(st, "play JS")
    assert legal(st) == ["play QH", "play JH", "play AD", "play EX"]  # void in spades: anything, the Excuse too
    play(st, "play EX", "play KH")
    assert [t.winner for t in st.tricks] == [X]  # the jack of the suit led beats the Excuse and a heart
    st = position(excuse_game(), ["AS KS QS JS", "EX QH JH AD", "KH AH QD JD"], talon="KD", dealer=Z)
    play(st, "play AS", "play AD", "play QD")  # a trump beats the suit led; a higher trump beats it
    assert [t.winner for t in st.tricks] == [Y]
    assert legal(position(excuse_game(), ["EX AS KS QS", "JS QH JH AD", "KH AH QD JD"], dealer=Z,
                          talon="KD")) == ["play AS", "play KS", "play QS", "play EX"]


def test_wins_trick_asks_the_spec_s_rule():
    body = EXCUSE.replace("rules: [follow suit]", "rules: [follow suit, win if you can]") + """
  win if you can:
    when: not leading
    keep: wins_trick(card)
"""
    st = position(excuse_game(body), ["EX AS KS QD", "QS JS AH KH", "JD AD QH JH"], talon="KD", dealer=Z)
    play(st, "play EX")
    assert legal(st) == ["play QS", "play JS", "play AH", "play KH"]  # any card beats the Excuse led
    play(st, "play KH")
    assert legal(st) == ["play QH", "play JH"]  # neither beats the king: the rule lapses


@pytest.mark.parametrize("seed", range(40))
def test_in_random_deals_the_excuse_never_wins_and_the_suit_led_is_the_first_other_card_s(seed):
    g = excuse_game(EXCUSE + "match:\n  deals: 1\n")
    st = g.new_state(seed)
    rng = random.Random(seed)
    while not st.is_terminal:
        st.apply(rng.choice(st.legal_actions()))
    ex, suit = g.pack.parse("EX"), g.pack.suit
    tricks = st.deals[0].tricks
    assert sum(len(t.cards) for t in tricks) == 12 and sum(st.totals) == 4
    for t in tricks:
        cards = [c.arg if hasattr(c, "arg") else c for c in t.cards]
        assert cards[t.seats.index(t.winner)] != ex
        others = [c for c in cards if c != ex]
        assert t.led_suit == suit[others[0]]


def test_without_the_keys_the_highest_trump_else_the_highest_of_the_suit_led_wins():
    body = EXCUSE.replace("  beats: card != EX", "  #").replace("  led_suit: if", "  #")
    st = position(excuse_game(body), ["EX AS KS QD", "QS JS AH KH", "JD AD QH JH"], talon="KD", dealer=Z)
    play(st, "play EX")
    assert st.led_suit == -1  # the Excuse's own (no suit): nobody can follow it
    play(st, "play AH", "play QH")
    assert [t.winner for t in st.tricks] == [X]  # it is the best so far, and nothing of its suit beats it


@pytest.mark.parametrize("key, source, message", [
    ("beats", "wins_trick(card)", "`beats` says which card wins a trick, so it cannot ask `wins_trick`, which "
                                  "asks `beats`: compare `card` with `best` instead"),
    ("beats", "card.power", "`beats` must be a bool, but this is a number"),
    ("led_suit", "trick[1]", "the expression must be a suit, but this is a card"),
])
def test_a_misused_rule_is_refused_at_its_line(key, source, message):
    body = "\n".join(f"  {key}: {source}" if text.startswith(f"  {key}:") else text for text in EXCUSE.split("\n"))
    with pytest.raises(SpecErrors) as e:
        excuse_game(body)
    [err] = e.value.errors
    full = f"game: T\nseats: [X, Y, Z]\n{PACK}\n{body}".split("\n")
    assert (err.message, err.line, err.column) == (message, full.index(f"  {key}: {source}") + 1, len(key) + 5)

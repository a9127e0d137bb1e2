"""Compiling a game, where mutation testing found it unchecked: a game crossing a process
boundary as its source, an announcement a contract's own play declares, a game that lasts
until `ends_when` holds, a phase's word that would hide an engine name."""

from __future__ import annotations

import pickle

import pytest
from tests.phases.table import X, Z, game, legal, play, position

from interpreter.core.errors import SpecErrors

BASE = """
phases:
  deal: {hand_size: 4}
  score:
contracts:
  game:
    score: deal_number
"""


def errors(text) -> list[tuple[str, int | None, int | None]]:
    with pytest.raises(SpecErrors) as e:
        game(text)
    return [(x.message, x.line, x.column) for x in e.value.errors]


def test_a_game_pickles_as_its_source_and_is_compiled_once_per_process():
    g = game(BASE + "match: {deals: 2}\n")
    again = pickle.loads(pickle.dumps(g))
    assert again is not g and again.name == "T" and again.n == 3
    assert pickle.loads(pickle.dumps(g)) is again  # the same source: the game already compiled
    st = again.new_state(1)
    assert st.is_terminal and st.totals == [3, 3, 3]  # deals 1 and 2, each scoring its number


def test_a_game_with_ends_when_and_no_deals_lasts_until_it_holds():
    g = game(BASE + "match: {ends_when: deal_number >= 4}\n")
    st = g.new_state(1)
    assert st.is_terminal and len(st.deals) == 4 and st.totals == [10, 10, 10]  # not 3 deals: one per seat


CONTRACT_PLAY = """
phases:
  deal: {hand_size: 4}
  announce:
  play:
  score:
play:
  leader: next(dealer)
contracts:
  game:
    announce: {trump: suit}
    play:
      announcements:
        bella:
          description: with the king of trumps
          when: card.suit == trump and card.rank == K
    score: tricks_won + (if announced(player, bella) then 10 else 0)
match: {deals: 1}
"""


def test_an_announcement_of_a_contracts_own_play_is_offered_and_counted():
    st = position(game(CONTRACT_PLAY), ["AS QS KH JD", "KS AH QH AD", "JS JH KD QD"], dealer=Z)
    st.apply("trump H")
    assert legal(st) == ["play AS", "play QS", "play KH", "play JD", "play KH bella"]
    play(st, "play KH bella")
    assert st.deal.said == [(X, "bella", st.game.pack.parse("KH"))]


@pytest.mark.parametrize("phase, line, column", [
    ("  bidding:\n    kind: auction\n    bids: [1, 2]\n    winning_bid: dealer\n", 14, 18),
    ("  talk:\n    kind: call\n    words: {dealer: true}\n", 13, 13),
])
def test_a_word_of_a_phase_may_not_be_a_name_of_the_game(phase, line, column):
    text = BASE.replace("  deal: {hand_size: 4}\n", "  deal: {hand_size: 4}\n" + phase) + "match: {deals: 1}\n"
    assert errors(text) == [
        ("`dealer` is already a name of the game (the dealer of this deal); choose another word", line, column)]


def test_an_error_beside_a_broken_function_is_still_reported():
    text = """
phases:
  deal: {hand_size: 4}
  score:
functions:
  broken:
    value: nonsense + 1
contracts:
  game:
    score: broken + tricks_won
match:
  deals: misspelt
"""
    assert errors(text) == [("unknown name `nonsense`", 14, 12), ("unknown name `misspelt`", 19, 10)]


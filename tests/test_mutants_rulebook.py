"""The rulebook of small specs, as mutation testing found it unchecked: the whole book of a
plain spec, the trump told when the play sets one, and the declarer told when the rules name
him without a `declarer:` of their own."""

from __future__ import annotations

from interpreter.rulebook import rules
from tests.test_mutants_describe import BASE

PLAIN = """Base
====

About
-----
The game of t.

Players
-------
Three players, seated clockwise: X, Y and Z.
Play goes clockwise: each turn passes to the left.
Each plays for himself.

The pack
--------
12 cards: the spades, hearts and diamonds, each ranked from high to low A K Q J (ace high).

Dealer and declarer
-------------------
The first dealer is chosen at random.
After each deal, the next dealer is the player to the dealer's left.

A deal, step by step
--------------------
1. Deal
   Deal each player 4 cards, one at a time, starting with the player to the dealer's left.
2. Play
   The cards are played: see Play, and each contract.
3. Score
   Each player scores the deal as the contract says: see Contracts.

Play
----
The player after the dealer leads to the first trick; the winner of a trick leads to the next.
Each player plays one card to a trick; the highest card of the suit led wins it (there are no trumps).
The rules of play that apply: follow suit, then overtrump.

Rules of play
-------------
- Follow suit: play a card of the suit led if you have one.
- Overtrump: beat the trick if you can.
A contract says which of these rules apply, in order; each keeps only the cards it allows, unless that would \
leave none, in which case it does not apply.

Contracts
---------
game.
Each player scores the tricks he won.

End of the game
---------------
A game is 3 deals.
Each player's result is his total.

Options
-------
short: two deals.
  Values: false, true; default false."""


def book(tmp_path, text):
    (tmp_path / "t.yaml").write_text(text)
    return rules(tmp_path / "t.yaml", {})


def test_the_whole_book_of_a_plain_spec(tmp_path):
    assert book(tmp_path, BASE) == PLAIN


def test_a_trump_set_by_the_play_is_told(tmp_path):
    text = book(tmp_path, BASE.replace("play:\n  leader: next(dealer)", "play:\n  trump: H\n  leader: next(dealer)"))
    assert "Each player plays one card to a trick; the highest trump wins it, otherwise the highest card of the " \
           "suit led.\nTrumps: hearts.\n" in text


def test_a_declarer_the_rules_name_is_told_though_no_declarer_is_set(tmp_path):
    text = book(tmp_path, BASE.replace("leader: next(dealer)", "leader: declarer"))
    assert "After each deal, the next dealer is the player to the dealer's left.\n" \
           "The declarer of each deal is the dealer.\n" in text
    assert "The declarer of each deal" not in book(tmp_path, BASE)

"""The rulebook, as mutation testing found it unchecked: the whole book of a plain spec, the
trump told when the play sets one, the declarer told when the rules name him without a
`declarer:` of their own, a contract's condition, an exchange without a least number, one
card passed, and the declarations' comparison, score and hidden cards."""

from __future__ import annotations

from interpreter.load.catalog import lookup
from interpreter.words.rulebook import rules
from tests.words.test_mutants_describe import BASE
from tests.players.test_mutants_knowledge import ACE, EXPOSED

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


HEAD = "game: t\nseats: [X, Y, Z]\npack: {suits: [S, H, D], ranks: [A, K, Q, J]}\n"


def lines_of(tmp_path, text):
    return [ln.strip() for ln in book(tmp_path, HEAD + text).split("\n")]


def test_a_contract_with_a_condition_is_told_when_it_may_be_chosen(tmp_path):
    assert "ace may be chosen only when (the rank of that card is ace and the suit of that card is spades) for some " \
           "card of the cards in his hand." in lines_of(tmp_path, ACE)


def test_an_exchange_without_a_least_number_is_from_0(tmp_path):
    assert "The declarer discards cards face down, one by one: at least 0 and at most 1 (never more than the talon " \
           "holds); then he draws as many from the top of the talon." in \
           lines_of(tmp_path, EXPOSED.replace("min: 1, max: 1", "max: 1"))


def test_a_single_card_passed_is_told_as_one_card(tmp_path):
    text = EXPOSED.replace("  show: {kind: expose, by: declarer}\n  exchange: {by: declarer, min: 1, max: 1}\n",
                           "  passing: {kind: pass_cards, count: 1, to: left(player)}\n")
    assert "Each player passes 1 card face down to the player to the player's left; all choose at once, and the " \
           "cards are received when everybody has chosen." in lines_of(tmp_path, text)


def test_declarations_tell_their_comparison_score_and_hidden_cards():
    book_ = [ln.strip() for ln in rules(lookup("piquet/rubicon"), {}).split("\n")]
    assert "Combinations compare by 100 times the number of the cards + the total points of the cards: the higher " \
           "is the better." in book_
    assert "A combination scores 10." in book_ and "The cards stay hidden until they are shown later." not in book_
    strict = [ln.strip() for ln in rules(lookup("piquet/rubicon"), {"strict_blanche": "true"}).split("\n")]
    assert "The cards stay hidden until they are shown later." in strict


def test_a_contract_named_in_a_score_is_read_as_a_contract(tmp_path):
    text = ACE.replace("    score: 2 * tricks_won", "    score: if contract == ace then 2 * tricks_won else 0")
    assert "Each player scores 2 times the tricks he won if the contract is ace, otherwise 0." in lines_of(tmp_path, text)


def test_a_word_a_contract_lets_players_say_is_told_as_a_word_in_its_score(tmp_path):
    said = ("    play:\n      announcements:\n        shout:\n          description: with a king\n"
            "          when: card.rank == K\n    score: tricks_won + (if announced(player, shout) then 20 else 0)\n")
    text = book(tmp_path, BASE.replace("    score: tricks_won\n", said, 1))
    assert "Each player scores the tricks he won + (20 if the player announced shout, otherwise 0)." in text


def test_a_section_keeps_only_its_lines_with_text():
    from interpreter.words.rulebook import Book

    b = Book("T")
    b.add("Notes", "a", ["first", "", "second"])
    b.add("Empty", "b", ["", ""])
    assert b.render() == "T\n=\n\nNotes\n-----\nfirst\nsecond"

"""Trick play, position by position: turn order, the cascade of play rules, trick winners."""

from __future__ import annotations

import random

import pytest

from interpreter.core.errors import GameFault
from interpreter.phases import every_phase

from .table import (
    PACK,
    X,
    Y,
    Z,
    cards,
    game,
    hand,
    legal,
    one_deal,
    play,
    position,
    refused,
    walk,
)

RULES = """
play_rules:
  follow suit:
    description: play a card of the suit led if you have one
    when: not leading
    keep: card.suit == led_suit
  trump if void:
    description: trump when you cannot follow
    when: not leading
    keep: card.suit == trump
  beat the trick:
    description: win the trick if you can
    when: not leading
    keep: wins_trick(card)
  no trump lead:
    description: trumps may not be led
    when: leading
    keep: card.suit != trump
  trump to win:
    description: trump so as to win the trick if you can
    when: not leading
    keep: card.suit == trump and wins_trick(card)
  low spades:
    description: a spade played must be the jack
    keep: card.suit != S or card.rank == J
  when two cards:
    description: with two cards, play diamonds
    when: count(hand) == 2
    keep: card.suit == D
  void then trump:
    description: void in the suit led, play a trump
    when: not leading and count(c in hand where c.suit == led_suit) == 0
    keep: card.suit == trump
  last two in diamonds:
    description: with two cards and none of the suit led, play a diamond
    when: count(hand) == 2 and count(c in hand where c.suit == led_suit) == 0
    keep: card.suit == D
"""


def spec(rules="[follow suit]", direction="clockwise", extra="", score="tricks_won", play_rules=None,
         generated=True, pack=PACK):
    return game(f"""
direction: {direction}
phases:
  deal: {{hand_size: 4}}
  announce:
  play:
  score:
play:
  leader: next(dealer)
  rules: {rules}
{extra}
{RULES if play_rules is None else play_rules}
contracts:
  game:
    announce: {{trump: suit}}
    score: {score}
match: {{deals: 1}}
""", generated=generated, pack=pack)


HANDS = ["AS QS KH JD", "KS AH QH AD", "JS JH KD QD"]


def test_clockwise_turns_trick_winners_and_the_next_leader():
    st = position(spec(), HANDS, dealer=X)
    assert st.current_player == X and legal(st) == ["trump S", "trump H", "trump D"]
    st.apply("trump D")
    assert walk(st, "play KS", "play JS", "play AS") == [
        (Y, ["play KS", "play AH", "play QH", "play AD"]),  # next(dealer) leads
        (Z, ["play JS"]),
        (X, ["play AS", "play QS"])]
    t = st.tricks[0]
    assert (t.number, t.leader, cards(st, t.cards), t.seats, t.winner, t.led_suit) == (1, Y, ["KS", "JS", "AS"],
                                                                                       (Y, Z, X), X, 0)
    assert st.current_player == X and st.leading and st.tricks_won == [1, 0, 0]
    assert cards(st, st.won[X]) == ["KS", "JS", "AS"]
    st.apply("play QS")  # Y and Z are void in spades: anything goes
    assert legal(st) == ["play AH", "play QH", "play AD"]
    st.apply("play AD")  # a trump wins
    assert legal(st) == ["play JH", "play KD", "play QD"]
    st.apply("play KD")  # a higher trump would win; KD is lower
    t = st.tricks[1]
    assert (t.leader, t.seats, t.winner) == (X, (X, Y, Z), Y)
    assert st.current_player == Y
    play(st, "play AH", "play JH", "play KH")
    assert st.tricks[2].winner == Y
    play(st, "play QH", "play QD", "play JD")  # Z trumps, X under-trumps
    assert st.tricks[3].winner == Z
    assert st.is_terminal
    assert st.deals[0].raw == [1, 2, 1] and st.deals[0].scores == [1, 2, 1]
    assert [t.winner for t in st.deals[0].tricks] == [X, Y, Y, Z]


def test_counterclockwise_turns():
    st = position(spec(direction="counterclockwise"), HANDS, dealer=X)
    st.apply("trump D")
    assert walk(st, "play JS", "play KS", "play QS") == [
        (Z, ["play JS", "play JH", "play KD", "play QD"]),  # next(dealer), counter-clockwise, is Z
        (Y, ["play KS"]),
        (X, ["play AS", "play QS"])]
    t = st.tricks[0]
    assert (t.leader, t.seats, t.winner) == (Z, (Z, Y, X), Y)
    assert st.current_player == Y
    st.apply("play AH")
    assert st.current_player == X  # after Y comes X counter-clockwise
    assert st.trick_seats == [Y]


def test_off_suit_cards_never_win_and_the_highest_trump_does():
    st = position(spec(), ["JS AH KH QH", "KS JH AD KD", "AS QS QD JD"], dealer=Z)  # X leads
    st.apply("trump D")
    assert st.current_player == X
    play(st, "play JS", "play KS", "play AS")
    assert st.tricks[0].winner == Z
    play(st, "play QS", "play AH")  # Z leads; X, void, throws an ace of another suit: it does not win
    assert st.trick_winner == Z
    st.apply("play KD")  # Y trumps
    assert st.tricks[1].winner == Y
    st.apply("play JH")
    assert legal(st) == ["play QD", "play JD"]
    play(st, "play JD", "play KH")  # a low trump beats the king of the suit led
    assert st.tricks[2].winner == Z
    play(st, "play QD", "play QH", "play AD")  # a higher trump beats a lower one
    assert st.tricks[3].winner == Y
    assert st.deals[0].raw == [0, 2, 2]


def test_a_refused_card_names_its_rule_and_what_may_be_played():
    st = position(spec(), HANDS, dealer=X)
    play(st, "trump D", "play KS")
    assert refused(st, "play KD") == (
        "`play KD` breaks the rule `follow suit` (play a card of the suit led if you have one); you may play JS",
        "follow suit")
    assert refused(st, "play AS") == ("Z does not hold AS", None)
    assert refused(st, "trump H") == ("`trump H` is not a move here; you may: play JS", None)


def test_the_cascade_keeps_the_first_rule_that_leaves_a_card_and_lapses_the_others():
    g = spec("[follow suit, trump if void, beat the trick]")
    st = position(g, ["AS QS KH JD", "KS AH QH AD", "JS JH KD QD"], dealer=X)
    play(st, "trump H", "play AD")  # Y leads the ace of diamonds
    # Z follows suit, then must beat it: he cannot, so that rule lapses
    assert legal(st) == ["play KD", "play QD"]
    st.apply("play QD")
    # X must follow: he holds JD (cannot beat: lapses)
    assert legal(st) == ["play JD"]
    st.apply("play JD")
    play(st, "play KS")  # Y leads again (AD won)
    assert legal(st) == ["play JS"]
    st.apply("play JS")
    assert legal(st) == ["play AS"]  # X must follow and beat the king
    assert refused(st, "play QS") == (
        "`play QS` breaks the rule `beat the trick` (win the trick if you can); you may play AS", "beat the trick")
    st.apply("play AS")
    st.apply("play KH")  # X leads a trump
    assert legal(st) == ["play AH"]  # Y must beat it
    st.apply("play AH")
    assert legal(st) == ["play JH"]  # Z cannot beat the ace: he just follows
    st.apply("play JH")


def test_void_players_must_trump_when_that_rule_follows():
    g = spec("[follow suit, trump if void]")
    st = position(g, ["AS QS KH JD", "KS AH QH AD", "JS JH KD QD"], dealer=Z)  # X leads
    play(st, "trump H", "play JD")
    assert legal(st) == ["play AD"]
    st.apply("play AD")
    assert legal(st) == ["play KD", "play QD"]
    st.apply("play KD")  # Y won; Y leads
    st.apply("play KS")
    assert legal(st) == ["play JS"]
    st.apply("play JS")
    st.apply("play AS")  # X wins; X leads the QS: Y is void in spades and must trump
    st.apply("play QS")
    assert legal(st) == ["play AH", "play QH"]
    assert refused(st, "play KS") == ("Y does not hold KS", None)


def test_rules_on_lead_always_and_under_a_condition():
    g = spec("[no trump lead, follow suit, low spades, when two cards]")
    st = position(g, ["AS JS KH QH", "KS QS AD KD", "AH JH QD JD"], dealer=Z)  # X leads
    st.apply("trump H")
    assert legal(st) == ["play JS"]  # no trump lead, then only the jack of spades (always)
    assert refused(st, "play KH") == ("`play KH` breaks the rule `no trump lead` (trumps may not be led); "
                                      "you may play AS JS", "no trump lead")
    assert refused(st, "play AS") == ("`play AS` breaks the rule `low spades` (a spade played must be the jack); "
                                      "you may play JS", "low spades")
    st.apply("play JS")
    assert legal(st) == ["play KS", "play QS"]  # must follow; `low spades` would keep none: lapses
    st.apply("play KS")
    assert legal(st) == ["play AH", "play JH", "play QD", "play JD"]  # void: `low spades` keeps all
    st.apply("play QD")
    assert st.current_player == Y
    assert legal(st) == ["play AD", "play KD"]  # three cards: `when two cards` sleeps; low spades bars QS
    assert refused(st, "play QS") == ("`play QS` breaks the rule `low spades` (a spade played must be the jack); "
                                      "you may play AD KD", "low spades")
    play(st, "play AD", "play JD")
    assert legal(st) == ["play KH", "play QH"]  # void in diamonds; `low spades` bars AS
    st.apply("play KH")
    assert st.tricks[-1].winner == X
    assert legal(st) == ["play AS"]  # two cards: the trump may not be led; AS is all that is left


def test_a_rule_whose_condition_fails_does_not_restrict():
    g = spec("[when two cards]")
    st = position(g, ["AS JS KD QD", "KS QS AH KH", "AD JD QH JH"], dealer=Z)
    st.apply("trump S")
    assert legal(st) == ["play AS", "play JS", "play KD", "play QD"]  # four cards: the rule sleeps
    play(st, "play AS", "play KS", "play AD")
    assert st.tricks[0].winner == X
    st.apply("play JS")
    play(st, "play QS", "play JD")
    assert st.current_player == Y  # QS beat JS
    assert legal(st) == ["play AH", "play KH"]  # two cards, no diamond: the rule lapses
    st.apply("play AH")
    assert legal(st) == ["play QH", "play JH"]
    st.apply("play JH")
    assert legal(st) == ["play KD", "play QD"]
    assert refused(st, "play KH") == ("X does not hold KH", None)


def test_stop_when_ends_play_after_a_trick():
    g = spec(extra="  stop_when: count(tricks) == 2")
    st = position(g, HANDS, dealer=X)
    play(st, "trump D", "play KS", "play JS", "play AS", "play QS", "play AD", "play KD")
    assert st.is_terminal and st.deals[0].raw == [1, 1, 0]
    assert hand(st, X) == "KH JD"


ANNOUNCE = """
  announcements:
    bella:
      description: with the king of trumps
      when: card.suit == trump and card.rank == K
"""


def test_an_announcement_is_offered_with_its_card_and_counted():
    g = spec(extra=ANNOUNCE, score="tricks_won + (if announced(player, bella) then 10 else 0)")
    st = position(g, ["AS QS KH JD", "KS AH QH AD", "JS JH KD QD"], dealer=Z)
    st.apply("trump H")
    assert legal(st) == ["play AS", "play QS", "play KH", "play JD", "play KH bella"]
    assert refused(st, "play AS bella") == (
        "`play AS bella`: you may say bella only with the king of trumps; play AS alone", "bella")
    st.apply("play KH bella")
    assert st.deal.said == [(X, "bella", st.game.pack.parse("KH"))]
    assert legal(st) == ["play AH", "play QH"]
    play(st, "play AH", "play JH", "play KS", "play JS", "play AS", "play QS", "play QH", "play KD")
    play(st, "play AD", "play QD", "play JD")
    assert st.deals[0].raw == [11, 3, 0]  # X said it: 10 more


def test_an_announcement_goes_with_the_cards_its_condition_allows():
    g = spec(extra=ANNOUNCE)
    st = position(g, ["AS QS KH JD", "KS AH QH AD", "JS JH KD QD"], dealer=Z)
    st.apply("trump D")
    assert legal(st) == ["play AS", "play QS", "play KH", "play JD"]  # KH is not a trump now
    play(st, "play JD", "play AD")
    assert legal(st) == ["play KD", "play QD", "play KD bella"]
    st.apply("play KD bella")
    assert st.deal.said == [(Z, "bella", st.game.pack.parse("KD"))]


def test_an_announcement_with_a_card_a_rule_forbids_is_refused_by_that_rule():
    g = spec(extra=ANNOUNCE)
    st = position(g, ["AS QS JD QD", "KS AH QH AD", "JS KH JH KD"], dealer=Z)
    play(st, "trump H", "play AS", "play KS")
    assert legal(st) == ["play JS"]
    assert refused(st, "play KH bella") == (
        "`play KH bella` breaks the rule `follow suit` (play a card of the suit led if you have one); you may play JS",
        "follow suit")
    assert refused(st, "play AH bella") == ("Z does not hold AH", None)


@pytest.mark.parametrize("rules", ["[follow suit, trump to win]", "[no trump lead, follow suit, trump to win]"])
def test_a_rule_of_two_conditions_keeps_the_cards_meeting_both(rules):
    st = position(spec(rules), ["AS KS QS JS", "AH QH JH AD", "KH KD QD JD"], dealer=Z)  # X leads
    play(st, "trump D", "play AS")
    assert legal(st) == ["play AD"]  # void in spades: the trump that wins
    play(st, "play AD")
    assert legal(st) == ["play KH", "play KD", "play QD", "play JD"]  # no trump beats the ace: the rule lapses
    play(st, "play JD", "play AH")  # Y leads
    assert legal(st) == ["play KH"]
    play(st, "play KH", "play KS")
    assert st.tricks[-1].winner == Y


TWO_TRUMPS = """
  announcements:
    bella:
      description: with two trumps or more in hand
      when: card.suit == trump and count(c in hand where c.suit == trump) >= 2
"""


def test_an_announcement_condition_reads_the_hand_of_the_seat_to_play():
    (tricks,) = [ph for ph in every_phase(spec(extra=TWO_TRUMPS)) if ph.kind == "tricks"]
    # (the condition reads the card, and begins with its suit: the legal cards of the trump, by bisection)
    assert "k = legal[_bisect" in tricks.source.split("    if legal:\n", 1)[1]
    st = position(spec(extra=TWO_TRUMPS), ["AS QS JS JD", "KS AH QH AD", "KH JH KD QD"], dealer=Z)
    play(st, "trump H", "play AS")
    assert legal(st) == ["play KS"]
    play(st, "play KS")
    assert legal(st) == ["play KH", "play JH", "play KD", "play QD", "play KH bella", "play JH bella"]
    st = position(spec(extra=TWO_TRUMPS), ["AS QS JS JD", "KS AH QH AD", "KH JH KD QD"], dealer=Z)
    play(st, "trump D", "play JD")
    assert legal(st) == ["play AD"]  # one trump only: nothing to say


WORDS_OF_CARDS = """
  announcements:
    bella:
      description: a trump, with two trumps or more in hand
      when: card.suit == trump and count(c in hand where c.suit == trump) >= 2
    top:
      description: a high card, while a trick is to be won
      when: {top}
"""


@pytest.mark.parametrize("top,by_runs,picks", [
    ("card.suit == S and card.rank != J and count(tricks) < 3", True, True),
    ("card.suit == S and card.rank in [A, K] and card.rank != K and count(tricks) < 3", True, True),
    ("card.suit == S and count(tricks) < 3 and card.rank in [A, K]", True, False),
    ("card.rank == A and count(tricks) < 3", False, False),
    ("(card.rank == A or card == KS) and count(tricks) < 3", False, False)])
def test_words_said_with_a_card_are_offered_with_the_cards_the_closures_offer_them_with(top, by_runs, picks):
    """A word whose condition reads the card: generated play finds its cards in its legal list (by
    bisection of the sorted cards when every word's condition begins with the card's suit, whose
    cards are one run of card numbers; else each word's filter), offering what the closures offer,
    in the same order, at every move. When the suit is followed by tests of the card against
    constants (`card.rank in [A, K]`), the cards of each suit that pass them are known beforehand,
    and only those are looked for in the list (`_picks`)."""
    text = WORDS_OF_CARDS.format(top=top)
    fast, reference = spec(extra=text), spec(extra=text, generated=False)
    (tricks,) = [ph for ph in every_phase(fast) if ph.kind == "tricks"]
    words = tricks.source.split("    if legal:\n", 1)[1]
    assert ("k = legal[_bisect" in words) == by_runs and ("x = _words" in words) != by_runs, words
    assert ("_picks" in words) == picks, words
    for _ in plays_as_closures(fast, reference, random.Random(top), 60):
        pass


def test_a_play_with_words_takes_its_tricks_by_the_trump_order_as_the_closures_do():
    """Generated play with words said with a card applies each card itself (the word said, then the
    card): a trump over a card led takes the trick, and a higher trump in the trumps' own order (the
    jack over the ace here) takes it from it, as the closures take it, over many deals."""
    word = "  announcements:\n    trumped:\n      description: with a trump\n      when: card.suit == trump"
    fast, reference = spec(extra=word, pack=TRUMP_ORDER), spec(extra=word, pack=TRUMP_ORDER, generated=False)
    (tricks,) = [ph for ph in every_phase(fast) if ph.kind == "tricks"]
    assert "def apply(st, c):" in tricks.source and getattr(tricks.apply, "says", False)
    st = position(fast, ["AS KS QS JS", "AH KH QD AD", "QH JH KD JD"], dealer=Z)  # X leads
    play(st, "trump H", "play KS", "play AH trumped", "play JH trumped")  # Y trumps, Z over him
    assert st.tricks[-1].winner == Z and st.deals[0].said == [(Y, "trumped", st.game.pack.parse("AH")),
                                                             (Z, "trumped", st.game.pack.parse("JH"))]
    for a, b in plays_as_closures(fast, reference, random.Random(7), 150):
        assert [t.winner for t in a.deals[0].tricks] == [t.winner for t in b.deals[0].tricks]
        assert a.deals[0].said == b.deals[0].said and a.totals == b.totals


def plays_as_closures(fast, reference, rng, deals: int):
    """Deals of the twelve cards at random, played by `fast` and `reference` alike (random choices),
    their legal lists the same at every move; each pair of finished states."""
    every = "AS KS QS JS AH KH QH JH AD KD QD JD".split()
    for _ in range(deals):
        hands = rng.sample(every, 12)
        dealt = [" ".join(hands[k:k + 4]) for k in (0, 4, 8)]
        a, b = position(fast, dealt), position(reference, dealt)
        while not a.terminal:
            assert [x.name for x in a.legal_actions()] == [x.name for x in b.legal_actions()]
            choice = rng.choice(a.legal_actions()).name
            a.apply(choice)
            b.apply(choice)
        yield a, b


FIRST_CARD = """
  announcements:
    {first}:
      description: with the first card, holding two spades
      when: count(tricks) == 0 and count(c in hand where c.suit == S) >= 2
    {second}:
      description: with the first card, holding three spades
      when: count(tricks) == 0 and count(c in hand where c.suit == S) >= 3
"""


def test_words_whose_conditions_read_no_card_are_asked_together_with_the_same_answers():
    """No word's condition reads the card: generated play asks them all together in its legal list
    (what they ask alike asked once), offering each word with every legal card, as the closures do
    word by word."""
    g = spec(extra=FIRST_CARD.format(first="two", second="three"))
    (tricks,) = [ph for ph in every_phase(g) if ph.kind == "tricks"]
    words = tricks.source.split("    if legal:\n", 1)[1]  # (what the legal list asks after the cards)
    assert "y = (" in words and "if y[0] or y[1]:" in words and "_said" in words, tricks.source
    # what both ask first, and costs nothing, is asked alone: after the first trick, nothing else is
    guard, rest = words.split("if (len(st.tricks) == 0):\n", 1)
    assert "y = (" not in guard and "y = (" in rest, tricks.source
    st = position(g, ["AS QS JS JD", "KS AH QH AD", "KH JH KD QD"], dealer=Z)
    st.apply("trump H")
    assert legal(st) == ["play AS", "play QS", "play JS", "play JD", "play AS two", "play QS two", "play JS two",
                         "play JD two", "play AS three", "play QS three", "play JS three", "play JD three"]
    play(st, "play AS two")
    assert legal(st) == ["play KS"]  # (one spade: no word)
    play(st, "play KS", "play KD")
    assert legal(st) == ["play QS", "play JS", "play JD"]  # (not the first card any more)


def test_a_word_whose_condition_fails_is_placed_at_its_own_condition():
    """Asked together, a condition that cannot be computed is asked again word by word, so the fault is
    placed at the condition that failed, as it is when each is asked alone."""
    failing = FIRST_CARD.format(first="two", second="three").replace(
        "count(tricks) == 0 and count(c in hand where c.suit == S) >= 3", "count(tricks) == 0 and (count(hand) + 1) * 1000000000000000000 > 0")
    g = spec(extra=failing)
    (tricks,) = [ph for ph in every_phase(g) if ph.kind == "tricks"]
    assert "if y[0] or y[1]:" in tricks.source.split("    if legal:\n", 1)[1]
    st = position(g, ["AS QS JS JD", "KS AH QH AD", "KH JH KD QD"], dealer=Z)
    st.apply("trump H")
    with pytest.raises(GameFault) as e:
        st.legal_actions()
    assert e.value.path[-2:] == ("three", "when") and "too large" in e.value.message, (e.value.path, e.value.message)


def test_rules_asked_together_apply_as_asked_in_turn_and_a_failing_one_is_placed_at_its_rule():
    """Generated play asks the conditions of the rules that have one together, before the rules narrow
    the hand (they read no card, and two of them ask whether the hand holds the suit led): each rule
    applies or lapses as when asked in turn. A condition that cannot be computed makes the cards be
    found again rule by rule, so the fault is placed at that rule's condition."""
    rules = "[follow suit, void then trump, last two in diamonds]"
    g = spec(rules=rules)
    (tricks,) = [ph for ph in every_phase(g) if ph.kind == "tricks"]
    assert "y = (" in tricks.source and "return _closures" in tricks.source
    st = position(g, ["AS KS QS JS", "AH KH QH AD", "JH KD QD JD"], dealer=Z)
    play(st, "trump D", "play AS")
    assert legal(st) == ["play AD"]  # void in spades: a trump
    play(st, "play AD", "play KD", "play AH")  # Y won with the ace of trumps, and leads
    assert legal(st) == ["play JH"]  # Z follows
    play(st, "play JH")
    assert legal(st) == ["play KS", "play QS", "play JS"]  # X, void in hearts, has no trump: any card
    play(st, "play KS", "play KH")
    assert legal(st) == ["play QD", "play JD"]  # Z, void now, with two cards: a trump, a diamond
    broken = spec(rules=rules, play_rules=RULES.replace(
        "when: count(hand) == 2 and", "when: not leading and (count(hand) + 1) * 1000000000000000000 > 0 and"))
    st = position(broken, ["AS KS QS JS", "AH KH QH AD", "JH KD QD JD"], dealer=Z)
    play(st, "trump D", "play AS")
    with pytest.raises(GameFault) as e:
        st.legal_actions()
    assert e.value.path[-2:] == ("last two in diamonds", "when") and "too large" in e.value.message, e.value.path


TRUMP_ORDER = """
pack:
  suits: [S, H, D]
  ranks: [A, K, Q, J]
  trump_order: [J, A, K, Q]
"""


def test_trumps_beat_each_other_in_the_trump_order():
    g = one_deal("  announce:\n  play:", "tricks_won", pack=TRUMP_ORDER, head="play:\n  leader: next(dealer)\n"
                 "  rules: [follow suit]\n" + RULES, contract="    announce: {trump: suit}")
    st = position(g, ["AS AH KD", "KS QH QD", "QS JH JD"], dealer=Z)  # X leads
    play(st, "trump H", "play AH", "play QH", "play JH")  # the jack is the highest trump
    assert st.tricks[-1].winner == Z
    play(st, "play QS", "play AS", "play KS")  # plain suits keep the natural order
    assert st.tricks[-1].winner == X
    play(st, "play KD", "play QD", "play JD")
    assert st.tricks[-1].winner == X
    st = position(g, ["AS AH KD", "KS QS QH", "JS KH JH"], dealer=Z)
    play(st, "trump H", "play KD", "play QH", "play JH")  # trumping in: then trumps compare as trumps
    play(st, "play JS", "play AS", "play KS")
    play(st, "play AH", "play QS", "play KH")
    assert [t.winner for t in st.tricks] == [Z, X, X]


def test_a_trump_fixed_by_the_rules_is_trump_from_the_first_card():
    def fixed(trump):
        return one_deal("  play:", "tricks_won", head=f"play:\n  leader: next(dealer)\n{trump}"
                        "  rules: [follow suit, no trump lead]\n" + RULES)

    hands = ["AS KS QD", "AH JH KD", "QS KH AD"]
    st = position(fixed("  trump: H\n"), hands, dealer=Y)  # Z leads, and may not lead a heart
    assert st.trump == st.game.pack.suits.index("H") and legal(st) == ["play QS", "play AD"]
    play(st, "play QS", "play AS", "play AH")  # Y, void in spades, trumps
    assert st.tricks[-1].winner == Y
    st = position(fixed(""), hands, dealer=Y)  # no trump: the heart is only a discard
    assert st.trump is None and legal(st) == ["play QS", "play KH", "play AD"]
    play(st, "play QS", "play AS", "play AH")
    assert st.tricks[-1].winner == X

"""Packs as data: suits the spec names, a suit with ranks of its own, cards outside every suit by
name, points by card, by rank and for the others, and packs past 120 cards; a notation that reads
one way everywhere a card is written (expressions, records, the rulebook)."""

from __future__ import annotations

import random

import pytest

from interpreter.compile.game import load_game
from interpreter.core.errors import SpecErrors
from interpreter.words.rulebook import rules
from tests.helpers import DOUBLE_PACK, checked_random_game

TAROT_PACK = """\
game: Seventy-eight
seats: [A, B, C, D]
pack:
  suits:
    - S
    - H
    - D
    - C
    - {letter: U, name: trumps, ranks: [21, 20, 19, 18, 17, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1]}
  ranks: [K, Q, N, J, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1]
  extra: [{card: EX, name: the Excuse}]
  points: {K: 4.5, Q: 3.5, N: 2.5, J: 1.5, 21U: 4.5, 1U: 4.5, EX: 4.5, others: 0.5}
phases:
  deal:
    hand_size: 19
  play:
  score:
contracts:
  points:
    score: sum(c.points for c in won)
    total: 91 - sum(c.points for c in talon)
play:
  leader: next(dealer)
  trump: U
  rules: [follow suit]
play_rules:
  follow suit:
    keep: card.suit == led_suit
    when: not leading
match:
  deals: 1
"""


def game_of(tmp_path, text=TAROT_PACK, name="p.yaml"):
    return load_game(tmp_path / name, text=text)


def refused(tmp_path, text):
    with pytest.raises(SpecErrors) as caught:
        game_of(tmp_path, text)
    return [(e.line, e.column, e.message, e.hint) for e in caught.value.errors]


def test_a_suit_of_its_own_ranks_and_a_card_outside_the_suits_make_a_pack_of_78(tmp_path):
    pack = game_of(tmp_path).pack
    assert len(pack) == 78 and pack.suits == ("S", "H", "D", "C", "U")
    assert sum(pack.suit[c] == 4 for c in range(78)) == 21 and sum(pack.suit[c] == 0 for c in range(78)) == 14
    assert [pack.names[c] for c in range(78) if pack.suit[c] == 4][:3] == ["21U", "20U", "19U"]
    assert pack.names[-1] == "EX" and pack.suit[-1] == -1
    # the ten is `T` in every suit, and `10` is read as it; names are read in any case
    assert pack.parse("10U") == pack.parse("tu") == pack.by_name["TU"] and pack.parse("1s") == pack.by_name["1S"]
    # within a suit the natural order is its own: the 21 beats the 20, the 2 beats the 1
    assert pack.power[pack.by_name["21U"]] > pack.power[pack.by_name["20U"]] > pack.power[pack.by_name["TU"]]
    assert pack.power[pack.by_name["2U"]] > pack.power[pack.by_name["1U"]]
    assert pack.power[pack.by_name["KS"]] > pack.power[pack.by_name["NS"]] > pack.power[pack.by_name["JS"]]


def won_cards(deal):
    return [[c for t in deal.tricks if t.winner == p for c in t.cards] for p in range(4)]


POINTS = {"K": 4.5, "Q": 3.5, "N": 2.5, "J": 1.5}


def points(pack, c):
    """A card's points, written again: the three named cards 4.5, a suit's face cards by rank, others 0.5."""
    name = pack.names[c]
    if name in ("EX", "21U", "1U"):
        return 4.5
    return POINTS.get(name[:-1], 0.5) if pack.suit[c] in range(4) else 0.5


@pytest.mark.parametrize("seed", range(4))
def test_points_by_card_by_rank_and_for_the_others_count_91_in_all(tmp_path, seed):
    g = game_of(tmp_path)
    assert sum(points(g.pack, c) for c in range(78)) == 91
    state = g.new_state(seed)
    state.playout(random.Random(seed).choice, whole_game=True)  # (the spec's `total` is checked as it scores)
    deal = state.deals[0]
    assert list(deal.scores) == [sum(points(g.pack, c) for c in won) for won in won_cards(deal)]
    assert sum(deal.scores) + sum(points(g.pack, c) for c in deal.talon) == 91


def test_expressions_read_the_spec_s_own_suits_ranks_and_cards(tmp_path):
    text = TAROT_PACK.replace("score: sum(c.points for c in won)",
                              "score: 1000 * count(c in won where c.suit == U and c.rank == 21) + (if EX in won "
                              "then 100 else 0) + count(c in won where c.suit == U)")
    text = text.replace("    total: 91 - sum(c.points for c in talon)\n", "")
    g = game_of(tmp_path, text)
    for seed in range(3):
        state = g.new_state(seed)
        state.playout(random.Random(seed).choice, whole_game=True)
        deal, names = state.deals[0], g.pack.names
        for won, score in zip(won_cards(deal), deal.scores):
            held = [names[c] for c in won]
            assert score == 1000 * ("21U" in held) + 100 * ("EX" in held) + sum(n.endswith("U") for n in held)


def test_the_rulebook_names_the_suits_and_cards_as_the_spec_does(tmp_path):
    (tmp_path / "p.yaml").write_text(TAROT_PACK)
    book = rules(tmp_path / "p.yaml")
    assert ("The trumps: 21 cards, ranked from high to low 21 20 19 18 17 16 15 14 13 12 11 T 9 8 7 6 5 4 3 2 1 "
            "(written `21U` to `1U`).") in book
    assert "Added: the Excuse (`EX`)." in book
    assert ("Card points: king 4.5, queen 3.5, knight 2.5, jack 1.5, the 21 of trumps 4.5, the 1 of trumps 4.5, "
            "the Excuse 4.5, other cards 0.5.") in book


def test_a_pack_past_120_cards_deals_and_plays(tmp_path):
    ranks = ", ".join(str(r) for r in range(30, 0, -1))
    text = TAROT_PACK.replace("    - {letter: U, name: trumps, ranks: [21, 20, 19, 18, 17, 16, 15, 14, 13, 12, 11, 10, "
                              "9, 8, 7, 6, 5, 4, 3, 2, 1]}\n", "").replace(
        "ranks: [K, Q, N, J, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1]", f"ranks: [{ranks}]").replace(
        "  extra: [{card: EX, name: the Excuse}]\n  points: {K: 4.5, Q: 3.5, N: 2.5, J: 1.5, 21U: 4.5, 1U: 4.5, EX: "
        "4.5, others: 0.5}\n", "  extra: [BJ, LJ, EX, ZZ]\n").replace("hand_size: 19", "hand_size: 31").replace(
        "  trump: U\n", "").replace("    total: 91 - sum(c.points for c in talon)\n", "").replace(
        "sum(c.points for c in won)", "tricks_won")
    g = game_of(tmp_path, text)
    assert len(g.pack) == 124
    state = g.new_state(1)
    state.playout(random.Random(1).choice, whole_game=True)
    assert state.is_terminal and sum(state.totals) == 31


@pytest.mark.parametrize("change, error", [
    (("  extra: [{card: EX, name: the Excuse}]", "  extra: [AS]"),
     (11, 11, "`AS` reads as a card of a suit: a card outside the suits needs a name no suit's card has, e.g. "
              "`EX`", None)),
    (("  extra: [{card: EX, name: the Excuse}]", "  extra: [1U]"),
     (11, 11, "`1U` reads as a card of a suit: a card outside the suits needs a name no suit's card has, e.g. "
              "`EX`", None)),
    (("  extra: [{card: EX, name: the Excuse}]", "  extra: [EX, ex]"),
     (11, 15, "`EX` is added twice", None)),
    (("    - D\n", "    - S\n"), (7, 7, "the suit `S` is listed twice", None)),
    (("ranks: [21, 20,", "ranks: [21, 21,"), (9, 40, "the suit `U` lists a rank twice", None)),
    (("others: 0.5}", "other: 0.5}"),
     (12, 72, "`other` is neither a rank nor a card of this pack, nor `others`", "did you mean `others`?")),
    (("  ranks: [K, Q, N, J, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1]\n", ""),
     (3, 1, "`ranks` are needed: `S`, `H`, `D` or `C` have no ranks of their own", None)),
])
def test_a_pack_that_reads_two_ways_or_lacks_ranks_is_refused_at_its_place(tmp_path, change, error):
    assert error in refused(tmp_path, TAROT_PACK.replace(*change))


# ---- several copies of each card -------------------------------------------------------------


def test_a_double_pack_holds_each_card_twice_under_one_name(tmp_path):
    g = game_of(tmp_path, DOUBLE_PACK)
    pack = g.pack
    assert (len(pack), pack.size, pack.copies) == (24, 48, 2)  # 24 cards, each twice: one number, one name
    assert len(set(pack.names)) == 24 and sorted(pack.deck) == sorted(list(range(24)) * 2)
    assert pack.parse("9h") == pack.by_name["9H"]
    state = g.new_state(1)
    assert sorted(c for h in state.hands for c in h) == sorted(pack.deck)  # every copy dealt once
    assert sum(pack.points_of({"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2, "9": 0})) * 2 == 240
    (tmp_path / "d.yaml").write_text(DOUBLE_PACK)
    book = rules(tmp_path / "d.yaml")
    assert "48 cards: the spades, hearts, diamonds and clubs, each ranked from high to low A T K Q J 9" in book
    assert "The pack holds two of each of these 24 cards: the copies of a card are alike" in book


def test_three_copies_of_52_make_a_pack_of_156_that_deals_plays_and_replays(tmp_path):
    text = DOUBLE_PACK.replace("copies: 2", "copies: 3").replace(
        "ranks: [A, T, K, Q, J, 9]", "ranks: [A, K, Q, J, T, 9, 8, 7, 6, 5, 4, 3, 2]").replace(
        "hand_size: 12", "hand_size: 39").replace("total: 240", "total: 360")
    (tmp_path / "t.yaml").write_text(text)
    g = game_of(tmp_path, text, "t.yaml")
    assert (len(g.pack), g.pack.size) == (52, 156)
    for seed in range(3):  # every copy in one place at each step; the record replays to the same scores
        state = checked_random_game(g, seed, tmp_path / f"r{seed}.yaml", tmp_path / "t.yaml")
        played = [c for t in state.deals[0].tricks for c in t.cards]
        assert sorted(played) == sorted(g.pack.deck)  # each copy played exactly once


@pytest.mark.parametrize("copies, error", [
    ("0", (4, 11, "`pack.copies` must be at least 1, not 0", None)),
    ("2.5", (4, 11, "`pack.copies` must be a whole number, not the number `2.5`", None)),
    ("two", (4, 11, "`pack.copies` must be a whole number, not text `two`", None)),
    ("9", (4, 11, "`pack.copies` must be at most 8, not 9", None)),
])
def test_copies_that_are_not_a_whole_number_from_1_to_8_are_refused_at_their_place(tmp_path, copies, error):
    assert error in refused(tmp_path, DOUBLE_PACK.replace("copies: 2", f"copies: {copies}"))


def test_a_pack_of_more_than_1000_cards_is_refused_at_its_copies(tmp_path):
    ranks = ", ".join(str(r) for r in range(33, 0, -1))
    text = DOUBLE_PACK.replace("copies: 2", "copies: 8").replace("ranks: [A, T, K, Q, J, 9]", f"ranks: [{ranks}]")
    text = text.replace("  points: {A: 11, T: 10, K: 4, Q: 3, J: 2, 9: 0}\n", "")
    assert (4, 11, "a pack of 1056 cards (8 of each of 132) is too many: at most 1000", None) in refused(tmp_path, text)


def test_a_deal_larger_than_the_pack_with_its_copies_is_refused(tmp_path):
    errors = refused(tmp_path, DOUBLE_PACK.replace("hand_size: 12", "hand_size: 13"))
    assert (10, 16, "the deal gives 52 cards (4 x 13) but the pack has 48", None) in errors

"""Rubicon Piquet through the generic engine (piquet.md §1-§10, PIQ-1..5).

Declarations category by category, the actions offered and refused, the repique of
example 2, the end of the partie (example 4), invariants of random games, and what a
seat may see. Deals are set up as the example records do: seat A is elder, B younger
(the dealer); A is dealt his final hand but for one card, which he discards for the
top card of the talon, and B exchanges nothing, so the hands after the exchange are
exactly the ones written below.
"""

from __future__ import annotations

import json
import random
import re
import tempfile
from itertools import combinations
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from interpreter.compile.game import load_game
from interpreter.core.errors import IllegalAction
from interpreter.players.agents import RandomAgent
from interpreter.record.replay import dump, record_of, replay

ROOT = Path(__file__).resolve().parents[3]
SPEC = ROOT / "specs" / "piquet" / "rubicon.yaml"

GAME = load_game(SPEC)
PACK = GAME.pack
A, B = 0, 1  # with B dealing first, A is elder and B younger
SUITS = "SHDC"
RANKS = "AKQJT987"
PIPS = {"A": 11, "K": 10, "Q": 10, "J": 10, "T": 10, "9": 9, "8": 8, "7": 7}
FACES = set("KQJ")
CATEGORIES = ("carte blanche", "point", "sequence", "set")


# ---- building deals ------------------------------------------------------------------

def hand(text: str) -> list[str]:
    """`AKQJT.A98.A9.A7` (spades.hearts.diamonds.clubs) -> card names."""
    parts = text.split(".")
    assert len(parts) == 4, text
    return [r + s for s, ranks in zip(SUITS, parts) for r in ranks]


def ids(names) -> list[int]:
    return [PACK.parse(c) for c in names]


def names_of(cards) -> list[str]:
    return [PACK.names[c] for c in cards]


def is_face(name: str) -> bool:
    return name[0] in FACES


def setup(a_final, b_final, swap=None):
    """(state, A's discard): a deal that leaves A with `a_final` and B with `b_final` after the exchange.

    A is dealt `a_final` less one card Y plus a card J of the other eight; the talon has Y on
    top, so A discards J and draws Y. B keeps her hand (carte blanche is judged on it).
    J is a king, queen or jack when one is free (so A's dealt hand has carte blanche only
    when his final one has no court card and none is free); `swap=(Y, J)` chooses them."""
    a, b = hand(a_final), hand(b_final)
    assert len(a) == 12 and len(b) == 12 and len(set(a + b)) == 24, (a_final, b_final)
    rest = [c for c in PACK.names if c not in a and c not in b]
    if swap is not None:
        y, j = swap
    else:
        faces = [c for c in rest if is_face(c)]
        j = faces[0] if faces else rest[0]
        plain = [c for c in a if not is_face(c)]
        y = plain[0] if plain else a[0]
    assert y in a and j in rest
    dealt_a = [c for c in a if c != y] + [j]
    talon = [y] + [c for c in rest if c != j]
    s = GAME.new_state(7, first_dealer=B, hands={1: [ids(dealt_a), ids(b)]}, talons={1: ids(talon)})
    return s, j


def category_of(legal) -> str:
    """The category a declaration list is about: `declare point nothing` -> `point`."""
    first = legal[0].name
    assert legal[0].kind == "declare" and first.startswith("declare ") and first.endswith(" nothing"), first
    return first[len("declare "):-len(" nothing")]


def declare_all(s, discard, choices=None) -> None:
    """Exchange (A discards `discard` and draws, B draws nothing), then declare.

    Each seat makes the fullest declaration (the last legal one) unless `choices` maps
    (seat, category) to the declaration to make. Stops when the play begins."""
    choices = choices or {}
    while True:
        legal = s.legal_actions()
        kind = legal[0].kind
        p = s.current_player
        if kind == "declare":
            choice = choices.get((p, category_of(legal)))
            s.apply(choice if choice is not None else legal[-1])
        elif kind in ("discard", "draw"):
            if p == A and not s.discards[A]:
                s.apply(f"discard {discard}")
            else:
                s.apply("draw")
        elif kind == "expose":  # younger leaves the rest of the talon face down
            s.apply("keep talon hidden")
        else:
            assert kind == "play"
            return


def results(deal) -> dict:
    """category -> (A's points, B's points), from the deal's declarations."""
    return {cat: tuple(pts) for cat, _, _, pts in deal.declarations}


# ---- an independent reading of §5 ------------------------------------------------------

def point_key(cards):
    return (len(cards), sum(PIPS[c[0]] for c in cards))


def find_combos(cards: list[str]) -> dict:
    """category -> {name: cards} of the whole combinations held (§5, PIQ-4)."""
    out = {"point": {}, "sequence": {}, "set": {}}
    for s in SUITS:
        suit = [r + s for r in RANKS if r + s in cards]
        if suit:
            out["point"][s] = suit
        run = []
        for r in RANKS + "x":
            if r + s in cards:
                run.append(r + s)
                continue
            if len(run) >= 3:
                out["sequence"][f"{run[0]}-{run[-1]}"] = run
            run = []
    for r in "AKQJT":
        same = [r + s for s in SUITS if r + s in cards]
        if len(same) >= 3:
            out["set"][r] = same
    return out


def key_of(cat, cards):
    if cat == "point":
        return point_key(cards)
    return (len(cards), -RANKS.index(cards[0][0]))  # sequence: length, top; set: size, rank


def score_of(cat, cards):
    if cat == "point":
        return len(cards)
    if cat == "sequence":
        return len(cards) + 10 if len(cards) >= 5 else len(cards)
    return 14 if len(cards) == 4 else 3


def resolve(cat, declared) -> tuple:
    """(winner, [points per seat]) for the combinations (lists of cards) each seat declared."""
    best = [max((key_of(cat, cs) for cs in d), default=None) for d in declared]
    if cat == "carte blanche":
        return None, [10 * len(d) for d in declared]
    keys = [b for b in best if b is not None]
    if not keys or keys.count(max(keys)) > 1:
        return None, [0, 0]
    w = best.index(max(keys))
    pts = [0, 0]
    pts[w] = sum(score_of(cat, cs) for cs in declared[w])
    return w, pts


# ---- 1. declarations, category by category --------------------------------------------

N = "nothing"

# (id, A after the exchange, B after the exchange, {(seat, category): declaration}, expected
#  {category: (A, B)}, carte blanche for the dealt hands (A, B), swap for A's exchange)
ROWS = [
    # §10 example 1: 5 spades v 6 clubs, tierce v sixieme, A's trio of aces
    ("example 1", "KQT98.AJ8.AJ.A7", "AJ7.Q9.K.KQJT98", {},
     {"point": (0, 6), "sequence": (0, 16), "set": (3, 0)}),
    # §10 example 3: A scores both declared trios (aces beat queens): 6 + 16 + 6
    ("example 3", "AK7.AK.AKQJT9.7", "QJ98.QJ98..AKQJ", {},
     {"point": (6, 0), "sequence": (16, 0), "set": (6, 0)}),
    ("example 3, A sinks his kings", "AK7.AK.AKQJT9.7", "QJ98.QJ98..AKQJ", {(A, "set"): "declare set A"},
     {"point": (6, 0), "sequence": (16, 0), "set": (3, 0)}),
    ("example 3, A declares only his kings", "AK7.AK.AKQJT9.7", "QJ98.QJ98..AKQJ", {(A, "set"): "declare set K"},
     {"point": (6, 0), "sequence": (16, 0), "set": (3, 0)}),
    ("example 3, A sinks his trios: B's queens win", "AK7.AK.AKQJT9.7", "QJ98.QJ98..AKQJ",
     {(A, "set"): "declare set nothing"},
     {"point": (6, 0), "sequence": (16, 0), "set": (0, 6)}),
    # §10 example 2, everything declared, then as the example says (B sinks her tierces)
    ("example 2, all declared", "AKQJT.A98.A9.A7", "987.KQJT.KQ.KQJ", {},
     {"point": (5, 0), "sequence": (15, 0), "set": (14, 0)}),
    ("example 2, B sinks her tierces", "AKQJT.A98.A9.A7", "987.KQJT.KQ.KQJ",
     {(B, "sequence"): "declare sequence KH-TH", (B, "set"): "declare set K Q"},
     {"point": (5, 0), "sequence": (15, 0), "set": (14, 0)}),
    # point: 5 cards each, A's 47 pips beat B's 46; B's aces beat A's tens
    ("point tie broken by pips, elder", "T8.AKQ97.T9.T87", "AK.JT.AKJ87.AK9", {},
     {"point": (5, 0), "sequence": (3, 0), "set": (0, 6)}),
    ("point tie broken by pips, younger", "AK.JT.AKJ87.AK9", "T8.AKQ97.T9.T87", {},
     {"point": (0, 5), "sequence": (0, 3), "set": (6, 0)}),
    ("point: a shorter suit declared loses", "T8.AKQ97.T9.T87", "AK.JT.AKJ87.AK9", {(A, "point"): "declare point C"},
     {"point": (0, 5), "sequence": (3, 0), "set": (0, 6)}),
    # 5 cards of 47 pips each: equal, neither scores
    ("equal points score nothing", "Q8.AKJ97.Q8.QJ8", "AK.Q8.AKJ97.AK7", {},
     {"point": (0, 0), "sequence": (0, 0), "set": (0, 6)}),
    # A's 5 spades (44 pips) beat B's 4 hearts; A's quint + tierce (18) beat a quart
    ("longer suit wins; quint and tierce score 18", "JT987.8.AK.QJT7", "AKQ.AKQJ.QJ9.A8", {},
     {"point": (5, 0), "sequence": (18, 0), "set": (0, 6)}),
    # a low quart beats a tierce to the ace; B's 36 pips beat A's 34; B's quatorze of kings
    ("longer sequence beats a higher one", "J8.A97.AQ8.T987", "AKQ.KQ8.KJ97.AK", {},
     {"point": (0, 4), "sequence": (4, 0), "set": (0, 14)}),
    ("tierce to the ace beats tierce to the queen", "A97.QJT8.J7.A97", "KQ8.K97.AKQ8.K8", {},
     {"point": (0, 4), "sequence": (0, 3), "set": (0, 14)}),
    # A: tierces to the K and to the 9, B: tierce to the K: equal best, nobody scores
    ("equal best sequences score nothing", "987.KQJ.A8.AT87", "AJ.AT9.KQJ7.KQ9", {},
     {"point": (0, 4), "sequence": (0, 0), "set": (0, 0)}),
    ("two tierces lose to one higher tierce", "987.KQJ.T8.AT87", "AJ.AT9.AKQ7.KQ9", {},
     {"point": (0, 4), "sequence": (0, 3), "set": (0, 3)}),
    ("sixieme and tierce score 19 against a quint", "AKQJT9.QJT.8.87", "87.AK98.KQJT9.A", {},
     {"point": (6, 0), "sequence": (19, 0), "set": (0, 0)}),
    # a run of seven is one septieme (17), never a quart and a tierce; quatorze of aces
    ("septieme scores 17", "AKQJT98.A7.A7.A", "7.KQJT.KQJT9.KQ", {},
     {"point": (7, 0), "sequence": (17, 0), "set": (14, 0)}),
    ("huitieme scores 18", "AKQJT987.AK.A.A", ".QJT98.KQJT.KQJ", {},
     {"point": (8, 0), "sequence": (18, 0), "set": (14, 0)}),
    # A holds four 9s and four 8s: no set
    ("nines and eights never make a set", "K98.K98.98.Q987", "AQT7.AJ7.KQT.KJ", {},
     {"point": (0, 4), "sequence": (3, 0), "set": (0, 0)}),
    ("quatorze of tens beats a trio of aces", "KT.QT9.JT8.T987", "AQJ987.AK.AKQ.J", {},
     {"point": (0, 6), "sequence": (4, 0), "set": (14, 0)}),
    ("quatorze and an extra trio score 17", "KJ.KJ7.KJ8.K987", "QT98.AQ.AQT9.JT", {},
     {"point": (0, 4), "sequence": (0, 3), "set": (17, 0)}),
    ("quatorze of queens beats quatorzes of jacks and tens", "AQ9.KQ9.Q8.Q987", "KJT.AJT.AKJT.JT", {},
     {"point": (0, 4), "sequence": (3, 0), "set": (14, 0)}),
    # A holds a quint and a tierce, B a quart and two tierces, trios of K Q J
    ("quint and tierce declared: 18", "AKQJT.987.A8.A9", "98.AKQJ.KQJ.KQJ", {},
     {"point": (5, 0), "sequence": (18, 0), "set": (3, 0)}),
    ("a sunk quint is not compared: B's quart wins", "AKQJT.987.A8.A9", "98.AKQJ.KQJ.KQJ",
     {(A, "sequence"): "declare sequence 9H-7H"},
     {"point": (5, 0), "sequence": (0, 10), "set": (3, 0)}),
    ("the winner scores only what he declared", "AKQJT.987.A8.A9", "98.AKQJ.KQJ.KQJ",
     {(A, "sequence"): "declare sequence AS-TS"},
     {"point": (5, 0), "sequence": (15, 0), "set": (3, 0)}),
    ("declaring nothing cannot win", "AKQJT.987.A8.A9", "98.AKQJ.KQJ.KQJ",
     {(A, "point"): "declare point nothing", (A, "set"): "declare set nothing"},
     {"point": (0, 4), "sequence": (18, 0), "set": (0, 9)}),
    ("both declare nothing", "AKQJT.987.A8.A9", "98.AKQJ.KQJ.KQJ",
     {(A, "sequence"): "declare sequence nothing", (B, "sequence"): "declare sequence nothing"},
     {"point": (5, 0), "sequence": (0, 0), "set": (3, 0)}),
    ("B sinks her quart: her two tierces beat nothing", "AKQJT.987.A8.A9",
     "98.AKQJ.KQJ.KQJ",
     {(A, "sequence"): "declare sequence nothing", (B, "sequence"): "declare sequence KD-JD KC-JC"},
     {"point": (5, 0), "sequence": (0, 6), "set": (3, 0)}),
    ("a declared weaker suit loses the point", "AKQJT.987.A8.A9", "98.AKQJ.KQJ.KQJ",
     {(A, "point"): "declare point H"},
     {"point": (0, 4), "sequence": (18, 0), "set": (3, 0)}),
    # carte blanche (§3): no K Q J among the twelve cards dealt
    ("carte blanche for elder", "AT987.AT9.AT.A8", "KQJ.KQJ.KQJ.KQJ", {},
     {"carte blanche": (10, 0), "point": (5, 0), "sequence": (4, 0), "set": (17, 0)}),
    ("carte blanche held but not announced", "AT987.AT9.AT.A8", "KQJ.KQJ.KQJ.KQJ",
     {(A, "carte blanche"): "declare carte blanche nothing"},
     {"carte blanche": (0, 0), "point": (5, 0), "sequence": (4, 0), "set": (17, 0)}),
    ("carte blanche for younger", "KQJ.KQJ.KQJ.KQJ", "AT987.AT9.AT.A8", {},
     {"carte blanche": (0, 10), "point": (0, 5), "sequence": (0, 4), "set": (0, 17)}),
    # A is dealt no court card and draws the king of clubs: still carte blanche
    ("carte blanche is judged on the dealt hand", "AT98.AT9.AT7.AK", "KQJ.KQJ.KQJ.QJT", {},
     {"carte blanche": (10, 0), "point": (4, 0), "sequence": (0, 12), "set": (17, 0)}, ("KC", "7S")),
]


@pytest.mark.parametrize("row", ROWS, ids=[r[0] for r in ROWS])
def test_declarations(row):
    _, a_final, b_final, choices, want = row[:5]
    swap = row[5] if len(row) > 5 else None
    s, discard = setup(a_final, b_final, swap)
    declare_all(s, discard, choices)
    assert sorted(names_of(s.hands[A])) == sorted(hand(a_final))
    assert sorted(names_of(s.hands[B])) == sorted(hand(b_final))
    got = results(s.deals[-1])
    assert list(got) == list(CATEGORIES)
    expect = {"carte blanche": (0, 0), **want}
    assert got == expect
    # and the independent reading of §5 agrees with the table
    deal = s.deals[-1]
    for cat, declared, winner, pts in deal.declarations:
        if cat == "carte blanche":
            continue
        held = [find_combos(names_of(s.hands[p]))[cat] for p in (A, B)]
        cards = [[held[p][nm] for nm in declared[p]] for p in (A, B)]
        assert resolve(cat, cards) == (winner, list(pts)), cat


def test_the_table_has_thirty_deals():
    assert len(ROWS) >= 30


def test_both_players_cannot_hold_carte_blanche():
    """Only 20 cards are not court cards, fewer than two hands of twelve: the case never arises."""
    assert sum(1 for c in PACK.names if not is_face(c)) == 20 < 24


# ---- 2. the actions offered, and those refused ----------------------------------------

def to_declare(s, category):
    """Run to the first declaration of `category` (everything before declared in full)."""
    while True:
        legal = s.legal_actions()
        if legal[0].kind == "declare" and category_of(legal) == category:
            return [a.name for a in legal]
        s.apply(legal[-1])


def at_declarations(a_final, b_final):
    s, discard = setup(a_final, b_final)
    s.apply(f"discard {discard}")
    s.apply("draw")
    s.apply("draw")
    return s


def test_only_whole_sequences_are_offered():
    s = at_declarations("AKQJT.987.A8.A9", "98.AKQJ.KQJ.KQJ")
    assert to_declare(s, "sequence") == [
        "declare sequence nothing", "declare sequence AS-TS", "declare sequence 9H-7H",
        "declare sequence AS-TS 9H-7H"]
    s.apply("declare sequence AS-TS 9H-7H")
    names = [a.name for a in s.legal_actions()]
    combos = ["AH-JH", "KD-JD", "KC-JC"]
    want = {"declare sequence " + (" ".join(c) or "nothing") for k in range(4) for c in combinations(combos, k)}
    assert set(names) == want and len(names) == 8
    assert names[-1] == "declare sequence AH-JH KD-JD KC-JC"  # the fullest comes last


def test_a_run_of_seven_is_offered_only_whole():
    s = at_declarations("AKQJT98.A7.A7.A", "7.KQJT.KQJT9.KQ")
    assert to_declare(s, "sequence") == ["declare sequence nothing", "declare sequence AS-8S"]


def test_point_offers_each_suit_whole_best_last():
    s = at_declarations("AKQJT.987.A8.A9", "98.AKQJ.KQJ.KQJ")
    names = to_declare(s, "point")
    assert names[0] == "declare point nothing"
    assert sorted(names[1:]) == sorted(f"declare point {x}" for x in "SHDC")
    assert names[-1] == "declare point S"


def test_sets_are_whole_and_never_low_ranks():
    s = at_declarations("AKQJT98.A7.A7.A", "7.KQJT.KQJT9.KQ")
    assert to_declare(s, "set") == ["declare set nothing", "declare set A"]  # not three of the four aces
    s.apply("declare set A")
    assert [a.name for a in s.legal_actions()] == [
        "declare set nothing", "declare set K", "declare set Q", "declare set K Q"]
    # four 9s and four 8s: no set to declare at all, so A is not asked
    s = at_declarations("K98.K98.98.Q987", "AQT7.AJ7.KQT.KJ")
    to_declare(s, "sequence")
    s.apply("declare sequence 9C-7C")
    assert s.legal_actions()[0].kind == "play"
    assert s.deals[-1].declarations[-1] == ("set", [[], []], None, [0, 0])


def snapshot(s):
    """Everything a refused action must leave unchanged."""
    return (s.current_player, s.deal_number, [a.name for a in s.legal_actions()],
            [(p, a.name) for p, a in s.history], [list(h) for h in s.hands], list(s.talon),
            [list(d) for d in s.discards], [s.view(p) for p in (A, B)])


def refused(s, action, rule):
    before = snapshot(s)
    with pytest.raises(IllegalAction) as info:
        s.apply(action)
    assert info.value.rule == rule, info.value.message
    assert snapshot(s) == before
    return info.value


def test_exchange_limits_are_refused():
    s, discard = setup("AKQJT.987.A8.A9", "98.AKQJ.KQJ.KQJ")
    assert s.current_player == A
    refused(s, "draw", "exchange")  # elder must discard at least one card before drawing
    refused(s, "discard 9S", None)  # B's card
    s.apply(f"discard {discard}")
    s.apply("draw")
    assert s.current_player == B and "draw" in [a.name for a in s.legal_actions()]  # PIQ-1: 0 is allowed


def test_declaring_what_is_not_held_is_refused_with_rule_declare():
    s = at_declarations("AKQJT.987.A8.A9", "98.AKQJ.KQJ.KQJ")
    to_declare(s, "sequence")
    e = refused(s, "declare sequence AS-JS", "declare")  # a quart out of the quint
    assert "AS-TS" in e.message
    refused(s, "declare sequence KD-JD", "declare")  # B's tierce


def test_declaring_what_is_not_held_is_refused():
    """Whatever the rule name, the refusal leaves the state unchanged."""
    s = at_declarations("AKQJT.987.A8.A9", "98.AKQJ.KQJ.KQJ")
    to_declare(s, "point")
    for text in ("declare point X", "declare sequence AS-TS"):
        before = snapshot(s)
        with pytest.raises(IllegalAction):
            s.apply(text)
        assert snapshot(s) == before
    to_declare(s, "sequence")
    for text in ("declare sequence AS-JS", "declare sequence AS-KS", "declare sequence KD-JD",
                 "declare sequence AS-TS AS-TS"):
        before = snapshot(s)
        with pytest.raises(IllegalAction):
            s.apply(text)
        assert snapshot(s) == before
    s.apply("declare sequence AS-TS")
    to_declare(s, "set")
    s.apply("declare set A")
    before = snapshot(s)
    with pytest.raises(IllegalAction):
        s.apply("declare set K Q J T")  # B holds no tens
    assert snapshot(s) == before


def test_the_exchange_maximums_close_the_exchange():
    """Elder can never discard a 6th card, nor younger more than 8 - elder's: the draw follows by itself.

    (So no state exists in which such a discard could be refused with rule `exchange`.)"""
    s, _ = setup("AKQJT.987.A8.A9", "98.AKQJ.KQJ.KQJ")
    talon = list(s.talon)
    for k in range(5):
        assert s.current_player == A
        assert len(s.legal_actions()) == (12 - k) + (k >= 1)  # a discard per card held, `draw` once one is made
        s.apply(s.legal_actions()[0])
    assert s.current_player == B  # A's fifth discard drew the top five cards
    assert len(s.hands[A]) == 12 and set(talon[:5]) <= set(s.hands[A]) and s.talon == talon[5:]
    assert s.deals[-1].exchanges[0][0] == A and len(s.deals[-1].exchanges[0][1]) == 5
    for k in range(3):
        assert s.current_player == B
        s.apply(s.legal_actions()[0])
    assert s.talon == [] and len(s.hands[B]) == 12 and s.exchanges == [5, 3]
    assert s.legal_actions()[0].kind == "declare"
    # a 4th discard by younger is no move any more: the declarations have begun
    refused_names = [f"discard {c}" for c in names_of(s.hands[B])]
    for text in refused_names[:2]:
        before = snapshot(s)
        with pytest.raises(IllegalAction):
            s.apply(text)
        assert snapshot(s) == before


def test_younger_allowance_is_eight_minus_elders():
    for k in range(1, 6):
        s, _ = setup("AKQJT.987.A8.A9", "98.AKQJ.KQJ.KQJ")
        for _ in range(k):
            s.apply(s.legal_actions()[0])
        if k < 5:
            s.apply("draw")
        n = 0
        while s.legal_actions()[0].kind in ("discard", "draw") and s.current_player == B:
            assert "draw" in [a.name for a in s.legal_actions()]
            s.apply(s.legal_actions()[0])
            n += 1
            assert n <= 8 - k
        assert n == 8 - k and s.exchanges == [k, 8 - k]


# ---- 3. example 2: repique --------------------------------------------------------------

def play_points(deal, elder):
    """Play points of each seat, recomputed from the tricks (§6)."""
    pts = [0, 0]
    pts[elder] += 1
    for t in deal.tricks:
        pts[t.winner] += 1 if t.winner == t.leader else 2
    return pts


def cards_bonus(deal):
    won = [sum(1 for t in deal.tricks if t.winner == p) for p in (A, B)]
    return [40 if w == 12 else 10 if w >= 7 else 0 for w in won]


@pytest.mark.parametrize("seed", range(4))
def test_example_2_repique(seed):
    s, discard = setup("AKQJT.A98.A9.A7", "987.KQJT.KQ.KQJ")
    declare_all(s, discard, {(B, "sequence"): "declare sequence KH-TH", (B, "set"): "declare set K Q"})
    deal = s.deals[-1]
    assert [(c, d, w, p) for c, d, w, p in deal.declarations] == [
        ("carte blanche", [[], []], None, [0, 0]),
        ("point", [["S"], ["H"]], A, [5, 0]),
        ("sequence", [["AS-TS"], ["KH-TH"]], A, [15, 0]),
        ("set", [["A"], ["K", "Q"]], A, [14, 0]),
    ]
    rng = random.Random(seed)
    while s.deal_number == 1:
        s.apply(rng.choice(s.legal_actions()))
    deal = s.deals[0]
    assert len(deal.tricks) == 12
    play = play_points(deal, A)
    bonus = cards_bonus(deal)
    assert deal.raw[A] - play[A] - bonus[A] == 94  # 34 declared + 60 repique
    assert deal.raw[B] - play[B] - bonus[B] == 0  # no pique for anybody
    assert deal.scores == deal.raw
    check_deal(deal)


def test_example_3_pique():
    """§10 example 3: 28 declared, the lead (29) and trick 1 (30) while B has nothing: pique. Elder 80, younger 2."""
    s, discard = setup("AK7.AK.AKQJT9.7", "QJ98.QJ98..AKQJ")
    declare_all(s, discard)
    tricks = ["AD 8S", "KD 9S", "QD 8H", "JD 9H", "TD JS", "9D JH", "AS QS", "KS JC", "AH QH", "KH QC",
              "7S KC", "7C AC"]
    for t in tricks:
        lead, follow = t.split()
        s.apply(f"play {lead}")
        s.apply(f"play {follow}")
    deal = s.deals[0]
    assert deal.scores == [80, 2]
    play = play_points(deal, A)
    assert play == [12, 2] and cards_bonus(deal) == [10, 0]
    assert deal.raw[A] - 28 - play[A] - 10 == 30  # the pique
    check_deal(deal)


def test_seeded_games_score_piques_and_repiques_by_the_rules():
    """Over a sweep of seeded games (fullest declarations), both bonuses occur, each as §7 says."""
    bonuses = set()
    for seed in range(120):
        s = random_game(seed, full=True)
        for d in s.deals:
            check_deal(d)
            decl = [sum(pts[p] for *_, pts in d.declarations) for p in (A, B)]
            play, cards = play_points(d, 1 - d.dealer), cards_bonus(d)
            bonuses.update(d.raw[p] - decl[p] - play[p] - cards[p] for p in (A, B))
    assert bonuses == {0, 30, 60}


# ---- 4. example 4: the end of the partie ------------------------------------------------

def finished_game(seed=3):
    s = GAME.new_state(seed)
    rng = random.Random(seed)
    while not s.is_terminal:
        s.apply(rng.choice(s.legal_actions()))
    return s


@pytest.mark.parametrize("totals, returns", [
    ([99, 120], [-319, 319]),  # rubiconed: 99 + 120 + 100
    ([101, 120], [-119, 119]),  # 120 - 101 + 100
    ([80, 95], [-275, 275]),  # both under 100: 80 + 95 + 100
    ([120, 99], [319, -319]),
    ([140, 100], [140, -140]),  # the loser at exactly 100 is not rubiconed
])
def test_example_4_rubicon_result(totals, returns):
    s = finished_game()
    s.totals = list(totals)
    assert s.returns == returns


@pytest.mark.parametrize("deal_number, totals, ends", [
    (6, [140, 140], False),  # tied after six deals: deals 7 and 8 are played
    (7, [150, 140], False),
    (8, [150, 140], True),
    (8, [150, 150], False),
    (10, [151, 150], True),
    (6, [141, 140], True),
    (5, [141, 140], False),
    (4, [0, 80], False),
])
def test_end_of_partie_condition(deal_number, totals, ends):
    s = finished_game()
    s.deal_number = deal_number
    s.totals = list(totals)
    assert bool(GAME.ends_when(s)) is ends


# ---- 5. random games keep every invariant ---------------------------------------------

ALL_CARDS = set(range(len(PACK)))


def random_game(seed, full=False):
    """A whole game with uniformly random choices; checks as it goes.

    Declarations are random too, or with `full` the fullest ones, as `RandomAgent` makes them."""
    s = GAME.new_state(seed)
    rng = random.Random(seed)
    agent = RandomAgent(seed)
    while not s.is_terminal:
        played = [c for t in s.tricks for c in t.cards] + list(s.trick_cards)
        cards = [c for h in s.hands for c in h] + list(s.talon) + [c for d in s.discards for c in d] + played
        assert len(cards) == 32 and set(cards) == ALL_CARDS
        if s.legal_actions()[0].kind == "declare" and len(s.deals[-1].exchanges) == 2:
            assert [len(h) for h in s.hands] == [12, 12]
        legal = s.legal_actions()
        s.apply(agent.choose(s, s.current_player, legal) if full else rng.choice(legal))
    return s


def check_deal(deal):
    elder = 1 - deal.dealer
    younger = deal.dealer
    # the exchange
    (p1, out1, in1), (p2, out2, in2) = deal.exchanges
    assert (p1, p2) == (elder, younger)
    assert 1 <= len(out1) <= 5 and 0 <= len(out2) <= 8 - len(out1)
    assert len(in1) == len(out1) and len(in2) == len(out2)
    assert list(in1) + list(in2) == list(deal.talon[:len(out1) + len(out2)])
    # the play points: 13 + tricks won by the player who did not lead them
    assert len(deal.tricks) == 12
    play = play_points(deal, elder)
    assert sum(play) == 13 + sum(1 for t in deal.tricks if t.winner != t.leader)
    # the hands after the exchange are the cards each seat played
    after = [[] for _ in range(2)]
    for t in deal.tricks:
        for p, c in zip(t.seats, t.cards):
            after[p].append(PACK.names[c])
    dealt = [names_of(h) for h in deal.hands]
    assert sorted(after[elder]) == sorted(set(dealt[elder]) - set(names_of(out1)) | set(names_of(in1)))
    # the declarations: whole combinations held, resolved as §5 says
    decl = [0, 0]
    running = []
    for cat, declared, winner, pts in deal.declarations:
        if cat == "carte blanche":
            for p in (A, B):
                assert declared[p] in ([], ["hand"])
                if declared[p]:
                    assert not any(is_face(c) for c in dealt[p])
            want = (None, [10 * len(declared[0]), 10 * len(declared[1])])
        else:
            held = [find_combos(after[p])[cat] for p in (A, B)]
            for p in (A, B):
                assert set(declared[p]) <= set(held[p]), (cat, declared[p], held[p])
                assert len(set(declared[p])) == len(declared[p])
                if cat == "point":
                    assert len(declared[p]) <= 1
            want = resolve(cat, [[held[p][nm] for nm in declared[p]] for p in (A, B)])
        assert (winner, list(pts)) == want, cat
        decl = [decl[p] + pts[p] for p in (A, B)]
        running.append(list(decl))
    cats = [c for c, *_ in deal.declarations]
    if cats[1] == "carte blanche":  # younger's, after elder's exchange (§3): only if she said nothing before
        first, late = deal.declarations[0][1], deal.declarations[1][1]
        assert first[younger] == [] and late[elder] == [] and late[younger] == ["hand"]
        cats.pop(1)
    assert cats == list(CATEGORIES)
    # raw = declarations + (repique or pique) + play + cards; at most one bonus in the deal
    cards = cards_bonus(deal)
    bonus = [deal.raw[p] - decl[p] - play[p] - cards[p] for p in (A, B)]
    assert all(b in (0, 30, 60) for b in bonus) and min(bonus) == 0
    repique = [any(r[p] >= 30 and r[1 - p] == 0 for r in running) for p in (A, B)]
    pique = [False, False]
    if not any(repique):
        for p in (A, B):
            if decl[1 - p] != 0:
                continue
            run = [1 if q == elder else 0 for q in (A, B)]
            hit = decl[p] + run[p] >= 30 and run[1 - p] == 0
            for t in deal.tricks:
                run[t.winner] += 1 if t.winner == t.leader else 2
                hit = hit or (decl[p] + run[p] >= 30 and run[1 - p] == 0)
            pique[p] = hit
    assert bonus == [60 * repique[p] + 30 * pique[p] for p in (A, B)]
    assert sum(1 for b in bonus if b) <= 1
    assert deal.scores == deal.raw


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**6), st.booleans())
def test_random_games_keep_the_invariants(seed, full):
    s = random_game(seed, full)
    deals = [d for d in s.deals if d.scores is not None]
    assert len(deals) == s.deal_number == len(s.deals)
    for d in deals:
        check_deal(d)
    # the deal alternates
    assert [d.dealer for d in deals] == [(deals[0].dealer + k) % 2 for k in range(len(deals))]
    # the end: at least six deals, an even number, and untied totals; tied at each earlier even end
    n = len(deals)
    assert n >= 6 and n % 2 == 0
    totals = [0, 0]
    for k, d in enumerate(deals, 1):
        totals = [totals[p] + d.scores[p] for p in (A, B)]
        if k >= 6 and k % 2 == 0 and k < n:
            assert totals[0] == totals[1]
    assert totals == s.totals and totals[0] != totals[1]
    w = 0 if totals[0] > totals[1] else 1
    wt, lt = totals[w], totals[1 - w]
    game = wt - lt + 100 if lt >= 100 else wt + lt + 100
    assert s.returns[w] == game and s.returns[1 - w] == -game


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 10**6), st.booleans())
def test_records_replay_identically(seed, full):
    s = random_game(seed, full)
    rec = record_of(s, str(SPEC))
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "game.yaml"
        dump(rec, path)
        again = replay(path).state
    assert again.is_terminal
    assert again.totals == s.totals and again.returns == s.returns
    assert [d.scores for d in again.deals] == [d.scores for d in s.deals]
    assert [(p, a.name) for p, a in again.history] == [(p, a.name) for p, a in s.history]
    assert [d.declarations for d in again.deals] == [d.declarations for d in s.deals]


# ---- 6. hidden information ------------------------------------------------------------

def exchange_to(s, k_a, k_b, a_rng, b_rng):
    """Make the exchanges (A discards k_a cards chosen by a_rng, B k_b by b_rng) until A must declare."""
    while not (s.legal_actions()[0].kind == "declare" and s.current_player == A):
        legal = s.legal_actions()
        who = s.current_player
        if legal[0].kind == "declare":  # carte blanche (B has none here: she would show her hand)
            s.apply(legal[0])
            continue
        if legal[0].kind == "expose":
            s.apply("keep talon hidden")
            continue
        want = k_a if who == A else k_b
        if len(s.discards[who]) < want:
            s.apply((a_rng if who == A else b_rng).choice([a for a in legal if a.kind == "discard"]))
        else:
            s.apply("draw")


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 10**6), st.integers(1, 5), st.integers(0, 3), st.integers(0, 10**6))
def test_a_view_does_not_depend_on_hidden_cards(seed, k_a, k_b, seed2):
    """A's view is the same whatever B holds, the order of the talon he does not draw and B's discards."""
    rng = random.Random(seed)
    deck = list(range(32))
    rng.shuffle(deck)
    a_hand, rest = deck[:12], deck[12:]
    if not any(is_face(PACK.names[c]) for c in a_hand):
        return  # A would hold carte blanche and declare it before exchanging
    drawn_a, hidden = rest[:k_a], rest[k_a:]  # A draws the top k_a talon cards
    views = []
    for r in (random.Random(seed2), random.Random(seed2 + 1)):
        h = list(hidden)
        r.shuffle(h)
        b_hand, talon_rest = h[:12], h[12:]
        if not any(is_face(PACK.names[c]) for c in b_hand):
            return  # B would hold carte blanche: a public declaration, not a hidden card
        s = GAME.new_state(1, first_dealer=B, hands={1: [list(a_hand), b_hand]}, talons={1: drawn_a + talon_rest})
        seen = [s.view(A)]
        exchange_to(s, k_a, k_b, random.Random(seed), r)
        seen.append(s.view(A))
        assert s.exchanges == [k_a, k_b]
        views.append(seen)
    assert views[0] == views[1]


def test_what_a_declaration_makes_public():
    """Each player's announcement is heard; only the winner shows his combinations (§5)."""
    s = at_declarations("AKQJT.987.A8.A9", "98.AKQJ.KQJ.KQJ")
    to_declare(s, "sequence")
    s.apply("declare sequence AS-TS 9H-7H")
    v = s.view(B)
    assert v["declaring"]["A"] == "size 5, top A"  # his best: a quint to the ace
    assert "AS-TS" not in json.dumps(v) and "9H-7H" not in json.dumps(v)
    s.apply("declare sequence AH-JH KC-JC")
    v = s.view(A)
    seq = [d for d in v["declarations"] if d["category"] == "sequence"][0]
    assert seq["said"] == {"A": "size 5, top A", "B": "size 4, top A"}
    assert seq["shown"] == {"A": ["AS-TS", "9H-7H"]}  # the winner shows what he scores
    assert seq["winner"] == "A" and seq["points"] == {"A": 18, "B": 0}
    assert "AH-JH" not in json.dumps(v) and "KC-JC" not in json.dumps(v)  # the loser's stay hidden
    point = [d for d in v["declarations"] if d["category"] == "point"][0]
    assert point["said"] == {"A": "size 5", "B": "size 4"}  # lengths differ: no pips said
    assert point["shown"] == {"A": ["S"]}
    # B's sunk tierce KD-JD is not public
    assert "KD-JD" not in json.dumps(v)


def test_point_pips_are_said_only_when_the_lengths_are_equal():
    s = at_declarations("Q8.AKJ97.Q8.QJ8", "AK.Q8.AKJ97.AK7")  # 5 cards of 47 pips each
    to_declare(s, "point")
    s.apply("declare point H")
    s.apply("declare point D")
    point = [d for d in s.view(A)["declarations"] if d["category"] == "point"][0]
    assert point["said"] == {"A": "size 5, pips 47", "B": "size 5, pips 47"}
    assert point["shown"] == {}  # equal: nobody scores, nobody shows


def card_tokens(view, skip=("hand", "legal")):
    """Every card name that appears anywhere in a view (but the seat's own hand and choices)."""
    out = set()

    def walk(x):
        if isinstance(x, dict):
            for k, v in x.items():
                if k not in skip:
                    walk(v)
        elif isinstance(x, (list, tuple)):
            for v in x:
                walk(v)
        elif isinstance(x, str):
            out.update(t for t in re.split(r"[^A-Z0-9]+", x) if t in PACK.by_name)

    walk(view)
    return out


def test_carte_blanche_shows_the_hand():
    s, _ = setup("AT987.AT9.AT.A8", "KQJ.KQJ.KQJ.KQJ")
    dealt = set(names_of(s.hands[A]))
    assert [a.name for a in s.legal_actions()] == ["declare carte blanche nothing", "declare carte blanche hand"]
    s.apply("declare carte blanche hand")
    assert dealt <= card_tokens(s.view(B))


def test_own_discards_only():
    s, discard = setup("AKQJT.987.A8.A9", "98.AKQJ.KQJ.KQJ")
    s.apply(f"discard {discard}")
    s.apply("draw")
    s.apply("discard 9S")
    s.apply("discard 8S")
    s.apply("draw")
    assert s.view(A)["discards"] == [discard]
    assert s.view(B)["discards"] == ["9S", "8S"]
    assert s.view(A)["exchanged"] == {"A": 1, "B": 2}
    assert not {"9S", "8S"} & card_tokens(s.view(A))


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 10**6), st.integers(1, 5), st.integers(0, 10**6))
def test_younger_view_does_not_depend_on_hidden_cards(seed, k_a, seed2):
    """At her exchange, B's view is the same whatever A holds, discards and draws, and the talon's order."""
    rng = random.Random(seed)
    deck = list(range(32))
    rng.shuffle(deck)
    b_hand, hidden = deck[:12], deck[12:]
    views = []
    for r in (random.Random(seed2), random.Random(seed2 + 1)):
        h = list(hidden)
        r.shuffle(h)
        a_hand, talon = h[:12], h[12:]
        if not any(is_face(PACK.names[c]) for c in a_hand):
            return  # A would hold carte blanche and show his hand
        s = GAME.new_state(1, first_dealer=B, hands={1: [a_hand, list(b_hand)]}, talons={1: talon})
        seen = [s.view(B)]
        while s.current_player != B or s.legal_actions()[0].kind == "declare":
            legal = s.legal_actions()
            if legal[0].kind == "declare":
                s.apply(legal[0])
            elif len(s.discards[A]) < k_a:
                s.apply(r.choice([a for a in legal if a.kind == "discard"]))
            else:
                s.apply("draw")
        seen.append(s.view(B))
        views.append(seen)
    assert views[0] == views[1]


@pytest.mark.parametrize("expose", [False, True])
def test_the_talon_remainder_is_seen_only_when_exposed(expose):
    s, discard = setup("AKQJT.987.A8.A9", "98.AKQJ.KQJ.KQJ")
    s.apply(f"discard {discard}")
    s.apply("draw")
    s.apply("draw")
    assert s.current_player == B and [a.name for a in s.legal_actions()] == ["keep talon hidden", "expose talon"]
    rest = names_of(s.talon)
    assert len(rest) == 7
    assert s.view(A)["talon"] is None and s.view(B)["talon"] is None
    s.apply("expose talon" if expose else "keep talon hidden")
    for p in (A, B):
        shown = s.view(p)["talon"]
        assert (sorted(shown) == sorted(rest)) if expose else shown is None


@pytest.mark.parametrize("a_decl, b_decl, answer", [
    ("declare sequence AS-TS", "declare sequence AH-JH", "good"),  # quint v quart
    ("declare sequence 9H-7H", "declare sequence AH-JH", "not good"),  # tierce v quart
    ("declare sequence 9H-7H", "declare sequence nothing", "good"),  # she declares nothing
])
def test_younger_answers(a_decl, b_decl, answer):
    s = at_declarations("AKQJT.987.A8.A9", "98.AKQJ.KQJ.KQJ")
    to_declare(s, "sequence")
    s.apply(a_decl)
    s.apply(b_decl)
    seq = [d for d in s.view(A)["declarations"] if d["category"] == "sequence"][0]
    assert seq["answer"] == answer


def test_younger_answers_equal():
    s = at_declarations("Q8.AKJ97.Q8.QJ8", "AK.Q8.AKJ97.AK7")  # 5 cards of 47 pips each
    to_declare(s, "point")
    s.apply("declare point H")
    s.apply("declare point D")
    point = [d for d in s.view(A)["declarations"] if d["category"] == "point"][0]
    assert point["answer"] == "equal" and point["winner"] is None


def test_younger_answers_not_good_when_elder_declares_nothing():
    s = at_declarations("AKQJT.987.A8.A9", "98.AKQJ.KQJ.KQJ")
    to_declare(s, "sequence")
    s.apply("declare sequence nothing")
    s.apply("declare sequence AH-JH")
    seq = [d for d in s.view(A)["declarations"] if d["category"] == "sequence"][0]
    assert seq["winner"] == "B"
    assert seq["answer"] == "not good"

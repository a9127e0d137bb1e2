"""Barbu's variants and options (barbu.md §2-§7, README BAR-1..BAR-15), rule by rule.

Exact outcomes are checked on hand-built deals (explicit hands, scripted actions);
"always" properties on seeded random games, against scores recomputed here from the
cards played, independently of the specs.
"""

from __future__ import annotations

import random
from itertools import combinations
from pathlib import Path

import pytest

from interpreter.compile.game import load_game
from interpreter.core.errors import IllegalAction, SpecErrors
from tests.helpers import unseen_redealt

ROOT = Path(__file__).resolve().parents[3]
SPECS = ROOT / "specs" / "barbu"
BASE = SPECS / "barbu.yaml"
RAVAGE = SPECS / "ravage-city.yaml"
PARLETT = SPECS / "parlett.yaml"
DECLARER_ONLY = SPECS / "declarer-only-doubles.yaml"
BUSTARRET = SPECS / "bustarret.yaml"

A, B, C, D, E = range(5)
RANKS = "AKQJT98765432"  # high to low
BASE_ORDER = ["no_tricks", "no_queens", "no_last_two", "no_hearts", "no_king_of_hearts", "trumps", "dominoes"]
BUS_ORDER = ["no_tricks", "no_hearts", "no_queens", "no_king_of_hearts", "salad"]
BUS_EXTRA = ["most_tricks", "first_and_last", "domino"]

_GAMES: dict = {}


def game(path, **options):
    """The compiled game (cached: compiling is the slow part)."""
    opts = {k: str(v).lower() if isinstance(v, bool) else str(v) for k, v in options.items()}
    key = (str(path), tuple(sorted(opts.items())))
    if key not in _GAMES:
        _GAMES[key] = load_game(path, options=opts)
    return _GAMES[key]


def state(g, hands=None, first_dealer=A, seed=1):
    """A new game; `hands` maps deal number -> one hand (text or list of names) per seat."""
    given = {}
    for k, per_seat in (hands or {}).items():
        given[k] = [[g.pack.parse(c) for c in (h.split() if isinstance(h, str) else h)] for h in per_seat]
    return g.new_state(seed, first_dealer=first_dealer, hands=given)


def names(s):
    return [a.name for a in s.legal_actions()]


def hand_plays(g, hand):
    """`play X` for every card of `hand`, in the engine's (display) order."""
    return [f"play {c}" for c in sorted(hand.split(), key=g.pack.parse)]


def to_doubling(s):
    """Name the first legal contract (and announcement) until the doubling starts."""
    while s.phase.kind != "double":
        s.apply(s.legal_actions()[0])
    return s


def play(s, *actions):
    for a in actions:
        s.apply(a)
    return s


def snapshot(s):
    return (s.current_player, names(s), [(p, a.name) for p, a in s.history],
            [s.view(p) for p in range(s.n)])


def assert_refused(s, action, rule, fragment=""):
    before = snapshot(s)
    with pytest.raises(IllegalAction) as info:
        s.apply(action)
    assert info.value.rule == rule, info.value.message
    assert fragment in info.value.message
    assert snapshot(s) == before


def finish_deal(s):
    """Play the current deal to its end, always taking the first legal action."""
    k = s.deal_number
    while not s.is_terminal and s.deal_number == k:
        s.apply(s.legal_actions()[0])
    return s.deals[k - 1]


def advance_to(s, deal_number):
    """First legal actions (pass whenever allowed) up to the start of deal `deal_number`."""
    while s.deal_number < deal_number:
        finish_deal(s)
    return s


def random_game(g, seed, first_dealer=None):
    rng = random.Random(seed)
    s = g.new_state(seed, first_dealer=first_dealer) if first_dealer is not None else g.new_state(seed)
    steps = 0
    while not s.is_terminal:
        legal = s.legal_actions()
        s.apply(legal[rng.randrange(len(legal))])
        steps += 1
        assert steps < 20000
    return s


def plays(deal):
    return [(p, a.name.split()[1]) for p, a in deal.actions if a.kind == "play"]


def tricks_of(deal, n):
    """The deal's tricks rebuilt from its actions (no trumps): [(leader, [(seat, card)...], winner)]."""
    ps = plays(deal)
    out = []
    for i in range(0, len(ps), n):
        t = ps[i:i + n]
        assert len(t) == n, "a trick was left unfinished"
        led = t[0][1][1]
        winner = min((RANKS.index(c[0]), p) for p, c in t if c[1] == led)[1]
        out.append((t[0][0], t, winner))
    return out


def won_cards(deal, n):
    won = [[] for _ in range(n)]
    counts = [0] * n
    for _, t, w in tricks_of(deal, n):
        won[w].extend(c for _, c in t)
        counts[w] += 1
    return won, counts


# ---- scripted deals: the same trick-by-trick play, wherever the roles sit ---------------
#
# A deal is written for roles A B C D (the role A leads the first trick) as its tricks, each
# "leader: cards in playing order, clockwise from the leader". `seat_of` puts the roles on
# seats; in a no-trump deal the play stays legal and every trick has the same winner
# whichever way round the roles sit, only the playing order within a trick changes.

ROLES = "ABCD"


def parse_tricks(text):
    tricks = []
    for line in text.strip().splitlines():
        leader, cards = line.split(":")
        cards = cards.split()
        i = ROLES.index(leader.strip())
        tricks.append({ROLES[(i + k) % 4]: c for k, c in enumerate(cards)} | {"leader": leader.strip()})
    return tricks


def hands_of(tricks):
    return {r: " ".join(t[r] for t in tricks) for r in ROLES}


def seating(leader_seat, order="ABCD", n=4):
    """Roles on seats: `order[0]` on `leader_seat`, the next role on its left, and so on."""
    return {r: (leader_seat + i) % n for i, r in enumerate(order)}


def seat_hands(tricks, seat_of):
    h = hands_of(tricks)
    out = [None] * len(seat_of)
    for r, seat in seat_of.items():
        out[seat] = h[r]
    return out


def seat_plays(tricks, seat_of):
    role_at = {seat: r for r, seat in seat_of.items()}
    n = len(seat_of)
    out = []
    for t in tricks:
        first = seat_of[t["leader"]]
        out.extend(f"play {t[role_at[(first + k) % n]]}" for k in range(n))
    return out


def by_role(values, seat_of):
    return {r: values[seat] for r, seat in seat_of.items()}


# Barbu example 5 (Bustarret's Salade, 4 players): tricks A 5, B 4, C 3, D 1; hearts
# A 4, B 6, C 2, D 1; queens A 1, B 2, C 0, D 1; the king of hearts won by B.
EXAMPLE5 = parse_tricks("""
A: AC 2C 3C 4C
A: KC 5C 6C 7C
A: JC 8C 9C TC
A: AD 2D 3D 4D
A: 5D KD QD 6D
B: TD 7D 8H 8D
B: 9D JD 7H TH
C: AS 4S 2S 3S
C: KS 7S 5S 6S
C: JS QS JH 8S
D: 9S QC TS 9H
B: KH 3H 4H 2H
B: 5H QH 6H AH
""")

# Ravage City: A, B and C each end with 12 cards of one suit, D with 9 clubs at most.
THREE_WAY = parse_tricks("""
A: AS JS 8S 5S
A: KS TS 7S 4S
A: QS 9S 6S 3S
A: 9H AH 8H 5H
B: KH 7H 4H TH
B: QH 6H 3H JH
B: 6D AD 3D 9D
C: KD 4D TD 7D
C: QD 5D JD 8D
C: 2C AC 7C 8C
D: 5C QC 9C 3C
A: JC TC 4C KC
D: 6C 2H 2D 2S
""")

# Ravage City: A ends with 12 spades, B with 12 hearts, C and D win no trick.
TWO_WAY = parse_tricks("""
A: AS 8S 8H AC
A: KS 7S AD KC
A: QS 6S KD QC
A: JS 5S QD JC
A: TS 4S JD TC
A: 9S 3S TD 9C
A: 2H AH 9D 8C
B: KH 8D 7C 7H
B: QH 7D 6C 6H
B: JH 6D 5C 5H
B: TH 5D 4C 4H
B: 9H 4D 3C 3H
B: 2S 3D 2C 2D
""")

# each player holds one whole suit: the leader wins every trick
ONE_SUIT_EACH = ["AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S", "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H",
                 "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D", "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C"]

# the hands of tests/games/barbu/test_barbu.py
MIXED = ["AS KS QS JS TS 9S 8S AH KH QH JH TH 9H", "7S 6S 5S 4S 3S 2S 8H 7H 6H 5H 4H 3H 2H",
         "AD KD QD JD TD 8D 7D AC KC QC JC TC 9C", "9D 6D 5D 4D 3D 2D 8C 7C 6C 5C 4C 3C 2C"]


def test_the_scripted_deals_are_whole_packs():
    for tricks in (EXAMPLE5, THREE_WAY, TWO_WAY):
        cards = [c for h in hands_of(tricks).values() for c in h.split()]
        assert sorted(cards) == sorted(f"{r}{s}" for r in RANKS for s in "SHDC")
        assert all(len(h.split()) == 13 for h in hands_of(tricks).values())


# =====================================================================================
# Variant 1 — Ravage City
# =====================================================================================

def ravage_deal(options, tricks, contract="ravage_city"):
    g = game(RAVAGE, **options)
    seat_of = seating(A)
    s = state(g, {1: seat_hands(tricks, seat_of)})
    play(s, f"contract {contract}", "pass", "pass", "pass", *seat_plays(tricks, seat_of))
    assert s.deal_number == 2
    return s.deals[0]


def test_ravage_city_is_an_eighth_contract_and_the_game_has_32_deals():
    g = game(RAVAGE)
    assert list(g.contracts) == BASE_ORDER + ["ravage_city"]
    s = random_game(g, 3)
    assert len(s.deals) == 32
    for seat in range(4):
        assert sorted(d.contract for d in s.deals if d.declarer == seat) == sorted(g.contracts)


def test_ravage_city_is_played_like_the_negative_contracts():
    g = game(RAVAGE)
    s = state(g, {1: MIXED})
    play(s, "contract ravage_city")
    assert s.current_player == B and len(names(s)) == 8  # anybody doubles anybody
    play(s, "pass", "pass", "pass")
    assert s.current_player == A  # the declarer leads, no heart-lead ban
    assert names(s) == [f"play {c}" for c in MIXED[A].split()]
    play(s, "play AS")
    assert_refused(s, "play 8H", "follow suit", "you may play 7S 6S 5S 4S 3S 2S")


def test_ravage_city_a_single_longest_suit_costs_36():
    g = game(RAVAGE)
    s = state(g, {1: ONE_SUIT_EACH})
    play(s, "contract ravage_city", "pass", "pass", "pass")
    d = finish_deal(s)
    assert d.raw == [-36, 0, 0, 0]  # A won every trick: 13 spades


@pytest.mark.parametrize("options, two, three", [
    ({}, [-18, -18, 0, 0], [-12, -12, -12, 0]),
    ({"ravage_24": True}, [-12, -12, 0, 0], [-8, -8, -8, 0]),
    ({"ravage_no_rebalance": True}, [-18, -18, 0, 0], [-12, -12, -12, 0]),
])
def test_ravage_city_ties_share_the_penalty(options, two, three):
    d = ravage_deal(options, TWO_WAY)
    assert d.raw == two and d.scores == two
    d = ravage_deal(options, THREE_WAY)
    assert d.raw == three and d.scores == three


def test_ravage_city_the_scripted_ties_are_what_they_claim():
    """The longest suits of the two deals above, counted here from the tricks."""
    for tricks, want in ((TWO_WAY, [12, 12, 0, 0]), (THREE_WAY, [12, 12, 12, 9])):
        g = game(BASE)
        s = state(g, {1: seat_hands(tricks, seating(A))})
        play(s, "contract no_tricks", "pass", "pass", "pass", *seat_plays(tricks, seating(A)))
        won, _ = won_cards(s.deals[0], 4)
        assert [max((sum(1 for c in w if c[1] == x) for x in "SHDC")) for w in won] == want


def test_ravage_city_doubles_settle_pairwise():
    g = game(RAVAGE)
    seat_of = seating(A)
    s = state(g, {1: seat_hands(TWO_WAY, seat_of)})
    play(s, "contract ravage_city", "double A", "double A D", "pass", "double B C")
    play(s, *seat_plays(TWO_WAY, seat_of))
    d = s.deals[0]
    # raw -18 -18 0 0; d(A,B) = 2, d(A,C) = 2, d(C,D) = 1
    assert d.raw == [-18, -18, 0, 0]
    assert d.scores == [-18 + 0 - 36, -18, 0 + 36, 0]


@pytest.mark.parametrize("options, row", [
    ({}, [54, 29, 14, 4]),
    ({"ravage_24": True}, [51, 26, 11, 1]),
    ({"ravage_no_rebalance": True}, [45, 20, 5, -5]),
    ({"ravage_24": True, "ravage_no_rebalance": True}, [45, 20, 5, -5]),
])
@pytest.mark.parametrize("declarer", [A, C])
def test_ravage_city_dominoes_scores(options, row, declarer):
    g = game(RAVAGE, **options)
    s = state(g, {1: ONE_SUIT_EACH}, first_dealer=declarer)
    play(s, "contract dominoes", "start 7", "pass", "pass", "pass")
    d = finish_deal(s)
    # every player always extends his own suit: out in turn order from the declarer
    want = [None] * 4
    for place, value in enumerate(row):
        want[(declarer + place) % 4] = value
    assert d.raw == want and d.scores == want


@pytest.mark.parametrize("options, total", [
    ({}, 0), ({"ravage_24": True}, 0), ({"ravage_no_rebalance": True}, -144),
    ({"ravage_24": True, "ravage_no_rebalance": True}, -96),
])
def test_ravage_city_game_totals(options, total):
    g = game(RAVAGE, **options)
    ravage = 24 if options.get("ravage_24") else 36
    bonus = 0 if options.get("ravage_no_rebalance") else ravage / 4
    deal_total = {"no_tricks": -26, "no_queens": -24, "no_last_two": -30, "no_hearts": -30,
                  "no_king_of_hearts": -20, "trumps": 65, "dominoes": 65 + 4 * bonus, "ravage_city": -ravage}
    for seed in range(4):
        s = random_game(g, seed)
        assert len(s.deals) == 32
        assert sum(s.totals) == total
        for d in s.deals:
            assert sum(d.raw) == deal_total[d.contract] == sum(d.scores)
            if d.contract == "ravage_city":
                won, _ = won_cards(d, 4)
                m = [max(sum(1 for c in w if c[1] == x) for x in "SHDC") for w in won]
                top = [p for p in range(4) if m[p] == max(m)]
                assert d.raw == [-ravage / len(top) if p in top else 0 for p in range(4)]


# =====================================================================================
# Variant 2 — Parlett
# =====================================================================================

def test_parlett_the_dealers_left_declares_and_leads_without_doubling():
    g = game(PARLETT)
    s = state(g, {1: MIXED}, first_dealer=A)
    assert s.current_player == B and names(s)[0] == "contract no_tricks"
    play(s, "contract no_tricks")
    assert s.deals[0].dealer == A and s.deals[0].declarer == B
    assert s.current_player == B  # no doubling: B leads at once
    assert names(s) == [f"play {c}" for c in MIXED[B].split()]
    assert_refused(s, "pass", None)


def test_parlett_trumps_announcement_then_the_first_card():
    g = game(PARLETT)
    s = state(g, {1: MIXED}, first_dealer=A)
    play(s, "contract trumps")
    assert names(s) == ["trump S", "trump H", "trump D", "trump C"]
    play(s, "trump D")
    assert s.current_player == B and len(names(s)) == 13


def test_parlett_trumps_a_void_player_may_discard():
    g = game(PARLETT)
    s = state(g, {1: MIXED}, first_dealer=A)
    play(s, "contract trumps", "trump D", "play 8H")
    # C holds no heart but seven trumps: he may play anything (Blue Club: he must trump)
    assert names(s) == [f"play {c}" for c in MIXED[C].split()]
    play(s, "play AC")
    assert names(s) == [f"play {c}" for c in MIXED[D].split()]
    # the same position under the Blue Club rules
    base = state(game(BASE), {1: MIXED}, first_dealer=B)
    play(base, "contract trumps", "trump D", "pass", "pass", "pass", "play 8H")
    assert names(base) == [f"play {c}D" for c in "AKQJT87"]


def test_parlett_trumps_led_need_not_be_headed():
    g = game(PARLETT)
    s = state(g, {1: MIXED}, first_dealer=B)  # C declares
    play(s, "contract trumps", "trump D", "play 7D")
    assert s.current_player == D
    assert names(s) == ["play 9D", "play 6D", "play 5D", "play 4D", "play 3D", "play 2D"]
    assert_refused(s, "play 8C", "follow suit", "you may play 9D 6D 5D 4D 3D 2D")
    # the same position under the Blue Club rules: D must beat the 7
    base = state(game(BASE), {1: MIXED}, first_dealer=C)
    play(base, "contract trumps", "trump D", "pass", "pass", "pass", "play 7D")
    assert names(base) == ["play 9D"]


def test_parlett_dominoes_first_card_fixes_the_start_rank():
    g = game(PARLETT)
    s = state(g, {1: MIXED}, first_dealer=A)
    play(s, "contract dominoes")
    assert s.current_player == B  # no start announcement, no doubling
    assert names(s) == [f"play {c}" for c in MIXED[B].split()]  # any card, and no pass
    assert_refused(s, "pass", "must play when able")
    play(s, "play 8H")
    assert names(s) == ["play 8D"]  # C: the 8 of diamonds begins its suit
    assert_refused(s, "play 7D", "layout", "begun with the 8")
    play(s, "play 8D")
    assert names(s) == ["play 9D", "play 8C"]
    play(s, "play 9D")
    assert names(s) == ["play 8S", "play 9H"]


def test_parlett_dominoes_a_pass_shows_nothing():
    g = game(PARLETT)
    s = state(g, {1: MIXED}, first_dealer=A)
    play(s, "contract dominoes", "play 2S")  # the start rank is 2
    assert s.current_player == C and names(s) == ["pass"]  # C holds no 2 and no 3S
    play(s, "pass")
    for seat in (A, B, D):
        assert s.view(seat)["shown_hands"] == {}
    # in the Blue Club game the same pass shows C's hand
    base = state(game(BASE), {1: MIXED}, first_dealer=B)
    play(base, "contract dominoes", "start 2", "pass", "pass", "pass", "play 2S", "pass")
    assert base.view(A)["shown_hands"] == {"C": MIXED[C].split()}


def test_parlett_scores_are_the_raw_scores():
    g = game(PARLETT)
    s = state(g, {1: ONE_SUIT_EACH}, first_dealer=D)  # A declares and leads
    play(s, "contract no_tricks")
    d = finish_deal(s)
    assert d.declarer == A and d.raw == d.scores == [-26, 0, 0, 0]
    assert d.doubles == []


def test_parlett_whole_games():
    g = game(PARLETT)
    assert "compulsory_doubles" not in g.options and "positive_double_declarer_only" not in g.options
    for seed in range(3):
        s = random_game(g, seed, first_dealer=seed % 4)
        assert len(s.deals) == 28 and sum(s.totals) == 0
        for d in s.deals:
            assert d.dealer == (seed + d.number - 1) % 4
            assert d.declarer == (d.dealer + 1) % 4
            assert d.scores == d.raw and d.doubles == []
            assert not any(a.kind == "double" for _, a in d.actions)
        for seat in range(4):
            assert sorted(d.contract for d in s.deals if d.declarer == seat) == sorted(BASE_ORDER)


# =====================================================================================
# Variant 3 — only the declarer may be doubled
# =====================================================================================

def test_declarer_only_non_declarers_double_the_declarer_or_pass():
    g = game(DECLARER_ONLY)
    s = state(g, {1: MIXED})
    play(s, "contract no_tricks")
    for seat in (B, C, D):
        assert s.current_player == seat
        assert names(s) == ["pass", "double A"]
        other = "double C" if seat != C else "double B"
        assert_refused(s, other, "may_double")
        s.apply("pass")
    assert s.current_player == A and s.phase.kind != "double"  # nobody doubled A: he is not asked


def test_declarer_only_the_declarer_redoubles_all_or_nobody():
    g = game(DECLARER_ONLY)
    s = state(g, {1: MIXED})
    play(s, "contract no_queens", "double A", "pass", "double A")
    assert s.current_player == A
    assert names(s) == ["pass", "double B D"]
    assert_refused(s, "double B", "redouble")
    assert_refused(s, "double D", "redouble")
    assert_refused(s, "double C", "may_double")


def test_declarer_only_the_redouble_is_read_for_the_seat_choosing():
    """`redouble: player == declarer` is asked of the seat whose turn it is, whatever seat the
    state last read an expression for."""
    g = game(DECLARER_ONLY)
    s = state(g, {1: MIXED})
    play(s, "contract no_queens", "double A", "pass", "double A")
    s.player, s._legal = B, None  # (as a view or a bot reading another seat would leave it)
    assert names(s) == ["pass", "double B D"]


def test_declarer_only_one_doubler_gives_one_choice():
    g = game(DECLARER_ONLY)
    s = state(g, {1: MIXED})
    play(s, "contract trumps", "trump S", "pass", "double A", "pass")
    assert names(s) == ["pass", "double C"]


@pytest.mark.parametrize("redouble, want", [
    ("double B C", [65 + 130 + 130, -130, -130, 0]),  # d = 2 with B and with C
    ("pass", [65 + 65 + 65, -65, -65, 0]),             # d = 1
])
def test_declarer_only_settlement(redouble, want):
    g = game(DECLARER_ONLY)
    s = state(g, {1: ONE_SUIT_EACH})
    play(s, "contract trumps", "trump S", "double A", "double A", "pass", redouble)
    d = finish_deal(s)
    assert d.raw == [65, 0, 0, 0]
    assert d.scores == want


def test_declarer_only_whole_games():
    g = game(DECLARER_ONLY)
    for seed in range(3):
        s = random_game(g, seed)
        assert len(s.deals) == 28 and sum(s.totals) == 0
        for d in s.deals:
            doubled_him = [p for p, ts in d.doubles if p != d.declarer and ts == (d.declarer,)]
            for p, ts in d.doubles:
                if p != d.declarer:
                    assert ts in ((), (d.declarer,))
                else:
                    assert ts in ((), tuple(sorted(doubled_him)))


# =====================================================================================
# Option declarer_blocks
# =====================================================================================

@pytest.mark.parametrize("spec, per_block", [(BASE, 7), (RAVAGE, 8), (PARLETT, 7)])
def test_declarer_blocks_schedule(spec, per_block):
    g = game(spec, declarer_blocks=True)
    for first in (A, C):
        s = random_game(g, first, first_dealer=first)
        assert len(s.deals) == 4 * per_block
        for d in s.deals:
            block = (d.number - 1) // per_block
            assert d.declarer == (first + 1 + block) % 4
            assert d.dealer == (d.declarer - 1) % 4
        for seat in range(4):
            assert sorted(d.contract for d in s.deals if d.declarer == seat) == sorted(g.contracts)


def test_declarer_blocks_doubling_starts_at_the_declarers_left():
    g = game(BASE, declarer_blocks=True)
    s = state(g, {1: MIXED}, first_dealer=A)
    assert s.current_player == B  # B declares, A dealt
    play(s, "contract no_tricks")
    assert s.current_player == C
    play(s, "pass")
    assert s.current_player == D
    play(s, "pass")
    assert s.current_player == A
    play(s, "double B")
    assert s.current_player == B and names(s) == ["pass", "double A"]
    play(s, "pass")
    assert s.current_player == B  # the declarer leads
    assert names(s) == [f"play {c}" for c in MIXED[B].split()]


# =====================================================================================
# Option compulsory_doubles
# =====================================================================================

def doubles_of_declarers(s, n=4):
    got = {(p, q): 0 for p in range(n) for q in range(n) if p != q}
    for d in s.deals:
        for p, ts in d.doubles:
            if p != d.declarer and d.declarer in ts:
                got[(p, d.declarer)] += 1
    return got


@pytest.mark.parametrize("spec, options", [
    (BASE, {}), (BASE, {"declarer_blocks": True}), (RAVAGE, {}), (DECLARER_ONLY, {}),
    (BASE, {"positive_double_declarer_only": True}),
])
def test_compulsory_doubles_everybody_doubles_every_declarer_twice(spec, options):
    g = game(spec, compulsory_doubles=True, **options)
    for seed in range(3):
        s = random_game(g, seed)
        assert all(v >= 2 for v in doubles_of_declarers(s).values()), doubles_of_declarers(s)
    # even players who pass whenever they may
    s = state(g, first_dealer=A)
    while not s.is_terminal:
        s.apply(s.legal_actions()[0])
    assert all(v == 2 for v in doubles_of_declarers(s).values())


def test_compulsory_doubles_the_forced_moment():
    g = game(BASE, compulsory_doubles=True)
    s = state(g, first_dealer=A)
    advance_to(s, 17)  # everybody passes while he may
    play(s, "contract trumps", "trump S")
    assert s.declarer == A and names(s)[0] == "pass"  # A's 5th contract: 3 deals left, 2 doubles owed
    advance_to(s, 21)
    play(s, "contract no_king_of_hearts")  # A's 6th contract: 2 deals left, 2 doubles owed
    for seat in (B, C, D):
        assert s.current_player == seat
        others = [x for x in "BCD" if x != "ABCD"[seat]]
        want = ["double " + " ".join(["A", *sub]) for k in range(3) for sub in combinations(others, k)]
        assert names(s) == want
        assert_refused(s, "pass", "must_double", "must double A")
        assert_refused(s, "double " + others[0], "must_double", "must double A")
        s.apply("double A")
    assert s.current_player == A and "pass" in names(s)  # the declarer is never forced
    finish_deal(s)
    advance_to(s, 25)
    to_doubling(s)
    assert s.declarer == A and s.current_player == B
    assert names(s)[0] == "double A"  # one double still owed, one deal left
    assert_refused(s, "pass", "must_double")


def test_compulsory_doubles_with_blocks_counts_the_declarers_own_deals():
    g = game(BASE, compulsory_doubles=True, declarer_blocks=True)
    s = state(g, first_dealer=A)  # B declares deals 1-7
    advance_to(s, 5)
    to_doubling(s)
    assert names(s)[0] == "pass"  # deal 5: 3 left
    advance_to(s, 6)
    to_doubling(s)
    assert s.declarer == B and s.current_player == C
    assert names(s)[0] == "double B"
    assert_refused(s, "pass", "must_double", "must double B")


# =====================================================================================
# Option positive_double_declarer_only
# =====================================================================================

@pytest.mark.parametrize("contract, announce", [("trumps", "trump H"), ("dominoes", "start 7")])
def test_positive_contracts_only_the_declarer_may_be_doubled(contract, announce):
    g = game(BASE, positive_double_declarer_only=True)
    s = state(g, {1: MIXED})
    play(s, f"contract {contract}", announce)
    assert names(s) == ["pass", "double A"]
    assert_refused(s, "double C", "may_double", "B may not double C")
    assert_refused(s, "double A C", "may_double")
    play(s, "double A")
    assert names(s) == ["pass", "double A"]
    play(s, "pass", "double A")
    assert s.current_player == A and names(s) == ["pass", "double B", "double D", "double B D"]


def test_negative_contracts_anybody_may_still_be_doubled():
    g = game(BASE, positive_double_declarer_only=True)
    s = state(g, {1: MIXED})
    play(s, "contract no_hearts")
    assert names(s) == ["pass", "double A", "double C", "double D", "double A C", "double A D",
                        "double C D", "double A C D"]
    play(s, "double C D")
    assert s.current_player == C and len(names(s)) == 8


def test_positive_double_declarer_only_whole_games():
    g = game(BASE, positive_double_declarer_only=True)
    for seed in range(3):
        s = random_game(g, seed)
        for d in s.deals:
            if d.contract in ("trumps", "dominoes"):
                assert all(ts in ((), (d.declarer,)) for p, ts in d.doubles if p != d.declarer)


# =====================================================================================
# Option early_stop
# =====================================================================================

def test_early_stop_no_queens_ends_with_the_fourth_queen():
    g = game(BASE, early_stop=True)
    s = state(g, {1: ONE_SUIT_EACH})
    script = ["play AS", "play QH", "play QD", "play QC", "play QS", "play AH", "play AD", "play AC"]
    play(s, "contract no_queens", "pass", "pass", "pass", *script)
    assert s.deal_number == 2  # two tricks, then the next deal
    d = s.deals[0]
    assert len(plays(d)) == 8
    assert d.raw == d.scores == [-24, 0, 0, 0]
    # the full play of the same deal gives the same scores
    full = state(game(BASE), {1: ONE_SUIT_EACH})
    play(full, "contract no_queens", "pass", "pass", "pass", *script)
    assert full.deal_number == 1
    assert finish_deal(full).scores == d.scores
    assert len(plays(full.deals[0])) == 52


def test_early_stop_no_king_of_hearts_ends_with_the_king():
    g = game(BASE, early_stop=True)
    s = state(g, {1: ONE_SUIT_EACH})
    play(s, "contract no_king_of_hearts", "pass", "pass", "pass",
         "play AS", "play 2H", "play 2D", "play 2C")
    assert s.deal_number == 1  # no king yet
    play(s, "play KS", "play KH", "play 3D", "play 3C")
    assert s.deal_number == 2
    assert s.deals[0].raw == [-20, 0, 0, 0] and len(plays(s.deals[0])) == 8


def test_early_stop_leaves_the_other_contracts_alone():
    g = game(BASE, early_stop=True)
    s = state(g, {1: ONE_SUIT_EACH})
    play(s, "contract no_tricks", "pass", "pass", "pass", "play AS", "play QH", "play QD", "play QC",
         "play QS", "play KH", "play KD", "play KC")
    assert s.deal_number == 1
    assert len(plays(finish_deal(s))) == 52


NEGATIVE_SCORES = {
    "no_queens": lambda won, p: -6 * sum(c[0] == "Q" for c in won[p]),
    "no_king_of_hearts": lambda won, p: -20 if "KH" in won[p] else 0,
}
BUS_STOP_SCORES = {
    "no_queens": lambda won, p: -20 * sum(c[0] == "Q" for c in won[p]),
    "no_king_of_hearts": lambda won, p: -80 if "KH" in won[p] else 0,
}


def check_early_stops(s, n, scores):
    stopped = 0
    for d in s.deals:
        ps = plays(d)
        if d.contract in ("no_queens", "no_king_of_hearts"):
            is_key = (lambda c: c[0] == "Q") if d.contract == "no_queens" else (lambda c: c == "KH")
            keys = [i for i, (_, c) in enumerate(ps) if is_key(c)]
            assert len(keys) == (4 if d.contract == "no_queens" else 1)
            last = keys[-1]
            assert len(ps) == (last // n + 1) * n  # play stopped with the trick of the last key card
            stopped += len(ps) < len(d.hands[0]) * n
            won, _ = won_cards(d, n)
            assert d.raw == [scores[d.contract](won, p) for p in range(n)]
        elif d.contract not in ("dominoes", "domino"):
            assert len(ps) == sum(len(h) for h in d.hands)  # every other contract is played out
    return stopped


@pytest.mark.parametrize("spec, options", [
    (BASE, {}), (RAVAGE, {}), (PARLETT, {}), (BASE, {"declarer_blocks": True}),
])
def test_early_stop_random_games_keep_every_score(spec, options):
    g = game(spec, early_stop=True, **options)
    stopped = 0
    for seed in range(4):
        s = random_game(g, seed)
        stopped += check_early_stops(s, 4, NEGATIVE_SCORES)
        for d in s.deals:
            assert sum(d.raw) == g.contracts[d.contract].total(None)
        assert sum(s.totals) == 0
    assert stopped > 0


@pytest.mark.parametrize("players, options", [
    (3, {"each_dealer": True}), (4, {"each_dealer": True}), (5, {"each_dealer": True}),
    (4, {"dealer_chooses": True, "extra_games": True}),
])
def test_early_stop_applies_to_bustarret(players, options):
    g = game(BUSTARRET, early_stop=True, players=players, **options)
    stopped = 0
    for seed in range(3):
        s = random_game(g, seed)
        stopped += check_early_stops(s, players, BUS_STOP_SCORES)
    assert stopped > 0


def test_early_stop_bustarret_barbu_on_the_example_deal():
    s, scripts, _ = example5_game({"early_stop": True})
    for k in (1, 2, 3):
        play(s, *scripts[k])
    # Barbu: the king of hearts falls in trick 12, the last trick is not played
    play(s, *scripts[4][:48])
    assert s.deal_number == 5
    assert len(plays(s.deals[3])) == 48
    play(s, *scripts[5])  # the Salad is played out
    assert s.is_terminal and len(plays(s.deals[4])) == 52


# =====================================================================================
# Variant 4 — Bustarret
# =====================================================================================

def test_bustarret_packs_and_hands():
    for players, size, removed in ((3, 17, {"2C"}), (4, 13, set()), (5, 10, {"2S", "2C"})):
        g = game(BUSTARRET, players=players)
        full = {f"{r}{s}" for r in RANKS for s in "SHDC"}
        assert set(g.pack.names) == full - removed and len(g.pack) == 52 - len(removed)
        assert list(g.seat_names) == list("ABCDE"[:players])
        s = g.new_state(7, first_dealer=0)
        assert [len(h) for h in s.deals[0].hands] == [size] * players
        assert sorted(c for h in s.deals[0].hands for c in h) == list(range(len(g.pack)))


@pytest.mark.parametrize("players", [3, 4, 5])
def test_bustarret_five_deals_in_order_dealers_left_leads(players):
    g = game(BUSTARRET, players=players)
    for first in range(players):
        s = g.new_state(first, first_dealer=first)
        seen = []
        while not s.is_terminal:
            k = s.deal_number
            # nobody chooses and nobody doubles: the dealer's left leads at once
            assert s.current_player == (first + k) % players
            assert all(a.kind == "play" for a in s.legal_actions())
            d = finish_deal(s)
            seen.append((d.contract, d.dealer))
        assert seen == [(c, (first + i) % players) for i, c in enumerate(BUS_ORDER)]


def example5_game(options, first_dealer=D):
    """Bustarret's fixed sequence, every deal the example deal with its role A leading."""
    g = game(BUSTARRET, **options)
    hands, scripts, seats = {}, {}, {}
    for k in range(1, 6):
        seat_of = seating((first_dealer + k) % 4)
        hands[k], scripts[k], seats[k] = seat_hands(EXAMPLE5, seat_of), seat_plays(EXAMPLE5, seat_of), seat_of
    return state(g, hands, first_dealer=first_dealer), scripts, seats


def test_bustarret_scores_on_the_example_deal():
    s, scripts, seats = example5_game({})
    want = {
        "no_tricks": {"A": -25, "B": -20, "C": -15, "D": -5},
        "no_hearts": {"A": -20, "B": -30, "C": -10, "D": -5},
        "no_queens": {"A": -20, "B": -40, "C": 0, "D": -20},
        "no_king_of_hearts": {"A": 0, "B": -80, "C": 0, "D": 0},
        "salad": {"A": -65, "B": -170, "C": -25, "D": -30},  # barbu.md example 5
    }
    for k in range(1, 6):
        play(s, *scripts[k])
        d = s.deals[k - 1]
        assert d.contract == BUS_ORDER[k - 1]
        assert by_role(d.raw, seats[k]) == want[d.contract]
        assert d.scores == d.raw
    assert s.is_terminal
    assert s.totals == [sum(s.deals[i].scores[p] for i in range(5)) for p in range(4)]


def test_bustarret_no_heart_lead_ban_by_default():
    s, scripts, seats = example5_game({})
    for k in range(1, 6):
        assert s.current_player == seats[k]["A"]
        assert names(s) == hand_plays(s.game, hands_of(EXAMPLE5)["A"])
        assert "play AH" in names(s)
        play(s, *scripts[k])


def test_bustarret_heart_lead_ban_in_no_hearts_and_barbu_only():
    s, scripts, seats = example5_game({"heart_lead_ban": True})
    a_hand = hand_plays(s.game, hands_of(EXAMPLE5)["A"])
    no_hearts = [x for x in a_hand if not x.endswith("H")]
    for k, contract in enumerate(BUS_ORDER, start=1):
        if contract in ("no_hearts", "no_king_of_hearts"):
            assert names(s) == no_hearts
            assert_refused(s, "play 2H", "heart-lead ban", "a heart may be led only")
        else:  # No tricks, No queens, Salad
            assert names(s) == a_hand
        play(s, *scripts[k][:1])
        assert_refused(s, "play KD", "follow suit", "you may play 8C 5C 2C")  # B follows A's AC
        play(s, *scripts[k][1:])  # B leads hearts only from a hand of hearts: allowed
    assert s.is_terminal


@pytest.mark.parametrize("players", [3, 4, 5])
def test_bustarret_each_dealer(players):
    g = game(BUSTARRET, players=players, each_dealer=True)
    s = random_game(g, players, first_dealer=1)
    assert len(s.deals) == 5 * players
    for d in s.deals:
        assert d.contract == BUS_ORDER[(d.number - 1) % 5]
        assert d.dealer == (1 + d.number - 1) % players


@pytest.mark.parametrize("players, options", [
    (3, {}), (4, {}), (5, {}), (3, {"each_dealer": True}), (5, {"each_dealer": True, "heart_lead_ban": True}),
])
def test_bustarret_fixed_sequence_scores(players, options):
    g = game(BUSTARRET, players=players, **options)
    tricks = {3: 17, 4: 13, 5: 10}[players]
    totals = {"no_tricks": -5 * tricks, "no_hearts": -65, "no_queens": -80, "no_king_of_hearts": -80,
              "salad": -5 * tricks - 225}
    for seed in range(3):
        s = random_game(g, seed)
        assert len(s.deals) == (5 * players if options.get("each_dealer") else 5)
        for d in s.deals:
            assert d.raw == bus_raw(d.contract, d, players) == d.scores
            assert sum(d.raw) == totals[d.contract]
            assert d.doubles == []
        assert s.totals == [sum(d.scores[p] for d in s.deals) for p in range(players)]


def test_bustarret_is_a_game_of_its_own():
    for option in ("declarer_blocks", "compulsory_doubles", "positive_double_declarer_only"):
        with pytest.raises(SpecErrors, match="unknown option"):
            load_game(BUSTARRET, options={option: "true"})
    assert game(BUSTARRET, early_stop=True).options["early_stop"] == "true"


def test_declarer_only_and_parlett_drop_the_options_they_cannot_have():
    with pytest.raises(SpecErrors, match="unknown option"):
        load_game(DECLARER_ONLY, options={"positive_double_declarer_only": "true"})
    for option in ("compulsory_doubles", "positive_double_declarer_only"):
        with pytest.raises(SpecErrors, match="unknown option"):
            load_game(PARLETT, options={option: "true"})


def test_dealer_chooses_each_game_once_per_dealer():
    g = game(BUSTARRET, dealer_chooses=True)
    s = state(g, first_dealer=A)
    assert s.current_player == A and names(s) == [f"contract {k}" for k in g.contracts]
    advance_to(s, 5)  # every dealer chose the first game he could: No tricks
    assert s.dealer == A and s.current_player == A
    assert "contract no_tricks" not in names(s)
    assert_refused(s, "contract no_tricks", "once_each", "already named")


def test_bustarret_option_requirements():
    # each_dealer repeats the fixed sequence: not with dealer_chooses; extra games only with it
    with pytest.raises(SpecErrors, match="needs `dealer_chooses=false`"):
        load_game(BUSTARRET, options={"each_dealer": "true", "dealer_chooses": "true"})
    with pytest.raises(SpecErrors, match="needs `dealer_chooses=true`"):
        load_game(BUSTARRET, options={"extra_games": "true"})


def bus_raw(contract, deal, n, row=None):
    """Each seat's raw score, from barbu.md §7 Variant 4, counted from the cards played."""
    if contract == "domino":
        out, left = [], [len(h) for h in deal.hands]
        for p, _ in plays(deal):
            left[p] -= 1
            if left[p] == 0:
                out.append(p)
        assert len(out) == n - 1  # the deal ends when N - 1 players are out
        place = {p: i for i, p in enumerate(out)}
        return [row[place.get(p, n - 1)] for p in range(n)]
    ts = tricks_of(deal, n)
    assert len(ts) == len(deal.hands[0])
    won, counts = won_cards(deal, n)
    hearts = [sum(c[1] == "H" for c in w) for w in won]
    queens = [sum(c[0] == "Q" for c in w) for w in won]
    kh = [-80 if "KH" in w else 0 for w in won]
    return {
        "no_tricks": [-5 * counts[p] for p in range(n)],
        "no_hearts": [-5 * hearts[p] for p in range(n)],
        "no_queens": [-20 * queens[p] for p in range(n)],
        "no_king_of_hearts": kh,
        "salad": [-5 * counts[p] - 5 * hearts[p] - 20 * queens[p] + kh[p] for p in range(n)],
        "most_tricks": [5 * counts[p] for p in range(n)],
        "first_and_last": [(-40 if ts[0][2] == p else 0) + (-40 if ts[-1][2] == p else 0) for p in range(n)],
    }[contract]


def chooser_score(raw, doubled):
    if not doubled:
        return raw
    return raw * 2 if raw < 0 else raw / 2


DOMINO_ROWS = {3: [40, 0, -40], 4: [50, 20, -20, -50], 5: [50, 25, 0, -25, -50]}


@pytest.mark.parametrize("players, options", [
    (3, {}), (4, {}), (5, {}), (3, {"extra_games": True}), (4, {"extra_games": True}),
    (5, {"extra_games": True}), (4, {"extra_games": True, "domino4": "seed"}),
    (4, {"extra_games": True, "domino4": "pagat"}), (5, {"extra_games": True, "domino4": "seed"}),
    (3, {"extra_games": True, "domino4": "pagat"}),
])
def test_bustarret_dealer_chooses_whole_games(players, options):
    g = game(BUSTARRET, players=players, dealer_chooses=True, **options)
    contracts = BUS_ORDER + (BUS_EXTRA if options.get("extra_games") else [])
    assert sorted(g.contracts) == sorted(contracts)
    row = DOMINO_ROWS[players]  # `domino4` changes the four-player row only
    if players == 4:
        row = {"seed": [50, 20, 20, -50], "pagat": [50, 20, -20, -40]}.get(options.get("domino4"), row)
    for seed in range(3):
        s = random_game(g, seed, first_dealer=seed % players)
        assert len(s.deals) == len(contracts) * players
        for seat in range(players):
            assert sorted(d.contract for d in s.deals if d.dealer == seat) == sorted(contracts)
        for d in s.deals:
            assert d.dealer == (seed + d.number - 1) % players and d.declarer == d.dealer
            # others double the chooser or pass, in turn from his left; he is not asked
            turns = [p for p, _ in d.doubles]
            assert turns[:players - 1] == [(d.dealer + i) % players for i in range(1, players)]
            assert all(ts in ((), (d.dealer,)) for p, ts in d.doubles)
            first_play = next(p for p, a in d.actions if a.kind == "play")
            assert first_play == (d.dealer - 1) % players  # the dealer's right leads
            raw = bus_raw(d.contract, d, players, row)
            assert d.raw == raw
            doubled = any(ts for _, ts in d.doubles)
            want = list(raw)
            want[d.dealer] = chooser_score(raw[d.dealer], doubled)
            assert d.scores == want
        assert s.totals == [sum(d.scores[p] for d in s.deals) for p in range(players)]


def chooser_deal(contract, order, doubles, options=None, tricks=EXAMPLE5, chooser=A):
    """Under 4a, `chooser` deals and names `contract`; the roles sit from his right in `order`."""
    g = game(BUSTARRET, dealer_chooses=True, **(options or {}))
    seat_of = seating((chooser - 1) % 4, order)
    s = state(g, {1: seat_hands(tricks, seat_of)}, first_dealer=chooser)
    play(s, f"contract {contract}", *doubles)
    return s, seat_of


def test_dealer_chooses_doubling_turns():
    s, _ = chooser_deal("no_tricks", "ABCD", [], chooser=C)
    for seat in (D, A, B):
        assert s.current_player == seat
        assert names(s) == ["pass", "double C"]
        other = next(x for x in range(4) if x not in (seat, C))
        assert_refused(s, "double " + "ABCD"[other], "may_double")
        s.apply("double C")
    # the chooser does not redouble: the dealer's right leads at once
    assert s.current_player == B
    assert names(s)[0].startswith("play")


@pytest.mark.parametrize("doubles, chooser_final", [
    (["pass", "pass", "pass"], -20),
    (["double A", "pass", "pass"], -40),
    (["double A", "double A", "pass"], -40),
    (["double A", "double A", "double A"], -40),  # the factor is applied once
])
def test_dealer_chooses_a_doubled_negative_score_doubles(doubles, chooser_final):
    # role D (one queen, -20) chooses No queens; the others: A -20, B -40, C 0
    s, seat_of = chooser_deal("no_queens", "ADBC", doubles)
    assert seat_of["D"] == A
    play(s, *seat_plays(EXAMPLE5, seat_of))
    d = s.deals[0]
    assert by_role(d.raw, seat_of) == {"A": -20, "B": -40, "C": 0, "D": -20}
    assert by_role(d.scores, seat_of) == {"A": -20, "B": -40, "C": 0, "D": chooser_final}


def test_dealer_chooses_zero_stays_zero():
    s, seat_of = chooser_deal("no_queens", "ACBD", ["double A", "double A", "double A"])
    assert seat_of["C"] == A
    play(s, *seat_plays(EXAMPLE5, seat_of))
    assert by_role(s.deals[0].scores, seat_of) == {"A": -20, "B": -40, "C": 0, "D": -20}


@pytest.mark.parametrize("doubles, chooser_final", [
    (["pass", "pass", "pass"], 15),
    (["pass", "double A", "pass"], 7.5),
    (["double A", "double A", "double A"], 7.5),
])
def test_dealer_chooses_a_doubled_positive_score_halves(doubles, chooser_final):
    # role C (3 tricks) chooses Plus de levées: +15
    s, seat_of = chooser_deal("most_tricks", "ACBD", doubles, {"extra_games": True})
    play(s, *seat_plays(EXAMPLE5, seat_of))
    d = s.deals[0]
    assert by_role(d.raw, seat_of) == {"A": 25, "B": 20, "C": 15, "D": 5}
    assert by_role(d.scores, seat_of) == {"A": 25, "B": 20, "C": chooser_final, "D": 5}
    assert s.totals[A] == chooser_final


def test_dealer_chooses_the_example_salad():
    s, seat_of = chooser_deal("salad", "ABCD", ["pass", "double B", "pass"], chooser=B)
    play(s, *seat_plays(EXAMPLE5, seat_of))
    d = s.deals[0]
    assert by_role(d.raw, seat_of) == {"A": -65, "B": -170, "C": -25, "D": -30}
    assert by_role(d.scores, seat_of) == {"A": -65, "B": -340, "C": -25, "D": -30}


@pytest.mark.parametrize("tricks, want", [
    (EXAMPLE5, {"A": -80, "B": 0, "C": 0, "D": 0}),     # A wins the first and the last trick
    (THREE_WAY, {"A": -40, "B": 0, "C": 0, "D": -40}),  # A the first, D the last
])
def test_extra_games_first_and_last(tricks, want):
    s, seat_of = chooser_deal("first_and_last", "ABCD", ["pass"] * 3, {"extra_games": True}, tricks)
    play(s, *seat_plays(tricks, seat_of))
    assert by_role(s.deals[0].raw, seat_of) == want


@pytest.mark.parametrize("domino4, row", [
    ("balanced", [50, 20, -20, -50]), ("seed", [50, 20, 20, -50]), ("pagat", [50, 20, -20, -40]),
])
def test_extra_games_domino_four_players(domino4, row):
    g = game(BUSTARRET, dealer_chooses=True, extra_games=True, domino4=domino4)
    s = state(g, {1: ONE_SUIT_EACH}, first_dealer=B)
    play(s, "contract domino", "pass", "pass", "pass")
    assert s.current_player == A  # the dealer's right plays first
    assert names(s) == [f"play {c}" for c in ONE_SUIT_EACH[A].split()]  # any card, no announcement
    assert_refused(s, "pass", "must play when able")
    play(s, "play 9S")
    assert s.current_player == B and names(s) == ["play 9H"]  # the 9 is the start rank
    assert_refused(s, "play 8H", "layout", "begun with the 9")
    d = finish_deal(s)
    # everybody always extends his own suit: out in turn from A; D still holds a card
    assert len([c for p, c in plays(d) if p == D]) == 12
    assert d.raw == d.scores == row


def test_extra_games_domino_pass_shows_nothing():
    g = game(BUSTARRET, dealer_chooses=True, extra_games=True)
    s = state(g, {1: MIXED}, first_dealer=B)
    play(s, "contract domino", "pass", "pass", "pass", "play TS")  # the start rank is 10
    assert s.current_player == B and names(s) == ["pass"]  # B holds no 10 and no 9S
    play(s, "pass")
    assert all(s.view(p)["shown_hands"] == {} for p in range(4))


FIVE = ["3S 4S 5S 6S 7S 8S 9S TS JS QS", "KS AS 3C 4C 5C 6C 7C 8C 9C TC",
        "JC QC KC AC 2D 3D 4D 5D 6D 7D", "8D 9D TD JD QD KD AD 3H 4H 5H",
        "2H 6H 7H 8H 9H TH JH QH KH AH"]


def test_extra_games_domino_five_players_suits_without_their_two_are_begun():
    g = game(BUSTARRET, players=5, dealer_chooses=True, extra_games=True)
    s = state(g, {1: FIVE}, first_dealer=A)
    play(s, "contract domino", "pass", "pass", "pass", "pass")
    assert s.current_player == E  # the dealer's right
    play(s, "play 2H")  # the start rank is 2: spades and clubs count as begun at the 2
    assert s.current_player == A and names(s) == ["play 3S"]
    assert_refused(s, "pass", "must play when able", "3S")
    assert_refused(s, "play 4S", "layout")
    play(s, "play 3S")
    assert names(s) == ["play 3C"]
    play(s, "play 3C")
    assert names(s) == ["play 2D"]
    d = finish_deal(s)
    assert sorted(d.raw) == sorted(DOMINO_ROWS[5])


def test_extra_games_domino_three_players_clubs_begun_at_the_two():
    g = game(BUSTARRET, players=3, dealer_chooses=True, extra_games=True)
    hands = ["3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC AS KS QS JS TS",
             "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH 9S 8S 7S 6S",
             "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD 5S 4S 3S 2S"]
    s = state(g, {1: hands}, first_dealer=A)
    play(s, "contract domino", "pass", "pass")
    assert s.current_player == C
    play(s, "play 2D")
    assert names(s) == ["play 3C"]
    d = finish_deal(s)
    assert sorted(d.raw) == [-40, 0, 40]


# =====================================================================================
# Every decision of random games: the legal list is exactly what the rules allow
# =====================================================================================

def subsets(items):
    return [tuple(c) for k in range(len(items) + 1) for c in combinations(items, k)]


class Rules:
    """The rules text of one variant, as an oracle of the legal actions (barbu.md §3, §4, §7)."""

    def __init__(self, g, *, ban=("no_hearts", "no_king_of_hearts"), blue_club_trumps=True,
                 doubling="anybody", positive_declarer_only=False, compulsory=False):
        self.g, self.n = g, g.n
        self.ban, self.blue_club_trumps = ban, blue_club_trumps
        self.doubling, self.positive_declarer_only, self.compulsory = doubling, positive_declarer_only, compulsory

    def legal(self, s):
        p = s.current_player
        v = s.view(p)
        deal = s.deals[-1]
        sn = self.g.seat_names
        if v["phase"] == "choose_contract":
            done = {d.contract for d in s.deals[:-1] if d.declarer == p}
            return {f"contract {k}" for k in self.g.contracts if k not in done}
        if v["phase"] == "announce":
            return ({f"trump {x}" for x in "SHDC"} if v["contract"] == "trumps"
                    else {f"start {r}" for r in RANKS})
        if v["phase"] == "double":
            return {"pass" if not t else "double " + " ".join(sn[x] for x in t) for t in self.doubles(s, p, deal)}
        hand = v["hand"]
        if v["contract"] in ("dominoes", "domino"):
            return self.layout(s, hand, deal)
        return {f"play {c}" for c in self.trick_cards(s, hand, deal, v)}

    def doubles(self, s, p, deal):
        n, decl = self.n, deal.declarer
        others = [t for t in range(n) if t != p]
        doubled_me = [q for q, ts in deal.doubles if p in ts]
        if self.doubling == "chooser":
            return [(), (decl,)]
        if p == decl:
            if self.doubling == "declarer_only":
                return [(), tuple(sorted(doubled_me))]
            return subsets(sorted(doubled_me))
        if self.doubling == "declarer_only" or (self.positive_declarer_only
                                                and deal.contract in ("trumps", "dominoes")):
            options = [(), (decl,)]
        else:
            options = subsets(others)
        if self.compulsory:
            owed = 2 - sum(1 for d in s.deals[:-1] if d.declarer == decl
                           for q, ts in d.doubles if q == p and decl in ts)
            left = len(self.g.contracts) - sum(1 for d in s.deals if d.declarer == decl) + 1
            if owed >= left:
                options = [t for t in options if decl in t]
        return options

    def trick_cards(self, s, hand, deal, v):
        ps = [c for _, c in plays(deal)]
        trick = ps[len(ps) - len(ps) % self.n:]
        if not trick:
            if v["contract"] in self.ban and any(c[1] != "H" for c in hand):
                return [c for c in hand if c[1] != "H"]
            return hand
        led = trick[0][1]
        follow = [c for c in hand if c[1] == led]
        trump = v["announced"].get("trump")
        if v["contract"] != "trumps" or not self.blue_club_trumps:
            return follow or hand
        top = max((RANKS[::-1].index(c[0]) for c in trick if c[1] == trump), default=None)

        def beats(c):
            return c[1] == trump and (top is None or RANKS[::-1].index(c[0]) > top)
        if follow:
            if led == trump:
                return [c for c in follow if beats(c)] or follow
            return follow
        return [c for c in hand if beats(c)] or hand

    def layout(self, s, hand, deal):
        ps = [c for _, c in plays(deal)]
        announced = deal.announced.get("start")
        if announced is None and not ps:
            return {f"play {c}" for c in hand}  # the first card fixes the start rank
        start = RANKS[announced] if announced is not None else ps[0][0]
        order = RANKS[::-1]  # 2 low ... A high
        laid = {x: {order.index(c[0]) for c in ps if c[1] == x} for x in "SHDC"}
        for x in "SHDC":
            if start + x not in self.g.pack.names:
                laid[x].add(order.index(start))  # BAR-11: that suit counts as begun
        ok = []
        for c in hand:
            r, x = order.index(c[0]), c[1]
            if not laid[x]:
                if c[0] == start:
                    ok.append(c)
            elif r == min(laid[x]) - 1 or r == max(laid[x]) + 1:
                ok.append(c)
        return {f"play {c}" for c in ok} or {"pass"}


def rules_for(spec, **options):
    g = game(spec, **options)
    kw = {}
    if spec == PARLETT:
        kw["blue_club_trumps"] = False
    if spec == DECLARER_ONLY:
        kw["doubling"] = "declarer_only"
    if spec == BUSTARRET:
        kw["ban"] = ("no_hearts", "no_king_of_hearts") if options.get("heart_lead_ban") else ()
        kw["doubling"] = "chooser"
    kw["positive_declarer_only"] = bool(options.get("positive_double_declarer_only"))
    kw["compulsory"] = bool(options.get("compulsory_doubles"))
    return Rules(g, **kw)


@pytest.mark.parametrize("spec, options", [
    (BASE, {}), (BASE, {"declarer_blocks": True, "early_stop": True}),
    (BASE, {"compulsory_doubles": True}), (BASE, {"positive_double_declarer_only": True}),
    (RAVAGE, {"ravage_24": True}), (RAVAGE, {"compulsory_doubles": True, "declarer_blocks": True}),
    (PARLETT, {}), (DECLARER_ONLY, {}), (DECLARER_ONLY, {"compulsory_doubles": True}),
    (BUSTARRET, {"players": 3}), (BUSTARRET, {"players": 5, "heart_lead_ban": True, "each_dealer": True}),
    (BUSTARRET, {"players": 3, "dealer_chooses": True, "extra_games": True}),
    (BUSTARRET, {"players": 4, "dealer_chooses": True, "extra_games": True, "heart_lead_ban": True}),
    (BUSTARRET, {"players": 5, "dealer_chooses": True, "extra_games": True, "early_stop": True}),
], ids=lambda x: x.name if isinstance(x, Path) else ",".join(f"{k}={v}" for k, v in x.items()) or "-")
def test_every_legal_list_is_what_the_rules_allow(spec, options):
    rules = rules_for(spec, **options)
    for seed in range(2):
        rng = random.Random(seed)
        s = rules.g.new_state(seed)
        while not s.is_terminal:
            legal = names(s)
            assert set(legal) == rules.legal(s), (s.deal_number, s.view(s.current_player))
            assert len(legal) == len(set(legal))
            s.apply(legal[rng.randrange(len(legal))])


# ---- records and hidden information, in every variant ---------------------------------

@pytest.mark.parametrize("spec, options", [
    (RAVAGE, {"ravage_24": True}), (PARLETT, {"declarer_blocks": True}), (DECLARER_ONLY, {}),
    (BUSTARRET, {"players": 5, "dealer_chooses": True, "extra_games": True}),
    (BUSTARRET, {"players": 3, "each_dealer": True, "early_stop": True}),
])
def test_records_of_variant_games_replay(spec, options, tmp_path):
    from interpreter.record.replay import dump, record_of, replay

    g = game(spec, **options)
    s = random_game(g, 5)
    path = tmp_path / "game.yaml"
    dump(record_of(s, str(spec)), path)
    again = replay(path).state
    assert [d.scores for d in again.deals] == [d.scores for d in s.deals]
    assert again.totals == s.totals


@pytest.mark.parametrize("spec, options", [
    (PARLETT, {}), (BUSTARRET, {"players": 5, "dealer_chooses": True, "extra_games": True}),
    (BUSTARRET, {"players": 3}),
])
def test_views_hide_the_other_hands(spec, options):
    g = game(spec, **options)
    for seed in range(6):
        rng = random.Random(seed)
        s = g.new_state(seed)
        for _ in range(rng.randrange(20, 300)):
            if s.is_terminal:
                break
            legal = s.legal_actions()
            s.apply(legal[rng.randrange(len(legal))])
        for seat in range(g.n):
            before = s.view(seat)
            assert unseen_redealt(s, seat, rng).view(seat) == before

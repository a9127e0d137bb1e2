"""Napoleon (specs/napoleon/napoleon.yaml): the worked examples replayed to the settlements worked out
by hand, the bidding one call at a time (misère between three and four, nap, Wellington only over a
nap, Blücher only over a Wellington, the stuck dealer), the first card led naming trumps, an
independent implementation of the rules (tests/games/napoleon/reference.py) compared with the engine
decision by decision and deal by deal for the default and every option, and random-game invariants."""

from __future__ import annotations

import functools
import os
from pathlib import Path

import pytest

from interpreter.compile.game import load_game
from interpreter.core.errors import IllegalAction
from interpreter.record.replay import replay
from interpreter.words.rulebook import rules
from tests.games.napoleon.compare import legal_names, play_against_the_reference
from tests.helpers import checked_random_game

ROOT = Path(__file__).resolve().parents[3]
SPEC = ROOT / "specs" / "napoleon" / "napoleon.yaml"
RECORDS = ROOT / "tests" / "records" / "napoleon"
A, B, C, D = range(4)
GAMES = int(os.environ.get("CARDSPEC_NAPOLEON_GAMES", "150"))  # random games of the default rules
OPTION_GAMES = max(3, GAMES // 5)  # and of each option value
STYLES = ("random", "bold", "timid")

OPTION_VALUES = [
    {"players": "2"}, {"players": "3"}, {"players": "5"}, {"players": "6"}, {"players": "7"},
    {"misere": "false"}, {"wellington": "true"}, {"all_pass": "dealer_bids"}, {"rounds": "1"}, {"rounds": "2"},
]
TOGETHER = [
    {"wellington": "true", "all_pass": "dealer_bids", "misere": "false"},
    {"players": "2", "wellington": "true", "all_pass": "dealer_bids"},
    {"players": "6", "misere": "false", "rounds": "2"},
]


@functools.cache
def _loaded(options: tuple):
    return load_game(SPEC, options=dict(options))


def game(**options):
    """The game under these options, compiled once."""
    return _loaded(tuple(sorted((k, str(v)) for k, v in options.items())))


def config_id(options):
    return ",".join(f"{k}={v}" for k, v in options.items()) or "default"


def dealt(g, hands, dealer):
    """A new game of `g` whose first deal gives `hands` (seat -> the cards, written out)."""
    parse = g.pack.parse
    return g.new_state(1, first_dealer=dealer, hands={1: [[parse(c) for c in hands[p].split()] for p in range(g.n)]})


HANDS = {A: "JS 9H 8H 7C 6C", B: "AS KS QS 2H 3D", C: "5S KH QH AD 2C", D: "4S AH JD TD 9C"}


# ---- the worked examples -----------------------------------------------------------------

@pytest.mark.parametrize("name, deals, totals", [
    ("nap_bids_misere_and_nap.yaml", [[-3, 9, -3, -3], [3, 3, -9, 3], [-10, -10, -10, 30], [0, 0, 0, 0]],
     [-10, 2, -22, 30]),
    ("nap_blucher_and_stuck_dealer.yaml", [[15, 15, 15, -45], [3, -1, -1, -1]], [18, 14, 14, -46]),
])
def test_worked_examples_replay_to_the_settlements_worked_by_hand(name, deals, totals):
    st = replay(RECORDS / name).state
    assert [d.scores for d in st.deals if d.scores is not None] == deals
    assert st.totals == totals and sum(st.totals) == 0 and not st.is_terminal


def test_the_thrown_in_deal_does_not_count_and_the_deal_passes_on():
    st = replay(RECORDS / "nap_bids_misere_and_nap.yaml").state
    assert [d.void for d in st.deals[:4]] == [False, False, False, True]
    assert st.deal_number == 5 and st.deal.dealer == D
    assert st.game.deals(st) == 20  # five rounds of four deals: the thrown-in one is not among them


def test_the_first_card_led_names_trumps_and_a_misere_has_none():
    st = replay(RECORDS / "nap_bids_misere_and_nap.yaml").state
    first, misere, nap = st.deals[:3]
    assert [t.winner for t in first.tricks] == [B, B, B, D, C]
    assert [t.winner for t in misere.tricks] == [D, C, D, D, D]  # C's AC wins the clubs: misère lost
    assert [t.winner for t in nap.tricks] == [D] * 5
    # the Blücher: B trumps the last trick's heart with the TS, spades being trumps since the AS was led
    st = replay(RECORDS / "nap_blucher_and_stuck_dealer.yaml").state
    assert [t.winner for t in st.deals[0].tricks] == [D, D, D, D, B]


# ---- the bidding -------------------------------------------------------------------------

def test_each_bid_beats_the_ones_before_with_misere_between_three_and_four():
    st = dealt(game(), HANDS, D)
    assert legal_names(st) == ["bid 2", "bid 3", "bid 4", "misere", "nap", "pass"]
    st.apply("bid 3")
    assert legal_names(st) == ["bid 4", "misere", "nap", "pass"]
    st.apply("misere")
    assert legal_names(st) == ["bid 4", "nap", "pass"]
    with pytest.raises(IllegalAction) as info:
        st.apply("bid 3")
    assert info.value.message == "C may not bid 3 now: a bid must be higher than every bid before it"
    st.apply("nap")
    assert legal_names(st) == ["pass"]  # nothing is higher than nap without Wellington
    st.apply("pass")
    assert st.current_player == C and st.phase.kind == "tricks"  # Napoleon leads


def test_wellington_only_over_a_nap_and_blucher_only_over_a_wellington():
    st = dealt(game(wellington="true"), HANDS, D)
    assert "wellington" not in legal_names(st) and "blucher" not in legal_names(st)
    st.apply("bid 4")
    assert legal_names(st) == ["nap", "pass"]
    st.apply("nap")
    assert legal_names(st) == ["pass", "wellington"]
    st.apply("wellington")
    assert legal_names(st) == ["blucher", "pass"]
    st.apply("blucher")
    assert st.phase.kind == "tricks" and st.current_player == D  # four calls made: Blücher leads


def test_without_misere():
    assert legal_names(dealt(game(misere="false"), HANDS, D)) == ["bid 2", "bid 3", "bid 4", "nap", "pass"]


def test_the_stuck_dealer_may_bid_one_and_nobody_else_may():
    st = dealt(game(all_pass="dealer_bids"), HANDS, D)
    assert legal_names(st) == ["bid 2", "bid 3", "bid 4", "misere", "nap", "pass"]  # no one for A
    for _ in range(3):
        st.apply("pass")
    assert st.current_player == D and legal_names(st) == ["bid 1", "bid 2", "bid 3", "bid 4", "misere", "nap"]
    with pytest.raises(IllegalAction):
        st.apply("pass")
    st = dealt(game(all_pass="dealer_bids"), HANDS, D)
    st.apply("bid 2")
    for _ in range(2):
        st.apply("pass")
    assert legal_names(st) == ["bid 3", "bid 4", "misere", "nap", "pass"]  # not stuck: he may pass


def test_all_passing_throws_the_deal_in():
    st = dealt(game(), HANDS, D)
    for _ in range(4):
        st.apply("pass")
    assert st.deals[0].void and st.deal_number == 2 and st.deal.dealer == A


# ---- the independent implementation --------------------------------------------------------

def test_the_default_rules_match_the_independent_implementation():
    seen = [play_against_the_reference(game(), {}, seed, STYLES[seed % 3]) for seed in range(GAMES)]
    total = {k: sum(s[k] for s in seen) for k in seen[0]}
    assert total["decisions"] > GAMES * 400
    assert all(total[k] > 0 for k in ("void", "made", "misere", "nap"))


@pytest.mark.parametrize("options", OPTION_VALUES + TOGETHER, ids=config_id)
def test_each_option_matches_the_independent_implementation(options):
    seen = [play_against_the_reference(game(**options), options, seed, STYLES[seed % 3])
            for seed in range(1000, 1000 + OPTION_GAMES)]
    total = {k: sum(s[k] for s in seen) for k in seen[0]}
    if options.get("wellington") == "true":
        assert total["wellington"] > 0 and (total["blucher"] > 0 or options.get("players") == "2")
    if options.get("all_pass") == "dealer_bids":
        assert total["one"] > 0 and total["void"] == 0
    if options.get("misere") == "false":
        assert total["misere"] == 0


# ---- random games: invariants ------------------------------------------------------------

@pytest.mark.parametrize("options", [{}] + OPTION_VALUES, ids=config_id)
def test_random_games_keep_the_invariants_and_replay(options, tmp_path):
    """Legal list never empty, every card in one place, the game's length, each deal adding up to 0
    (the engine checks the declared total), the record replaying."""
    g = game(**options)
    for seed in range(3):
        st = checked_random_game(g, seed, tmp_path / f"{seed}.yaml", SPEC)
        assert sum(st.totals) == 0


def test_the_rulebook_tells_the_bids_and_the_trump():
    book = " ".join(rules(SPEC).split())
    assert "misere (when \"misere allowed\" and \"top bid\" is less than 3.5)" in book
    assert "Trumps: none if the number of the tricks is 0 or \"misere played\", otherwise the led suit of the first trick." in book
    assert "A game is 20 deals" in book

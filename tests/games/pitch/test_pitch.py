"""Auction Pitch (specs/pitch/pitch.yaml): the worked examples replayed to the scores worked out by
hand, the bidding and play rules one by one (the stuck dealer, a bid that must beat the one standing,
the first card led naming trumps, follow suit or trump), an independent implementation of the rules
(tests/games/pitch/reference.py) compared with the engine decision by decision and deal by deal for
the default and every option, and random-game invariants."""

from __future__ import annotations

import functools
import os
from pathlib import Path

import pytest
import yaml

from interpreter.compile.game import load_game
from interpreter.core.errors import IllegalAction
from interpreter.record.replay import replay
from interpreter.words.rulebook import rules
from tests.games.pitch.compare import legal_names, play_against_the_reference
from tests.helpers import checked_random_game

ROOT = Path(__file__).resolve().parents[3]
SPEC = ROOT / "specs" / "pitch" / "pitch.yaml"
RECORDS = ROOT / "tests" / "records" / "pitch"
A, B, C, D = range(4)
GAMES = int(os.environ.get("CARDSPEC_PITCH_GAMES", "150"))  # random games of the default rules
OPTION_GAMES = max(1, GAMES // 5)  # and of each option value

# every option value other than the default, each alone; then some together, and low targets, where
# several players reach the target in the same deal and the order of counting decides
OPTION_VALUES = [
    {"players": "2"}, {"players": "3"}, {"players": "5"}, {"players": "6"}, {"players": "7"},
    {"lowest_bid": "1"}, {"all_pass": "throw_in"}, {"dealer_steals": "true"}, {"low": "won"},
    {"target": "11"}, {"target": "21"}, {"target": "2"}, {"deal_limit": "5"}, {"smudge": "true"},
]
TOGETHER = [
    {"target": "1"}, {"target": "3", "smudge": "true", "dealer_steals": "true"},
    {"target": "2", "low": "won", "all_pass": "throw_in", "lowest_bid": "1"},
    {"players": "3", "target": "3", "deal_limit": "4", "all_pass": "throw_in"},
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


def replayed(name, options=None, tmp_path=None):
    """The final state of a record; with `options`, of a copy of it without its scores, replayed under them."""
    if options is None:
        return replay(RECORDS / name).state
    data = yaml.safe_load((RECORDS / name).read_text())
    data.pop("totals", None)
    data["deals"] = [{k: v for k, v in d.items() if k != "scores"} for d in data["deals"]]
    data["options"] = {**(data.get("options") or {}), **options}
    path = tmp_path / name
    path.write_text(yaml.safe_dump(data))
    return replay(path).state


def refused(state, action, rule):
    before = (state.current_player, legal_names(state), [(s, a.name) for s, a in state.history])
    with pytest.raises(IllegalAction) as info:
        state.apply(action)
    assert info.value.rule == rule
    assert (state.current_player, legal_names(state), [(s, a.name) for s, a in state.history]) == before
    return info.value.message


# ---- the worked examples -----------------------------------------------------------------

@pytest.mark.parametrize("name, deals, totals, over, returns", [
    ("pitch_made_and_set_back.yaml", [[4, 0, 0, 0], [1, 2, -3, 1]], [5, 2, -3, 1], False, None),
    # A reaches 3 with the low point, before B with the jack: A wins with 3 to B's 4
    ("pitch_count_out.yaml", [[1, 2, -3, 1], [2, 2, 0, -2]], [3, 4, -3, -1], True, [1, 0, 0, 0]),
])
def test_worked_examples_replay_to_the_scores_worked_by_hand(name, deals, totals, over, returns):
    st = replayed(name)
    assert [d.scores for d in st.deals if d.scores is not None] == deals
    assert st.totals == totals and st.is_terminal == over
    if over:
        assert st.returns == returns


def test_the_first_card_led_names_trumps():
    st = replayed("pitch_made_and_set_back.yaml")
    first, second = st.deals[0], st.deals[1]
    assert [t.winner for t in first.tricks] == [A, A, A, C, C, C]
    assert [t.winner for t in second.tricks] == [A, B, B, D, C, C]  # B's TS trumps the KC led in trick 2


def test_with_low_to_its_winner_the_low_points_move_and_high_counts_first(tmp_path):
    """The count-out example under `low=won`: in deal 1 the 2S fell to A's AS (low to A, not D); in
    deal 2 B won the 2D (low to B, not A). A (2 + high = 3) is out at the first point counted, before
    B, who ends with 5."""
    st = replayed("pitch_count_out.yaml", {"low": "won"}, tmp_path)
    assert [d.scores for d in st.deals] == [[2, 2, -3, 0], [1, 3, 0, -2]]
    assert st.totals == [3, 5, -3, -2] and st.is_terminal and st.returns == [1, 0, 0, 0]


def test_a_smudge_wins_at_once_with_the_option(tmp_path):
    """The first deal of the first example with A bidding 4: he takes all four points."""
    data = yaml.safe_load((RECORDS / "pitch_made_and_set_back.yaml").read_text())
    data["deals"] = data["deals"][:1]
    data["deals"][0]["actions"][0] = "A bid 4, B pass, C pass, D pass"
    data.pop("totals")
    del data["deals"][0]["scores"]
    for options, over in (({}, False), ({"smudge": "true"}, True)):
        data["options"] = options
        path = tmp_path / "smudge.yaml"
        path.write_text(yaml.safe_dump(data))
        st = replay(path).state
        assert st.deals[0].scores == [4, 0, 0, 0] and st.is_terminal == over
        if over:
            assert st.returns == [1, 0, 0, 0]


# ---- the bidding -------------------------------------------------------------------------

HANDS = {A: "AH KH 2H 9S 8D 7C", B: "JH TH 6S 5D 4C 3C", C: "QH 3H AS KS TD QC", D: "5H 4H 7D JC 9C 8C"}


def test_each_bid_beats_the_one_standing_and_the_stuck_dealer_may_not_pass():
    st = dealt(game(), HANDS, D)
    assert legal_names(st) == ["bid 2", "bid 3", "bid 4", "pass"]
    st.apply("pass")
    st.apply("bid 3")
    assert legal_names(st) == ["bid 4", "pass"]
    message = refused(st, "bid 3", "allowed")
    assert message == "C may not bid 3 now: a bid must be higher than every bid before it"
    st = dealt(game(), HANDS, D)
    for _ in range(3):
        st.apply("pass")
    assert st.current_player == D and legal_names(st) == ["bid 2", "bid 3", "bid 4"]  # stuck
    with pytest.raises(IllegalAction) as info:
        st.apply("pass")
    assert "may not" in info.value.message
    st.apply("bid 2")
    assert st.current_player == D and st.phase.kind == "tricks"  # the pitcher leads


def test_all_pass_throws_the_deal_in_with_the_option():
    st = dealt(game(all_pass="throw_in"), HANDS, D)
    for _ in range(3):
        st.apply("pass")
    assert legal_names(st) == ["bid 2", "bid 3", "bid 4", "pass"]
    st.apply("pass")
    assert st.deals[0].void and st.deal_number == 2 and st.deal.dealer == A


def test_the_dealer_may_take_the_bid_standing_with_the_option():
    st = dealt(game(dealer_steals="true"), HANDS, D)
    st.apply("bid 2")
    st.apply("bid 3")
    assert legal_names(st) == ["bid 4", "pass"]  # only the dealer may equal it
    st.apply("pass")
    assert legal_names(st) == ["bid 3", "bid 4", "pass"]
    st.apply("bid 3")
    assert st.current_player == D  # the dealer is the pitcher: he leads
    assert legal_names(game().new_state(1)) == ["bid 2", "bid 3", "bid 4", "pass"]


def test_a_bid_of_one_with_the_option():
    assert legal_names(dealt(game(lowest_bid="1"), HANDS, D)) == ["bid 1", "bid 2", "bid 3", "bid 4", "pass"]


# ---- the play ----------------------------------------------------------------------------

def test_follow_suit_or_trump_and_a_void_player_plays_anything():
    st = dealt(game(), {A: "AH KH 2H 9S 8D 7C", B: "JH TH 6S 5D 4C 3C", C: "QH 3H AS KS TD QC",
                        D: "5H 4H 7D JC 9C 8C"}, D)
    for a in ("bid 3", "pass", "pass", "pass", "play 7C"):  # A pitches a club: clubs are trumps
        st.apply(a)
    assert legal_names(st) == ["play 3C", "play 4C"]  # trumps led: follow with a trump
    st.apply("play 4C")
    st.apply("play QC")
    st.apply("play JC")  # D's jack of trumps falls to C's queen
    assert st.tricks[-1].winner == C
    st.apply("play AS")  # C leads a plain suit
    # D holds no spade: any card; A holds the 9S: a spade or a trump (he has no club left)
    assert legal_names(st) == ["play 4H", "play 5H", "play 7D", "play 8C", "play 9C"]
    st.apply("play 8C")
    assert legal_names(st) == ["play 9S"]
    message = refused(st, "play 8D", "follow suit or trump")
    assert "holding a card of the suit led, play one or a trump" in message
    st.apply("play 9S")
    assert legal_names(st) == ["play 3C", "play 6S"]  # B holds a spade: the 6S, or trump with the 3C
    st.apply("play 3C")
    assert st.tricks[-1].winner == D  # D's 8C, the higher trump


# ---- the independent implementation --------------------------------------------------------

def test_the_default_rules_match_the_independent_implementation():
    seen = [play_against_the_reference(game(), {}, seed, greedy=seed % 2 == 1) for seed in range(GAMES)]
    total = {k: sum(s[k] for s in seen) for k in seen[0]}
    assert total["decisions"] > GAMES * 300 and total["made"] > 0 and total["smudges"] > 0


@pytest.mark.parametrize("options", OPTION_VALUES + TOGETHER, ids=config_id)
def test_each_option_matches_the_independent_implementation(options):
    seen = [play_against_the_reference(game(**options), options, seed, greedy=seed % 2 == 1)
            for seed in range(1000, 1000 + OPTION_GAMES)]
    total = {k: sum(s[k] for s in seen) for k in seen[0]}
    if options in ({"target": "1"}, {"target": "2"}):
        assert total["several_out"] > 0  # the order of counting decided
    if options.get("deal_limit") == "5":
        assert total["limit"] > 0


# ---- random games: invariants ------------------------------------------------------------

@pytest.mark.parametrize("options", [{}] + OPTION_VALUES, ids=config_id)
def test_random_games_keep_the_invariants_and_replay(options, tmp_path):
    """Legal list never empty, every card in one place, the game's end, the record replaying."""
    g = game(**options)
    for seed in range(3):
        st = checked_random_game(g, seed, tmp_path / f"{seed}.yaml", SPEC)
        assert sum(st.returns) >= 1  # a winner (or winners sharing a game stopped at its limit)


def test_the_rulebook_tells_the_bidding_the_trump_and_the_points():
    book = " ".join(rules(SPEC).split())
    assert "a bid must be higher than every bid before it" in book
    assert "or pass (when not stuck)" in book
    assert "Trumps: none if the number of the tricks is 0, otherwise the led suit of the first trick." in book
    assert "1. Deal Deal each player 6 cards, in packets of 3" in book

"""Whist (specs/whist/whist.yaml): the worked example, a rubber of three games, replayed to the
points, game values and rubber worked out by hand (and again under each option), the turned-up trump
that is the dealer's thirteenth card, an independent implementation of the rules
(tests/games/whist/reference.py) compared with the engine decision by decision, deal by deal and game
by game under every option, and random-game invariants."""

from __future__ import annotations

import functools
import os
from pathlib import Path

import pytest
import yaml

from interpreter.compile.game import load_game
from interpreter.record.replay import replay
from interpreter.words.rulebook import rules
from tests.games.whist.compare import legal_names, play_against_the_reference
from tests.helpers import checked_random_game

ROOT = Path(__file__).resolve().parents[3]
SPEC = ROOT / "specs" / "whist" / "whist.yaml"
RECORD = ROOT / "tests" / "records" / "whist" / "whist_rubber.yaml"
N, E, S, W = range(4)
GAMES = int(os.environ.get("CARDSPEC_WHIST_GAMES", "300"))  # random rubbers of the default rules
OPTIONS = [{"honours": "false"}, {"rubber": "false"}, {"honours": "false", "rubber": "false"}]


@functools.cache
def _loaded(options: tuple):
    return load_game(SPEC, options=dict(options))


def game(**options):
    """The game under these options, compiled once."""
    return _loaded(tuple(sorted((k, str(v)) for k, v in options.items())))


def config_id(options):
    return ",".join(f"{k}={v}" for k, v in options.items()) or "default"


def replayed(options=None, tmp_path=None, deals=None):
    """The worked example's final state; with `options` (or its first `deals` only), of a copy without
    its scores, replayed under them."""
    if options is None and deals is None:
        return replay(RECORD).state
    data = yaml.safe_load(RECORD.read_text())
    data.pop("totals")
    data["deals"] = [{k: v for k, v in d.items() if k != "scores"} for d in data["deals"][:deals]]
    data["options"] = options or {}
    path = tmp_path / RECORD.name
    path.write_text(yaml.safe_dump(data))
    return replay(path).state


# ---- the worked example ------------------------------------------------------------------

def test_the_rubber_replays_to_the_points_games_and_rubber_worked_by_hand():
    st = replayed()
    assert st.is_terminal
    assert st.game_deals == [2, 5, 6]  # three games, over after deals 2, 5 and 6
    assert st.game_totals == [[7, 3, 7, 3], [2, 5, 2, 5], [11, 0, 11, 0]]
    # a single to N-S (E-W had 3), a double to E-W (N-S had 2), a treble and the rubber to N-S
    assert st.games == [[1, -1, 1, -1], [-2, 2, -2, 2], [5, -5, 5, -5]]
    assert st.returns == [4, -4, 4, -4]


def test_honours_at_four_and_after_the_others_go_out_do_not_count():
    st = replayed()
    assert [d.scores for d in st.deals] == [[3, 2, 3, 2], [4, 1, 4, 1], [0, 4, 0, 4], [2, 0, 2, 0], [0, 1, 0, 1],
                                           [11, 0, 11, 0]]
    # deal 4: E-W, at 4, hold all four honours; deal 5: E-W go out on one odd trick, so N-S's three
    # honours do not count; deal 2: N-S's four honours take them from 3 to 7
    assert [d.seat_tricks for d in st.deals[3:5]] == [(1, 4, 7, 1), (3, 1, 3, 6)]


def test_without_honours_the_same_cards_make_another_rubber(tmp_path):
    """Odd tricks alone: N-S 3 (deal 1), E-W 1, E-W 2, N-S 2 (N-S 5: a single, E-W having 3); then E-W 1
    and N-S 7 (a double, E-W having 1, and the rubber): N-S 1 + 4, E-W -5."""
    st = replayed({"honours": "false"}, tmp_path)
    assert st.is_terminal and st.game_deals == [4, 6]
    assert st.game_totals == [[5, 3, 5, 3], [7, 1, 7, 1]]
    assert st.games == [[1, -1, 1, -1], [4, -4, 4, -4]] and st.returns == [5, -5, 5, -5]


def test_a_single_game_without_the_rubber(tmp_path):
    st = replayed({"rubber": "false"}, tmp_path, deals=2)
    assert st.is_terminal and st.totals == [7, 3, 7, 3] and st.returns == [1, -1, 1, -1]


def test_the_dealer_is_dealt_twelve_and_takes_up_the_turned_card():
    st = replayed()
    g = st.game
    data = yaml.safe_load(RECORD.read_text())
    first = data["deals"][0]
    assert [len(first["hands"][s].split()) for s in "NESW"] == [13, 13, 13, 12]
    fresh = g.new_state(1, first_dealer=W, hands={1: [[g.pack.parse(c) for c in first["hands"][s].split()] for s in "NESW"]},
                        talons={1: [g.pack.parse(first["talon"])]})
    assert fresh.phase.kind == "tricks" and fresh.current_player == N  # no decision: straight to the lead
    assert g.pack.suits[fresh.trump] == "H" and g.pack.parse("KH") in fresh.hands[W] and len(fresh.hands[W]) == 13
    assert legal_names(fresh) == sorted(f"play {c}" for c in first["hands"]["N"].split())


# ---- the independent implementation --------------------------------------------------------

def test_the_default_rules_match_the_independent_implementation():
    seen = [play_against_the_reference(game(), {}, seed, greedy=seed % 2 == 1) for seed in range(GAMES)]
    total = {k: sum(s[k] for s in seen) for k in seen[0]}
    assert total["decisions"] > GAMES * 150
    assert all(total[k] > 0 for k in ("honours", "honours_at_four", "honours_after_out", "trebles", "three_games"))


@pytest.mark.parametrize("options", OPTIONS, ids=config_id)
def test_each_option_matches_the_independent_implementation(options):
    seen = [play_against_the_reference(game(**options), options, seed, greedy=seed % 2 == 1)
            for seed in range(1000, 1000 + GAMES // 2)]
    total = {k: sum(s[k] for s in seen) for k in seen[0]}
    if options.get("honours") == "false":
        assert total["honours"] == 0
    if options.get("rubber") == "false":
        assert total["games"] == len(seen)


# ---- random games: invariants ------------------------------------------------------------

@pytest.mark.parametrize("options", [{}] + OPTIONS, ids=config_id)
def test_random_games_keep_the_invariants_and_replay(options, tmp_path):
    """Legal list never empty, every card in one place (the turned-up card with the dealer), the
    rubber's end, results adding up to 0 between the sides, the record replaying."""
    g = game(**options)
    for seed in range(3):
        st = checked_random_game(g, seed, tmp_path / f"{seed}.yaml", SPEC)
        assert sum(st.returns) == 0 and st.returns[N] == st.returns[S] and st.returns[E] == st.returns[W]


def test_the_rulebook_tells_the_turn_up_and_the_scoring():
    book = " ".join(rules(SPEC).split())
    assert "Turn the next card face up: its suit is trump." in book
    assert "takes the turned-up card" in book or "turn-up" in book
    assert "A rubber, the best of three games" in book

"""Barbu through the generic engine: worked examples, invariants, illegal moves, hidden cards."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from interpreter.compile.game import load_game
from interpreter.core.errors import IllegalAction
from interpreter.record.replay import dump, record_of, replay
from tests.helpers import unseen_redealt

ROOT = Path(__file__).resolve().parents[3]
SPEC = ROOT / "specs" / "barbu" / "barbu.yaml"
RECORDS = Path(__file__).resolve().parents[2] / "records"

GAME = load_game(SPEC)
A, B, C, D = range(4)

# Hands chosen so that each illegal move below is easy to set up.
HANDS = {
    A: "AS KS QS JS TS 9S 8S AH KH QH JH TH 9H",
    B: "7S 6S 5S 4S 3S 2S 8H 7H 6H 5H 4H 3H 2H",
    C: "AD KD QD JD TD 8D 7D AC KC QC JC TC 9C",
    D: "9D 6D 5D 4D 3D 2D 8C 7C 6C 5C 4C 3C 2C",
}


def dealt(first_dealer=A, hands=HANDS):
    """A new game whose first deal gives `hands`."""
    cards = [[GAME.pack.parse(c) for c in hands[p].split()] for p in range(4)]
    return GAME.new_state(1, first_dealer=first_dealer, hands={1: cards})


def play(state, *names):
    for name in names:
        state.apply(name)
    return state


def snapshot(state):
    """Everything a refused action must leave unchanged."""
    return (state.current_player, [a.name for a in state.legal_actions()],
            [(s, a.name) for s, a in state.history], [state.view(p) for p in range(4)])


def assert_refused(state, action, rule, fragment):
    before = snapshot(state)
    with pytest.raises(IllegalAction) as info:
        state.apply(action)
    assert info.value.rule == rule
    assert fragment in info.value.message
    assert snapshot(state) == before


# ---- the rulebook's worked examples -------------------------------------------------

@pytest.mark.parametrize("name, deals, totals", [
    ("barbu_example1.yaml", [[-20, 5, -30, 110], [-12, -6, 24, -30]], [-32, -1, -6, 80]),
    ("barbu_example2.yaml", [[8, -8, -36, 6]], [8, -8, -36, 6]),
    ("barbu_example3.yaml", [[20, -30, 150, -75]], [20, -30, 150, -75]),
    ("barbu_example4.yaml", [[-18, -18, 0, 0]], [-18, -18, 0, 0]),  # Ravage City
])
def test_worked_examples_replay_to_the_rulebook_scores(name, deals, totals):
    result = replay(RECORDS / name)
    assert [d.scores for d in result.state.deals if d.scores is not None] == deals
    assert result.state.totals == totals


def test_example_5_the_salad_replays_to_the_rulebook_scores():
    """Bustarret's Salad is the fifth game of the sequence: its deal scores are the rulebook's."""
    state = replay(RECORDS / "barbu_example5.yaml").state
    salad = state.deals[4]
    assert state.game.contracts[salad.contract].name == "Salad (Salade)"
    assert salad.scores == [-65, -170, -25, -30]
    assert sum(salad.scores) == -290


# ---- illegal choices are refused with the rule's name, state unchanged ---------------

def test_revoke_is_refused_by_follow_suit():
    s = play(dealt(), "contract no_tricks", "pass", "pass", "pass", "play AS")
    assert_refused(s, "play 8H", "follow suit", "you may play 7S 6S 5S 4S 3S 2S")
    s.apply("play 2S")  # any spade is fine


def test_heart_lead_is_refused_while_holding_other_suits():
    s = play(dealt(), "contract no_hearts", "pass", "pass", "pass")
    assert_refused(s, "play AH", "heart-lead ban", "a heart may be led only")
    s.apply("play AS")


def test_heart_lead_allowed_from_a_hand_of_hearts():
    hands = dict(HANDS)
    hands[A], hands[B] = "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H", "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S"
    s = play(dealt(hands=hands), "contract no_king_of_hearts", "pass", "pass", "pass")
    assert "play 2H" in [a.name for a in s.legal_actions()]


def test_leader_may_lead_anything_in_trumps():
    s = play(dealt(), "contract trumps", "trump D", "pass", "pass", "pass")
    assert len(s.legal_actions()) == 13


def test_undertrumping_is_refused_when_an_overtrump_is_held():
    s = play(dealt(), "contract trumps", "trump D", "pass", "pass", "pass", "play AH", "play 2H", "play 8D")
    assert [a.name for a in s.legal_actions()] == ["play 9D"]
    assert_refused(s, "play 2D", "must win with a trump", "you may play 9D")
    assert_refused(s, "play 5C", "must win with a trump", "you may play 9D")


def test_void_player_must_trump_to_win_but_may_discard_when_he_cannot():
    s = play(dealt(), "contract trumps", "trump D", "pass", "pass", "pass", "play AH", "play 2H")
    # C is void in hearts and holds trumps: any trump wins, so he must trump
    assert {a.name for a in s.legal_actions()} == {"play AD", "play KD", "play QD", "play JD", "play TD",
                                                    "play 8D", "play 7D"}
    s.apply("play AD")
    # D cannot beat the ace of trumps: anything goes, a lower trump included
    assert len(s.legal_actions()) == 13


def test_trumps_led_must_be_headed_if_possible():
    s = play(dealt(), "contract trumps", "trump S", "pass", "pass", "pass", "play 8S")
    assert {a.name for a in s.legal_actions()} == {f"play {r}S" for r in "765432"}  # B cannot beat 8S
    hands = dict(HANDS)
    hands[A], hands[B] = HANDS[B], HANDS[A]  # now B holds the high spades
    s = play(dealt(hands=hands), "contract trumps", "trump S", "pass", "pass", "pass", "play 5S")
    assert {a.name for a in s.legal_actions()} == {f"play {r}S" for r in "AKQJT98"}


def test_passing_in_dominoes_is_refused_while_holding_a_playable_card():
    s = play(dealt(), "contract dominoes", "start 7", "pass", "pass", "pass")
    assert [a.name for a in s.legal_actions()] == ["pass"]  # A holds no 7: he passes
    s.apply("pass")
    assert_refused(s, "pass", "must play when able", "7S")
    assert_refused(s, "play 8H", "layout", "must be begun with the 7")


def test_dominoes_pass_shows_the_hand_to_everybody():
    s = play(dealt(), "contract dominoes", "start 7", "pass", "pass", "pass")
    assert "A" not in s.view(B)["shown_hands"]
    s.apply("pass")
    assert s.view(B)["shown_hands"]["A"] == HANDS[A].split()


def test_declarer_may_double_only_those_who_doubled_him():
    s = play(dealt(), "contract no_tricks", "pass", "pass", "double A")
    assert [a.name for a in s.legal_actions()] == ["pass", "double D"]
    assert_refused(s, "double B", "may_double", "A may not double B")


def test_each_contract_once_per_player():
    s = GAME.new_state(3, first_dealer=A)
    play(s, "contract no_tricks", "pass", "pass", "pass")
    rng = random.Random(0)
    while s.deal_number < 5:
        legal = s.legal_actions()
        s.apply(legal[rng.randrange(len(legal))])
    assert s.current_player == A and s.phase.kind == "choose_contract"
    assert "contract no_tricks" not in [a.name for a in s.legal_actions()]
    assert_refused(s, "contract no_tricks", "once_each", "already named")


def test_layout_start_card_missing_counts_as_begun():
    from interpreter.core.cards import Pack
    from interpreter.phases.layout import Layout

    pack = Pack.build("SHDC", list("AKQJT98765432"), removed=["2C"])
    lay = Layout("play", pack, 4, 1, lambda st: 0, lambda st: pack.rank_index("2"), False, lambda st: 3, ())

    class S:
        vars = {}
    st = S()
    lay.start(st)
    assert st.layout[pack.suit_index("C")] == [1, 1]  # clubs begun at the 2
    assert all(st.layout[s] is None for s in range(3))


# ---- random games: invariants at every step ------------------------------------------

def cards_everywhere(s):
    places = [c for h in s.hands for c in h] + [c for w in s.won for c in w] + s.trick_cards + s.laid + s.talon
    return sorted(places)


def play_random_game(seed, check_every_step=True):
    rng = random.Random(seed)
    s = GAME.new_state(seed)
    everything = list(range(len(GAME.pack)))
    steps = 0
    while not s.is_terminal:
        legal = s.legal_actions()
        assert legal, f"no legal action at a decision (deal {s.deal_number}, phase {s.phase.name})"
        if check_every_step:
            assert cards_everywhere(s) == everything
        s.apply(legal[rng.randrange(len(legal))])
        steps += 1
        assert steps < 5000
    return s


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**9))
def test_random_games_keep_every_invariant(seed, tmp_path_factory):
    s = play_random_game(seed)
    totals_by_contract = {k: c.total(None) for k, c in GAME.contracts.items()}
    assert len(s.deals) == 28
    for d in s.deals:
        assert sum(d.raw) == totals_by_contract[d.contract]
        assert sum(d.scores) == totals_by_contract[d.contract]
    assert sum(s.totals) == 0
    for seat in range(4):  # each player declared each contract once
        assert sorted(d.contract for d in s.deals if d.declarer == seat) == sorted(GAME.contracts)
    # the record replays to identical scores
    path = tmp_path_factory.mktemp("rec") / "game.yaml"
    dump(record_of(s, str(SPEC)), path)
    again = replay(path).state
    assert [d.scores for d in again.deals] == [d.scores for d in s.deals]
    assert again.totals == s.totals


def test_same_seed_same_game():
    a, b = play_random_game(11, False), play_random_game(11, False)
    assert [(p, x.name) for p, x in a.history] == [(p, x.name) for p, x in b.history]


def test_clone_is_independent():
    s2 = GAME.new_state(5)
    rng = random.Random(0)
    for _ in range(30):
        legal = s2.legal_actions()
        s2.apply(legal[rng.randrange(len(legal))])
    c = s2.clone()
    before = snapshot(s2)
    while not c.is_terminal:
        c.apply(c.legal_actions()[0])
    assert snapshot(s2) == before


# ---- hidden information ------------------------------------------------------------

@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 400), seat=st.integers(0, 3), shuffle=st.randoms())
def test_view_does_not_change_when_unseen_cards_are_permuted(seed, steps, seat, shuffle):
    rng = random.Random(seed)
    s = GAME.new_state(seed)
    for _ in range(steps):
        if s.is_terminal:
            break
        legal = s.legal_actions()
        s.apply(legal[rng.randrange(len(legal))])
    before = s.view(seat)
    assert unseen_redealt(s, seat, shuffle).view(seat) == before


# ---- the check column: a broken declared total stops the game loudly -----------------

def test_a_broken_deal_total_is_reported_at_the_total_with_the_deal():
    from interpreter.core.errors import GameFault

    text = SPEC.read_text().replace("total: -26", "total: -25")
    game = load_game(SPEC, text=text)
    s = game.new_state(1, first_dealer=A)
    play(s, "contract no_tricks", "pass", "pass", "pass")
    with pytest.raises(GameFault) as info:
        while True:
            s.apply(s.legal_actions()[0])
    assert info.value.line == text.splitlines().index(next(x for x in text.splitlines() if "total: -25" in x)) + 1
    assert info.value.message.startswith("the raw scores of No Tricks ")
    assert info.value.message.endswith("sum to -26, but the contract declares a total of -25 (deal 1, as it is "
                                       "scored; seed 1)")

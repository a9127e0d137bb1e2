"""Original Back Alley (the 1940s game): the two of diamonds, trumping rules, scoring, cuts."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from interpreter.compile.game import load_game
from interpreter.record.replay import dump, record_of, replay

ROOT = Path(__file__).resolve().parents[3]
SPEC = ROOT / "specs" / "back-alley" / "original.yaml"
SCHEDULE = "if counted_deal <= 13 then 14 - counted_deal else 1"
A, B, C, D = range(4)


def deal(cards, hands, turn_up, options=None, dealer=D):
    game = load_game(SPEC, text=SPEC.read_text().replace(SCHEDULE, str(cards)), options=options)
    p = game.pack.parse
    held = [[p(c) for c in h.split()] for h in hands]
    rest = [c for c in range(len(game.pack)) if all(c not in h for h in held) and c != p(turn_up)]
    return game.new_state(1, first_dealer=dealer, hands={1: held}, talons={1: [p(turn_up), *rest]})


def run(st, *actions):
    for a in actions:
        st.apply(a)
    return st


def names(st):
    return [a.name for a in st.legal_actions()]


def test_the_two_of_diamonds_is_the_highest_trump_and_no_diamond():
    st = deal(3, ["AD KD 2D", "AH 3S 4S", "5S 6S 7S", "8S 9S TS"], "3H")  # hearts trumps
    run(st, "bid 1", "pass", "pass", "pass")  # A leads
    st.apply("play AD")
    assert names(st) == ["play AH"]  # B is void in diamonds and holds a trump: he must trump
    run(st, "play AH", "play 5S", "play 8S")
    assert st.tricks[0].winner == B
    st2 = deal(3, ["AD KD 2D", "AH 3S 4S", "5S 6S 7S", "8S 9S TS"], "3H")
    run(st2, "bid 1", "pass", "pass", "pass", "play 2D", "play AH", "play 5S", "play 8S")
    assert st2.tricks[0].winner == A  # 2D beats the ace of trumps


def test_a_turned_up_two_of_diamonds_makes_diamonds_trump():
    st = deal(3, ["AS KS QS", "AH 3S 4S", "5S 6S 7S", "8S 9S TS"], "2D")
    assert st.trump == st.game.pack.suit_index("D")


def test_void_must_overtrump_if_he_can_else_anything():
    # spades trump; A leads a heart; B trumps with 5S; C, void in hearts, holds 4S and 9S
    hands = ["AH KH QH", "5S 2C 3C", "4S 9S 4C", "2H 3H 4H"]
    st = deal(3, hands, "TS")
    run(st, "bid 1", "pass", "pass", "pass", "play AH", "play 5S")
    assert names(st) == ["play 9S"]  # he can beat the 5: he must
    hands[2] = "4S 3S 4C"  # now he cannot: any card
    st = deal(3, hands, "TS")
    run(st, "bid 1", "pass", "pass", "pass", "play AH", "play 5S")
    assert sorted(names(st)) == ["play 3S", "play 4C", "play 4S"]


@pytest.mark.parametrize("overtrump, legal", [(False, ["play 2S", "play KS"]), (True, ["play KS"])])
def test_trump_led_any_trump_or_beat_it(overtrump, legal):
    hands = ["QS 2H 3H", "KS 2S 4H", "5H 6H 7H", "8H 9H TH"]  # spades trump; A leads QS
    st = deal(3, hands, "TS", {"trump_overtrump": str(overtrump).lower()})
    run(st, "bid 1", "pass", "pass", "pass", "play QS")
    assert sorted(names(st)) == sorted(legal)


@pytest.mark.parametrize("cards, call, won, score", [
    (5, "bid 2", 3, 7),      # 3 x 2 + 1
    (5, "bid 3", 2, -9),
    (5, "board", 5, 30),     # 6 x 5
    (5, "board", 4, -30),
    (5, "pass", 2, 2),       # a pass scores 1 per trick (BAC-11)
    (1, "board", 1, 13),
    (1, "board", 0, -13),
    (1, "pass", 1, 0),
])
def test_scores(cards, call, won, score):
    # A holds the top hearts; hearts trump; the others hold low spades and clubs
    a = ["AH", "KH", "QH", "JH", "TH"][:won] + ["2C", "3C", "4C", "5C", "6C"][:cards - won]
    b = ["2S", "3S", "4S", "5S", "6S"][:cards]
    c = ["7S", "8S", "9S", "TS", "JS"][:cards]
    d = ["7C", "8C", "9C", "TC", "JC"][:cards]
    st = deal(cards, [" ".join(x) for x in (a, b, c, d)], "2H", dealer=D)
    others = ["bid 1"] if call == "pass" and cards > 1 else ["board"] if call == "pass" else ["pass"]
    run(st, call, *(others + ["pass", "pass"]))  # somebody must call for the deal to count
    while st.deal_number == 1:
        legal = names(st)
        mine = [x for x in legal if x[5:] in a and x[5:].endswith("H")]
        st.apply(mine[0] if mine else legal[0])
    assert st.deals[0].scores[A] == score


def test_thirteen_cards_each_trump_is_cut_and_the_record_replays(tmp_path):
    game = load_game(SPEC)
    st = game.new_state(5)
    assert st.talon == [] and st.turn_up is not None and st.turn_up in [c for h in st.hands for c in h]
    rng = random.Random(5)
    while st.deal_number == 1:
        legal = st.legal_actions()
        st.apply(legal[rng.randrange(len(legal))])
    path = tmp_path / "r.yaml"
    dump(record_of(st, str(SPEC), interrupted=True), path)
    again = replay(path).state
    assert again.deals[0].cut == st.deals[0].cut and again.deals[0].scores == st.deals[0].scores


@pytest.mark.parametrize("players", ["2", "3", "4"])
def test_random_games_have_fourteen_counted_deals(players):
    game = load_game(SPEC, options={"players": players})
    rng = random.Random(int(players))
    st = game.new_state(int(players))
    while not st.is_terminal:
        legal = st.legal_actions()
        st.apply(legal[rng.randrange(len(legal))])
    counted = [d for d in st.deals if not d.void]
    assert [len(d.hands[0]) for d in counted] == list(range(13, 0, -1)) + [1]


def test_c7_follow_rule():
    """Hearts trump; A leads 7S; B (void) must play 2D; C (void, 3H 7C) cannot beat it: either; D follows."""
    st = deal(2, ["7S 8D", "2D 5C", "3H 7C", "9S 9D"], "4H")
    run(st, "bid 1", "pass", "pass", "pass", "play 7S")
    assert names(st) == ["play 2D"]
    st.apply("play 2D")
    assert sorted(names(st)) == ["play 3H", "play 7C"]
    st.apply("play 3H")
    assert names(st) == ["play 9S"]
    st.apply("play 9S")
    assert st.tricks[0].winner == B


@pytest.mark.parametrize("name, totals", [
    ("back_alley_example1a.yaml", [15, 10, 15, 10]),
    ("back_alley_example1b.yaml", [-15, 11, -15, 11]),
    ("back_alley_example2a.yaml", [-40, 80, -40, 80]),
    ("back_alley_example2b.yaml", [-40, -80, -40, -80]),
    ("back_alley_original_3players.yaml", [-6, 0, 30]),
    ("back_alley_original_one_card.yaml", [-13, 0, 13, 0]),
    ("back_alley_original_six.yaml", [10, -6, 1]),
    ("back_alley_example3.yaml", [3, 10, 3, 10]),
    ("back_alley_double_board.yaml", [-10, 75, -10, 75]),
    ("back_alley_boston.yaml", [101, 1, 101, 1]),
    ("back_alley_rainbow.yaml", [1, 51, 1, 51]),
    ("back_alley_blind_seven.yaml", [8, 2, 8, 2]),
])
def test_worked_examples_replay_from_records(name, totals):
    assert replay(Path(__file__).resolve().parents[2] / "records" / name).state.totals == totals

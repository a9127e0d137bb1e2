"""Skat (specs/skat/): the worked examples replayed to their scores (game values with and
without matadors, Hand, schneider, a lost game, an overbid, Grand, Null, Null ouvert), the bidding by
duels in the ISPA sequence, what the declarer may announce when, and random games."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
import yaml

from interpreter.compile.game import load_game
from interpreter.core.errors import SpecErrors
from interpreter.record.replay import replay
from tests.phases.table import refused

ROOT = Path(__file__).resolve().parents[3]
RECORDS = ROOT / "tests" / "records"
SPEC = ROOT / "specs" / "skat" / "skat.yaml"
X, Y, Z = range(3)
POINTS = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2}


@pytest.mark.parametrize("name, declarer, contract, tricks, points, score", [
    ("skat_won_suit.yaml", X, "clubs", 6, 65, 36),          # with 2, game 3, x 12
    ("skat_schneider.yaml", X, "clubs", 8, 93, 48),         # with 2, game 3, schneider 4, x 12
    ("skat_lost.yaml", X, "clubs", 6, 55, -72),             # with 2, game 3, x 12, lost: twice
    ("skat_overbid.yaml", X, "clubs", 6, 65, -96),          # 36 < the bid 40: lost on 4 x 12 = 48
    ("skat_grand_hand.yaml", X, "grand", 9, 116, 96),       # with 1, game 2, hand 3, schneider 4, x 24
    ("skat_without_hand.yaml", X, "spades", 9, 114, 55),    # without 2, game 3, hand 4, schneider 5, x 11
    ("skat_null.yaml", Z, "null_game", 0, None, 23),        # Null: no trick
    ("skat_null_ouvert_hand.yaml", Z, "null_ouvert", 0, None, 59),  # Null ouvert Hand
    ("skat_suit_ouvert.yaml", X, "hearts", 10, 120, 100),   # with 3, game 4, hand 5 ... ouvert 10, x 10
    ("skat_grand_ouvert.yaml", X, "grand", 10, 120, 264),   # with 4, game 5, hand 6 ... ouvert 11, x 24
])
def test_worked_examples_replay_to_their_scores(name, declarer, contract, tricks, points, score):
    state = replay(RECORDS / name).state
    d = state.deals[0]  # (the game goes on: the record stops after its deal)
    assert d.declarer == declarer and d.contract == contract
    assert sum(t.winner == declarer for t in d.tricks) == tricks
    if points is not None:  # the declarer's card points, the skat included: what the defenders did not win
        pack = state.game.pack
        lost = sum(POINTS.get(pack.card_name(c)[0], 0) for t in d.tricks if t.winner != declarer for c in t.cards)
        assert 120 - lost == points
    expected = [0, 0, 0]
    expected[declarer] = score
    assert d.scores == expected and state.totals == expected


def at(name, stop, edit=None):
    """The state of a worked example's deal just before its action number `stop` (from 0);
    `edit` changes the actions first."""
    rec = yaml.safe_load((RECORDS / name).read_text())
    game = load_game(SPEC)
    deal = rec["deals"][0]
    parse = game.pack.parse
    seats = ["X", "Y", "Z"]
    st = game.new_state(1, first_dealer=seats.index(deal["dealer"]),
                        hands={1: [[parse(c) for c in deal["hands"][s].split()] for s in seats]},
                        talons={1: [parse(c) for c in deal["talon"].split()]})
    actions = [a.strip() for line in deal["actions"] for a in line.split(",")]
    if edit:
        actions = edit(actions)
    for text in actions[:stop]:
        seat, action = text.split(" ", 1)
        assert st.current_player == seats.index(seat), text
        st.apply(action)
    return st


def legal(st):
    return [a.name for a in st.legal_actions()]


def test_middlehand_bids_game_values_to_forehand_who_holds_then_rearhand_bids_to_the_survivor():
    st = at("skat_overbid.yaml", 0)
    assert st.current_player == Y and legal(st)[:6] == ["pass", "bid 18", "bid 20", "bid 22", "bid 23", "bid 24"]
    assert legal(st)[-1] == "bid 264"  # a Grand ouvert with 4: 11 x 24
    st.apply("bid 22")
    assert st.current_player == X and legal(st) == ["pass", "hold"]
    st.apply("pass")  # forehand gives up: middlehand holds 22 against rearhand
    assert st.current_player == Z and legal(st)[:3] == ["pass", "bid 23", "bid 24"]
    st.apply("bid 23")
    assert st.current_player == Y and legal(st) == ["pass", "hold"]
    st.apply("hold")
    st.apply("pass")
    assert st.deal.declarer == Y and st.deal.announced == {"bid": 23}


def test_forehand_may_open_when_the_others_pass_and_all_passing_throws_the_deal_in():
    st = at("skat_won_suit.yaml", 0)
    st.apply("pass")
    st.apply("pass")
    assert st.current_player == X and legal(st)[:2] == ["pass", "bid 18"]
    st.apply("pass")
    assert st.deals[0].void and st.deals[0].scores == [0, 0, 0]
    assert st.deal_number == 2 and st.dealer == X and st.current_player == Z  # the next dealer; Y leads the bidding to Z


def test_the_declarer_plays_hand_or_takes_the_skat_and_lays_away_two():
    st = at("skat_won_suit.yaml", 4)
    assert st.current_player == X and legal(st) == ["pass", "play_hand"]
    st.apply("pass")
    assert len(st.hands[X]) == 12  # the skat taken
    st.apply("discard 7S")
    st.apply("discard 8S")
    assert len(st.hands[X]) == 10
    assert legal(st) == ["contract diamonds", "contract hearts", "contract spades", "contract clubs",
                         "contract grand", "contract null_game", "contract null_ouvert"]


def test_null_is_offered_only_at_a_value_at_least_the_bid():
    def to_24(actions):
        return ["Y bid 24", "X hold", "Y pass", "Z pass"] + actions[4:]
    st = at("skat_won_suit.yaml", 7, to_24)  # taken the skat at 24: Null (23) is below the bid
    assert "contract null_game" not in legal(st)
    assert refused(st, "contract null_game") == (
        "`contract null_game` may not be chosen now (its `when` does not hold)", "when")

    def hand_at_35(actions):
        return ["Y bid 35", "X hold", "Y pass", "Z pass", "X play_hand"]
    st = at("skat_won_suit.yaml", 5, hand_at_35)  # a Null Hand is worth 35, a Null ouvert Hand 59
    assert legal(st)[-2:] == ["contract null_game", "contract null_ouvert"]
    st = at("skat_won_suit.yaml", 7, lambda a: ["Y bid 46", "X hold", "Y pass", "Z pass"] + a[4:])
    assert legal(st)[-1] == "contract null_ouvert"  # taken the skat at 46: Null ouvert (46) only

def test_schneider_may_be_announced_only_in_a_hand_game_and_not_in_null_schwarz_only_after_it():
    st = at("skat_grand_hand.yaml", 6)
    assert st.current_player == X and legal(st) == ["pass", "schneider", "ouvert"]
    st.apply("schneider")
    assert legal(st) == ["pass", "schwarz"]
    st = at("skat_won_suit.yaml", 8)  # took the skat: no announcement, the first lead at once
    assert st.phase.kind == "tricks" and st.current_player == X

    def null_hand(actions):
        return actions[:4] + ["X play_hand", "X contract null_game"]
    st = at("skat_won_suit.yaml", 6, null_hand)
    assert st.phase.kind == "tricks"


def test_announced_schneider_counts_when_reached_and_loses_when_missed():
    # the Grand Hand of skat_grand_hand.yaml with schneider announced (then no schwarz): the defenders have 4
    st = at("skat_grand_hand.yaml", 10 ** 6, lambda a: a[:6] + ["X schneider", "X pass"] + a[7:])
    # with 1, game 2, hand 3, schneider 4, announced 5, x 24
    assert st.deals[0].scores == [120, 0, 0]
    # the clubs game of skat_won_suit.yaml played Hand with schneider announced: 65 points, lost
    def hand_schneider(actions):
        return actions[:4] + ["X play_hand", "X contract clubs", "X schneider", "X pass"] + actions[8:]
    rec = yaml.safe_load((RECORDS / "skat_won_suit.yaml").read_text())
    assert rec["deals"][0]["talon"] == "7S 8S"  # the skat (no points) stays the same, so does the play
    st = at("skat_won_suit.yaml", 10 ** 6, hand_schneider)
    # with 2, game 3, hand 4, schneider 5, announced 6, x 12 = 72, lost: -144
    assert st.deals[0].scores == [-144, 0, 0]


def test_null_stops_at_the_declarers_first_trick_and_is_lost():
    # the cards of skat_won_suit.yaml, X taking the skat at 18 and announcing Null: the jacks are
    # clubs and spades again, and his AC wins the first trick
    def null(actions):
        return actions[:7] + ["X contract null_game", "X play AC", "Y play 7C", "Z play QC"]
    st = at("skat_won_suit.yaml", 10 ** 6, null)
    d = st.deals[0]
    assert len(d.tricks) == 1 and d.tricks[0].winner == X
    assert d.scores == [-46, 0, 0]  # lost: twice 23
    assert st.deal_number == 2


def test_random_games_score_only_the_declarer_and_by_the_rules():
    game = load_game(SPEC)
    for seed in range(20):
        st = game.new_state(seed)
        rng = random.Random(seed)
        while not st.is_terminal:
            st.apply(rng.choice(st.legal_actions()))
        assert len(st.deals) == 12
        for d in st.deals:
            if d.void:
                assert d.scores == [0, 0, 0]
                continue
            others = [s for p, s in enumerate(d.scores) if p != d.declarer]
            assert others == [0, 0] and d.scores[d.declarer] != 0


@pytest.mark.parametrize("name, scores", [
    ("skat_won_suit.yaml", [36 + 50, 0, 0]),     # won: the value and 50
    ("skat_lost.yaml", [-72 - 50, 40, 40]),      # lost: twice the value and 50; 40 to each defender
    ("skat_overbid.yaml", [-96 - 50, 40, 40]),
])
def test_the_tournament_option_scores_50_for_a_game_and_40_to_each_defender_of_a_lost_one(name, scores, tmp_path):
    rec = yaml.safe_load((RECORDS / name).read_text())
    rec["spec"] = "skat/skat"
    rec["options"] = {"tournament": True}
    rec["deals"][0]["scores"] = dict(zip("XYZ", scores))
    path = tmp_path / name
    path.write_text(yaml.safe_dump(rec))
    state = replay(path).state
    assert state.deals[0].scores == scores


def test_null_ouvert_is_played_with_the_declarers_hand_face_up():
    st = at("skat_null_ouvert_hand.yaml", 4)
    assert st.view(X)["shown_hands"] == {} and st.view(Y)["shown_hands"] == {}  # not before the game is named
    st.apply("contract null_ouvert")
    shown = ["9C", "8C", "7C", "9S", "8S", "7S", "8H", "7H", "8D", "7D"]
    assert sorted(st.view(X)["shown_hands"]["Z"]) == sorted(shown)
    assert sorted(st.view(Y)["shown_hands"]["Z"]) == sorted(shown)
    st = at("skat_null.yaml", 7)  # a plain Null: the hand stays hidden
    assert st.view(X)["shown_hands"] == {}


def test_an_open_game_shows_the_declarers_hand_and_announces_schneider_and_schwarz_with_it():
    st = at("skat_suit_ouvert.yaml", 6)  # X has named hearts, Hand: he may announce schneider, or play open
    assert legal(st) == ["pass", "schneider", "ouvert"] and st.view(Y)["shown_hands"] == {}
    st.apply("ouvert")
    assert st.phase.kind == "tricks" and st.current_player == X  # no schwarz to announce: it goes with ouvert
    shown = "JC JS JH AH TH KH AC TC AS TS".split()
    assert sorted(st.view(Y)["shown_hands"]["X"]) == sorted(shown) == sorted(st.view(Z)["shown_hands"]["X"])
    st = at("skat_without_hand.yaml", 10 ** 6)  # a Hand game not played open: the hand stays hidden
    assert st.deals[0].scores == [55, 0, 0]
    st = at("skat_without_hand.yaml", 8)
    assert st.view(Y)["shown_hands"] == {}


def test_an_open_game_is_lost_by_giving_up_a_trick_twice_its_full_value():
    # hearts ouvert, but X leads his AH before the JD has fallen: Y's JD takes the trick
    def early_ace(actions):
        return actions[:13] + ["X play AH", "Y play JD", "Z play 9D"]
    st = at("skat_suit_ouvert.yaml", 10 ** 6, early_ace)
    while not st.is_terminal and st.deal_number == 1:
        st.apply(st.legal_actions()[0])
    d = st.deals[0]
    assert d.tricks[2].winner == Y and d.contract == "hearts"
    assert d.scores == [-200, 0, 0]  # the value stays 100 (schwarz announced counts): lost, twice


def test_ouvert_is_offered_only_in_a_hand_game_and_never_in_null():
    st = at("skat_won_suit.yaml", 8)  # took the skat: no announcement, the first lead at once
    assert st.phase.kind == "tricks"
    st = at("skat_won_suit.yaml", 6, lambda a: a[:4] + ["X play_hand", "X contract null_game"])
    assert st.phase.kind == "tricks"


@pytest.mark.parametrize("name, points, tricks, scores", [
    ("skat_ramsch.yaml", [58, 37, 15], [5, 4, 1], [-68, 0, 0]),             # 58 and the skat's 10
    ("skat_ramsch_jungfrau.yaml", [107, 13, 0], [7, 3, 0], [-214, 0, 0]),   # Z took no trick: twice
    ("skat_ramsch_durchmarsch.yaml", [120, 0, 0], [10, 0, 0], [120, 0, 0]),  # every trick: 120 won
])
def test_ramsch_worked_examples_replay_to_their_scores(name, points, tricks, scores):
    state = replay(RECORDS / name).state
    d = state.deals[0]
    assert d.contract == "ramsch" and d.declarer is None and not d.void
    pack = state.game.pack
    took = [sum(POINTS.get(pack.card_name(c)[0], 0) for t in d.tricks if t.winner == p for c in t.cards)
            for p in (X, Y, Z)]
    assert took == points and [sum(t.winner == p for t in d.tricks) for p in (X, Y, Z)] == tricks
    assert d.scores == scores and state.totals == scores


def ramsch_at(name, stop):
    """The state of a Ramsch example's deal just before its action number `stop` (from 0)."""
    rec = yaml.safe_load((RECORDS / name).read_text())
    game = load_game(SPEC, options={"ramsch": "true"})
    deal = rec["deals"][0]
    parse = game.pack.parse
    st = game.new_state(1, first_dealer=Z, hands={1: [[parse(c) for c in deal["hands"][s].split()] for s in "XYZ"]},
                        talons={1: [parse(c) for c in deal["talon"].split()]})
    for text in [a.strip() for line in deal["actions"] for a in line.split(",")][:stop]:
        st.apply(text.split(" ", 1)[1])
    return st


def test_with_ramsch_a_deal_nobody_bids_in_is_played_each_for_himself_with_the_jacks_as_trumps():
    st = ramsch_at("skat_ramsch.yaml", 2)
    assert st.current_player == X and legal(st)[:2] == ["pass", "bid 18"]  # forehand may still open
    st.apply("pass")
    assert not st.deals[0].void and st.deals[0].declarer is None and st.deal.contract == "ramsch"
    assert st.phase.kind == "tricks" and st.current_player == X  # no Hand, skat or game to name: forehand leads
    st.apply("play JC")  # a jack led asks for trumps: Y has the JS and JH, and must play one
    assert legal(st) == ["play JS", "play JH"]
    # a declarer never chooses the Ramsch
    game = load_game(SPEC, options={"ramsch": "true"})
    st = game.new_state(3)
    while st.phase.kind != "choose_contract":
        st.apply(st.legal_actions()[-1] if st.phase.kind == "auction" and st.current_player != X else
                 st.legal_actions()[0])
    assert st.deal.declarer is not None and "contract ramsch" not in legal(st)


def test_ramsch_is_refused_with_the_tournament_scoring():
    with pytest.raises(SpecErrors) as e:
        load_game(SPEC, options={"ramsch": "true", "tournament": "true"})
    assert [err.message for err in e.value.errors] == [
        "option `ramsch=true` needs `tournament=false`, not `tournament=true`: the tournament scoring has no "
        "Ramsch: a deal nobody bids in is thrown in"]


def test_the_rulebook_says_what_a_deal_nobody_bids_in_comes_to():
    from interpreter.words.rulebook import rules
    with_ramsch, without = rules(SPEC, {"ramsch": "true"}), rules(SPEC)
    line = "If nobody bids, the first player may bid or pass; if he passes too, "
    assert line + "the deal is played on without a declarer." in with_ramsch
    assert line + "the deal is thrown in." in without


def test_random_ramsch_deals_score_as_the_header_says_ties_included():
    """Deals nobody bids in, played at random, scored again here from the tricks alone."""
    game = load_game(SPEC, options={"ramsch": "true"})
    seen = set()
    for seed in range(600):
        st = game.new_state(seed)
        rng = random.Random(seed)
        for _ in range(3):
            st.apply("pass")
        while st.deal_number == 1:
            st.apply(rng.choice(st.legal_actions()))
        d = st.deals[0]
        took = [sum(POINTS.get(game.pack.card_name(c)[0], 0) for t in d.tricks if t.winner == p for c in t.cards)
                for p in (X, Y, Z)]
        tricks = [sum(t.winner == p for t in d.tricks) for p in (X, Y, Z)]
        most, last = max(took), d.tricks[-1].winner
        tied = [p for p in (X, Y, Z) if took[p] == most]
        if 10 in tricks:
            expected, case = [120 if n == 10 else 0 for n in tricks], "durchmarsch"
        else:
            losers = [last] if last in tied else tied
            loss = (most + 120 - sum(took)) * (2 if tricks.count(0) == 1 else 1)
            expected = [-loss if p in losers else 0 for p in (X, Y, Z)]
            case = ("jungfrau " if tricks.count(0) == 1 else "") + (
                "alone" if len(tied) == 1 else "tie, last trick" if last in tied else "tie, both")
        assert d.scores == expected, (seed, took, tricks, last)
        seen.add(case)
        if {"alone", "jungfrau alone", "tie, last trick", "tie, both"} <= seen:
            break
    assert {"alone", "jungfrau alone", "tie, last trick", "tie, both"} <= seen, seen


@pytest.mark.parametrize("deals", ["3", "12"])
def test_a_deal_thrown_in_counts_as_one_of_the_games_deals(deals):
    """Everybody passes every deal: each is thrown in, and the game still ends after its number of deals."""
    state = load_game(SPEC, options={"deals": deals}).new_state(1)
    while not state.is_terminal:
        state.apply("pass")
    assert len(state.deals) == int(deals) and all(d.void for d in state.deals) and state.totals == [0, 0, 0]

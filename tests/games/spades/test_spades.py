"""Spades: the worked examples replayed to the scores worked out by hand, the bidding rules
(no pass, nil, blind nil only when 100 behind), spades broken, the variants and options."""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest
import yaml

from interpreter.compile.game import load_game
from interpreter.record.replay import replay

ROOT = Path(__file__).resolve().parents[3]
RECORDS = ROOT / "tests" / "records"
NIL = "spades_nil_blind_nil_bags.yaml"


def replayed(name, options=None, deals=None, tmp_path=None):
    """The final state of a record; with `options` (or fewer `deals`), of a copy of it without the
    recorded scores, replayed under those options."""
    if options is None and deals is None:
        return replay(RECORDS / name).state
    data = yaml.safe_load((RECORDS / name).read_text())
    data.pop("totals")
    data["deals"] = [{k: v for k, v in d.items() if k != "scores"} for d in data["deals"][:deals]]
    data["options"] = options or {}
    path = tmp_path / name
    path.write_text(yaml.safe_dump(data))
    return replay(path).state


def side_scores(st):
    """Each deal's scores of N-S and E-W (partners always score alike)."""
    assert all(d.scores[0] == d.scores[2] and d.scores[1] == d.scores[3] for d in st.deals if d.scores)
    return [(d.scores[0], d.scores[1]) for d in st.deals if d.scores]


@pytest.mark.parametrize("name, deals, totals", [
    ("spades_bidding_example.yaml", [(51, 70)], (51, 70)),
    (NIL, [(-90, 133), (-158, 70), (-40, -163)], (-288, 40)),
    ("spades_bags_example_7.yaml", [(92, 20), (82, 30), (82, 30), (81, 40), (52, 42)], (389, 162)),
    ("spades_bags_example_8.yaml", [(92, 20), (82, 30), (82, 30), (81, 40), (-47, 41)], (290, 161)),
    ("spades_bags_example_9.yaml", [(92, 20), (82, 30), (82, 30), (81, 40), (-46, 40)], (291, 160)),
])
def test_worked_examples_replay_to_the_scores_worked_by_hand(name, deals, totals):
    st = replayed(name)
    assert side_scores(st) == deals
    assert (st.totals[0], st.totals[1]) == totals


def test_everybody_bids_a_number_and_nil_is_0():
    game = load_game(ROOT / "specs" / "spades" / "spades.yaml")
    st = game.new_state(3)
    assert [a.name for a in st.legal_actions()] == [f"bid {k}" for k in range(14)]  # nobody is behind yet


def test_blind_nil_is_offered_before_looking_only_to_a_side_100_behind():
    st = replayed(NIL)
    asked = [[(st.seat_name(p), a.name) for p, a in d.actions if a.name in ("look", "blind_nil")] for d in st.deals]
    assert asked[0] == []  # level at 0: nobody may
    assert asked[1] == [("S", "blind_nil")]  # N-S 223 behind; N, whose partner bid it, may not
    assert asked[2] == [("S", "look"), ("N", "look")]  # N-S still behind: both look first


def test_the_blind_nil_bidder_and_his_partner_exchange_two_cards_after_the_bidding():
    st = replayed(NIL)
    deal = st.deals[1]
    passes = [(st.seat_name(p), a.name) for p, a in deal.actions if a.name.startswith("pass ")]
    assert passes == [("S", "pass 8C"), ("S", "pass 9D"), ("N", "pass JC"), ("N", "pass 4S")]
    played = {st.seat_name(p): {a.name[5:] for q, a in deal.actions if q == p and a.name.startswith("play ")}
              for p in range(4)}
    assert {"8C", "9D"} <= played["N"] and {"JC", "4S"} <= played["S"]  # each played what he was given


def test_spades_may_not_be_led_until_one_is_played_unless_the_leader_has_only_spades():
    st = replayed(NIL)
    game, pack = st.game, st.game.pack
    deal = st.deals[0]
    again = game.new_state(1, first_dealer=deal.dealer, hands={1: deal.hands})
    broken = False
    for p, action in deal.actions:
        if action.kind == "play" and again.leading:
            hand = again.hands[p]
            spades = [c for c in hand if pack.suits[pack.suit[c]] == "S"]
            legal = set(again.legal_actions())
            if spades and not broken and len(spades) < len(hand):
                assert legal == set(hand) - set(spades)
            else:
                assert legal == set(hand)
        broken = broken or (action.kind == "play" and pack.suits[pack.suit[action.arg]] == "S")
        again.apply(action.name)
    assert broken  # (the deal does break spades)


def test_the_options_change_the_nil_and_bag_scores(tmp_path):
    st = replayed(NIL, {"nil_value": 50}, tmp_path=tmp_path)
    assert side_scores(st) == [(-90, 33 + 50), (42 - 100, 70), (-40, 37 - 50 - 100)]
    st = replayed("spades_bags_example_8.yaml", {"bags": "free"}, tmp_path=tmp_path)
    assert st.totals[0] == 337 + 53  # ten bags cost nothing
    st = replayed("spades_bags_example_8.yaml", {"bags": "minus"}, tmp_path=tmp_path)
    assert side_scores(st) == [(90 - 2, 20), (80 - 2, 30), (80 - 2, 30), (80 - 1, 40), (50 - 3, 40 - 1)]  # -1 a bag
    st = replayed("spades_bags_example_8.yaml", {"target": 300}, deals=4, tmp_path=tmp_path)
    assert st.is_terminal and st.totals[0] == 337  # over 300: the game is won
    st = replayed("spades_bags_example_8.yaml", deals=4, tmp_path=tmp_path)
    assert not st.is_terminal


def test_a_game_ends_when_a_side_reaches_500_or_falls_to_minus_500():
    game = load_game(ROOT / "specs" / "spades" / "spades.yaml")
    for seed in range(6):
        st, rng = game.new_state(seed), random.Random(seed)
        while not st.is_terminal:
            st.apply(rng.choice(st.legal_actions()))
        ns, ew = st.totals[0], st.totals[1]
        assert ns != ew and (max(ns, ew) >= 500 or min(ns, ew) <= -500)
        before = [st.totals[0] - st.deals[-1].scores[0], st.totals[1] - st.deals[-1].scores[1]]
        assert -500 < min(before) and max(before) < 500  # and not a deal earlier


def test_no_thirteen_the_last_bidder_may_not_make_the_bids_total_13():
    game = load_game(ROOT / "specs" / "spades" / "no-thirteen.yaml")
    deal = replayed(NIL).deals[0]
    st = game.new_state(1, first_dealer=deal.dealer, hands={1: deal.hands})
    for call in ("bid 5", "bid 0", "bid 4"):  # N, E, S: W may not bid 4
        assert "bid 4" in [a.name for a in st.legal_actions()]
        st.apply(call)
    assert [a.name for a in st.legal_actions()] == [f"bid {k}" for k in range(14) if k != 4]


def test_partner_pass_three_cards_each_arrive_when_all_four_have_chosen():
    game = load_game(ROOT / "specs" / "spades" / "partner-pass.yaml")
    deal = replayed(NIL).deals[0]
    st = game.new_state(1, first_dealer=deal.dealer, hands={1: deal.hands})
    given = {}
    for _ in range(4):  # N, E, S, W in turn, each three cards
        p = st.current_player
        given[p] = list(st.hands[p][:3])
        for c in given[p]:
            st.apply(st.game.pack.names[c].join(["pass ", ""]))
        if len(given) < 4:
            assert all(sorted(st.hands[q]) == sorted(set(deal.hands[q]) - set(given.get(q, []))) for q in range(4))
    assert st.phase.name == "bidding"
    for p in range(4):
        assert sorted(st.hands[p]) == sorted(set(deal.hands[p]) - set(given[p]) | set(given[(p + 2) % 4]))


GAMES = int(os.environ.get("CARDSPEC_SPADES_GAMES", "12"))


@pytest.mark.parametrize("spec", ["spades", "no-blind-nil", "partner-pass", "no-thirteen"])
def test_random_games_keep_every_card_in_one_place_and_replay_from_their_records(spec, tmp_path):
    """Over many seeds (`CARDSPEC_SPADES_GAMES`, 12 by default): a legal choice at every decision,
    every card in exactly one place (hands, cards being passed, tricks), the game ends as the
    spec says, and its record replays to the same scores."""
    from tests.helpers import checked_random_game

    path = ROOT / "specs" / "spades" / f"{spec}.yaml"
    game = load_game(path)
    blind = 0
    for seed in range(GAMES if spec == "spades" else max(1, GAMES // 4)):
        st = checked_random_game(game, seed, tmp_path / f"{seed}.yaml", path)
        blind += sum(a.name == "blind_nil" for _, a in st.history)
    assert spec != "spades" or blind > 0  # the blind nil and its exchange were played

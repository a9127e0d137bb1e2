"""Euchre (specs/euchre/): the worked examples replayed to their scores, the legal lists where
the left bower changes suit, going alone, stick the dealer, defending alone, and random games."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from interpreter.compile.game import load_game
from interpreter.record.replay import replay

ROOT = Path(__file__).resolve().parents[3]
RECORDS = ROOT / "tests" / "records"
SPECS = ROOT / "specs" / "euchre"
N, E, S, W = range(4)


@pytest.mark.parametrize("name, maker, trump, tricks, scores", [
    ("euchre_made_partner_orders.yaml", S, "take", [2, 1, 2, 0], [1, 0, 1, 0]),  # 4 tricks: 1 point
    ("euchre_euchred.yaml", E, "take", [1, 2, 2, 0], [2, 0, 2, 0]),              # 2 tricks: euchred, 2 to N-S
    ("euchre_march.yaml", W, "H", [0, 0, 0, 5], [0, 2, 0, 2]),                # all 5: a march, 2
    ("euchre_lone_march.yaml", W, "take", [0, 0, 0, 5], [0, 4, 0, 4]),           # all 5 alone: 4
])
def test_worked_examples_replay_to_their_scores(name, maker, trump, tricks, scores):
    state = replay(RECORDS / name).state
    d = state.deals[0]  # (the game goes on: the record stops after its deal)
    assert [c for c in d.calls if c[1] != "pass"][0] == (maker, "take" if trump == "take" else f"trump {trump}")
    assert [sum(t.winner == p for t in d.tricks) for p in range(4)] == tricks
    assert d.scores == scores and state.totals == scores


def at(name, stop):
    """The state of a worked example's deal just before its action number `stop` (from 0)."""
    rec = yaml.safe_load((RECORDS / name).read_text())
    game = load_game(SPECS / "euchre.yaml")
    deal = rec["deals"][0]
    parse = game.pack.parse
    seats = ["N", "E", "S", "W"]
    st = game.new_state(1, first_dealer=seats.index(deal["dealer"]),
                        hands={1: [[parse(c) for c in deal["hands"][s].split()] for s in seats]},
                        talons={1: [parse(c) for c in deal["talon"].split("#")[0].split()]})
    actions = [a.strip() for line in deal["actions"] for a in line.split(",")]
    for text in actions[:stop]:
        seat, action = text.split(" ", 1)
        assert st.current_player == seats.index(seat)
        st.apply(action)
    return st


def legal(st):
    return sorted(a.name for a in st.legal_actions())


def test_the_left_bower_follows_trumps_and_not_its_printed_suit():
    # euchre_euchred: hearts trump. On E's JH, N must play a heart, and the JD is one
    st = at("euchre_euchred.yaml", 4)
    assert st.current_player == S and legal(st) == ["play TH"]
    st = at("euchre_euchred.yaml", 6)
    assert st.current_player == N and legal(st) == ["play 9H", "play JD", "play QH"]
    # on E's 9D, N holds no diamond: the JD is a heart, so he may play anything; S must follow
    st = at("euchre_euchred.yaml", 12)
    assert st.current_player == S and legal(st) == ["play KD"]
    st = at("euchre_euchred.yaml", 14)
    assert st.current_player == N and legal(st) == ["play JD", "play KC", "play TS"]


def test_a_club_led_is_not_followed_with_the_left_bower_of_spades():
    # euchre_made_partner_orders: spades trump; on E's AC, N's JC is a spade: N may trump
    st = at("euchre_made_partner_orders.yaml", 7)
    assert st.current_player == N and legal(st) == ["play JC", "play KH", "play KS", "play QS", "play TD"]
    st = at("euchre_made_partner_orders.yaml", 9)  # N leads the JC: E must follow with a spade
    assert st.current_player == E and legal(st) == ["play 9S", "play TS"]


def test_the_dealer_takes_up_the_up_card_and_a_lone_players_partner_sits_out():
    st = at("euchre_lone_march.yaml", 2)  # W ordered up and said alone: S (the dealer) takes up the AD
    assert st.current_player == S and "play" not in " ".join(legal(st))
    assert legal(st) == ["discard 9C", "discard 9H", "discard 9S", "discard AD", "discard QS", "discard TS"]
    st = at("euchre_lone_march.yaml", 3)
    assert st.sitting_out == [E] and st.current_player == N  # the lone player's left leads
    st = at("euchre_lone_march.yaml", 8)  # W leads the JD: S must play his only trump, the AD
    assert st.current_player == S and legal(st) == ["play AD"]


def test_the_round_stops_at_the_first_taker_and_the_second_names_another_suit():
    st = at("euchre_march.yaml", 5)  # all passed the 9C: the second round, S passed
    assert st.current_player == W and legal(st) == ["pass", "trump D", "trump H", "trump S"]
    st = at("euchre_made_partner_orders.yaml", 2)  # S ordered up: W and N are not asked; S may go alone
    assert st.current_player == S and legal(st) == ["alone", "pass"]


def all_pass(spec, stick):
    game = load_game(SPECS / spec)
    st = game.new_state(4, first_dealer=N)
    for _ in range(7 if stick else 8):
        st.apply("pass")
    return st


def test_stick_the_dealer():
    st = all_pass("stick-the-dealer.yaml", True)
    assert st.current_player == N and "pass" not in legal(st) and len(legal(st)) == 3
    st = all_pass("euchre.yaml", False)
    assert st.deals[0].void and st.dealer == E  # thrown in: the next player deals


def test_defending_alone_scores_4_for_a_euchre_and_the_lone_defender_leads(tmp_path):
    text = (RECORDS / "euchre_euchred.yaml").read_text()
    text = text.replace("spec: ../../specs/euchre/euchre.yaml", f"spec: {(SPECS / 'defending-alone.yaml').as_posix()}")
    # E (the maker) and S pass the lone play; N (a defender) plays alone: S lays his hand down; E, left of N, leads
    text = text.replace("      - E pass\n      - N discard 9S\n", "      - E pass\n      - S pass\n      - N alone\n      - N discard 9S\n")
    lines = ["      - E play JH, W play KH, N play 9H", "      - E play AH, W play TD, N play QH",
             "      - E play 9D, W play AD, N play JD", "      - N play TS, E play KS, W play JS",
             "      - E play AC, W play QC, N play KC"]
    start = text.index("      - E play JH")
    end = text.index("    scores:")
    text = text[:start] + "\n".join(lines) + "\n" + text[end:]
    # E-W win 4 tricks now (the lone N takes only the JD trick): made, 1 point
    text = text.replace("scores: {N: 2, E: 0, S: 2, W: 0}", "scores: {N: 0, E: 1, S: 0, W: 1}")
    record = tmp_path / "r.yaml"
    record.write_text(text)
    st = replay(record).state
    assert st.deals[0].scores == [0, 1, 0, 1]
    assert [len(t.cards) for t in st.deals[0].tricks] == [3] * 5


@pytest.mark.parametrize("spec", ["euchre.yaml", "stick-the-dealer.yaml", "defending-alone.yaml", "no-alone.yaml",
                                  "partner-alone.yaml"])
@pytest.mark.parametrize("seed", range(4))
def test_random_games_keep_every_card_and_score_as_the_rules_say(spec, seed):
    import random

    game = load_game(SPECS / spec)
    st = game.new_state(seed)
    rng = random.Random(seed)
    while not st.is_terminal:
        legal_now = st.legal_actions()
        assert legal_now
        if st.phase.kind == "tricks":
            cards = [c for h in st.hands for c in h] + st.talon + [c for d in st.discards for c in d] \
                + [c for w in st.won for c in w] + st.trick_cards + ([st.turn_up] if st.turn_up is not None else [])
            assert sorted(cards) == list(range(24))
        st.apply(rng.choice(legal_now))
    assert max(st.totals) >= 10
    for d in st.deals:
        if not d.void:
            assert sorted(d.scores) in ([0, 0, 1, 1], [0, 0, 2, 2], [0, 0, 4, 4])
            assert d.scores[N] == d.scores[S] and d.scores[E] == d.scores[W]
    if spec == "no-alone.yaml":
        assert all(d.scores is None or max(d.scores) < 4 for d in st.deals)


def test_a_written_record_groups_the_three_card_tricks_of_a_lone_deal_and_replays(tmp_path):
    from interpreter.record.replay import dump, record_of

    st = replay(RECORDS / "euchre_lone_march.yaml").state
    rec = record_of(st, (SPECS / "euchre.yaml").as_posix(), interrupted=True)  # (deal 2 has begun)
    plays = [line for line in rec["deals"][0]["actions"] if " play " in line]
    assert plays[0] == "N play AC, S play 9C, W play JH" and len(plays) == 5
    dump(rec, tmp_path / "r.yaml")
    assert replay(tmp_path / "r.yaml").state.deals[0].scores == [0, 4, 0, 4]


@pytest.mark.parametrize("options, scores", [("", [0, 2, 0, 2]), ("options: {super_euchre: true}\n", [0, 4, 0, 4])])
def test_a_super_euchre_is_worth_4_with_the_option(tmp_path, options, scores):
    # the march deal, but N names hearts in the second round: N-S make trump and win no trick
    text = (RECORDS / "euchre_march.yaml").read_text()
    text = text.replace("spec: ../../specs/euchre/euchre.yaml", f"spec: {(SPECS / 'euchre.yaml').as_posix()}\n{options}")
    text = text.replace("      - W trump H              # the second round: any suit but clubs\n      - W pass\n",
                        "      - W pass\n      - N trump H\n      - N pass\n")
    text = text.replace("scores: {N: 0, E: 2, S: 0, W: 2}", f"scores: {{N: 0, E: {scores[1]}, S: 0, W: {scores[3]}}}")
    record = tmp_path / "r.yaml"
    record.write_text(text)
    assert replay(record).state.deals[0].scores == scores


def test_the_screen_shows_the_trump_after_the_up_card_is_taken_and_who_sits_out():
    from interpreter.words.screen import describe

    st = at("euchre_lone_march.yaml", 3)
    text = describe(st, N)
    assert "trump D" in text and "sitting out: E" in text
    assert st.view(N)["sitting_out"] == ["E"]


def test_when_the_dealers_partner_orders_up_he_plays_alone_in_the_partner_alone_variant(tmp_path):
    # the deal of euchre_made_partner_orders: S orders up, so N lays his hand down untouched
    text = (RECORDS / "euchre_made_partner_orders.yaml").read_text()
    text = text.replace("spec: ../../specs/euchre/euchre.yaml", f"spec: {(SPECS / 'partner-alone.yaml').as_posix()}")
    start, end = text.index("      - S pass                 # he plays"), text.index("    scores:")
    text = text[:start] + "\n".join([
        "      - W play KC, E play AC, S play 9C",   # W, left of the lone S, leads
        "      - E play AD, S play 9D, W play QD",
        "      - E play TS, S play JS, W play TH",
        "      - S play AS, W play KD, E play 9S",
        "      - S play AH, W play JH, E play QH"]) + "\n" + text[end:]
    record = tmp_path / "r.yaml"
    record.write_text(text)  # S wins three tricks alone: 1 point
    st = replay(record).state
    d = st.deals[0]
    assert d.scores == [1, 0, 1, 0] and d.exchanges == [] and [len(t.cards) for t in d.tricks] == [3] * 5
    assert d.calls == [(E, "pass"), (S, "take")]  # nobody was asked about going alone

"""Piquet: the ends of a partie (rubicon, au Cent) and options that must not change totals."""

from __future__ import annotations

from pathlib import Path

import pytest

from interpreter.compile.game import load_game
from interpreter.players.agents import RandomAgent
from interpreter.record.replay import replay

ROOT = Path(__file__).resolve().parents[3]
RUBICON = ROOT / "specs" / "piquet" / "rubicon.yaml"
CENT = ROOT / "specs" / "piquet" / "au-cent.yaml"
RECORDS = Path(__file__).resolve().parents[2] / "records"
A, B = 0, 1


def finished(spec, seed=1, options=None):
    """A whole game of `spec` played by the default bots."""
    game = load_game(spec, options=options)
    agent = RandomAgent(seed)
    state = game.new_state(seed)
    while not state.is_terminal:
        state.apply(agent.choose(state, state.current_player, state.legal_actions()))
    return game, state


@pytest.mark.parametrize("name, scores", [
    ("piquet_example1.yaml", [11, 41]),   # declarations and play, trick by trick
    ("piquet_example3.yaml", [80, 2]),    # the pique
    ("piquet_late_blanche.yaml", [50, 20]),  # younger's carte blanche announced after elder's exchange (§3)
])
def test_worked_examples_replay_to_the_rulebook_scores(name, scores):
    state = replay(RECORDS / name).state
    assert state.deals[0].scores == scores


@pytest.mark.parametrize("totals, returns", [
    ((99, 120), (-319, 319)),   # loser under 100: 99 + 120 + 100
    ((101, 120), (-119, 119)),  # 120 - 101 + 100
    ((80, 95), (-275, 275)),    # both under 100: 80 + 95 + 100
    ((130, 60), (290, -290)),
])
def test_example_4_rubicon_settlement(totals, returns):
    game, state = finished(RUBICON)
    state.totals = list(totals)
    assert tuple(state.returns) == returns


def test_example_4_a_tie_after_six_deals_plays_two_more():
    game, state = finished(RUBICON)
    state.totals = [140, 140]
    for deals, ends in ((6, False), (7, False), (8, False)):
        state.deal_number = deals
        assert game.ends_when(state) is ends
    state.totals = [150, 140]
    state.deal_number = 8
    assert game.ends_when(state) is True
    state.deal_number = 7  # never after an odd deal
    assert game.ends_when(state) is False


@pytest.mark.parametrize("totals, returns", [
    ((104, 47), (114, -114)),   # loser under 50: (104 - 47) x 2
    ((72, 110), (-38, 38)),
    ((103, 101), (2, -2)),
])
def test_example_5_au_cent_settlement(totals, returns):
    game, state = finished(CENT)
    state.totals = list(totals)
    assert tuple(state.returns) == returns


@pytest.mark.parametrize("strict, total, ends", [(False, 100, True), (True, 100, False), (True, 101, True)])
def test_au_cent_ends_at_100_or_above_100(strict, total, ends):
    game, state = finished(CENT, options={"cent_strict": str(strict).lower()})
    state.totals = [total, 40]
    assert game.ends_when(state) is ends
    state.totals = [120, 120]  # equal totals: play another deal
    assert game.ends_when(state) is False


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_au_cent_games_end_on_an_untied_total_of_100(seed):
    game, state = finished(CENT, seed)
    assert max(state.totals) >= 100 and state.totals[A] != state.totals[B]
    before = [sum(d.scores[p] for d in state.deals[:-1]) for p in (A, B)]
    assert max(before) < 100 or before[A] == before[B]  # it did not end a deal late


@pytest.mark.parametrize("seed", [1, 5, 9])
def test_per_lead_count_gives_the_classic_totals(seed):
    """Variant 7 only changes when points are counted, never how many (piquet.md §11)."""
    _, classic = finished(RUBICON, seed)
    _, per_lead = finished(RUBICON, seed, {"play_count": "per_lead"})
    assert [d.scores for d in per_lead.deals] == [d.scores for d in classic.deals]


@pytest.mark.parametrize("seed", [2, 6])
def test_dealing_patterns_give_twelve_cards_and_a_talon_of_eight(seed):
    for deal in ("twos", "threes", "2-3-2-3-2"):
        game = load_game(RUBICON, options={"deal": deal})
        state = game.new_state(seed)
        assert [len(h) for h in state.deal.hands] == [12, 12] and len(state.deal.talon) == 8


def test_elder_views_the_cards_he_left_only_with_the_option():
    for option, seen in (("false", 0), ("true", 3)):
        game = load_game(RUBICON, options={"elder_views_rest": option})
        state = game.new_state(4)
        elder = state.current_player
        state.apply(state.legal_actions()[0])
        state.apply(state.legal_actions()[0])
        state.apply("draw")  # elder takes 2 of his 5
        view = state.view(elder)
        assert len(view["talon_seen"]) == seen
        assert state.view(1 - elder)["talon_seen"] == []
        if seen:  # the next three cards of the talon, which younger may still take
            assert view["talon_seen"] == game.pack.format(state.talon[:3]).split()


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_best_of_five_partie_ends_at_three_wins(seed):
    game, state = finished(CENT, seed, {"best_of_five": "true"})
    wins = [0, 0]
    for k, (result, totals) in enumerate(zip(state.games, state.game_totals)):
        assert max(wins) < 3, "the partie went on after it was won"
        w = 0 if result[0] > 0 else 1
        assert max(totals) >= 100 and totals[w] > totals[1 - w]
        wins[w] += 2 if totals[1 - w] < 50 else 1
    assert max(wins) >= 3
    winner = wins.index(max(wins))
    assert state.returns[winner] == 1 and state.returns[1 - winner] == -1
    dealers = [d.dealer for d in state.deals]
    assert all(a != b for a, b in zip(dealers, dealers[1:]))  # the deal alternates across games


def _at_sequences(options, b_hand):
    """Deal 1 with A (elder) holding a quint to the ace in spades, played up to the sequences."""
    game = load_game(RUBICON, options=options)
    a_hand = "AS KS QS JS TS 7H AD 8D 7D AC 8C 7C".split()
    rest = [c for c in game.pack.names if c not in a_hand and c not in b_hand]
    cards = [[game.pack.parse(c) for c in h] for h in (a_hand, b_hand)]
    s = game.new_state(1, first_dealer=B, hands={1: cards}, talons={1: [game.pack.parse(c) for c in rest]})
    for action in ("discard 7C", "draw", "draw", "keep talon hidden", "declare point S"):
        s.apply(action)
    s.apply(s.legal_actions()[-1])  # B declares her best point
    return s


@pytest.mark.parametrize("two_step, b_hand, said", [
    # B holds a quint to the king: equal sizes, so the top cards are said too
    (False, "KH QH JH TH 9H 9S 8S KD QD KC QC JC", {"A": "size 5, top A", "B": "size 5, top K"}),
    (True, "KH QH JH TH 9H 9S 8S KD QD KC QC JC", {"A": "size 5, top A", "B": "size 5, top K"}),
    # B holds a quart: with two-step declarations the sizes settle it and no top card is said
    (False, "KH QH JH TH 8H 9S 8S KD QD KC QC JC", {"A": "size 5, top A", "B": "size 4, top K"}),
    (True, "KH QH JH TH 8H 9S 8S KD QD KC QC JC", {"A": "size 5", "B": "size 4"}),
])
def test_two_step_declarations_say_the_top_card_only_when_sizes_are_equal(two_step, b_hand, said):
    s = _at_sequences({"two_step_declarations": str(two_step).lower()}, b_hand.split())
    s.apply("declare sequence AS-TS")
    s.apply(s.legal_actions()[-1])
    seq = [d for d in s.view(A)["declarations"] if d["category"] == "sequence"][0]
    assert seq["said"] == said and seq["winner"] == "A"


@pytest.mark.parametrize("after_lead", [False, True])
def test_exposed_talon_is_face_up_at_once_or_after_the_first_lead(after_lead):
    game = load_game(RUBICON, options={"expose_after_lead": str(after_lead).lower()})
    s = game.new_state(8)
    elder = s.current_player
    s.apply(s.legal_actions()[0])
    s.apply("draw")  # elder takes 1 of 5
    s.apply("draw")  # younger takes none: 7 left
    s.apply("expose talon")
    while s.phase.kind != "tricks":
        s.apply(s.legal_actions()[-1])
    left = sorted(game.pack.names[c] for c in s.talon)
    assert len(left) == 7
    before = s.view(elder)["talon"]
    assert before is None if after_lead else sorted(before) == left
    s.apply(s.legal_actions()[0])  # elder leads
    assert sorted(s.view(1 - elder)["talon"]) == left


def test_strict_carte_blanche_procedure_when_elder_holds_it():
    """Variant 3: elder announces, states his count, younger discards, elder shows, exchanges, younger draws."""
    game = load_game(RUBICON, options={"strict_blanche": "true"})
    names = game.pack.names
    a_hand = "AS TS 9S 8S 7S AH TH 9H AD TD AC TC".split()  # no king, queen or jack
    b_hand = "KS QS JS KH QH JH KD QD JD KC QC JC".split()
    talon = "8H 7H 9D 8D 7D 9C 8C 7C".split()
    parse = game.pack.parse
    s = game.new_state(1, first_dealer=B, hands={1: [[parse(c) for c in a_hand], [parse(c) for c in b_hand]]},
                       talons={1: [parse(c) for c in talon]})
    assert [a.name for a in s.legal_actions()] == ["declare carte blanche nothing", "declare carte blanche hand"]
    s.apply("declare carte blanche hand")
    blanche = s.view(B)["declarations"][0]
    assert blanche["said"]["A"] == "size 12" and blanche["shown"] == {}  # announced, not yet shown
    assert [a.name for a in s.legal_actions()] == [f"exchange {k}" for k in range(1, 6)]
    s.apply("exchange 3")
    assert s.current_player == B  # younger discards first, up to 8 - 3
    s.apply("discard KS")
    s.apply("discard QS")
    s.apply("draw")  # she ends her discards; she draws later
    assert sorted(names[c] for c in s.hands[B]) == sorted(c for c in b_hand if c not in ("KS", "QS"))
    assert s.view(B)["declarations"][0]["shown"] == {"A": ["hand"]}  # elder shows his hand now
    assert s.current_player == A
    for c in ("7S", "8S"):
        s.apply(f"discard {c}")
    assert "draw" not in [a.name for a in s.legal_actions()]  # exactly three
    s.apply("discard 9S")  # the third: he draws at once
    assert {"8H", "7H", "9D"} <= {names[c] for c in s.hands[A]}
    assert {"8D", "7D"} <= {names[c] for c in s.hands[B]}  # then younger draws the next two
    assert sorted(names[c] for c in s.talon) == ["7C", "8C", "9C"]
    assert [a.name for a in s.legal_actions()] == ["keep talon hidden", "expose talon"]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_strict_carte_blanche_changes_nothing_without_one(seed):
    """Without a carte blanche the strict procedure is the usual one: the same game, deal by deal."""
    _, usual = finished(RUBICON, seed)
    _, strict = finished(RUBICON, seed, {"strict_blanche": "true"})
    blanche = [d for d in usual.deals if any(d.declarations[0][1])]
    assert not blanche, "pick seeds without a carte blanche"
    assert [(d.hands, d.exchanges, d.scores) for d in strict.deals] == \
        [(d.hands, d.exchanges, d.scores) for d in usual.deals]


def test_strict_carte_blanche_procedure_when_younger_holds_it():
    """Variant 3: younger announces before elder's exchange and shows her hand only after it."""
    game = load_game(RUBICON, options={"strict_blanche": "true"})
    parse = game.pack.parse
    a_hand = "KS QS JS KH QH JH KD QD JD KC QC JC".split()
    b_hand = "AS TS 9S 8S 7S AH TH 9H AD TD AC TC".split()  # younger's: no court card
    talon = "8H 7H 9D 8D 7D 9C 8C 7C".split()
    s = game.new_state(1, first_dealer=B, hands={1: [[parse(c) for c in a_hand], [parse(c) for c in b_hand]]},
                       talons={1: [parse(c) for c in talon]})
    assert s.current_player == B  # elder has nothing to announce: younger's turn
    s.apply("declare carte blanche hand")
    assert s.current_player == A and s.view(A)["declarations"][0]["shown"] == {}
    s.apply("discard KS")
    s.apply("draw")  # elder's usual exchange, 1 to 5
    assert s.view(A)["declarations"][0]["shown"] == {"B": ["hand"]}  # now she shows it
    assert s.current_player == B and "draw" in [a.name for a in s.legal_actions()]  # her own exchange


def blanche_for_younger(options=None):
    """Younger B is dealt no king, queen or jack; elder A is to announce first."""
    game = load_game(RUBICON, options=options)
    parse = game.pack.parse
    a_hand = "KS QS JS KH QH JH KD QD JD KC QC JC".split()
    b_hand = "AS TS 9S 8S 7S AH TH 9H AD TD AC TC".split()
    talon = "8H 7H 9D 8D 7D 9C 8C 7C".split()
    return game.new_state(1, first_dealer=B, hands={1: [[parse(c) for c in a_hand], [parse(c) for c in b_hand]]},
                          talons={1: [parse(c) for c in talon]})


def names(state):
    return [a.name for a in state.legal_actions()]


@pytest.mark.parametrize("options", [None, {"deal": "threes"}, {"two_step_declarations": "true"}])
def test_younger_may_announce_carte_blanche_after_elders_exchange(options):
    """§3: younger may announce before elder's exchange or after it, but before her own exchange."""
    s = blanche_for_younger(options)
    s.apply("declare carte blanche nothing")  # not yet
    s.apply("discard KS")
    s.apply("draw")
    assert s.current_player == B
    assert names(s) == ["declare carte blanche nothing", "declare carte blanche hand"]
    s.apply("declare carte blanche hand")
    assert s.view(A)["declarations"][-1]["shown"] == {"B": ["hand"]}
    assert "draw" in names(s)  # then her own exchange
    assert s.deal.declarations[-1][3] == [0, 10]


def test_younger_who_announced_before_elders_exchange_is_not_asked_again():
    s = blanche_for_younger()
    s.apply("declare carte blanche hand")
    s.apply("discard KS")
    s.apply("draw")
    assert s.current_player == B and "draw" in names(s)  # straight to her exchange
    assert [d[3] for d in s.deal.declarations] == [[0, 10]]


def test_strict_procedure_offers_carte_blanche_only_before_elders_exchange():
    """Variant 3: younger announces before elder's exchange or not at all."""
    s = blanche_for_younger({"strict_blanche": "true"})
    s.apply("declare carte blanche nothing")
    s.apply("discard KS")
    s.apply("draw")
    assert s.current_player == B and not any(a.startswith("declare") for a in names(s))

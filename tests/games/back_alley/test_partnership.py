"""Partnership Back Alley: the rules' worked examples, and random games."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from interpreter.compile.game import load_game
from interpreter.core.errors import IllegalAction

ROOT = Path(__file__).resolve().parents[3]
SPEC = ROOT / "specs" / "back-alley" / "partnership.yaml"
N, E, S, W = range(4)
SCHEDULE = "if counted_deal <= 13 then 14 - counted_deal else counted_deal - 13"


def game_with(cards: int):
    """The partnership game with `cards` in every hand (the examples' hand sizes)."""
    return load_game(SPEC, text=SPEC.read_text().replace(SCHEDULE, str(cards)))


def deal(cards, dealer, hands, turn_up):
    """A first deal with these hands (N E S W) and `turn_up` on top of the undealt cards."""
    game = game_with(cards)
    p = game.pack.parse
    held = [[p(c) for c in h.split()] for h in hands]
    rest = [c for c in range(len(game.pack)) if all(c not in h for h in held) and c != p(turn_up)]
    return game, game.new_state(1, first_dealer=dealer, hands={1: held}, talons={1: [p(turn_up), *rest]})


def run(state, *actions):
    for a in actions:
        state.apply(a)
    return state


def team_scores(state):
    d = state.deals[0]
    return d.scores[N], d.scores[E]  # N-S, E-W (partners score alike)


# Example 1: numbers, n = 5. Dealer N; E 2, S 1, W pass, N 2; E (the earlier of the two 2s) leads.
EX1 = ["AS 7S 2H 6H AD", "2S 5S AH 7H 3D", "3S KS 3H 5H 4D", "4S 6S 4H KH 2D"]
EX1_PLAY = ["play 2S", "play 3S", "play 4S", "play AS",   # N wins
            "play 2H", "play AH", "play 3H", "play 4H",   # E wins
            "play 5S", "play KS", "play 6S", "play 7S",   # S wins
            "play 5H", "play KH", "play 6H", "play 7H"]   # W wins


def test_example_1a_both_teams_make_their_numbers():
    game, st = deal(5, N, EX1, "2C")
    run(st, "bid 2", "bid 1", "pass", "bid 2")
    assert st.current_player == E
    run(st, *EX1_PLAY, "play 2D", "play AD", "play 3D", "play 4D")  # N wins: N-S 3, E-W 2
    assert team_scores(st) == (15, 10)


def test_example_1b_north_south_fail_east_west_overtrick():
    hands = [EX1[0].replace("AD", "2D"), EX1[1], EX1[2], EX1[3].replace("2D", "AD")]
    game, st = deal(5, N, hands, "2C")
    run(st, "bid 2", "bid 1", "pass", "bid 2", *EX1_PLAY, "play AD", "play 2D", "play 3D", "play 4D")
    assert team_scores(st) == (-15, 11)


# Example 2: boards, n = 4. Dealer S; W 1, N board, E board (double), S pass; E leads.
@pytest.mark.parametrize("hands, plays, scores", [
    (["3S 4S 3H 3D", "AS KS AH AD", "5S 6S 4H 4D", "7S 8S 5H 5D"],
     ["play AS", "play 5S", "play 7S", "play 3S", "play AH", "play 4H", "play 5H", "play 3H",
      "play AD", "play 4D", "play 5D", "play 3D", "play KS", "play 6S", "play 8S", "play 4S"], (-40, 80)),
    (["KS 3S 3H 3D", "AS 2S AH AD", "5S 6S 4H 4D", "7S 8S 5H 5D"],
     ["play AS", "play 5S", "play 7S", "play 3S", "play AH", "play 4H", "play 5H", "play 3H",
      "play AD", "play 4D", "play 5D", "play 3D", "play 2S", "play 6S", "play 8S", "play KS"], (-40, -80)),
])
def test_example_2_boards(hands, plays, scores):
    game, st = deal(4, S, hands, "2C")
    run(st, "bid 1", "board", "board", "pass")
    assert st.current_player == E  # the last board caller leads
    run(st, *plays)
    assert team_scores(st) == scores


def test_partner_numbers_may_not_exceed_the_cards():
    game, st = deal(5, N, EX1, "2C")
    run(st, "bid 2", "bid 1", "pass")
    assert [a.name for a in st.legal_actions()] == ["pass", "bid 1", "bid 2", "bid 3", "bid 4", "board"]
    game, st = deal(5, N, EX1, "2C")
    run(st, "bid 2", "bid 4")  # S's partner N has not called yet
    with pytest.raises(IllegalAction) as info:
        run(st, "pass", "bid 2")  # N: 2 + 4 > 5
    assert info.value.rule == "allowed"


def test_everybody_passing_voids_the_deal_and_deals_the_same_size_again():
    game = load_game(SPEC)
    st = game.new_state(3)
    assert len(st.hands[0]) == 13
    run(st, "pass", "pass", "pass", "pass")
    assert st.deal_number == 2 and len(st.hands[0]) == 13 and st.deals[0].void
    assert st.deals[0].scores == [0, 0, 0, 0]


# Example 4: blooper leads.
def test_example_4_big_blooper_forces_the_highest_trump():
    hands = ["2S 3S 4S", "BJ 5S 6S", "LJ AH 3H", "9H 5H 7S"]  # hearts are trumps
    game, st = deal(3, N, hands, "2H")
    run(st, "board", "pass", "pass", "pass")  # E called board: he may lead a trump at once
    run(st, "play BJ")
    assert [a.name for a in st.legal_actions()] == ["play LJ"]
    st.apply("play LJ")
    assert [a.name for a in st.legal_actions()] == ["play 9H"]
    st.apply("play 9H")
    assert len(st.legal_actions()) == 3  # N has no trump: anything
    st.apply("play 2S")
    assert st.tricks[0].winner == E


def test_example_4_little_blooper_forces_the_lowest_trump():
    hands = ["LJ KH 3H", "BJ 5H 6H", "AS 2S 4H", "7H 8H 9H"]  # spades are trumps
    game, st = deal(3, W, hands, "3S")
    run(st, "board", "pass", "pass", "pass")  # N leads
    run(st, "play LJ")
    assert [a.name for a in st.legal_actions()] == ["play BJ"]  # E's only trump is the big one
    st.apply("play BJ")
    assert [a.name for a in st.legal_actions()] == ["play 2S"]
    st.apply("play 2S")
    assert len(st.legal_actions()) == 3  # W has no trump
    st.apply("play 7H")
    assert st.tricks[0].winner == E


# Example 5: trumps may not be led until broken (unless board, or only trumps).
def test_example_5_trump_lead_ban():
    hands = ["AS KS 5H", "2H 3H 4H", "6H 7H 8H", "QD 3S 9H"]  # spades are trumps
    game, st = deal(3, W, hands, "2S")
    run(st, "bid 2", "pass", "pass", "pass")  # N called 2 and leads
    assert [a.name for a in st.legal_actions()] == ["play 5H"]
    with pytest.raises(IllegalAction) as info:
        st.apply("play AS")
    assert info.value.rule == "trump lead ban"
    run(st, "play 5H", "play 2H", "play 6H", "play 9H")  # W wins with the 9 of hearts
    run(st, "play QD", "play AS", "play 3H", "play 7H")  # N trumps... (N is void in diamonds)
    assert st.tricks[-1].winner == N
    # trumps are broken now: N may lead KS
    assert "play KS" in [a.name for a in st.legal_actions()]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_games_conserve_cards_and_end_after_26_counted_deals(seed):
    game = load_game(SPEC)
    rng = random.Random(seed)
    st = game.new_state(seed)
    while not st.is_terminal:
        legal = st.legal_actions()
        assert legal
        cards = sorted([c for h in st.hands for c in h] + [c for w in st.won for c in w] + st.trick_cards
                       + st.talon + st.out_of_play + ([st.turn_up] if st.turn_up is not None else []))
        assert cards == list(range(54))
        st.apply(legal[rng.randrange(len(legal))])
    counted = [d for d in st.deals if not d.void]
    assert len(counted) == 26
    sizes = [len(d.hands[0]) for d in counted]
    assert sizes == list(range(13, 0, -1)) + list(range(1, 14))
    for d in counted:
        assert d.scores[N] == d.scores[S] and d.scores[E] == d.scores[W]


@pytest.mark.parametrize("options, sizes", [
    ({"always13": "true"}, [13] * 26),
    ({"deals25": "true"}, list(range(13, 0, -1)) + list(range(2, 14))),
    ({"individual": "true", "players": "5"}, list(range(10, 0, -1)) + list(range(1, 11))),
    ({"individual": "true", "players": "5", "deals25": "true"}, list(range(10, 0, -1)) + list(range(2, 11))),
    ({"individual": "true", "players": "3"}, list(range(13, 0, -1)) + list(range(1, 14))),
])
def test_schedules(options, sizes):
    game = load_game(SPEC, options=options)
    rng = random.Random(4)
    st = game.new_state(4)
    while not st.is_terminal:
        legal = st.legal_actions()
        st.apply(legal[rng.randrange(len(legal))])
    assert [len(d.hands[0]) for d in st.deals if not d.void] == sizes


def game_with_options(cards, options):
    text = SPEC.read_text().replace(SCHEDULE, str(cards))
    return load_game(SPEC, text=text, options=options)


def options_deal(cards, dealer, hands, turn_up, options):
    game = game_with_options(cards, options)
    p = game.pack.parse
    held = [[p(c) for c in h.split()] for h in hands]
    rest = [c for c in range(len(game.pack)) if all(c not in h for h in held) and c != p(turn_up)]
    return game.new_state(1, first_dealer=dealer, hands={1: held}, talons={1: [p(turn_up), *rest]})


def test_team_total_at_most_one_less_than_the_cards():
    st = options_deal(5, N, EX1, "2C", {"team_max_n_minus_1": "true"})
    run(st, "bid 2", "bid 1", "pass")
    assert [a.name for a in st.legal_actions()] == ["pass", "bid 1", "bid 2", "bid 3", "board"]  # 1 + 4 > 4


def test_big_blooper_partner_free():
    hands = ["2S 3S 4S", "BJ 5S 6S", "LJ AH 3H", "9H 5H 7S"]  # hearts trumps; E leads BJ; W is his partner
    for free, w_legal in (("false", ["play 9H"]), ("true", ["play 5H", "play 9H"])):
        st = options_deal(3, N, hands, "2H", {"bj_partner_free": free})
        run(st, "board", "pass", "pass", "pass", "play BJ")
        assert [a.name for a in st.legal_actions()] == ["play LJ"]  # S, an opponent: still the highest
        st.apply("play LJ")
        assert sorted(a.name for a in st.legal_actions()) == w_legal  # W, the leader's partner


def test_board_callers_partner_may_lead_trumps_with_the_option():
    # spades trumps; S calls board and leads a heart; N wins it and must lead before trumps are broken
    hands = ["AH KS 2D", "5H 8D 9D", "3H 4D 5D", "4H 6D 7D"]
    for option, legal in (("false", ["play 2D"]), ("true", ["play KS", "play 2D"])):
        st = options_deal(3, W, hands, "2S", {"board_lead_team": option})
        run(st, "pass", "pass", "board", "pass")
        assert st.current_player == S
        run(st, "play 3H", "play 4H", "play AH", "play 5H")
        assert st.current_player == N
        assert [a.name for a in st.legal_actions()] == legal


# Variant 2, Boston: n = 8; N calls Boston and N-S must win each of the first six tricks.
BOSTON_HANDS = ["AS KS QS JS TS 9S 8S 2H", "2S 3S 4S 5S 6S 7S AH 4H",
                "KH QH JH TH 9H 8H 7H 3H", "AD KD QD JD TD 9D 8D 7D"]
BOSTON_PLAY = ["play AS", "play 2S", "play KH", "play AD", "play KS", "play 3S", "play QH", "play KD",
               "play QS", "play 4S", "play JH", "play QD", "play JS", "play 5S", "play TH", "play JD",
               "play TS", "play 6S", "play 9H", "play TD", "play 9S", "play 7S", "play 8H", "play 9D",
               "play 8S", "play 4H", "play 7H", "play 8D",     # N wins trick 7
               "play 2H", "play AH", "play 3H", "play 7D"]     # E wins trick 8


def test_boston_made_with_one_of_the_last_two_tricks():
    st = options_deal(8, W, BOSTON_HANDS, "2C", {"boston": "true"})
    run(st, "boston", "pass", "pass", "pass")
    assert st.current_player == N  # the Boston caller leads
    run(st, *BOSTON_PLAY)
    assert (st.deals[0].scores[N], st.deals[0].scores[E]) == (101, 1)  # E-W passed: 1 per trick


def test_boston_lost_in_trick_4():
    hands = [BOSTON_HANDS[0].replace("JS", "5S"), BOSTON_HANDS[1].replace("5S", "JS"), *BOSTON_HANDS[2:]]
    st = options_deal(8, W, hands, "2C", {"boston": "true"})
    run(st, "boston", "pass", "pass", "pass", *BOSTON_PLAY[:12], "play TS", "play JS", "play TH", "play JD")
    assert st.tricks[3].winner == E
    while st.deal_number == 1:
        st.apply(st.legal_actions()[0])
    assert st.deals[0].scores[N] == -100


def test_boston_only_with_enough_cards():
    st = options_deal(5, N, EX1, "2C", {"boston": "true"})
    assert "boston" not in [a.name for a in st.legal_actions()]
    st = options_deal(6, N, [h + " " + x for h, x in zip(EX1, ["9C", "TC", "JC", "QC"])], "2C",
                      {"boston": "true", "boston_min7": "true"})
    assert "boston" not in [a.name for a in st.legal_actions()]


def test_individual_play_scores_each_player_alone():
    st = options_deal(5, N, EX1, "2C", {"individual": "true"})
    run(st, "bid 4", "bid 4", "pass", "bid 2")  # no partner limit; E, the earlier 4, leads
    run(st, *EX1_PLAY, "play 2D", "play AD", "play 3D", "play 4D")
    # tricks: N 2 (bid 2: +10), E 1 (bid 4: -20), S 1 (bid 4: -20), W 1 (pass: 0 + 1)
    assert st.deals[0].scores == [10, -20, -20, 1]


def test_spec_functions_may_use_each_other_in_any_order_but_not_in_a_cycle():
    from interpreter.core.errors import SpecErrors

    text = SPEC.read_text().replace("functions:\n", "functions:\n  loop_a:\n    value: loop_b + 1\n"
                                    "  loop_b:\n    value: loop_a + 1\n", 1)
    with pytest.raises(SpecErrors) as info:
        load_game(SPEC, text=text)
    assert [e.message for e in info.value.errors] == [
        "unknown name `loop_b` (the functions use each other in a cycle)",
        "unknown name `loop_a` (the functions use each other in a cycle)"]


# Variant 4, the blind seven: n = 7.
SEVEN = ["AS KS QS JS TS 9S 8S", "2S 3S 4S 5S 6S 7S 2H", "AH KH QH JH TH 9H 8H", "AD KD QD JD TD 9D 8D"]


def test_blind_seven_calls_without_looking_and_no_board():
    st = options_deal(7, W, SEVEN, "2C", {"blind_seven": "true"})
    assert st.view(N)["hand"] == [] and st.view(N)["hand_sizes"]["N"] == 7
    assert "board" not in [a.name for a in st.legal_actions()]
    run(st, "bid 2", "pass", "bid 1", "pass")
    assert len(st.view(N)["hand"]) == 7  # the calls are over: the cards are picked up


@pytest.mark.parametrize("north, east, n_s_tricks, score", [
    ("AS KS QS JS TS 9S 8S", "2S 3S 4S 5S 6S 7S 2H", 7, 10),   # bid 3, won 7: 2 x 3 + 4
    ("2S 3S 4S 5S 6S 7S 2H", "AS KS QS JS TS 9S 8S", 0, -6),   # bid 3, won 0: -2 x 3
])
def test_blind_seven_scores(north, east, n_s_tricks, score):
    st = options_deal(7, W, [north, east, SEVEN[2], SEVEN[3]], "2C", {"blind_seven": "true"})
    run(st, "bid 2", "pass", "bid 1", "pass")
    while st.deal_number == 1:
        st.apply(st.legal_actions()[0])
    assert sum(1 for t in st.deals[0].tricks if t.winner in (N, S)) == n_s_tricks
    assert st.deals[0].scores[N] == score


def test_blind_burn_turns_again_past_a_blooper():
    hands = ["AS KS QS JS TS 9S 8S", "2S 3S 4S 5S 6S 7S LJ", "AH KH QH JH TH 9H 8H", "AD KD QD JD TD 9D 8D"]
    st = options_deal(7, W, hands, "BJ", {"blind_seven": "true", "blind_burn": "true"})
    assert st.game.pack.names[st.turn_up] != "BJ" and st.trump is not None
    assert "LJ" in [st.game.pack.names[c] for c in st.hands[E]]  # the little blooper stays in play
    plain = options_deal(7, W, hands, "BJ", {"blind_seven": "true"})
    assert plain.trump is None and "LJ" not in [plain.game.pack.names[c] for c in plain.hands[E]]


# Variant 3, rainbow (n = 4): W announces rainbow with his call of 1, E calls 1 (target 2).
@pytest.mark.parametrize("west, north, plays, e_w", [
    ("AS 2H 3D 2C", "2S 3H 2D AC",
     ["play AS", "play 2S", "play 3S", "play 4S", "play 2H", "play 3H", "play AH", "play 4H",
      "play AD", "play 4D", "play 3D", "play 2D", "play 6C", "play 7C", "play 2C", "play AC"], 51),
    ("2S 2H 3D 2C", "AS 3H 2D AC",
     ["play 2S", "play AS", "play 3S", "play 4S", "play 3H", "play AH", "play 4H", "play 2H",
      "play AD", "play 4D", "play 3D", "play 2D", "play 6C", "play 7C", "play 2C", "play AC"], -30),
])
def test_rainbow(west, north, plays, e_w):
    st = options_deal(4, S, [north, "3S AH AD 6C", "4S 4H 4D 7C", west], "5C", {"rainbow": "true"})
    assert "bid 1 rainbow" in [a.name for a in st.legal_actions()]  # W: one card of each suit
    run(st, "bid 1 rainbow", "pass", "bid 1", "pass")
    assert st.current_player == W  # the rainbow announcer leads
    run(st, *plays)
    assert st.deals[0].scores[E] == e_w == st.deals[0].scores[W]


def test_a_blooper_spoils_a_rainbow():
    st = options_deal(4, S, ["2S 3H 2D AC", "3S AH AD 6C", "4S 4H 4D 7C", "AS 2H BJ 2C"], "5C", {"rainbow": "true"})
    assert not any(a.name.endswith("rainbow") for a in st.legal_actions())


# Variant 1, double board after the calls: n = 5, dealer N; E pass, S 2, W board, N pass; E raises.
@pytest.mark.parametrize("east, north, e_w", [
    ("AS KS QS JS TS", "2S 3S 4S 5S 6S", 75),
    ("AS KS QS JS 2H", "2S 3S 4S 5S AH", -75),
])
def test_double_board_after_the_calls(east, north, e_w):
    st = options_deal(5, N, [north, east, "7S 8S 9S 3H 4H", "5H 6H 7H 8H 9H"], "2C", {"double_board_after": "true"})
    run(st, "pass", "bid 2", "board", "pass")
    assert st.current_player == E and [a.name for a in st.legal_actions()] == ["pass", "double"]
    st.apply("double")
    assert st.current_player == E  # double board leads; the raiser is earlier than W
    while st.deal_number == 1:
        st.apply(st.legal_actions()[0])
    assert st.deals[0].scores[E] == e_w


def test_a_board_after_the_partners_board_is_double():
    st = options_deal(5, N, EX1, "2C", {"double_board_after": "true"})
    run(st, "board", "pass", "board", "pass")  # E board, S pass, W board: W's is double; nobody raises
    assert st.phase.kind == "tricks" and st.current_player == W  # double board leads


def test_always13_is_not_for_five_players():
    from interpreter.core.errors import SpecErrors

    with pytest.raises(SpecErrors) as info:
        load_game(SPEC, options={"individual": "true", "players": "5", "always13": "true"})
    assert "needs `players=3` or `players=4`, not `players=5`" in info.value.errors[0].message


def test_not_playing_the_highest_trump_is_refused_with_the_rule():
    hands = ["2S 3S 4S", "BJ 5S 6S", "LJ AH 3H", "9H 5H 7S"]
    st = options_deal(3, N, hands, "2H", {})
    run(st, "board", "pass", "pass", "pass", "play BJ")
    with pytest.raises(IllegalAction) as info:
        st.apply("play AH")
    assert info.value.rule == "big blooper led"


def test_the_terminal_shows_the_trump_and_the_calls():

    from interpreter.words.screen import describe

    st = options_deal(5, N, EX1, "2C", {})
    run(st, "bid 2", "bid 1")
    text = describe(st, S)
    assert "turned up 2C, trump C" in text and "Calls: E bid 2, S bid 1" in text


@pytest.mark.parametrize("seed", [11, 12])
def test_every_legal_action_keeps_the_rules(seed):
    """An independent reading of A3 and A5, checked against every legal list of random games."""
    game = load_game(SPEC)
    pack = game.pack
    rng = random.Random(seed)
    st = game.new_state(seed)
    while not st.is_terminal:
        legal = st.legal_actions()
        p = st.current_player
        if st.phase.kind == "call":
            n = len(st.hands[p]) + 0
            partner = st.calls[(p + 2) % 4]
            for a in legal:
                if a.name.startswith("bid "):
                    b = int(a.name[4:])
                    assert 1 <= b <= n - 1
                    assert not (partner and partner > 0) or b + partner <= n
        elif st.phase.kind == "tricks":
            hand = st.hands[p]
            suit = st.suit
            cards = [a for a in legal]
            trump = st.trump
            if not st.trick_cards:
                broken = any(suit[c] == trump for t in st.tricks for c in t.cards)
                only_trumps = all(suit[c] == trump for c in hand)
                board = st.calls[p] is not None and st.calls[p] < 0
                if trump is not None and not broken and not only_trumps and not board:
                    assert all(suit[c] != trump for c in cards)
            else:
                first = pack.names[st.trick_cards[0]]
                trumps = [c for c in hand if suit[c] == trump] if trump is not None else []
                if first in ("BJ", "LJ") and trumps:
                    pick = max if first == "BJ" else min
                    want = pick(trumps, key=lambda c: pack.trump_power[c])
                    assert cards == [want]
                elif any(suit[c] == st.led_suit for c in hand):
                    assert all(suit[c] == st.led_suit for c in cards)
        st.apply(legal[rng.randrange(len(legal))])


def test_pagat_rainbow_with_eight_cards_counts_as_a_call_of_one():
    hands = ["2S 3S 2H 3H 2D 3D 2C 3C", "4S 5S 4H 5H 4D 5D 4C 5C", "6S 7S 6H 7H 6D 7D 6C 7C", "AS KS AH KH AD KD AC KC"]
    st = options_deal(8, S, hands, "8C", {"rainbow": "true", "rainbow_pagat": "true"})
    assert "bid 1 rainbow" in [a.name for a in st.legal_actions()]  # W: two of each suit
    plain = options_deal(8, S, hands, "8C", {"rainbow": "true"})
    assert not any(a.name.endswith("rainbow") for a in plain.legal_actions())  # only with four cards
    run(st, "bid 1 rainbow", "pass", "bid 1", "pass")  # E-W: 1 + 1 + the rainbow = 3
    assert st.current_player == W
    while st.deal_number == 1:
        st.apply(st.legal_actions()[0])
    won = sum(1 for t in st.deals[0].tricks if t.winner in (E, W))
    assert won == 8  # W holds every top card
    assert st.deals[0].scores[E] == 5 * 3 + (won - 3) + 40


@pytest.mark.parametrize("name, first_trick, winner", [
    ("back_alley_example4_big.yaml", ["BJ", "LJ", "9H", "2S"], "E"),
    ("back_alley_example4_little.yaml", ["LJ", "BJ", "2S", "7H"], "E"),
    ("back_alley_example5.yaml", ["5H", "2H", "6H", "9H"], "W"),
    ("back_alley_original_follow.yaml", ["7S", "2D", "3H", "9S"], "B"),
])
def test_forced_play_examples_replay_from_records(name, first_trick, winner):
    from interpreter.record.replay import replay

    st = replay(Path(__file__).resolve().parents[2] / "records" / name).state
    trick = st.deals[0].tricks[0]
    assert [st.game.pack.names[c] for c in trick.cards] == first_trick
    assert st.game.seat_names[trick.winner] == winner


@pytest.mark.parametrize("name, leader, scores", [
    # A9.2 with A9.1: Boston ranks between board and numbers: E's Boston leads, not W's 4
    ("back_alley_boston_double_board.yaml", "E", [-20, 102, -20, 102]),
    # A9.5 with A9.2: a team of one; only N scores his Boston, S is scored on her own pass
    ("back_alley_individual_boston.yaml", "N", [100, -10, 2, -15]),
])
def test_boston_records_replay_to_the_rules_scores(name, leader, scores):
    from interpreter.record.replay import replay

    st = replay(Path(__file__).resolve().parents[2] / "records" / name).state
    deal = st.deals[0]
    assert st.game.seat_names[deal.tricks[0].leader] == leader
    assert deal.scores == scores


@pytest.mark.parametrize("option", ["bj_partner_free", "board_lead_team", "double_board_after"])
def test_partner_options_are_refused_in_individual_play(option):
    """A9.5: nobody has a partner, so a rule about the partner is refused, with the reason."""
    from interpreter.compile.game import load_game
    from interpreter.core.errors import SpecErrors

    with pytest.raises(SpecErrors) as e:
        load_game(SPEC, options={"individual": "true", option: "true"})
    (err,) = e.value.errors
    assert err.message == (f"option `{option}=true` needs `individual=false`, not `individual=true`: in individual "
                           f"play (A9.5) nobody has a partner" + (" to raise with" if option == "double_board_after"
                                                                 else ""))
    text = SPEC.read_text().splitlines()
    assert text[err.line - 1][err.column - 1:].startswith("individual: {value: false")
    assert err.line > next(i for i, line in enumerate(text, 1) if line.startswith(f"  {option}:"))


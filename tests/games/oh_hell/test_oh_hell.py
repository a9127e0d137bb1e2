"""Oh Hell (pagat): the worked examples replayed from hand-written records, the hook refused with
its rule and reason, an independent implementation of the rules compared with the engine at
every decision and every deal (the default and each option), and random-game invariants."""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest
import yaml

from interpreter.compile.game import load_game
from interpreter.core.errors import IllegalAction
from interpreter.record.replay import ReplayError, replay
from interpreter.words.rulebook import rules
from tests.helpers import checked_random_game

ROOT = Path(__file__).resolve().parents[3]
SPEC = ROOT / "specs" / "oh-hell" / "oh-hell.yaml"
RECORDS = ROOT / "tests" / "records"
EXAMPLE = RECORDS / "oh_hell_example1.yaml"
GAMES = int(os.environ.get("CARDSPEC_OH_HELL_GAMES", "30"))  # random games for the default rules
OPTION_GAMES = max(1, GAMES // 3)  # and for each option value
HOOK_REASON = "the dealer may not make the bids add up to the number of tricks"

# every value of every option other than its default (each played alone)
OPTION_VALUES = [
    {"players": "3"}, {"players": "5"}, {"players": "6"}, {"players": "7"},
    {"most_cards": "pack"},
    {"hand_sizes": "up_down"}, {"hand_sizes": "up"}, {"hand_sizes": "down"},
    {"hook": "false"},
    {"scoring": "exact"}, {"scoring": "tricks"}, {"scoring": "squares"},
    {"no_trump_largest": "true"},
]
# options that shape the deal together (the whole pack needs four players and `most_cards=pack`)
COMBINATIONS = [
    {"players": "3", "most_cards": "pack"}, {"players": "7", "most_cards": "pack", "hand_sizes": "up_down"},
    {"most_cards": "pack", "hand_sizes": "up"}, {"most_cards": "pack", "no_trump_largest": "true"},
    {"players": "5", "hook": "false", "scoring": "tricks", "hand_sizes": "down"},
    {"players": "6", "scoring": "squares", "no_trump_largest": "true"},
]


# ---- an independent reading of the rules: plain Python, none of the interpreter's ----------

RANKS = "AKQJT98765432"  # high to low
PACK = 52


def largest_hand(players: int, most_cards: str) -> int:
    """pagat: ten cards each with 3 to 5 players, eight with 6, seven with 7; or all the pack allows."""
    if most_cards == "pack":
        return PACK // players
    return 10 if players <= 5 else 8 if players == 6 else 7


def hand_sizes(players: int, options: dict) -> list[int]:
    """The hand size of every deal of a game, in order."""
    m = largest_hand(players, options.get("most_cards", "pagat"))
    order = options.get("hand_sizes", "down_up")
    if order == "down_up":
        return list(range(m, 0, -1)) + list(range(2, m + 1))
    if order == "up_down":
        return list(range(1, m + 1)) + list(range(m - 1, 0, -1))
    if order == "up":
        return list(range(1, m + 1))
    return list(range(m, 0, -1))


def has_trump(players: int, size: int, options: dict) -> bool:
    """A card is turned up for trump unless the whole pack is dealt (or, with the option, the hand is the largest)."""
    if size * players == PACK:
        return False
    m = largest_hand(players, options.get("most_cards", "pagat"))
    return not (options.get("no_trump_largest") == "true" and size == m)


def legal_bids(size: int, bids: list[int], players: int, options: dict) -> list[int]:
    """0 to the cards dealt; the last bidder (the dealer) may not make the bids total the tricks."""
    out = list(range(size + 1))
    if options.get("hook", "true") == "true" and len(bids) == players - 1:
        out = [b for b in out if b + sum(bids) != size]
    return out


def legal_cards(hand: list[str], trick: list[tuple[int, str]]) -> list[str]:
    """Follow suit if you can, else any card; the leader plays anything."""
    if not trick:
        return list(hand)
    led = trick[0][1][1]
    return [c for c in hand if c[1] == led] or list(hand)


def trick_winner(trick: list[tuple[int, str]], trump: str | None) -> int:
    """The highest trump, else the highest card of the suit led."""
    suit = trump if trump is not None and any(c[1] == trump for _, c in trick) else trick[0][1][1]
    return min(((RANKS.index(c[0]), p) for p, c in trick if c[1] == suit))[1]


def deal_score(scoring: str, bid: int, took: int) -> int:
    exact = bid == took
    if scoring == "pagat":
        return 10 + bid if exact else -abs(took - bid)
    if scoring == "exact":
        return 10 + bid if exact else 0
    if scoring == "tricks":
        return took + (10 if exact else 0)
    assert scoring == "squares"
    return 10 + bid * bid if exact else -(took - bid) ** 2


def names(st) -> list[str]:
    return [a.name for a in st.legal_actions()]


def play_against_the_reading(options: dict, seed: int) -> dict:
    """A random game played through the engine, every decision and every deal checked against the
    independent reading above: the player to act, the same legal calls and cards, the hand sizes,
    the dealer, the trump, each deal's scores, the game's length and totals. Returns counts."""
    game = load_game(SPEC, options=options)
    cards = game.pack.names
    n = len(game.seat_names)
    sizes = hand_sizes(n, options)
    scoring = options.get("scoring", "pagat")
    rng = random.Random(seed)
    st = game.new_state(seed)
    first_dealer = st.dealer
    totals = [0] * n
    seen = {"decisions": 0, "no_trump": 0, "hooked": 0}
    for k, size in enumerate(sizes):
        dealer = (first_dealer + k) % n  # the deal passes to the left
        assert (st.deal_number, st.dealer) == (k + 1, dealer)
        hands = [[cards[c] for c in h] for h in st.hands]
        assert [len(h) for h in hands] == [size] * n
        assert len({c for h in hands for c in h}) == size * n
        if has_trump(n, size, options):
            turned = cards[st.turn_up]
            assert all(turned not in h for h in hands)
            trump = turned[1]
            assert game.pack.suits[st.trump] == trump
        else:
            trump = None
            assert st.turn_up is None and st.trump is None  # no trump, and no card shown
            seen["no_trump"] += 1
        bids: list[int] = []
        for i in range(n):  # each in turn from the dealer's left; the dealer last
            assert st.current_player == (dealer + 1 + i) % n
            mine = [f"bid {b}" for b in legal_bids(size, bids, n, options)]
            legal = names(st)
            assert sorted(legal) == sorted(mine)
            if len(mine) == size:
                seen["hooked"] += 1
            choice = rng.choice(legal)
            st.apply(choice)
            bids.append(int(choice.split()[1]))
            seen["decisions"] += 1
        bid_of = {(dealer + 1 + i) % n: b for i, b in enumerate(bids)}
        took = [0] * n
        leader = (dealer + 1) % n  # the dealer's left leads
        for _ in range(size):
            trick: list[tuple[int, str]] = []
            for i in range(n):
                p = (leader + i) % n
                assert st.current_player == p
                mine = [f"play {c}" for c in legal_cards(hands[p], trick)]
                legal = names(st)
                assert sorted(legal) == sorted(mine)
                choice = rng.choice(legal)
                st.apply(choice)
                card = choice.split()[1]
                hands[p].remove(card)
                trick.append((p, card))
                seen["decisions"] += 1
            leader = trick_winner(trick, trump)
            took[leader] += 1
        scores = [deal_score(scoring, bid_of[p], took[p]) for p in range(n)]
        assert st.deals[k].scores == scores
        totals = [t + s for t, s in zip(totals, scores)]
    assert st.is_terminal and len(st.deals) == len(sizes) and st.totals == totals
    return seen


# ---- the worked examples -----------------------------------------------------------------

@pytest.mark.parametrize("name, deals, totals", [
    # deals 9, 10, 11 of four players: 2, 1 and 2 cards; exact bids, misses over and under, the hook
    ("oh_hell_example1.yaml", [[11, -2, 10, 11], [-1, 10, -1, -1], [12, 10, -1, 10]], [22, 18, 8, 20]),
    # the same cards and calls under each other scoring
    ("oh_hell_scoring_exact.yaml", [[11, 0, 10, 11], [0, 10, 0, 0], [12, 10, 0, 10]], [23, 20, 10, 21]),
    ("oh_hell_scoring_tricks.yaml", [[11, 0, 10, 11], [0, 10, 0, 1], [12, 10, 0, 10]], [23, 20, 10, 22]),
    ("oh_hell_scoring_squares.yaml", [[11, -4, 10, 11], [-1, 10, -1, -1], [14, 10, -1, 10]], [24, 16, 8, 20]),
    # thirteen cards each: the whole pack, no trump; the dealer hooked off 0
    ("oh_hell_whole_pack.yaml", [[-1, 23, 10, 10]], [-1, 23, 10, 10]),
    # no hook: the dealer bids the number that makes the bids total the tricks
    ("oh_hell_no_hook.yaml", [[10, 10, 10, 11]], [10, 10, 10, 11]),
    # three players, the largest deal without trumps though cards are left
    ("oh_hell_no_trump_largest.yaml", [[20, 10, -1]], [20, 10, -1]),
])
def test_worked_examples_replay_to_the_scores_worked_by_hand(name, deals, totals):
    st = replay(RECORDS / name).state
    assert [d.scores for d in st.deals if d.scores is not None] == deals  # (the next deal is dealt)
    assert st.totals == totals


def test_the_example_deals_have_the_sizes_of_deals_9_10_11_and_the_turned_up_trumps():
    st = replay(EXAMPLE).state
    assert st.deal_number == 12 and [d.number for d in st.deals[:3]] == [9, 10, 11]
    done = st.deals[:3]
    assert [len(d.hands[0]) for d in done] == [2, 1, 2] and len(st.hands[0]) == 3  # deal 12: three cards
    assert [len(d.tricks) for d in done] == [2, 1, 2]
    pack = st.game.pack
    assert [pack.names[d.talon[0]] for d in done] == ["9H", "3C", "4H"]  # each turned up: the trump
    assert [st.seat_name(d.dealer) for d in st.deals] == ["D", "A", "B", "C"]


def test_the_whole_pack_deal_has_no_trump_and_shows_no_card():
    st = replay(RECORDS / "oh_hell_whole_pack.yaml").state
    deal = st.deals[0]
    assert [len(h) for h in deal.hands] == [13] * 4 and not deal.talon and deal.cut is None
    assert all(t.winner == 1 for t in deal.tricks)  # B's hearts win: nothing is a trump


def test_the_largest_deal_without_trumps_needs_the_option(tmp_path):
    """The same record without `no_trump_largest`: the 2H is turned up, B trumps the first spade
    and must lead the next trick, so the record's second trick is refused."""
    data = yaml.safe_load((RECORDS / "oh_hell_no_trump_largest.yaml").read_text())
    data["spec"] = "oh-hell/oh-hell"
    data["options"] = {"players": 3}
    path = tmp_path / "with_trumps.yaml"
    path.write_text(yaml.safe_dump(data))
    with pytest.raises(ReplayError) as info:
        replay(path)
    assert "it is B's turn, not A's" in info.value.error.message


def truncated(tmp_path, record, deals, actions, **changes):
    """A copy of `record` with its first `deals` deals, the last cut to `actions` lines, interrupted."""
    data = yaml.safe_load(record.read_text())
    data["spec"] = "oh-hell/oh-hell"
    data.pop("totals", None)
    data["deals"] = data["deals"][:deals]
    last = data["deals"][-1]
    last["actions"] = last["actions"][:actions]
    last.pop("scores", None)
    data["interrupted"] = True
    data.update(changes)
    path = tmp_path / record.name
    path.write_text(yaml.safe_dump(data))
    return path


def test_the_dealer_is_refused_the_hooking_bid_with_the_rule_and_its_reason(tmp_path):
    """Deal 10 of the example: B 0, C 1, D 0 with one card each; A, the dealer, may not bid 0."""
    st = replay(truncated(tmp_path, EXAMPLE, 2, 3)).state
    assert st.deal_number == 10 and st.seat_name(st.current_player) == "A" and st.dealer == st.current_player
    before = (names(st), st.view(0), st.view(1), list(st.deals[-1].calls))
    assert names(st) == ["bid 1"]
    with pytest.raises(IllegalAction) as info:
        st.apply("bid 0")
    assert info.value.rule == "allowed"
    assert info.value.message == f"A may not bid 0 now: {HOOK_REASON}"
    assert (names(st), st.view(0), st.view(1), list(st.deals[-1].calls)) == before  # unchanged
    st.apply("bid 1")  # the bid the record makes
    assert st.phase.kind == "tricks"


def test_a_record_with_the_hooking_bid_is_refused_at_its_place(tmp_path):
    """The example with A bidding 0 in deal 10: refused at that line, naming the rule and its reason;
    with the option `hook=false` the same record replays."""
    text = EXAMPLE.read_text().replace("spec: ../../specs/oh-hell/oh-hell.yaml", "spec: oh-hell/oh-hell")
    bid = "      - D bid 0\n      - A bid 1\n      - B play KD"
    assert text.count(bid) == 1
    text = text.replace(bid, bid.replace("A bid 1", "A bid 0"))
    path = tmp_path / "hooked.yaml"
    path.write_text(text)
    with pytest.raises(ReplayError) as info:
        replay(path)
    err = info.value.error
    assert err.message == f"illegal action `A bid 0` (rule `allowed`): A may not bid 0 now: {HOOK_REASON}"
    assert text.splitlines()[err.line - 1] == "      - A bid 0"
    data = yaml.safe_load(text)
    data["options"] = {"hook": "false"}
    for d in data["deals"]:
        d.pop("scores")
    data.pop("totals")
    path.write_text(yaml.safe_dump(data))
    assert replay(path).state.deals[1].scores == [10, 10, -1, -1]  # A 0 of 0 now makes his bid


def test_no_hook_lets_the_dealer_make_the_bids_total_the_tricks(tmp_path):
    st = replay(truncated(tmp_path, RECORDS / "oh_hell_no_hook.yaml", 1, 3)).state
    assert names(st) == ["bid 0", "bid 1"]
    hooked = replay(truncated(tmp_path, RECORDS / "oh_hell_no_hook.yaml", 1, 3, options={})).state
    assert names(hooked) == ["bid 1"]


# ---- the independent reading against the engine --------------------------------------------

@pytest.mark.parametrize("seed", range(1, GAMES + 1))
def test_default_game_matches_the_independent_reading(seed):
    seen = play_against_the_reading({}, seed)
    assert seen["decisions"] > 300 and seen["hooked"] > 0 and seen["no_trump"] == 0  # 10 cards at most


@pytest.mark.parametrize("options", OPTION_VALUES, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()))
def test_each_option_alone_matches_the_independent_reading(options):
    for seed in range(100, 100 + OPTION_GAMES):
        seen = play_against_the_reading(options, seed)
        if options.get("hook") == "false":
            assert seen["hooked"] == 0
        if options.get("no_trump_largest") == "true" or options.get("most_cards") == "pack":
            assert seen["no_trump"] == 2  # the first and last deals: ten cards each, or thirteen (the pack)
        else:
            assert seen["no_trump"] == 0


@pytest.mark.parametrize("options", COMBINATIONS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()))
def test_options_together_match_the_independent_reading(options):
    seen = play_against_the_reading(options, 7)
    n = int(options.get("players", 4))
    if n == 4 and options.get("most_cards") == "pack":
        assert seen["no_trump"] >= 1  # thirteen cards each: the whole pack


# ---- random-game invariants ------------------------------------------------------------------

@pytest.mark.parametrize("options, sizes", [
    ({}, [10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]),
    ({"players": "7"}, [7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7]),
    ({"players": "6"}, [8, 7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7, 8]),
    ({"most_cards": "pack"}, list(range(13, 0, -1)) + list(range(2, 14))),
    ({"most_cards": "pack", "players": "3"}, list(range(17, 0, -1)) + list(range(2, 18))),
    ({"hand_sizes": "up_down"}, list(range(1, 11)) + list(range(9, 0, -1))),
    ({"hand_sizes": "up"}, list(range(1, 11))),
    ({"hand_sizes": "down", "players": "5"}, list(range(10, 0, -1))),
])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_games_keep_every_card_in_one_place_and_the_schedule(options, sizes, seed):
    game = load_game(SPEC, options=options)
    n = len(game.seat_names)
    rng = random.Random(seed)
    st = game.new_state(seed)
    while not st.is_terminal:
        legal = st.legal_actions()
        assert legal  # never stuck
        where = ([c for h in st.hands for c in h] + [c for w in st.won for c in w] + list(st.trick_cards)
                 + list(st.talon) + list(st.out_of_play) + ([st.turn_up] if st.turn_up is not None else []))
        assert sorted(where) == list(range(PACK))  # every card in exactly one place
        st.apply(legal[rng.randrange(len(legal))])
    assert len(st.deals) == len(sizes)  # the game's length
    assert [len(d.hands[0]) for d in st.deals] == sizes  # the hand sizes, in the order chosen
    assert all(len(d.tricks) == size for d, size in zip(st.deals, sizes))
    assert [d.dealer for d in st.deals] == [(st.deals[0].dealer + k) % n for k in range(len(sizes))]
    assert not any(d.void for d in st.deals)


def test_the_hook_leaves_the_dealer_at_least_one_bid_and_forbids_exactly_one():
    """Over random games the dealer is always offered every number from 0 to the cards dealt but one."""
    game = load_game(SPEC)
    for seed in range(3):
        rng = random.Random(seed)
        st = game.new_state(seed)
        while not st.is_terminal:
            legal = names(st)
            if st.phase.kind == "call" and st.current_player == st.dealer:
                size = len(st.hands[st.dealer])
                made = sum(int(c.split()[1]) for _, c in st.deals[-1].calls)
                assert legal == [f"bid {b}" for b in range(size + 1) if b + made != size]
            st.apply(legal[rng.randrange(len(legal))])


@pytest.mark.parametrize("options", [{}, *OPTION_VALUES], ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()) or "default")
def test_random_games_keep_the_generic_invariants_and_their_records_replay(options, tmp_path):
    """The shared checker of every spec: legal lists, cards in one place, the game's end, and the
    game's record replaying to the same scores (the whole-pack and no-trump deals included)."""
    checked_random_game(load_game(SPEC, options=options), 5, tmp_path / "game.yaml", SPEC)


def test_the_rulebook_tells_the_hook_the_trump_and_the_scoring():
    book = " ".join(rules(SPEC).split())
    assert "a number of tricks from 0 to the number of cards dealt to each" in book
    assert f"allowed when the player is not the dealer or the number called + \"bids so far\" is not the " \
           f"number of cards dealt to each: {HOOK_REASON}" in book
    assert "Nobody may pass." in book
    assert "Turn the next card face up: its suit is trump. Only if not \"no trump deal\"" in book
    assert "2. Deal without turn up (deal)" in rules(SPEC)
    assert "= 10 + p's call if made of p, otherwise -\"missed by\" of p" in book
    assert "A game is 19 deals" in book
    assert "A game is 13 deals" in " ".join(rules(SPEC, {"players": "7"}).split())
    hookless = " ".join(rules(SPEC, {"hook": "false"}).split())
    assert "allowed when" not in hookless and "from 0 to the number of cards dealt to each. No call" in hookless

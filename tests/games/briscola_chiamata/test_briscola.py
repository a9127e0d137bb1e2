"""Briscola Chiamata (briscola-chiamata.md): the auction, the hidden called partner, the
scoring tables of five, four and three players, the options, and the end of the match.

The worked examples replay from records in test_briscola_examples.py; here the rules are
checked one by one on constructed deals, and over many random games against an
independent reading of the scoring sections (6, 9 and Variants 1, 2, 4).
"""

from __future__ import annotations

import io
import random
from pathlib import Path

import pytest

from interpreter.cli import run
from interpreter.compile.game import load_game
from interpreter.core.errors import IllegalAction, SpecErrors
from interpreter.players.agents import RandomAgent
from interpreter.words.screen import describe

ROOT = Path(__file__).resolve().parents[3]
FIVE = ROOT / "specs" / "briscola-chiamata" / "five.yaml"
FOUR = ROOT / "specs" / "briscola-chiamata" / "four.yaml"
THREE = ROOT / "specs" / "briscola-chiamata" / "three.yaml"
GAME = load_game(FIVE)
POINTS = {"A": 11, "3": 10, "K": 4, "Q": 3, "J": 2}
STRENGTH = "A3KQJ76542"  # bids, weakest first


def seat(game, name):
    return game.seat_names.index(name)


def names(st):
    return [a.name for a in st.legal_actions()]


def dealt(game, hands: dict, dealer="E"):
    """A first deal with the given hands (seat name -> cards), `dealer` dealing."""
    p = game.pack.parse
    by_seat = [[p(c) for c in hands[s].split()] for s in game.seat_names]
    return game.new_state(1, first_dealer=seat(game, dealer), hands={1: by_seat})


# A deal of five: E deals, so A (the dealer's right) speaks and leads first; then B, C, D, E.
HANDS = {
    "A": "AS 3S KS QS JS 7S 6S 5S",
    "B": "AH 3H KH QH JH 7H 6H 5H",
    "C": "AD 3D KD QD JD 7D 6D 5D",
    "D": "AC 3C KC QC JC 7C 6C 5C",
    "E": "4S 2S 4H 2H 4D 2D 4C 2C",
}


# ---------------------------------------------------------------- the auction (section 3)

def test_the_auction_goes_to_the_right_and_a_lower_card_bids_higher():
    st = dealt(GAME, HANDS)
    assert GAME.seat_names[st.current_player] == "A"  # the dealer's right speaks first
    assert names(st) == ["pass"] + [f"bid {r}" for r in STRENGTH]
    st.apply("bid K")
    assert GAME.seat_names[st.current_player] == "B"
    assert names(st) == ["pass"] + [f"bid {r}" for r in STRENGTH[3:]]  # only stronger than K
    before = st.view(B := st.current_player)
    with pytest.raises(IllegalAction) as info:
        st.apply("bid 3")
    assert info.value.rule == "bid higher" and "does not beat the bid of K by A" in info.value.message
    assert st.view(B) == before  # refused: nothing changed


def test_example_1_auction_passing_is_for_good():
    st = dealt(GAME, HANDS)
    for a in ["bid K", "bid J", "pass", "bid 7", "pass", "bid 5", "pass"]:  # A K, B J, C pass, D 7, E pass, A 5, B pass
        st.apply(a)
    assert GAME.seat_names[st.current_player] == "D"  # C and E passed: skipped
    st.apply("pass")  # D passes: A alone is left
    assert GAME.seat_names[st.declarer] == "A" and st.view(0)["announced"] == {"called_rank": "5"}
    assert names(st) == ["trump S", "trump H", "trump D", "trump C"]
    st.apply("trump H")
    view = st.view(seat(GAME, "C"))
    assert view["called_card"] == "5H" and view["trump"] == "H" and view["partner"] is None
    assert GAME.seat_names[st.called_holder] == "B"  # B holds 5H: the partner, secretly


def test_after_a_bid_of_2_the_others_can_only_pass():
    st = dealt(GAME, HANDS)
    st.apply("bid 2")
    for _ in range(4):
        assert names(st) == ["pass"]
        st.apply("pass")
    assert GAME.seat_names[st.declarer] == "A" and st.phase.kind == "announce"


@pytest.mark.parametrize("options, next_dealer", [({}, "A"), ({"redeal_same_dealer": "true"}, "E")])
def test_all_pass_throws_the_deal_in(options, next_dealer):
    game = load_game(FIVE, options=options)
    st = dealt(game, HANDS)
    for _ in range(5):
        st.apply("pass")
    assert st.deals[0].void and st.deals[0].scores == [0] * 5 and st.deal_number == 2
    assert game.seat_names[st.dealer] == next_dealer  # the next dealer is to the right (BRI-2: or the same)
    assert st.totals == [0] * 5


# ------------------------------------------------------- the called partner (sections 4 and 5)

def auction_won_by_a(st, rank, trump):
    st.apply(f"bid {rank}")
    for _ in range(4):
        st.apply("pass")
    st.apply(f"trump {trump}")


def test_the_partner_is_told_by_his_own_hand_only_and_everybody_learns_when_the_card_is_played():
    st = dealt(GAME, HANDS)
    auction_won_by_a(st, "3", "H")  # 3H: held by B
    b, c = seat(GAME, "B"), seat(GAME, "C")
    assert "you hold it: you are A's partner, secretly until you play it" in describe(st, b)
    assert "the partner is not known yet" in describe(st, c)
    assert "the partner is not known yet" in describe(st, 0)  # the declarer does not know either
    st.apply("play AS")  # A leads spades; B, void, may play any card
    st.apply("play 3H")  # the called card
    for p in range(5):
        assert st.view(p)["partner"] == "B"
    assert "B is A's partner" in describe(st, c)


def test_a_declarer_who_holds_the_called_card_plays_alone_unknown_until_he_plays_it():
    st = dealt(GAME, HANDS)
    auction_won_by_a(st, "K", "S")  # KS: A's own card
    assert st.called_holder == 0
    assert "you hold it yourself: you play alone" in describe(st, 0)
    assert st.view(seat(GAME, "B"))["partner"] is None
    st.apply("play KS")
    assert all(st.view(p)["partner"] == "A" for p in range(5))
    assert "A plays alone" in describe(st, seat(GAME, "D"))


@pytest.mark.parametrize("seed", range(12))
def test_no_view_tells_who_holds_the_called_card_before_it_is_played(seed):
    """Every seat, at every step before the called card is played: swap the hands of two
    other seats (so the partner is one or the other); the view and the screen stay the same."""
    rng = random.Random(seed)
    st = GAME.new_state(seed)
    checked = 0
    while not st.is_terminal and st.deal_number <= 2:
        if st.called_card is not None and any(st.called_card in h for h in st.hands):
            for viewer in range(5):
                others = [p for p in range(5) if p != viewer and len(st.hands[p]) ==
                          len(st.hands[st.called_holder]) and p != st.called_holder]
                if st.called_holder == viewer or not others:
                    continue
                x, y = st.called_holder, rng.choice(others)
                twin = st.clone()
                twin.hands[x], twin.hands[y] = twin.hands[y], twin.hands[x]
                twin.called_holder = y  # as the call would have found it in that deal
                assert twin.view(viewer) == st.view(viewer)
                assert describe(twin, viewer) == describe(st, viewer)
                checked += 1
        legal = st.legal_actions()
        st.apply(legal[rng.randrange(len(legal))])
    assert checked


@pytest.mark.parametrize("seed", range(6))
def test_a_view_never_shows_other_hands(seed):
    from tests.helpers import unseen_redealt

    rng = random.Random(seed)
    st = GAME.new_state(seed)
    while not st.is_terminal and st.deal_number <= 2:
        viewer = rng.randrange(5)
        if st.deal.called is None or st.view(viewer)["partner"] is not None:
            twin = unseen_redealt(st, viewer, rng)
            if st.deal.called is not None:  # the called card may change hands with the re-deal: the partnership is public now
                twin.called_holder = next((p for p, h in enumerate(twin.hands) if st.called_card in h),
                                          st.called_holder)
            assert twin.view(viewer)["hand"] == st.view(viewer)["hand"]
            assert {k: v for k, v in twin.view(viewer).items() if k != "legal"} == \
                {k: v for k, v in st.view(viewer).items() if k != "legal"}
        legal = st.legal_actions()
        st.apply(legal[rng.randrange(len(legal))])


def test_follow_suit_is_compulsory_unless_no_follow():
    st = dealt(GAME, {**HANDS, "B": "AH 3H KH QH JH 7H 6H 4S", "E": "5H 2S 4H 2H 4D 2D 4C 2C"})
    auction_won_by_a(st, "2", "C")
    st.apply("play AS")
    assert names(st) == ["play 4S"]
    with pytest.raises(IllegalAction) as info:
        st.apply("play AH")
    assert info.value.rule == "follow suit"
    free = load_game(FIVE, options={"no_follow": "true"})
    st = dealt(free, {**HANDS, "B": "AH 3H KH QH JH 7H 6H 4S", "E": "5H 2S 4H 2H 4D 2D 4C 2C"})
    auction_won_by_a(st, "2", "C")
    st.apply("play AS")
    st.apply("play AH")  # BRI-1: no obligation to follow
    assert len(names(st)) == 8


# ------------------------------------------------- scoring, against an independent reading

def expected_scores(game, d, options):
    """Sections 6 and 9, Variants 1, 2 and 4, from the deal's tricks alone."""
    sn, pack = game.seat_names, game.pack
    n = len(sn)
    card, holder = d.called
    alone = holder is None or holder == d.declarer
    side = {d.declarer} | (set() if alone else {holder})
    points = {p: 0 for p in range(n)}
    tricks = {p: 0 for p in range(n)}
    for t in d.tricks:
        tricks[t.winner] += 1
        points[t.winner] += sum(POINTS.get(pack.names[c][0], 0) for c in t.cards)
    side_points = sum(points[p] for p in side)
    assert side_points + sum(points[p] for p in range(n) if p not in side) == 120  # the two sides
    made = side_points >= 61
    side_tricks = sum(tricks[p] for p in side)
    slam = side_tricks == len(d.tricks) or (options.get("slam_either_side") == "true" and side_tricks == 0)
    balanced = options.get("balanced4") == "true"
    out = []
    for p in range(n):
        if p == d.declarer:
            stake = (3 if balanced else 4) if alone else (1 if balanced else 2)
        elif p in side:
            stake = 1
        else:
            stake = -1
        award = (1 if made else -1) * (2 if slam else 1) * stake
        out.append(max(0, award) if options.get("no_negative") == "true" else award)
    return out


CONFIGS = [
    (FIVE, {}),
    (FIVE, {"slam_either_side": "true"}),
    (FIVE, {"no_negative": "true"}),
    (FOUR, {}),
    (FOUR, {"balanced4": "true"}),
    (FOUR, {"no_negative": "true", "slam_either_side": "true"}),
    (THREE, {}),
    (THREE, {"removed_two": "2H"}),
]


@pytest.mark.parametrize("path, options", CONFIGS, ids=lambda x: x.stem if isinstance(x, Path) else str(x))
def test_random_deals_score_as_the_rules_say(path, options):
    game = load_game(path, options=options)
    n = game.n
    played = alone = 0
    for seed in range(25):
        rng = random.Random(seed)
        st = game.new_state(seed)
        while not st.is_terminal and st.deal_number <= 6:
            legal = st.legal_actions()
            st.apply(legal[rng.randrange(len(legal))])
        for d in st.deals:
            if d.scores is None or d.void:
                continue
            played += 1
            assert len(d.tricks) == {5: 8, 4: 10, 3: 13}[n]
            pts = sum(POINTS.get(game.pack.names[c][0], 0) for t in d.tricks for c in t.cards)
            assert pts == 120  # every card is played; with three players a 2 (no points) is out
            assert d.scores == expected_scores(game, d, options)
            if n == 5 and not options:
                assert sum(d.scores) == 0
            card, holder = d.called
            alone += holder in (None, d.declarer)
            if n == 3 and card is None:  # the called card is the removed 2: the declarer alone (BRI-7)
                assert holder is None
    assert played >= 100 and alone


def test_three_players_calling_the_removed_two_plays_alone():
    game = load_game(THREE)
    assert len(game.pack) == 39 and "2C" not in game.pack.names
    hands = {"A": "AS 3S KS QS JS 7S 6S 5S 4S 2S AH 3H KH",
             "B": "QH JH 7H 6H 5H 4H 2H AD 3D KD QD JD 7D",
             "C": "6D 5D 4D 2D AC 3C KC QC JC 7C 6C 5C 4C"}
    st = dealt(game, hands, dealer="C")
    assert game.seat_names[st.current_player] == "A"  # C deals; his right is A
    st.apply("bid 2")
    st.apply("pass")
    st.apply("pass")
    st.apply("trump C")
    assert st.called_card is None and st.called_holder is None
    assert all(st.view(p)["partner"] == "A" and st.view(p)["called_card"] is None for p in range(3))
    assert "Called card: not in play; A plays alone" in describe(st, 1)


def test_four_and_three_player_deals_use_their_packets():
    for path, n, size in [(FOUR, 4, 10), (THREE, 3, 13)]:
        game = load_game(path)
        st = game.new_state(3)
        assert game.n == n and [len(h) for h in st.hands] == [size] * n


# ------------------------------------------------------------- the end of the match (section 7)

def end(game, totals):
    st = game.new_state(1)
    st.totals = list(totals)
    return bool(game.ends_when(st))


@pytest.mark.parametrize("totals, over", [
    ([11, 3, -4, -5, -5], True),      # 11 or more, and alone at the top
    ([11, 11, -7, -7, -8], False),    # tied at the top: play on (BRI-5)
    ([10, 9, -6, -6, -7], False),     # nobody at 11
    ([13, 12, -8, -8, -9], True),
])
def test_the_match_ends_at_11_held_alone(totals, over):
    assert end(GAME, totals) is over


def test_fixed_deals_counts_thrown_in_deals_and_ignores_11():
    game = load_game(FIVE, options={"fixed_deals": "2"})
    assert end(game, [20, 0, 0, 0, -20]) is False  # the race to 11 is off
    st = dealt(game, HANDS)
    for _ in range(5):
        st.apply("pass")  # deal 1 thrown in: it counts
    assert st.deal_number == 2 and not st.is_terminal
    for _ in range(5):
        st.apply("pass")
    assert st.is_terminal and len(st.deals) == 2


@pytest.mark.parametrize("value, message", [
    ("0", "option `fixed_deals` cannot be `0`; choose `off` or a whole number from 1"),
    ("many", "option `fixed_deals` cannot be `many`"),
])
def test_fixed_deals_takes_a_whole_number(value, message):
    with pytest.raises(SpecErrors) as info:
        load_game(FIVE, options={"fixed_deals": value})
    assert message in str(info.value)


def test_balanced4_needs_four_players():
    with pytest.raises(SpecErrors) as info:
        load_game(FIVE, options={"balanced4": "true"})
    assert "`balanced4=true` needs `players=4`" in str(info.value)


# ------------------------------------------------------------------ at the terminal, and simulate

class FirstChoice:
    """A stdin that always types the first choice of the last prompt."""

    def __init__(self, out):
        self.out = out

    def readline(self):
        import re

        return re.findall(r"Your choice: (.*)", self.out.getvalue())[-1].split(", ")[0] + "\n"


def test_a_human_plays_a_whole_match_against_four_bots(tmp_path):
    out, err = io.StringIO(), io.StringIO()
    path = tmp_path / "match.yaml"
    code = run(["play", str(FIVE), "--seats", "human,random,random,random,random", "--seed", "7",
                "--record", str(path)], out, err, stdin=FirstChoice(out))
    text = out.getvalue()
    assert code == 0, err.getvalue()
    assert "Winner:" in text and "Final totals:" in text
    assert "You are A." in text and "Called card:" in text
    # in some deal the human holds the called card: his screen tells him, from his own hand
    assert "; you hold it: you are " in text and "the partner is not known yet" in text
    assert "Your only choice: pass." in text  # a bid he cannot beat
    code = run(["replay", str(path)], io.StringIO(), err)
    assert code == 0, err.getvalue()


def test_simulate_reports_the_declarers_side_alone_and_with_a_partner():
    out, err = io.StringIO(), io.StringIO()
    assert run(["simulate", str(FIVE), "--games", "20"], out, err) == 0, err.getvalue()
    text = out.getvalue()
    for line in ["declarer's side wins: ", "declarer wins with a partner: ", "declarer wins alone: "]:
        assert line in text
    assert " such deals (" in text


def test_bots_only_a_random_agent_may_bid_and_play():
    st = GAME.new_state(5)
    agent = RandomAgent(5)
    while not st.is_terminal:
        st.apply(agent.choose(st, st.current_player, st.legal_actions()))
    best = max(st.totals)
    assert best >= 11 and st.totals.count(best) == 1


def test_nobody_is_shown_as_declarer_while_the_auction_runs():
    st = dealt(GAME, HANDS)
    assert st.view(0)["declarer"] is None and "declarer" not in describe(st, 0).splitlines()[1]
    auction_won_by_a(st, "Q", "D")
    assert st.view(3)["declarer"] == "A" and "declarer A" in describe(st, 3)


def test_a_clone_bids_on_its_own():
    st = dealt(GAME, HANDS)
    st.apply("bid K")
    twin = st.clone()
    twin.apply("pass")  # B passes in the copy only
    for _ in range(3):
        twin.apply("pass")
    assert twin.declarer == 0 and st.in_auction == [True] * 5 and names(st)[:2] == ["pass", "bid Q"]


def test_a_bad_auction_and_a_misspelt_bid_name_are_placed(tmp_path):
    variant = tmp_path / "bad.yaml"
    variant.write_text(f"extends: {FIVE.as_posix()}\n"
                       "phases:\n"
                       "  auction:\n"
                       "    bids: [A, 3, Z, 2]\n"
                       "  call:\n"
                       "    card: card_of_suit(called_rnak, trump)\n")
    with pytest.raises(SpecErrors) as info:
        load_game(variant)
    errors = info.value.errors
    assert [(e.line, e.column) for e in errors] == [(4, 18), (6, 24)]
    assert "`Z` is not a rank of this pack" in errors[0].message
    assert "unknown name `called_rnak`" in errors[1].message and "called_rank" in errors[1].hint


@pytest.mark.parametrize("overlay, place, message", [
    ("  auction:\n    -bids:\n", "  auction:", "an `auction` phase needs `bids`"),  # placed at the base's key
    ("  call:\n    -card:\n", "  call:", "a `call_card` phase needs `card`"),
    ("  auction:\n    bids: [A, 3, K, 3]\n", (4, 21), "`3` is listed twice in `bids`"),
])
def test_an_auction_needs_its_bids_and_a_call_its_card(tmp_path, overlay, place, message):
    variant = tmp_path / "bad.yaml"
    variant.write_text(f"extends: {FIVE.as_posix()}\nphases:\n{overlay}")
    with pytest.raises(SpecErrors) as info:
        load_game(variant)
    [error] = info.value.errors
    if isinstance(place, str):
        place = (FIVE.read_text().splitlines().index(place) + 1, 3)
    assert (error.line, error.column) == place and message in error.message


def test_a_word_of_the_spec_may_not_take_an_engine_name(tmp_path):
    variant = tmp_path / "clash.yaml"
    variant.write_text(f"extends: {FIVE.as_posix()}\n"
                       "phases:\n"
                       "  auction:\n"
                       "    winning_bid: dealer\n"
                       "play:\n"
                       "  +announcements:\n"
                       "    maker: {when: card.rank == A}\n")
    with pytest.raises(SpecErrors) as info:
        load_game(variant)
    clashes = [(e.line, e.column, e.message) for e in info.value.errors if "already a name" in e.message]
    assert clashes == [
        (4, 18, "`dealer` is already a name of the game (the dealer of this deal); choose another word"),
        (7, 5, "`maker` is already a name of the game (the seat that made trump (took or named it), or none); "
               "choose another word")]


def test_seats_are_given_and_shown_in_playing_order(tmp_path):
    """Counter-clockwise: A, B, C, D, E play in that order, so the second agent given is B's."""
    out, err = io.StringIO(), io.StringIO()
    path = tmp_path / "one.yaml"
    code = run(["play", str(FIVE), "--seats", "random,human,random,random,random", "--seed", "3", "--deals", "1",
                "--record", str(path)], out, err, stdin=FirstChoice(out))
    text = out.getvalue()
    assert code == 0, err.getvalue()
    assert "seats A random, B human, C random, D random, E random" in text
    assert "You are B." in text and "You are E." not in text
    assert "Totals: A 0  B 0  C 0  D 0  E 0" in text  # the table, in playing order
    import yaml
    record = yaml.safe_load(path.read_text())
    assert list(record["seats"].items()) == [("A", "random"), ("B", "human"), ("C", "random"), ("D", "random"),
                                             ("E", "random")]
    assert list(record["deals"][0]["hands"]) == ["A", "B", "C", "D", "E"]


def independent_legal(game, st, history):
    """Sections 3 to 5, written again: the legal actions at this step, from the public
    history (the calls so far) and the hand of the seat to act."""
    names = game.pack.names
    phase = st.phase.kind
    if phase == "auction":
        bids = [a.split()[1] for _, a in history if a.startswith("bid ")]
        stronger = STRENGTH[STRENGTH.index(bids[-1]) + 1:] if bids else STRENGTH
        return ["pass"] + [f"bid {r}" for r in stronger]
    if phase == "announce":
        return [f"trump {s}" for s in "SHDC"]
    hand = [names[c] for c in st.hands[st.current_player]]
    trick = st.trick_cards
    if not trick or game.options.get("no_follow") == "true":
        return [f"play {c}" for c in hand]
    led = names[trick[0]][-1]
    follow = [c for c in hand if c[-1] == led]
    return [f"play {c}" for c in (follow or hand)]


@pytest.mark.parametrize("path, options", [(FIVE, {}), (FOUR, {}), (THREE, {}), (FIVE, {"no_follow": "true"})],
                         ids=["five", "four", "three", "no_follow"])
def test_legal_choices_match_an_independent_reading_at_every_step(path, options):
    game = load_game(path, options=options)
    steps = 0
    for seed in range(15):
        rng = random.Random(seed)
        st = game.new_state(seed)
        history = []
        deal = 1
        while not st.is_terminal and st.deal_number <= 3:
            if st.deal_number != deal:
                deal, history = st.deal_number, []
            legal = [a.name for a in st.legal_actions()]
            assert sorted(legal) == sorted(independent_legal(game, st, history)), (seed, st.phase.kind)
            if st.phase.kind == "auction":  # to the right, from the dealer's right, skipping who passed
                order = list(game.turn_order)
                passed = {p for p, a in history if a == "pass"}
                last = history[-1][0] if history else st.dealer
                i = order.index(last)
                want = next(order[(i + k) % game.n] for k in range(1, game.n + 1)
                            if order[(i + k) % game.n] not in passed)
                assert st.current_player == want
            action = legal[rng.randrange(len(legal))]
            history.append((st.current_player, action))
            st.apply(action)
            steps += 1
    assert steps > 1500


def test_at_the_terminal_a_bid_or_a_suit_may_be_typed_alone():
    from interpreter.players.agents import HumanAgent

    st = dealt(GAME, HANDS)
    out = io.StringIO()
    human = HumanAgent(stdin=io.StringIO("k\nQ\n"), stdout=out)
    assert human.choose(st, 0, st.legal_actions()).name == "bid K"
    st.apply("bid K")
    assert human.choose(st, 1, st.legal_actions()).name == "bid Q"
    for a in ["bid Q", "pass", "pass", "pass", "pass"]:
        st.apply(a)
    human = HumanAgent(stdin=io.StringIO("x\nh\n"), stdout=out)
    assert human.choose(st, st.current_player, st.legal_actions()).name == "trump H"
    assert "Not allowed: `x` is not a move here" in out.getvalue()

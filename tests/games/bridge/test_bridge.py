"""Contract Bridge (specs/bridge/bridge.yaml): the worked examples replayed to the scores of the
Laws' table worked out by hand, the auction's legality call by call, the declarer and the dummy
(played by the declarer, laid open after the opening lead and not before, in every seat's view), an
independent implementation of Bridge compared with the engine decision by decision and deal by
deal under every scoring, random-game invariants, and each option played alone."""

from __future__ import annotations

import itertools
import os
import random
from pathlib import Path

import pytest
import yaml

from interpreter.compile.game import load_game
from interpreter.core.errors import IllegalAction
from interpreter.record.replay import replay
from tests.games.bridge.reference import BIDS, CYCLE, Reference
from tests.helpers import checked_random_game

ROOT = Path(__file__).resolve().parents[3]
SPEC = ROOT / "specs" / "bridge" / "bridge.yaml"
RECORDS = ROOT / "tests" / "records"
N, E, S, W = range(4)
SEATS = "NESW"

_GAMES: dict = {}


def game(**options):
    key = tuple(sorted((k, str(v)) for k, v in options.items()))
    if key not in _GAMES:
        _GAMES[key] = load_game(SPEC, options=dict(key))
    return _GAMES[key]


def names(state):
    return [a.name for a in state.legal_actions()]


def dealt(g, hands, dealer=N, first_deal=1):
    """A new game of `g` whose deal `first_deal` gives `hands` (seat -> the cards, written out)."""
    parse = g.pack.parse
    return g.new_state(1, first_dealer=dealer, first_deal=first_deal,
                       hands={first_deal: [[parse(c) for c in hands[p].split()] for p in range(4)]})


def run(state, *actions):
    for a in actions:
        state.apply(a)
    return state


def snapshot(state):
    """Everything a refused action must leave unchanged."""
    return (state.current_player, names(state), [(s, a.name) for s, a in state.history],
            [list(h) for h in state.hands], [state.view(p) for p in range(4)])


def assert_refused(state, action, rule):
    before = snapshot(state)
    with pytest.raises(IllegalAction) as info:
        state.apply(action)
    assert info.value.rule == rule
    assert snapshot(state) == before
    return info.value.message


def replayed(name, options=None, tmp_path=None, deals=None):
    """The final state of a record; with `options` (or its first `deals` only), of a copy of it
    without the recorded scores and totals, replayed under those options."""
    if options is None and deals is None:
        return replay(RECORDS / name).state
    data = yaml.safe_load((RECORDS / name).read_text())
    data.pop("totals", None)
    data["deals"] = [{k: v for k, v in d.items() if k != "scores"} for d in data["deals"][:deals]]
    data["options"] = {**(data.get("options") or {}), **(options or {})}
    path = tmp_path / name
    path.write_text(yaml.safe_dump(data))
    return replay(path).state


def scored(state):
    """Each scored deal's scores, in seat order N, E, S, W."""
    return [tuple(d.scores) for d in state.deals if d.scores is not None]


# ---- the worked examples ----------------------------------------------------------------

@pytest.mark.parametrize("name, deals", [
    ("bridge_part_score.yaml", [(140, -140, 140, -140)]),  # 2S+1, nobody vulnerable
    ("bridge_games.yaml", [(620, -620, 620, -620), (430, -430, 430, -430)]),  # 4H= vul, 3NT+1 not vul
    ("bridge_slams.yaml", [(1430, -1430, 1430, -1430), (-1520, 1520, -1520, 1520)]),  # 6S= vul, 7NT= not vul
    ("bridge_doubled_down.yaml", [(800, -800, 800, -800), (-800, 800, -800, 800)]),  # 4HX-4 not vul, 3SX-3 vul
    ("bridge_redoubled.yaml", [(840, -840, 840, -840)]),  # 2HXX+1 not vul
    ("bridge_passed_out.yaml", [(0, 0, 0, 0), (-100, 100, -100, 100)]),  # passed out; then 1NT-1 vul
])
def test_worked_examples_replay_to_the_scores_of_the_laws_table(name, deals):
    """Each score worked out by hand in the record's comments; `replay` checks the recorded scores
    too. Every board adds up to 0 and partners score alike."""
    st = replayed(name)
    assert scored(st) == deals
    assert tuple(st.totals) == tuple(map(sum, zip(*deals)))
    assert not st.is_terminal  # fewer than sixteen boards


def test_a_passed_out_board_is_not_replayed_the_next_board_follows_the_cycle():
    st = replayed("bridge_passed_out.yaml")
    first, second = st.deals[0], st.deals[1]
    assert first.void and first.dealer == N and first.number == 1
    assert not second.void and second.dealer == E and second.number == 2  # board 2: E deals
    assert st.deal_number == 3 and st.deal.dealer == S  # board 3 is next


def test_the_rubber_example_scores_below_and_above_the_line_and_the_rubber():
    """bridge_rubber.yaml: games of 100 below the line, the part score lost when the other side makes
    game, honours (for defenders too), the vulnerable undertrick, the rubber premium 500 (2-1)."""
    st = replayed("bridge_rubber.yaml")
    assert scored(st) == [(0, 120, 0, 100), (0, 0, 100, 0), (60, 0, 0, 0), (40, 0, 20, 0), (0, 100, 150, 500)]
    assert st.is_terminal
    assert [list(g) for g in st.games] == [[0, 220, 0, 220], [220, 0, 220, 0], [150, 600, 150, 600]]
    assert list(st.returns) == [370, 820, 370, 820]  # each side's total for the rubber


def test_the_chicago_example_four_deals_with_vulnerability_fixed_and_part_scores_carried():
    st = replayed("bridge_chicago.yaml")
    assert [d.dealer for d in st.deals] == [N, N, E, S, W]  # the passed-out deal is dealt again by N
    assert scored(st) == [(0, 0, 0, 0), (60, 0, 0, 0), (60, 0, 300, 0), (0, 0, 100, 0), (0, 40, 0, 280)]
    assert st.is_terminal and len([d for d in st.deals if not d.void]) == 4
    assert list(st.returns) == [520, 320, 520, 320]


# ---- the auction ------------------------------------------------------------------------

def test_the_dealer_calls_first_and_the_bids_run_from_1C_to_7NT():
    st = game().new_state(5)
    assert st.deal.dealer == N and st.current_player == N
    assert names(st) == ["pass"] + [f"bid {b}" for b in BIDS]  # nobody to double yet
    run(st, "bid 3D")
    assert st.current_player == E and names(st) == ["pass"] + [f"bid {b}" for b in BIDS[BIDS.index("3H"):]] + ["double"]


def test_an_insufficient_bid_is_refused_with_its_rule_and_changes_nothing():
    st = run(game().new_state(5), "bid 2H")
    message = assert_refused(st, "bid 2D", "bid higher")  # a lower strain at the same level
    assert message == "`bid 2D` does not beat the bid of 2H by N; bid higher or pass"
    assert_refused(st, "bid 2H", "bid higher")  # the same bid
    assert_refused(st, "bid 1NT", "bid higher")  # a lower level
    run(st, "bid 2S")  # a higher strain at the same level is enough


def test_a_double_of_partner_or_of_a_bid_that_is_no_longer_the_last_call_is_refused():
    st = run(game().new_state(5), "bid 1S", "pass")
    message = assert_refused(st, "double", "words")  # S may not double his partner N
    assert message == "S may not call double now"
    run(st, "pass")
    assert "double" in names(st)  # W may double N's bid, though two passes came after it
    st = run(game().new_state(5), "bid 1S", "bid 2C", "pass")
    assert_refused(st, "double", "words")  # W: the last call other than passes is his partner's 2C
    st = run(game().new_state(5), "bid 1S", "double", "redouble")
    assert_refused(st, "double", "words")  # nothing to double after a redouble
    assert_refused(st, "redouble", "words")  # nor to redouble again


def test_a_redouble_without_a_double_or_of_partners_double_is_refused():
    st = game().new_state(5)
    assert_refused(st, "redouble", "words")  # nothing at all yet
    run(st, "bid 1S")
    assert_refused(st, "redouble", "words")  # E: a bid, not doubled
    run(st, "double")
    assert "redouble" in names(st)  # S may redouble: the opponents doubled his side's bid
    run(st, "pass", "pass")
    assert "redouble" in names(st)  # so may N, after two passes
    st = run(game().new_state(5), "bid 1S", "pass", "pass", "double", "pass")
    message = assert_refused(st, "redouble", "words")  # but E may not redouble his partner's double
    assert message == "E may not call redouble now"


def test_a_bid_cancels_the_doubles_before_it():
    """1S by N, doubled; E-W then bid 2C, N-S 2S: the final contract 2S is undoubled unless doubled again."""
    st = run(game().new_state(5), "bid 1S", "double", "redouble", "bid 2C", "bid 2S")
    assert names(st)[-1] == "double"  # W may double the new bid
    run(st, "pass", "pass", "pass")
    assert st.declarer == N and st.current_player == E
    st.playout(random.Random(3).choice)
    ref = Reference({}, N)
    ref.new_deal([[st.game.pack.names[c] for c in h] for h in st.deals[0].hands])
    for seat, action in st.deals[0].actions:
        ref.apply(seat, action.name)
    assert ref.mult == 1 and list(st.deals[0].scores) == ref._duplicate()


def test_three_passes_after_a_bid_or_a_double_end_the_auction_four_at_the_start_throw_it_in():
    st = run(game().new_state(5), "pass", "pass", "bid 1C", "pass")
    assert st.phase.name == "auction" and st.current_player == N  # N passed, yet calls again
    assert_refused(st, "double", "words")  # (not his partner's bid)
    run(st, "pass")
    assert st.phase.name == "auction" and st.current_player == E  # two passes after the bid: E calls
    run(st, "pass")
    assert st.phase.name == "play" and st.declarer == S  # the third ends it
    st = run(game().new_state(5), "pass", "pass", "bid 1C", "double", "pass", "pass", "pass")
    assert st.phase.name == "play" and st.declarer == S  # 1C doubled, after three passes
    st = run(game().new_state(5), "pass", "pass", "pass", "pass")
    assert st.deals[0].void and st.deals[0].scores == [0, 0, 0, 0] and st.deal_number == 2
    assert st.deal.dealer == E and st.current_player == E  # board 2, dealt by E who calls first


@pytest.mark.parametrize("calls, declarer", [
    (["bid 1S", "pass", "bid 2S", "pass", "pass", "pass"], N),  # the opener of the suit, not the raiser
    (["bid 1H", "pass", "bid 1S", "pass", "bid 2S", "pass", "pass", "pass"], S),  # N raised S's spades
    (["bid 1C", "bid 1S", "bid 2S", "pass", "pass", "pass"], S),  # E's spades are the other side's
    (["bid 1NT", "pass", "bid 3NT", "pass", "pass", "pass"], N),  # no trump is a strain too
    (["pass", "bid 1D", "pass", "bid 1NT", "double", "pass", "bid 2C", "bid 2NT", "pass", "pass", "pass"], W),
])
def test_the_declarer_is_the_first_of_the_winning_side_to_name_the_final_strain(calls, declarer):
    st = run(game().new_state(7), *calls)
    assert st.phase.name == "play" and st.declarer == declarer
    assert st.current_player == (declarer + 1) % 4  # the player on his left leads


# ---- the dummy --------------------------------------------------------------------------

def test_the_dummy_is_laid_open_after_the_opening_lead_and_not_before_in_every_seats_view():
    g = game()
    st = run(g.new_state(5), "bid 1S", "pass", "bid 2S", "pass", "pass", "pass")  # N declares, S is dummy
    dummy = sorted(g.pack.names[c] for c in st.hands[S])
    for p in range(4):  # nobody sees the dummy before the lead, not even the declarer
        view = st.view(p)
        assert view["shown_hands"] == {} and view["declarer"] == "N"
        assert (sorted(view["hand"]) == dummy) == (p == S)
    assert (st.current_player, st.to_play) == (E, E)
    lead = names(st)[0]
    run(st, lead)
    for p in range(4):  # after it, every other seat sees the dummy's cards
        view = st.view(p)
        if p == S:
            assert view["shown_hands"] == {} and sorted(view["hand"]) == dummy
        else:
            assert sorted(view["shown_hands"]["S"]) == dummy
            assert sorted(view["hand"]) == sorted(g.pack.names[c] for c in st.hands[p])
    # the declarer chooses the dummy's card: he is the one to act, with the dummy's cards
    assert (st.current_player, st.to_play) == (N, S)
    led = lead[-1]
    follow = sorted(f"play {c}" for c in dummy if c[-1] == led) or sorted(f"play {c}" for c in dummy)
    assert sorted(names(st)) == follow
    own = g.pack.names[st.hands[N][0]]
    assert assert_refused(st, f"play {own}", None) == f"S does not hold {own}"  # not the hand being played
    other = [c for c in dummy if c[-1] != led]
    if len(follow) < len(dummy) and other:  # the dummy follows suit too
        assert_refused(st, f"play {other[0]}", "follow suit")
    run(st, follow[0])
    seat, action = st.deal.actions[-1]
    assert (seat, action.name) == (N, follow[0])  # the record says N chose it...
    assert st.trick_seats[:2] == [E, S]  # ... the trick has it S's card
    assert st.current_player == W


def test_the_dummy_never_acts_and_the_declarer_plays_both_hands():
    for seed in range(6):
        st, rng = game().new_state(seed), random.Random(seed)
        while st.deal_number == 1:
            if st.phase.name == "play" and st.declarer is not None:
                dummy = (st.declarer + 2) % 4
                assert st.current_player != dummy
                assert (st.current_player == st.declarer) == (st.to_play in (st.declarer, dummy))
            legal = st.legal_actions()
            st.apply(legal[rng.randrange(len(legal))])


# ---- an independent implementation, compared with the engine ----------------------------

def chooser(style, rng):
    """How the random seats choose: `uniform` among the legal actions, or `biased` (passes most
    often, bids low, doubles and redoubles often: contracts that are made, doubled or redoubled
    contracts, passed-out deals and, in rubber, games and rubbers won)."""
    def choose(phase, legal):
        if style == "uniform" or phase != "auction":
            return legal[rng.randrange(len(legal))]
        r = rng.random()
        for word in ("redouble", "double"):
            if word in legal and r < 0.25:
                return word
        bids = [a for a in legal if a.startswith("bid ")]
        if r < 0.72 or not bids:
            return "pass"
        return rng.choice(bids[:6] if r < 0.9 else bids[:20])
    return choose


def compare_game(g, options, seed, style):
    """Play a game, checking the engine against the Reference at every decision (the seat who acts,
    the legal actions, the seat whose card is played) and after every deal (its scores, the totals,
    the dealer); at the end, each seat's result. Returns what was seen."""
    rng = random.Random(seed)
    choose = chooser(style, rng)
    st = g.new_state(seed)
    pack = g.pack.names
    if options.get("scoring", "duplicate") == "duplicate":
        assert st.deal.dealer == N  # board 1 is N's; rubber and Chicago cut for the first dealer (chance)
    ref = Reference(options, st.deal.dealer)
    seen = {"decisions": 0, "deals": 0, "passed out": 0, "made": 0, "down": 0, "doubled": 0, "redoubled": 0,
            "dummy plays": 0, "slams": 0}
    ref.new_deal([[pack[c] for c in h] for h in st.deal.hands])
    while True:
        want = ref.to_act()
        if want is None:
            k = len(ref.deal_scores) + 1
            if ref.passed_out:
                seen["passed out"] += 1
            else:
                seen["made" if ref._result() >= 0 else "down"] += 1
                seen["doubled"] += ref.mult == 2
                seen["redoubled"] += ref.mult == 4
                seen["slams"] += ref.level >= 6
            over = ref.end_deal()
            assert list(st.deals[k - 1].scores) == ref.deal_scores[-1], (seed, k, st.deals[k - 1].calls)
            assert bool(st.deals[k - 1].void) == ref.passed_out
            seen["deals"] += 1
            if over:
                assert st.is_terminal, (seed, k)
                assert list(st.returns) == ref.returns(), seed
                seen.update(ref.events)
                return seen
            assert not st.is_terminal and st.deal_number == k + 1
            assert st.deal.dealer == ref.dealer, (seed, k)
            assert list(st.totals) == ref.totals, (seed, k)
            ref.new_deal([[pack[c] for c in h] for h in st.deal.hands])
            continue
        seat, legal = want
        assert not st.is_terminal
        assert st.current_player == seat, (seed, st.deal_number, len(st.deal.actions))
        assert sorted(names(st)) == sorted(legal), (seed, st.deal_number, [a.name for _, a in st.deal.actions][-8:])
        if ref.declarer is not None:
            assert st.to_play == ref.to_play()
            seen["dummy plays"] += ref.to_play() == ref.dummy
        action = choose(st.phase.name, names(st))
        ref.apply(seat, action)
        st.apply(action)
        seen["decisions"] += 1


GAMES = int(os.environ.get("CARDSPEC_BRIDGE_GAMES", "12"))

CONFIGS = [
    {},
    {"boards": 5},
    {"scoring": "rubber"},
    {"scoring": "rubber", "honours": "false"},
    {"scoring": "rubber", "rubber_limit": 6},
    {"scoring": "chicago"},
    {"scoring": "chicago", "honours": "false"},
]


def config_id(options):
    return ",".join(f"{k}={v}" for k, v in options.items()) or "default"


@pytest.mark.parametrize("options", CONFIGS, ids=config_id)
def test_the_engine_agrees_with_an_independent_implementation_at_every_decision_and_deal(options):
    """`CARDSPEC_BRIDGE_GAMES` games (12 by default) with the biased chooser, and (duplicate) as many
    with uniform random calls, whose auctions climb to doubled and redoubled grand slams."""
    g = game(**options)
    styles = ["biased"] + (["uniform"] if options.get("scoring", "duplicate") == "duplicate" else [])
    seen = [compare_game(g, options, seed, style) for style in styles for seed in range(GAMES)]
    total = {k: sum(s[k] for s in seen) for k in seen[0]}
    assert total["deals"] >= GAMES * 4 and total["decisions"] > (total["deals"] - total["passed out"]) * 52
    for what in ("made", "down", "doubled", "redoubled", "dummy plays", "passed out"):
        assert total[what] > 0, what
    if styles == ["biased", "uniform"]:
        assert total["slams"] > 0
    scoring = options.get("scoring")
    if scoring in ("rubber", "chicago"):  # games made, and honours when they count
        assert total["game"] > 0 and (total["honours"] > 0) == (options.get("honours") != "false")
    if scoring == "rubber":  # rubbers won, or (with a limit of 6 deals) stopped unfinished
        assert total["stopped" if "rubber_limit" in options else "rubber"] > 0
    if scoring == "chicago":
        assert total["fourth deal part score"] > 0


# ---- the sixteen-board cycle ------------------------------------------------------------

WEAK = [f"{r}{s}" for s in "SHDC" for r in "2345678"][:26]  # 2 to 8 of spades, hearts, diamonds; 2 to 6 of clubs
STRONG = [c for c in (f"{r}{s}" for s in "SHDC" for r in "23456789TJQKA") if c not in WEAK]


def no_trump_down_seven(board, declarer):
    """Board `board` of a game: the declarer's side holds 26 low cards, each lower than every card of
    its suit the other side holds; the declarer bids 1NT, all pass; his side wins no trick. Its score: 7 undertricks undoubled,
    350 not vulnerable, 700 vulnerable."""
    g = game(boards=32)
    weak = {declarer: WEAK[:13], (declarer + 2) % 4: WEAK[13:]}
    strong = {(declarer + 1) % 4: STRONG[:13], (declarer + 3) % 4: STRONG[13:]}
    hands = {**weak, **strong}
    dealer = (board - 1) % 4
    st = dealt(g, {p: " ".join(hands[p]) for p in range(4)}, dealer=dealer, first_deal=board)
    assert st.deal.dealer == dealer and st.current_player == dealer  # the dealer calls first
    seat = dealer
    while seat != declarer:
        st.apply("pass")
        seat = (seat + 1) % 4
    run(st, "bid 1NT", "pass", "pass", "pass")
    assert st.declarer == declarer
    st.playout(random.Random(board).choice)
    deal = st.deals[0]
    assert deal.seat_tricks[declarer] + deal.seat_tricks[(declarer + 2) % 4] == 0
    return deal.scores[declarer]


@pytest.mark.parametrize("board", range(1, 33))
def test_the_vulnerability_of_each_board_follows_the_sixteen_board_cycle(board):
    """Boards 1 to 32 (the cycle twice): N-S and E-W each go down seven in 1NT undoubled, 700 when the
    cycle says they are vulnerable, else 350; the dealer of board k is N, E, S, W in turn."""
    mark = CYCLE[(board - 1) % 16]
    for declarer, side_mark in ((N, "NS"), (E, "EW")):
        vulnerable = mark in ("B", side_mark)
        assert no_trump_down_seven(board, declarer) == (-700 if vulnerable else -350), (board, SEATS[declarer])


# ---- random games: invariants -----------------------------------------------------------

SEEDS = int(os.environ.get("CARDSPEC_BRIDGE_SEEDS", "4"))


@pytest.mark.parametrize("options", [{}, {"boards": 20}, {"scoring": "rubber"}, {"scoring": "chicago"}],
                         ids=config_id)
def test_random_games_keep_the_invariants(options, tmp_path):
    """Uniform random games over several seeds (`CARDSPEC_BRIDGE_SEEDS`, 4 by default): a legal choice
    at every decision and every card in one place (checked at every step by `checked_random_game`),
    the record replays to the same scores; in duplicate every board adds up to 0 with partners alike,
    the game is `boards` deals dealt by N, E, S, W in turn, passed-out ones included; a rubber ends
    at two games won (or its limit of 100 deals), a Chicago after four deals played."""
    g = game(**options)
    scoring = options.get("scoring", "duplicate")
    for seed in range(SEEDS):
        st = checked_random_game(g, seed, tmp_path / f"{seed}.yaml", SPEC)
        deals = st.deals
        if scoring == "duplicate":
            assert len(deals) == int(options.get("boards", 16)) and st.is_terminal
            for k, d in enumerate(deals, 1):
                assert d.number == k and d.dealer == (k - 1) % 4
                assert sum(d.scores) == 0 and d.scores[N] == d.scores[S] and d.scores[E] == d.scores[W]
            assert sum(st.totals) == 0 and list(st.returns) == list(st.totals)
            continue
        assert all(min(d.scores) >= 0 for d in deals)  # points on a score sheet, never negative
        returns = list(st.returns)
        assert returns[N] == returns[S] and returns[E] == returns[W]
        assert returns[N] + returns[E] == sum(sum(d.scores) for d in deals)  # each side's total: all its points
        if scoring == "rubber":
            below = [sum(d.scores[N] for d in deals), sum(d.scores[E] for d in deals)]
            games = [sum(g[N] >= 100 for g in st.game_totals), sum(g[E] >= 100 for g in st.game_totals)]
            assert max(games) == 2 or len(deals) == 100
            assert sum(below) >= 100 * sum(games)
        else:
            played = [d for d in deals if not d.void]
            assert len(played) == 4 and not deals[-1].void
            for before, after in itertools.pairwise(deals):
                assert after.dealer == (before.dealer if before.void else (before.dealer + 1) % 4)


# ---- the options, each alone -------------------------------------------------------------

def test_option_boards_sets_the_number_of_boards_a_passed_out_one_included(tmp_path):
    st = replayed("bridge_passed_out.yaml", {"boards": 1}, tmp_path, deals=1)
    assert st.is_terminal and len(st.deals) == 1 and st.deals[0].void  # the passed-out board was the game
    st = replayed("bridge_passed_out.yaml", {"boards": 2}, tmp_path)
    assert st.is_terminal and list(st.returns) == [-100, 100, -100, 100]
    st = replayed("bridge_passed_out.yaml", tmp_path=tmp_path, deals=2)
    assert not st.is_terminal  # sixteen by default
    for boards in (3, 17):
        g = game(boards=boards)
        st, rng = g.new_state(2), random.Random(2)
        st.playout(rng.choice)
        while not st.is_terminal:
            st.playout(rng.choice)
        assert len(st.deals) == boards and [d.dealer for d in st.deals] == [k % 4 for k in range(boards)]


def test_option_scoring_rubber_plays_rubbers_to_two_games_won():
    """Whole rubbers with the biased chooser: every one ends when a side has won its second game, with
    the rubber premium 700 (two games to none) or 500 (two to one) for it."""
    g = game(scoring="rubber")
    for seed in range(6):
        rng = random.Random(seed)
        choose = chooser("biased", rng)
        st = g.new_state(seed)
        while not st.is_terminal:
            st.apply(choose(st.phase.name, names(st)))
        games = [[t[N] >= 100, t[E] >= 100] for t in st.game_totals]
        won = [sum(x[0] for x in games), sum(x[1] for x in games)]
        assert sorted(won) in ([0, 2], [1, 2]) and all(sum(x) == 1 for x in games)
        winner = won.index(2)
        last = st.deals[-1].scores
        assert last[[S, W][winner]] >= (700 if won[1 - winner] == 0 else 500)  # in the winners' above-the-line


def test_option_honours_false_scores_no_honours(tmp_path):
    st = replayed("bridge_rubber.yaml", {"honours": "false"}, tmp_path)
    assert scored(st) == [(0, 120, 0, 0), (0, 0, 100, 0), (60, 0, 0, 0), (40, 0, 20, 0), (0, 100, 0, 500)]
    assert list(st.returns) == [220, 720, 220, 720]  # 100 (E's hearts) and 150 (N's aces) fewer
    st = replayed("bridge_chicago.yaml", {"honours": "false"}, tmp_path)
    assert scored(st)[-1] == (0, 40, 0, 130) and list(st.returns) == [520, 170, 520, 170]


@pytest.mark.parametrize("limit, deals, returns", [
    # stopped after deal 3: E-W have won one game, 300; N-S have 60 below in the unfinished game, 100
    (3, [(0, 120, 0, 100), (0, 0, 100, 0), (60, 0, 100, 300)], [260, 520, 260, 520]),
    # stopped after deal 1: E-W have just won a game, 300; no part score in a game begun, so no 100
    (1, [(0, 120, 0, 400)], [0, 520, 0, 520]),
])
def test_option_rubber_limit_stops_a_rubber_and_scores_it_unfinished(limit, deals, returns, tmp_path):
    st = replayed("bridge_rubber.yaml", {"rubber_limit": limit}, tmp_path, deals=limit)
    assert st.is_terminal and scored(st) == deals and list(st.returns) == returns


def test_option_scoring_chicago_redeals_a_passed_out_deal_and_fixes_the_vulnerability(tmp_path):
    """The Chicago record again: the passed-out deal does not count, so the deal after it is the first,
    nobody vulnerable; a game made on the second deal scores 300, not vulnerable (the dealer E's
    side is); 1NT+1 on the fourth, both vulnerable, the 100 part-score premium."""
    st = replayed("bridge_chicago.yaml")
    assert scored(st)[2] == (60, 0, 300, 0) and scored(st)[4][W] == 30 + 100 + 150
    first = replayed("bridge_chicago.yaml", tmp_path=tmp_path, deals=1)
    assert first.deal_number == 2 and first.deal.dealer == N and not first.is_terminal


# ---- the commands ---------------------------------------------------------------------

def test_validate_rules_and_simulate_run_on_the_spec():
    import io

    from interpreter.cli import run as cli

    out, err = io.StringIO(), io.StringIO()
    assert cli(["validate", str(SPEC.parent)], out, err) == 0, err.getvalue()
    out = io.StringIO()
    assert cli(["rules", "bridge/bridge"], out, err) == 0
    text = out.getvalue()
    for words in ("Contract Bridge (duplicate scoring)", "A player may also call double",
                  "The card of each player's hand is chosen by the declarer if the player is the declarer's partner",
                  "the number of the cards played so far is at least 1"):
        assert words in text
    out = io.StringIO()
    assert cli(["simulate", "bridge", "--games", "50", "--jobs", "1"], out, err) == 0, err.getvalue()
    assert "50 games, 800 deals" in out.getvalue()

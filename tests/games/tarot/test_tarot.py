"""French Tarot (specs/tarot/tarot.yaml): the worked examples replayed to the scores worked out by hand
(tests/records/tarot/), the bidding, the petit sec (a deal with no decision, written by `play` and
replayed), the dog shown and its écart, following, trumping and overtrumping, the Excuse (led, never winning, winning the last trick only in a chelem), the poignées,
the five-player call of a king and its secret partner; an independent implementation of the rules
(tests/games/tarot/reference.py) compared with the engine decision by decision and deal by deal for
three, four and five players; random-game invariants."""

from __future__ import annotations

import functools
import io
import os
import random
from pathlib import Path

import pytest
import yaml

from interpreter.cli import run as cli_run
from interpreter.compile.game import load_game
from interpreter.core.errors import IllegalAction
from interpreter.record.replay import replay
from interpreter.words.rulebook import rules
from tests.games.tarot.compare import play_against_the_reference
from tests.games.tarot.reference import Tarot
from tests.helpers import checked_random_game, names, run, seat

ROOT = Path(__file__).resolve().parents[3]
SPEC = ROOT / "specs" / "tarot" / "tarot.yaml"
RECORDS = ROOT / "tests" / "records" / "tarot"
GAMES = int(os.environ.get("CARDSPEC_TAROT_GAMES", "300"))  # random games per number of players
STYLES = ("random", "bold", "timid")


@functools.cache
def _loaded(options: tuple):
    return load_game(SPEC, options=dict(options))


def game(**options):
    """The game under these options, compiled once."""
    return _loaded(tuple(sorted((k, str(v)) for k, v in options.items())))


def dealt(g, dealer: str, hands: dict, talon: str):
    """A new game of `g` whose first deal gives `hands` (seat name -> the cards, written out) and `talon`."""
    sn, parse = list(g.seat_names), g.pack.parse
    cards = [c for s in sn for c in hands[s].split()] + talon.split()
    assert sorted(map(parse, cards)) == list(range(78)), "each card of the pack once"
    return g.new_state(1, first_dealer=sn.index(dealer),
                       hands={1: [[parse(c) for c in hands[s].split()] for s in sn]},
                       talons={1: [parse(c) for c in talon.split()]})


def refused(st, action) -> IllegalAction:
    with pytest.raises(IllegalAction) as info:
        st.apply(action)
    return info.value


def scores(st, k: int) -> dict:
    sn = st.game.seat_names
    return {sn[p]: v for p, v in enumerate(st.deals[k].scores)}


# the deal of tarot_garde.yaml: B, the taker, and a dog that makes him lay away two trumps
GARDE = {"A": "1A 2A 3A 4A NS JS TS 9S 8S 7S 6S 5S 4S 3S 2S 1S QH NH",
         "B": "KS KH KD KC 21A EX 20A 19A 18A 17A 16A 15A 14A 13A 12A 11A TA QS",
         "C": "5A JH TH 9H 8H 7H 6H 5H 1H QD ND JD TD 9D 8D 7D 6D 5D",
         "D": "6A 4D 3D 2D 1D QC NC JC TC 9C 8C 7C 6C 5C 4C 3C 2C 1C"}
GARDE_DOG = "2H 3H 4H 9A 8A 7A"


# ---- the worked examples -----------------------------------------------------------------

@pytest.mark.parametrize("name, deals", [
    ("tarot_garde.yaml", [{"A": -180, "B": 540, "C": -180, "D": -180}]),
    ("tarot_garde_contre_lost.yaml", [{"A": -708, "B": 236, "C": 236, "D": 236}]),
    ("tarot_chelem.yaml", [{"A": 2400, "B": -800, "C": -800, "D": -800}]),
    ("tarot_thrown_in_and_petit_sec.yaml", [{"A": 0, "B": 0, "C": 0, "D": 0}] * 3),
    ("tarot_five_players.yaml", [{"A": 118, "B": -118, "C": 236, "D": -118, "E": -118},
                                 {"A": 124, "B": 124, "C": 124, "D": -496, "E": 124}]),
    ("tarot_three_players.yaml", [{"A": 70, "B": -140, "C": 70}]),
])
def test_worked_examples_replay_to_the_scores_worked_by_hand(name, deals):
    """Each score worked out in the record's comments; `replay` checks the recorded scores too. Every
    deal adds up to 0, and the independent implementation scores each deal alike."""
    st = replay(RECORDS / name).state
    assert [scores(st, k) for k in range(len(deals))] == deals
    assert sum(st.totals) == 0
    g, sn, pack = st.game, st.game.seat_names, st.game.pack.names
    for k in range(len(deals)):
        d = st.deals[k]
        ref = Tarot(g.n)
        ref.new_deal(sn[d.dealer], {sn[p]: [pack[c] for c in h] for p, h in enumerate(d.hands)},
                     [pack[c] for c in d.talon])
        for s, a in d.actions:
            assert ref.to_act()[0] == sn[s]
            ref.apply(sn[s], a.name)
        assert ref.to_act() is None
        ref.end_deal()
        assert ref.deal_scores[-1] == deals[k]


# ---- the bidding ---------------------------------------------------------------------------

def test_each_player_speaks_once_from_the_dealers_right_bidding_higher_or_passing():
    st = dealt(game(), "A", GARDE, GARDE_DOG)
    assert st.phase.name == "auction" and st.current_player == seat(st, "B")  # the dealer's right
    assert names(st) == ["pass", "bid prise", "bid garde", "bid garde_sans", "bid garde_contre"]
    run(st, "bid garde")
    assert st.current_player == seat(st, "C") and names(st) == ["pass", "bid garde_sans", "bid garde_contre"]
    error = refused(st, "bid prise")
    assert error.rule == "bid higher"
    run(st, "pass", "bid garde_sans")
    assert st.current_player == seat(st, "A")
    run(st, "pass")  # B, who bid, does not speak again: the auction is over with every player heard
    assert st.declarer == seat(st, "D") and st.phase.name == "slam"  # a garde sans: no dog
    assert len(st.talon) == 6 and names(st) == ["pass", "chelem"]


def test_a_deal_nobody_bids_in_is_thrown_in_and_the_next_player_deals():
    st = replay(RECORDS / "tarot_thrown_in_and_petit_sec.yaml").state
    assert st.deals[0].void and st.deals[0].dealer == seat(st, "A")
    assert st.deals[1].dealer == seat(st, "B")  # to the right


def test_a_petit_sec_annuls_the_deal_as_it_is_dealt_and_nobody_acts():
    """C's only trump is the petit, and he has not the Excuse: the deal is over as it is dealt, with no
    action (C says nothing), scores nothing (it is not a deal thrown in: it was dealt and annulled), and C
    deals next. The record's deal 2 has no actions, and the deal after it replays."""
    st = replay(RECORDS / "tarot_thrown_in_and_petit_sec.yaml").state
    d = st.deals[1]
    assert d.actions == [] and not d.void and d.scores == [0, 0, 0, 0]
    assert st.deals[2].dealer == seat(st, "C") and st.deals[2].void
    assert st.deal_number == 4 and st.deal.dealer == seat(st, "D")
    hands = yaml.safe_load((RECORDS / "tarot_thrown_in_and_petit_sec.yaml").read_text())["deals"][1]
    fresh = dealt(game(), "B", hands["hands"], hands["talon"])  # the first deal: played as it is dealt
    assert fresh.deals[0].actions == [] and fresh.deals[0].scores == [0, 0, 0, 0] and not fresh.deals[0].void
    assert fresh.deal_number == 2 and fresh.deal.dealer == seat(fresh, "C")


def cli(*argv):
    """(exit code, stdout, stderr) of a `cardspec` command run in-process."""
    out, err = io.StringIO(), io.StringIO()
    code = cli_run([str(a) for a in argv], out, err)
    return code, out.getvalue(), err.getvalue()


@pytest.mark.parametrize("seed, annulled", [(280, 0), (206, 1), (330, 3)])
def test_play_writes_a_deal_annulled_by_a_petit_sec_with_no_actions_and_replay_replays_it(tmp_path, seed, annulled):
    """Random bots and a seed that deals a petit sec in the first deal, a middle one or the last: the
    record's deal has no actions and scores nothing, and the record replays, with its seed or without."""
    record = tmp_path / "game.yaml"
    code, _, err = cli("play", SPEC, "--seats", "random,random,random,random", "--seed", seed, "--quiet",
                       "--record", record)
    assert code == 0, err
    data = yaml.safe_load(record.read_text())
    assert [k for k, d in enumerate(data["deals"]) if not d.get("actions")] == [annulled]
    assert set(data["deals"][annulled]["scores"].values()) == {0} and len(data["deals"]) == 4
    code, out, err = cli("replay", record)
    assert code == 0, err
    assert [line.split()[1] for line in out.splitlines() if line.startswith("Deal")] == ["1", "2", "3", "4"]
    del data["seed"]
    record.write_text(yaml.safe_dump(data, sort_keys=False))
    code, _, err = cli("replay", record)
    assert code == 0, err
    data["deals"][annulled]["actions"] = ["A pass"]  # an action in a deal that asks nobody anything
    record.write_text(yaml.safe_dump(data, sort_keys=False))
    code, _, err = cli("replay", record)
    assert code == 1 and f"deal {annulled + 1} asks nobody anything under the rules" in err


def test_a_petit_with_another_trump_or_the_excuse_is_no_petit_sec():
    for other, holder in (("2A", "A"), ("EX", "B")):
        hands = dict(GARDE)
        hands["D"] = f"1A {other} " + " ".join(GARDE["D"].split()[2:])  # D gives A his 6A and 4D
        hands["A"] = "4D " + " ".join(c for c in GARDE["A"].split() if c not in ("1A", other))
        hands[holder] = "6A " + " ".join(c for c in hands[holder].split() if c != other)
        st = dealt(game(), "A", hands, GARDE_DOG)
        assert st.phase.name == "auction"


# ---- the dog ---------------------------------------------------------------------------------

def test_the_taker_of_a_garde_takes_the_dog_and_lays_away_neither_king_nor_oudler_nor_trump_while_he_can():
    st = run(dealt(game(), "A", GARDE, GARDE_DOG), "bid garde", "pass", "pass", "pass")
    b = seat(st, "B")
    assert st.phase.name == "dog" and st.current_player == b and len(st.hands[b]) == 24 and not st.talon
    for p in range(4):  # the dog is turned up for all as B takes it
        assert st.view(p)["taken"] == {"B": ["4H", "3H", "2H", "9A", "8A", "7A"]}
    assert sorted(names(st)) == sorted(["discard QS", "discard 2H", "discard 3H", "discard 4H"])
    assert refused(st, "discard KS").rule == "no kings or oudlers"
    assert refused(st, "discard 21A").rule == "no kings or oudlers"
    assert refused(st, "discard EX").rule == "no kings or oudlers"
    assert refused(st, "discard 7A").rule == "trumps last"
    run(st, "discard 2H", "discard 3H", "discard 4H", "discard QS")
    assert "discard 7A" in names(st) and "discard 21A" not in names(st) and "discard KS" not in names(st)
    run(st, "discard 7A")
    for p in range(4):  # a trump laid away is shown to all; the other discards are not
        assert st.view(p)["shown_discards"] == {"B": ["7A"]}
    run(st, "discard 8A")
    assert st.phase.name == "slam" and len(st.hands[b]) == 18


@pytest.mark.parametrize("players", [4, 3, 5])
def test_the_dog_seen_as_it_is_taken_stays_the_takers_in_every_world_another_seat_imagines(players):
    """A prise or a garde: whatever B keeps or lays away, each card of the dog is in his hand or his
    écart in every deal another seat imagines, and that seat's view of it is its view of the deal."""
    g = game(**({} if players == 4 else {"players": str(players)}))
    for seed in range(40):
        rng = random.Random(seed)
        st = g.new_state(seed)
        while not st.is_terminal and st.phase.name != "dog":
            bids = [a for a in names(st) if a in ("bid prise", "bid garde")]
            run(st, bids[0] if bids else "pass" if "pass" in names(st) else rng.choice(names(st)))
        if not st.is_terminal:
            break
    taker, dog = st.declarer, set(st.talon) | set(st.taken_up[1] if st.taken_up else ())
    assert len(dog) == {3: 6, 4: 6, 5: 3}[players]
    while st.phase.name == "dog":
        run(st, rng.choice(names(st)))
    for other in range(g.n):
        if other == taker:
            continue
        taken = st.view(other)["taken"]
        assert list(taken) == [g.seat_names[taker]] and set(taken[g.seat_names[taker]]) == {g.pack.names[c] for c in dog}
        for k in range(20):
            world = st.sampled_for(other, random.Random(k))
            assert dog <= set(world.hands[taker]) | set(world.discards[taker])
            assert world.view(other) == st.view(other)


@pytest.mark.parametrize("bid", ["bid garde_sans", "bid garde_contre"])
def test_in_a_garde_sans_or_contre_nobody_sees_the_dog(bid):
    st = run(dealt(game(), "A", GARDE, GARDE_DOG), bid, "pass", "pass", "pass")
    assert st.phase.name == "slam" and len(st.talon) == 6
    assert all(st.view(p)["talon"] is None and st.view(p)["taken"] == {} for p in range(4))


# ---- the play ----------------------------------------------------------------------------------

def contre_state():
    """The deal of tarot_garde_contre_lost.yaml, bidding done: A leads."""
    st = replay(RECORDS / "tarot_garde_contre_lost.yaml").state
    d = st.deals[0]
    g = st.game
    fresh = g.new_state(1, first_dealer=d.dealer, hands={1: [list(h) for h in d.hands]}, talons={1: list(d.talon)})
    return fresh, [a.name for _, a in d.actions]


def test_follow_suit_else_trump_and_in_trumps_overtrump_the_excuse_always_allowed():
    st, actions = contre_state()
    run(st, *actions[:5], "play KS", "play 8S poignee", "play 3S")
    assert st.current_player == seat(st, "D") and sorted(names(st)) == ["play 1A", "play 2A", "play 3A", "play 4A"]
    run(st, "play 2A", "play NC")  # D's trump won; he leads a club
    assert sorted(names(st)) == ["play EX", "play KC"]  # A follows suit, or plays the Excuse
    run(st, "play KC")
    assert sorted(names(st)) == ["play 11A", "play 12A", "play 13A", "play 14A", "play 15A", "play 16A",
                                 "play 17A", "play 18A", "play 19A", "play 20A"]  # B must trump
    run(st, "play 11A")
    assert sorted(names(st)) == ["play 5A", "play 6A", "play 7A"]  # C cannot beat the 11: any trump
    run(st, "play 5A", "play 20A", "play 6A", "play 3A")
    assert sorted(names(st)) == ["play 21A", "play EX"]  # A must beat the 20, or play the Excuse


def test_the_excuse_led_leaves_the_suit_to_the_next_card_and_never_wins():
    st = replay(RECORDS / "tarot_garde.yaml").state
    t = st.deals[0].tricks[8]
    assert [str(c) for c in t.cards] == ["play EX", "play QD", "play 2D", "play 4S"]
    assert t.winner == seat(st, "C")
    fresh = dealt(game(), "A", GARDE, GARDE_DOG)
    actions = [a.name for _, a in st.deals[0].actions]
    lead = actions.index("play EX")
    run(fresh, *actions[:lead + 1])
    assert len(names(fresh)) == len(fresh.hands[seat(fresh, "C")]) == 10  # after the Excuse led: any card
    run(fresh, "play QD")
    assert sorted(names(fresh)) == ["play 2D", "play 3D", "play 4D"]  # the queen said diamonds (D played 1D)


CHELEM_LOST = {"A": "21A 20A 19A 18A 17A 16A 15A 14A 13A 12A 11A TA 9A 8A 7A 1A EX JH",
               "B": "5A KS QS NS JS TS 9S 8S 7S 6S 5S 4S 3S 2S 1S KH QH NH",
               "C": "4A 6A TH 9H 8H 7H 6H 5H 4H 3H 2H 1H KD QD ND JD TD 9D",
               "D": "3A 8D 7D 6D 5D 4D 3D 2D 1D KC QC NC JC TC 9C 8C 7C 6C"}


def first_legal_until(st, name: str):
    """Each seat in turn plays the first card it may, until it is `name`'s turn."""
    while st.current_player != seat(st, name):
        run(st, names(st)[0])
    return st


def test_the_excuse_led_to_the_last_trick_loses_it_when_the_taker_has_lost_a_trick():
    """A announces a chelem, leads his fifteen trumps from the 21, then the jack of hearts, which B's king
    takes. B leads the queen of hearts; A, without hearts, must trump with his last trump, the petit, and wins. The
    Excuse he leads to the last trick then loses it like any trick, and goes to its winner."""
    g = game()
    st = run(dealt(g, "D", CHELEM_LOST, "5C 4C 3C 2C 1C 2A"), "bid garde_sans", "pass", "pass", "pass", "chelem")
    assert st.current_player == seat(st, "A")  # the chelem's announcer leads
    for trump in ["21A", "20A", "19A", "18A", "17A", "16A", "15A", "14A", "13A", "12A", "11A", "TA", "9A", "8A", "7A"]:
        first_legal_until(run(st, f"play {trump}"), "A")
    first_legal_until(run(st, "play JH", "play KH"), "B")
    first_legal_until(run(st, "play QH"), "A")
    assert sorted(names(st)) == ["play 1A", "play EX"]  # (the Excuse may always be played)
    first_legal_until(run(st, "play 1A"), "A")
    first_legal_until(run(st, "play EX"), "A")
    d = st.deals[0]
    last = d.tricks[-1]
    assert str(last.cards[0]) == "play EX" and last.winner != seat(st, "A")
    assert [str(c) for c in last.cards] == ["play EX", "play NH", "play 9D", "play 6C"]  # B's knight wins
    assert [str(c) for c in d.tricks[15].cards] == ["play JH", "play KH", "play JD", "play 8C"]
    # the defence: trick 16, 1.5 + 4.5 + 1.5 + 0.5 = 8, and the last, the Excuse with it, 4.5 + 2.5 + 0.5 +
    # 0.5 = 8; A has the other 75 (the dog counted), with two oudlers (21, petit): 41 needed, made by 34;
    # garde sans (25 + 34) x 4 = 236; no petit au bout (the petit fell in trick 17, and the Excuse did not
    # win the last); the chelem announced and failed, -200: 36 a defender
    assert scores(st, 0) == {"A": 108, "B": -36, "C": -36, "D": -36}


# ---- the poignée -------------------------------------------------------------------------------

def test_a_poignee_is_offered_only_with_the_first_card_of_a_player_holding_enough_trumps():
    st = replay(RECORDS / "tarot_garde.yaml").state
    fresh = dealt(game(), "A", GARDE, GARDE_DOG)
    actions = [a.name for _, a in st.deals[0].actions]
    run(fresh, *actions[:11])
    offered = names(fresh)  # B: thirteen trumps and the Excuse: a simple or a double, not a triple
    assert "play 21A poignee" in offered and "play 21A double_poignee" in offered
    assert not any("triple" in n for n in offered) and len(offered) == 3 * 18
    run(fresh, "play 21A double_poignee")
    assert not any(len(n.split()) == 3 for n in names(fresh))  # C has one trump
    run(fresh, *actions[12:15])
    assert not any(len(n.split()) == 3 for n in names(fresh))  # B's second card: too late


@pytest.mark.parametrize("players, sizes", [(3, (13, 15, 18)), (5, (8, 10, 13))])
def test_the_poignees_of_three_and_five_players(players, sizes):
    book = " ".join(rules(SPEC, options={"players": str(players)}).split())
    for size in sizes:
        assert f"= {size}" in book


# ---- five players: the called king -----------------------------------------------------------

def test_five_the_called_king_makes_its_holder_a_secret_partner_and_its_suit_may_not_be_led_first():
    st = replay(RECORDS / "tarot_five_players.yaml").state
    d = st.deals[0]
    g = st.game
    fresh = g.new_state(1, first_dealer=d.dealer, hands={1: [list(h) for h in d.hands]}, talons={1: list(d.talon)})
    actions = [a.name for _, a in d.actions]
    run(fresh, *actions[:6])  # C bids a garde and calls the king of spades
    assert fresh.called_card == g.pack.parse("KS") and fresh.called_holder == seat(fresh, "A")
    run(fresh, *actions[6:10])  # the écart, no chelem
    leads = names(fresh)
    assert not any(n.startswith("play ") and n.split()[1].endswith("S") for n in leads)  # C holds no KS
    assert all(fresh.view(p)["partner"] is None for p in range(5))
    run(fresh, *actions[10:-5])
    assert all(fresh.view(p)["partner"] is None for p in range(5))
    run(fresh, "play KS")  # A plays the called king: everybody knows now
    assert all(fresh.view(p)["partner"] == "A" for p in range(5))


def test_five_with_the_four_kings_the_taker_calls_a_queen():
    g = game(players=5)
    hands = {"A": "KS KH KD KC 21A 20A 19A 18A 17A 16A 15A 14A 13A 12A 11A",
             "B": "QS NS JS TS 9S 8S 7S 6S 5S 4S 3S 2S 1S QH NH",
             "C": "JH TH 9H 8H 7H 6H 5H 4H 3H 2H 1H QD ND JD TD",
             "D": "9D 8D 7D 6D 5D 4D 3D 2D 1D QC NC JC TC 9C 8C",
             "E": "7C 6C 5C 4C 3C 2C 1C TA 9A 8A 7A 6A 5A 4A 3A"}
    st = run(dealt(g, "E", hands, "2A 1A EX"), "bid garde", "pass", "pass", "pass", "pass", "contract hearts")
    assert st.called_card == g.pack.parse("QH") and st.called_holder == seat(st, "B")


# ---- the independent implementation ------------------------------------------------------------

@pytest.mark.parametrize("players", [4, 3, 5])
def test_the_engine_agrees_with_an_independent_implementation(players):
    """`CARDSPEC_TAROT_GAMES` games (300 by default) per number of players, of one round each, chosen at
    random, boldly (high bids, chelems, poignées) and timidly (passes, prises and gardes): the seat to
    act and its legal actions at every decision, each deal's scores, the totals, the dealers."""
    options = {} if players == 4 else {"players": str(players)}
    g = game(**options)
    seen = [play_against_the_reference(g, options, seed, STYLES[seed % 3]) for seed in range(GAMES)]
    total = {k: sum(s[k] for s in seen) for k in seen[0]}
    assert total["deals"] == GAMES * players and total["decisions"] > GAMES * players * 50
    if GAMES >= 100:  # what the games went through (a poignée is rare at three: 13 trumps of 24 cards)
        for what in ("void", "made", "lost", "chelem called", "petit au bout", "excuse returned", "garde sans",
                     "garde contre") + (("poignee",) if players != 3 else ()):
            assert total[what] > 0, what
        if players == 5:
            assert total["alone"] > 0 and total["partnered"] > 0 and total["annulled"] > 0


def test_several_rounds_and_a_petit_sec_against_the_independent_implementation():
    """Two rounds of five players: seed 74 deals a petit sec in its third deal."""
    seen = play_against_the_reference(game(players=5, rounds=2), {"players": "5", "rounds": "2"}, 74)
    assert seen["deals"] == 10 and seen["annulled"] == 1


# ---- random games: invariants ------------------------------------------------------------------

@pytest.mark.parametrize("options", [{}, {"players": "3"}, {"players": "5"}, {"rounds": "2"}],
                         ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()) or "default")
def test_random_games_keep_the_invariants_and_replay(options, tmp_path):
    """Legal list never empty, every card in one place, the game's length, each deal adding up to 0 (the
    engine checks the declared total), the record replaying."""
    g = game(**options)
    for seed in range(12):
        st = checked_random_game(g, seed, tmp_path / f"{seed}.yaml", SPEC)
        assert sum(st.totals) == 0


def test_the_rulebook_tells_the_bids_the_dog_and_the_excuse():
    book = " ".join(rules(SPEC).split())
    assert "The bids, from the weakest to the strongest: prise, garde, garde_sans, garde_contre." in book
    assert "The talon is shown to all as he takes it" in book
    assert "Petit sec call" not in book and "add petit_sec" not in book
    assert "the taker may not discard a king or an oudler" in book
    assert "A discard is laid face up, for all to see, when the suit of the card is trumps." in book
    assert "never the Excuse" in book and "the Excuse leads the last trick of a chelem" in book

"""Doppelkopf (specs/doppelkopf/doppelkopf.yaml): the worked examples replayed to the scores worked out by
hand (tests/records/doppelkopf/), the double pack's trumps and suits, following, equal cards and the
tens of hearts (`dullen`), the parties found from the queens of clubs, the silent solo and the wedding;
an independent implementation of the rules (tests/games/doppelkopf/reference.py) compared with the engine
decision by decision and deal by deal under every option; random-game invariants."""

from __future__ import annotations

import functools
import os
from pathlib import Path

import pytest
import yaml

from interpreter.compile.game import load_game
from interpreter.core.errors import IllegalAction
from interpreter.record.replay import replay
from interpreter.words.rulebook import rules
from tests.games.doppelkopf.compare import play_against_the_reference
from tests.games.doppelkopf.reference import Doppelkopf
from tests.helpers import checked_random_game, names, run, seat

ROOT = Path(__file__).resolve().parents[3]
SPEC = ROOT / "specs" / "doppelkopf" / "doppelkopf.yaml"
RECORDS = ROOT / "tests" / "records" / "doppelkopf"
GAMES = int(os.environ.get("CARDSPEC_DOPPELKOPF_GAMES", "300"))  # random games per option set
OPTION_SETS = [{}, {"dullen": "second"}, {"dullen": "second_except_last"}, {"wedding": "true"},
               {"wedding": "true", "dullen": "second", "deals": "2"}]


@functools.cache
def _loaded(options: tuple):
    return load_game(SPEC, options=dict(options))


def game(**options):
    """The game under these options, compiled once."""
    return _loaded(tuple(sorted((k, str(v)) for k, v in options.items())))


def dealt(g, dealer: str, hands: dict):
    """A new game of `g` whose first deal gives `hands` (seat name -> the cards, written out)."""
    sn, parse = list(g.seat_names), g.pack.parse
    cards = [c for s in sn for c in hands[s].split()]
    assert sorted(map(parse, cards)) == sorted(list(range(24)) * 2), "each card of the pack twice"
    return g.new_state(1, first_dealer=sn.index(dealer),
                       hands={1: [[parse(c) for c in hands[s].split()] for s in sn]})


def scores(st, k: int = 0) -> dict:
    sn = st.game.seat_names
    return {sn[p]: v for p, v in enumerate(st.deals[k].scores)}


def winners(st) -> list:
    return [st.game.seat_names[t.winner] for t in st.tricks]


# the hands of doppelkopf_re_wins.yaml: A and C hold a queen of clubs each
RE_WINS = {"A": "TH QC QS QH JS AD AC KC 9S KS AH KH",
           "B": "QS QH JS JD KD 9D 9D TC 9C AS TS 9H",
           "C": "TH QC QD JC JC JH TD AC KC 9S KS AH",
           "D": "QD JH JD AD TD KD TC 9C AS TS KH 9H"}
# the hands of doppelkopf_silent_solo.yaml: A holds both queens of clubs
SOLO = {"A": "TH QC QC QH JS AD AC KC AS AS AH KH",
        "B": "QS QH JS JD KD 9D 9D TC 9C TS TS 9H",
        "C": "TH QS QD JC JC JH TD AC KC 9S KS AH",
        "D": "QD JH JD AD TD KD TC 9C 9S KS KH 9H"}


# ---- the worked examples -----------------------------------------------------------------

@pytest.mark.parametrize("name, want", [
    ("doppelkopf_re_wins.yaml", {"A": 6, "B": -6, "C": 6, "D": -6}),
    ("doppelkopf_kontra_wins.yaml", {"A": 1, "B": 1, "C": -1, "D": -1}),
    ("doppelkopf_silent_solo.yaml", {"A": 6, "B": -2, "C": -2, "D": -2}),
    ("doppelkopf_dullen.yaml", {"A": 3, "B": 3, "C": -3, "D": -3}),
])
def test_worked_examples_replay_to_the_scores_worked_by_hand(name, want):
    """Each score worked out in the record's comments; `replay` checks the recorded scores too. The deal
    adds up to 0, and the independent implementation scores it alike."""
    st = replay(RECORDS / name).state
    assert scores(st) == want and sum(st.totals) == 0
    g, sn, pack = st.game, st.game.seat_names, st.game.pack.names
    d = st.deals[0]
    ref = Doppelkopf((yaml.safe_load((RECORDS / name).read_text()).get("options") or {}).get("dullen", "first"))
    ref.new_deal(sn[d.dealer], {sn[p]: [pack[c] for c in h] for p, h in enumerate(d.hands)})
    for s, a in d.actions:
        assert ref.to_act()[0] == sn[s]
        ref.apply(sn[s], a.name)
    ref.end_deal()
    assert ref.deal_scores[-1] == want


# ---- the pack, the trumps, following -------------------------------------------------------

def test_the_double_pack_holds_two_of_each_card_and_twelve_go_to_each_player():
    g = game()
    assert len(g.pack.names) == 24 and len(g.pack.deck) == 48
    st = g.new_state(5)
    assert all(len(h) == 12 for h in st.deal.hands)
    assert sorted(c for h in st.deal.hands for c in h) == sorted(list(range(24)) * 2)
    assert st.current_player == (st.deal.dealer + 1) % 4  # the dealer's left leads


def test_a_trump_led_asks_for_a_trump_the_ten_of_hearts_queens_and_jacks_among_them():
    st = dealt(game(), "D", RE_WINS)
    run(st, "play JS")  # A leads a jack: B must play a trump, the queens and jacks and diamonds
    assert sorted(names(st)) == ["play 9D", "play JD", "play JS", "play KD", "play QH", "play QS"]
    run(st, "play JD")
    assert "play TH" in names(st) and "play AH" not in names(st)  # C's ten of hearts is a trump, his ace not


def test_hearts_led_ask_for_a_heart_not_the_ten_of_hearts():
    hands = dict(RE_WINS)
    st = dealt(game(), "D", hands)
    run(st, "play AH")  # A leads the ace of hearts
    assert names(st) == ["play 9H"]  # B's one heart; the other cards are not hearts
    run(st, "play 9H")
    assert names(st) == ["play AH"]  # C holds TH and AH: only the ace is a heart
    with pytest.raises(IllegalAction) as info:
        st.apply("play TH")
    assert info.value.rule == "follow suit"


def test_of_two_equal_cards_the_first_played_wins():
    st = run(dealt(game(), "D", RE_WINS), "play TH", "play JD", "play TH", "play AD")
    assert winners(st) == ["A"]  # A's ten of hearts, the first
    st = run(dealt(game(), "D", RE_WINS), "play QS", "play QS", "play JH", "play JD")
    assert winners(st) == ["A"]


@pytest.mark.parametrize("dullen, winner", [("first", "A"), ("second", "C"), ("second_except_last", "C")])
def test_the_option_dullen_lets_the_second_ten_of_hearts_win(dullen, winner):
    st = run(dealt(game(dullen=dullen), "D", RE_WINS), "play TH", "play JD", "play TH", "play AD")
    assert winners(st) == [winner]
    st = run(dealt(game(dullen=dullen), "D", RE_WINS), "play QS", "play QS", "play JH", "play JD")
    assert winners(st) == ["A"]  # other equal cards: still the first


def _last_trick_of_two_tens(dullen: str) -> str:
    """A deal in which A and B keep their tens of hearts for the last trick: who wins it."""
    hands = {"A": "TH QC QS QH JS JH AC KC 9S KS AH KH",
             "B": "TH QC QS QH JS JH TC 9C AS TS 9H 9H",
             "C": "QD QD JC JC JD JD AC KC 9S KS AH KH",
             "D": "AD AD TD TD KD KD TC 9C AS TS 9D 9D"}
    st = dealt(game(dullen=dullen), "D", hands)
    for _ in range(48):
        legal = names(st)
        st.apply(min(legal, key=lambda n: (n == "play TH", legal.index(n))))
    last = st.deals[0].tricks[-1]
    assert [a.name for a in last.cards].count("play TH") == 2
    return st.game.seat_names[last.winner]


def test_the_tournament_dullen_rule_leaves_the_first_ten_winning_the_last_trick():
    first = _last_trick_of_two_tens("first")
    assert _last_trick_of_two_tens("second_except_last") == first
    assert _last_trick_of_two_tens("second") != first


# ---- the parties ---------------------------------------------------------------------------

def test_nobody_is_told_the_parties_and_nothing_is_asked_before_the_play():
    st = dealt(game(), "D", RE_WINS)
    assert st.phase.name == "play" and all(v.startswith("play ") for v in names(st))
    view = st.view(seat(st, "A"))
    assert view["partner"] is None and view["hand_sizes"] == {"A": 12, "B": 12, "C": 12, "D": 12}


def test_a_wedding_is_offered_only_to_the_holder_of_both_queens_of_clubs():
    st = dealt(game(wedding="true"), "D", SOLO)
    assert st.current_player == seat(st, "A") and names(st) == ["pass", "wedding"]
    st = dealt(game(wedding="true"), "D", RE_WINS)  # nobody holds both: nobody is asked
    assert st.phase.name == "play"


def test_a_wedding_whose_announcer_wins_the_first_three_tricks_is_a_solo():
    """The silent solo's play after a wedding: A takes the first three tricks, so he plays alone."""
    data = replay(RECORDS / "doppelkopf_silent_solo.yaml").state.deals[0]
    st = run(dealt(game(wedding="true"), "D", SOLO), "wedding", *[a.name for _, a in data.actions])
    assert scores(st) == {"A": 6, "B": -2, "C": -2, "D": -2}


def test_a_wedding_makes_the_first_other_winner_of_the_first_three_tricks_the_partner():
    st = run(dealt(game(wedding="true"), "D", SOLO), "wedding", "play KH", "play 9H", "play AH", "play KH")
    assert winners(st) == ["C"]  # C wins the first trick: he is A's partner
    while st.deal_number == 1:
        st.apply(st.legal_actions()[0])
    got = scores(st)
    assert got["A"] == got["C"] == -got["B"] == -got["D"] != 0


# ---- the independent implementation ------------------------------------------------------------

@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()) or "default")
def test_the_engine_agrees_with_an_independent_implementation(options):
    """`CARDSPEC_DOPPELKOPF_GAMES` games (300 by default) of each option set, played at random or taking the
    cards of most points: the seat to act and its legal actions at every decision, each deal's scores, the
    totals, the dealers."""
    g = game(**options)
    seen = [play_against_the_reference(g, options, seed, "random" if seed % 2 else "high") for seed in range(GAMES)]
    total = {k: sum(s[k] for s in seen) for k in seen[0]}
    assert total["deals"] == GAMES * int(options.get("deals", 4)) and total["decisions"] >= total["deals"] * 48
    if GAMES >= 100:  # what the games went through
        for what in ("re wins", "kontra wins", "solo", "fox", "doppelkopf", "charlie", "negative", "two dullen"):
            assert total[what] > 0, what
        if options.get("wedding") == "true":
            assert total["wedding"] > total["married"] > 0


@pytest.mark.slow
def test_the_engine_agrees_with_an_independent_implementation_on_thousands_of_games():
    for options in OPTION_SETS:
        g = game(**options)
        for seed in range(GAMES, GAMES + 2000):
            play_against_the_reference(g, options, seed, "random" if seed % 2 else "high")


# ---- random games: invariants ------------------------------------------------------------------

@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()) or "default")
def test_random_games_keep_the_invariants_and_replay(options, tmp_path):
    """Legal list never empty, every card (both copies) in one place, the game's length, each deal adding
    up to 0 (the engine checks the declared total), the record replaying."""
    g = game(**options)
    for seed in range(8):
        st = checked_random_game(g, seed, tmp_path / f"{seed}.yaml", SPEC)
        assert sum(st.totals) == 0 and len(st.deals) == int(options.get("deals", 4))
        assert all(sum(d.scores) == 0 for d in st.deals)


def test_the_rulebook_tells_the_trumps_and_the_parties():
    book = " ".join(rules(SPEC).split())
    assert "The trumps beat each other in the order TH QC QS QH QD JC JS JH JD A T K 9." in book
    assert "The pack holds two of each of these 24 cards" in book
    assert "Doppelkopf" in book and "queens of clubs" in book

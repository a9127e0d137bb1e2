"""The search bots: they never read the cards they cannot see, they are seeded (a seed gives exactly
the same choices), they take a single choice without searching, a budget runs them as it says, and
they play well."""

from __future__ import annotations

import random
import time
from pathlib import Path

import pytest

from interpreter.compile.game import load_game
from interpreter.load import catalog
from interpreter.players.agents import make_agent
from interpreter.players.knowledge import Knowledge
from interpreter.players.sampler import Sampler, replay_deal
from interpreter.players.search import Budget, ISMCTSAgent, PIMCAgent
from tests.helpers import unseen_redealt

ROOT = Path(__file__).resolve().parents[2]
SPECS = sorted(catalog.games())
BOTS = ["mc", "pimc:2", "ismcts:25"]
SPEC_DIR = ROOT / "specs"


def bot(kind, seed):
    agent = make_agent(kind, seed=seed)
    if kind == "mc":
        agent.rollouts = 2
    return agent


def decisions(game, seed, count, chance=0.3):
    """Positions of a random game where the seat to act has a choice, with that seat."""
    rng = random.Random(seed)
    st = game.new_state(seed)
    found = 0
    while not st.is_terminal and found < count:
        legal = st.legal_actions()
        if len(legal) > 1 and rng.random() < chance:
            yield st, st.current_player
            found += 1
        st.apply(legal[rng.randrange(len(legal))])


@pytest.mark.parametrize("kind", BOTS)
@pytest.mark.parametrize("name", SPECS)
def test_a_bot_chooses_the_same_when_the_unseen_cards_are_dealt_again(name, kind):
    """In each position, the hands hidden from the bot are dealt again among themselves; with
    the same seed its choice is the same (over two seeds of the game)."""
    game = load_game(catalog.games()[name])
    for seed in (5, 6):
        for k, (st, seat) in enumerate(decisions(game, seed, 2)):
            twin = unseen_redealt(st, seat, random.Random(k))
            assert twin.view(seat) == st.view(seat)
            mine = bot(kind, seed * 10 + k).choose(st, seat, st.legal_actions())
            theirs = bot(kind, seed * 10 + k).choose(twin, seat, twin.legal_actions())
            assert mine.name == theirs.name


REPLAYABLE = ["barbu/barbu", "back-alley/partnership", "briscola-chiamata/five"]


@pytest.mark.parametrize("kind", BOTS)
@pytest.mark.parametrize("name", REPLAYABLE)
def test_a_bot_chooses_the_same_in_another_game_that_looks_the_same_to_it(name, kind):
    """A whole other game, dealt so that the seat saw exactly the same (its deal dealt as a
    world the seat could imagine, and every action replayed): the bot's choice is the same,
    its knowledge of the play included."""
    game = load_game(catalog.games()[name])
    found = 0
    for st, seat in decisions(game, 7, 40, chance=0.5):
        if st.phase.kind != "tricks" or len(st.tricks) < 2:
            continue
        try:
            twin = replay_deal(st, Sampler(st, seat, _knows(st, seat)).world(random.Random(found)))
        except ValueError:
            continue
        assert twin.hands != st.hands and twin.view(seat) == st.view(seat)
        mine = bot(kind, found).choose(st, seat, st.legal_actions())
        theirs = bot(kind, found).choose(twin, seat, twin.legal_actions())
        assert mine.name == theirs.name
        found += 1
        if found == 2:
            break
    assert found == 2


def _knows(st, seat):
    k = Knowledge(seat)
    k.update(st)
    return k


@pytest.mark.parametrize("kind", ["pimc:3", "ismcts:40"])
def test_search_bots_are_reproducible_by_seed(kind):
    game = load_game(ROOT / "specs" / "barbu" / "barbu.yaml")

    def choices(seed):
        return [bot(kind, seed).choose(st, seat, st.legal_actions()).name
                for st, seat in decisions(game, 3, 6, chance=0.6)]
    assert choices(1) == choices(1)
    assert any(choices(1) != choices(s) for s in (2, 3, 4))


def card_decisions(game, seed, count):
    """The first `count` positions of a random game where a card is chosen among several."""
    rng = random.Random(seed)
    st, out = game.new_state(seed), []
    while len(out) < count and not st.is_terminal:
        legal = st.legal_actions()
        if len(legal) > 1 and st.phase.kind == "tricks":
            out.append(st.clone())
        st.apply(legal[rng.randrange(len(legal))])
    return out


@pytest.mark.parametrize("name, kind, chosen", [
    ("klaberjass/klaberjass", "ismcts:30", ["play AC", "play TC", "play TC", "play AC"]),
    ("klaberjass/klaberjass", "pimc:2", ["play 8D", "play TC", "play TH", "play KC"]),
    ("barbu/barbu", "ismcts:30", ["play JC", "play 3S", "play QS", "play JS"]),
    ("barbu/barbu", "pimc:2", ["play 5D", "play JS", "play QS", "play QC"]),
])
def test_seeded_searches_choose_exactly_so(name, kind, chosen):
    game = load_game(SPEC_DIR / f"{name}.yaml")
    assert [make_agent(kind, seed=1).choose(st, st.current_player, st.legal_actions()).name
            for st in card_decisions(game, 5, 4)] == chosen


@pytest.mark.parametrize("kind", ["ismcts:30", "pimc:2"])
def test_a_single_choice_is_taken_without_searching(kind):
    game = load_game(SPEC_DIR / "barbu" / "barbu.yaml")
    st = card_decisions(game, 5, 1)[0]
    only = st.legal_actions()[:1]
    assert make_agent(kind, seed=1).choose(st, st.current_player, only) is only[0]


def test_budgets():
    assert Budget("500").iterations == 500 and Budget("500").seconds is None
    assert Budget("0.5s").seconds == 0.5 and Budget("1s").iterations is None
    for bad in ("0", "-3", "0s", "fast", "1.5", "infs", ""):
        with pytest.raises(ValueError) as e:
            Budget(bad)
        assert str(e.value) == f"`{bad}` is not a budget: give a number of iterations (500) or of seconds (1s)"
    assert isinstance(make_agent("ismcts:0.05s", seed=1), ISMCTSAgent)
    assert make_agent("pimc", seed=1).budget.iterations == 20
    assert isinstance(make_agent("pimc:7", seed=1), PIMCAgent)


def test_a_time_budget_runs_once_at_least_and_then_until_its_time_is_spent():
    budget, now = Budget("5s"), time.perf_counter()
    assert budget.running(now - 60, 0)  # the first iteration, however late
    assert budget.running(now, 3)  # five seconds are not spent yet
    assert not budget.running(now - 6, 3)
    assert Budget("3").running(now - 60, 2) and not Budget("3").running(now, 3)
    assert (Budget("5s").text, Budget("3").text) == ("5s", "3")  # as given, to name it again


def test_a_time_budget_searches_at_least_once_and_answers_a_legal_action():
    game = load_game(ROOT / "specs" / "klaberjass" / "klaberjass.yaml")
    st, seat = next(decisions(game, 2, 1, chance=1.0))
    legal = st.legal_actions()
    assert make_agent("ismcts:0.001s", seed=1).choose(st, seat, legal) in legal


def test_ismcts_beats_random_play_at_klaberjass():
    from interpreter.study.arena import play_board, summary

    game = load_game(ROOT / "specs" / "klaberjass" / "klaberjass.yaml")
    kinds = ["ismcts:60", "random"]
    rows = summary(kinds, [play_board(game, kinds, seed, 1)[0] for seed in range(1, 7)])
    assert [r["bot"] for r in rows] == kinds
    assert rows[0]["ahead_of_next"]["difference"] > 0


LOWEST_WINS = """\
game: Fewest tricks
seats: [A, B]
pack:
  suits: [S, H]
  ranks: [A, K, Q, J, T, 9]
phases:
  deal:
    hand_size: 6
  play:
  score:
contracts:
  fewest:
    name: Fewest tricks
    score: tricks_won
play:
  rules: [follow suit]
play_rules:
  follow suit:
    keep: card.suit == led_suit
    when: not leading
match:
  deals: 4
  winner: lowest
"""


@pytest.mark.parametrize("bot", ["mc", "pimc:4", "ismcts:60"])
def test_a_search_bot_plays_for_the_lowest_total_where_the_lowest_wins(tmp_path, bot):
    """Taking tricks is bad here: a search bot must take fewer than the first-legal bot, over many seeds."""
    from interpreter.compile.game import load_game
    from interpreter.players.agents import make_agent

    game = load_game(tmp_path / "fewest.yaml", text=LOWEST_WINS)
    mine = theirs = 0
    for seed in range(12):
        state = game.new_state(seed)
        agents = [make_agent(bot, seed), make_agent("first", seed)]
        while not state.is_terminal:
            p = state.current_player
            state.apply(agents[p].choose(state, p, state.legal_actions()))
        mine, theirs = mine + state.totals[0], theirs + state.totals[1]
    assert mine < theirs, (mine, theirs)

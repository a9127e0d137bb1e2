"""What a search bot does for each iteration, done with less work and the same answers: its draws
written out (the generator's own numbers), the replay check of each world (the same verdict as each
recorded action put to the world alone), and its worlds played to the end of their deal only (the
same totals). The search bench runs and plays the positions it says."""

from __future__ import annotations

import importlib.util
import random
from pathlib import Path

import pytest

from interpreter.compile.game import load_game
from interpreter.players.draws import chooser, shuffler
from interpreter.players.knowledge import Knowledge, admits
from interpreter.players.playouts import DealWorld, search_game, searched
from interpreter.players.sampler import Sampler, _blind

ROOT = Path(__file__).resolve().parents[2]
SPECS = ROOT / "specs"


class Counting(random.Random):
    """A generator with a `getrandbits` of its own (still drawn through the standard `_randbelow`)."""

    calls = 0

    def getrandbits(self, k):
        self.calls += 1
        return super().getrandbits(k)


class OwnShuffle(random.Random):
    def shuffle(self, x):
        x.reverse()

    def randrange(self, *args):
        return 0


@pytest.mark.parametrize("kind", [random.Random, Counting])
def test_the_draws_written_out_are_the_generators_own(kind):
    for seed in range(3):
        ours, theirs = kind(seed), kind(seed)
        choose, shuffle = chooser(ours), shuffler(ours)
        for n in range(1, 60):
            a, b = list(range(n)), list(range(n))
            shuffle(a)
            theirs.shuffle(b)
            assert a == b
            assert choose(a) == (a[theirs.randrange(n)] if n > 1 else a[0])  # (a single item draws nothing)
        assert ours.random() == theirs.random()  # the same stream, left at the same place
        if kind is Counting:
            assert ours.calls == theirs.calls > 0


def test_a_generator_that_draws_otherwise_is_asked_itself():
    rng = OwnShuffle(1)
    items = [1, 2, 3]
    shuffler(rng)(items)
    assert items == [3, 2, 1]
    assert [chooser(rng)([7, 8, 9]) for _ in range(3)] == [7, 7, 7]


def positions(name, seed, least_tricks=2, count=4):
    """Positions of a random game in the card play, after `least_tricks` tricks, with the seat to act."""
    game = load_game(SPECS / f"{name}.yaml")
    rng = random.Random(seed)
    st, found = game.new_state(seed), 0
    while not st.is_terminal and found < count:
        legal = st.legal_actions()
        if st.phase.kind == "tricks" and len(st.tricks) >= least_tricks and len(legal) > 1 and rng.random() < 0.3:
            yield st, st.current_player
            found += 1
        st.apply(legal[rng.randrange(len(legal))])


@pytest.mark.parametrize("name", ["barbu/barbu", "skat/skat", "klaberjass/klaberjass", "briscola-chiamata/five",
                                  "piquet/rubicon"])
def test_the_replay_check_judges_each_world_as_each_recorded_action_put_to_it_alone(name):
    """`Sampler.admits` (actions whose legality never looks at the hand tried once; each seat's
    hand built up from its latest action back) says what `knowledge.admits` says of every recorded
    action in turn, also of worlds it refuses (the plain re-deal, which learns nothing)."""
    rng = random.Random(2)
    refused = judged = 0
    for seed in (1, 2, 3):
        for st, seat in positions(name, seed):
            k = Knowledge(seat)
            k.update(st)
            sampler = Sampler(st, seat, k)
            if sampler.knowledge is None:
                continue
            for _ in range(8):
                world = st.sampled_for(seat, rng)
                alone = all(admits(position, p, a, world.hands[p] + k.played[p][since:])
                            for p, records in enumerate(k.records) for position, a, since in records)
                assert sampler.admits(world) == alone
                judged += 1
                refused += not alone
    assert judged > 20
    if name in ("barbu/barbu", "skat/skat", "briscola-chiamata/five"):
        assert refused > 0  # (the plain re-deal makes impossible worlds there)


def test_an_action_is_blind_to_the_hand_only_where_its_legality_never_looks_at_it():
    """In Barbu a contract, a trump and a double are chosen whatever one holds; a card played is not."""
    seen = set()
    for st, seat in positions("barbu/barbu", 4, count=8):
        k = Knowledge(seat)
        k.update(st)
        for p, records in enumerate(k.records):
            for position, a, _ in records:
                hands = [list(h) for h in position.hands]
                assert _blind(position, p, a) == (a.kind != "play")
                assert [list(h) for h in position.hands] == hands  # (tried in a copy)
                seen.add(a.kind)
    assert {"play", "double", "contract"} <= seen


@pytest.mark.parametrize("name", ["barbu/barbu", "skat/skat", "klaberjass/klaberjass"])
def test_a_searched_world_ends_with_its_deal_with_the_totals_the_deal_leaves(name):
    compared = 0
    for st, _ in positions(name, 5, count=3):
        plain, world = st.clone(), searched(st.clone())
        assert type(world) is DealWorld and world.game.deal_statistics == {}
        plain.playout(chooser(random.Random(3)))
        world.playout(chooser(random.Random(3)))
        assert world.terminal and world.deal_number == st.deal_number
        if plain.deal_number == st.deal_number + 1:  # (the plain world has dealt the next deal)
            assert world.totals == plain.totals  # (the next deal is dealt, not scored)
            assert world.deals[-1].scores == plain.deals[-2].scores
            assert world.deals[-1].flags == {}
            assert plain.deals[-2].flags.keys() == st.game.deal_statistics.keys()
            compared += 1
    assert compared
    assert search_game(st.game) is search_game(st.game) is search_game(search_game(st.game))
    assert st.game.deal_statistics.keys() == load_game(SPECS / f"{name}.yaml").deal_statistics.keys()  # its own kept


def _bench():
    spec = importlib.util.spec_from_file_location("search_bench_tool", ROOT / "tools" / "search_bench.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_search_bench_plays_the_positions_it_says_and_prints_its_figures(capsys):
    bench = _bench()
    found = {}
    for title, spec, *where in bench.POSITIONS:
        st, seat = bench.position(spec, *where)
        assert st.current_player == seat and st.phase.kind == "tricks" and len(st.tricks) >= where[2]
        assert len(st.legal_actions()) > 1
        found[title] = st.contract_key
    assert found == {"Barbu": "no_tricks", "Skat": "hearts"}
    assert bench.main(["--iterations", "3", "--rounds", "1"]) == 0
    out = capsys.readouterr().out
    assert "ismcts:3, one move, 1 rounds" in out and "  Barbu  deal 2, 4 tricks" in out and "  Skat   deal 1" in out

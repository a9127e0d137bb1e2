"""tools/bench.py runs, and times the work it says: each deal plays the one contract named."""

from __future__ import annotations

import pytest

from tests.tools import ROOT, tool


@pytest.fixture(scope="module")
def bench():
    return tool("bench")


@pytest.mark.parametrize("contract,per_deal", [("no_tricks", -26), ("trumps", 65)])
@pytest.mark.parametrize("doubling", [True, False])
@pytest.mark.parametrize("playout", [True, False])
def test_every_deal_plays_the_contract_timed(bench, contract, per_deal, doubling, playout):
    """The deal total of the contract, every deal (doubles move points between seats, never
    change the total), over more deals than a game of Barbu has (a new game every 28)."""
    game = bench.endless_game(contract, doubling=doubling)
    seconds, totals = bench.run_interpreter(game, 30, 1, playout)
    assert seconds > 0 and sum(totals) == 30 * per_deal


def test_a_called_chooser_plays_the_same_deals_as_the_one_drawn_inline(bench):
    """The bench's line for a chooser the playout must call times the same work: the same deals."""
    game = bench.endless_game("trumps")
    assert bench.run_interpreter(game, 30, 2, True)[1] == bench.run_interpreter(game, 30, 2, True, called=True)[1]
    assert bench.run_interpreter(game, 30, 2, True)[1] == bench.run_interpreter(game, 30, 2, False)[1]


def test_the_bench_prints_its_figures(bench, capsys):
    assert bench.main(["--deals", "3", "--rounds", "2", "--games", "0"]) == 0
    out = capsys.readouterr().out
    assert "No Tricks  playout  interpreter" in out and "Trumps     apply    interpreter" in out and "clone" in out
    if (ROOT.parent / "shared" / "bench" / "handcoded_barbu.py").exists():
        assert "Trumps     playout, chooser called for each move interpreter" in out
        assert "lowest apply ratio" in out and "lowest playout ratio" in out


def test_deals_go_on_with_the_same_games_from_one_call_to_the_next(bench):
    """Played a few at a time, the deals are the ones played in one run: the same scores."""
    game = bench.endless_game("trumps")
    for playout in (False, True):
        run = bench.Deals(game, 4, playout)
        for k in (5, 23, 2):  # (a new game at the 28th deal, within the second call)
            assert run.play(k) > 0
        assert run.done == 30 and run.scores() == bench.run_interpreter(game, 30, 4, playout)[1]


def test_paired_deals_alternate_a_block_at_a_time_and_give_the_ratio_the_machine_hides(bench):
    """The reference's block, then the interpreter's, and again, to the deals asked (the last block
    short). On a machine whose speed changes with every block of the reference's (and holds for the
    interpreter's after it), the ratio of their times is the engines' own, exactly."""
    played, speed = [], []

    def theirs(k, i):
        played.append(("ref", k, i))
        speed.append(1 + i % 3)
        return speed[-1] * 1.0 * k

    def ours(k):
        played.append(("ours", k))
        return speed[-1] * 2.5 * k
    mine, reference = bench.paired_deals(ours, theirs, 70, block=28)
    assert played == [("ref", 28, 0), ("ours", 28), ("ref", 28, 1), ("ours", 28), ("ref", 14, 2), ("ours", 14)]
    assert reference / mine == pytest.approx(1 / 2.5)


def test_whole_games_are_set_against_barbus_played_between_them(bench, capsys, monkeypatch):
    """Each spec's us a move is divided by Barbu's, whose games are played between the spec's: on a
    machine whose speed changes with every game of Barbu (and holds for the spec's games after it),
    each spec still gets its own ratio, exactly; a spec over twice is named."""
    cost = {"barbu/barbu.yaml": 1.0, "skat/skat.yaml": 2.5}
    length = {"barbu/barbu.yaml": 1000, "skat/skat.yaml": 250}  # (moves a game: four Skat games a Barbu one)
    barbu_games = []

    def one_game(game, seed, rng):
        if game == "barbu/barbu.yaml":
            barbu_games.append(seed)
        speed = 1 + len(barbu_games) % 3  # (the machine's: the same for a Barbu game and the games after it)
        n = length.get(game, 500)
        return 1, speed * cost.get(game, 1.5) * n, n
    monkeypatch.setattr(bench, "_game_of", lambda spec: spec.relative_to(ROOT / "specs").as_posix())
    monkeypatch.setattr(bench, "one_game", one_game)
    monkeypatch.setattr(bench, "load_reference", lambda: None)
    assert bench.main(["--deals", "2", "--rounds", "2", "--games", "1"]) == 0
    lines = {line.split()[0]: line for line in capsys.readouterr().out.splitlines() if ".yaml" in line}
    assert "x2.50 (2.50-2.50)" in lines["skat/skat.yaml"] and lines["skat/skat.yaml"].endswith("over twice Barbu's")
    assert "x1.50 (1.50-1.50)" in lines["spades/spades.yaml"] and "over twice" not in lines["spades/spades.yaml"]
    # (Barbu against itself: this fake cannot tell its two sides apart, so a side's speed may be the next's)
    assert 0.9 < float(lines["barbu/barbu.yaml"].split(" x")[1].split()[0]) < 1.1
    assert "over twice" not in lines["barbu/barbu.yaml"]


def test_paired_games_alternate_and_meet_both_bounds(bench, monkeypatch):
    """A Barbu game, then the spec's games until they have as many moves, and again; each side plays
    at least the games and the moves asked, and one untimed game of each comes first."""
    played = []

    def one_game(game, seed, rng):
        played.append(game)
        return 2, 0.001, 100 if game == "b" else 30
    monkeypatch.setattr(bench, "_game_of", lambda spec: spec)
    monkeypatch.setattr(bench, "one_game", one_game)
    (deals, seconds, moves), (beside, beside_moves) = bench.paired_games("b", "s", 2, 7, least_moves=250)
    assert played[:2] == ["b", "s"]  # (the untimed games)
    assert "".join(played[2:]) == "b" + "s" * 4 + "b" + "s" * 3 + "b" + "s" * 3
    assert (beside_moves, moves, deals) == (300, 300, 20) and seconds == pytest.approx(0.010)


def test_one_game_plays_a_whole_game_of_random_moves(bench):
    deals, seconds, moves = bench.one_game(bench._game_of(ROOT / "specs" / "klaberjass" / "klaberjass.yaml"), 3,
                                           __import__("random").Random(3))
    assert deals >= 1 and seconds > 0 and moves >= 18 * deals // 2


class _Machine:
    """A load average that falls by `step` at each look, on a clock that sleeping moves on."""

    def __init__(self, load: float, step: float):
        self.load, self.step, self.now, self.slept = load, step, 0.0, []

    def loadavg(self):
        out = self.load
        self.load -= self.step
        return (out, out, out)

    def sleep(self, seconds):
        self.slept.append(seconds)
        self.now += seconds


def test_settling_waits_for_the_load_to_fall_under_the_quiet_line(bench):
    m = _Machine(2.6, 0.5)
    waited, load = bench.settle(120, quiet=1.0, load=m.loadavg, sleep=m.sleep, clock=lambda: m.now)
    assert load == pytest.approx(0.6) and m.slept == [5.0] * 4 and waited == 20.0


def test_settling_gives_up_at_its_limit_and_says_the_load_it_left(bench):
    m = _Machine(3.0, 0.0)
    waited, load = bench.settle(12, quiet=1.0, load=m.loadavg, sleep=m.sleep, clock=lambda: m.now)
    assert (waited, load) == (12.0, 3.0) and m.slept == [5.0, 5.0, 2.0]


def test_a_quiet_machine_is_not_waited_for(bench):
    m = _Machine(0.2, 0.0)
    assert bench.settle(60, quiet=1.0, load=m.loadavg, sleep=m.sleep, clock=lambda: m.now) == (0.0, 0.2)
    assert m.slept == []


def test_the_bench_says_what_it_waited_for(bench, capsys, monkeypatch):
    monkeypatch.setattr(bench, "settle", lambda most: (7.0, 0.4))
    assert bench.main(["--deals", "2", "--rounds", "1", "--games", "0", "--settle", "90"]) == 0
    assert "waited 7 s for a quiet machine (of 90 s at most): load average" in capsys.readouterr().out

"""The text report of `cardspec simulate`: tables drawn by rich, plain off a terminal; only the
columns the game has (a declarer's, a raw score's); each seat's mean with its 95% interval, the
interval checked against the per-game totals of the same run; a legend under each table.

The figures of `--json` and `--csv` are tested in test_simulate_output.py; here, the words and
columns around them, and that they are the same figures."""

from __future__ import annotations

import csv
import io
import json
import math
import re
from pathlib import Path

import pytest

from interpreter.cli import run
from interpreter.compile.game import load_game
from interpreter.load import catalog
from interpreter.study import stats as study

ROOT = Path(__file__).resolve().parents[2]
BARBU = ROOT / "specs" / "barbu" / "barbu.yaml"
PARLETT = ROOT / "specs" / "barbu" / "parlett.yaml"
HEARTS = ROOT / "specs" / "hearts" / "hearts.yaml"
PARTNERSHIP = ROOT / "specs" / "back-alley" / "partnership.yaml"
NUMBER = r"-?\d+\.\d\d"


class Terminal(io.StringIO):
    def isatty(self):
        return True


def cli(*argv, out=None):
    """Run the command in-process: (exit code, stdout, stderr)."""
    out, err = out or io.StringIO(), io.StringIO()
    code = run([str(a) for a in argv], out, err)
    assert "Traceback" not in out.getvalue() + err.getvalue()
    assert code == 0, err.getvalue()
    return code, out.getvalue(), err.getvalue()


def after(out: str, rows: list[list[str]]) -> str:
    """The line under a table (its legend)."""
    lines = out.splitlines()
    start = next(i for i, line in enumerate(lines) if re.split(r" {2,}", line) == rows[0])
    return lines[start + len(rows)]


def table(out: str, first: str) -> list[list[str]]:
    """The table whose header starts with `first`: its header and rows, each split on runs of
    two or more spaces (a cell holds at most one space in a row), up to the line after it."""
    lines = out.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(first + " "))
    rows = []
    for line in lines[start:]:
        cells = re.split(r" {2,}", line)
        if rows and len(cells) != len(rows[0]):
            break
        rows.append(cells)
    return rows


def per_game_totals(path: Path, seats) -> dict[str, list[int]]:
    rows = list(csv.DictReader(path.open(newline="")))
    games = sorted({int(r["game"]) for r in rows})
    return {seat: [sum(int(r[seat]) for r in rows if int(r["game"]) == g) for g in games] for seat in seats}


# ---------------------------------------------------------------- the seats and their intervals


def test_each_seat_mean_has_its_interval_computed_from_the_games(tmp_path):
    deals = tmp_path / "deals.csv"
    _, out, _ = cli("simulate", BARBU, "--games", 4, "--seed", 7, "--csv", deals)
    header, *rows = table(out, "seat")
    assert header == ["seat", "mean", "95% interval", "stdev", "min", "max", "wins"]
    totals = per_game_totals(deals, "ABCD")
    assert [r[0] for r in rows] == list("ABCD")
    for seat, mean, interval, stdev, low, high, wins in rows:
        xs = totals[seat]  # by hand: the mean, the sample spread, and t for 3 degrees of freedom
        m = sum(xs) / 4
        sd = math.sqrt(sum((x - m) ** 2 for x in xs) / 3)
        half = 3.182 * sd / math.sqrt(4)
        assert (mean, stdev, low, high) == (f"{m:.2f}", f"{sd:.2f}", str(min(xs)), str(max(xs)))
        assert interval == f"[{m - half:.2f}, {m + half:.2f}]"
    assert after(out, [header, *rows]) == ("mean: game total per game; 95% interval of the mean: mean ± t × stdev / √n, n = 4 games, "
                    "t = 3.182 (Student's t, 3 degrees of freedom)")


def test_the_interval_is_the_one_the_json_gives():
    _, out, _ = cli("simulate", HEARTS, "--games", 12, "--seed", 3, "--json")
    doc = json.loads(out)
    _, out, _ = cli("simulate", HEARTS, "--games", 12, "--seed", 3)
    shown = {r[0]: r[2] for r in table(out, "seat")[1:]}
    assert shown == {seat: f"[{s['ci95'][0]:.2f}, {s['ci95'][1]:.2f}]" for seat, s in doc["per_seat"].items()}
    assert "n = 12 games, t = 2.201 (Student's t, 11 degrees of freedom)" in out


def test_one_game_has_no_interval():
    _, out, _ = cli("simulate", BARBU, "--games", 1)
    assert all(r[2] == "-" for r in table(out, "seat")[1:])
    assert "mean: game total per game; 95% interval of the mean: none from one game" in out.splitlines()


def test_teams_follow_the_seats_with_their_intervals():
    _, out, _ = cli("simulate", PARTNERSHIP, "--games", 3, "--seed", 2, "--json")
    doc = json.loads(out)
    _, out, _ = cli("simulate", PARTNERSHIP, "--games", 3, "--seed", 2)
    rows = table(out, "seat")[1:]
    assert [r[0] for r in rows] == ["N", "E", "S", "W", "team N+S", "team E+W"]
    team = doc["per_team"]["N+S"]
    assert rows[4][1:3] == [f"{team['mean']:.2f}", f"[{team['ci95'][0]:.2f}, {team['ci95'][1]:.2f}]"]
    assert rows[4][-1] == str(team["wins"])


# ---------------------------------------------------------------- the contracts: the columns the game has


def test_a_game_without_a_declarer_has_no_declarer_column(tmp_path):
    deals = tmp_path / "deals.csv"
    _, out, _ = cli("simulate", HEARTS, "--games", 5, "--seed", 1, "--csv", deals)
    assert "declarer" not in out and "others" not in out and "raw" not in out
    header, *rows = table(out, "contract")
    assert header == ["contract", "deals", "seat"]
    scores = [sum(int(r[s]) for s in "NESW") / 4 for r in csv.DictReader(deals.open(newline=""))]
    assert rows == [["Hearts", str(len(scores)), f"{sum(scores) / len(scores):.2f}"]]
    assert after(out, [header, *rows]) == "mean deal score of each seat"


def test_a_game_with_a_declarer_and_doubles_has_declarer_others_and_raw_columns():
    game = load_game(BARBU)
    s = study.Study(game)
    bots = [("random", p) for p in range(4)]
    agents = lambda seed: study.game_agents(bots, seed)
    for seed, state, stopped in study.play_games(game, agents, range(1, 3), 1000):
        s.add(seed, state, stopped)
    _, out, _ = cli("simulate", BARBU, "--games", 2, "--seed", 1)
    header, *rows = table(out, "contract")
    assert header == ["contract", "deals", "declarer", "raw", "others", "raw"]
    means = s.contract_means()
    assert rows == [[c["name"], str(c["deals"]), *(f"{c[k]:.2f}" for k in
                                                   ("declarer", "declarer_raw", "others", "others_raw"))]
                    for c in means.values()]
    assert any(c["declarer"] != c["declarer_raw"] for c in means.values())  # the doubles moved scores
    assert after(out, [header, *rows]) == ("mean deal score of the declarer and of each other seat; raw: the same "
                                           "before doubles are settled, as the contract's `score` gives it")


def test_a_game_with_a_declarer_and_no_doubles_has_no_raw_column():
    _, out, _ = cli("simulate", PARLETT, "--games", 2)
    rows = table(out, "contract")
    assert rows[0] == ["contract", "deals", "declarer", "others"]
    assert "raw" not in out
    assert after(out, rows) == "mean deal score of the declarer and of each other seat"


def test_the_raw_means_of_a_study_by_hand():
    game = load_game(BARBU)
    s = study.Study(game)
    # two No Tricks deals, by A then B; the doubles moved A's -2 (raw) to -6 and B's -4 to 2
    deals = [("no_tricks", 0, [-6, 2, -4, -5], False, {}, [-2, -2, -4, -5]),
             ("no_tricks", 1, [-5, 2, -6, -4], False, {}, [-3, -4, -4, -2])]
    s.add_summary(study.GameSummary(1, False, [0, 0, 0, 0], {}, deals, None))
    assert s.contract_means() == {"no_tricks": {
        "name": "No Tricks", "deals": 2, "declarer": -2, "declarer_raw": -3,
        "others": pytest.approx(((2 - 4 - 5) / 3 + (-5 - 6 - 4) / 3) / 2),
        "others_raw": pytest.approx(((-2 - 4 - 5) / 3 + (-3 - 4 - 2) / 3) / 2),
        "seat": pytest.approx((-13 / 4 - 13 / 4) / 2), "seat_raw": pytest.approx((-13 / 4 - 13 / 4) / 2)}}
    # and the JSON's figures are as before: no raw, no seat mean
    assert set(s.summary()["per_contract"]["no_tricks"]) == {"name", "deals", "declarer_mean", "others_mean"}


@pytest.mark.parametrize("name, has", [
    ("hearts/hearts", False), ("napoleon/napoleon", False), ("euchre/euchre", False), ("spades/spades", False),
    ("barbu/barbu", True), ("bridge/bridge", True), ("piquet/rubicon", True), ("skat/skat", True),
])
def test_which_games_have_a_declarer(name, has):
    assert study.has_declarer(load_game(catalog.games()[name])) is has


def test_a_game_whose_spec_is_not_at_hand_is_taken_to_have_a_declarer():
    class Bare:
        places = None
    assert study.has_declarer(Bare()) is True


def test_a_rule_that_reads_the_declarer_gives_the_game_one(tmp_path):
    spec = tmp_path / "house.yaml"
    spec.write_text(f"extends: {HEARTS}\n+description: nobody is the declarer here (words for people)\n")
    assert study.has_declarer(load_game(spec)) is False
    spec.write_text(f"extends: {HEARTS}\ncontracts:\n  hearts:\n    score: if shooter == none then penalty(player) + "
                    "(if player == declarer then 0 else 0) else moon_score(player)\n")
    assert study.has_declarer(load_game(spec)) is True
    spec.write_text(f"extends: {HEARTS}\n+declarer: left(dealer)\n")
    assert study.has_declarer(load_game(spec)) is True


# ---------------------------------------------------------------- drawn by rich


def test_off_a_terminal_the_report_is_plain_text():
    _, out, _ = cli("simulate", BARBU, "--games", 2)
    assert "\x1b[" not in out
    assert all(line == line.rstrip() for line in out.splitlines())
    assert not re.search("[─━│┃]", out)  # no lines drawn


def test_on_a_terminal_the_tables_have_a_bold_header_and_a_rule():
    _, out, _ = cli("simulate", BARBU, "--games", 2, "--seed", 4, out=Terminal())
    assert "\x1b[1m" in out and "─" in out
    plain = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", out)
    _, text, _ = cli("simulate", BARBU, "--games", 2, "--seed", 4)
    figures = [re.findall(NUMBER, line) for line in text.splitlines() if line[:1] in "ABCD"][:4]
    assert figures == [re.findall(NUMBER, line) for line in plain.splitlines() if line.strip()[:1] in "ABCD"][:4]


def test_the_comparison_is_a_table_with_its_note():
    _, out, _ = cli("simulate", BARBU, "--against", PARLETT, "--games", 3)
    header, *rows = table(out, "seat")
    assert header == ["seat", "spec", "against", "diff", "95% interval of diff"]
    assert [r[0] for r in rows] == list("ABCD")
    assert all(re.fullmatch(rf"\[{NUMBER}, {NUMBER}\]", r[4]) for r in rows)
    assert out.splitlines()[2 + 1 + len(rows)] == (
        "mean game total per game; diff = against - spec, paired by seed; 95% interval of the mean difference: "
        "mean ± t × stdev / √n over the games (Student's t)")

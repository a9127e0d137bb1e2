"""Machine-readable output and studies: `simulate --json/--csv/--plot/--against/--jobs`,
`validate --json`, batch `replay`, the progress display, and the statistics of
`interpreter/study/stats.py`.

The JSON and CSV are parsed, never matched as text; figures are checked against each other
(the CSV's per-game sums against the JSON's means, a spec compared with itself differs by
exactly 0) and against values computed by hand for the statistics.
"""

from __future__ import annotations

import csv
import io
import json
import math
import re
import shutil
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

from interpreter.cli import run
from interpreter.commands import progress, simulate
from interpreter.compile.game import load_game
from interpreter.players.agents import make_agent
from interpreter.study import stats as study

ROOT = Path(__file__).resolve().parents[2]
BARBU = ROOT / "specs" / "barbu" / "barbu.yaml"
PARLETT = ROOT / "specs" / "barbu" / "parlett.yaml"
RAVAGE = ROOT / "specs" / "barbu" / "ravage-city.yaml"
RUBICON = ROOT / "specs" / "piquet" / "rubicon.yaml"
PARTNERSHIP = ROOT / "specs" / "back-alley" / "partnership.yaml"
KLABERJASS = ROOT / "specs" / "klaberjass" / "klaberjass.yaml"
RECORDS = Path(__file__).resolve().parents[1] / "records"
BAD_SPEC = Path(__file__).resolve().parents[1] / "bad_specs" / "sem_contract_key_suggestion.yaml"
SEATS = ["A", "B", "C", "D"]


def cli(*argv, err=None):
    """Run the command in-process: (exit code, stdout, stderr); never a traceback."""
    out, err = io.StringIO(), err or io.StringIO()
    code = run([str(a) for a in argv], out, err)
    assert "Traceback" not in out.getvalue() + err.getvalue()
    return code, out.getvalue(), err.getvalue()


def simulate_json(*argv):
    code, out, err = cli("simulate", *argv, "--json")
    assert code == 0, err
    return json.loads(out)  # the whole of stdout is one document


def half_width(ci):
    return (ci[1] - ci[0]) / 2


# ---------------------------------------------------------------- the statistics


@pytest.mark.parametrize("df, want", [(1, 12.706), (2, 4.303), (10, 2.228), (30, 2.042), (31, 2.040),
                                      (60, 2.000), (120, 1.980), (1000, 1.962), (10 ** 6, 1.960)])
def test_t_quantile(df, want):
    assert study.t975(df) == pytest.approx(want, abs=0.0015)


def test_t_quantile_decreases_towards_the_normal_one():
    qs = [study.t975(df) for df in range(1, 400)]
    assert all(a > b for a, b in zip(qs, qs[1:]))
    assert qs[-1] > 1.959964


def test_t_quantile_needs_a_degree_of_freedom():
    with pytest.raises(ValueError, match="at least one degree of freedom"):
        study.t975(0)


def test_mean_stdev_interval_by_hand():
    xs = [1, 2, 3, 4, 5]
    assert study.mean(xs) == 3
    assert study.stdev(xs) == pytest.approx(math.sqrt(2.5))
    low, high = study.interval(xs)
    assert (low + high) / 2 == pytest.approx(3)
    assert (high - low) / 2 == pytest.approx(2.776 * math.sqrt(2.5) / math.sqrt(5))


def test_one_value_has_no_spread_and_no_interval():
    assert study.stdev([7]) == 0.0
    assert study.interval([7]) is None
    assert study.describe([7], 1) == {"mean": 7, "stdev": 0.0, "ci95": None, "min": 7, "max": 7, "wins": 1}


def test_paired_difference_by_hand():
    p = study.paired([1, 2, 3], [2, 4, 6])  # differences 1, 2, 3
    assert (p["mean_a"], p["mean_b"], p["difference"]) == (2, 4, 2)
    assert half_width(p["ci95"]) == pytest.approx(4.303 * 1 / math.sqrt(3))


def test_pairing_removes_the_luck_both_sides_share():
    luck = [500, -300, 20, 800, -650, 90]
    p = study.paired(luck, [x + 10 for x in luck])
    assert p["difference"] == 10 and p["ci95"] == [10, 10]  # unpaired, the interval would span hundreds


def test_paired_samples_must_match():
    with pytest.raises(ValueError, match="same length"):
        study.paired([1, 2], [1])


def test_winners_counts_every_tie():
    assert study.winners([3, 5, 5, 1], highest=True) == [1, 2]
    assert study.winners([3, 5, 5, 1], highest=False) == [3]


def test_the_t_quantile_beyond_the_table_is_exact_to_eleven_decimals():
    # Student's t, 0.975 quantile, 1000 degrees of freedom (exact value 1.9623390808264083):
    # the expansion is within 2e-12 of it; a coefficient off by one moves it by more than 8e-12
    assert study.t975(1000) == pytest.approx(1.9623390808264083, abs=4e-12)


def partnership_summary(seed, returns, deals, stopped=False):
    return study.GameSummary(seed, stopped, returns, {}, [("deal", declarer, scores, False, {}, scores)
                                                          for declarer, scores in deals], None)


def test_a_study_of_two_games_given_by_hand():
    game = load_game(PARTNERSHIP)
    s = study.Study(game)
    s.add_summary(partnership_summary(5, [10, -10, 10, -10], [(0, [6, -6, 6, -6]), (1, [4, 0, 4, 2])]))
    s.add_summary(partnership_summary(6, [-2, 2, -2, 2], [(2, [1, 2, 3, 6])], stopped=True))
    doc = s.summary()
    assert (doc["games"], doc["deals"], doc["seeds"]) == (2, 3, {"first": 5, "last": 6})
    assert doc["unfinished"] == {"count": 1, "seeds": [6]}
    north = doc["per_seat"]["N"]
    assert (north["mean"], north["min"], north["max"], north["wins"]) == (4, -2, 10, 1)
    assert north["stdev"] == pytest.approx(math.sqrt(72))
    assert [doc["per_seat"][seat]["wins"] for seat in "NESW"] == [1, 1, 1, 1]  # each game a tie of partners
    assert {name: (t["mean"], t["wins"]) for name, t in doc["per_team"].items()} == {"N+S": (4, 1), "E+W": (-4, 1)}
    # declarers: N 6, E 0, S 3; the others' means: (-6+6-6)/3, (4+4+2)/3, (1+2+6)/3
    assert doc["per_contract"]["deal"]["deals"] == 3
    assert doc["per_contract"]["deal"]["declarer_mean"] == pytest.approx(3)
    assert doc["per_contract"]["deal"]["others_mean"] == pytest.approx((-2 + 10 / 3 + 3) / 3)


def test_deal_statistics_count_among_the_deals_played_not_the_void_ones():
    game = load_game(KLABERJASS)
    s = study.Study(game)
    deals = [("deal", 0, [10, 0], False, {"maker bete": True, "maker equal": False}, [10, 0]),
             ("deal", 1, [0, 10], False, {"maker bete": False, "maker equal": None}, [0, 10]),
             (None, 0, [0, 0], True, {"maker bete": True, "maker equal": True}, [0, 0])]  # void: not counted
    s.add_summary(study.GameSummary(1, False, [10, 10], {}, deals, None))
    doc = s.summary()
    assert doc["deal_statistics"] == {
        "maker bete": {"count": 1, "deals": 2, "among": "deals played"},
        "maker equal": {"count": 0, "deals": 1, "among": "deals played"}}
    assert doc["deals"] == 3 and doc["per_seat"]["A"]["wins"] == doc["per_seat"]["B"]["wins"] == 1


def first_deals(spec, seeds):
    """The hands, dealer and declarer of the first deal of each seeded game, played by random bots."""
    game = load_game(spec)
    agents = [make_agent("random", seed=p) for p in range(game.n)]
    return [(s.deals[0].hands, s.deals[0].dealer) for _, s, _ in study.play_games(game, agents, seeds, 1000)]


@pytest.mark.parametrize("other", [RAVAGE, PARLETT])
def test_same_seed_deals_the_same_first_hands_in_two_specs(other):
    a, b = first_deals(BARBU, range(1, 6)), first_deals(other, range(1, 6))
    assert a == b
    assert len({str(hands) for hands, _ in a}) == 5  # and the seeds do deal differently


# ---------------------------------------------------------------- simulate --json


def test_json_is_the_report_as_data():
    doc = simulate_json(BARBU, "--games", 3, "--seed", 1)
    assert doc["format"] == "cardspec-simulation/1"
    assert (doc["spec"], doc["title"]) == (str(BARBU), "Barbu (Blue Club rules)")
    assert doc["options"]["early_stop"] == "false"
    assert doc["seats"] == {s: "random" for s in SEATS}
    assert (doc["games"], doc["deals"], doc["seeds"]) == (3, 84, {"first": 1, "last": 3})
    assert doc["seconds"] > 0 and doc["deals_per_second"] > 0
    assert list(doc["per_seat"]) == SEATS
    assert sum(s["mean"] for s in doc["per_seat"].values()) == pytest.approx(0)  # Barbu sums to 0
    assert sum(s["wins"] for s in doc["per_seat"].values()) >= 3
    for s in doc["per_seat"].values():
        assert s["min"] <= s["mean"] <= s["max"]
        assert half_width(s["ci95"]) == pytest.approx(study.t975(2) * s["stdev"] / math.sqrt(3))
        assert sum(s["ci95"]) / 2 == pytest.approx(s["mean"])
    assert [c["deals"] for c in doc["per_contract"].values()] == [12] * 7
    assert doc["per_contract"]["no_tricks"]["name"] == "No Tricks"
    assert doc["per_contract"]["no_tricks"]["declarer_mean"] <= 0  # taking tricks only costs
    assert doc["per_team"] == {} and doc["statistics"] == {} and doc["deal_statistics"] == {}
    assert doc["unfinished"] == {"count": 0, "seeds": []}
    # the text report shows the same figures
    code, out, _ = cli("simulate", BARBU, "--games", 3, "--seed", 1)
    for seat, s in doc["per_seat"].items():
        low, high = s["ci95"]
        assert re.search(rf"^{seat} +{s['mean']:.2f} +\[{low:.2f}, {high:.2f}\] +{s['stdev']:.2f} +{s['min']} "
                         rf"+{s['max']} +{s['wins']}$", out, re.M)


def test_json_teams_statistics_and_unfinished_games():
    doc = simulate_json(PARTNERSHIP, "--games", 2, "--seed", 3)
    assert list(doc["per_team"]) == ["N+S", "E+W"]
    assert doc["per_team"]["N+S"]["mean"] == doc["per_seat"]["N"]["mean"]  # partners score alike
    assert doc["per_team"]["N+S"]["wins"] + doc["per_team"]["E+W"]["wins"] >= 2
    doc = simulate_json(RUBICON, "--games", 4, "--seed", 1)
    assert doc["measure"] == "game result"
    assert doc["statistics"]["rubicon"]["games"] == 4 and 0 <= doc["statistics"]["rubicon"]["count"] <= 4
    doc = simulate_json(KLABERJASS, "--games", 2, "--max-deals", 2)
    assert doc["unfinished"] == {"count": 2, "seeds": [1, 2]}
    assert doc["deals"] == 4
    for name, s in doc["deal_statistics"].items():
        assert s["among"] in ("deals played", "such deals") and 0 <= s["count"] <= s["deals"] <= 4


def test_the_json_names_the_default_limit_of_deals():
    code, out, _ = cli("simulate", BARBU, "--games", 1, "--json")
    assert code == 0 and json.loads(out)["max_deals"] == 1000


# ---------------------------------------------------------------- simulate --csv


def test_csv_has_a_row_per_deal_that_adds_up_to_the_json(tmp_path):
    path = tmp_path / "deals.csv"
    doc = simulate_json(BARBU, "--games", 3, "--seed", 5, "--csv", path)
    rows = list(csv.DictReader(path.open(newline="")))
    assert list(rows[0]) == ["seed", "game", "deal", "dealer", "declarer", "contract", *SEATS]
    assert len(rows) == doc["deals"] == 84
    assert [(r["seed"], r["game"], r["deal"]) for r in rows[:2]] == [("5", "1", "1"), ("5", "1", "2")]
    assert {r["seed"] for r in rows} == {"5", "6", "7"}
    game = load_game(BARBU)
    assert {r["contract"] for r in rows} == set(game.contracts)
    for r in rows:
        assert r["dealer"] in SEATS and r["declarer"] == r["dealer"]  # Blue Club: the dealer declares
    for seat in SEATS:
        per_game = [sum(int(r[seat]) for r in rows if r["game"] == str(k)) for k in (1, 2, 3)]
        assert study.mean(per_game) == pytest.approx(doc["per_seat"][seat]["mean"])
        assert min(per_game) == doc["per_seat"][seat]["min"]


def test_csv_of_a_comparison_says_which_spec(tmp_path):
    path = tmp_path / "deals.csv"
    code, out, err = cli("simulate", BARBU, "--against", RAVAGE, "--games", 2, "--csv", path)
    assert code == 0, err
    rows = list(csv.DictReader(path.open(newline="")))
    assert list(rows[0])[:2] == ["spec", "seed"]
    assert [sum(r["spec"] == side for r in rows) for side in "ab"] == [56, 64]
    assert "ravage_city" in {r["contract"] for r in rows if r["spec"] == "b"}


@pytest.mark.parametrize("flag, name, message", [
    ("--csv", "", "cannot write {tmp}: it is a folder"),
    ("--csv", "none/x.csv", "cannot write {tmp}/none/x.csv: no folder {tmp}/none"),
    ("--plot", "x.svg", "--plot writes a PNG picture: give a file name ending in .png, not `{tmp}/x.svg`"),
])
def test_unwritable_output_is_refused_before_playing(tmp_path, flag, name, message):
    target = f"{tmp_path}/{name}" if name else str(tmp_path)
    code, out, err = cli("simulate", BARBU, "--games", 1, flag, target)
    assert code == 2 and out == ""
    prefix = "" if flag == "--plot" else f"{flag}: "
    assert err.splitlines()[0] == f"cardspec simulate: {prefix}{message.format(tmp=tmp_path)}"


# ---------------------------------------------------------------- simulate --against


def test_a_spec_against_itself_differs_by_exactly_nothing():
    code, out, err = cli("simulate", BARBU, "--against", BARBU, "--games", 6, "--json")
    assert code == 0, err
    doc = json.loads(out)
    assert doc["format"] == "cardspec-comparison/1"
    for seat in SEATS:
        assert doc["paired"][seat]["difference"] == 0 and doc["paired"][seat]["ci95"] == [0, 0]
        assert doc["paired"][seat]["mean_a"] == doc["a"]["per_seat"][seat]["mean"]
    # an option changes the game, and the pairing then measures it
    code, out, err = cli("simulate", BARBU, "--against", BARBU, "--against-option", "early_stop=true",
                         "--games", 6, "--json")
    doc = json.loads(out)
    assert doc["b"]["options"]["early_stop"] == "true" and doc["a"]["options"]["early_stop"] == "false"
    assert any(doc["paired"][s]["difference"] != 0 for s in SEATS)


def test_each_side_plays_as_simulate_alone_would():
    code, out, err = cli("simulate", BARBU, "--against", PARLETT, "--games", 4, "--seed", 9, "--json")
    doc = json.loads(out)
    alone = [simulate_json(spec, "--games", 4, "--seed", 9) for spec in (BARBU, PARLETT)]
    for side, solo in zip("ab", alone):
        assert doc[side]["per_seat"] == solo["per_seat"]
        assert doc[side]["per_contract"] == solo["per_contract"]
    for seat in SEATS:
        p = doc["paired"][seat]
        assert p["difference"] == pytest.approx(alone[1]["per_seat"][seat]["mean"] - alone[0]["per_seat"][seat]["mean"])


def test_the_interval_of_the_difference_shrinks_with_more_games():
    docs = [json.loads(cli("simulate", BARBU, "--against", PARLETT, "--games", n, "--json")[1]) for n in (20, 80)]
    for seat in SEATS:
        few, many = (half_width(d["paired"][seat]["ci95"]) for d in docs)
        assert many < few


def test_comparison_report_in_text():
    code, out, err = cli("simulate", BARBU, "--against", PARLETT, "--games", 3)
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0] == f"Barbu (Blue Club rules) ({BARBU})  against  Barbu (Parlett's rules) ({PARLETT})"
    assert lines[1] == "3 paired games, seeds 1..3, seats random,random,random,random; 84 and 84 deals"
    rows = re.findall(r"^([A-D]) +(-?\d+\.\d\d) +(-?\d+\.\d\d) +(-?\d+\.\d\d) +\[(-?\d+\.\d\d), (-?\d+\.\d\d)\]$",
                      out, re.M)
    assert [r[0] for r in rows] == SEATS
    for _, a, b, diff, low, high in rows:
        assert float(diff) == pytest.approx(float(b) - float(a), abs=0.011)
        assert float(low) <= float(diff) <= float(high)


def test_the_text_comparison_prints_the_interval_of_the_json():
    code, out, _ = cli("simulate", BARBU, "--against", PARLETT, "--games", 3, "--json")
    paired = json.loads(out)["paired"]
    code, out, _ = cli("simulate", BARBU, "--against", PARLETT, "--games", 3)
    rows = re.findall(r"^([A-D]) .*\[(-?\d+\.\d\d), (-?\d+\.\d\d)\]$", out, re.M)
    assert rows == [(seat, f"{p['ci95'][0]:.2f}", f"{p['ci95'][1]:.2f}") for seat, p in paired.items()]
    assert all(low != high for _, low, high in rows)


@pytest.mark.parametrize("argv, message", [
    (["--against", RUBICON], f"cannot compare {BARBU} (seats A, B, C, D) with {RUBICON} (seats A, B): "
                             "the seats must be the same"),
    (["--against-option", "early_stop=true"], "--against-option needs --against"),
])
def test_comparison_usage_errors(argv, message):
    code, out, err = cli("simulate", BARBU, "--games", 1, *argv)
    assert (code, out) == (2, "")
    assert err.splitlines()[0] == f"cardspec simulate: {message}"


def test_a_broken_game_on_either_side_is_named(tmp_path):
    broken = tmp_path / "broken.yaml"
    broken.write_text(f"extends: {BARBU}\ntitle: Barbu with a wrong total\ncontracts:\n  no_tricks:\n    total: -12\n")
    code, out, err = cli("simulate", BARBU, "--against", broken, "--games", 2)
    assert (code, out) == (3, "")
    assert err.splitlines()[0] == (f"{broken}:5:5: the raw scores of No Tricks -2 0 -6 -18 sum to -26, but the "
                                   "contract declares a total of -12 (deal 2, as it is scored; seed 1)")


# ---------------------------------------------------------------- simulate --plot


def test_plot_draws_a_png(tmp_path):
    pytest.importorskip("matplotlib")
    path = tmp_path / "barbu.png"
    code, out, err = cli("simulate", BARBU, "--games", 4, "--plot", path)
    assert code == 0, err
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 10_000
    assert out.startswith("Barbu (Blue Club rules): 4 games")  # the report is still printed


def test_plot_without_matplotlib_is_a_usage_error(tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # `import matplotlib` now fails
    code, out, err = cli("simulate", BARBU, "--games", 1, "--plot", tmp_path / "x.png")
    assert (code, out) == (2, "")
    assert err.splitlines()[0] == ("cardspec simulate: --plot needs matplotlib, which is not installed: "
                                   "pip install 'cardspec[plot]' (or pip install matplotlib)")
    assert not (tmp_path / "x.png").exists()


# ---------------------------------------------------------------- progress


class Terminal(io.StringIO):
    def isatty(self):
        return True


def test_no_progress_off_a_terminal(monkeypatch):
    monkeypatch.undo()  # the real interval: a run this short shows nothing
    code, out, err = cli("simulate", BARBU, "--games", 2)
    assert code == 0 and err == ""


def test_progress_lines_off_a_terminal_for_a_long_run(monkeypatch):
    monkeypatch.setattr(progress, "EVERY", -1)  # every game counts as long
    code, out, err = cli("simulate", BARBU, "--games", 2)
    assert [re.sub(r"\d+ deals/s", "N deals/s", ln) for ln in err.splitlines()] == [
        "  1/2 games, N deals/s", "  2/2 games, N deals/s"]


def test_progress_bar_on_a_terminal(monkeypatch):
    monkeypatch.setattr(progress, "EVERY", -1)  # the lines would show, but the bar replaces them
    err = Terminal()
    code, out, _ = cli("simulate", BARBU, "--games", 3, err=err)
    assert code == 0
    shown = err.getvalue()
    assert "3/3" in shown and "games" in shown and "\x1b[" in shown  # drawn by rich
    assert "3/3 games," not in shown
    assert "\x1b[" not in out and out.startswith("Barbu (Blue Club rules): 3 games")


def test_the_progress_display_is_told_each_spec_and_every_deal(monkeypatch):
    told = []

    class Watched(simulate.Progress):
        def describe(self, text):
            told.append(text)

        def advance(self, counted=0):
            told.append(counted)
    monkeypatch.setattr(simulate, "Progress", Watched)
    code, _, err = cli("simulate", BARBU, "--against", PARLETT, "--games", 2)
    assert code == 0, err
    assert told == ["barbu", 28, 28, "parlett", 28, 28]  # a Barbu game is 28 deals


# ---------------------------------------------------------------- validate --json


def test_validate_json_lists_errors_with_their_place():
    code, out, err = cli("validate", BARBU, BAD_SPEC, "--json")
    assert (code, err) == (3, "")
    doc = json.loads(out)
    assert doc["format"] == "cardspec-validation/1"
    assert doc["specs"] == [
        {"file": str(BARBU), "ok": True, "title": "Barbu (Blue Club rules)", "players": 4, "cards": 52,
         "contracts": 7, "options": {}},
        {"file": str(BAD_SPEC), "ok": False, "errors": 1}]
    # the bad spec's header says what it expects: `# expect: 46:27: unknown name ...` and its hint
    assert doc["errors"] == [{"file": str(BAD_SPEC), "line": 46, "column": 27, "message": "unknown name `no_queen`",
                              "hint": "did you mean `no_queens`?", "path": doc["errors"][0]["path"]}]
    assert doc["errors"][0]["path"].startswith("contracts.")


def test_validate_json_of_good_specs_exits_0():
    code, out, err = cli("validate", PARLETT, "--json", "--option", "early_stop=true")
    assert (code, err) == (0, "")
    assert json.loads(out) == {"format": "cardspec-validation/1", "errors": [], "specs": [
        {"file": str(PARLETT), "ok": True, "title": "Barbu (Parlett's rules)", "players": 4, "cards": 52,
         "contracts": 7, "options": {"early_stop": "true"}}]}


# ---------------------------------------------------------------- batch replay


def copied(tmp_path, name, old=None, new=None):
    """A rulebook example record copied into tmp_path (its spec path made absolute), `old` replaced by `new`."""
    text = (RECORDS / name).read_text().replace("spec: ../../specs/barbu/barbu.yaml", f"spec: {BARBU}")
    if old is not None:
        assert text.count(old) == 1
        text = text.replace(old, new)
    path = tmp_path / name
    path.write_text(text)
    return path, text


def test_batch_replay_summarises_and_names_each_failure(tmp_path):
    copied(tmp_path, "barbu_example1.yaml")
    copied(tmp_path, "barbu_example2.yaml")
    bad, text = copied(tmp_path, "barbu_example3.yaml", "C: 150, D: -75}", "C: 151, D: -75}")
    (tmp_path / "sub").mkdir()
    shutil.copy(RECORDS / "bad_not_yaml.yaml", tmp_path / "sub" / "broken.yaml")
    (tmp_path / "notes.txt").write_text("not a record")
    code, out, err = cli("replay", tmp_path)
    assert code == 3  # an invalid record outweighs a failed one
    assert out == "4 records: 2 ok, 1 failed, 1 invalid\n"
    lines = err.splitlines()
    assert len(lines) == 2
    line = next(i for i, ln in enumerate(text.splitlines(), 1) if "C: 151" in ln)
    column = text.splitlines()[line - 1].index("151") + 1
    assert lines[0].startswith(f"{bad}:{line}:{column}: ") and "C scores 151" in lines[0]
    assert "the rules give 150" in lines[0]
    assert lines[1].startswith(f"{tmp_path / 'sub' / 'broken.yaml'}:4:6: could not parse YAML")


def test_batch_replay_exit_codes(tmp_path):
    good = [copied(tmp_path, f"barbu_example{n}.yaml")[0] for n in (1, 2)]
    assert cli("replay", *good) == (0, "2 records: 2 ok, 0 failed, 0 invalid\n", "")
    bad, _ = copied(tmp_path, "barbu_example3.yaml", "C: 150, D: -75}", "C: 151, D: -75}")
    code, out, err = cli("replay", *good, bad)
    assert (code, out) == (1, "3 records: 2 ok, 1 failed, 0 invalid\n")


def test_a_single_record_keeps_its_full_output():
    code, out, err = cli("replay", RECORDS / "barbu_example1.yaml")
    assert code == 0
    assert out.splitlines()[-1] == "Totals: A -32  B -1  C -6  D 80" and "records:" not in out


def test_batch_replay_of_a_folder_without_records(tmp_path):
    code, out, err = cli("replay", tmp_path)
    assert (code, out) == (2, "")
    assert err.splitlines()[0] == f"cardspec replay: no records (.yaml, .yml or .json files) in {tmp_path}"


def test_a_batch_against_a_spec_with_two_errors_names_the_first_and_counts_the_rest():
    records = [RECORDS / "barbu_example1.yaml", RECORDS / "barbu_example2.yaml"]
    spec = ROOT / "tests" / "bad_specs" / "sem_two_errors.yaml"
    code, out, err = cli("replay", *records, "--spec", spec)
    assert (code, out) == (3, "2 records: 0 ok, 0 failed, 2 invalid\n")
    assert err.splitlines() == [f"{spec}:24:16: the deal gives 56 cards (4 x 14) but the pack has 52 (and 1 more)"] * 2


# ---------------------------------------------------------------- simulate --jobs

def test_several_processes_give_the_same_figures_as_one(tmp_path):
    def run(jobs):
        code, out, err = cli("simulate", RAVAGE, "--games", 9, "--seed", 4, "--jobs", jobs, "--json",
                             "--csv", tmp_path / f"deals{jobs}.csv")
        assert (code, err) == (0, "")
        doc = json.loads(out)
        doc.pop("seconds"), doc.pop("deals_per_second")
        return doc, (tmp_path / f"deals{jobs}.csv").read_text()

    assert run(2) == run(1)


def test_one_worker_takes_the_games_one_by_one_and_several_take_pieces():
    assert simulate._chunks(range(5, 9), SimpleNamespace(workers=1)) == \
        [(1, range(5, 6)), (2, range(6, 7)), (3, range(7, 8)), (4, range(8, 9))]
    assert simulate._chunks(range(1, 101), SimpleNamespace(workers=2)) == \
        [(k + 1, range(k + 1, k + 7)) for k in range(0, 96, 6)] + [(97, range(97, 101))]
    assert simulate._chunks(range(1, 4), SimpleNamespace(workers=2)) == \
        [(1, range(1, 2)), (2, range(2, 3)), (3, range(3, 4))]  # too few games to share: one a piece
    assert len(simulate._chunks(range(1, 101), SimpleNamespace(workers=1))) == 100


def test_a_broken_game_is_named_alike_on_several_processes(tmp_path):
    broken = tmp_path / "broken.yaml"
    broken.write_text(f"extends: {BARBU}\ntitle: Barbu with a wrong total\ncontracts:\n  no_tricks:\n    total: -12\n")
    one, two = (cli("simulate", broken, "--games", 6, "--jobs", jobs) for jobs in (1, 2))
    assert one == two and one[0] == 3 and one[2].startswith(f"{broken}:5:5: the raw scores of No Tricks ")


def test_a_fault_of_the_rules_in_a_worker_is_placed_in_the_spec(tmp_path):
    broken = tmp_path / "broken.yaml"
    broken.write_text(f"extends: {BARBU}\ntitle: Barbu that indexes out of range\ncontracts:\n  no_tricks:\n"
                      "    score: 'if tricks_won + 0.5 >= 1 and tricks_won + 0.5 <= 2 then [1, 2][tricks_won + 0.5] else 0'\n")
    one, two = (cli("simulate", broken, "--games", 4, "--jobs", jobs) for jobs in (1, 2))
    assert one == two and one[0] == 3
    assert one[2].startswith(f"{broken}:5:76: an index must be a whole number (deal ")


def test_by_default_a_large_run_uses_every_core_and_gives_the_same_figures(monkeypatch):
    from interpreter.study import runners
    used = []
    real = runners.runner

    def spy(backend="local", jobs=1, address=None):
        used.append(jobs)
        return real(backend, jobs, address)
    monkeypatch.setattr("interpreter.commands.simulate.runner", spy)

    def run(*argv):
        code, out, err = cli("simulate", PARLETT, "--games", 64, "--seed", 3, "--json", *argv)
        assert (code, err) == (0, "")
        doc = json.loads(out)
        doc.pop("seconds"), doc.pop("deals_per_second")
        return doc

    assert run() == run("--jobs", 1)
    assert used == [0, 1]  # 0: one process per core
    used.clear()
    cli("simulate", PARLETT, "--games", 63)
    assert used == [1]  # a small run stays in this process


def test_address_names_a_ray_cluster_and_needs_the_ray_backend(monkeypatch):
    code, out, err = cli("simulate", PARLETT, "--address", "10.0.0.1:6379")
    assert (code, out) == (2, "") and "--address names a Ray cluster: it needs --backend ray" in err
    ray = pytest.importorskip("ray")
    joined = {}

    def init(**kw):
        joined.update(kw)
        raise ConnectionError("no cluster here")
    monkeypatch.setattr(ray, "init", init)
    monkeypatch.setattr(ray, "is_initialized", lambda: False)
    monkeypatch.delenv("RAY_ADDRESS", raising=False)
    code, out, err = cli("simulate", PARLETT, "--games", 2, "--backend", "ray", "--address", "10.0.0.1:6379")
    assert joined["address"] == "10.0.0.1:6379"
    assert (code, out) == (2, "") and "cannot start or join the Ray cluster at 10.0.0.1:6379: no cluster here" in err


def test_jobs_must_not_be_negative():
    assert cli("simulate", BARBU, "--jobs", -1)[:2] == (2, "")


def test_the_ray_backend_gives_the_same_figures(tmp_path):
    pytest.importorskip("ray")

    def run(*argv):
        code, out, err = cli("simulate", PARLETT, "--games", 6, "--seed", 2, "--json", *argv)
        assert code == 0, err
        doc = json.loads(out)
        doc.pop("seconds"), doc.pop("deals_per_second")
        return doc

    assert run("--backend", "ray", "--jobs", 2) == run()


def test_the_ray_backend_without_ray_is_a_usage_error(monkeypatch):
    import sys

    monkeypatch.setitem(sys.modules, "ray", None)  # an import of it fails, as when not installed
    assert cli("simulate", BARBU, "--backend", "ray") == (
        2, "", "cardspec simulate: the ray backend needs Ray, which is not installed: pip install 'cardspec[ray]'\n")

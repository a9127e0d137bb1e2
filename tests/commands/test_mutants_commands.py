"""Command behaviour that mutation testing found unchecked in `replay` and `play`: a batch
replayed against a spec with errors, a game that breaks its declared total, a record saved
into folders that do not exist yet, and whose view the log of a game follows."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
import yaml

from interpreter.cli import run
from interpreter.commands.play import watcher

ROOT = Path(__file__).resolve().parents[2]
BARBU = ROOT / "specs" / "barbu" / "barbu.yaml"
RECORDS = ROOT / "tests" / "records"
BOTS = "first,first,first,first"


def cli(*argv):
    out, err = io.StringIO(), io.StringIO()
    code = run([str(a) for a in argv], out, err)
    return code, out.getvalue(), err.getvalue()


def test_a_batch_against_a_spec_with_two_errors_names_the_first_and_counts_the_rest():
    records = [RECORDS / "barbu_example1.yaml", RECORDS / "barbu_example2.yaml"]
    spec = ROOT / "tests" / "bad_specs" / "sem_two_errors.yaml"
    code, out, err = cli("replay", *records, "--spec", spec)
    assert (code, out) == (3, "2 records: 0 ok, 0 failed, 2 invalid\n")
    assert err.splitlines() == [f"{spec}:24:16: the deal gives 56 cards (4 x 14) but the pack has 52 (and 1 more)"] * 2


def test_a_spec_given_on_the_command_line_is_blamed_for_its_own_errors_not_the_record():
    code, out, err = cli("replay", RECORDS / "barbu_example1.yaml", "--spec",
                         ROOT / "tests" / "bad_specs" / "sem_unknown_name.yaml")
    assert (code, out) == (3, "")
    assert "barbu_example1.yaml" not in err and "unknown name" in err.splitlines()[0]


def broken(tmp_path):
    spec = tmp_path / "broken.yaml"
    spec.write_text(f"extends: {BARBU}\ntitle: Barbu with a wrong total\ncontracts:\n  no_tricks:\n    total: -12\n")
    return spec


def test_a_game_that_breaks_its_declared_total_stops_with_exit_1_and_keeps_the_record(tmp_path):
    record = tmp_path / "sub" / "deeper" / "r.yaml"  # (its folders are made)
    code, out, err = cli("play", broken(tmp_path), "--seats", BOTS, "--seed", 1, "--record", record, "--quiet")
    assert code == 1
    assert err == ("cardspec play: deal 1 (No Tricks): the raw scores -2 -20 0 -4 sum to -26, but the contract "
                   "declares a total of -12\n")
    assert out.splitlines()[-1] == f"Record saved to {record}"
    assert yaml.safe_load(record.read_text())["interrupted"] is True


def test_the_log_follows_the_one_human_seat_or_what_is_public():
    assert watcher(["random", "human", "first"]) == 1
    assert watcher(["human", "random", "human"]) is None
    assert watcher(["random", "first"]) is None


def test_play_seeds_its_bots_as_simulate_does_so_a_seed_plays_the_same_game(tmp_path):
    from interpreter.compile.game import load_game
    from interpreter.study.stats import game_agents, play_games

    record = tmp_path / "r.yaml"
    code, out, err = cli("play", BARBU, "--seats", "random,random,random,random", "--seed", 5, "--deals", 1,
                         "--quiet", "--record", record)
    assert code == 0, err
    played = yaml.safe_load(record.read_text())["deals"][0]
    game = load_game(BARBU)
    _, state, _ = next(play_games(game, lambda seed: game_agents([("random", p) for p in range(4)], seed), [5], 1))
    assert played["scores"] == dict(zip("ABCD", state.deals[0].scores))
    shown = [f"{'ABCD'[p]} {a.name}" for p, a in state.deals[0].actions]
    assert [step for line in played["actions"] for step in line.split(", ")] == shown


@pytest.mark.parametrize("given", ["early_stop", "=true", "early_stop=", "early_stop= ", " =true"])
def test_an_option_without_a_name_or_a_value_is_refused(given):
    assert cli("simulate", BARBU, "--games", 1, "--option", given) == \
        (2, "", f"cardspec simulate: --option takes NAME=VALUE, not `{given}`\n")


def test_an_option_is_read_without_the_spaces_around_it():
    code, out, err = cli("simulate", BARBU, "--games", 1, "--json", "--option", " early_stop = true ")
    assert code == 0, err
    assert json.loads(out)["options"]["early_stop"] == "true"


def test_list_puts_every_title_in_one_column():
    from interpreter.load import catalog

    width = max(len(name) for name in catalog.games()) + 2
    code, out, _ = cli("list")
    assert code == 0
    assert f"* {'barbu/barbu':<{width}}Barbu (Blue Club rules)  (4 players, 4 options)" in out.split("\n")


def test_list_names_the_first_error_of_a_spec_it_cannot_read(tmp_path, monkeypatch):
    from interpreter.load import catalog

    bad = tmp_path / "bad.yaml"
    bad.write_text("extends: nowhere.yaml\n")
    monkeypatch.setattr(catalog, "games", lambda: {"mine/bad": bad})
    monkeypatch.setattr(catalog, "families", lambda: {})
    code, out, _ = cli("list")
    assert (code, out.split("\n")[0]) == (
        0, f"  mine/bad  (invalid: the base spec `nowhere.yaml` does not exist (looked for {tmp_path / 'nowhere.yaml'}))")

"""Tests of cardspec as an installed package: the catalog of shipped games, names in place of
spec paths, `cardspec list`, `--version`, `python -m interpreter`, and a built wheel that
carries the grammar, the schema and the specs and runs from a folder with no checkout.
"""

from __future__ import annotations

import io
import os
import subprocess
import sys
import zipfile
from importlib.metadata import version
from pathlib import Path

import pytest
import yaml

from interpreter.cli import run
from interpreter.expr import syntax
from interpreter.load import catalog
from interpreter.players.agents import AGENT_KINDS

ROOT = Path(__file__).resolve().parent.parent
SPECS = ROOT / "specs"
BOTS = "random,random,random,random"
SHIPPED = {p.relative_to(SPECS).with_suffix("").as_posix(): p for p in SPECS.rglob("*") if p.is_file()}
LIST_HINT = "(`cardspec list` shows the games)"


def cli(*argv):
    """(exit code, stdout, stderr) of the command run in-process; never a traceback."""
    out, err = io.StringIO(), io.StringIO()
    code = run([str(a) for a in argv], out, err)
    assert "Traceback" not in out.getvalue() + err.getvalue()
    return code, out.getvalue(), err.getvalue()


@pytest.fixture
def fresh_catalog():
    """Forget what the catalog and the parser cached, before and after the test."""
    for f in (catalog.games, catalog.families, syntax._parser):
        f.cache_clear()
    yield
    for f in (catalog.games, catalog.families, syntax._parser):
        f.cache_clear()


# ---------------------------------------------------------------- the catalog


def test_catalog_lists_every_file_under_specs_and_nothing_else():
    games = catalog.games()
    assert list(games) == sorted(SHIPPED)
    assert {n: p.resolve() for n, p in games.items()} == {n: p.resolve() for n, p in SHIPPED.items()}
    assert "barbu/parlett" in games and "piquet/rubicon" in games


def test_grammar_and_schema_are_found_in_the_checkout():
    assert catalog.grammar_file().resolve() == ROOT / "grammar" / "expr.lark"
    assert catalog.schema_file().resolve() == ROOT / "interpreter" / "load" / "schema.json"
    assert catalog.specs_folder().resolve() == SPECS


def test_a_family_names_its_base_game():
    assert catalog.families() == {"barbu": "barbu/barbu", "briscola-chiamata": "briscola-chiamata/five",
                                  "klaberjass": "klaberjass/klaberjass", "piquet": "piquet/rubicon",
                                  "spades": "spades/spades", "euchre": "euchre/euchre", "skat": "skat/skat",
                                  "hearts": "hearts/hearts", "oh-hell": "oh-hell/oh-hell", "bridge": "bridge/bridge",
                                  "pitch": "pitch/pitch", "napoleon": "napoleon/napoleon", "whist": "whist/whist",
                                  "tarot": "tarot/tarot", "doppelkopf": "doppelkopf/doppelkopf"}
    assert catalog.lookup("piquet") == SHIPPED["piquet/rubicon"]
    assert catalog.lookup("rubicon") == SHIPPED["piquet/rubicon"]  # a game's own name, when no other family has it
    assert catalog.lookup("barbu/ravage-city") == SHIPPED["barbu/ravage-city"]


def test_family_rules_on_a_made_up_catalog(tmp_path, monkeypatch, fresh_catalog):
    klaberjass = (SPECS / "klaberjass" / "klaberjass.yaml").read_text()
    for name in ("solo/only", "pair/one", "pair/two", "chain/root", "chain/child"):
        (tmp_path / name).parent.mkdir(exist_ok=True)
        text = "extends: root.yaml\ntitle: child\n" if name == "chain/child" else klaberjass
        (tmp_path / f"{name}.yaml").write_text(text)
    monkeypatch.setattr(catalog, "specs_folder", lambda: tmp_path)
    # a single spec; the only one that extends no other; two bases: no short name
    assert catalog.families() == {"solo": "solo/only", "chain": "chain/root"}
    with pytest.raises(catalog.UnknownGame) as e:
        catalog.lookup("pair")
    assert e.value.message == f"`pair` is a family of several games; name one: `pair/one` or `pair/two` {LIST_HINT}"


# ---------------------------------------------------------------- names on the command line


@pytest.mark.parametrize("arg, message", [
    ("barbx", f"`barbx` is neither a file nor a shipped game; did you mean `barbu`? {LIST_HINT}"),
    ("barbu/parlet", f"`barbu/parlet` is neither a file nor a shipped game; did you mean `barbu/parlett`? {LIST_HINT}"),
    ("rubicn", f"`rubicn` is neither a file nor a shipped game; did you mean `piquet/rubicon`? {LIST_HINT}"),
    ("zzzz", f"`zzzz` is neither a file nor a shipped game {LIST_HINT}"),
    ("back-alley", "`back-alley` is a family of several games; name one: `back-alley/original` or "
                   f"`back-alley/partnership` {LIST_HINT}"),
    ("", f"the spec is empty: give a spec file or a shipped game's name {LIST_HINT}"),
])
@pytest.mark.parametrize("command", ["validate", "play", "simulate", "show"])
def test_an_unknown_name_is_a_usage_error_naming_close_ones(command, arg, message, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    code, out, err = cli(command, arg)
    assert (code, out, err) == (2, "", f"cardspec {command}: {message}\n")


def test_diff_and_replay_spec_take_names_and_refuse_unknown_ones(tmp_path):
    code, out, err = cli("diff", "barbu", "barbu/parlett")
    assert code == 0 and out.splitlines()[0] == "Barbu (Blue Club rules)  ->  Barbu (Parlett's rules)"
    code, out, err = cli("diff", "barbu", "parlet")
    assert (code, err) == (2, f"cardspec diff: `parlet` is neither a file nor a shipped game; did you mean "
                              f"`barbu/parlett`? {LIST_HINT}\n")
    record = tmp_path / "r.yaml"  # its own spec path leads nowhere: --spec names the game instead
    record.write_text((ROOT / "tests" / "records" / "barbu_example2.yaml").read_text()
                      .replace("spec: ../../specs/barbu/barbu.yaml", "spec: nowhere.yaml"))
    code, out, err = cli("replay", record, "--spec", "barbu")
    assert code == 0 and "Totals: A 8  B -8  C -36  D 6" in out
    code, out, err = cli("replay", record, "--spec", "barbu/nope")
    assert code == 2 and err.startswith("cardspec replay: `barbu/nope` is neither a file nor a shipped game")


def test_validate_simulate_show_take_names():
    code, out, err = cli("validate", "barbu/parlett", "piquet", str(SHIPPED["klaberjass/klaberjass"]))
    assert code == 0, err
    assert out.splitlines() == [
        "barbu/parlett: ok (Barbu (Parlett's rules): 4 players, 52 cards, 7 contracts)",
        "piquet: ok (Rubicon Piquet: 2 players, 32 cards)",
        f"{SHIPPED['klaberjass/klaberjass']}: ok (Klaberjass: 2 players, 32 cards)"]
    code, out, err = cli("simulate", "piquet/au-cent", "--games", 1)
    assert code == 0 and out.startswith("Piquet au Cent: 1 games")
    code, out, err = cli("show", "barbu/ravage-city")
    assert code == 0 and "title: Barbu with Ravage City" in out


def test_an_existing_file_wins_over_a_name(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "barbu").write_text((SPECS / "klaberjass" / "klaberjass.yaml").read_text())
    code, out, err = cli("validate", "barbu")
    assert (code, out) == (0, "barbu: ok (Klaberjass: 2 players, 32 cards)\n")
    # a folder is no spec for play, so the name wins there; validate takes the folder's specs
    (tmp_path / "piquet").mkdir()
    (tmp_path / "piquet" / "mine.yaml").write_text((SPECS / "klaberjass" / "klaberjass.yaml").read_text())
    code, out, err = cli("simulate", "piquet", "--games", 1)
    assert code == 0 and out.startswith("Rubicon Piquet: 1 games")
    code, out, err = cli("validate", "piquet")
    assert (code, out) == (0, f"{Path('piquet', 'mine.yaml')}: ok (Klaberjass: 2 players, 32 cards)\n")


def test_a_file_suffix_makes_a_path_never_a_name(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    code, out, err = cli("play", "barbu.yaml", "--seats", BOTS)
    assert (code, err.splitlines()[0]) == (3, "barbu.yaml: file not found")


# ---------------------------------------------------------------- records of shipped games


def test_a_record_of_a_shipped_game_names_it_and_replays_from_anywhere(tmp_path, monkeypatch):
    played, elsewhere = tmp_path / "played", tmp_path / "elsewhere"
    played.mkdir()
    elsewhere.mkdir()
    monkeypatch.chdir(played)
    code, out, err = cli("play", "barbu", "--seats", BOTS, "--seed", 3, "--deals", 1, "--quiet", "--record", "a.yaml")
    assert code == 0, err
    # the same game given by its path is recorded by its name too
    code, out, err = cli("play", SHIPPED["barbu/barbu"], "--seats", BOTS, "--seed", 3, "--deals", 1, "--quiet",
                         "--record", "b.yaml")
    assert code == 0, err
    a, b = (yaml.safe_load((played / f).read_text()) for f in ("a.yaml", "b.yaml"))
    assert a["spec"] == b["spec"] == "barbu/barbu"
    assert a["deals"] == b["deals"]
    monkeypatch.chdir(elsewhere)
    code, out, err = cli("replay", played / "a.yaml")
    assert code == 0, err
    assert "Deal  1" in out and out.splitlines()[-1].startswith("Totals: A ")


def test_a_record_of_another_spec_keeps_its_relative_path(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "specs").mkdir()
    (tmp_path / "specs" / "mine.yaml").write_text((SPECS / "klaberjass" / "klaberjass.yaml").read_text())
    code, out, err = cli("play", "specs/mine.yaml", "--seats", "random,random", "--seed", 1, "--deals", 1,
                         "--quiet", "--record", "records/r.yaml")
    assert code == 0, err
    assert yaml.safe_load((tmp_path / "records" / "r.yaml").read_text())["spec"] == str(Path("..", "specs", "mine.yaml"))
    assert cli("replay", "records/r.yaml")[0] == 0


def test_a_record_naming_an_unknown_game_is_refused_at_its_spec(tmp_path):
    record = tmp_path / "r.yaml"
    record.write_text("format: cardspec-record/1\nspec: barbx\nseed: 1\ndeals:\n  - actions: []\n")
    code, out, err = cli("replay", record)
    assert code == 3
    assert err.splitlines()[0] == (f"{record}:2:7: `barbx` is neither a file nor a shipped game; "
                                   f"did you mean `barbu`? {LIST_HINT}")


# ---------------------------------------------------------------- list, version, help, errors


def test_list_shows_every_shipped_game_with_its_title():
    code, out, err = cli("list")
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert len(lines) == len(SHIPPED) + 1
    assert [ln[2:].split()[0] for ln in lines[:-1]] == sorted(SHIPPED)
    titles = {name: yaml.safe_load(p.read_text()).get("title") for name, p in SHIPPED.items()}
    for line, (name, title) in zip(lines, sorted(titles.items())):
        assert f" {title}  (" in line, (line, title)
    assert "* piquet/rubicon " in out and "  piquet/au-cent " in out
    assert "Barbu (Parlett's rules)  (4 players, 2 options)" in out
    assert lines[-1] == "* also named by its family alone: " + ", ".join(sorted(catalog.families()))


def test_version_from_the_package_metadata():
    code, out, err = cli("--version")
    assert (code, out) == (0, f"cardspec {version('cardspec')}\n")


def test_python_dash_m_interpreter_runs_the_command_line():
    done = subprocess.run([sys.executable, "-m", "interpreter", "--version"], cwd=ROOT, capture_output=True,
                          text=True, timeout=60)
    assert (done.returncode, done.stdout) == (0, f"cardspec {version('cardspec')}\n")


def test_play_help_names_every_kind_of_seat():
    code, out, err = cli("play", "--help")
    assert code == 0
    text = " ".join(out.split())  # argparse wraps lines
    for kind in AGENT_KINDS:
        assert f"`{kind}` (" in text, kind


def test_a_missing_grammar_is_one_internal_error(monkeypatch, fresh_catalog):
    monkeypatch.setattr(catalog, "grammar_file", lambda: Path("nowhere", "expr.lark"))
    code, out, err = cli("validate", "barbu")
    assert (code, out) == (4, "")
    assert err == (f"cardspec validate: internal error: cannot read expr.lark, a file of the cardspec package "
                   f"({Path('nowhere', 'expr.lark')}): it is missing; reinstall cardspec\n")


def test_a_damaged_grammar_is_one_internal_error(tmp_path, monkeypatch, fresh_catalog):
    (tmp_path / "expr.lark").write_text("start: ???\n")
    monkeypatch.setattr(catalog, "grammar_file", lambda: tmp_path / "expr.lark")
    code, out, err = cli("simulate", "barbu", "--games", 1)
    assert (code, out) == (4, "")
    assert len(err.splitlines()) == 1  # Lark's own wording of the fault may vary; ours is fixed
    assert err.startswith(f"cardspec simulate: internal error: the expression grammar {tmp_path / 'expr.lark'} "
                          "is damaged (GrammarError: ")
    assert err.endswith("); reinstall cardspec\n")


# ---------------------------------------------------------------- the wheel


@pytest.fixture(scope="module")
def wheel(tmp_path_factory):
    """The wheel `pip wheel` builds from this checkout (about 2 s with a local package index)."""
    out = tmp_path_factory.mktemp("wheel")
    done = subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(out), str(ROOT)],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    wheels = list(out.glob("cardspec-*.whl"))
    assert len(wheels) == 1
    return wheels[0]


def test_the_wheel_carries_the_code_grammar_schema_and_every_spec(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    assert "interpreter/grammar/expr.lark" in names
    assert "interpreter/load/schema.json" in names
    assert {n for n in names if n.startswith("interpreter/specs/")} == {
        f"interpreter/specs/{p.relative_to(SPECS).as_posix()}" for p in SHIPPED.values()}
    code = {p.relative_to(ROOT).as_posix() for p in (ROOT / "interpreter").rglob("*.py")}
    assert code <= names, code - names


def test_the_unpacked_wheel_runs_from_a_folder_with_no_checkout(wheel, tmp_path):
    site, work = tmp_path / "site", tmp_path / "work"
    zipfile.ZipFile(wheel).extractall(site)
    work.mkdir()
    env = {**os.environ, "PYTHONPATH": str(site)}

    def cardspec(*argv):
        return subprocess.run([sys.executable, "-m", "interpreter", *argv], cwd=work, env=env, capture_output=True,
                              text=True, timeout=120)

    done = cardspec("validate", "barbu/parlett", "piquet")
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == ["barbu/parlett: ok (Barbu (Parlett's rules): 4 players, 52 cards, 7 contracts)",
                                        "piquet: ok (Rubicon Piquet: 2 players, 32 cards)"]
    done = subprocess.run([sys.executable, "-c", "from interpreter.load import catalog; print(catalog.grammar_file())"],
                          cwd=work, env=env, capture_output=True, text=True, timeout=60)
    assert Path(done.stdout.strip()) == site / "interpreter" / "grammar" / "expr.lark"

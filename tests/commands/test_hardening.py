"""No traceback and no stray read, whatever the input: each failure class with its exact message.

A spec that fails during a game is placed at its expression, and one that breaks its
declared total stops the game with exit 1; an error nothing else caught is one line (raised
whole with CARDSPEC_DEBUG=1); bad paths are refused before anything is read; `extends:` and
a record's `spec:` stay under the spec folders; files over the size limit are refused;
records are checked field by field, and a spec given with `--spec` is blamed for its own
errors. Every command runs in-process through `cli.run`, as in test_cli.py.
"""

from __future__ import annotations

import io
import os
import re
from pathlib import Path

import pytest
import yaml

from interpreter.cli import run
from interpreter.commands import inspect as inspect_command
from interpreter.commands import validate as validate_command

ROOT = Path(__file__).resolve().parents[2]
BARBU = ROOT / "specs" / "barbu" / "barbu.yaml"
BUSTARRET = ROOT / "specs" / "barbu" / "bustarret.yaml"
EXAMPLE = Path(__file__).resolve().parents[1] / "records" / "barbu_example1.yaml"
BOTS = "first,first,first,first"

# A two-seat game of eight cards and one trick-taking contract; `{score}` and `{keep}` are filled in.
TINY = """\
game: Tiny
seats: [A, B]
pack:
  suits: [S, H]
  ranks: [A, K, Q, J]
phases:
  deal: {{hand_size: 4}}
  play:
  score:
play:
  rules: [follow suit]
play_rules:
  follow suit:
    when: not leading
    keep: {keep}
contracts:
  game:
    score: {score}
"""


def cli(*argv, stdin=None):
    """Run a command in-process: (exit code, stdout, stderr); never a traceback."""
    out, err = io.StringIO(), io.StringIO()
    code = run([str(a) for a in argv], out, err, stdin=stdin)
    assert "Traceback" not in out.getvalue() + err.getvalue()
    return code, out.getvalue(), err.getvalue()


def tiny(folder: Path, score="tricks_won", keep="card.suit == led_suit", name="tiny.yaml") -> Path:
    path = folder / name
    path.write_text(TINY.format(score=score, keep=keep))
    return path


def line_of(path: Path, fragment: str) -> int:
    """The 1-based line of `path` that holds `fragment` (the only one)."""
    hits = [i for i, ln in enumerate(path.read_text().splitlines(), 1) if fragment in ln]
    assert len(hits) == 1, hits
    return hits[0]


# ---------------------------------------------------------------- 1. a spec that fails during a game

# an index validate proves in range (see test_an_index_validate_cannot_prove...) that is no whole number
INDEX = "if tricks_won + 0.5 >= 1 and tricks_won + 0.5 <= 3 then [10, 20, 30][tricks_won + 0.5] else 0"


def test_an_index_out_of_range_in_a_score_is_placed_in_the_spec(tmp_path):
    spec = tiny(tmp_path, score=INDEX)
    code, out, err = cli("simulate", spec, "--games", 1, "--seed", 1, "--seats", "first,first")
    assert code == 3
    n = line_of(spec, f"score: {INDEX}")
    assert err == (f"{spec}:{n}:81: an index must be a whole number (deal 1, at `A play QH`; seed 1)\n"
                   f"        score: {INDEX}\n"
                   f"{' ' * 84}^\n")


def test_a_division_validate_cannot_prove_is_refused_before_any_game(tmp_path):
    spec = tiny(tmp_path, score="10 / (tricks_won - tricks_won)")
    code, out, err = cli("simulate", spec, "--games", 1, "--seed", 1, "--seats", "first,first")
    assert code == 3
    n = line_of(spec, "score: 10 /")
    assert err.splitlines()[:2] == [
        f"{spec}:{n}:18: `tricks_won - tricks_won` may be 0 here, and a division by it would stop the game",
        "        score: 10 / (tricks_won - tricks_won)"]


HAND_INDEX = ("if count(hand) / 3 >= 1 and count(hand) / 3 <= count(hand) then card.suit == hand[count(hand) / 3].suit"
              " else true")


def test_index_out_of_range_in_a_play_rule_is_placed_in_the_spec(tmp_path):
    spec = tiny(tmp_path, keep=HAND_INDEX)
    code, out, err = cli("simulate", spec, "--games", 1, "--seed", 1, "--seats", "first,first")
    assert code == 3
    n = line_of(spec, "keep:")
    assert err.splitlines() == [
        f"{spec}:{n}:93: an index must be a whole number (deal 1, A to act after `B play AS`; seed 1)",
        f"        keep: {HAND_INDEX}",
        " " * 96 + "^",
    ]


FRACTION = "if count(tricks) / 3 >= 1 and count(tricks) / 3 <= 2 then [1, 2][count(tricks) / 3] else 0"


@pytest.mark.parametrize("body, column", [
    (FRACTION, 78),  # the function is its index
    (f"tricks_won_by(p) + ({FRACTION})", 98),  # one generated function over its parameter, and the index
])
def test_a_spec_function_that_fails_is_placed_in_its_own_text(tmp_path, body, column):
    spec = tiny(tmp_path, score="ratio(player)")
    spec.write_text(spec.read_text() + "functions:\n  ratio:\n    params: {p: seat}\n"
                                       f"    value: '{body}'\n")
    code, out, err = cli("simulate", spec, "--games", 1, "--seed", 1, "--seats", "first,first")
    assert code == 3
    n = line_of(spec, "value:")
    assert err.splitlines()[0] == (f"{spec}:{n}:{column}: an index must be a whole number "
                                   f"(deal 1, at `A play QH`; seed 1)")


def test_a_contract_schedule_that_runs_out_of_choices(tmp_path):
    # one seat chooses every deal: validate counts only the table's choices (4 deals, 2 x 2 choices)
    spec = tiny(tmp_path, score="tricks_won")
    text = spec.read_text().replace("  play:\n  score:\n", "  choose_contract: {by: 'seats[1]', once_each: true}\n"
                                                           "  play:\n  score:\n")
    spec.write_text(text + "  other:\n    score: -tricks_won\nmatch: {deals: 4}\n")
    code, out, err = cli("simulate", spec, "--games", 1, "--seed", 1, "--seats", "first,first")
    assert code == 3
    n = line_of(spec, "choose_contract:")
    assert err.splitlines() == [
        f"{spec}:{n}:3: A must act in phase `choose_contract` but has no legal choice "
        "(deal 3, A to act after `A play JS`; seed 1)",
        "      choose_contract: {by: 'seats[1]', once_each: true}",
        "      ^",
    ]


def test_a_statistic_that_fails_after_the_game_is_placed_too(tmp_path):
    spec = tiny(tmp_path)
    spec.write_text(spec.read_text() + "match:\n  statistics:\n    odd: 'if (deal_number + 1) / 2 >= 1 and (deal_number + 1) / 2 <= 2 then [1, 2][(deal_number + 1) / 2] > 0 else false'\n")
    code, out, err = cli("simulate", spec, "--games", 1, "--seed", 1, "--seats", "first,first")
    assert code == 3
    n = line_of(spec, "odd:")
    assert err.splitlines()[0] == f"{spec}:{n}:84: an index must be a whole number (deal 2, after `A play JS`; seed 1)"


def test_play_saves_the_game_so_far_and_its_replay_stops_at_the_same_place(tmp_path):
    spec = tiny(tmp_path, score=INDEX)
    record = tmp_path / "game.yaml"
    code, out, err = cli("play", spec, "--seats", "first,first", "--seed", 1, "--record", record)
    assert code == 3
    n = line_of(spec, f"score: {INDEX}")
    fault = f"{spec}:{n}:81: an index must be a whole number (deal 1, at `A play QH`; seed 1)"
    assert err.splitlines()[0] == fault
    assert f"Record saved to {record}" in out
    saved = yaml.safe_load(record.read_text())
    assert saved["interrupted"] is True and "totals" not in saved
    assert [a for line in saved["deals"][0]["actions"] for a in line.split(", ")] == [
        "B play AS", "A play QS", "B play KS", "A play AH", "B play JS", "A play KH", "B play JH", "A play QH"]

    code, out, err = cli("replay", record)
    assert code == 3
    lines = err.splitlines()
    assert lines[0] == fault
    at = line_of(record, "A play QH")
    assert f"{record}:{at}:16: `A play QH`: the spec failed at this action (the error above)" in lines


def test_a_fault_as_the_game_starts_leaves_no_empty_record(tmp_path):
    spec = tiny(tmp_path)
    spec.write_text(spec.read_text() + "declarer: 'if (deal_number + 2) / 2 >= 1 and (deal_number + 2) / 2 <= 2 then seats[(deal_number + 2) / 2] else seats[1]'\n")
    record = tmp_path / "r.yaml"
    code, out, err = cli("play", spec, "--seats", "first,first", "--seed", 1, "--record", record)
    assert code == 3, err
    n = line_of(spec, "declarer:")
    assert err.splitlines()[0] == f"{spec}:{n}:84: an index must be a whole number (deal 1; seed 1)"
    assert not record.exists()


def test_an_unexpected_error_is_one_line_naming_the_command(monkeypatch):
    def boom(args, io):
        raise RuntimeError("boom")

    monkeypatch.setitem(validate_command.RUN, "validate", boom)
    monkeypatch.delenv("CARDSPEC_DEBUG", raising=False)
    code, out, err = cli("validate", BARBU)
    assert code == 4
    assert err == ("cardspec validate: internal error (RuntimeError: boom); please report it with the command "
                   "that caused it (CARDSPEC_DEBUG=1 shows where it happened)\n")
    monkeypatch.setenv("CARDSPEC_DEBUG", "1")
    with pytest.raises(RuntimeError, match="boom"):
        run(["validate", str(BARBU)], io.StringIO(), io.StringIO())


REPORT = "please report it with the command that caused it (CARDSPEC_DEBUG=1 shows where it happened)\n"


@pytest.mark.parametrize("error, what", [
    (RecursionError("maximum recursion depth exceeded"), "too deeply nested"),
    (MemoryError(), "out of memory"),
    (KeyError("x"), "KeyError: 'x'"),
    (RuntimeError(), "RuntimeError"),
])
def test_an_error_nothing_else_caught_is_an_internal_error_in_one_line(error, what, monkeypatch):
    def broken(args, io_):
        raise error
    monkeypatch.setitem(inspect_command.RUN, "list", broken)
    monkeypatch.delenv("CARDSPEC_DEBUG", raising=False)
    out, err = io.StringIO(), io.StringIO()
    assert run(["list"], out, err) == 4
    assert err.getvalue() == f"cardspec list: internal error ({what}); {REPORT}"


def test_with_cardspec_debug_the_error_is_raised_whole(monkeypatch):
    def broken(args, io_):
        raise KeyError("x")
    monkeypatch.setitem(inspect_command.RUN, "list", broken)
    monkeypatch.setenv("CARDSPEC_DEBUG", "1")
    with pytest.raises(KeyError):
        run(["list"], io.StringIO(), io.StringIO())


def spec_with_a_wrong_total(tmp_path):
    spec = tmp_path / "broken.yaml"
    spec.write_text(f"extends: {BARBU}\ntitle: Barbu with a wrong total\ncontracts:\n  no_tricks:\n    total: -12\n")
    return spec


def test_a_game_that_breaks_its_declared_total_stops_at_the_total_with_exit_3_and_keeps_the_record(tmp_path):
    record = tmp_path / "sub" / "deeper" / "r.yaml"  # (its folders are made)
    spec = spec_with_a_wrong_total(tmp_path)
    code, out, err = cli("play", spec, "--seats", BOTS, "--seed", 1, "--record", record, "--quiet")
    assert code == 3
    assert err.splitlines()[0].endswith(": the raw scores of No Tricks -2 -20 0 -4 sum to -26, but the contract "
                                        "declares a total of -12 (deal 1, as it is scored; seed 1)")
    assert err.splitlines()[0].startswith(str(spec))  # at the line of the total the spec declares
    assert out.splitlines()[-1] == f"Record saved to {record}"
    assert yaml.safe_load(record.read_text())["interrupted"] is True


# ---------------------------------------------------------------- 2. options of the wrong type

def test_an_option_value_of_the_wrong_type():
    code, out, err = cli("simulate", BUSTARRET, "--games", 1, "--option", "players=abc")
    assert code == 3
    assert err == f"{BUSTARRET}: option `players` cannot be `abc`; choose `3`, `4` or `5`\n1 error(s)\n"


@pytest.mark.parametrize("declaration, column, message", [
    ("default: [1, 2]\n    choices: {'1': {}, '2': {}}", 14,
     "`options.speed.default` must be text, a whole number or `true` or `false`, not a list"),
    ("default: 1\n    choices: [1, 2]", 14, "`options.speed.choices` must be a mapping of keys, not a list"),
    ("default: 1\n    choices: {'1': {}}\n    requires: 5", 15,
     "`options.speed.requires` must be a mapping of keys, not the number `5`"),
    ("default: 1\n    choices: {'1': {}}\n    number: {min: abc}", 19,
     "`options.speed.number.min` must be a whole number, not text `abc`"),
], ids=["default a list", "choices a list", "requires a number", "min not a number"])
def test_an_option_declared_with_the_wrong_type(declaration, column, message, tmp_path):
    spec = tiny(tmp_path)
    spec.write_text(spec.read_text() + f"options:\n  speed:\n    description: how fast\n    {declaration}\n")
    bad = [k for k in ("default: [", "choices: [", "requires:", "min:") if k in declaration][0]
    for argv in (["validate", spec], ["simulate", spec, "--games", 1, "--option", "speed=2"]):
        code, out, err = cli(*argv)
        assert code == 3
        assert err.splitlines()[0] == f"{spec}:{line_of(spec, bad)}:{column}: {message}"


# ---------------------------------------------------------------- 3. bad paths, refused before reading

def long_name(tmp_path):
    return tmp_path / ("a" * 300 + ".yaml")


@pytest.mark.parametrize("what, message", [
    ("missing", "file not found"),
    ("long", "the file name is too long"),
    ("nul", "the file name contains a NUL byte"),
    ("loop", "the path goes round a loop of symbolic links"),
    ("folder", "this is a folder, not a {kind} file"),
    ("device", "this is a device, not a {kind} file: only regular files are read"),
    ("fifo", "this is a named pipe (FIFO), not a {kind} file: only regular files are read"),
])
@pytest.mark.parametrize("command", ["validate", "show", "simulate", "play", "replay"])
def test_bad_paths_are_refused_before_reading(what, message, command, tmp_path):
    from interpreter.load.files import shown

    if what == "missing":
        path = tmp_path / "none.yaml"
    elif what == "long":
        path = long_name(tmp_path)
    elif what == "nul":
        path = f"{tmp_path}/a\0b.yaml"
    elif what == "loop":
        path = tmp_path / "loop.yaml"
        os.symlink(tmp_path / "loop2.yaml", path)
        os.symlink(path, tmp_path / "loop2.yaml")
    elif what == "folder":
        path = tmp_path / "folder"
        path.mkdir()
    elif what == "device":
        path = "/dev/zero"
    else:
        path = tmp_path / "pipe.yaml"
        os.mkfifo(path)
    if what == "folder" and command in ("validate", "replay"):
        return  # a folder is what validate and replay expand into the files below it
    argv = [command, path] + (["--seats", "first,first,first,first"] if command in ("simulate", "play") else [])
    code, out, err = cli(*argv)
    assert code == 3
    kind = "record" if command == "replay" else "spec"
    assert err.splitlines()[0] == f"{shown(path)}: {message.format(kind=kind)}"


def test_a_very_long_name_is_shortened_in_messages(tmp_path):
    path = long_name(tmp_path)
    code, out, err = cli("validate", path)
    text = str(path)
    assert err.splitlines()[0] == (f"{text[:60]}...{text[-40:]} ({len(text)} characters): "
                                   "the file name is too long")


@pytest.mark.parametrize("what, message", [
    ("folder", "it is a folder"),
    ("fifo", "it is a named pipe (FIFO): only regular files are written"),
    ("device", "it is a device: only regular files are written"),
    ("long", "the file name is too long"),
    ("nul", "the file name contains a NUL byte"),
    ("loop", "the path goes round a loop of symbolic links"),
])
def test_record_output_paths_are_checked_before_the_game(what, message, tmp_path):
    from interpreter.load.files import shown

    path = {"folder": tmp_path, "fifo": tmp_path / "p.yaml", "device": "/dev/null",
            "long": long_name(tmp_path), "nul": f"{tmp_path}/a\0.yaml", "loop": tmp_path / "l.yaml"}[what]
    if what == "fifo":
        os.mkfifo(path)
    if what == "loop":
        os.symlink(path, path)
    code, out, err = cli("play", BARBU, "--seats", "first,first,first,first", "--record", path, "--deals", 1)
    assert code == 2
    assert err == f"cardspec play: cannot save the record to {shown(path)}: {message}\n"


# ---------------------------------------------------------------- 4. reading stays under the spec folders

SECRET = "password: hunter2-do-not-print"


def outside(tmp_path) -> Path:
    """A file outside the spec folders of tmp_path/specs, whose text must never be shown."""
    secret = tmp_path / "private" / "secret.yaml"
    secret.parent.mkdir()
    secret.write_text(SECRET + "\n")
    return secret


HINT = ("  hint: a spec must be under the folder of the file that names it or the working folder, among the "
        "shipped specs, or under a folder given with --spec-path or CARDSPEC_SPEC_PATH")


@pytest.mark.parametrize("target", ["/etc/passwd", "secret", "../private/secret.yaml", "symlink"])
def test_extends_outside_the_spec_folders_is_refused_unread(target, tmp_path):
    secret = outside(tmp_path)
    folder = tmp_path / "specs"
    folder.mkdir()
    if target == "secret":
        target = str(secret)
    elif target == "symlink":  # a link inside the folder to a file outside it
        os.symlink(secret, folder / "base.yaml")
        target = "base.yaml"
    variant = folder / "variant.yaml"
    variant.write_text(f"extends: {target}\ntitle: x\n")
    code, out, err = cli("validate", variant)
    assert code == 3
    assert err == (f"{variant}:1:10: cannot use the base spec `{target}`: it is outside the folders specs are "
                   f"read from\n    extends: {target}\n             ^\n{HINT}\n1 of 1 spec(s) invalid\n")
    assert "hunter2" not in out + err and "root:" not in out + err


@pytest.mark.parametrize("target", ["/etc/passwd", "/proc/self/environ", "secret"])
def test_a_record_naming_a_file_outside_the_spec_folders_is_refused_unread(target, tmp_path):
    secret = outside(tmp_path)
    target = str(secret) if target == "secret" else target
    record = tmp_path / "records" / "r.yaml"
    record.parent.mkdir()
    record.write_text(f"format: cardspec-record/1\nspec: {target}\ndeals:\n  - dealer: A\n")
    code, out, err = cli("replay", record)
    assert code == 3
    assert err == (f"{record}:2:7: cannot use the spec `{target}`: it is outside the folders specs are read from\n"
                   f"    spec: {target}\n          ^\n{HINT}\n")
    assert "hunter2" not in err and "root:" not in err and "PATH=" not in err


def test_spec_path_and_its_variable_open_another_folder(tmp_path, monkeypatch):
    shared = tmp_path / "shared"
    shared.mkdir()
    tiny(shared, name="base.yaml")
    mine = tmp_path / "mine"
    mine.mkdir()
    variant = mine / "v.yaml"
    variant.write_text(f"extends: {shared / 'base.yaml'}\n+title: Tiny again\n")
    monkeypatch.delenv("CARDSPEC_SPEC_PATH", raising=False)
    assert cli("validate", variant)[0] == 3
    code, out, err = cli("validate", variant, "--spec-path", shared)
    assert (code, out) == (0, f"{variant}: ok (Tiny again: 2 players, 8 cards)\n"), err
    monkeypatch.setenv("CARDSPEC_SPEC_PATH", str(shared))
    assert cli("validate", variant)[0] == 0
    code, out, err = cli("validate", variant, "--spec-path", tmp_path / "none")
    assert (code, err) == (2, f"cardspec validate: --spec-path {tmp_path / 'none'}: not a folder\n")


def test_records_beside_their_spec_and_shipped_specs_are_read(tmp_path):
    spec = tiny(tmp_path, name="game.yaml")
    record = tmp_path / "r.yaml"
    assert cli("play", spec, "--seats", "first,first", "--seed", 3, "--record", record)[0] == 0
    assert yaml.safe_load(record.read_text())["spec"] == "game.yaml"
    assert cli("replay", record)[0] == 0
    assert cli("replay", EXAMPLE)[0] == 0  # `spec: ../../specs/barbu/barbu.yaml`: a shipped spec


# ---------------------------------------------------------------- 5. size limits

@pytest.mark.parametrize("kind, limit", [("spec", 1 << 20), ("record", 16 << 20)])
def test_files_over_the_size_limit_are_refused_before_parsing(kind, limit, tmp_path, monkeypatch):
    monkeypatch.delenv(f"CARDSPEC_MAX_{kind.upper()}_BYTES", raising=False)
    path = tmp_path / "big.yaml"
    with open(path, "wb") as f:
        f.write(b"game: [" + b"x" * limit + b"\n")  # not even valid YAML: it is never parsed
    code, out, err = cli("validate" if kind == "spec" else "replay", path)
    assert code == 3
    assert err.splitlines()[:2] == [
        f"{path}: the file is over the size limit of {limit:,} bytes for a {kind} file",
        f"  hint: set CARDSPEC_MAX_{kind.upper()}_BYTES to a larger number of bytes to read it",
    ]


def test_the_size_limit_is_set_by_a_variable(tmp_path, monkeypatch):
    spec = tiny(tmp_path)
    size = spec.stat().st_size
    monkeypatch.setenv("CARDSPEC_MAX_SPEC_BYTES", str(size - 1))
    code, out, err = cli("validate", spec)
    assert code == 3 and err.startswith(f"{spec}: the file is over the size limit of {size - 1:,} bytes")
    monkeypatch.setenv("CARDSPEC_MAX_SPEC_BYTES", str(size))
    assert cli("validate", spec)[0] == 0
    monkeypatch.setenv("CARDSPEC_MAX_SPEC_BYTES", "lots")
    code, out, err = cli("validate", spec)
    assert code == 3 and err.startswith(f"{spec}: CARDSPEC_MAX_SPEC_BYTES must be a whole number of bytes, "
                                        "not `lots`")


def test_a_base_over_the_size_limit_is_refused_at_extends(tmp_path, monkeypatch):
    base = tiny(tmp_path, name="base.yaml")
    variant = tmp_path / "v.yaml"
    variant.write_text("extends: base.yaml\ntitle: x\n")
    monkeypatch.setenv("CARDSPEC_MAX_SPEC_BYTES", str(base.stat().st_size - 1))
    code, out, err = cli("validate", variant)
    assert err.splitlines()[0] == (f"{variant}:1:10: cannot use the base spec `base.yaml`: the file is over the "
                                   f"size limit of {base.stat().st_size - 1:,} bytes for a spec file")


# ---------------------------------------------------------------- 6. records are checked field by field

RECORD = f"format: cardspec-record/1\nspec: {BARBU}\nseed: 1\ndeals:\n  - dealer: A\n"


@pytest.mark.parametrize("change, place, message", [
    (("format: cardspec-record/1", "format: cardspec-record/9"), (1, 9),
     "unknown record format `cardspec-record/9`; this version reads `cardspec-record/1`"),
    (("format: cardspec-record/1\n", ""), (1, 1), "a record needs `format: cardspec-record/1`"),
    (("seed: 1", "seed: 1\ntotls: {A: 1}"), (4, 1),
     "unknown key `totls` in a record; a record has `format`, `spec`, `game`, `options`, `seed`, `seats`, "
     "`first_deal`, `deals`, `totals` or `interrupted`"),
    (("seed: 1", "seed: 1\ntotals: [1, 2]"), (4, 9), "`totals` must map each seat to its total"),
    (("seed: 1", "seed: 1\ntotals: {A: many}"), (4, 13), "a score must be a number, not `many`"),
    (("seed: 1", "seed: 1\ninterrupted: 3"), (4, 14), "`interrupted:` is true or false"),
    (("seed: 1", "seed: 1\ngame: [barbu]"), (4, 7), "`game:` is the name of the game, as its spec gives it"),
    (("seed: 1", "seed: 1\nseats: {A: wizard}"), (4, 12),
     "`wizard` is not a kind of player; choose `human`, `random`, `first`, `mc`, `pimc` or `ismcts`"),
    (("seed: 1", "seed: 1\noptions: {early_stop: [1]}"), (4, 23),
     "option `early_stop` takes a word or a number, as on the command line"),
    (("  - dealer: A", "  - dealer: A\n    scores: 5"), (6, 13), "`scores` must map each seat to its score"),
    (("  - dealer: A", "  - dealer: A\n    handz: {}"), (6, 5),
     "unknown key `handz` in a deal; a deal has `deal`, `dealer`, `hands`, `talon`, `cut`, `redeals`, `actions`, `raw` "
     "or `scores`"),
    (("  - dealer: A", "  - deal: zero\n    dealer: A"), (5, 11),
     "`deal:` is the number of the deal in its game (1 or more)"),
])
def test_record_fields_are_strict(change, place, message, tmp_path):
    path = tmp_path / "r.yaml"
    old, new = change
    assert RECORD.count(old) == 1
    path.write_text(RECORD.replace(old, new))
    code, out, err = cli("replay", path)
    assert code == 3
    assert err.splitlines()[0] == f"{path}:{place[0]}:{place[1]}: {message}"


def test_the_record_is_blamed_for_its_options(tmp_path):
    path = tmp_path / "r.yaml"
    path.write_text(RECORD.replace("seed: 1", "seed: 1\noptions: {early_stopp: true, declarer_blocks: maybe}"))
    code, out, err = cli("replay", path)
    assert code == 3
    lines = [ln for ln in err.splitlines() if ln.startswith(str(path))]
    assert lines == [
        f"{path}:4:11: unknown option `early_stopp`; the options of this spec are `declarer_blocks`, "
        "`compulsory_doubles`, `positive_double_declarer_only` or `early_stop`",
        f"{path}:4:47: option `declarer_blocks` cannot be `maybe`; choose `false` or `true`",
    ]


def test_a_record_names_its_spec_and_the_spec_errors_follow(tmp_path):
    spec = tiny(tmp_path, score="tricks_wn")
    path = tmp_path / "r.yaml"
    path.write_text("format: cardspec-record/1\nspec: tiny.yaml\nseed: 1\ndeals:\n  - dealer: A\n")
    code, out, err = cli("replay", path)
    assert code == 3
    lines = err.splitlines()
    assert lines[0] == f"{path}:2:7: the spec `tiny.yaml` has errors (below)"
    assert re.match(rf"{re.escape(str(spec))}:{line_of(spec, 'score: tricks_wn')}:12: unknown name `tricks_wn`", lines[3])


def test_a_spec_given_on_the_command_line_is_blamed_for_its_own_errors_not_the_record():
    code, out, err = cli("replay", EXAMPLE, "--spec",
                         ROOT / "tests" / "bad_specs" / "sem_unknown_name.yaml")
    assert (code, out) == (3, "")
    assert "barbu_example1.yaml" not in err and "unknown name" in err.splitlines()[0]


@pytest.mark.parametrize("what", ["missing", "folder"])
def test_a_record_spec_that_cannot_be_read_is_blamed_on_the_record(what, tmp_path):
    (tmp_path / "folder").mkdir()
    name = "none.yaml" if what == "missing" else "folder"
    path = tmp_path / "r.yaml"
    path.write_text(f"format: cardspec-record/1\nspec: {name}\nseed: 1\ndeals:\n  - dealer: A\n")
    code, out, err = cli("replay", path)
    assert code == 3
    why = "file not found" if what == "missing" else "this is a folder, not a spec file"
    assert err.splitlines()[0] == f"{path}:2:7: cannot use the spec `{name}`: {why}"


def test_play_saves_the_game_so_far_before_an_internal_error(tmp_path, monkeypatch):
    from interpreter.players import agents

    plays = []

    def choose(self, state, seat, legal):  # a bot that breaks down at its fifth move
        plays.append(seat)
        if len(plays) == 5:
            raise RuntimeError("broken bot")
        return legal[0]

    monkeypatch.setattr(agents.FirstLegalAgent, "choose", choose)
    monkeypatch.delenv("CARDSPEC_DEBUG", raising=False)
    spec = tiny(tmp_path)
    record = tmp_path / "r.yaml"
    code, out, err = cli("play", spec, "--seats", "first,first", "--seed", 1, "--record", record)
    assert code == 4
    assert err == ("cardspec play: internal error (RuntimeError: broken bot) in a game (deal 1, B to act after "
                   "`A play AH`); please report it with the command that caused it (CARDSPEC_DEBUG=1 shows where it "
                   "happened)\n")
    saved = yaml.safe_load(record.read_text())
    assert saved["interrupted"] is True
    assert saved["deals"][0]["actions"] == ["B play AS, A play QS", "B play KS, A play AH"]
    code, out, err = cli("replay", record)
    assert code == 0 and "Deal  1 unfinished (B to act)" in out


def test_a_record_that_play_wrote_beside_its_spec_replays_from_the_working_folder(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    tiny(tmp_path)
    code, out, err = cli("play", "tiny.yaml", "--seats", "first,first", "--seed", 1, "--quiet")
    assert code == 0, err
    record = next((tmp_path / "records").glob("*.yaml"))
    assert "spec: ../tiny.yaml" in record.read_text()
    assert cli("replay", record)[0] == 0


def test_a_spec_named_by_a_record_must_be_called_yaml_even_inside_the_spec_folders(tmp_path):
    notes = tmp_path / "notes.txt"
    notes.write_text(SECRET + "\n")
    record = tmp_path / "r.yaml"
    record.write_text("format: cardspec-record/1\nspec: notes.txt\ndeals:\n  - dealer: A\n")
    code, out, err = cli("replay", record)
    assert code == 3
    assert err.splitlines()[0] == (f"{record}:2:7: cannot use the spec `notes.txt`: a spec file's name ends in "
                                   ".yaml or .yml")
    assert "hunter2" not in out + err


def test_a_record_of_a_hundred_thousand_deals_is_refused_by_its_size_before_reading(tmp_path, monkeypatch):
    monkeypatch.delenv("CARDSPEC_MAX_RECORD_BYTES", raising=False)
    deal = ("  - dealer: A\n    hands: {A: AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S, B: AH KH QH JH TH 9H 8H 7H 6H 5H "
            "4H 3H 2H, C: AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D, D: AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C}\n"
            "    actions: [B contract no_tricks]\n")
    record = tmp_path / "long.yaml"
    record.write_text("format: cardspec-record/1\nspec: barbu/barbu\ndeals:\n" + deal * 100_000)
    assert record.stat().st_size > 16 << 20
    code, out, err = cli("replay", record)
    assert (code, out) == (3, "")
    assert err.splitlines()[0] == f"{record}: the file is over the size limit of {16 << 20:,} bytes for a record file"

"""`cardspec new NAME --from GAME` writes a house rule that validates as written, with the keys a house
rule changes commented out beside the game's values; it never writes over a file unasked."""

from __future__ import annotations

import io

import pytest

from interpreter.cli import run
from interpreter.compile.game import load_game
from interpreter.core.errors import EXIT_OK, EXIT_USAGE


def cli(*argv):
    out, err = io.StringIO(), io.StringIO()
    code = run([str(a) for a in argv], out, err)
    return code, out.getvalue(), err.getvalue()


@pytest.fixture
def here(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_the_starting_file_extends_the_game_by_name_and_validates(here):
    code, out, err = cli("new", "mine", "--from", "barbu")
    assert (code, err) == (EXIT_OK, "")
    text = (here / "mine.yaml").read_text()
    assert "\nextends: barbu/barbu\ntitle: Barbu (Blue Club rules) (house rules)\n" in text
    assert "#     score: -6 * count(c in won where c.rank == Q)\n#     total: -24\n" in text
    game = load_game(here / "mine.yaml")
    assert game.title == "Barbu (Blue Club rules) (house rules)" and len(game.contracts) == 7


def uncommented(text: str, key: str) -> str:
    """`text` with the commented section `key:` written out (its lines up to the next blank one)."""
    lines, out, inside = text.splitlines(), [], False
    for line in lines:
        inside = (inside and line != "") or line == f"# {key}:"
        out.append(line[2:] if inside else line)
    return "\n".join(out) + "\n"


def test_a_section_uncommented_as_written_is_the_game_and_a_value_changed_changes_it(here):
    cli("new", "mine", "--from", "barbu")
    text = uncommented((here / "mine.yaml").read_text(), "contracts")
    (here / "mine.yaml").write_text(text)
    assert load_game(here / "mine.yaml").contracts["no_queens"].total is not None  # the same game, as written
    (here / "mine.yaml").write_text(text.replace("total: -24", "total: -40").replace(
        "score: -6 * count(c in won where c.rank == Q)", "score: -10 * count(c in won where c.rank == Q)"))
    code, out, err = cli("rules", "--diff", "barbu", "mine.yaml")
    assert code == EXIT_OK and "-10 times" in out


def test_an_existing_file_is_kept_unless_forced(here):
    (here / "mine.yaml").write_text("keep me\n")
    code, out, err = cli("new", "mine", "--from", "barbu")
    assert code == EXIT_USAGE and "mine.yaml exists already (`--force` writes over it)" in err
    assert (here / "mine.yaml").read_text() == "keep me\n"
    assert cli("new", "mine", "--from", "barbu", "--force")[0] == EXIT_OK


def test_an_unknown_game_is_a_usage_error_with_the_close_name(here):
    code, out, err = cli("new", "mine", "--from", "barbuu")
    assert code == EXIT_USAGE and "did you mean `barbu`" in err and not (here / "mine.yaml").exists()

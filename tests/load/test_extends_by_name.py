"""A spec may extend a shipped game by its name, from any folder: `extends: barbu`,
`extends: piquet/au-cent`; a file beside it of that name wins; a misspelt name is refused with the
close one."""

from __future__ import annotations

import io
import os

import pytest

from interpreter.cli import run
from interpreter.compile.game import load_game
from interpreter.core.errors import EXIT_OK, EXIT_SPEC, SpecErrors


@pytest.fixture
def elsewhere(tmp_path, monkeypatch):
    """A folder of one's own, away from the checkout, as the working folder."""
    monkeypatch.chdir(tmp_path)
    return tmp_path


def cli(*argv):
    out, err = io.StringIO(), io.StringIO()
    code = run([str(a) for a in argv], out, err)
    return code, out.getvalue(), err.getvalue()


def test_a_house_rule_extends_a_shipped_game_by_its_name(elsewhere):
    (elsewhere / "mine.yaml").write_text("extends: barbu\ntitle: Mine\n")
    game = load_game(elsewhere / "mine.yaml")
    assert game.title == "Mine" and len(game.contracts) == 7
    code, out, err = cli("validate", "mine.yaml")
    assert (code, err) == (EXIT_OK, "") and "mine.yaml: ok (Mine: 4 players, 52 cards, 7 contracts)" in out


def test_a_family_and_game_name_names_that_game(elsewhere):
    (elsewhere / "mine.yaml").write_text("extends: piquet/au-cent\ntitle: Mine\n")
    assert load_game(elsewhere / "mine.yaml").n == 2


def test_a_file_beside_of_that_name_wins(elsewhere):
    (elsewhere / "barbu").write_text("game: Not Barbu\n")  # a file named like the game, with no suffix
    (elsewhere / "mine.yaml").write_text("extends: barbu\ntitle: Mine\n")
    with pytest.raises(SpecErrors) as caught:
        load_game(elsewhere / "mine.yaml")
    # the file is taken (and refused, since a spec's file name ends in .yaml), not the shipped game
    assert [e.message for e in caught.value.errors] == [
        "cannot use the base spec `barbu`: a spec file's name ends in .yaml or .yml"]


def test_a_misspelt_name_is_refused_with_the_close_one(elsewhere):
    (elsewhere / "mine.yaml").write_text("extends: barbuu\ntitle: Mine\n")
    code, out, err = cli("validate", "mine.yaml")
    assert code == EXIT_SPEC
    assert err.splitlines()[0] == ("mine.yaml:1:10: the base spec `barbuu` is neither a file beside this one "
                                   "(barbuu) nor a shipped game (`cardspec list` shows the games)")
    assert "hint: did you mean `barbu`?" in err


def test_a_house_rule_plays_and_its_record_replays(elsewhere):
    (elsewhere / "mine.yaml").write_text("extends: barbu\ntitle: Mine\n")
    code, out, err = cli("play", "mine.yaml", "--seats", "random,random,random,random", "--seed", "2", "--deals", "1",
                         "--record", "game.yaml")
    assert code == EXIT_OK, err
    code, out, err = cli("replay", "game.yaml")
    assert code == EXIT_OK, err
    assert os.path.exists("game.yaml")

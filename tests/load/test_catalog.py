"""The shipped games and their names (interpreter/load/catalog.py): the name of a shipped file (and
no games without a specs folder), each family's base game (its own name, or the one spec the others
extend, or none when two do not), the names close to a mistyped one, and what a spec argument means."""

from __future__ import annotations

from pathlib import Path

import pytest

from interpreter.load import catalog

ROOT = Path(__file__).resolve().parents[2]


def test_a_family_has_the_game_of_its_name_or_the_one_the_others_extend():
    families = catalog.families()
    assert (families["barbu"], families["euchre"]) == ("barbu/barbu", "euchre/euchre")  # its own name
    assert (families["briscola-chiamata"], families["piquet"]) == ("briscola-chiamata/five", "piquet/rubicon")
    assert "back-alley" not in families  # two specs that extend no other: no base game


@pytest.mark.parametrize("typed, message", [
    ("barbuu", "`barbuu` is neither a file nor a shipped game; did you mean `barbu`? (`cardspec list` shows the games)"),
    ("parlet", "`parlet` is neither a file nor a shipped game; did you mean `barbu/parlett`? "
               "(`cardspec list` shows the games)"),
    ("zzz", "`zzz` is neither a file nor a shipped game (`cardspec list` shows the games)"),
    ("briscola-chiamata/", "`briscola-chiamata/` is a family of several games; name one: `briscola-chiamata/five`, "
                           "`briscola-chiamata/four` or `briscola-chiamata/three` (`cardspec list` shows the games)"),
])
def test_a_name_that_is_no_game_is_answered_with_the_close_ones(typed, message):
    with pytest.raises(catalog.UnknownGame) as e:
        catalog.lookup(typed)
    assert e.value.message == message


def test_what_a_spec_argument_means():
    assert catalog.spec_file("barbu") == catalog.spec_file("barbu/barbu") == catalog.games()["barbu/barbu"]
    assert catalog.spec_file("mine.yaml") == Path("mine.yaml")  # a file name, even one that does not exist
    assert catalog.spec_file("tests") == Path("tests")  # a folder, not a game: loading says why
    assert catalog.spec_file("specs", folders=True) == Path("specs")
    with pytest.raises(catalog.UnknownGame, match="the spec is empty"):
        catalog.spec_file(" ")


def test_a_shipped_file_is_known_by_its_name():
    assert catalog.name_of(ROOT / "specs" / "barbu" / "parlett.yaml") == "barbu/parlett"
    assert catalog.name_of(ROOT / "tests" / "records" / "barbu_example1.yaml") is None


def test_without_a_specs_folder_there_are_no_shipped_games(monkeypatch, tmp_path):
    monkeypatch.setattr(catalog, "specs_folder", lambda: tmp_path / "none")
    catalog.games.cache_clear()
    try:
        assert catalog.games() == {}
    finally:
        catalog.games.cache_clear()


@pytest.fixture
def family(monkeypatch, tmp_path):
    """A family of specs written by a test, as the shipped games."""
    def make(texts):
        files = {}
        for name, text in texts.items():
            files[f"fam/{name}"] = tmp_path / f"{name}.yaml"
            files[f"fam/{name}"].write_text(text)
        monkeypatch.setattr(catalog, "games", lambda: files)
        catalog.families.cache_clear()
        return catalog.families()
    yield make
    catalog.families.cache_clear()


def test_specs_that_extend_each_other_give_no_base_game(family):
    assert family({"a": "extends: b.yaml\n", "b": "extends: a.yaml\n"}) == {}


def test_a_spec_whose_base_is_missing_is_the_family_base(family):
    assert family({"a": "extends: gone.yaml\n", "b": "extends: a.yaml\n"}) == {"fam": "fam/a"}

"""Bots from outside cardspec play wherever the shipped ones do: `--seats file.py:Class`,
`module:Class`, or a name an installed package registers; and `arena --json` carries what pools
runs: every board's scores, its seeds, the version and the spec's hash."""

from __future__ import annotations

import io
import json
import sys

import pytest

from interpreter.cli import run
from interpreter.core.errors import EXIT_OK, EXIT_USAGE
from interpreter.players import outside
from interpreter.players.agents import make_agent

BOT = '''
class Highest:
    """Plays its last legal choice; made with the seed it is given."""

    def __init__(self, seed=None):
        self.seed = seed

    def choose(self, state, seat, legal):
        assert "hand" in state.view(seat)
        return legal[-1]


class NoSeed:
    def choose(self, state, seat, legal):
        return legal[0]


NOT_A_BOT = 3
'''


def cli(*argv):
    out, err = io.StringIO(), io.StringIO()
    code = run([str(a) for a in argv], out, err)
    return code, out.getvalue(), err.getvalue()


@pytest.fixture
def bots(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "mybots.py").write_text(BOT)
    return tmp_path


def test_a_bot_from_a_file_is_made_with_its_seed_or_without(bots):
    assert make_agent("mybots.py:Highest", seed=9).seed == 9
    assert make_agent("mybots.py:NoSeed", seed=9).choose(None, 0, ["a", "b"]) == "a"


def test_a_bot_from_a_file_plays_in_play_simulate_and_arena(bots):
    code, out, err = cli("play", "barbu", "--seats", "mybots.py:Highest,random,random,random", "--seed", "1",
                         "--deals", "1", "--record", "g.yaml")
    assert (code, err) == (EXIT_OK, "") and "Record saved to g.yaml" in out
    assert cli("replay", "g.yaml")[0] == EXIT_OK
    code, out, err = cli("simulate", "barbu", "--seats", "mybots.py:Highest,random,random,random", "--games", "2")
    assert (code, err) == (EXIT_OK, "") and "seats mybots.py:Highest,random,random,random" in out
    code, out, err = cli("arena", "barbu", "--seats", "mybots.py:Highest,random,random,random", "--deals", "2")
    assert (code, err) == (EXIT_OK, "") and "mybots.py:Highest" in out


def test_a_bot_from_a_module_plays(bots, monkeypatch):
    monkeypatch.syspath_prepend(str(bots))
    monkeypatch.delitem(sys.modules, "mybots", raising=False)
    code, out, err = cli("simulate", "barbu", "--seats", "mybots:Highest,random,random,random", "--games", "1")
    assert (code, err) == (EXIT_OK, "")


def test_a_registered_bot_plays_by_its_name(bots, monkeypatch):
    class Registered:
        def load(self):
            return make_agent("mybots.py:Highest").__class__
    monkeypatch.setattr(outside, "registered", lambda: {"highest": Registered()})
    code, out, err = cli("simulate", "barbu", "--seats", "highest,random,random,random", "--games", "1")
    assert (code, err) == (EXIT_OK, "")


@pytest.mark.parametrize("seats, message", [
    ("nobots.py:Highest", "cardspec play: agent `nobots.py:Highest`: no file nobots.py"),
    ("mybots.py:Lowest", "cardspec play: agent `mybots.py:Lowest`: `mybots.py` has no `Lowest`"),
    ("mybots.py:NOT_A_BOT", "cardspec play: agent `mybots.py:NOT_A_BOT` is not a bot: a bot is a class with "
                            "`choose(state, seat, legal)`"),
    ("nomodule:Highest", "cardspec play: agent `nomodule:Highest`: cannot import `nomodule`: "
                         "ModuleNotFoundError: No module named 'nomodule'"),
    ("mybot", "cardspec play: unknown agent `mybot`; choose from human, random, first, mc, pimc, ismcts, or a bot "
              "of your own: `file.py:Class` or `module:Class`"),
])
def test_a_bot_that_cannot_be_made_is_a_usage_error_that_says_why(bots, seats, message):
    code, out, err = cli("play", "barbu", "--seats", f"{seats},random,random,random")
    assert code == EXIT_USAGE and err.splitlines()[0] == message


def test_arena_json_carries_every_boards_scores_its_seeds_the_version_and_the_specs_hash(bots):
    code, out, err = cli("arena", "barbu", "--seats", "mybots.py:Highest,random,random,random", "--deals", "3",
                         "--seed", "5", "--json")
    doc = json.loads(out)
    assert code == EXIT_OK and doc["board_seeds"] == [5, 6, 7] and doc["cardspec"]
    assert all(len(bot["per_board"]) == 3 for bot in doc["bots"])
    assert doc["bots"][0]["mean"] == pytest.approx(sum(doc["bots"][0]["per_board"]) / 3)
    again = json.loads(cli("arena", "barbu", "--seats", "random,random,random,random", "--deals", "2", "--json")[1])
    other = json.loads(cli("arena", "barbu", "--seats", "random,random,random,random", "--deals", "2", "--json",
                           "--option", "early_stop=true")[1])
    assert doc["spec_sha256"] == again["spec_sha256"] != other["spec_sha256"]

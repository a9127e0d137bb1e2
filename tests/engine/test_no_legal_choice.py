"""A seat with nothing it may play stops the game with the same located fault on every path:
move by move, in a generated playout (a chooser called, or a generator's own choice drawn
inline), in the closures the generated code is held to, and under every bot; never a hang,
never Python's error text."""

from __future__ import annotations

import io
import random
import signal
from contextlib import contextmanager

import pytest

from interpreter.cli import run
from interpreter.compile.game import load_game
from interpreter.core.errors import EXIT_SPEC, GameFault

# the dealer gets 12 cards and the others 13: at the last trick the dealer has nothing to play
UNEVEN = """\
game: Uneven
seats: [A, B, C, D]
pack:
  suits: [S, H, D, C]
  ranks: [A, K, Q, J, T, 9, 8, 7, 6, 5, 4, 3, 2]
phases:
  deal:
    hand_size: if player == dealer then 12 else 13
  play:
  score:
contracts:
  most:
    name: Tricks
    score: tricks_won
"""
NOTHING = "must act in phase `play` but has no legal choice"


@contextmanager
def at_most(seconds: int):
    """Fail, rather than hang, when the block runs longer than `seconds`."""
    def stop(*_):
        raise TimeoutError(f"still running after {seconds} s")
    old = signal.signal(signal.SIGALRM, stop)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


def fault_of(play) -> GameFault:
    with at_most(20), pytest.raises(GameFault) as caught:
        play()
    return caught.value


def move_by_move(state, rng):
    while not state.is_terminal:
        state.apply(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("generated", [True, False], ids=["generated", "closures"])
def test_every_path_stops_with_the_same_fault(tmp_path, generated):
    game = load_game(tmp_path / "uneven.yaml", text=UNEVEN, generated=generated)
    paths = {
        "move by move": lambda st: move_by_move(st, random.Random(5)),
        "drawn": lambda st: st.playout(random.Random(5).choice, whole_game=True),
        "called": lambda st: st.playout(lambda legal, rng=random.Random(5): rng.choice(legal), whole_game=True),
    }
    faults = {name: fault_of(lambda: play(game.new_state(3))) for name, play in paths.items()}
    for name, fault in faults.items():
        assert NOTHING in fault.message, (name, fault.message)
        assert (fault.line, fault.column) == (9, 3), name  # the phase `play`
    # the same seat, the same deal and the same last action, whichever way the cards were chosen
    assert len({f.message for f in faults.values()}) == 1, {n: f.message for n, f in faults.items()}


@pytest.mark.parametrize("bot", ["random", "mc", "pimc:2", "ismcts:10"])
def test_a_bot_meets_the_fault_and_the_command_says_where(tmp_path, bot):
    spec = tmp_path / "uneven.yaml"
    spec.write_text(UNEVEN)
    out, err = io.StringIO(), io.StringIO()
    with at_most(120):
        code = run(["simulate", spec, "--games", "1", "--seats", ",".join([bot] * 4)], out, err)
    assert code == EXIT_SPEC, err.getvalue()
    assert NOTHING in err.getvalue() and "uneven.yaml:9:3:" in err.getvalue()
    assert "Error" not in err.getvalue()  # no Python error's name (IndexError, ...)

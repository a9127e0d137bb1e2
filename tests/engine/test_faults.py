"""How a failure of the rules during a game is told: the message of each kind of failure, with
the deal and the seed of the game, and where it happened (the action named with the seat that
took it, or the seat to act)."""

from __future__ import annotations

from pathlib import Path

import pytest

from interpreter.compile.game import load_game
from interpreter.core.errors import GameFault
from interpreter.engine.faults import fault, where
from tests.phases.table import X, one_deal

GAME = load_game(Path(__file__).resolve().parents[2] / "specs" / "barbu" / "barbu.yaml")


@pytest.mark.parametrize("error, message", [
    (RecursionError("maximum recursion depth exceeded"), "the rules recurse too deeply"),
    (KeyError("x"), "the rules failed to compute this expression (this is a fault of the interpreter, not of the "
                    "spec: please report it with the spec and the seed)"),
    (TypeError("list indices must be integers or slices, not NoneType"),
     "a value this expression reads is none here (no card, seat, suit or bid): guard it, e.g. `if maker != none then "
     "tricks_won_by(maker) else 0`"),
    (OverflowError("int too large to convert to float"), "a number or a list this expression makes grows too large"),
])
def test_each_kind_of_failure_is_told_in_the_spec_s_terms_with_the_deal_and_the_seed(error, message):
    st = GAME.new_state(4)
    assert fault(st, error, "deal 1").message == f"{message} (deal 1; seed 4)"


def test_a_fault_names_the_seed_of_the_game():
    # an index validate proves in range but that is no whole number when X wins the trick
    g = one_deal("  play:", '"if tricks_won + 0.5 >= 1 and tricks_won + 0.5 <= 3 then [10, 20, 30][tricks_won + 0.5] else 0"',
                 head="play: {leader: next(dealer)}",
                 deal="hand_size: 1")
    st = g.new_state(7, first_dealer=X)
    with pytest.raises(GameFault) as e:
        while not st.is_terminal:
            st.apply(st.legal_actions()[0])
    assert str(e.value).splitlines()[0] == "t.yaml:18:82: an index must be a whole number (deal 1, at `X play QS`; seed 7)"


def test_an_action_already_taken_is_named_with_the_seat_that_took_it():
    st = GAME.new_state(4)
    chosen = st.find_action("contract no_tricks")
    st.apply(chosen)  # B chose; another seat is to act now
    assert st.current_player != 1
    assert where(st, chosen) == "deal 1, at `B contract no_tricks`"
    other = st.legal_actions()[0]  # not taken yet: named with the seat to act
    assert where(st, other) == f"deal 1, at `{GAME.seat_names[st.current_player]} {other.name}`"
    assert where(st) == f"deal 1, {GAME.seat_names[st.current_player]} to act after `B contract no_tricks`"

"""An environment's action space holds every action the spec can offer, whatever the pack's size:
the numbers a call may name come from the compiler's bound of `numbers.to`, which `validate`
requires."""

from __future__ import annotations

import pytest

from interpreter.compile.game import load_game
from interpreter.core.errors import SpecErrors
from interpreter.env.encoding import ActionSpace

SPEC = """\
game: High bids
seats: [A, B]
pack:
  suits: [S, H]
  ranks: [A, K, Q]
phases:
  deal:
    hand_size: 3
  bid:
    kind: call
    numbers:
      from: 1
      to: TO
  play:
  score:
contracts:
  most:
    score: tricks_won - call(player)
"""


def game(tmp_path, to):
    return load_game(tmp_path / "high.yaml", text=SPEC.replace("TO", to))


@pytest.mark.parametrize("to, greatest", [("60", 60), ("dealt - 1", 5), ("min([dealt * 20, 40])", 40),
                                          ("if dealt > 2 then 9 else 7", 9)])
def test_the_call_numbers_listed_are_those_the_bound_allows(tmp_path, to, greatest):
    space = ActionSpace(game(tmp_path, to))
    numbers = [name for name in space.names if name.startswith("bid ")]
    assert numbers == [f"bid {k}" for k in range(1, greatest + 1)]


def test_bids_beyond_the_pack_are_in_the_space_and_an_environment_takes_them(tmp_path):
    pettingzoo = pytest.importorskip("pettingzoo")  # noqa: F841
    from interpreter.env import CardspecEnv

    g = game(tmp_path, "60")
    assert "bid 60" in ActionSpace(g).names
    env = CardspecEnv(g)
    env.reset(seed=3)
    agent = env.agent_selection
    mask = env.observe(agent)["action_mask"]
    assert int(mask.sum()) == 61  # `pass`, and bid 1 to bid 60 ...
    env.step(int(mask.nonzero()[0][-1]))  # ... the highest of them, taken
    assert env.agent_selection != agent


def test_openspiel_lists_the_high_bids(tmp_path):
    pyspiel = pytest.importorskip("pyspiel")
    import interpreter.env.openspiel  # noqa: F401 (registers the game)

    spec = tmp_path / "high.yaml"
    spec.write_text(SPEC.replace("TO", "60"))
    state = pyspiel.load_game("python_cardspec", {"spec": str(spec)}).new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    assert len(state.legal_actions()) >= 60


def test_a_call_whose_greatest_number_cannot_be_bounded_is_refused_at_its_place(tmp_path):
    with pytest.raises(SpecErrors) as caught:
        game(tmp_path, "3 * tricks_won")
    assert [(e.line, e.column, e.message, e.hint) for e in caught.value.errors] == [
        (13, 11, "the greatest number a call may name must follow from the spec, so that every call the game "
                 "offers can be listed", "write a number, a constant of the game (`pack_size`, an option's number), "
                                         "`dealt`, or a bound such as `min([..., 13])`")]

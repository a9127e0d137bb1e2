"""A deal's table is made new, and copied by a clone, only where a phase of the game changes it
(interpreter/engine/table.py, `Phase.owns`); every other per-deal field is one value per game that
reads like a list and refuses any change. The next deal starts from a table with nothing of the
last one left on it."""

from __future__ import annotations

import ast
import importlib
import inspect
import pickle
import pkgutil
import random
import textwrap
from pathlib import Path

import pytest

from interpreter import phases as phase_package
from interpreter.compile.game import load_game
from interpreter.core.results import NOTHING, RECORD_LISTS
from interpreter.engine.table import CORE, SHAPES, FrozenList, table_plan
from interpreter.phases import Phase
from tests.phases.table import X
from tests.phases.table import game as hand_built_game

SPECS = Path(__file__).resolve().parents[2] / "specs"
MUTATORS = {"append", "extend", "insert", "remove", "pop", "clear", "sort", "reverse", "add", "discard", "update"}


def barbu():
    return load_game(SPECS / "barbu" / "barbu.yaml")


def test_a_field_no_phase_owns_is_one_unchangeable_list_for_every_deal_and_clone():
    game = barbu()  # no passing, exchange, call or declaration phase
    st = game.new_state(1)
    plan = table_plan(game)
    for name in ("passing", "passed", "discards", "talon_seen", "calls", "unseen", "declarations", "in_auction"):
        assert name not in plan.changing
        value = getattr(st, name)
        assert isinstance(value, FrozenList) and value == plan.fixed[name]
        assert st.clone().__dict__[name] is value  # shared, not copied
    assert st.passing == [[], [], [], []] and st.calls == [0] * 4 and st.exchanges == [0] * 4
    assert isinstance(st.shown_later, frozenset) and not st.shown_later
    with pytest.raises(TypeError, match="owned by no phase"):
        st.passing[0].append(3)
    with pytest.raises(TypeError, match="owned by no phase"):
        st.calls[0] = 1
    shared = {name: getattr(st, name) for name in ("passing", "calls", "discards")}
    st.apply(st.legal_actions()[0])
    st.playout(random.Random(1).choice)  # the next deal keeps the same ones
    assert st.deal_number == 2 and all(getattr(st, name) is value for name, value in shared.items())


def test_a_field_a_phase_owns_is_new_each_deal_and_a_clone_has_its_own():
    game = barbu()
    plan = table_plan(game)
    assert {"doubles", "layout", "laid", "out", "place"} <= set(plan.changing)  # doubling; Dominoes' layout
    assert set(CORE) <= set(plan.changing)
    st = game.new_state(1)
    first = st.doubles
    st.apply(next(a for a in st.legal_actions() if a.name == "contract no_tricks"))
    st.playout(random.Random(1).choice)
    assert st.deal_number == 2 and st.doubles is not first and st.doubles == [[0] * 4 for _ in range(4)]
    other = st.clone()
    for name in plan.changing:
        mine, theirs = getattr(st, name), getattr(other, name)
        assert mine == theirs and (mine is not theirs), name
    other.doubles[1][2] = 1
    other.hands[0].append(99)
    other.vars["x"] = 1
    other.layout[0] = [3, 3]
    assert st.doubles[1][2] == 0 and 99 not in st.hands[0] and "x" not in st.vars and st.layout[0] is None


def test_a_game_that_passes_cards_makes_its_passing_lists_new():
    game = load_game(SPECS / "spades" / "partner-pass.yaml")
    plan = table_plan(game)
    assert "passing" in plan.changing and "passed" in plan.changing and "doubles" not in plan.changing
    st = game.new_state(3)
    assert type(st.passing) is list and all(type(x) is list for x in st.passing)


def contract_first():
    """Each deal's contract is named before the deal; a deal of three cards each (a talon of
    three) plays one trick and stops, so cards are left in the hands and the talon."""
    return hand_built_game("""
phases:
  choose_contract:
    by: dealer
  deal: {hand_size: 3}
  play:
  score:
play:
  stop_when: trick_number >= 1
contracts:
  low:
    score: 0 - tricks_won
  high:
    score: tricks_won
match: {deals: 2}
""")


def test_before_the_next_deal_no_seat_holds_a_card_and_there_is_no_talon():
    st = contract_first().new_state(1, first_dealer=X)
    st.apply("contract low")
    assert [len(h) for h in st.hands] == [3, 3, 3] and len(st.talon) == 3
    for _ in range(3):
        st.apply(st.legal_actions()[0])
    assert st.deal_number == 2 and st.phase.kind == "choose_contract"
    assert [len(st.deals[0].hands[p]) for p in range(3)] == [3, 3, 3]  # (one trick of three was played)
    assert st.hands == [[], [], []] and st.talon == []
    assert [st.view(p)["hand"] for p in range(3)] == [[], [], []]


def test_a_frozen_list_reads_as_a_list_and_refuses_every_change():
    x = FrozenList([1, 2])
    assert [0] + x == [0, 1, 2] and x[:] == [1, 2] and type(x[:]) is list and 2 in x and x == [1, 2]
    assert pickle.loads(pickle.dumps(x)) == [1, 2] and type(pickle.loads(pickle.dumps(x))) is FrozenList
    for change in (lambda: x.append(3), lambda: x.extend([3]), lambda: x.insert(0, 3), lambda: x.remove(1),
                   lambda: x.pop(), lambda: x.clear(), lambda: x.sort(), lambda: x.reverse(),
                   lambda: x.__setitem__(0, 5), lambda: x.__delitem__(0), lambda: x.__iadd__([3]),
                   lambda: x.__imul__(2)):
        with pytest.raises(TypeError, match="owned by no phase"):
            change()
    assert x == [1, 2]


def _changed_in_place(cls) -> set[str]:
    """The per-deal state fields a phase class's own code changes in place (`state.F.append(...)`,
    `state.F[i] = ...`, `state.F[i][j] += ...`), read from its source."""
    tree = ast.parse(_dedent(cls))
    out = set()

    def field(node):
        while isinstance(node, ast.Subscript):
            node = node.value
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "state":
            return node.attr
        return None
    for node in ast.walk(tree):
        target = None
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in MUTATORS:
            target = field(node.func.value)
        elif isinstance(node, (ast.Assign, ast.AugAssign)):
            for t in (node.targets if isinstance(node, ast.Assign) else [node.target]):
                if isinstance(t, ast.Subscript):
                    target = target or field(t)
        if target in SHAPES:
            out.add(target)
    return out


def _dedent(cls) -> str:
    return textwrap.dedent(inspect.getsource(cls))


def _declared(cls, attr: str = "owns") -> set[str]:
    """What a class declares under `attr` (`owns`, `records`): the class attribute, and any
    `self.ATTR = (...)` its `__init__` sets."""
    out = set(getattr(cls, attr))
    for node in ast.walk(ast.parse(_dedent(cls))):
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Attribute) and t.attr == attr for t in node.targets):
            out |= {e.value for e in getattr(node.value, "elts", ()) if isinstance(e, ast.Constant)}
    return out


def _phase_classes():
    for info in pkgutil.iter_modules(phase_package.__path__):
        module = importlib.import_module(f"interpreter.phases.{info.name}")
        for _, cls in inspect.getmembers(module, inspect.isclass):
            if issubclass(cls, Phase) and cls.__module__ == module.__name__:
                yield cls


def test_every_phase_owns_the_per_deal_fields_its_code_changes_in_place():
    classes = list(_phase_classes())
    assert len(classes) > 15
    seen = set()
    for cls in classes:
        changed = _changed_in_place(cls)
        seen |= changed
        assert changed <= _declared(cls) | set(CORE), (cls.__name__, changed - _declared(cls) - set(CORE))
    # the scan finds what it looks for (the layout's runs, the doubles by a row are found by their own tests)
    assert {"unseen", "calls", "passing", "laid", "declarations", "to_draw", "exchanges", "in_auction"} <= seen


def _added_to_the_record(cls) -> set[str]:
    """The lists of the deal's record a phase class's code adds to (`state.deal.X.append(...)`)."""
    out = set()
    for node in ast.walk(ast.parse(_dedent(cls))):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in MUTATORS:
            target = node.func.value
            if (isinstance(target, ast.Attribute) and isinstance(target.value, ast.Attribute)
                    and target.value.attr == "deal" and isinstance(target.value.value, ast.Name)
                    and target.value.value.id == "state"):
                out.add(target.attr)
    return out


def test_every_phase_declares_the_lists_of_the_deal_record_it_adds_to():
    seen = set()
    for cls in _phase_classes():
        added = _added_to_the_record(cls) - {"actions"}  # (every deal's actions are kept)
        seen |= added
        assert added <= _declared(cls, "records") and added <= RECORD_LISTS, (cls.__name__, added)
    assert seen == RECORD_LISTS  # the scan finds each of them


def test_a_deal_record_makes_only_the_lists_a_phase_of_the_game_adds_to():
    game = barbu()  # doubles, and nothing called, declared, exchanged or said
    st = game.new_state(1)
    deal = st.deal
    assert type(deal.doubles) is list and deal.doubles is not game.new_state(1).deal.doubles
    for name in ("calls", "exchanges", "declarations", "said", "redeals"):
        assert getattr(deal, name) is NOTHING
    copy = st.clone().deal
    assert copy.calls is NOTHING and copy.doubles == deal.doubles and copy.doubles is not deal.doubles
    bidding = load_game(SPECS / "spades" / "spades.yaml").new_state(1).deal
    assert type(bidding.calls) is list and bidding.doubles is NOTHING

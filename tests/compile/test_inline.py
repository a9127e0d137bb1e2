"""A spec function whose body is cheaper written than called is written where it is asked, in
generated code (interpreter/compile/emit/inline.py): a small body that calls
nothing and cannot fail. Whatever could fail (a division, an index) or costs (a loop, a call)
stays a function, called where it is asked, so a fault is still placed at the function's own
`value`; so does a function remembered within an evaluation. Each is held to its closures."""

from __future__ import annotations

from pathlib import Path

import pytest

from interpreter.compile.emit.expressions import compile_expression
from interpreter.compile.game import Compiler
from interpreter.expr import compile_expr
from interpreter.load.pipeline import resolve

ROOT = Path(__file__).resolve().parents[2]

SPEC = """game: T
seats: [N, E, S, W]
pack:
  suits: [S, H, D, C]
  ranks: [A, K, Q, J]
functions:
  first_trick: {value: count(tricks) == 0}
  on_side: {params: {p: seat}, value: p == declarer or p == left(dealer)}
  both: {value: first_trick and on_side(player)}
  half: {params: {x: number}, value: x / 2}
  lead_card: {value: "if count(trick) >= 1 then trick[1] else none"}
  spades: {params: {p: seat}, value: count(c in hand_of(p) where c.suit == S)}
  best_ace: {value: best == AS}
  counted: {params: {p: seat}, value: count(c in won_by(p) where c.suit == S)}
  twice_dealer: {value: counted(dealer) + counted(dealer)}
  on_top: {params: {p: seat}, value: p == dealer or twice_dealer > 2 or counted(p) > 1}
phases:
  deal: {hand_size: 4}
  play:
  score:
contracts:
  game:
    score: 0
match: {deals: 1}
"""
INLINE = {"first_trick", "on_side", "both", "on_top"}
CALLED = {"half", "lead_card", "spades", "best_ace", "counted", "twice_dealer"}  # (`best`: an engine getter;
# the last two remembered)


def compiled(generated: bool = True):
    compiler = Compiler(resolve("t.yaml", text=SPEC), generated=generated)
    game = compiler.compile()
    return compiler, game.new_state(1)


def getter(compiler, name: str):
    scope = compiler.scope
    return scope.funcs[name].impl if name in scope.funcs else scope.names[name].get


def test_a_small_body_that_calls_nothing_and_cannot_fail_is_written_in_place_and_the_rest_are_called():
    compiler, _ = compiled()
    assert {name for name in INLINE | CALLED if getattr(getter(compiler, name), "inline", None)} == INLINE
    closures, _ = compiled(generated=False)
    assert not any(getattr(getter(closures, name), "inline", None) for name in INLINE | CALLED)


@pytest.mark.parametrize("declarer", [None, 0, 2])
def test_a_function_written_in_place_computes_what_its_call_computes(declarer):
    compiler, st = compiled()
    inlined = {id(getter(compiler, name)) for name in INLINE}
    cases = {
        "if both then 1 else 0": ("len(st.tricks)", "% 4"),
        "count(p in seats where on_side(p))": ("st.declarer",),  # (its parameter, a loop's variable)
        "if first_trick and on_side(dealer) then 2 else 3": ("(st.dealer + 1) % 4",),
    }
    st.declarer = declarer
    for source, written in cases.items():
        c = compile_expr(source, compiler.scope)
        fn, text = compile_expression(c.node)
        assert not any(id(v) in inlined for v in fn.__globals__.values()), text  # (none is called)
        assert all(w in text for w in written), text
        for player in range(4):
            st.player = player
            assert fn(st) == c.fn(st), (source, player)
        st.tricks = [object()]  # (a trick finished: `first_trick` is false now)
        assert fn(st) == c.fn(st), source
        st.tricks = []


def test_a_function_asking_remembered_ones_is_written_in_place_and_they_still_remember():
    """`on_top(p)` asks `twice_dealer` and `counted(p)`, remembered (each places its own faults): it is
    written in place, they are called, and within one evaluation each is computed once per question."""
    from interpreter.core.evaluation import evaluation

    compiler, st = compiled()
    assert all(getattr(getter(compiler, n), "remembers", None) for n in ("counted", "twice_dealer"))
    c = compile_expr("count(p in seats where on_top(p))", compiler.scope)
    fn, text = compile_expression(c.node)
    assert not any(v is getter(compiler, "on_top") for v in fn.__globals__.values()), text
    st.won = [[0, 1, 2], [], [3, 12], [4]]
    for dealer in range(4):
        st.dealer = dealer
        with evaluation(st):
            got = fn(st)
            kept = dict(st.__dict__["_fmemo"] or {})  # (what the evaluation remembered, by function)
        assert got == c.fn(st), dealer
        assert len(kept) == 2 and any(isinstance(v, dict) and len(v) >= 1 for v in kept.values()), kept


@pytest.mark.parametrize("argument, called", [("left(player)", False), ("right(dealer)", False),
                                              ("if first_trick then dealer else left(declarer)", True),
                                              ("left(left(player))", True)])
def test_an_argument_computed_keeps_the_call_and_gives_the_same_value(argument, called):
    """`on_side(ARG)`: an argument computed otherwise than as a seat so many places round of a local or
    a field (an addition and a remainder, written again where the body reads it) is computed once, and
    the function is called with it."""
    compiler, st = compiled()
    c = compile_expr(f"on_side({argument})", compiler.scope)
    fn, text = compile_expression(c.node)
    assert any(v is getter(compiler, "on_side") for v in fn.__globals__.values()) == called, text
    values = []
    for declarer in range(4):
        st.declarer = declarer
        for p in range(4):
            st.player = p
            values.append(fn(st))
            assert values[-1] == c.fn(st), (declarer, p)
    assert set(values) == {True, False}


def test_a_division_an_index_and_a_loop_stay_functions_called_where_they_are_asked():
    """What places a fault (a division, an index: the checker's own calls, which say where) or walks
    a list is called, giving what its closure gives."""
    compiler, st = compiled()
    st.trick_cards, st.hands = [4, 9], [[0, 1, 5], [2], [], [3]]
    for source, name in (("half(count(trick)) > 0", "half"), ("lead_card == KS", "lead_card"),
                         ("spades(player) + spades(dealer)", "spades")):
        c = compile_expr(source, compiler.scope)
        fn, text = compile_expression(c.node)
        assert any(v is getter(compiler, name) for v in fn.__globals__.values()), text
        assert fn(st) == c.fn(st), source


@pytest.mark.parametrize("spec", sorted(str(p.relative_to(ROOT)) for p in (ROOT / "specs").rglob("*.yaml")))
def test_no_shipped_function_is_both_remembered_and_written_in_place(spec):
    compiler = Compiler(resolve(ROOT / spec))
    compiler.compile()
    for name in compiler.spec.get("functions") or {}:
        fn = getter(compiler, name) if (name in compiler.scope.funcs or compiler.scope.names[name].get) else None
        assert not (getattr(fn, "inline", None) and getattr(fn, "remembers", None)), (spec, name)

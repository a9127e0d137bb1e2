"""The spec's functions remembered within one evaluation (interpreter/expr/memo.py), and which
are chosen to be (interpreter/compile/functions.py): the same values as computed afresh, never
one of another seat or another moment."""

from __future__ import annotations

from pathlib import Path

import pytest

from interpreter.compile.game import Compiler
from interpreter.expr import ExprError
from interpreter.expr.memo import remembered
from interpreter.load.pipeline import resolve
from tests.phases.table import X, Y, Z, game, play, position, spec_text

ROOT = Path(__file__).resolve().parents[2]

# one deal of four cards each, played from the dealer's left: what the specs below share
ONE_DEAL = """
phases:
  deal: {hand_size: 4}
  play:
  score:
play:
  leader: left(dealer)
"""

# each seat's tricks, asked twice by `twice` (so remembered) and read for `player`
COUNTING = ONE_DEAL + """  rules: [follow suit]
play_rules:
  follow suit:
    when: not leading
    keep: card.suit == led_suit
functions:
  mine:
    description: the player's tricks and the cards of his hand left, spades twice
    value: tricks_won + count(hand) + count(c in hand where c.suit == S)
  twice:
    description: asks `mine` twice
    value: mine + mine
  per_trick:
    description: a seat's tricks, asked in a loop whose variable it does not read
    params: {p: seat}
    value: tricks_won_by(p) + count(hand_of(p))
  table:
    description: every seat's tricks, each asked again for every seat
    value: sum(per_trick(s) for s in seats where per_trick(s) >= 0)
contracts:
  game:
    score: 100 * twice + table
match: {deals: 1}
"""


def remembered_functions(text: str) -> set[str]:
    compiler = Compiler(resolve("t.yaml", text=text))
    compiler.compile()
    scope = compiler.scope
    return ({n for n, f in scope.funcs.items() if hasattr(f.impl, "remembers")}
            | {n for n, name in scope.names.items() if hasattr(name.get, "remembers")})


def test_each_seat_scores_its_own_remembered_value():
    g = game(COUNTING)
    st = position(g, ["AS KS QS JS", "AH KH QH JH", "AD KD QD JD"], dealer=Z)  # X leads
    play(st, "play AS", "play AH", "play AD", "play KS", "play KH", "play KD",
         "play QS", "play QH", "play QD", "play JS", "play JH", "play JD")
    assert st.deals[0].scores == [800 + 4, 4, 4]  # X took every trick; the table's tricks: 4 (no card left)


def test_a_function_asked_again_with_the_same_arguments_is_remembered_and_others_are_not():
    assert remembered_functions(spec_text(COUNTING)) == {"mine", "twice", "per_trick", "table"}
    skat = remembered_functions((ROOT / "specs" / "skat" / "skat.yaml").read_text())
    assert {"held", "tops", "matadors"} <= skat
    spades = remembered_functions((ROOT / "specs" / "spades" / "spades.yaml").read_text())
    # `bags` is asked in a loop over the deals, a deal at a time: nothing to remember
    assert {"bags_before", "bag_loss"} <= spades and "bags" not in spades
    assert remembered_functions((ROOT / "specs" / "barbu" / "barbu.yaml").read_text()) == set()


# `side` does little itself (one call and a comparison), but what it calls is remembered: asked for
# each trick, a lookup of its own answer costs less than its body and that lookup
PARTIES = COUNTING.replace("contracts:", """  side:
    description: a seat is on the side of the seat with most spades (one call of a remembered function)
    params: {p: seat}
    value: per_trick(p) >= 1
  side_tricks:
    description: the tricks the side won, each asking `side` of its winner
    value: count(t in tricks where side(t.winner)) + count(t in tricks where side(t.winner) and t.number > 1)
  near:
    description: the seat after a seat, asked again but only a step of the engine's
    params: {p: seat}
    value: next(p) == p
  nears:
    value: count(t in tricks where near(t.winner)) + count(t in tricks where near(t.leader))
contracts:""").replace("score: 100 * twice + table", "score: 100 * twice + table + side_tricks + nears")


def test_a_function_whose_work_is_a_lookup_of_a_remembered_one_is_remembered_when_asked_again():
    found = remembered_functions(spec_text(PARTIES))
    assert {"per_trick", "side", "side_tricks"} <= found and "near" not in found
    doppelkopf = remembered_functions((ROOT / "specs" / "doppelkopf" / "doppelkopf.yaml").read_text())
    assert {"queens", "is_re"} <= doppelkopf  # the party of each trick's winner: one lookup, not two


class Moment:
    """A stand-in state: remembering keeps its values in the state's attributes."""


def test_values_are_kept_within_the_outermost_call_only_and_a_failure_ends_it():
    calls = []

    def square(state, x):
        calls.append(x)
        if x < 0:
            raise ValueError("negative")
        return x * x
    inner = remembered(square)

    def both(state, x):
        return inner(state, x) + inner(state, x)
    outer = remembered(both)
    st = Moment()
    assert outer(st, 3) == 18 and calls == [3]  # asked twice, computed once
    assert outer(st, 3) == 18 and calls == [3, 3]  # a new evaluation computes again
    with pytest.raises(ValueError):
        outer(st, -1)
    assert st.__dict__.get("_fmemo") is None  # the failed evaluation is over, and nothing kept
    assert inner(st, 2) == 4 and inner(st, 2) == 4 and calls == [3, 3, -1, 2, 2]  # each its own evaluation


def test_the_reference_game_remembers_what_the_generated_game_remembers():
    def remembering(generated):
        compiler = Compiler(resolve(ROOT / "specs" / "skat" / "skat.yaml"), generated=generated)
        compiler.compile()
        return sorted(name for name, f in compiler.scope.funcs.items() if hasattr(f.impl, "remembers"))
    assert remembering(False) == remembering(True) != []


def test_a_whole_number_and_a_decimal_are_two_questions():
    """`f(1)` and `f(1.0)` are equal numbers but not the same answer: 1 / 1 is 1.0, 1 // 1 is 1."""
    seen = []

    def kind(state, x):
        seen.append(x)
        return type(x).__name__
    outer, inner = remembered(lambda st, x: (inner(st, x), inner(st, float(x)), inner(st, x))), remembered(kind)
    assert outer(Moment(), 1) == ("int", "float", "int") and seen == [1, 1.0]


def test_an_evaluation_that_asks_too_many_questions_is_stopped_with_the_functions_name():
    from interpreter.expr.memo import MAX_KEPT

    inner = remembered(lambda st, x: x, "count_up")
    outer = remembered(lambda st, n: sum(inner(st, k) for k in range(n)), "total")
    assert outer(Moment(), MAX_KEPT) == MAX_KEPT * (MAX_KEPT - 1) // 2
    with pytest.raises(ExprError) as caught:
        outer(Moment(), MAX_KEPT + 1)
    assert caught.value.message == ("the spec's functions were asked more than 100,000 different questions while "
                                    "one rule was computed (the last of them `count_up`)")


def test_a_value_of_one_evaluation_is_not_read_in_the_next():
    """`twice` for one seat, then for the next, then after a trick: each its own values."""
    g = game(COUNTING)
    st = position(g, ["AS KS QS JS", "AH KH QH JH", "AD KD QD JD"], dealer=Z)
    twice = compiled_twice(st)

    def expected(seat):
        spades = sum(1 for c in st.hands[seat] if st.game.pack.suit[c] == 0)
        return 2 * (st.tricks_won[seat] + len(st.hands[seat]) + spades)
    for moment, trick in enumerate([("play AS", "play AH", "play AD"), ("play KS", "play KH", "play KD"), ()]):
        for seat in (X, Y, Z):
            st.player = seat
            assert twice(st) == expected(seat), (moment, seat)
        play(st, *trick)  # X takes a trick


def compiled_twice(st):
    """The compiled `twice` of the game of `st`, as the score reads it."""
    compiler = Compiler(resolve("t.yaml", text=dict(st.game.source.texts)["t.yaml"]))
    compiler.compile()
    return compiler.scope.names["twice"].get


def test_a_function_of_seats_or_cards_is_told_apart_by_its_arguments_and_a_name_has_one_answer():
    """The cheaper keys: arguments alone where no parameter takes equal values of two types, nothing
    where there are no parameters; two functions never share an answer."""
    from interpreter.expr.memo import BY_ARGUMENTS, NO_ARGUMENTS

    for arity in (None, 1):  # (a function known to take one argument looks it up without packing it)
        seen = []
        double = remembered(lambda st, p: seen.append(("double", p)) or 2 * p, "double", BY_ARGUMENTS, arity=arity)
        triple = remembered(lambda st, p: seen.append(("triple", p)) or 3 * p, "triple", BY_ARGUMENTS, arity=arity)
        seven = remembered(lambda st: seen.append("seven") or 7, "seven", NO_ARGUMENTS)
        eight = remembered(lambda st: seen.append("eight") or 8, "eight", NO_ARGUMENTS)
        outer = remembered(lambda st: [double(st, 1), triple(st, 1), double(st, 2), double(st, 1), seven(st),
                                       eight(st), seven(st), triple(st, 1), eight(st)])
        assert outer(Moment()) == [2, 3, 4, 2, 7, 8, 7, 3, 8]
        assert seen == [("double", 1), ("triple", 1), ("double", 2), "seven", "eight"]
        seen.clear()  # outside an evaluation, a call opens its own: nothing is kept from one to the next
        assert [double(Moment(), 4), double(Moment(), 4)] == [8, 8] and seen == [("double", 4)] * 2


@pytest.mark.parametrize("params,keys", [({}, "none"), ({"p": "seat", "c": "card"}, "arguments"),
                                         ({"s": "suit", "b": "bool", "r": "rank"}, "arguments"),
                                         ({"p": "seat", "n": "number"}, "typed"), ({"b": "bid"}, "typed")])
def test_only_parameters_of_one_type_of_value_drop_the_types_from_the_key(params, keys):
    from interpreter.compile.functions import _keys

    assert _keys(params) == keys


def test_an_evaluation_across_seats_computes_a_seatless_name_once_and_a_seated_one_per_seat():
    """`evaluation(state)`: the seats' scores share what does not read the player; what does is kept by
    seat; a function that does not open evaluations keeps nothing outside one."""
    from interpreter.core.evaluation import evaluation
    from interpreter.expr.memo import NO_ARGUMENTS

    seen = []
    shared = remembered(lambda st: seen.append("shared") or 10, "shared", NO_ARGUMENTS, opens=False)
    mine = remembered(lambda st: seen.append(("mine", st.player)) or st.player, "mine", NO_ARGUMENTS, seated=True)
    st = Moment()
    st.player = 0
    assert [shared(st), shared(st)] == [10, 10] and seen == ["shared", "shared"]  # outside: computed each time
    assert st.__dict__.get("_fmemo") is None  # and nothing opened or kept
    seen.clear()
    with evaluation(st):
        scores = []
        for p in range(3):
            st.player = p
            scores.append(shared(st) + mine(st) + mine(st))
    assert scores == [10, 12, 14]
    assert seen == ["shared", ("mine", 0), ("mine", 1), ("mine", 2)]
    assert st._fmemo is None  # over: the next evaluation starts afresh
    with evaluation(st):
        with evaluation(st):  # (one opened inside another is part of it)
            shared(st)
        shared(st)
    assert seen.count("shared") == 2


def test_a_failure_inside_an_evaluation_ends_it():
    from interpreter.core.evaluation import evaluation

    st = Moment()
    with pytest.raises(ValueError), evaluation(st):
        raise ValueError("a rule failed")
    assert st._fmemo is None


SHARING = ONE_DEAL + """functions:
  spades_played:
    description: the spades played in the deal (a list walked, the same for every seat)
    value: count(c in played where c.suit == S)
  my_spades:
    description: the player's spades (it reads the player)
    value: count(c in won where c.suit == S)
  spades_of:
    description: a seat's spades (it takes a seat)
    params: {p: seat}
    value: count(c in won_by(p) where c.suit == S)
  never_scored:
    description: read only while playing
    value: count(c in played where c.suit == H)
  plain:
    description: no list walked
    value: trick_number + 1
  through:
    description: reads the player through another function
    value: my_spades * 2
contracts:
  game:
    score: spades_played + my_spades + spades_of(player) + plain + through
    when: never_scored >= 0
match: {deals: 1}
"""


def test_the_names_a_deals_scores_read_alike_are_shared_and_no_other():
    compiler = Compiler(resolve("t.yaml", text=spec_text(SHARING)))
    compiler.compile()
    assert not compiler.errors
    scope = compiler.scope
    kinds = {n: (getattr(x.get, "opens", None), getattr(x.get, "seated", None)) for n, x in scope.names.items()
             if n in ("spades_played", "my_spades", "never_scored", "plain", "through")}
    kinds["spades_of"] = (getattr(scope.funcs["spades_of"].impl, "opens", None), None)
    assert kinds == {"spades_played": (False, False),  # shared by the seats' scores
                     "my_spades": (None, None), "through": (None, None),  # they read the player
                     "spades_of": (None, None),  # it takes arguments: each seat asks its own
                     "never_scored": (None, None),  # the scores never ask it
                     "plain": (None, None)}  # cheaper than a lookup


def test_every_shipped_game_scores_the_same_with_the_seats_sharing_their_values_and_without(monkeypatch):
    """A deal's scores computed as one evaluation (interpreter/phases/score.py) against each seat's
    score, settlement and statistic computed afresh: the same games, to the last point."""
    import random

    from interpreter.compile.game import load_game
    from interpreter.phases import score

    def games(game):
        out = []
        for seed in range(2):
            rng, st = random.Random(seed), game.new_state(seed)
            while not st.terminal and st.deal_number <= 8:
                legal = st.legal_actions()
                st.apply(legal[rng.randrange(len(legal))])
            out.append([(d.raw, d.scores, d.flags, repr(d.actions)) for d in st.deals])  # (some actions are made anew)
        return out
    compiled = [load_game(spec) for spec in sorted((ROOT / "specs").rglob("*.yaml"))]
    shared = [games(g) for g in compiled]
    monkeypatch.setattr(score, "evaluated", lambda state, fn: fn(state))  # (each seat's score on its own)
    assert [games(g) for g in compiled] == shared

"""A chooser that is a generator's own `choice`, drawn inline by the generated loops (interpreter/core/draw.py).

- `below` is `Random.choice`'s draw of its index, for any seed and list length;
- `random_bits` takes only a `choice` that draws so: not a function, not a subclass that
  draws otherwise, not a generator whose `_randbelow` was replaced, not on a Python whose
  `choice` would draw otherwise;
- a playout with such a chooser does draw its cards inline, and plays the game move by move
  would with the same generator (tests/compile/test_emit.py plays every shipped spec so).
"""

from __future__ import annotations

import random
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from interpreter import phases
from interpreter.compile.emit import tricks as emit_tricks
from interpreter.compile.game import Compiler, load_game
from interpreter.core import draw
from interpreter.load.pipeline import resolve

ROOT = Path(__file__).resolve().parents[2]


@settings(max_examples=200, deadline=None)
@given(seed=st.integers(0, 2**64), sizes=st.lists(st.integers(1, 600), min_size=1, max_size=40))
def test_below_draws_the_index_random_choice_draws(seed, sizes):
    theirs, ours = random.Random(seed), random.Random(seed)
    for n in sizes:
        assert theirs.choice(range(n)) == draw.below(ours.getrandbits, n)
    assert theirs.getstate() == ours.getstate()  # and takes as many bits from the stream


def test_this_pythons_choice_draws_so_and_one_that_draws_otherwise_is_found(monkeypatch):
    assert draw.choice_draws_so()

    def narrower(self, n):  # a draw a later Python could make: as uniform, from other bits
        k = (n - 1).bit_length()
        r = self.getrandbits(k)
        while r >= n:
            r = self.getrandbits(k)
        return r
    monkeypatch.setattr(random.Random, "_randbelow", narrower)
    assert not draw.choice_draws_so.__wrapped__()  # (the answer is kept once found: asked afresh)


class _OwnRandom(random.Random):
    """Draws its numbers from `random()`: its `choice` draws otherwise."""

    def random(self):
        return 0.25


class _OwnBits(random.Random):
    """Its own bits: its `choice` still draws its index from them."""

    def getrandbits(self, k):
        return (2**k - 1) // 3


class _OwnChoice(random.Random):
    def choice(self, seq):
        return seq[0]


def test_only_a_generators_own_choice_drawn_from_its_bits_is_drawn_inline():
    rng = random.Random(1)
    assert draw.random_bits(rng.choice) == rng.getrandbits
    bits = _OwnBits(1)
    assert draw.random_bits(bits.choice) == bits.getrandbits
    assert draw.random_bits(random.choice) is not None  # the module's own generator
    for other in (lambda legal: legal[0], random.Random(1).randrange, _OwnRandom(1).choice,
                  _OwnChoice(1).choice, None, 5):
        assert draw.random_bits(other) is None, other
    replaced = random.Random(1)
    replaced._randbelow = lambda n: 0  # its `choice` now draws with this
    assert draw.random_bits(replaced.choice) is None


def test_no_choice_is_drawn_inline_on_a_python_whose_choice_draws_otherwise(monkeypatch):
    monkeypatch.setattr(draw, "choice_draws_so", lambda: False)
    assert draw.random_bits(random.Random(1).choice) is None


def test_a_generators_own_choice_is_drawn_in_the_loop_and_plays_as_move_by_move(monkeypatch):
    """With `rng.choice`, a Barbu deal's cards are drawn by the generated `drawn` loop (the chooser
    is never called for them), its doubles are drawn too, and the deal is the one
    `apply(rng.choice(legal_actions()))` plays; any other chooser is called for every move."""
    game = load_game(ROOT / "specs" / "barbu" / "barbu.yaml")
    given_bits = []
    real = emit_tricks.random_bits
    monkeypatch.setattr(emit_tricks, "random_bits", lambda choose: given_bits.append(real(choose)) or given_bits[-1])
    below_calls = []  # the doubles drawn (phases.chosen), not chosen by calling the chooser
    real_below = phases.below
    monkeypatch.setattr(phases, "below", lambda bits, n: below_calls.append(n) or real_below(bits, n))

    def move_by_move(seed):
        st, rng = game.new_state(seed), random.Random(seed)
        while st.deal_number == 1:
            st.apply(rng.choice(st.legal_actions()))
        return st, rng

    drawn = 0
    for seed in range(8):  # (the first deal's contract is any of seven: Dominoes is not a trick phase)
        want, their_rng = move_by_move(seed)
        st, rng = game.new_state(seed), random.Random(seed)
        doubles = sum(1 for _, a in want.deals[0].actions if a.kind == "double")
        given_bits.clear()
        below_calls.clear()
        st.playout(rng.choice)
        assert given_bits == ([rng.getrandbits] if st.deals[0].tricks else []), seed
        # (each seat but the declarer may double; he only those who doubled him, else he is not asked)
        assert len(below_calls) == doubles >= 3, seed
        drawn += bool(given_bits)
        assert st.deals[0].actions == want.deals[0].actions and st.totals == want.totals
        assert rng.getstate() == their_rng.getstate()  # the same bits taken from the stream
        calls = []
        given_bits.clear()
        below_calls.clear()
        st, rng = game.new_state(seed), random.Random(seed)
        st.playout(lambda legal: calls.append(len(legal)) or rng.choice(legal))
        assert given_bits == ([None] if st.deals[0].tricks else []) and below_calls == []
        assert st.deals[0].actions == want.deals[0].actions and len(calls) == len(want.deals[0].actions)
    assert drawn >= 4


def test_the_drawn_loop_is_generated_once_and_only_when_a_playout_draws(monkeypatch):
    """Compiling a game writes no drawn loop (most games compiled are never played out with a
    generator's own choice); a phase's first such playout writes it, and later ones reuse it."""
    made = []
    real = emit_tricks.generate
    monkeypatch.setattr(emit_tricks, "generate", lambda phase, drawn=False: (made.append(drawn), real(phase, drawn))[1])
    game = Compiler(resolve(ROOT / "specs" / "euchre" / "euchre.yaml")).compile()  # (not load_game's cached one)
    assert made and True not in made
    del made[:]
    rng = random.Random(1)
    st = game.new_state(1)
    for _ in range(3):
        st.playout(rng.choice)
    assert made == [True]

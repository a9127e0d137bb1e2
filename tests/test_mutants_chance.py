"""Chance behaviour that mutation testing found unchecked: a key's outcomes are fixed, so a seed
replays the same game in any version that keeps them."""

from __future__ import annotations

from interpreter.chance import Chance


def test_a_key_fixes_its_outcomes():
    draw = Chance("seed/1/1")
    assert [draw.randrange(256) for _ in range(4)] == [239, 127, 248, 105]  # a whole byte per number
    assert [draw.randrange(5) for _ in range(4)] == [4, 0, 1, 0]
    assert draw.randrange(1) == 0
    order = list(range(8))
    Chance("seed/1/2").shuffle(order)
    assert order == [4, 6, 2, 0, 1, 3, 5, 7]

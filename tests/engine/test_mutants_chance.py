"""Chance behaviour that mutation testing found unchecked: a key's outcomes are fixed, so a seed
replays the same game in any version that keeps them."""

from __future__ import annotations

from interpreter.engine.chance import Chance


def test_a_key_fixes_its_outcomes():
    draw = Chance("seed/1/1")
    assert [draw.randrange(256) for _ in range(4)] == [239, 127, 248, 105]  # a whole byte per number
    assert [draw.randrange(5) for _ in range(4)] == [4, 0, 1, 0]
    assert draw.randrange(1) == 0
    order = list(range(8))
    Chance("seed/1/2").shuffle(order)
    assert order == [4, 6, 2, 0, 1, 3, 5, 7]


def test_a_whole_pack_and_a_number_of_many_digests_are_fixed_too():
    """A 52-card shuffle (one number below 52!, from one digest) and a number wider than a
    digest (several, in block order) are the same as they have always been."""
    deck = list(range(52))
    Chance("seed/3/1").shuffle(deck)
    assert deck == [7, 37, 17, 49, 35, 26, 5, 3, 32, 12, 38, 16, 50, 2, 11, 44, 34, 19, 25, 22, 13, 1, 43, 20, 41,
                    9, 51, 4, 23, 27, 14, 0, 15, 48, 24, 33, 45, 21, 18, 39, 31, 40, 36, 42, 46, 30, 29, 10, 6, 28,
                    47, 8]
    assert Chance("seed/1/3").randrange(2**600 + 1) % 1000003 == 600263


def test_a_list_longer_than_the_table_of_factorials_is_shuffled_too():
    items = list(range(200))
    Chance("seed/1/4").shuffle(items)
    assert sorted(items) == list(range(200)) and items != list(range(200))

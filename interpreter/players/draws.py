"""A search's random draws, the same as `random.Random`'s own, with fewer Python calls.

A search draws a great many small random numbers: a card among a few at each move of a
play-out, a shuffle of the unseen cards for each world. `Random.randrange(n)` and
`Random.shuffle(x)` draw through `_randbelow(n)`: `getrandbits(n.bit_length())`, drawn
again while it is `n` or more. When a generator draws so (its own `randrange` and `shuffle`,
the standard `_randbelow`), the functions here make the same draws from its `getrandbits`
with those lines written out: the same numbers from the same stream, so the same search,
without two or three Python calls a draw. Whether this Python's `randrange` and `shuffle`
draw so is checked once, on first use, against them; if ever not, the generator's own
methods are used.
"""

from __future__ import annotations

import functools
import random

_RANDBELOW = getattr(random.Random, "_randbelow_with_getrandbits", None)


def _standard(rng) -> bool:
    """Whether `rng` draws its `randrange` and `shuffle` as `random.Random` does, through the standard
    `_randbelow` (its `getrandbits` may be any), on a Python whose methods draw as written here."""
    cls = type(rng)
    return (getattr(cls, "shuffle", None) is random.Random.shuffle
            and getattr(cls, "randrange", None) is random.Random.randrange
            and getattr(getattr(rng, "_randbelow", None), "__func__", None) is _RANDBELOW
            and _draws_so())


def shuffler(rng):
    """`rng.shuffle`, or a function shuffling the same from the same stream (see the module)."""
    return functools.partial(_shuffle, rng.getrandbits) if _standard(rng) else rng.shuffle


def chooser(rng):
    """A function of a non-empty list: its only item, or one drawn as `list[rng.randrange(len(list))]`
    (the same from the same stream: see the module)."""
    if not _standard(rng):
        randrange = rng.randrange
        return lambda legal: legal[randrange(len(legal))] if len(legal) > 1 else legal[0]
    return functools.partial(_choose, rng.getrandbits)


def _choose(getrandbits, legal):
    """`legal[rng.randrange(len(legal))]` for two items or more, `legal[0]` for one, drawn from
    `getrandbits` as `randrange` draws."""
    n = len(legal)
    if n == 1:
        return legal[0]
    k = n.bit_length()
    r = getrandbits(k)
    while r >= n:
        r = getrandbits(k)
    return legal[r]


def _shuffle(getrandbits, x) -> None:
    """`random.Random.shuffle(x)` with its `_randbelow` written out, drawing from `getrandbits`."""
    for i in range(len(x) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        x[i], x[j] = x[j], x[i]


@functools.cache
def _draws_so() -> bool:
    """Whether this Python's `random.Random.shuffle` and `randrange` draw as `_shuffle` and `_choose` do."""
    for seed in range(4):
        theirs, ours = random.Random(seed), random.Random(seed)
        for n in range(1, 70):
            a, b = list(range(n)), list(range(n))
            theirs.shuffle(a)
            _shuffle(ours.getrandbits, b)
            if a != b or n > 1 and a[theirs.randrange(n)] != _choose(ours.getrandbits, a):
                return False
    return True

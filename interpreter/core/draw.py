"""A chooser a generated loop can draw for itself: a `random.Random`'s own `choice`.

`Random.choice(seq)` is `seq[r]`, with `r` drawn below `n = len(seq)` by rejection from
`getrandbits(n.bit_length())`. Those two Python calls are about a tenth of what a random
playout (`state.playout(rng.choice)`) of a trick-taking deal costs. When the chooser is
exactly that method, of a generator whose `_randbelow` is the standard one (its
`getrandbits` may be any), a generated loop makes the same draw inline from the generator's
`getrandbits` (the lines of `below`): the same numbers from the same stream, so the same
cards and records, without the calls.

Whether this Python's `choice` draws so is checked once, on first use, against `choice`
itself on a few thousand draws; if it ever differs, no chooser is drawn inline and every
one is called.
"""

from __future__ import annotations

import functools
import random


def below(getrandbits, n: int) -> int:
    """A uniform number in [0, n), n >= 1, drawn as `Random.choice` draws its index: the generated
    loops write these lines out (`emit.tricks`); here they are checked against `choice`."""
    width = n.bit_length()
    r = getrandbits(width)
    while r >= n:
        r = getrandbits(width)
    return r


@functools.cache
def choice_draws_so() -> bool:
    """Whether `random.Random.choice` picks `seq[below(getrandbits, len(seq))]` on this Python."""
    for seed in range(4):
        theirs, ours = random.Random(seed), random.Random(seed)
        for n in range(1, 130):
            seq = range(n)
            for _ in range(4):
                if theirs.choice(seq) != below(ours.getrandbits, n):
                    return False
    return True


_CHOICE = random.Random.choice
# the draw `choice` makes through `_randbelow` (absent, nothing is drawn inline; present, `choice_draws_so` checks it)
_BELOW = getattr(random.Random, "_randbelow_with_getrandbits", object())


def random_bits(choose):
    """The `getrandbits` of the generator whose own `choice` `choose` is, when a loop may draw its
    choices itself (`below`, or its lines written out); else None (`choose` is called)."""
    if getattr(choose, "__func__", None) is not _CHOICE:
        return None
    rng = choose.__self__  # (its `getrandbits` is the one its `choice` draws from, even if replaced)
    if getattr(getattr(rng, "_randbelow", None), "__func__", None) is not _BELOW or not choice_draws_so():
        return None
    return rng.getrandbits

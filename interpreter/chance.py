"""Chance: the random outcomes of a game (a shuffle, a cut, the first dealer), from a key.

Each chance event of a game has a key (the state's chance seed, the deal's number, the
event's number in the deal); its outcome is a function of that key alone. So a state
carries no random generator between decisions (a clone copies a number), and the same
seed gives the same game whatever was cloned or sampled in between.

The bits of an event are BLAKE2b digests of its key and a block counter, which is cheaper
than seeding a Mersenne Twister for every event and is as uniform as a generator needs to
be. A shuffle is Fisher-Yates driven by one uniform number below n! (rejection sampling),
read digit by digit in the factorial number system: exactly uniform over the orders.
"""

from __future__ import annotations

import functools
import math
from hashlib import blake2b as _blake2b

_FACTORIALS = [math.factorial(n) for n in range(130)]


@functools.cache
def _steps(n: int) -> tuple:
    """Fisher-Yates on n items: each place from the last down to the second, and how many
    places (itself and those before it) its item is drawn from."""
    return tuple((i, i + 1) for i in range(n - 1, 0, -1))


class Chance:
    """The random outcomes of one chance event, drawn from its key."""

    __slots__ = ("block", "key")

    def __init__(self, key: str):
        self.key = key.encode()
        self.block = 0

    def _below(self, bound: int) -> int:
        """A uniform whole number in [0, bound), bound >= 1."""
        bits = (bound - 1).bit_length()
        if bits == 0:
            return 0
        nbytes = (bits + 7) // 8
        shift, key = 8 * nbytes - bits, self.key + b"/"
        while True:
            raw = b""
            while len(raw) < nbytes:  # (one digest, 64 bytes, covers 64! and less)
                self.block += 1
                raw += _blake2b(key + b"%d" % self.block).digest()
            x = int.from_bytes(raw[:nbytes], "little") >> shift
            if x < bound:
                return x

    def randrange(self, n: int) -> int:
        """A uniform choice among 0, 1, ..., n - 1."""
        if n < 1:
            raise ValueError("randrange needs at least one choice")
        return self._below(n)

    def shuffle(self, items: list) -> None:
        """Put `items` in a uniformly random order, in place."""
        n = len(items)
        x = self._below(_FACTORIALS[n] if n < len(_FACTORIALS) else math.factorial(n))
        for i, radix in _steps(n):
            x, j = divmod(x, radix)
            items[i], items[j] = items[j], items[i]

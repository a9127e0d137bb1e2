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

from ..core.source import Source

_FACTORIALS = [math.factorial(n) for n in range(130)]


_DIGIT = 2**30  # a whole number below this is one digit of CPython's: its arithmetic is the quickest


@functools.cache
def _shuffler(n: int):
    """Fisher-Yates on n items, driven by a number x below n!, as generated straight-line code
    (`interpreter.compile.emit`, its rule: only engine words and int literals): each place from the last
    down to the second swaps with the place the next digit of x names, the digits read in the
    factorial number system (the place's own radix: itself and the places before it).

    The digits are read a few places at a time: x is divided once by the product of their radices
    (below one machine digit), and the digits come from the remainder, a small number. The same
    digits as dividing x by each radix in turn, for less arithmetic on a number of 226 bits."""
    src = Source("shuffle")
    lit = src.literal
    src.add(0, "def shuffle(items, x):")
    steps = [(i, i + 1) for i in range(n - 1, 0, -1)]
    while steps:
        group, product = [], 1
        while steps and product * steps[0][1] < _DIGIT:
            product *= steps[0][1]
            group.append(steps.pop(0))
        src.add(1, f"x, y = divmod(x, {lit(product)})")
        for k, (i, radix) in enumerate(group):
            if k < len(group) - 1:
                src.add(1, f"j = y % {lit(radix)}")
                src.add(1, f"y //= {lit(radix)}")
            else:  # (what is left is the last digit)
                src.add(1, "j = y")
            src.add(1, f"items[{lit(i)}], items[j] = items[j], items[{lit(i)}]")
    src.add(1, "return")
    (shuffle,) = src.build("shuffle")
    return shuffle


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
        _shuffler(n)(items, self._below(_FACTORIALS[n] if n < len(_FACTORIALS) else math.factorial(n)))

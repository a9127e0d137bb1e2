"""Packs and card names: `10` is read as `T`, and jokers are shown after the suits."""

from __future__ import annotations

from interpreter.core.cards import Pack


def test_ten_is_read_as_t_and_jokers_follow_the_suits():
    pack = Pack.build("SHDC", "AKQJT98765432", extra=("BJ", "LJ"))
    assert pack.rank_index("10") == pack.rank_index("t") == 4 and pack.rank_index("K") == 1
    assert pack.format_by_suit([pack.parse(c) for c in "BJ AS 2H KS LJ".split()]) == "S: A K   H: 2   BJ LJ"

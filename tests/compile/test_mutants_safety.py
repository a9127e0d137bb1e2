"""Divisions proved safe at validate time (interpreter/compile/safety.py), where mutation testing found
the proof unchecked: each comparison with a number, on either side, that shows a divisor is not
0 or does not; a division inside a condition; a constant divisor of 1."""

from __future__ import annotations

import pytest

from interpreter.compile.safety import unguarded_divisions
from interpreter.compile.scope import build_scope
from interpreter.core.cards import Pack

SCOPE = build_scope(Pack.build("SHD", "AKQJ"), 3, 1, {}, ["game"])


@pytest.mark.parametrize("guard, proved", [
    ("tricks_won < 0", True), ("tricks_won < 1", False), ("tricks_won < -1", True),
    ("tricks_won <= -1", True), ("tricks_won <= 0", False), ("tricks_won <= -0.5", True),
    ("tricks_won > 0", True), ("tricks_won > -1", False), ("tricks_won > 2", True),
    ("tricks_won >= 1", True), ("tricks_won >= 0", False),
    ("tricks_won != 0", True), ("tricks_won != 1", False),
    ("0 < tricks_won", True), ("1 > tricks_won", False), ("-1 >= tricks_won", True), ("0 >= tricks_won", False),
    ("0 != tricks_won", True), ("not (tricks_won == 0)", True), ("not (tricks_won == 1)", False),
])
def test_a_guard_shows_the_divisor_is_not_0_or_does_not(guard, proved):
    source = f"if {guard} then 10 / tricks_won else 0"
    assert unguarded_divisions(source, SCOPE) == ([] if proved else [(1, len(source) - 16, "tricks_won")])


def test_a_division_in_a_condition_is_checked_too():
    assert unguarded_divisions("if 12 / tricks_won > 1 then 1 else 0", SCOPE) == [(1, 9, "tricks_won")]


def test_a_constant_divisor_needs_no_guard_and_a_count_does():
    assert unguarded_divisions("tricks_won / 1 + tricks_won % count(seats)", SCOPE) == []
    assert unguarded_divisions("tricks_won / count(c in won where c.rank == A)", SCOPE) == [
        (1, 14, "count(c in won where c.rank == A)")]

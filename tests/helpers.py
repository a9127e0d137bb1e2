"""Helpers shared by the tests."""

from __future__ import annotations


def unseen_redealt(state, seat, rng):
    """A copy of `state` whose hands that `seat` cannot see are dealt again among themselves.

    A seat's view must not change: it is the test of exact hidden information."""
    other = state.clone()
    hidden = [p for p in range(len(other.hands)) if p != seat and not other.shown[p]]
    pool = [c for p in hidden for c in other.hands[p]]
    rng.shuffle(pool)
    for p in hidden:
        k = len(other.hands[p])
        other.hands[p], pool = sorted(pool[:k]), pool[k:]
    other._legal = None  # the legal list of the seat to play belongs to its old hand
    return other

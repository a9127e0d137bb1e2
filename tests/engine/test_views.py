"""What a seat's view tells of the seat to act: it is named even when it is the first seat, and
its legal moves are shown to it alone."""

from __future__ import annotations

from tests.phases.table import X, Y, Z, position
from tests.phases.test_auction import HANDS, spec


def test_the_first_seat_to_act_is_named_and_sees_its_legal_calls():
    st = position(spec(), HANDS, dealer=Z)  # the dealer is Z: X bids first
    mine, other = st.view(X), st.view(Y)
    assert mine["to_act"] == other["to_act"] == "X"
    assert mine["legal"] == ["pass", "bid 1", "bid 2", "bid 3", "bid 4"] and "legal" not in other

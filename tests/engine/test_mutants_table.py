"""The table a deal starts from (interpreter/engine/table.py), as seen from a decision made before the
cards are dealt: nothing of the last deal is left on it."""

from __future__ import annotations

from tests.phases.table import X, game


def contract_first():
    """Each deal's contract is named before the deal; a deal of three cards each (a talon of
    three) plays one trick and stops, so cards are left in the hands and the talon."""
    return game("""
phases:
  choose_contract:
    by: dealer
  deal: {hand_size: 3}
  play:
  score:
play:
  stop_when: trick_number >= 1
contracts:
  low:
    score: 0 - tricks_won
  high:
    score: tricks_won
match: {deals: 2}
""")


def test_before_the_next_deal_no_seat_holds_a_card_and_there_is_no_talon():
    st = contract_first().new_state(1, first_dealer=X)
    st.apply("contract low")
    assert [len(h) for h in st.hands] == [3, 3, 3] and len(st.talon) == 3
    for _ in range(3):
        st.apply(st.legal_actions()[0])
    assert st.deal_number == 2 and st.phase.kind == "choose_contract"
    assert [len(st.deals[0].hands[p]) for p in range(3)] == [3, 3, 3]  # (one trick of three was played)
    assert st.hands == [[], [], []] and st.talon == []
    assert [st.view(p)["hand"] for p in range(3)] == [[], [], []]

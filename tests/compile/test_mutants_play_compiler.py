"""Compiling play, where mutation testing found it unchecked: a failure in the part of a play
rule that the trick loop runs on its own (the value in `card.suit == value`) is placed at that
rule's `keep`, not at the phase."""

from __future__ import annotations

import pytest
from tests.phases.table import Z, one_deal, position

from interpreter.core.errors import GameFault

PICKED = """play:
  leader: next(dealer)
  rules: [picked]
play_rules:
  picked:
    description: a suit picked by the trick's number
    keep: card.suit == (if trick_number / 2 + 1 >= 1 and trick_number / 2 + 1 <= 3 then [S, H, D][trick_number / 2 + 1]
      else S)"""


def test_a_failure_of_the_value_a_rule_compares_cards_with_is_placed_at_the_rules_keep():
    st = position(one_deal("  play:", "tricks_won", head=PICKED), ["AS QS KH JD", "KS AH QH AD", "JS JH KD QD"], dealer=Z)
    with pytest.raises(GameFault) as e:
        st.legal_actions()
    rule = PICKED.splitlines()[-2]  # (a fraction is in range, validate cannot refuse it, but no index)
    assert str(e.value).splitlines() == [
        "t.yaml:16:99: an index must be a whole number (deal 1, X to act; seed 1)", "    " + rule,
        " " * (4 + 98) + "^"]

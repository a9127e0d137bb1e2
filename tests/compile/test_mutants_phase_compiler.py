"""Compiling phases, where mutation testing found it unchecked: the talon followed through a
deal that completes the hands, a rank a declaring category names that the pack lacks, how
often `once_each` lets the busiest chooser choose when the declarer is not the dealer."""

from __future__ import annotations

import pytest
from tests.phases.table import game
from tests.phases.test_contract import spec as contract_spec
from tests.phases.test_declare import CATEGORIES
from tests.phases.test_declare import spec as declare_spec

from interpreter.core.errors import SpecErrors


def errors(make) -> list[tuple[str, int | None, int | None]]:
    with pytest.raises(SpecErrors) as e:
        make()
    return [(x.message, x.line, x.column) for x in e.value.errors]


def two_deals(first, second: str):
    """`first` cards each, then a second deal (`second`: its settings), then an exchange with a
    `min` (12 cards, 3 seats)."""
    return game(f"""
phases:
  deal: {{hand_size: {first}}}
  again:
    kind: deal
{second}
  exchange:
    min: 1
  score:
contracts:
  game:
    score: 0
match: {{deals: 1}}
""")


def completed(size):
    """Two cards each, then the hands completed to `size` from the talon, then an exchange."""
    return two_deals(2, f"    hand_size: {size}\n    more: true")


def test_an_exchange_with_a_min_after_the_hands_are_completed_from_the_whole_talon_is_refused():
    assert errors(lambda: completed(4)) == [
        ("`min` is 1, but the talon is empty when this phase starts (the deals give every card), so there is "
         "nothing to exchange", 16, 10)]
    assert completed(3).phases[2].kind == "exchange"  # three cards each: three left in the talon


def test_a_rank_a_category_names_must_be_a_rank_of_the_pack():
    assert errors(lambda: declare_spec(CATEGORIES.replace("ranks: [A, K, Q]", "ranks: [A, C, Q]"))) == [
        ("`C` is not a rank of this pack", 34, 20)]


def test_once_each_with_a_declarer_who_is_not_the_dealer_counts_the_whole_tables_choices():
    # the declarer is left of the dealer: the choosers are not counted seat by seat
    assert errors(lambda: contract_spec("  choose_contract:\n    once_each: true", deals=10,
                                        dealer_next="next(dealer)")) == [
        ("the game has 10 deals and 10 contracts are chosen, but with `once_each` there are only 9 to choose: the "
         "choices run out before the last deal", 14, 5)]
    assert contract_spec("  choose_contract:\n    once_each: true", deals=9, dealer_next="next(dealer)").n == 3


def test_once_each_with_a_number_of_deals_known_only_in_play_is_not_counted():
    """Whether the contracts run out can be counted only for a number of deals the compiler
    knows; one the game computes as it goes (here from who deals and declares) is left to play."""
    g = contract_spec("  choose_contract:\n    once_each: true", deals="if dealer == declarer then 3 else 6")
    assert g.n == 3 and [ph.kind for ph in g.phases][1] == "choose_contract"


def test_a_hand_size_the_compiler_cannot_know_leaves_the_talon_unknown():
    """A deal of every card, then a deal again of a size computed in play: the talon may hold cards
    again, so an exchange with a `min` after it is left to play."""
    g = two_deals(4, "    hand_size: count(seats) - 1")
    assert [ph.kind for ph in g.phases] == ["deal", "deal", "exchange", "score"]


def test_a_hand_size_written_as_a_whole_float_is_followed_as_a_number():
    assert errors(lambda: completed("4.0")) == [
        ("`min` is 1, but the talon is empty when this phase starts (the deals give every card), so there is "
         "nothing to exchange", 16, 10)]


def test_by_default_the_cards_are_dealt_one_at_a_time():
    def hands(packets):
        g = game(f"""
phases:
  deal: {{hand_size: 4{packets}}}
  score:
contracts:
  game:
    score: 0
match: {{deals: 1}}
""")
        return [list(h) for h in g.new_state(7).deal.hands]
    assert hands("") == hands(", packets: [1]") != hands(", packets: [2]")


@pytest.mark.parametrize("missing", ["deal", "score"])
def test_a_game_that_plays_needs_a_deal_and_a_score_phase(missing):
    phases = "".join(f"  {name}:\n" for name in ("deal", "play", "score") if name != missing)
    text = f"phases:\n{phases}contracts:\n  game:\n    score: tricks_won\nmatch: {{deals: 1}}\n"
    assert errors(lambda: game(text)) == [(f"the phases have no `{missing}` phase", 8, 1)]

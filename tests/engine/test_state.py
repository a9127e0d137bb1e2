"""The State's own verbs: an action object applied straight away or refused with the rule, a
clone's own legal list, each game of a partie totalled from zero, and a finished game, with
nobody to act, nothing legal, and the game total its spec promised checked at its end."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from interpreter.compile.game import load_game
from interpreter.core.errors import GameFault, IllegalAction
from interpreter.engine.state import TERMINAL
from tests.phases.table import X, Y, Z, game, hand, legal, position
from tests.phases.test_tricks import spec as tricks_spec

HANDS = ["AS KS QS AH", "JS KH QH JH", "AD KD QD JD"]


def trick_position():
    st = position(tricks_spec(), HANDS, dealer=Z)
    st.apply("trump H")
    return st


def test_a_card_is_applied_as_an_action_without_asking_for_the_legal_list_first():
    st = trick_position()
    st.apply(st.hands[X][0])  # AS, given as the card itself: the legal list is not cached yet
    assert st.current_player == Y and hand(st, X) == "KS QS AH"
    st.apply(st.hands[Y][0])  # JS, the only legal card
    assert st.current_player == Z and hand(st, Y) == "KH QH JH"


def test_an_illegal_card_given_as_an_action_is_refused_with_the_rule():
    st = trick_position()
    st.apply(st.hands[X][0])
    with pytest.raises(IllegalAction) as e:
        st.apply(st.hands[Y][1])  # KH while Y holds JS
    assert e.value.message == ("`play KH` breaks the rule `follow suit` (play a card of the suit led if you "
                               "have one); you may play JS")
    assert e.value.rule == "follow suit"
    assert legal(st) == ["play JS"] and st.current_player == Y
    with pytest.raises(IllegalAction) as e:
        st.apply(st.hands[X][0])  # KS: X's card, not Y's
    assert e.value.message == "Y does not hold KS"


def test_a_clone_has_its_own_legal_list():
    st = trick_position()
    st.legal_actions()  # the original has its legal list cached
    other = st.clone()
    theirs = other.legal_actions()
    assert [a.name for a in theirs] == ["play AS", "play KS", "play QS", "play AH"]
    theirs.clear()  # a caller may do what it likes with the list it was given
    assert legal(st) == ["play AS", "play KS", "play QS", "play AH"]
    st.apply("play KS")
    assert st.current_player == Y and other.current_player == X


PARTIE = """
phases:
  deal: {hand_size: 1}
  score:
contracts:
  game:
    score: 1 + deal_number
match: {deals: 1}
partie: {ends_when: games_played >= 3}
"""


def test_each_game_of_a_partie_starts_from_zero():
    st = game(PARTIE).new_state(1, first_dealer=X)
    assert st.is_terminal
    assert st.game_totals == [[2, 2, 2], [3, 3, 3], [4, 4, 4]]
    assert st.totals == [4, 4, 4]


@pytest.mark.parametrize("how", ["apply", "playout"])
def test_a_finished_game_has_nobody_to_act_and_nothing_legal(how):
    st = load_game(Path(__file__).resolve().parents[2] / "specs" / "barbu" / "barbu.yaml").new_state(6)
    rng = random.Random(6)
    while not st.is_terminal:
        if how == "playout":
            st.playout(rng.choice)
        else:
            st.apply(rng.choice(st.legal_actions()))
    assert st.current_player == TERMINAL and st.legal_actions() == [] and len(st.deals) == 28


def test_a_game_whose_totals_break_the_spec_s_promise_fails_at_its_end_with_the_rule(tmp_path):
    """`match.total` is checked as the game ends, like the score sheet's check column."""
    text = (Path(__file__).resolve().parents[2] / "specs" / "barbu" / "barbu.yaml").read_text()
    assert "  total: 0 " in text
    spec = tmp_path / "promise.yaml"
    spec.write_text(text.replace("  total: 0 ", "  total: 1 "))
    st = load_game(spec).new_state(6)
    rng = random.Random(6)
    with pytest.raises(GameFault) as e:
        st.playout(rng.choice, whole_game=True)
    line = text.splitlines().index(next(x for x in text.splitlines() if x.startswith("  total: 0 "))) + 1
    assert (e.value.line, e.value.column) == (line, 3)  # at the total the spec declares
    assert e.value.message.endswith("sum to 0, but the spec declares a game total of 1 (at the end of the game, "
                                    "after deal 28; seed 6)")
    assert len(st.deals) == 28


BARBU = Path(__file__).resolve().parents[2] / "specs" / "barbu" / "barbu.yaml"


def test_a_deal_given_the_order_of_its_pack_is_dealt_from_that_order_whatever_the_seed():
    g = load_game(BARBU)
    order = list(range(52))
    random.Random(5).shuffle(order)
    one, two = (g.new_state(seed, first_dealer=0, decks={1: order, 2: order[::-1]}) for seed in (1, 2))
    assert one.hands == two.hands
    # dealt one card at a time from the left of the dealer (A): B takes the top card, C the next
    assert sorted(one.hands[1]) == sorted(order[0::4]) and sorted(one.hands[0]) == sorted(order[3::4])
    rng = random.Random(0)
    while one.deal_number == 1:
        one.apply(rng.choice(one.legal_actions()))
    assert sorted(one.hands[2]) == sorted(order[::-1][0::4])  # the second deal: dealer B, C takes the top card


@pytest.mark.parametrize("given, key", [
    ({"hands": {0: []}}, "0"), ({"decks": {"1": []}}, "'1'"), ({"talons": {(1, 0): []}}, "(1, 0)"),
    ({"cuts": {(0, 1): 3}}, "(0, 1)"),
])
def test_given_chance_outcomes_are_keyed_by_a_deal_and_a_wrong_key_is_refused(given, key):
    with pytest.raises(ValueError) as e:
        load_game(BARBU).new_state(1, **given)
    what = next(iter(given))
    assert str(e.value) == (f"`{what}` is keyed by deal number (1, 2, ...), or (deal number, k) for the deal's "
                            f"k-th deal again, not {key}")

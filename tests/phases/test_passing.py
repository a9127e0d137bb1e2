"""Passing cards: every seat chooses cards for another at once; they arrive when all have
chosen; how many and to whom are expressions (rotating by deal, none at all); nobody else
learns which cards were passed."""

from __future__ import annotations

import random

from interpreter.words.screen import action_line
from tests.helpers import unseen_redealt

from .table import X, Y, Z, game, hand, one_deal, play, position, refused, walk

HANDS = ["AS KS QS JS", "AH KH QH JH", "AD KD QD JD"]
SPADES = "count(c in hand where c.suit == S)"


def spec(passing="    count: 2\n    to: left(player)", score=SPADES):
    return one_deal(f"  passing:\n    kind: pass_cards\n{passing}", score,
                    head="dealer: {first: random, next: left(dealer)}")


def test_each_seat_chooses_its_cards_and_they_arrive_when_all_have_chosen():
    st = position(spec(), HANDS, dealer=X)  # from the dealer's left: Y, Z, X
    assert walk(st, "pass AH", "pass JH") == [(Y, ["pass AH", "pass KH", "pass QH", "pass JH"]),
                                              (Y, ["pass KH", "pass QH", "pass JH"])]
    assert st.current_player == Z and hand(st, Z) == "AD KD QD JD"  # Y's cards have not arrived
    assert st.view(Y)["passing"] == ["AH", "JH"] and st.view(Z)["passing"] == []
    assert st.view(Z)["hand_sizes"] == {"X": 4, "Y": 2, "Z": 4}
    play(st, "pass KD", "pass QD", "pass AS")
    assert st.current_player == X and hand(st, Y) == "KH QH"  # X has not chosen: nothing has arrived
    st.apply("pass KS")
    assert st.is_terminal  # to the left: Y's hearts to Z, Z's diamonds to X, X's spades to Y
    assert [hand(st, p) for p in (X, Y, Z)] == ["QS JS KD QD", "AS KS KH QH", "AH JH AD JD"]
    assert st.deals[0].scores == [2, 2, 0]
    assert st.view(X)["passed"] == ["AS", "KS"] and st.view(X)["passing"] == []


def test_a_card_not_in_the_hand_is_refused_with_the_count_still_to_pass():
    st = position(spec(), HANDS, dealer=X)
    st.apply("pass AH")
    assert refused(st, "pass AS") == ("Y may pass only a card of his hand (1 more to Z)", "hand")
    assert refused(st, "pass AH") == ("Y may pass only a card of his hand (1 more to Z)", "hand")


def test_who_passes_and_how_many_are_expressions():
    st = position(spec("    who: player != dealer\n    count: if player == left(dealer) then 1 else 3\n"
                       "    to: right(player)"), HANDS, dealer=X)
    assert walk(st, "pass JH", "pass JD", "pass QD", "pass KD") == [
        (Y, ["pass AH", "pass KH", "pass QH", "pass JH"]), (Z, ["pass AD", "pass KD", "pass QD", "pass JD"]),
        (Z, ["pass AD", "pass KD", "pass QD"]), (Z, ["pass AD", "pass KD"])]
    assert st.is_terminal  # X, the dealer, passes nothing
    assert [hand(st, p) for p in (X, Y, Z)] == ["AS KS QS JS JH", "AH KH QH KD QD JD", "AD"]


ROTATING = """
dealer: {first: random, next: dealer}
direction: clockwise
phases:
  deal: {hand_size: 4}
  passing:
    kind: pass_cards
    count: 1
    to: if deal_number == 1 then left(player) else if deal_number == 2 then right(player) else none
  score:
contracts:
  game:
    score: count(c in hand where c.suit == S)
match: {deals: 3}
"""


def test_the_direction_may_turn_from_deal_to_deal_and_a_deal_may_have_no_pass():
    g = game(ROTATING)
    parse = g.pack.parse
    hands = {k: [[parse(c) for c in h.split()] for h in HANDS] for k in (1, 2, 3)}
    st = g.new_state(1, first_dealer=X, hands=hands)
    play(st, "pass AH", "pass AD", "pass AS")  # deal 1: to the left
    assert st.deals[0].scores == [3, 1, 0] and st.deal_number == 2  # X gave his ace of spades to Y
    play(st, "pass AH", "pass AD", "pass AS")  # deal 2: to the right (Y's ace of hearts to X)
    assert st.deals[1].scores == [3, 0, 1] and st.deal_number == 3
    assert st.is_terminal and st.deals[2].scores == [4, 0, 0]  # deal 3: no pass, nobody is asked
    assert [a.name for _, a in st.deals[2].actions] == []


def test_others_learn_only_that_a_card_was_passed_and_to_whom():
    st = position(spec(), HANDS, dealer=X)
    action = st.legal_actions()[0]
    assert action_line(st, Y, action, Y).endswith("pass AH")
    assert action_line(st, Y, action, Z).endswith("pass a card to Z")
    assert "AH" not in action_line(st, Y, action, X)


def test_the_cards_chosen_stay_hidden_from_the_others_until_they_arrive():
    st = position(spec(), HANDS, dealer=X)
    play(st, "pass AH", "pass JH", "pass KD")
    rng = random.Random(1)
    for seat in (X, Y, Z):
        for _ in range(5):
            other = unseen_redealt(st, seat, rng)
            assert other.view(seat) == st.view(seat)
    # a world imagined for X deals the chosen cards again; Y's own stay where Y put them
    worlds = {tuple(st.sampled_for(X, random.Random(k)).passing[Y]) for k in range(20)}
    assert len(worlds) > 1
    assert {tuple(st.sampled_for(Y, random.Random(k)).passing[Y]) for k in range(20)} == {tuple(st.passing[Y])}
    play(st, "pass QD", "pass AS", "pass KS")
    worlds = {tuple(sorted(st.sampled_for(X, random.Random(k)).hands[Y])) for k in range(20)}
    assert all({st.game.pack.parse("AS"), st.game.pack.parse("KS")} <= set(w) for w in worlds)


def test_a_pass_without_a_receiver_or_a_call_phase_with_nothing_to_call_is_refused_at_its_place():
    import pytest

    from interpreter.core.errors import SpecErrors

    with pytest.raises(SpecErrors) as e:
        spec("    count: 2")
    assert str(e.value).splitlines()[0] == ("t.yaml:13:3: a `pass_cards` phase needs `to`: the seat each player "
                                            "passes to, e.g. `partner(player)`")
    with pytest.raises(SpecErrors) as e:
        one_deal("  calls:\n    kind: call\n    pass: false", "0")
    assert str(e.value).splitlines()[0] == ("t.yaml:15:5: a `call` phase without a pass needs `numbers` or "
                                            "`words`: something every seat may call")


def test_the_phase_names_every_card_it_could_ever_offer():
    g = spec()
    phase = next(ph for ph in g.phases if ph.kind == "pass_cards")
    assert phase.vocabulary(g) == [f"pass {name}" for name in g.pack.names]
    call = next(ph for ph in game(ROTATING).phases if ph.name == "passing")
    assert call.kind == "pass_cards"

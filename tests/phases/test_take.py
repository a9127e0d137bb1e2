"""An exchange that takes first and discards after: the turned-up card, or the whole talon,
goes into the seat's hand, then it lays away cards of the enlarged hand one by one; the others
hear how many were laid away, and a take with nothing to lay away is recorded at once."""

from __future__ import annotations

from .table import X, Y, cards, hand, heard, legal, one_deal, play, position, refused


def take_game(settings):
    return one_deal(f"  pick_up:\n    kind: exchange\n    by: dealer\n{settings}", "count(discards)",
                    deal="hand_size: 2, turn_up: offer")


def test_the_dealer_takes_the_turn_up_then_discards_a_card_of_the_enlarged_hand():
    st = position(take_game("    take: turn_up"), ["AS KS", "QS JS", "AH KH"], talon="QH JH AD", dealer=X)
    assert hand(st, X) == "AS KS QH" and st.turn_up is None  # taken at once
    assert legal(st) == ["discard AS", "discard KS", "discard QH"]  # min = max = one card: no `done`
    public = st.phase.public_name(st, st.legal_actions()[2], Y)
    play(st, "discard QH")  # the card he took may go straight back
    assert public == "discard 1 card"
    assert st.is_terminal and hand(st, X) == "AS KS" and cards(st, st.discards[X]) == ["QH"]
    assert st.deals[0].exchanges == [(X, (st.game.pack.parse("QH"),), (st.game.pack.parse("QH"),))]
    assert st.deals[0].scores == [1, 0, 0]


def test_the_talon_is_taken_whole_and_done_stops_between_min_and_max():
    st = position(take_game("    take: talon\n    min: 1"), ["AS KS", "QS JS", "AH KH"], talon="QH JH AD",
                  dealer=Y)
    assert hand(st, Y) == "QS JS JH AD" and st.talon == []  # (QH was turned up: the rest is the talon)
    assert legal(st) == ["discard QS", "discard JS", "discard JH", "discard AD"]  # at least one first
    assert refused(st, "done") == ("Y must discard at least 1 card", "exchange")
    play(st, "discard AD")
    assert legal(st)[-1] == "done"
    play(st, "done")
    assert st.is_terminal and hand(st, Y) == "QS JS JH" and st.deals[0].scores == [0, 1, 0]


def test_done_after_taking_tells_how_many_were_laid_away():
    st = position(take_game("    take: talon\n    min: 1"), ["AS KS", "QS JS", "AH KH"], talon="QH JH AD", dealer=Y)
    assert heard(st, "discard AD") is None
    play(st, "discard AD")
    assert heard(st, "done") == "  Y: discard 1 card"


def test_a_take_with_nothing_to_lay_away_is_recorded_at_once():
    st = position(take_game("    take: turn_up\n    max: 0"), ["AS KS", "QS JS", "AH KH"], talon="QH JH AD",
                  dealer=X)
    assert st.is_terminal and st.exchanges == [0, 0, 0]
    assert [(p, cards(st, d), cards(st, t)) for p, d, t in st.deals[0].exchanges] == [(X, [], ["QH"])]


def test_a_take_exchange_refuses_the_discard_first_settings():
    import pytest

    from interpreter.core.errors import SpecErrors

    with pytest.raises(SpecErrors) as e:
        take_game("    take: talon\n    draw: false")
    assert [x.message for x in e.value.errors] == [
        "`draw` is for an exchange that discards first; this one takes first (`take`)"]

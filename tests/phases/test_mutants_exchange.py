"""Exchange behaviour that mutation testing found unchecked: what the other seats hear of a
discard-then-draw exchange and of a take-then-discard one, and a take with nothing to lay away."""

from __future__ import annotations

from tests.phases.table import X, Y, Z, cards, play, position
from tests.phases.test_exchange import HANDS, TALON, spec
from tests.phases.test_take import take_game

from interpreter.words.screen import action_line


def heard(st, name, viewer=Z):
    """What `viewer` hears as the seat to act takes the action `name` (asked before it is applied)."""
    [action] = [a for a in st.legal_actions() if a.name == name]
    return action_line(st, st.current_player, action, viewer)


def test_the_others_hear_the_count_only_when_the_seat_stops():
    st = position(spec(), HANDS, talon=TALON, dealer=X)  # Y discards 1 or 2
    assert [ph.kind for ph in st.game.phases] == ["deal", "exchange", "score"]
    assert heard(st, "discard AH") is None  # more may follow
    assert heard(st, "discard AH", Y) == "  Y: discard AH"  # the seat itself sees its card
    play(st, "discard AH")
    assert heard(st, "draw") == "  Y: discard 1 card, draw 1"
    assert heard(st, "discard JS") == "  Y: discard 2 cards, draw 2"  # the most: the draw follows


def test_a_seat_that_discards_nothing_is_heard_so():
    st = position(spec("    min: 0\n    max: 2"), HANDS, talon=TALON, dealer=X)
    assert heard(st, "draw") == "  Y: discard no card"


def test_a_later_draw_is_not_told_with_the_discard():
    st = position(spec("    max: 1\n    draw: false"), HANDS, talon=TALON, dealer=X)
    assert heard(st, "discard KH", X) == "  Y: discard 1 card"


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

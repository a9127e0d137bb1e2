"""Exchanging with the talon card by card, drawing now or later, seeing the cards left, and
what the other seats hear of it: how many cards, once the seat stops."""

from __future__ import annotations

from .table import X, Y, Z, cards, game, hand, heard, legal, play, position, refused

HANDS = ["AS KS QS", "JS AH KH", "QH JH AD"]
TALON = "KD QD JD"


def spec(exchange="    min: 1\n    max: 2", more=""):
    return game(f"""
declarer: left(dealer)
phases:
  deal: {{hand_size: 3}}
  exchange:
{exchange}
{more}
  score:
contracts:
  game:
    score: count(c in hand where c.suit == D)
match: {{deals: 1}}
""")


def test_the_declarer_discards_one_by_one_within_the_bounds_then_draws():
    st = position(spec(), HANDS, talon=TALON, dealer=X)
    assert st.current_player == Y and legal(st) == ["discard JS", "discard AH", "discard KH"]  # at least one
    assert refused(st, "draw") == ("Y must discard at least 1 card before drawing", "exchange")
    assert refused(st, "discard AS") == ("Y does not hold AS", None)
    st.apply("discard AH")
    assert legal(st) == ["discard JS", "discard KH", "draw"]
    assert cards(st, st.discards[Y]) == ["AH"] and hand(st, Y) == "JS KH"
    st.apply("draw")
    assert st.is_terminal
    assert hand(st, Y) == "JS KH KD" and cards(st, st.talon) == ["QD", "JD"]
    assert st.exchanges == [0, 1, 0]
    assert [(p, cards(st, d), cards(st, t)) for p, d, t in st.deal.exchanges] == [(Y, ["AH"], ["KD"])]
    assert st.deals[0].raw == [0, 1, 1]


def test_at_the_most_allowed_the_draw_follows_by_itself():
    st = position(spec(), HANDS, talon=TALON, dealer=X)
    play(st, "discard JS", "discard AH")
    assert st.is_terminal and hand(st, Y) == "KH KD QD" and st.exchanges == [0, 2, 0]


def test_the_bounds_are_capped_by_the_talon_and_hand():
    st = position(spec("    min: 3\n    max: 5"), HANDS, talon="KD QD", dealer=X)
    # at most the 2 talon cards; so at least 2
    assert legal(st) == ["discard JS", "discard AH", "discard KH"]
    st.apply("discard KH")
    assert legal(st) == ["discard JS", "discard AH"]
    assert refused(st, "draw") == ("Y must discard at least 2 cards before drawing", "exchange")
    st.apply("discard JS")
    assert st.is_terminal and hand(st, Y) == "AH KD QD"


def test_nothing_to_exchange_means_no_decision():
    st = position(spec("    max: 0"), HANDS, talon=TALON, dealer=X)
    assert st.is_terminal and hand(st, Y) == "JS AH KH" and st.deal.exchanges == [(Y, (), ())]


def test_one_exchange_limits_the_next_and_the_seat_may_see_what_it_left():
    more = """  second:
    kind: exchange
    by: left(declarer)
    max: 3 - exchanged(declarer)
  third:
    kind: exchange
    by: dealer
    max: 3 - exchanged(declarer) - exchanged(left(declarer))
"""
    st = position(spec("    max: 2\n    sees_unused: 3", more=more), HANDS, talon=TALON, dealer=X)
    play(st, "discard AH", "draw")
    assert cards(st, st.talon_seen[Y]) == ["QD", "JD"]  # entitled to 3, took 1
    assert st.current_player == Z and legal(st) == ["discard QH", "discard JH", "discard AD", "draw"]
    play(st, "discard QH")  # the most left: 2
    assert legal(st) == ["discard JH", "discard AD", "draw"]
    play(st, "discard JH")
    assert hand(st, Z) == "AD QD JD" and st.talon == []
    assert st.is_terminal  # nothing left for X: not asked
    assert st.exchanges == [0, 1, 2] and st.deals[0].raw == [0, 1, 3]


def test_drawing_later():
    more = """  other:
    kind: exchange
    by: left(declarer)
    min: 1
    max: 1
  draw:
    by: declarer
"""
    st = position(spec("    max: 2\n    draw: false", more=more), HANDS, talon=TALON, dealer=X)
    play(st, "discard AH", "draw")
    assert hand(st, Y) == "JS KH" and st.to_draw == [0, 1, 0] and st.exchanges == [0, 1, 0]
    assert st.current_player == Z and legal(st) == ["discard QH", "discard JH", "discard AD"]
    play(st, "discard AD")  # Z draws at once: the top card
    assert hand(st, Z) == "QH JH KD"
    assert st.is_terminal and hand(st, Y) == "JS KH QD" and st.to_draw == [0, 0, 0]
    assert [(p, cards(st, d), cards(st, t)) for p, d, t in st.deal.exchanges] == [
        (Z, ["AD"], ["KD"]), (Y, ["AH"], ["QD"])]


def test_the_seat_sees_only_the_talon_cards_it_was_entitled_to():
    st = position(spec("    max: 3\n    sees_unused: 3"), ["AS KS QS", "JS AH KH", "QH JH"], talon="AD KD QD JD",
                  dealer=X)
    play(st, "discard AH", "draw")
    assert hand(st, Y) == "JS KH AD" and cards(st, st.talon_seen[Y]) == ["KD", "QD"]
    assert st.view(Y)["talon_seen"] == ["KD", "QD"] and st.view(Z)["talon_seen"] == []


def test_the_hand_is_sorted_after_the_draw():
    st = position(spec(), ["AS KS QH", "JS AH KH", "JH AD KD"], talon="QS QD JD", dealer=X)
    play(st, "discard AH", "draw")
    assert hand(st, Y) == "QS JS KH"


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

"""Phase behaviour that mutation testing found unchecked: the names a phase could ever offer (a
learning environment's action space), a second calling phase, combinations too short to declare,
what the others hear of a stepwise declaration."""

from __future__ import annotations

from tests.phases.table import X, Y, Z, legal, play, position
from tests.phases.test_call import HANDS as CALL_HANDS
from tests.phases.test_call import spec as call_spec
from tests.phases.test_declare import CATEGORIES
from tests.phases.test_declare import spec as declare_spec
from tests.phases.test_double import spec as double_spec


def phases_of(g, kind):
    return [ph for ph in g.phases if ph.kind == kind]


def test_the_double_phase_names_every_set_of_seats_but_all():
    g = double_spec("    first: left(dealer)")
    [phase] = phases_of(g, "double")
    assert phase.vocabulary(g) == ["pass", "double X", "double Y", "double Z", "double X Y", "double X Z",
                                   "double Y Z"]


def test_a_second_round_of_calls_names_pass_and_its_raises_only():
    raises = """  raises:
    kind: call
    first: dealer
    second_round: true
    extras: {raise: true, doubled: call(player) == board}"""
    g = call_spec(more=raises)
    _, raises = phases_of(g, "call")
    assert raises.vocabulary(g) == ["pass", "raise", "doubled"]


def test_a_second_calling_phase_starts_with_no_calls_and_no_announcements():
    again = """  again:
    kind: call
    first: left(dealer)
    numbers: {from: 1, to: 1}"""
    g = call_spec(more=again, score="(if announced(player, rainbow) then 100 else 0) + call(player) + 10 * count(callers)")
    st = position(g, CALL_HANDS, dealer=X)
    play(st, "bid 3", "pass", "bid 1 rainbow")  # X announces rainbow in the first phase
    assert st.current_player == Y and legal(st) == ["pass", "bid 1"]
    play(st, "bid 1", "bid 1", "bid 1")
    assert st.is_terminal and st.callers == [Y, Z, X]
    assert st.deals[0].scores == [31, 31, 31]


LONG = """
      long:
        combinations: suits
        at_least: 3
        choose: one
        key: count(cards)
        score: count(cards)
"""


def test_a_suit_shorter_than_at_least_is_not_a_combination():
    st = position(declare_spec(LONG), ["AS KS QS AD", "KH QH JS JH", "AH KD QD JD"], dealer=Z)
    assert legal(st) == ["declare long nothing", "declare long S"]  # one diamond: not offered
    st.apply("declare long S")
    assert legal(st) == ["declare long nothing", "declare long H"]  # one spade
    st.apply("declare long nothing")
    assert legal(st) == ["declare long nothing", "declare long D"]  # one heart
    st.apply("declare long D")
    assert st.deal.declarations == [("long", [["S"], [], ["D"]], None, [0, 0, 0])]


def test_the_declare_phase_names_every_combination_a_hand_could_hold():
    g = declare_spec()
    [phase] = phases_of(g, "declare")
    assert phase.vocabulary(g) == [
        "declare point nothing", "declare point S", "declare point H", "declare point D",
        "declare sequence nothing", "declare sequence AS-QS", "declare sequence AS-JS", "declare sequence KS-JS",
        "declare sequence AH-QH", "declare sequence AH-JH", "declare sequence KH-JH", "declare sequence AD-QD",
        "declare sequence AD-JD", "declare sequence KD-JD",
        "declare set nothing", "declare set A", "declare set K", "declare set Q"]


def test_the_last_stepwise_declarer_hears_what_every_earlier_one_adds():
    stepwise = CATEGORIES.replace("announce: [size, top]", "announce: [size, top]\n        stepwise: true")
    st = position(declare_spec(stepwise), ["AS KS QS AD", "KH QH JH JS", "AH KD QD JD"], dealer=Z)
    play(st, "declare point S", "declare point H", "declare point D", "declare sequence AS-QS",
         "declare sequence KH-JH")
    assert st.current_player == Z
    [last] = [a for a in st.legal_actions() if a.name == "declare sequence KD-JD"]
    # all three runs are three long: X and Y now say their tops, and X, the best, shows his
    assert st.phase.public_name(st, last, X) == "declare sequence size 3, top K; X top A; Y top K; X shows AS-QS"

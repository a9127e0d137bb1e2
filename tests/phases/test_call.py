"""Calling: one call each, in turn, a number, a word or a pass; limits, extras, a second round
of raises, a second calling phase starting afresh, blind calls, a deal where all pass; the names
a calling phase could ever offer."""

from __future__ import annotations

from .table import X, Y, Z, legal, one_deal, phases_of, play, position, refused, walk

HANDS = ["AS KS QS JS", "AH KH QH JH", "AD KD QD JD"]
CALL = """    first: left(dealer)
    numbers: {from: 0, to: 3, allowed: number != 2 or player == dealer}
    words: {board: player == dealer}
    extras: {rainbow: count(c in hand where c.suit == S) >= 2}
    void_if_all_pass: true"""
BOARD = "(if call(player) == board then 50 else 10 * call(player)) + call_index(player)"
SCORE = BOARD + " + (if announced(player, rainbow) then 100 else 0)"


def spec(call=CALL, direction="clockwise", more="", blind="", score=SCORE, generated=True):
    return one_deal(f"  call:\n{call}\n{blind}\n{more}", score, direction=direction,
                    head="dealer: {first: random, next: next(dealer)}", generated=generated)


def test_each_seat_calls_once_in_turn_within_its_limits():
    st = position(spec(), HANDS, dealer=X)
    assert walk(st, "bid 3", "pass", "bid 2 rainbow") == [
        (Y, ["pass", "bid 1", "bid 3"]),
        (Z, ["pass", "bid 1", "bid 3"]),
        (X, ["pass", "bid 1", "bid 2", "bid 3", "board", "pass rainbow", "bid 1 rainbow", "bid 2 rainbow",
             "bid 3 rainbow", "board rainbow"]),
    ]
    assert st.is_terminal
    assert st.calls == [2, 3, 0] and st.callers == [Y, Z, X]
    assert st.deals[0].calls == [(Y, "bid 3"), (Z, "pass"), (X, "bid 2 rainbow")]
    assert st.deals[0].scores == [20 + 3 + 100, 30 + 1, 0 + 2]


def test_counterclockwise_order_and_words():
    st = position(spec(direction="counterclockwise"), HANDS, dealer=X)
    assert walk(st, "bid 1", "board") == [(Y, ["pass", "bid 1", "bid 3"]), (X, legal_of_dealer())]
    assert st.current_player == Z
    st.apply("bid 3")
    assert st.callers == [Y, X, Z] and st.deals[0].scores == [50 + 2, 10 + 1, 30 + 3]


def legal_of_dealer():
    plain = ["pass", "bid 1", "bid 2", "bid 3", "board"]
    return plain + [f"{a} rainbow" for a in plain]


def test_refusals_name_the_limit_or_the_word():
    st = position(spec(), HANDS, dealer=X)
    assert refused(st, "bid 2") == ("Y may not bid 2 now (`allowed` forbids it)", "allowed")
    assert refused(st, "bid 7") == ("Y may not bid 7 now (`allowed` forbids it)", "allowed")
    assert refused(st, "board") == ("Y may not call board now", "words")
    assert refused(st, "pass rainbow") == ("`pass rainbow` is not a move here; you may: pass, bid 1, bid 3", None)
    assert refused(st, "bid x") == ("`bid x` is not a move here; you may: pass, bid 1, bid 3", None)


def test_limits_may_depend_on_an_earlier_call():
    call = """    first: left(dealer)
    numbers: {from: 1, to: count(hand), allowed: number + call(right(player)) <= 4}"""
    st = position(spec(call, score="call(player)"), HANDS, dealer=X)
    assert walk(st, "bid 3", "bid 1", "bid 2") == [
        (Y, ["pass", "bid 1", "bid 2", "bid 3", "bid 4"]),
        (Z, ["pass", "bid 1"]),  # Y, on his right, called 3
        (X, ["pass", "bid 1", "bid 2", "bid 3"]),
    ]


def test_a_deal_where_everybody_passes_is_void():
    st = position(spec(), HANDS, dealer=X)
    play(st, "pass", "pass", "pass")
    assert st.deals[0].void and st.deals[0].scores == [0, 0, 0] and st.deal_number == 2
    st = position(spec(CALL.replace("    void_if_all_pass: true", "")), HANDS, dealer=X)
    play(st, "pass", "pass", "pass")
    assert st.is_terminal and not st.deals[0].void and st.deals[0].scores == [3, 1, 2]


def test_a_second_round_asks_only_those_who_may_raise():
    more = """  raises:
    kind: call
    first: left(dealer)
    second_round: true
    extras:
      double: call(player) != board and call(right(player)) == board"""
    call = """    first: left(dealer)
    numbers: {from: 1, to: 2}
    words: {board: true}"""
    st = position(spec(call, more=more, score=BOARD + " + (if announced(player, double) then 1000 else 0)"),
                  HANDS, dealer=X)
    play(st, "board", "bid 1", "board")  # Y and X call board; Z, on Y's left, may raise
    assert st.current_player == Z and legal(st) == ["pass", "double"]
    assert refused(st, "board") == ("`board` is not a move here; you may: pass, double", None)
    st.apply("double")
    assert st.is_terminal
    assert st.deals[0].calls == [(Y, "board"), (Z, "bid 1"), (X, "board"), (Z, "double")]
    assert st.deals[0].scores == [50 + 3, 50 + 1, 10 + 2 + 1000]
    st = position(spec(call, more=more, score=BOARD + " + (if announced(player, double) then 1000 else 0)"),
                  HANDS, dealer=X)
    play(st, "board", "bid 1", "board")
    st.apply("pass")
    assert st.deals[0].scores == [53, 51, 12]


def test_a_second_calling_phase_starts_with_no_calls_and_no_announcements():
    again = """  again:
    kind: call
    first: left(dealer)
    numbers: {from: 1, to: 1}"""
    g = spec(more=again, score="(if announced(player, rainbow) then 100 else 0) + call(player) + 10 * count(callers)")
    st = position(g, HANDS, dealer=X)
    play(st, "bid 3", "pass", "bid 1 rainbow")  # X announces rainbow in the first phase
    assert st.current_player == Y and legal(st) == ["pass", "bid 1"]
    play(st, "bid 1", "bid 1", "bid 1")
    assert st.is_terminal and st.callers == [Y, Z, X]
    assert st.deals[0].scores == [31, 31, 31]


def test_blind_calls_hide_the_hands_until_the_calls_are_over():
    st = position(spec(blind="    blind: true"), HANDS, dealer=X)
    assert st.view(Y)["hand"] == [] and st.calling_blind
    play(st, "bid 1", "bid 1")
    assert st.view(X)["hand"] == []
    st.apply("bid 1")
    assert not st.calling_blind
    st = position(spec(blind="    blind: false"), HANDS, dealer=X)
    assert st.view(Y)["hand"] == ["AH", "KH", "QH", "JH"]


# ---------------------------------------------------------------- numbers only; the hook

NUMBERS_ONLY = """    first: left(dealer)
    pass: false
    numbers: {from: 0, to: 4}"""


def test_without_a_pass_every_seat_calls_a_number_and_0_is_one():
    st = position(spec(NUMBERS_ONLY, score="call(player) * 10 + tricks_won"), HANDS, dealer=X)
    assert legal(st) == ["bid 0", "bid 1", "bid 2", "bid 3", "bid 4"]
    assert refused(st, "pass") == ("Y may not pass: everybody must call", "pass")
    play(st, "bid 0", "bid 0", "bid 0")  # all zeros: not a deal where everybody passed
    assert st.is_terminal and not st.deals[0].void and st.deals[0].seat_calls == (0, 0, 0)
    st = position(spec(NUMBERS_ONLY + "\n    void_if_all_pass: true", score="0"), HANDS, dealer=X)
    play(st, "bid 0", "bid 0", "bid 0")
    assert not st.deals[0].void
    st = position(spec(), HANDS, dealer=X)  # with a pass, a pass is the call of 0: no `bid 0`
    assert "bid 0" not in legal(st)


def test_a_limit_on_the_last_call_from_the_calls_made_the_hook():
    hook = NUMBERS_ONLY + """
    numbers:
      from: 0
      to: 4
      allowed: count(callers) < 2 or number + sum(call(q) for q in callers) != 4"""
    st = position(spec(hook.replace("    numbers: {from: 0, to: 4}\n", ""), score="0"), HANDS, dealer=X)
    assert walk(st, "bid 1", "bid 2") == [(Y, ["bid 0", "bid 1", "bid 2", "bid 3", "bid 4"]),
                                          (Z, ["bid 0", "bid 1", "bid 2", "bid 3", "bid 4"])]
    assert legal(st) == ["bid 0", "bid 2", "bid 3", "bid 4"]  # 1 + 2 + 1 would make the 4 tricks
    assert refused(st, "bid 1") == ("X may not bid 1 now (`allowed` forbids it)", "allowed")


def test_the_numbers_allowed_are_asked_together_with_the_answers_asked_one_by_one():
    """Generated play asks `allowed` of every number in one filter whose loop variable is `number`, what
    it asks alike of each number (the bids so far) computed once for the list; the numbers are those
    the closures, the reference, allow asking one by one, at every turn."""
    import itertools

    from interpreter.phases import every_phase

    hook = (NUMBERS_ONLY + """
    numbers:
      from: 0
      to: 4
      allowed: count(callers) < 2 or number + sum(call(q) for q in callers) != 4 and number != count(callers)
""").replace("    numbers: {from: 0, to: 4}\n", "")
    fast, reference = spec(hook, score="0"), spec(hook, score="0", generated=False)
    assert [ph.allowed_numbers is not None for g in (fast, reference) for ph in every_phase(g)
            if ph.kind == "call"] == [True, False]
    for bids in itertools.product(range(5), repeat=2):
        a, b = position(fast, HANDS, dealer=X), position(reference, HANDS, dealer=X)
        for k in bids:
            assert legal(a) == legal(b)
            a.apply(f"bid {k}")
            b.apply(f"bid {k}")
        assert legal(a) == legal(b) == [f"bid {k}" for k in range(5) if k + sum(bids) != 4 and k != 2], bids


# ---------------------------------------------------------------- calls before looking

BLIND = NUMBERS_ONLY + """
    before_looking:
      blind_zero: player != dealer"""
BLIND_SCORE = "(if call(player) == blind_zero then 100 else call(player)) + 1000 * count(c in hand where c.suit == S)"


def test_a_seat_calls_before_looking_or_looks_then_calls():
    st = position(spec(BLIND, score=BLIND_SCORE), HANDS, dealer=X)
    # Y and Z may call blind: their hands are hidden from them; X (the dealer) may not: he looks at once
    assert [st.view(p)["hand"] for p in (X, Y, Z)] == [["AS", "KS", "QS", "JS"], [], []]
    assert st.unseen == [False, True, True]
    assert walk(st, "look") == [(Y, ["blind_zero", "look"])]
    assert st.view(Y)["hand"] == ["AH", "KH", "QH", "JH"] and st.current_player == Y
    assert legal(st) == ["bid 0", "bid 1", "bid 2", "bid 3", "bid 4"]
    assert refused(st, "look") == ("Y has looked at his cards already", "before_looking")
    assert refused(st, "blind_zero") == ("Y may not call blind_zero now", "words")
    play(st, "bid 2")
    assert refused(st, "bid 2") == ("Z has not looked at his cards yet: he may blind_zero, look", "before_looking")
    play(st, "blind_zero")
    assert st.view(Z)["hand"] == []  # he sees them when the calls are over
    assert st.current_player == X and legal(st)[0] == "bid 0"
    st.apply("bid 3")
    assert st.is_terminal and st.view(Z)["hand"] == ["AD", "KD", "QD", "JD"]
    assert st.deals[0].calls == [(Y, "bid 2"), (Z, "blind_zero"), (X, "bid 3")]
    assert st.deals[0].scores == [3 + 4000, 2, 100]
    names = [a.name for _, a in st.history]
    assert names == ["look", "bid 2", "blind_zero", "bid 3"]


def test_a_seat_that_may_not_call_blind_when_its_turn_comes_looks_without_being_asked():
    call = NUMBERS_ONLY + """
    before_looking:
      blind_zero: call(right(player)) != blind_zero"""
    st = position(spec(call, score="0"), HANDS, dealer=X)
    assert st.unseen == [True, True, True]
    play(st, "blind_zero")
    assert st.current_player == Z and not st.unseen[Z]  # Y, on his right, called it: Z just calls
    assert legal(st) == ["bid 0", "bid 1", "bid 2", "bid 3", "bid 4"]


def test_a_world_imagined_for_a_seat_that_has_not_looked_deals_its_own_hand_again():
    import random

    st = position(spec(BLIND, score="0"), HANDS, dealer=X)
    worlds = {tuple(st.sampled_for(Y, random.Random(k)).hands[Y]) for k in range(20)}
    assert len(worlds) > 1  # Y does not know his own cards yet
    st.apply("look")
    worlds = {tuple(st.sampled_for(Y, random.Random(k)).hands[Y]) for k in range(20)}
    assert worlds == {tuple(st.hands[Y])}


def test_the_phase_names_every_call_it_could_ever_offer():
    g = spec(BLIND, score="0")
    phase = next(ph for ph in g.phases if ph.kind == "call")
    # no pass; 0 to 4, the greatest number `to` allows (not every number up to the pack's size)
    assert phase.vocabulary(g) == [f"bid {k}" for k in range(5)] + ["blind_zero", "look"]
    g = spec()
    phase = next(ph for ph in g.phases if ph.kind == "call")
    assert phase.vocabulary(g)[:3] == ["pass", "bid 1", "bid 2"] and "look" not in phase.vocabulary(g)


def test_a_second_round_of_calls_names_pass_and_its_raises_only():
    raises = """  raises:
    kind: call
    first: dealer
    second_round: true
    extras: {raise: true, doubled: call(player) == board}"""
    g = spec(more=raises)
    _, raises = phases_of(g, "call")
    assert raises.vocabulary(g) == ["pass", "raise", "doubled"]


def test_a_number_allowed_forbids_is_refused_with_its_reason_in_the_rules_words():
    call = """    first: left(dealer)
    numbers: {from: 1, to: 4, allowed: number + call(right(player)) <= 4,
              because: two neighbours may not call more than 4 together}"""
    st = position(spec(call, score="call(player)"), HANDS, dealer=X)
    play(st, "bid 3")
    assert refused(st, "bid 2") == ("Z may not bid 2 now: two neighbours may not call more than 4 together", "allowed")
    st = position(spec(call.replace(",\n              because: two neighbours may not call more than 4 together", ""),
                       score="call(player)"), HANDS, dealer=X)
    play(st, "bid 3")
    assert refused(st, "bid 2") == ("Z may not bid 2 now (`allowed` forbids it)", "allowed")

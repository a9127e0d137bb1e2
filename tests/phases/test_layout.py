"""Fan-tan layout play: begin each suit with the start rank, build up and down, pass only when
unable, go out and be skipped; places in the order of going out."""

from __future__ import annotations

from .table import PACK, X, Y, Z, legal, one_deal, play, position, refused, walk

HANDS = ["KS QS AH JH", "AS KH JD AD", "JS QH KD QD"]


def spec(layout="{start: K, show_hand_on_pass: true}", direction="clockwise", pack=PACK, size=4):
    return one_deal("  play:", "10 * place", direction=direction, deal=f"hand_size: {size}", pack=pack,
                    head="play:\n  leader: next(dealer)", contract=f"    play:\n      layout: {layout}")


def test_suits_begin_with_the_start_rank_and_build_up_and_down_and_out_players_are_skipped():
    st = position(spec("{start: K, show_hand_on_pass: true, ends_when_out: 3}"), HANDS, dealer=Z)
    assert walk(st, "play KS", "play KH", "play QH", "play QS", "play AS", "play JS", "play AH", "pass", "play KD",
                "play JH", "play AD", "play QD", "play JD") == [
        (X, ["play KS"]),
        (Y, ["play AS", "play KH"]),
        (Z, ["play QH", "play KD"]),
        (X, ["play QS", "play AH", "play JH"]),
        (Y, ["play AS"]),
        (Z, ["play JS", "play KD"]),
        (X, ["play AH", "play JH"]),
        (Y, ["pass"]),
        (Z, ["play KD"]),
        (X, ["play JH"]),  # his last card: X is out, first
        (Y, ["play AD"]),
        (Z, ["play QD"]),  # out, second
        (Y, ["play JD"]),  # X is skipped; Y goes out last
    ]
    assert st.is_terminal and st.place == [1, 3, 2] and st.deals[0].scores == [10, 30, 20]
    assert st.shown == [False, True, False]  # Y passed: his hand is shown


def test_play_ends_when_enough_players_are_out_and_the_rest_share_the_next_place():
    st = position(spec("{start: K}"), HANDS, dealer=Z)
    play(st, "play KS", "play KH", "play QH", "play QS", "play AS", "play JS", "play AH", "pass", "play KD",
         "play JH", "play AD", "play QD")
    assert st.is_terminal and st.place == [1, 3, 2] and st.shown == [False, False, False]
    st = position(spec("{start: K, ends_when_out: 1}"), HANDS, dealer=Z)
    play(st, "play KS", "play KH", "play QH", "play QS", "play AS", "play JS", "play AH", "pass", "play KD",
         "play JH")
    assert st.is_terminal and st.place == [1, 2, 2] and st.deals[0].scores == [10, 20, 20]


def test_refusals_say_why_a_card_cannot_be_played():
    st = position(spec(), HANDS, dealer=Z)
    assert refused(st, "play QS") == ("QS cannot be played: its suit is not begun; it must be begun with the K",
                                      "layout")
    assert refused(st, "pass") == ("X may not pass while holding a playable card (KS)", "must play when able")
    assert refused(st, "play AD") == ("X does not hold AD", None)
    play(st, "play KS", "play KH")
    assert refused(st, "play JS") == ("JS cannot be played: it does not extend its suit (playable there: QS or AS)",
                                      "layout")
    play(st, "play QH", "play QS", "play AS")
    assert legal(st) == ["play JS", "play KD"]  # JS is playable now
    play(st, "play JS")
    st.apply("play AH")
    assert refused(st, "play AD") == ("AD cannot be played: its suit is not begun; it must be begun with the K",
                                      "layout")


def test_counterclockwise_turns():
    st = position(spec(direction="counterclockwise"), HANDS, dealer=Y)  # next(dealer) is X
    assert walk(st, "play KS", "play KD", "play KH") == [
        (X, ["play KS"]), (Z, ["play KD"]), (Y, ["play AS", "play KH", "play AD"])]
    assert st.current_player == X


def test_with_start_first_card_the_first_card_sets_the_rank():
    st = position(spec("{start: first card}"), HANDS, dealer=Z)
    assert legal(st) == ["play KS", "play QS", "play AH", "play JH"]  # any card; no pass
    assert refused(st, "pass") == ("X may not pass while holding a playable card (KS QS AH JH)",
                                   "must play when able")
    st.apply("play QS")
    assert st.vars["start"] == 2
    assert st.current_player == Y and legal(st) == ["pass"]  # no queen, nothing next to QS
    assert refused(st, "play AS") == ("AS cannot be played: it does not extend its suit (playable there: JS or KS)",
                                      "layout")
    st.apply("pass")
    assert legal(st) == ["play JS", "play QH", "play QD"]


def test_a_suit_whose_start_card_is_not_in_the_pack_counts_as_begun():
    pack = """
pack:
  suits: [S, H, D]
  ranks: [A, K, Q, J]
  remove: [KD]
"""
    st = position(spec("{start: K}", pack=pack, size=3), ["KS QS AH", "AS KH JD", "JS QH QD"], dealer=Y)  # Z leads
    assert legal(st) == ["play QD"]  # diamonds begun at the missing king


def test_a_run_that_reaches_the_ace_can_only_grow_down():
    st = position(spec(), HANDS, dealer=Z)
    play(st, "play KS", "play AS")
    assert refused(st, "play JS") == ("JS cannot be played: it does not extend its suit (playable there: QS)",
                                      "layout")

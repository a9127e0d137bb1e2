"""What may be discarded, as play rules say what may be played (an exchange's `rules`, with the
"unless nothing is left" reading), and discards laid face up (`shown`): never a king, a trump
only when nothing else is left, and then shown, as the taker lays away in tarot."""

from __future__ import annotations

import random

import pytest

from interpreter.core.errors import SpecErrors

from .table import X, Y, Z, game, heard, legal, play, position, refused

SPEC = """
phases:
  deal: {hand_size: 3}
  exchange:
    by: left(dealer)
    take: talon
    rules: [no kings, trumps last]
    shown: card.suit == D
  play:
  score:
contracts:
  most:
    score: tricks_won
play:
  leader: left(dealer)
  trump: D
play_rules:
  no kings:
    keep: card.rank != K
    description: a king is never laid away
  trumps last:
    keep: card.suit != D
    description: a trump only when nothing else is left
"""


def dealt(hands, talon, body=SPEC):
    return position(game(body), hands, talon=talon, dealer=Z)


def test_kings_are_never_discarded_and_trumps_only_when_nothing_else_is_left():
    st = dealt(["KS AH QD", "AS QS JS", "AD KD JD"], talon="KH QH JH")
    # X took the talon: KS AH QD KH QH JH; no king, no trump while a plain card is left
    assert legal(st) == ["discard AH", "discard QH", "discard JH"]
    play(st, "discard AH", "discard QH", "discard JH")
    assert st.phase.kind == "tricks" and sorted(st.game.pack.names[c] for c in st.discards[X]) == ["AH", "JH", "QH"]


def test_a_trump_may_go_when_only_kings_and_trumps_are_left_and_it_is_laid_face_up():
    st = dealt(["KS AD QD", "AS QS JS", "AH KH JH"], talon="KD JD QH")
    assert legal(st) == ["discard QH"]  # the one card neither a king nor a trump
    play(st, "discard QH")
    assert legal(st) == ["discard AD", "discard QD", "discard JD"]  # then the rule on trumps lapses
    assert heard(st, "discard QD", viewer=Y).strip() == "X: discard QD face up"
    play(st, "discard QD")
    for seat in (X, Y, Z):
        assert st.view(seat)["shown_discards"] == {"X": ["QD"]}
    assert st.view(Y)["discards"] == [] and st.view(X)["discards"] == ["QH", "QD"]


def test_discarding_what_a_rule_forbids_is_refused_with_the_rule():
    st = dealt(["KS AH QD", "AS QS JS", "AD KD JD"], talon="KH QH JH")
    assert refused(st, "discard KS") == (
        "`discard KS` breaks the rule `no kings` (a king is never laid away); you may discard AH QH JH QD", "no kings")
    assert refused(st, "discard QD") == (
        "`discard QD` breaks the rule `trumps last` (a trump only when nothing else is left); you may discard AH QH "
        "JH", "trumps last")


@pytest.mark.parametrize("seed", range(20))
def test_a_discard_laid_face_up_stays_where_it_is_in_every_world_another_seat_imagines(seed):
    st = dealt(["KS AD QD", "AS QS JS", "AH KH JH"], talon="KD JD QH")
    play(st, "discard QH", "discard QD")
    world = st.sampled_for(Y, random.Random(seed))
    assert world.shown_discards == st.shown_discards and st.game.pack.parse("QD") in world.discards[X]
    assert world.view(Y) == st.view(Y)


@pytest.mark.parametrize("change, message", [
    (("rules: [no kings, trumps last]", "rules: [no king]"),
     "unknown play rule `no king`; the rules are listed under `play_rules`"),
    (("shown: card.suit == D", "shown: card.rank"), "`shown` must be a bool, but this is a rank"),
])
def test_a_misused_discard_rule_is_refused_at_its_place(change, message):
    with pytest.raises(SpecErrors) as e:
        game(SPEC.replace(*change))
    assert [x.message for x in e.value.errors] == [message]


def test_a_talon_shown_as_it_is_taken_is_seen_by_all_and_stays_the_taker_s_in_every_world():
    shown = SPEC.replace("    take: talon\n", "    take: talon\n    show_taken: true\n")
    st = dealt(["KS AH QD", "AS QS JS", "AD KD JD"], talon="KH QH JH", body=shown)
    for seat in (X, Y, Z):
        assert st.view(seat)["taken"] == {"X": ["KH", "QH", "JH"]}
    assert dealt(["KS AH QD", "AS QS JS", "AD KD JD"], talon="KH QH JH").view(Y)["taken"] == {}  # taken unseen
    play(st, "discard QH")
    taken = {st.game.pack.parse(c) for c in ("KH", "QH", "JH")}
    for seed in range(30):
        world = st.sampled_for(Y, random.Random(seed))
        assert taken <= set(world.hands[X]) | set(world.discards[X])
        assert world.view(Y) == st.view(Y)


def test_show_taken_is_for_a_talon_taken():
    with pytest.raises(SpecErrors) as e:
        game(SPEC.replace("    take: talon\n", "    max: 2\n    show_taken: true\n"))
    assert [x.message for x in e.value.errors] == ["`show_taken` applies only with `take: talon`"]

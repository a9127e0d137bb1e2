"""The worlds a seat imagines (`State.sampled_for`): a seat calling blind does not know its own
hand, a dead card shown stays where it is, the secret partner is found again in each world (and a
called card imagined in the talon has no holder), and a world re-dealt by slices is the one
re-dealt card by card."""

from __future__ import annotations

import random
from pathlib import Path
from types import SimpleNamespace

import pytest

from interpreter.compile.game import load_game
from interpreter.core.results import Trick
from interpreter.engine.worlds import _keep_the_taken_turn_up, fixed_cards, hidden_places, imagined_copy, settled
from tests.phases.table import X, Y, Z, cards, hand, one_deal, position
from tests.phases.test_call import HANDS as CALL_HANDS
from tests.phases.test_call import spec as call_spec
from tests.phases.test_call_card import bid_and_name
from tests.phases.test_call_card import spec as call_card_spec
from tests.phases.test_deal import MORE


def worlds(st, seat, count=20):
    return [st.sampled_for(seat, random.Random(k)) for k in range(count)]


def test_a_seat_calling_blind_imagines_its_own_hand_too():
    st = position(call_spec(blind="    blind: true"), CALL_HANDS, dealer=X)
    assert st.current_player == Y and st.calling_blind and not st.unseen[Y]
    own = {tuple(w.hands[Y]) for w in worlds(st, Y)}
    assert len(own) > 1 and all(len(h) == 4 for h in own)
    assert {hand(w, X) for w in worlds(st, Y)} != {hand(st, X)}  # the others' hands too


def test_the_dead_card_shown_at_the_bottom_stays_there():
    g = one_deal(MORE + "  play:", "tricks_won", deal="hand_size: 2", head="play:\n  leader: next(dealer)")
    st = position(g, ["AS KS", "QS JS", "AH KH"], talon="QD JD AD QH JH", dealer=X)
    assert cards(st, st.talon) == ["QH", "JH"] and cards(st, [st.dead]) == ["JH"] and not st.is_terminal
    seen = worlds(st, X)
    assert {cards(w, w.talon)[1] for w in seen} == {"JH"}
    assert len({cards(w, w.talon)[0] for w in seen}) > 1  # the other talon card is anywhere unseen
    assert {hand(w, X) for w in seen} == {"AS KS QD"}


def test_in_each_world_the_holder_of_the_called_card_is_found_again():
    st = position(call_card_spec(), ["AS QS JS", "AH QH JH", "KS KH KD"], talon="AD QD JD", dealer=X)
    bid_and_name(st, "H")
    assert cards(st, [st.called_card]) == ["KH"] and st.called_holder == Z
    holders = set()
    for w in worlds(st, X):
        held = [p for p in (X, Y, Z) if w.called_card in w.hands[p]]
        if held:  # (else it lies in the talon of this world)
            assert w.called_holder == held[0]
            holders.add(w.called_holder)
    assert holders == {Y, Z}


def test_a_called_card_imagined_in_the_talon_has_no_holder_and_a_played_one_keeps_its_own():
    def world(talon, tricks=()):
        return SimpleNamespace(hands=[[3, 1], [2]], talon=talon, called_card=7, called_holder=1, trick_cards=[],
                               tricks=list(tricks), _legal=None)
    assert settled(world([7])).called_holder is None  # (the real holder is not this world's)
    assert settled(world([], [Trick.of(1, 0, (7, 2), (0, 1), 0, 0)])).called_holder == 1
    w = world([])
    w.hands[0].append(7)
    assert settled(w).called_holder == 0 and w.hands[0] == [1, 3, 7]


def card_by_card(state, seat, rng):
    """The re-deal as it is defined: the pool in card order, shuffled by `rng`, and each hidden
    card in turn, place by place, taking the pool's last (then a turn-up taken into a hand put back
    among its taker's cards, as `sampled_for` does)."""
    world = imagined_copy(state, rng)
    fixed = fixed_cards(state, seat)
    places = [c for _, c in hidden_places(world, seat)]
    pool = sorted(c for place in places for c in place if c not in fixed)
    rng.shuffle(pool)
    for place in places:
        for i, c in enumerate(place):
            if c not in fixed:
                place[i] = pool.pop()
    _keep_the_taken_turn_up(state, world, seat, places, fixed, rng)
    return settled(world)


@pytest.mark.parametrize("spec", ["barbu/barbu.yaml", "euchre/euchre.yaml", "piquet/rubicon.yaml",
                                  "spades/spades.yaml"])
def test_a_world_is_the_same_whether_its_places_take_their_cards_one_by_one_or_at_once(spec):
    """Where no hidden card stays put, a place takes the pool's last cards in one slice: the same
    worlds, for the same generator, as card by card (with a turn-up or a talon card seen, some
    stay put and the places fill card by card)."""
    game = load_game(Path(__file__).resolve().parents[2] / "specs" / spec)
    play_rng = random.Random(7)
    st = game.new_state(7)
    for move in range(60):
        if st.is_terminal:
            break
        if move % 7 == 3:
            for seat in range(game.n):
                got = st.sampled_for(seat, random.Random(move * 10 + seat))
                want = card_by_card(st, seat, random.Random(move * 10 + seat))
                assert (got.hands, got.talon, got.discards) == (want.hands, want.talon, want.discards), (move, seat)
        st.apply(play_rng.choice(st.legal_actions()))


ROOT = Path(__file__).resolve().parents[2]


def test_a_turn_up_taken_into_a_hand_stays_the_taker_s_in_every_world_another_seat_imagines():
    g = load_game(ROOT / "specs" / "whist" / "whist.yaml")
    st = g.new_state(3)  # the dealer has taken up the turned-up card
    taker, (card,) = st.taken_up
    assert card in st.hands[taker] and st.turn_up is None
    for seat in range(4):
        if seat == taker:
            continue
        for world in worlds(st, seat, 60):
            assert card in world.hands[taker]
            assert world.view(seat) == st.view(seat)


def test_a_taken_turn_up_laid_away_may_be_in_the_hand_or_the_discards_whichever_it_is_in():
    """Euchre's dealer takes the turn-up and lays a card away: the others know the card is his, not
    where; their worlds put it in his hand or among his discards alike, whether he kept it or not."""
    g = load_game(ROOT / "specs" / "euchre" / "euchre.yaml")
    found = {}
    for seed in range(200):
        st = g.new_state(seed)
        rng = random.Random(seed)
        while not st.is_terminal and st.taken_up is None:
            st.apply(rng.choice(st.legal_actions()))
        if st.taken_up is None:
            continue
        while not st.is_terminal and st.phase.kind == "exchange":
            st.apply(rng.choice(st.legal_actions()))
        taker, (card,) = st.taken_up
        kept = card in st.hands[taker]
        if st.is_terminal or kept in found or not (kept or card in st.discards[taker]):
            continue
        other = (taker + 1) % 4
        places = [("hand" if card in w.hands[taker] else "discards" if card in w.discards[taker] else "elsewhere")
                  for w in worlds(st, other, 200)]
        found[kept] = {p: places.count(p) for p in ("hand", "discards", "elsewhere")}
        if len(found) == 2:
            break
    assert set(found) == {True, False}
    for counts in found.values():
        assert counts["elsewhere"] == 0 and counts["hand"] > 100 and counts["discards"] > 0

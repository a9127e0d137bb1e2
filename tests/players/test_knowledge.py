"""What a seat learns from watching play: it is true (every card excluded is absent from the real
hand, every card known is in it), it is the same whether learnt step by step, at once, or by a
watcher that saw another game before, and it starts afresh with each deal. A card is known to be
in a hand when its holder names a contract only its holder may name, takes it from a talon shown
to all, or (the dealer) takes it as the turned-up card."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from interpreter.compile.game import load_game
from interpreter.players.knowledge import Knowledge
from interpreter.players.sampler import Sampler
from tests.phases.table import X, Y, Z, game, play, position

SPECS = Path(__file__).resolve().parents[2] / "specs"

GAMES = ["barbu/barbu", "klaberjass/klaberjass", "euchre/euchre", "piquet/rubicon", "spades/spades"]


def positions(game, seed, limit=120):
    """Every position of one random game (up to `limit` actions)."""
    rng = random.Random(seed)
    st = game.new_state(seed)
    for _ in range(limit):
        if st.is_terminal:
            return
        yield st
        legal = st.legal_actions()
        st.apply(legal[rng.randrange(len(legal))])


def facts(k):
    return [sorted(s) for s in k.excluded], [sorted(s) for s in k.known], [len(r) for r in k.records], k.played


@pytest.mark.parametrize("name", GAMES)
def test_what_is_learnt_is_true_and_the_same_however_it_is_learnt(name):
    game = load_game(SPECS / f"{name}.yaml")
    learnt = 0
    seen_before = Knowledge(1)  # watches another game first: it must start again from this one
    for st in positions(game, 9):
        seen_before.update(st)
    watchers = {}
    for k, st in enumerate(positions(game, 3)):
        for seat in range(game.n):
            step = watchers.setdefault(seat, Knowledge(seat))
            assert step.update(st) is True
            if k % 9:
                continue
            fresh = Knowledge(seat)
            fresh.update(st)
            assert facts(step) == facts(fresh)
            if seat == 1:
                seen_before.update(st)
                assert facts(seen_before) == facts(fresh)
            for q in range(game.n):
                assert not step.excluded[q] & set(st.hands[q])
                played = {a.arg for p, a in st.deal.actions if p == q and a.kind == "play"}
                assert step.known[q] <= set(st.hands[q]) | played  # (held when it was proven)
                learnt += len(step.excluded[q]) + len(step.known[q])
    assert learnt > 0


def test_a_new_deal_forgets_what_the_last_one_proved():
    game = load_game(SPECS / "barbu" / "barbu.yaml")
    k = Knowledge(0)
    seen = False
    for st in positions(game, 3, limit=2000):
        k.update(st)
        if st.deal_number == 2:
            assert k.excluded == [set()] * 4 and k.known == [set()] * 4 and k.records == [[]] * 4
            break
        seen = seen or any(k.excluded)
    assert seen  # the first deal did prove something


def test_a_world_without_a_beginning_teaches_nothing():
    game = load_game(SPECS / "barbu" / "barbu.yaml")
    st = next(s for k, s in enumerate(positions(game, 2)) if k == 30)
    world = Sampler(st, 0).world(random.Random(1))
    assert Knowledge(0).update(world) is False


def test_a_watcher_that_has_seen_nothing_knows_nothing():
    k = Knowledge(2)
    assert (k.excluded, k.known, k.records, k.usable) == ([], [], [], False)


ACE = """
declarer: next(dealer)
phases:
  deal: {hand_size: 4}
  choose_contract:
  play:
  score:
play: {leader: declarer}
contracts:
  plain:
    score: tricks_won
  ace:
    when: any(c.rank == A and c.suit == S for c in hand)
    score: 2 * tricks_won
match: {deals: 1}
"""


def test_a_contract_only_the_holder_of_a_card_may_name_proves_he_holds_it():
    g = game(ACE)
    st = position(g, ["AS KS QH JD", "AH KH QS JH", "AD KD QD JS"], dealer=Z)
    st.apply("contract ace")  # X names it: he holds the ace of spades
    k = Knowledge(Y)
    k.update(st)
    assert k.known == [{g.pack.parse("AS")}, set(), set()]
    sampler = Sampler(st, Y, k)
    assert sampler.count == 35  # X's three other cards among the seven others Y cannot see
    rng = random.Random(1)
    assert all(g.pack.parse("AS") in sampler.world(rng).hands[X] for _ in range(30))


EXPOSED = """
declarer: next(dealer)
phases:
  deal: {hand_size: 3}
  show: {kind: expose, by: declarer}
  exchange: {by: declarer, min: 1, max: 1}
  play:
  score:
play: {leader: declarer}
contracts:
  game:
    score: tricks_won
match: {deals: 1}
"""


def test_a_card_taken_from_a_talon_shown_to_all_is_known_to_be_in_the_hand():
    g = game(EXPOSED)
    st = position(g, ["AS KS QH", "AH KH QS", "AD KD QD"], talon="JS JH JD", dealer=Z)
    play(st, "expose talon", "discard AS")  # X takes the top card, JS, in its place
    k = Knowledge(Y)
    k.update(st)
    assert k.known == [{g.pack.parse("JS")}, set(), set()]


def test_the_turned_up_card_the_dealer_takes_is_known_to_be_in_his_hand():
    game_ = load_game(SPECS / "euchre" / "euchre.yaml")
    found = 0
    for seed in range(1, 6):
        up, dealer = None, None
        for st in positions(game_, seed):
            up, dealer = (st.turn_up, st.deal.dealer) if up is None else (up, dealer)
            if st.phase.kind == "tricks" and up in st.hands[dealer]:
                k = Knowledge((dealer + 1) % 4)
                k.update(st)
                assert up in k.known[dealer]
                found += 1
                break
    assert found >= 2

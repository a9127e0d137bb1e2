"""What a seat learns from the play, and the worlds it imagines: counted exactly (nothing to deal is
one deal, places that cannot take the cards none), drawn uniformly (an imagined talon in any order
too), consistent with the play.

`CARDSPEC_SAMPLES=10000` (or more) runs the consistency test on that many worlds per spec;
the default run draws fewer."""

from __future__ import annotations

import itertools
import math
import os
import random
from collections import Counter
from pathlib import Path

import pytest

from interpreter.compile.game import load_game
from interpreter.core.errors import GameError
from interpreter.players.knowledge import Knowledge
from interpreter.players.sampler import Deals, Sampler, replay_deal
from tests.phases.table import X, Y, Z, game, hand, play, position

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = int(os.environ.get("CARDSPEC_SAMPLES", "400"))


def chi_square_ok(counts: Counter, cells: list, draws: int) -> bool:
    """Whether `counts` over `cells` fits the uniform law at the 0.1% level (Wilson-Hilferty)."""
    expected = draws / len(cells)
    stat = sum((counts.get(c, 0) - expected) ** 2 / expected for c in cells)
    df = len(cells) - 1
    z = 3.09  # the 0.999 quantile of the normal law
    critical = df * (1 - 2 / (9 * df) + z * math.sqrt(2 / (9 * df))) ** 3
    return stat < critical and sum(counts.values()) == draws and set(counts) <= set(cells)


# ---------------------------------------------------------------- counting and drawing deals

def brute_force(classes, caps):
    """Every deal of the classes' cards to the places, by trying every placement."""
    cards = [(c, allowed) for allowed, cs in classes for c in cs]
    out = []
    for places in itertools.product(range(len(caps)), repeat=len(cards)):
        if all(p in allowed for (_, allowed), p in zip(cards, places)) and \
                all(places.count(i) == cap for i, cap in enumerate(caps)):
            out.append(tuple(tuple(sorted(c for (c, _), p in zip(cards, places) if p == i)) for i in range(len(caps))))
    return out


CASES = [
    ([((0, 1, 2), [1, 2, 3, 4, 5])], [2, 2, 1]),
    ([((0, 2), [1, 2]), ((1, 2), [3]), ((0, 1, 2), [4, 5, 6])], [2, 2, 2]),
    ([((0,), [1]), ((1, 2), [2, 3, 4]), ((0, 1), [5, 6, 7])], [3, 3, 1]),
]


@pytest.mark.parametrize("by_place", [False, True], ids=["class by class", "place by place"])
@pytest.mark.parametrize("classes, caps", CASES)
def test_deals_are_counted_exactly_and_drawn_uniformly(classes, caps, by_place):
    every = brute_force(classes, caps)
    deals = Deals(classes, caps, by_place=by_place)
    assert deals.by_place is by_place and deals.count == len(every)
    rng = random.Random(11)
    draws = 300 * len(every)
    seen = Counter(tuple(tuple(sorted(p)) for p in deals.draw(rng)) for _ in range(draws))
    assert chi_square_ok(seen, every, draws)


def test_a_biased_draw_fails_the_uniformity_check():
    """The check has teeth: the first place taking the smallest cards more often is caught."""
    classes, caps = CASES[0]
    every = brute_force(classes, caps)
    rng = random.Random(3)
    draws = 300 * len(every)
    seen = Counter(every[min(rng.randrange(len(every)), rng.randrange(len(every)))] for _ in range(draws))
    assert not chi_square_ok(seen, every, draws)


@pytest.mark.parametrize("by_place", [False, True])
def test_no_deal_fits(by_place):
    deals = Deals([((0,), [1, 2])], [1, 1], by_place=by_place)
    assert deals.count == 0
    with pytest.raises(ValueError, match="no deal of these cards fits these places"):
        deals.draw(random.Random(1))


@pytest.mark.parametrize("by_place", [False, True])
def test_no_card_left_to_deal_is_one_deal_of_nothing(by_place):
    deals = Deals([], [0, 0], by_place=by_place)
    assert deals.count == 1
    assert deals.draw(random.Random(1)) == [[], []]


@pytest.mark.parametrize("by_place", [False, True])
def test_places_that_do_not_take_all_the_cards_have_no_deal(by_place):
    deals = Deals([((0, 1), [1, 2, 3])], [1, 1], by_place=by_place)
    assert deals.count == 0
    with pytest.raises(ValueError, match="no deal of these cards fits these places"):
        deals.draw(random.Random(1))


# seven seats' worth of hidden places (six hands and a talon, and places with no room, such as empty
# discards), the unseen cards split in classes by the voids shown: a table of many seats
SEVEN_SEATS = ([((0, 1, 2, 3, 4, 5, 6, 7, 8), list(range(22))), ((0, 1, 2, 3, 4, 6, 7, 8), list(range(22, 32))),
                ((0, 1, 3, 4, 5, 6, 7, 8), list(range(32, 38)))], [5, 5, 5, 5, 4, 4, 10, 0, 0])
SMALLER = [
    ([((0, 1, 2, 3, 4, 5, 6), list(range(10))), ((0, 1, 2, 6), list(range(10, 16))), ((3, 4, 5, 6), list(range(16, 20))),
      ((1, 2), [20, 21])], [3, 3, 3, 3, 3, 3, 4]),
    ([((0, 1, 2, 3, 4, 5, 6, 7), list(range(12))), ((0, 2, 4, 6), list(range(12, 16))), ((1, 3, 5, 7), [16, 17, 18])],
     [2, 3, 2, 3, 2, 3, 2, 2]),
]


@pytest.mark.parametrize("classes, caps", SMALLER)
def test_deals_counted_place_by_place_are_those_counted_class_by_class(classes, caps):
    assert Deals(classes, caps, by_place=True).count == Deals(classes, caps, by_place=False).count > 10 ** 9


def test_many_places_are_counted_place_by_place_and_drawn_where_their_cards_may_go():
    """Where the places' room takes too many values to count class by class (seven seats), the deals
    are counted place by place; each place gets as many cards as it holds, each where it may go."""
    classes, caps = SEVEN_SEATS
    deals = Deals(classes, caps)
    assert deals.by_place and deals.count > 10 ** 20
    allowed = {c: places for places, cards in classes for c in cards}
    rng = random.Random(5)
    for _ in range(200):
        dealt = deals.draw(rng)
        assert [len(p) for p in dealt] == caps
        assert sorted(c for p in dealt for c in p) == sorted(allowed)
        assert all(i in allowed[c] for i, p in enumerate(dealt) for c in p)


# ---------------------------------------------------------------- what play proves

TRUMPS = """
direction: clockwise
phases:
  deal: {hand_size: 4}
  play:
  score:
play:
  leader: next(dealer)
  rules: [follow suit, overtrump]
play_rules:
  follow suit:
    description: play a card of the suit led if you have one
    when: not leading
    keep: card.suit == led_suit
  overtrump:
    description: beat the trick if you can
    when: not leading
    keep: wins_trick(card)
contracts:
  game:
    score: tricks_won
match: {deals: 1}
"""


def names(st, cards):
    return sorted(st.game.pack.names[c] for c in cards)


def learnt(st, seat):
    k = Knowledge(seat)
    assert k.update(st)
    return k


def test_a_seat_that_follows_low_holds_no_card_that_would_have_won():
    g = game(TRUMPS)
    st = position(g, ["QS AS KS JD", "JS AH JH KD", "KH QH AD QD"], dealer=Z)
    play(st, "play QS", "play JS")  # Y had to beat the queen if it could: it holds neither AS nor KS
    k = learnt(st, Z)
    assert names(st, k.excluded[Y]) == ["AS", "KS"]
    assert k.excluded[X] == set() and k.known == [set(), set(), set()]
    assert learnt(position(g, ["QS AS KS JD", "JS AH JH KD", "KH QH AD QD"], dealer=Z), Z).excluded == \
        [set(), set(), set()]  # before anything is played, nothing is known


def test_a_seat_that_does_not_follow_is_void_in_the_suit_led():
    g = game(TRUMPS)
    st = position(g, ["AS KH QH JD", "KD AH JH QD", "KS QS JS AD"], dealer=Z)
    play(st, "play AS", "play KD")  # Y shows out of spades
    assert learnt(st, Z).excluded[Y] == set()  # every other spade is Z's own: nothing unseen to exclude
    k = learnt(st, X)
    assert names(st, k.excluded[Y]) == ["JS", "KS", "QS"]
    assert k.excluded[Z] == set()


def test_worlds_are_uniform_among_the_consistent_deals():
    """X watched Y show out of spades; the worlds X imagines give Y no spade, and each of the
    consistent hands of Y comes up equally often."""
    g = game(TRUMPS)
    st = position(g, ["AS KH QH JD", "KD AH JH QD", "KS QS JS AD"], dealer=Z)
    play(st, "play AS", "play KD")
    unseen = sorted(st.hands[Y] + st.hands[Z])
    spades = {c for c in unseen if g.pack.suit[c] == g.pack.suits.index("S")}
    consistent = [y for y in itertools.combinations(unseen, 3) if not spades & set(y)]
    sampler = Sampler(st, X, learnt(st, X))
    assert sampler.count == len(consistent) == 4
    rng = random.Random(5)
    draws = 1000 * len(consistent)
    seen = Counter(tuple(sampler.world(rng).hands[Y]) for _ in range(draws))
    assert chi_square_ok(seen, consistent, draws)
    old = Counter(tuple(st.sampled_for(X, rng).hands[Y]) for _ in range(draws))
    assert not set(old) <= set(consistent)  # the plain re-deal gives Y spades


def test_a_void_narrows_the_worlds_and_they_stay_uniform():
    g = game(TRUMPS, pack="""
pack:
  suits: [S, H, D]
  ranks: [A, K, Q, J, T]
""")
    st = g.new_state(1, first_dealer=Z, hands={1: [[g.pack.parse(c) for c in h.split()] for h in
                                                   ["AS KH QH JD TD", "KD AH JH QD TH", "KS QS JS AD TS"]]},
                     talons={1: []})
    play(st, "play AS", "play KD")  # Y shows out of spades
    k = learnt(st, X)
    unseen = sorted(st.hands[Y] + st.hands[Z])
    excluded = set(k.excluded[Y])
    assert names(st, excluded) == ["JS", "KS", "QS", "TS"]
    consistent = [y for y in itertools.combinations(unseen, 4) if not excluded & set(y)]
    sampler = Sampler(st, X, k)
    assert sampler.count == len(consistent) == 5
    rng = random.Random(8)
    draws = 1000 * len(consistent)
    seen = Counter(tuple(sampler.world(rng).hands[Y]) for _ in range(draws))
    assert chi_square_ok(seen, consistent, draws)
    assert sampler.rejected == sampler.failures == 0


TALON = TRUMPS.replace("hand_size: 4", "hand_size: 3")  # three cards left in the talon


def test_an_imagined_talon_is_in_any_order_whatever_was_learnt():
    g = game(TALON)
    st = position(g, ["AS KH QH", "KD AH JH", "KS QS JS"], talon="QD JD AD", dealer=Z)
    play(st, "play AS", "play KD")  # Y shows out of spades: the spades X cannot see are Z's or the talon's
    k = Knowledge(X)
    assert k.update(st)
    sampler = Sampler(st, X, k)
    spade = g.pack.suits.index("S")
    rng = random.Random(3)
    firsts = set()
    for _ in range(400):
        talon = sampler.world(rng).talon
        assert not {c for c in sampler.world(rng).hands[Y] if g.pack.suit[c] == spade}
        if len({g.pack.suit[c] == spade for c in talon}) == 2:  # a spade and another card in the talon
            firsts.add(g.pack.suit[talon[0]] == spade)
    assert firsts == {True, False}  # either may lie on top


# ---------------------------------------------------------------- consistency on the shipped specs

REPLAYABLE = ["barbu/barbu", "barbu/parlett", "barbu/bustarret", "barbu/ravage-city", "back-alley/partnership",
              "back-alley/original", "briscola-chiamata/five", "briscola-chiamata/three"]
OTHERS = ["klaberjass/klaberjass", "piquet/rubicon"]


def positions(game, seed, every=3):
    """Positions of a random game, one decision in `every`, with the seat to act."""
    rng = random.Random(seed)
    st = game.new_state(seed)
    k = 0
    while not st.is_terminal:
        k += 1
        if k % every == 0:
            yield st, st.current_player
        legal = st.legal_actions()
        st.apply(legal[rng.randrange(len(legal))])


def sampled_worlds(name, only_play=False):
    """(position, seat, its sampler, a world) for SAMPLES worlds, ten a position, over random games."""
    g = load_game(ROOT / "specs" / f"{name}.yaml")
    rng = random.Random(2)
    checked = seed = 0
    while checked < SAMPLES:
        seed += 1
        for st, seat in positions(g, seed):
            if only_play and st.phase.kind != "tricks":
                continue
            sampler = Sampler(st, seat, learnt(st, seat))
            for _ in range(10):
                yield st, seat, sampler, sampler.world(rng)
                checked += 1
            assert sampler.failures == 0
            if checked >= SAMPLES:
                return


@pytest.mark.parametrize("name", REPLAYABLE)
def test_every_world_replays_the_deal(name):
    """Each world, its deal dealt again from its seed with the world's hands, admits every
    action played so far (an independent replay, by the engine's own legality)."""
    for st, _, _, world in sampled_worlds(name, only_play=True):
        try:
            replayed = replay_deal(st, world)
        except ValueError:  # (a joker dealt and replaced: the dealt hands are not the played ones)
            continue
        assert replayed.deal_number == st.deal_number


@pytest.mark.parametrize("name", OTHERS)
def test_worlds_pass_the_replay_check_where_hands_change(name):
    for st, seat, sampler, world in sampled_worlds(name):
        assert sorted(world.hands[seat]) == sorted(st.hands[seat])
        assert [len(h) for h in world.hands] == [len(h) for h in st.hands]
        assert sampler.admits(world)


def test_the_old_redeal_makes_impossible_worlds_that_the_replay_refuses():
    g = load_game(ROOT / "specs" / "barbu" / "barbu.yaml")
    rng = random.Random(4)
    impossible = 0
    for st, seat in itertools.islice(((s, p) for s, p in positions(g, 3) if s.phase.kind == "tricks"
                                      and len(s.tricks) > 5), 5):
        for _ in range(10):
            try:
                replay_deal(st, st.sampled_for(seat, rng))
            except GameError:
                impossible += 1
    assert impossible > 0


def test_a_deal_whose_hands_took_cards_cannot_be_replayed():
    g = load_game(ROOT / "specs" / "klaberjass" / "klaberjass.yaml")
    for st, seat in positions(g, 1):
        if st.phase.kind == "tricks":
            break
    with pytest.raises(ValueError, match="the hands changed in this deal by more than the cards played"):
        replay_deal(st, Sampler(st, seat, learnt(st, seat)).world(random.Random(1)))


def test_a_world_without_a_history_knows_nothing_more():
    g = load_game(ROOT / "specs" / "barbu" / "barbu.yaml")
    st, seat = next(positions(g, 1, every=20))
    world = st.sampled_for(seat, random.Random(1))
    k = Knowledge(seat)
    assert not k.update(world)
    sampler = Sampler(world, seat, k)
    assert sampler.knowledge is None and hand(sampler.world(random.Random(2)), seat) == hand(st, seat)


def test_cards_a_declaration_showed_stay_in_the_hand_that_showed_them():
    g = load_game(ROOT / "specs" / "piquet" / "rubicon.yaml")
    found = 0
    for seed in range(1, 30):
        for st, seat in positions(g, seed, every=1):
            other = 1 - seat
            if st.phase.kind != "tricks":
                continue
            shown = {g.pack.parse(c) for entry in st.view(seat)["declarations"]
                     for name, cards in entry["cards"].items() if name == g.seat_names[other] for c in cards}
            held = shown & set(st.hands[other])
            if not held:
                continue
            k = learnt(st, seat)
            assert k.shown[other] == shown
            sampler, plain = Sampler(st, seat, k), Sampler(st, seat, None)
            rng = random.Random(seed)
            assert all(held <= set(sampler.world(rng).hands[other]) for _ in range(20))
            assert not all(held <= set(plain.world(rng).hands[other]) for _ in range(20))
            found += 1
            break
        if found == 3:
            break
    assert found == 3

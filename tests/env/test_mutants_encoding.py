"""Observation parts that mutation testing found unchecked: the mask's values, a fan-tan
layout (each suit started, its lowest and highest card), and the declarations (the winner,
each seat's points), all counted from the observing seat."""

from __future__ import annotations

import random

import pytest

np = pytest.importorskip("numpy")

from tests.engine.test_conformance import ROOT  # noqa: E402

from interpreter.compile.game import load_game  # noqa: E402
from interpreter.env.encoding import ActionSpace, Observer, Table, observation  # noqa: E402


def setup(name, seed):
    game = load_game(ROOT / "specs" / f"{name}.yaml")
    space = ActionSpace(game)
    return game, Observer(game, space), Table(space, game.new_state(seed))


def part(observer, x, name):
    return x[slice(*observer.offsets[name])]


def test_the_mask_is_1_at_each_legal_id_and_0_elsewhere():
    _, _, table = setup("barbu/barbu", 4)
    mask = table.mask()
    assert sorted(set(mask.tolist())) == [0, 1] and mask.sum() == len(table.legal_ids()) == 7


def test_a_layout_is_encoded_suit_by_suit_from_its_lowest_and_highest_cards():
    game, observer, table = setup("barbu/barbu", 4)
    st = table.state
    st.apply("contract dominoes")
    rng = random.Random(1)
    while sum(low != high for low, high in st.view(2)["layout"].values()) < 2:
        st.apply(rng.choice(st.legal_actions()))
    x, view = observation(observer, table, 2)
    ranks, suits = game.pack.ranks, list(game.pack.suits)
    expected = np.zeros(3 * len(suits), np.float32)
    for suit, cards in view["layout"].items():
        i = 3 * suits.index(suit)
        expected[i:i + 3] = [1] + [(len(ranks) - ranks.index(c[:-1])) / len(ranks) for c in cards]
    assert part(observer, x, "layout").tolist() == expected.tolist()


def test_declarations_are_encoded_with_the_winner_and_each_seats_points():
    game, observer, table = setup("piquet/rubicon", 1)
    rng = random.Random(1)
    st = table.state
    while not any(d["winner"] for d in st.view(0)["declarations"]):
        st.apply(rng.choice(st.legal_actions()))
    n = game.n
    for seat in range(n):
        x, view = observation(observer, table, seat)
        expected = np.zeros(len(observer.categories) * 2 * n, np.float32)
        for d in view["declarations"]:
            i = observer.categories.index(d["category"]) * 2 * n
            if d["winner"]:
                expected[i + (game.seat_names.index(d["winner"]) - seat) % n] = 1
            for name, points in d["points"].items():
                expected[i + n + (game.seat_names.index(name) - seat) % n] = points
        assert part(observer, x, "declarations").tolist() == expected.tolist() and expected.max() > 1


def test_each_word_said_with_a_card_has_its_own_place_for_each_seat(tmp_path):
    """Klaberjass with a second word to say (with the ace of trumps): each (seat, word) said is
    one 1, counted from the observing seat, the words in the spec's order."""
    text = (ROOT / "specs" / "klaberjass" / "klaberjass.yaml").read_text()
    text = text.replace("  announcements:\n", "  announcements:\n    trumpet:\n      description: with the ace of trumps\n"
                        "      when: card.suit == trump and card.rank == A\n")
    spec = tmp_path / "two_words.yaml"
    spec.write_text(text)
    game = load_game(spec)
    space = ActionSpace(game)
    observer = Observer(game, space)
    assert observer.words == ["trumpet", "bella"]
    n, words = game.n, observer.words
    for seed in range(40):
        table = Table(space, game.new_state(seed))
        rng = random.Random(seed)
        st = table.state
        while not st.is_terminal and not any(w == "bella" for _, w, _ in st.view(0)["said"]):
            st.apply(rng.choice(st.legal_actions()))
        if not st.is_terminal:
            break
    else:
        raise AssertionError("nobody said bella in 40 games")
    for seat in range(n):
        x, view = observation(observer, table, seat)
        expected = np.zeros(n * len(words), np.float32)
        for name, word, _ in view["said"]:
            expected[((game.seat_names.index(name) - seat) % n) * len(words) + words.index(word)] = 1
        assert part(observer, x, "said").tolist() == expected.tolist()

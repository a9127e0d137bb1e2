"""The fixed action space and its mask, and the observation vector of every spec with each of its
parts counted from the observing seat (interpreter/env/encoding.py)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

np = pytest.importorskip("numpy")

from interpreter.compile.game import load_game
from interpreter.env.encoding import (
    ActionSpace,
    EnvError,
    Observer,
    Table,
    load,
    observation,
)
from tests.engine.test_conformance import ROOT, SPECS, settings
from tests.helpers import unseen_redealt  # noqa: E402

CHECKS_PER_DEAL = 6


def barbu():
    return load_game(ROOT / "specs/barbu/barbu.yaml")


def setup(name, seed):
    game = load_game(ROOT / "specs" / f"{name}.yaml")
    space = ActionSpace(game)
    return game, Observer(game, space), Table(space, game.new_state(seed))


def observed_part(observer, x, name):
    return x[slice(*observer.offsets[name])]


@pytest.mark.parametrize("spec", SPECS, ids=lambda p: p.relative_to(ROOT / "specs").as_posix())
def test_ids_and_names_correspond_and_are_stable(spec):
    space = ActionSpace(load_game(spec))
    assert len(set(space.names)) == len(space)
    assert all(space.id_of(name) == i and space.name_of(i) == name for i, name in enumerate(space.names))
    assert ActionSpace(load_game(spec)).names == space.names  # found from the spec, not from a game


@pytest.mark.parametrize("spec", SPECS, ids=lambda p: p.relative_to(ROOT / "specs").as_posix())
def test_announced_values_are_encoded_as_views_show_them(spec):
    game = load_game(spec)
    pack = game.pack
    domains = {"suit": set(pack.suits), "rank": set(pack.ranks)}
    for var, values in Observer(game, ActionSpace(game)).announced.items():
        domain = domains.get(game.announce_types.get(var))
        assert domain is None or set(values) <= domain, var


def test_barbu_space_lists_cards_contracts_announcements_and_every_double():
    space = ActionSpace(barbu())
    for name in ("play QS", "contract no_tricks", "trump H", "start 7", "pass", "double B D", "double A B C"):
        assert name in space.ids
    assert len([n for n in space.names if n.startswith("double ")]) == 14  # the sets of 1 to 3 of 4 seats
    assert "double A B C D" not in space.ids


def test_legal_ids_and_mask_are_the_legal_actions():
    game = barbu()
    space = ActionSpace(game)
    table = Table(space, game.new_state(3))
    rng = random.Random(3)
    while table.state.deal_number == 1:
        names = sorted(a.name for a in table.state.legal_actions())
        ids = table.legal_ids()
        assert ids == sorted(ids) and sorted(space.names[i] for i in ids) == names
        mask = table.mask()
        assert mask.dtype == np.int8 and list(np.flatnonzero(mask)) == ids
        table.apply_id(rng.choice(ids))


def test_a_card_not_held_is_refused_and_an_id_as_numpy_gives_it_is_taken_as_an_int():
    """In play, the phase knows every card's id: a card of the pack the seat does not hold (or may not
    play) is refused with the reason, the state unchanged; a numpy integer, as a learner's array
    holds it, is the id it equals."""
    game = barbu()
    space = ActionSpace(game)
    table = Table(space, game.new_state(5))
    rng = random.Random(5)
    while table.state.phase.kind != "tricks":
        table.apply_id(rng.choice(table.legal_ids()))
    table.mask()  # (the legal list is known before the id comes, as in a learner's loop)
    st = table.state
    held = {space.name_of(i) for i in table.legal_ids()}
    other = next(i for i, name in enumerate(space.names) if name.startswith("play ") and name not in held)
    history = list(st.history)
    with pytest.raises(EnvError) as e:
        table.apply_id(other)
    assert e.value.message == f"`{space.names[other]}` (id {other}) is not legal now for {st.seat_name(st.current)}"
    assert st.history == history
    chosen = table.legal_ids()[0]
    table.apply_id(np.int64(chosen))
    assert st.history[:-1] == history and st.history[-1][1].name == space.names[chosen]


def test_the_mask_is_1_at_each_legal_id_and_0_elsewhere():
    _, _, table = setup("barbu/barbu", 4)
    mask = table.mask()
    assert sorted(set(mask.tolist())) == [0, 1] and mask.sum() == len(table.legal_ids()) == 7


def test_an_id_outside_the_space_or_illegal_now_is_refused_with_the_reason():
    game = barbu()
    space = ActionSpace(game)
    table = Table(space, game.new_state(1))
    history = list(table.state.history)
    with pytest.raises(EnvError) as e:
        table.apply_id(len(space))
    assert e.value.message == f"action id {len(space)} is not in the spec's action space (0 to {len(space) - 1})"
    illegal = space.id_of("play AS")
    with pytest.raises(EnvError) as e:
        table.apply_id(illegal)
    assert e.value.message == f"`play AS` (id {illegal}) is not legal now for {table.state.seat_name(table.current_player)}"
    with pytest.raises(EnvError) as e:
        space.id_of("play 1Z")
    assert e.value.message == f"`play 1Z` is not in the spec's action space ({len(space)} actions)"
    assert table.state.history == history


def test_a_spec_is_found_by_name_and_an_unknown_name_is_refused():
    assert load("barbu").title == load_game(ROOT / "specs/barbu/barbu.yaml").title
    assert load("piquet/au-cent").title == load_game(ROOT / "specs/piquet/au-cent.yaml").title
    with pytest.raises(EnvError) as e:
        load("no-such-game")
    assert e.value.message == "`no-such-game` is neither a file nor a shipped game (`cardspec list` shows the games)"


def declaring_any(seed, game=None):
    """A Piquet table at a declaration of any set of combinations where the seat holds at least two."""
    game = game or load_game(ROOT / "specs/piquet/rubicon.yaml")
    space = ActionSpace(game)
    for s in range(seed, seed + 200):
        table, rng = Table(space, game.new_state(s)), random.Random(s)
        while table.state.deal_number == 1 and not table.state.is_terminal:
            st = table.state
            if st.phase.kind == "declare" and st.phase.categories[st.declare_cat].choose == "any":
                found = st.phase.find(st, st.phase.categories[st.declare_cat], st.hands[st.current_player])
                if len(found) >= 2:
                    return table, found
            table.apply_id(rng.choice(table.legal_ids()))
    raise AssertionError("no declaration of two combinations in 200 deals")


def spaced_category_names(tmp_path):
    """Rubicon Piquet with its sequences declared under a name of two words."""
    text = (ROOT / "specs/piquet/rubicon.yaml").read_text()
    spec = tmp_path / "rubicon.yaml"
    spec.write_text(text.replace("      sequence:\n", "      long run:\n"))
    return load_game(spec)


@pytest.mark.parametrize("spaced", [False, True], ids=["one-word category", "category of two words"])
def test_a_set_of_combinations_is_declared_one_at_a_time_with_the_same_result(spaced, tmp_path):
    table, found = declaring_any(1, spaced_category_names(tmp_path) if spaced else None)
    st = table.state
    cat = st.phase.categories[st.declare_cat].name
    space, seat = table.space, st.current_player
    first, second = (f"declare {cat} {nm}" for nm, _ in found[:2])
    assert sorted(space.names[i] for i in table.legal_ids()) == sorted(
        [f"declare {cat} {nm}" for nm, _ in found] + [f"declare {cat} nothing"])
    direct = st.clone()
    direct.apply(f"declare {cat} {found[0][0]} {found[1][0]}")
    table.apply_id(space.id_of(first))
    assert table.current_player == seat and table.state.history == st.history  # nothing said yet
    assert table.picked_ids() == [space.id_of(first)]
    legal = [space.names[i] for i in table.legal_ids()]
    assert first not in legal and second in legal and f"declare {cat} end" in legal
    assert observation(Observer(st.game, space), table, seat)[0][-len(space) + space.id_of(first)] == 1
    table.apply_id(space.id_of(second))
    if len(found) > 2:  # (with two, the second ends it: nothing is left to add)
        table.apply_id(space.id_of(f"declare {cat} end"))
    assert [a.name for _, a in table.state.history] == [a.name for _, a in direct.history]
    assert table.state.view(seat) == direct.view(seat)


def test_ids_for_an_action_of_the_state_take_that_action():
    table, found = declaring_any(1)
    st = table.state
    for action in st.legal_actions():
        other = table.clone()
        for i in table.ids_for(action):
            other.apply_id(i)
        assert [(p, a.name) for p, a in other.state.history] == \
            [(p, a.name) for p, a in st.history] + [(st.current_player, action.name)]
    cat = st.phase.categories[st.declare_cat].name
    table.apply_id(table.space.id_of(f"declare {cat} {found[0][0]}"))
    with pytest.raises(EnvError) as e:
        table.ids_for(st.legal_actions()[0])
    assert e.value.message == "a declaration is half made here: go on with its ids (`legal_ids()`)"


def positions(game, space, rng, count):
    """`count` tables spread evenly over the first deal of a random game (in steps of a
    declaration too, where there is one)."""
    table = Table(space, game.new_state(rng.randrange(1000)))
    out = []
    while not table.state.is_terminal and table.state.deal_number == 1:
        out.append(table.clone())
        table.apply_id(rng.choice(table.legal_ids()))
    return [out[i * (len(out) - 1) // (count - 1)] for i in range(count)] if len(out) > count else out


@pytest.mark.parametrize("spec, options", settings())
def test_observations_have_one_shape_and_hide_what_the_seat_cannot_see(spec, options):
    game = load_game(spec, options=options)
    space = ActionSpace(game)
    observer = Observer(game, space)
    rng = random.Random(7)
    for table in positions(game, space, rng, CHECKS_PER_DEAL):
        st = table.state
        for seat in range(game.n):
            x, view = observation(observer, table, seat)
            assert x.shape == (observer.size,) and x.dtype == np.float32
            hand = x[slice(*observer.offsets["hand"])]
            held = Counter(game.pack.by_name[c] for c in view["hand"])  # (a double pack: a card's place counts its copies)
            assert {int(i): hand[i] for i in np.flatnonzero(hand)} == held
            announced, at = x[slice(*observer.offsets["announced"])], 0
            for var, values in observer.announced.items():  # each announced value, read back
                got = [values[i] for i in np.flatnonzero(announced[at:at + len(values)])]
                assert got == ([str(view["announced"][var])] if view["announced"].get(var) is not None else [])
                at += len(values)
            assert set(view["announced"]) <= set(observer.announced)
            for other in (unseen_redealt(st, seat, rng), st.sampled_for(seat, rng)):  # hands; talon, discards too
                other = Table(space, other, table.picked)
                assert np.array_equal(observation(observer, other, seat)[0], x), f"seat {seat} sees a hidden card"



def test_without_pettingzoo_the_environment_says_which_extra_it_needs(monkeypatch):
    import sys

    import interpreter.env

    monkeypatch.setitem(sys.modules, "pettingzoo", None)  # as if it were not installed
    monkeypatch.delitem(sys.modules, "interpreter.env.pettingzoo", raising=False)
    with pytest.raises(ImportError) as e:
        interpreter.env.CardspecEnv
    assert str(e.value) == "CardspecEnv needs the `rl` extra (pip install -e '.[rl]'): no module named 'pettingzoo'"


def test_observation_parts_hold_what_the_view_says_counted_from_the_seat():
    game = barbu()
    space = ActionSpace(game)
    observer = Observer(game, space)
    rng = random.Random(2)
    table = Table(space, game.new_state(2))
    while table.state.deal_number < 2 or len(table.state.tricks) < 2 or len(table.state.trick_cards) < 2:
        table.apply_id(rng.choice(table.legal_ids()))  # (a later deal, so that the totals are not all 0)
    st, seat = table.state, 1
    x, view = observation(observer, table, seat)

    def part(name):
        return x[slice(*observer.offsets[name])]

    c, n = len(game.pack), game.n
    trick = part("trick").reshape(n, c)
    for p, card in zip(st.trick_seats, st.trick_cards):
        assert np.flatnonzero(trick[(p - seat) % n]).tolist() == [card]
    assert part("trick").sum() == len(st.trick_cards)
    assert part("played").sum() == 4 * len(st.tricks)
    assert part("to_act").tolist() == [float(i == (st.current_player - seat) % n) for i in range(n)]
    assert part("contract")[observer.contracts.index(st.contract_key)] == 1 and part("contract").sum() == 1
    assert part("tricks_won").tolist() == [st.tricks_won[(seat + i) % n] for i in range(n)]
    assert part("totals").tolist() == [st.totals[(seat + i) % n] for i in range(n)] and len(set(st.totals)) > 1
    assert part("deal")[0] == st.deal_number


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
    assert observed_part(observer, x, "layout").tolist() == expected.tolist()


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
        assert observed_part(observer, x, "declarations").tolist() == expected.tolist() and expected.max() > 1


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
        assert observed_part(observer, x, "said").tolist() == expected.tolist()


def test_the_cards_a_seat_passes_are_in_its_observation_and_in_nobody_elses():
    game = load_game(ROOT / "specs" / "spades" / "partner-pass.yaml")
    space = ActionSpace(game)
    observer = Observer(game, space)
    table = Table(space, game.new_state(3))
    st = table.state
    first = st.current_player
    chosen = [st.legal_actions()[0], st.legal_actions()[1]]
    for a in chosen:
        table.apply_id(space.id_of(a))

    def passed(seat):
        x, _ = observation(observer, table, seat)
        return np.flatnonzero(x[slice(*observer.offsets["passed"])]).tolist()

    assert passed(first) == sorted(a.arg for a in chosen)
    assert all(passed(p) == [] for p in range(game.n) if p != first)

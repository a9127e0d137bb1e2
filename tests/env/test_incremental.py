"""Each seat's observation kept up to date from the moves since (interpreter/env/incremental.py) is the
reference observation, built from the seat's view, at every step, for every seat, on every spec."""

from __future__ import annotations

import random

import pytest

np = pytest.importorskip("numpy")

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from interpreter.compile.game import load_game  # noqa: E402
from interpreter.env.encoding import ActionSpace, Observer, Table, observation  # noqa: E402
from interpreter.env.incremental import Encoder  # noqa: E402
from tests.engine.test_conformance import ROOT, SPECS, settings as spec_settings  # noqa: E402
from tests.helpers import unseen_redealt  # noqa: E402

GAMES: dict = {}


def setup(spec, options=None):
    """The game, action space and observer of a spec (compiled once per test session)."""
    key = (spec, tuple(sorted((options or {}).items())))
    if key not in GAMES:
        game = load_game(spec, options=options)
        space = ActionSpace(game)
        GAMES[key] = game, space, Observer(game, space)
    return GAMES[key]


def differences(observer, got, want) -> list:
    """Where two observations differ, by part: (part, place in it, got, wanted)."""
    out = []
    for i in np.flatnonzero(got != want)[:5]:
        part = next(nm for nm, (a, z) in observer.offsets.items() if a <= i < z)
        out.append((part, int(i - observer.offsets[part][0]), float(got[i]), float(want[i])))
    return out


def follow(spec, seed, order_seed, steps, options=None, deals=2):
    """Play `spec` at random (ids from the table, declarations made in steps included) for at most
    `steps` steps or `deals` deals; at every step compare with the reference the observation of every
    seat from an encoder that observes every seat every step, and of a random few seats from one that
    observes them now and then (so that its rows catch up over several moves at once)."""
    game, space, observer = setup(spec, options)
    table = Table(space, game.new_state(seed))
    every, some = Encoder(observer), Encoder(observer)
    rng, order = random.Random(seed), random.Random(order_seed)
    for step in range(steps):
        for seat in range(game.n):
            want = observation(observer, table, seat)[0]
            got = every.observe(table, seat)
            assert np.array_equal(got, want), (step, seat, differences(observer, got, want))
            if order.random() < 0.3 or seat == table.current_player and order.random() < 0.5:
                got = some.observe(table, seat)
                assert np.array_equal(got, want), (step, seat, differences(observer, got, want))
        if table.state.is_terminal or table.state.deal_number > deals:
            return
        table.apply_id(rng.choice(table.legal_ids()))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(spec=st.sampled_from(SPECS), seed=st.integers(0, 10 ** 6), order_seed=st.integers(0, 10 ** 6))
def test_observations_kept_up_to_date_are_the_reference_at_every_step_for_every_seat(spec, seed, order_seed):
    follow(spec, seed, order_seed, steps=150)


@pytest.mark.slow
@pytest.mark.parametrize("spec, options", spec_settings())
def test_observations_kept_up_to_date_are_the_reference_on_every_spec_and_option_value(spec, options):
    for seed in range(2):
        follow(spec, seed, seed + 100, steps=400, options=options)


def test_trick_play_is_followed_card_by_card_not_written_again(monkeypatch):
    """In Barbu's trick play, a seat observed at each of its turns has its row written in full once
    (as play begins); every card after that only changes the places it touches."""
    game, space, observer = setup(ROOT / "specs/barbu/barbu.yaml")
    table = Table(space, game.new_state(3))
    st_, rng = table.state, random.Random(3)
    table.state.apply("contract no_tricks")
    encoder = Encoder(observer)
    written = []
    write = Encoder.write
    monkeypatch.setattr(Encoder, "write", lambda self, t, seat: (written.append(seat), write(self, t, seat)))
    while st_.phase.kind != "tricks":
        table.apply_id(rng.choice(table.legal_ids()))
    cards = 0
    while st_.phase.kind == "tricks":
        seat = st_.current_player
        assert np.array_equal(encoder.observe(table, seat), observation(observer, table, seat)[0])
        table.apply_id(rng.choice(table.legal_ids()))
        cards += 1
    assert cards == 52 and sorted(written) == [0, 1, 2, 3]


def test_an_auction_is_followed_call_by_call(monkeypatch):
    """Bridge's auction: each seat, observed at each of its turns, has its row written in full once, at
    its first call; every call after that only adds itself (and moves who is to act)."""
    game, space, observer = setup(ROOT / "specs/bridge/bridge.yaml")
    long = 0
    for seed in range(10):
        table, rng = Table(space, game.new_state(seed)), random.Random(seed)
        st_ = table.state
        encoder, written = Encoder(observer), []
        write = Encoder.write
        monkeypatch.setattr(Encoder, "write", lambda self, t, seat: (written.append(seat), write(self, t, seat)))
        calls = 0
        while st_.phase.kind == "auction" and st_.deal_number == 1:
            seat = st_.current_player
            assert np.array_equal(encoder.observe(table, seat), observation(observer, table, seat)[0])
            table.apply_id(rng.choice(table.legal_ids()))
            calls += 1
        monkeypatch.undo()
        assert sorted(written) == list(range(min(calls, 4))), (calls, written)
        long += calls > 8
    assert long >= 3  # (auctions that went round more than twice)


def test_an_exchange_is_followed_discard_by_discard(monkeypatch):
    """Piquet's exchanges, a card discarded a move: the exchanger, observed at each of its discards, has
    its row written in full once, at its first; each discard after that moves one card from its hand to
    its discards."""
    game, space, observer = setup(ROOT / "specs/piquet/rubicon.yaml")
    discards = 0
    for seed in range(6):
        table, rng = Table(space, game.new_state(seed)), random.Random(seed)
        st_ = table.state
        while st_.phase.kind != "exchange":
            table.apply_id(rng.choice(table.legal_ids()))
        encoder, written = Encoder(observer), []
        write = Encoder.write
        monkeypatch.setattr(Encoder, "write", lambda self, t, seat: (written.append(seat), write(self, t, seat)))
        phase, seat = st_.phase, st_.current_player
        while st_.phase is phase:
            assert np.array_equal(encoder.observe(table, seat), observation(observer, table, seat)[0])
            ids = table.legal_ids()
            draws = [i for i in ids if not space.names[i].startswith("discard")]
            table.apply_id(rng.choice([i for i in ids if i not in draws] or draws))  # (discard all it may)
            discards += 1
        monkeypatch.undo()
        assert written == [seat], written
    assert discards >= 6 * 3


def test_declarations_are_followed_category_by_category(monkeypatch):
    """Piquet's declarations, three categories in turn: each seat, observed at each of its turns, has its
    row written in full once, at its first; each category settled after that adds its result."""
    game, space, observer = setup(ROOT / "specs/piquet/rubicon.yaml")
    settled = 0
    for seed in range(8):
        table, rng = Table(space, game.new_state(seed)), random.Random(seed)
        st_ = table.state
        while st_.phase.name != "declarations" and st_.deal_number == 1:
            table.apply_id(rng.choice(table.legal_ids()))
        if st_.phase.name != "declarations":
            continue
        encoder, written = Encoder(observer), []
        write = Encoder.write
        monkeypatch.setattr(Encoder, "write", lambda self, t, seat: (written.append(seat), write(self, t, seat)))
        phase, before = st_.phase, len(st_.declarations)
        while st_.phase is phase:
            seat = st_.current_player
            assert np.array_equal(encoder.observe(table, seat), observation(observer, table, seat)[0])
            table.apply_id(table.legal_ids()[-1])  # (the fullest declaration, in steps when it is made so)
        monkeypatch.undo()
        assert sorted(set(written)) == sorted(written), written
        settled += len(st_.declarations) - before
    assert settled >= 3 * 6


def test_a_dummy_played_by_the_declarer_is_followed_card_by_card(monkeypatch):
    """Bridge's play, where the declarer chooses the dummy's cards (`controller`) and the dummy is laid
    open after the opening lead (`open_from`): the seat to act, observed at each of its turns, has its
    row written in full at its first turn, and the opening leader once more, its row being from before
    the dummy was laid open; every other card only changes the places it touches, the card's own seat
    read from the trick, not the chooser."""
    game, space, observer = setup(ROOT / "specs/bridge/bridge.yaml")
    for seed in range(3):
        table, rng = Table(space, game.new_state(seed)), random.Random(seed)
        st_ = table.state
        while st_.phase.kind != "tricks" or st_.is_terminal:
            table.apply_id(rng.choice(table.legal_ids()))
        encoder, written = Encoder(observer), []
        write = Encoder.write
        monkeypatch.setattr(Encoder, "write", lambda self, t, seat: (written.append(seat), write(self, t, seat)))
        cards, deal = 0, st_.deal_number
        while st_.deal_number == deal and not st_.is_terminal and st_.phase.kind == "tricks":
            seat = st_.current_player
            assert np.array_equal(encoder.observe(table, seat), observation(observer, table, seat)[0])
            table.apply_id(rng.choice(table.legal_ids()))
            cards += 1
        monkeypatch.undo()
        assert cards == 52 and len(set(written)) == 3  # (the dummy never acts: the declarer plays for it)
        assert written == [*written[:3], written[0]], written


def test_cards_said_with_a_word_are_followed_card_by_card(monkeypatch):
    """Tarot's play, where a poignée is said with a card: each seat, observed at each of its turns, has
    its row written in full once, at its first turn; every card after that, a card said with a word
    among them, only changes the places it touches (the word's among them)."""
    game, space, observer = setup(ROOT / "specs/tarot/tarot.yaml")
    said = 0
    for seed in range(40):
        table, rng = Table(space, game.new_state(seed)), random.Random(seed)
        st_ = table.state
        while st_.phase.kind != "tricks" and not st_.is_terminal:
            table.apply_id(rng.choice(table.legal_ids()))
        if st_.is_terminal or st_.deal_number != 1:
            continue
        encoder, written = Encoder(observer), []
        write = Encoder.write
        monkeypatch.setattr(Encoder, "write", lambda self, t, seat: (written.append(seat), write(self, t, seat)))
        while st_.deal_number == 1 and st_.phase.kind == "tricks":
            seat = st_.current_player
            assert np.array_equal(encoder.observe(table, seat), observation(observer, table, seat)[0])
            words = [i for i in table.legal_ids() if " " in space.names[i].split(" ", 1)[1]]
            table.apply_id(rng.choice(words) if words else rng.choice(table.legal_ids()))
        monkeypatch.undo()
        assert sorted(written) == list(range(game.n)), written
        said += len(st_.deals[0].said)
        if said >= 2:
            return
    pytest.fail(f"only {said} words said in 40 deals")


@pytest.mark.parametrize("spec", ["barbu/barbu", "piquet/rubicon", "briscola-chiamata/five", "bridge/bridge",
                                  "tarot/tarot", "spades/spades", "skat/skat"])
def test_a_row_followed_move_by_move_holds_no_card_the_seat_cannot_see(spec):
    """Deal again the cards a seat cannot see, at points spread over a deal: the row the encoder has
    kept up to date is the same as the row of the world dealt again."""
    game, space, observer = setup(ROOT / "specs" / f"{spec}.yaml")
    rng = random.Random(11)
    table = Table(space, game.new_state(11))
    encoder = Encoder(observer)
    checked = 0
    while table.state.deal_number == 1 and not table.state.is_terminal:
        st_ = table.state
        for seat in range(game.n):
            got = encoder.observe(table, seat).copy()
            if rng.random() < 0.2:
                for world in (unseen_redealt(st_, seat, rng), st_.sampled_for(seat, rng)):
                    other = Encoder(observer).observe(Table(space, world, table.picked), seat)
                    assert np.array_equal(other, got), f"seat {seat} sees a hidden card"
                    checked += 1
        table.apply_id(rng.choice(table.legal_ids()))
    assert checked > 10


def test_another_state_or_a_clone_is_written_again_in_full():
    game, space, observer = setup(ROOT / "specs/barbu/barbu.yaml")
    table = Table(space, game.new_state(4))
    encoder, rng = Encoder(observer), random.Random(4)
    for _ in range(30):
        encoder.observe(table, 0)
        table.apply_id(rng.choice(table.legal_ids()))
    twin = table.clone()
    for _ in range(5):
        twin.apply_id(rng.choice(twin.legal_ids()))
    for t in (twin, table, Table(space, game.new_state(5))):
        assert np.array_equal(encoder.observe(t, 0), observation(observer, t, 0)[0])


def test_rows_given_must_be_float32_of_the_right_shape():
    game, space, observer = setup(ROOT / "specs/barbu/barbu.yaml")
    rows = np.zeros((2, game.n, observer.size), np.float32)
    assert Encoder(observer, rows[1]).rows.base is not None  # (a view: the encoder writes into it)
    for bad in (np.zeros((game.n, observer.size), np.float64), np.zeros((game.n, observer.size + 1), np.float32),
                rows[:, 0]):
        with pytest.raises(ValueError) as e:
            Encoder(observer, bad)
        assert str(e.value) == f"the rows must be a C-contiguous float32 array of shape {(game.n, observer.size)}"


@pytest.mark.parametrize("spec", ["rubicon", "barbu"])
def test_the_pettingzoo_env_gives_the_reference_observation_of_every_agent_at_every_step(spec):
    pytest.importorskip("pettingzoo")
    from interpreter.env import CardspecEnv

    env = CardspecEnv(spec, seed=2, max_deals=1)
    env.reset()
    rng, steps = random.Random(2), 0
    for agent in env.agent_iter():
        for other in env.possible_agents:  # (observed out of turn too)
            seat = env.possible_agents.index(other)
            got = env.observe(other)
            assert np.array_equal(got["observation"], observation(env.observer, env.table, seat)[0])
            assert np.array_equal(got["action_mask"], env.table.mask() * (seat == env.table.current_player))
        _, _, terminated, truncated, _ = env.last()
        mask = env.observe(agent)["action_mask"]
        env.step(None if terminated or truncated else rng.choice(list(np.flatnonzero(mask))))
        steps += 1
    assert steps > 30

"""Helpers shared by the tests."""

from __future__ import annotations

import random

from interpreter.load.options import option_text, requirement


def unseen_redealt(state, seat, rng):
    """A copy of `state` whose hands that `seat` cannot see are dealt again among themselves.

    A seat's view must not change: it is the test of exact hidden information."""
    other = state.clone()
    blind = other.calling_blind or other.unseen[seat]  # its own hand too, before it has looked
    hidden = [p for p in range(len(other.hands)) if (p != seat or blind) and not other.shown[p]]
    places = [other.hands[p] for p in hidden] + [x for p, x in enumerate(other.passing) if p != seat and x]
    # a turn-up taken into a hand: everybody saw where it went
    known = set(other.taken_up[1]) if other.taken_up is not None and other.taken_up[0] != seat else set()
    pool = [c for place in places for c in place if c not in known]
    rng.shuffle(pool)
    for place in places:
        stays = [c for c in place if c in known]
        k = len(place) - len(stays)
        place[:], pool = sorted(stays + pool[:k]), pool[k:]
    other._legal = None  # the legal list of the seat to play belongs to its old hand
    return other


def everything(state):
    """Every card of the pack, wherever it is now (sorted): each must be in exactly one place."""
    return sorted([c for h in state.hands for c in h] + [c for w in state.won for c in w]
                  + state.trick_cards + state.laid + state.talon + [c for d in state.discards for c in d]
                  + state.out_of_play + [c for x in state.passing for c in x] + ([state.turn_up] if state.turn_up is not None and state.deal.cut is None else []))


def checked_random_game(game, seed, record_path, spec_path):
    """A whole game of random legal moves, checking the invariants at every step and at the end.

    At each decision the legal list is not empty and every card is in exactly one place; the
    game ends as its spec says; each deal's declared total holds (the engine checks it too);
    and the game's record, written to `record_path`, replays to the same scores."""
    import pytest

    from interpreter.core.errors import GameError
    from interpreter.record.replay import dump, record_of, replay

    rng = random.Random(seed)
    state = game.new_state(seed)
    pack = sorted(game.pack.deck)
    steps = 0
    try:
        while not state.is_terminal:
            legal = state.legal_actions()
            assert legal, f"no legal action in deal {state.deal_number}, phase {state.phase.name}"
            assert everything(state) == pack
            state.apply(legal[rng.randrange(len(legal))])
            steps += 1
            assert steps < 20_000
    except GameError as e:  # a broken declared total, found by the engine
        pytest.fail(e.message)
    if game.ends_when is None:
        assert len([d for d in state.deals if not d.void]) == game.deals(state)  # void deals do not count
    else:
        assert game.ends_when(state)
    for d in state.deals:
        total = game.contracts[d.contract].total
        try:
            want = total(None) if total is not None else None
        except AttributeError:  # a total that depends on the deal: the engine checked it as the deal was scored
            want = None
        if want is not None and not d.void:
            assert sum(d.raw) == want
    dump(record_of(state, str(spec_path)), record_path)
    again = replay(record_path).state
    assert [d.scores for d in again.deals] == [d.scores for d in state.deals]
    assert again.totals == state.totals
    return state


def option_values(declared) -> list[tuple[str, str]]:
    """(option, value) for every value other than the default: each choice, and for a number
    option its smallest number and the next."""
    out = []
    for name, opt in declared.items():
        default = option_text(opt.get("default")).lower()
        for value in opt.get("choices") or {}:
            if option_text(value).lower() != default:
                out.append((name, option_text(value)))
        number = opt.get("number")
        if isinstance(number, dict):
            low = number.get("min", 0)
            out += [(name, str(n)) for n in (low, low + 1) if str(n) != default]
    return out


def with_requirements(declared, chosen: dict) -> dict:
    """`chosen`, plus what each chosen option requires (its first allowed value), transitively."""
    options, todo = dict(chosen), list(chosen)
    while todo:
        for other, need in ((declared.get(todo.pop()) or {}).get("requires") or {}).items():
            if other not in options:
                options[other] = option_text(requirement(need)[0][0])
                todo.append(other)
    return options


# A four-seat game with a double pack: 48 cards, two of each A T K Q J 9 in four suits; follow
# suit, hearts trumps, most card points (240 in all) wins.
DOUBLE_PACK = """\
game: Double pack
seats: [N, E, S, W]
pack:
  copies: 2
  suits: [S, H, D, C]
  ranks: [A, T, K, Q, J, 9]
  points: {A: 11, T: 10, K: 4, Q: 3, J: 2, 9: 0}
phases:
  deal:
    hand_size: 12
  play:
  score:
contracts:
  points:
    score: sum(c.points for c in won)
    total: 240
play:
  leader: left(dealer)
  trump: H
  rules: [follow suit]
play_rules:
  follow suit:
    keep: card.suit == led_suit
    when: not leading
match:
  deals: 1
"""


def seat(st, name: str) -> int:
    """The seat a game calls `name`."""
    return list(st.game.seat_names).index(name)


def names(st) -> list:
    """The legal actions' names, in order."""
    return [a.name for a in st.legal_actions()]


def run(st, *actions):
    """`st` after each of `actions` (names or actions), in turn."""
    for a in actions:
        st.apply(a)
    return st

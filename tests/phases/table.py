"""Hand-built positions for the per-mechanism tests: a small spec, hands dealt by hand.

Seats are X, Y, Z (none of them a card, suit or rank name); the pack is three suits of
four ranks, so every position fits on a line. Each test writes its own spec text."""

from __future__ import annotations

import pytest

from interpreter.compile.game import load_game
from interpreter.core.errors import IllegalAction
from interpreter.words.screen import action_line

X, Y, Z, V = range(4)

PACK = """
pack:
  suits: [S, H, D]
  ranks: [A, K, Q, J]
"""


def spec_text(body: str, seats: str = "[X, Y, Z]", pack: str = PACK) -> str:
    """The whole spec of `body` (everything but the seats and the pack)."""
    return f"game: T\nseats: {seats}\n{pack}\n{body}"


def game(body: str, seats: str = "[X, Y, Z]", pack: str = PACK, generated: bool = True):
    """The game of `body` (everything but the seats and the pack); with `generated` false, played by
    the closures (the reference generated code is held to)."""
    return load_game("t.yaml", text=spec_text(body, seats, pack), generated=generated)


def position(game, hands, talon: str = "", dealer: int = X, cut: str | None = None):
    """A state at the first decision of deal 1, with these hands (one string per seat) and talon."""
    parse = game.pack.parse
    return game.new_state(1, first_dealer=dealer, hands={1: [[parse(c) for c in h.split()] for h in hands]},
                          talons={1: [parse(c) for c in talon.split()]},
                          cuts={1: parse(cut)} if cut else None)


def legal(st) -> list[str]:
    """The legal actions' names, in order."""
    return [a.name for a in st.legal_actions()]


def cards(st, cards_) -> list[str]:
    """Card numbers as names."""
    return [st.game.pack.names[c] for c in cards_]


def hand(st, seat) -> str:
    return " ".join(cards(st, st.hands[seat]))


def play(st, *names) -> None:
    for name in names:
        st.apply(name)


def phases_of(g, kind):
    """The phases of the game `g` of this kind, in order."""
    return [ph for ph in g.phases if ph.kind == kind]


def heard(st, name, viewer=Z):
    """What `viewer` hears as the seat to act takes the action `name` (asked before it is applied)."""
    [action] = [a for a in st.legal_actions() if a.name == name]
    return action_line(st, st.current_player, action, viewer)


def refused(st, name) -> tuple[str, str | None]:
    """(message, rule) of the refusal of `name`; checks the state did not change."""
    before = ([a.name for a in st.legal_actions()], st.current_player, len(st.history), [list(h) for h in st.hands])
    with pytest.raises(IllegalAction) as e:
        st.apply(name)
    st._legal = None
    after = ([a.name for a in st.legal_actions()], st.current_player, len(st.history), [list(h) for h in st.hands])
    assert after == before
    return e.value.message, e.value.rule


def seq(st) -> list[tuple[str, str]]:
    """The deal's actions so far as (seat name, action name)."""
    return [(st.seat_name(p), a.name) for p, a in st.deal.actions]


def walk(st, *names) -> list[tuple[int, list[str]]]:
    """Apply `names` in order; before each, who was to act and the legal list then."""
    out = []
    for name in names:
        out.append((st.current_player, legal(st)))
        st.apply(name)
    return out


def one_deal(phases: str, score: str, *, direction: str = "clockwise", deal: str = "hand_size: 4", head: str = "",
             contract: str = "", pack: str = PACK, generated: bool = True):
    """A game of one deal: dealt (`deal`: the deal phase's settings), then `phases` (YAML lines
    under `phases:`), then scored by `score`.

    `head` holds more top-level keys (`play:`, `dealer:`); `contract` more keys of the one contract."""
    return game(f"""
direction: {direction}
{head}
phases:
  deal: {{{deal}}}
{phases}
  score:
contracts:
  game:
{contract}
    score: {score}
match: {{deals: 1}}
""", pack=pack, generated=generated)

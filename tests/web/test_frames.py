"""What the browser table sends a page shows only what its seat may know: every shipped spec.

The main test plays a game at a `Table` (the server's game, without the network) with one seat
read by a typist that chooses only from the frames it is sent, and bots elsewhere; then plays it
again with every card that seat was never shown moved to another place where such a card lay
(within its suit, so the others' moves stay legal more often), the others making the same moves
(their cards renamed as the cards were moved). For as long as the seat's view is the same, every
frame and every refusal it is sent must be the same too: the log, the choices, the status. A
watcher is tested the same way; and at every step the frame of a world dealt again for the seat
(`State.sampled_for`) is the frame of the real one.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from interpreter.compile.game import load_game
from interpreter.players.agents import RandomAgent
from interpreter.web.frames import PRIVATE, frame, public_view
from interpreter.web.table import Table

ROOT = Path(__file__).resolve().parents[2]
SPECS = sorted(str(p.relative_to(ROOT / "specs")) for p in (ROOT / "specs").glob("**/*.yaml"))
DEALS = 1  # deals played per game
CUTS = (1 / 3, 2 / 3, 1)  # where, in the messages a viewer is sent, the cards it has not seen yet are moved


def named_cards(game, data) -> set[str]:
    """Every card a frame (or any plain data) names: alone (`QS`), in a move (`play QS`), in a run (`KC-9C`)."""
    names = set(game.pack.names)
    out: set[str] = set()
    stack = [data]
    while stack:
        x = stack.pop()
        if isinstance(x, dict):
            stack.extend(x.values())
            stack.extend(k for k in x if isinstance(k, str))
        elif isinstance(x, (list, tuple)):
            stack.extend(x)
        elif isinstance(x, str):
            out.update(t for t in re.split(r"[\s\-,:;()]+", x) if t in names)
    return out


class Watched:
    """One game at a table as `viewer` (a seat, or None for a watcher) is sent it."""

    def __init__(self, game, seed, viewer, given=None, script=None):
        self.game, self.viewer = game, viewer
        state = game.new_state(seed, **(given or {}))
        agents = [RandomAgent(seed * 31 + p) for p in range(game.n)]
        self.table = Table(state, ["random"] * game.n, agents, deals=DEALS)
        self.sent: list = []  # each frame or refusal, in order
        self.views: list = []  # the view of each frame (None for a refusal)
        self.moves: list = []  # every move of the game: (seat, name)
        self.broken = False  # a move of the script was refused: the twin game cannot go on
        typist = random.Random(seed)
        script = iter(script) if script is not None else None
        self.note()
        while not self.table.over:
            p = state.current_player
            if p == viewer:
                f = self.last
                hand = f["view"]["hand"]
                if f["card_verb"] and hand and typist.random() < 0.15:  # a card perhaps not allowed
                    self.act(p, f"{f['card_verb']} {typist.choice(hand)}")
                    continue
                self.act(p, typist.choice(f["choices"])["name"])
            elif script is not None:
                name = next(script, None)
                if name is None or self.table.act(p, name) is not None:
                    self.broken = True
                    return
                self.moves.append((p, name))
                self.note()
            else:
                seat, action = self.table.bot_choice()
                self.moves.append((seat, action.name))
                self.table.take(seat, action)
                self.note()

    def act(self, seat, name):
        refused = self.table.act(seat, name)
        if refused is None:
            self.moves.append((seat, name))
            self.note()
        else:
            self.sent.append({"type": "refused", "message": refused})
            self.views.append(None)

    def note(self):
        f = self.last = self.table.frame(self.viewer)
        self.sent.append(f)
        self.views.append(f["view"])

    def seen(self, upto: int) -> dict[int, set]:
        """Deal number -> every card named to the viewer in its first `upto` messages (a deal's last
        lines, sent with the next deal's first frame, included)."""
        out: dict = {}
        for f in self.sent[:upto]:
            if f["type"] == "frame":
                d = f["view"]["deal"]
                out.setdefault(d, set()).update(named_cards(self.game, [f["view"], f["log"], f["choices"]]))
                out.setdefault(d - 1, set()).update(named_cards(self.game, f["last_log"]))
        return out


def moved(game, state, seen, rng):
    """The deals of `state`, each card never named to the viewer moved within its suit to a place
    where such a card was dealt (hands, talon); and the map of each card to where it went."""
    pack = game.pack
    given = {"first_dealer": state.deals[0].dealer, "hands": {}, "talons": {}, "cuts": {}}
    image = {}
    for d in state.deals:
        hands = [list(h) for h in d.hands]
        talon = list(d.talon)
        places = hands + [talon]
        keep = {pack.parse(c) for c in seen.get(d.number, ())}
        for suit in range(len(pack.suits)):
            spots = [(place, i) for place in places for i, c in enumerate(place)
                     if c not in keep and pack.suit[c] == suit]
            cards = [place[i] for place, i in spots]
            shuffled = cards[:]
            rng.shuffle(shuffled)
            for (place, i), c, new in zip(spots, cards, shuffled):
                place[i] = new
                image[(d.number, pack.names[c])] = pack.names[new]
        given["hands"][d.number] = hands
        given["talons"][d.number] = talon
        if d.cut is not None:
            given["cuts"][d.number] = d.cut
        for k, again in enumerate(d.redeals or (), start=1):  # a deal dealt again: as it was
            given["hands"][(d.number, k)] = again[0]
            given["talons"][(d.number, k)] = again[1]
    return given, image


def renamed(moves, viewer, image, deals_of):
    """The others' moves of the reference game with each card renamed to where it was moved."""
    out = []
    for (seat, name), deal in zip(moves, deals_of):
        if seat == viewer:
            continue
        out.append(re.sub(r"[^\s\-]+", lambda m: image.get((deal, m.group(0)), m.group(0)), name))
    return out


def compared(game, seed, viewer, cuts=CUTS) -> list[tuple[int, int, bool]]:
    """Play a game; then, for each cut, its twin with the cards not shown to the viewer before that cut
    moved. Check that what the viewer is sent is the same for as long as its view is. Returns, for
    each cut: (messages compared, messages before the cut, whether any card moved)."""
    ref = Watched(game, seed, viewer)
    deals_of = _deals_of(game, seed, ref.moves)
    out = []
    for cut in cuts:
        upto = max(1, round(cut * len(ref.sent)))
        given, image = moved(game, ref.table.state, ref.seen(upto), random.Random(seed))
        twin = Watched(game, seed, viewer, given, renamed(ref.moves, viewer, image, deals_of))
        k = 0
        for a, b, va, vb in zip(ref.sent, twin.sent, ref.views, twin.views):
            if va != vb:
                break
            assert a == b, f"{game.name} seed {seed}, viewer {viewer}: the same view, a different message {k}"
            k += 1
        out.append((k, upto, any(a[1] != b for a, b in image.items())))
    return out


def _deals_of(game, seed, moves) -> list[int]:
    """The deal of each move (the game played again by name)."""
    st = game.new_state(seed)
    out = []
    for _, name in moves:
        out.append(st.deal_number)
        st.apply(name)
    return out


@pytest.mark.parametrize("spec", SPECS)
def test_a_page_is_sent_the_same_whatever_the_cards_it_never_saw(spec):
    """Each seat and a watcher: whatever the cards not yet shown to it, every frame and refusal sent
    to its page is the same as long as its view is; most twins compare up to their cut, or further."""
    game = load_game(ROOT / "specs" / spec)
    results = [r for viewer in [*range(game.n), None] for r in compared(game, 10 + (viewer or 0), viewer)]
    assert sum(changed for _, _, changed in results) >= len(results) // 2  # unseen cards really moved
    reached = sum(k >= upto for k, upto, _ in results)
    assert reached >= len(results) // 2, f"{spec}: only {reached} of {len(results)} twins compared to their cut"


@pytest.mark.parametrize("spec", SPECS)
def test_a_frame_is_the_same_in_every_world_the_seat_cannot_tell_apart(spec):
    """At every step, the frame built from a world dealt again for the seat (`sampled_for`) is the
    real frame; a watcher's, from a world dealt again for any seat, too."""
    game = load_game(ROOT / "specs" / spec)
    rng = random.Random(7)
    w = Watched(game, 7, None)
    st = w.table.state.origin.state(game)
    table = Table(st, ["random"] * game.n, [None] * game.n)
    for seat, name in w.moves:
        for p in range(game.n):
            world = st.sampled_for(p, rng)
            real = table.frame(p)
            assert frame(table.facts, world.view(p), real["seat"], (real["log"], real["last_log"]),
                         _status(real)) == real
            assert public_view(world) == public_view(st)
        table.act(seat, name)


def _status(f) -> dict:
    keys = ("over", "ended", "stopped", "record", "thinking", "version")
    return {k: f[k] for k in keys}


def hidden_cards(state) -> dict[str, set]:
    """Card -> the seats that may look at it, for the cards in hands not shown, the talon face down,
    discards and cards being passed: where a watcher may not look."""
    names = state.game.pack.names
    out: dict = {}
    for p in range(state.n):
        for place in ([] if state.shown[p] else [state.hands[p]]) + [state.discards[p], state.passing[p]]:
            out.update({names[c]: {p} for c in place})
    if not state.view(0)["talon"]:
        out.update({names[c]: set() for c in state.talon})
    return out


@pytest.mark.parametrize("spec", SPECS)
def test_a_watcher_is_shown_no_hidden_card(spec):
    """A card lying where nobody may look (a hand, a discard, the talon) appears in a watcher's frame
    only when every other seat's frame names it too (a bid of 5S, a declaration shown, a card turned
    up): what the watcher is shown is public to all."""
    game = load_game(ROOT / "specs" / spec)
    for seed in range(2):
        w = Watched(game, seed, None)
        st = w.table.state.origin.state(game)
        table = Table(st, ["random"] * game.n, [None] * game.n)
        for seat, name in [*w.moves, (None, None)]:
            f = table.frame(None)
            assert f["seat"] is None and all(not f["view"][k] for k in PRIVATE) and not f["choices"]
            hidden = hidden_cards(st)
            # (the deal before's log names that deal's cards, which have been dealt again since)
            shown = named_cards(game, [f["view"], f["log"]]) & set(hidden)
            for p in range(game.n):
                seen = named_cards(game, [table.frame(p)["view"], table.frame(p)["log"]])
                leaked = {c for c in shown if p not in hidden[c] and c not in seen}
                assert not leaked, f"{spec} seed {seed}: a watcher is shown {sorted(leaked)}, which seat {p} is not"
            if seat is not None:
                table.act(seat, name)

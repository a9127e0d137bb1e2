"""Each seat's observation of one game kept in a preallocated array, updated from the moves since.

`Encoder(observer)` holds one float32 row per seat (`encoder.rows`, shape (n, size), or rows
it is given: a slice of a batch's array). `encoder.observe(table, seat)` brings that seat's row
up to date and returns it; the row is the encoder's own, overwritten by later calls.

The row equals `Observer.encode(state.view(seat), picked)`, the reference, at every step (a
property test holds them together on every spec, for every seat). It is brought up to date in
one of two ways:

* a card played (or a pass, in a layout) in the same play phase of the same deal as when the
  row was last written: only what the moves since change is written (the hands and hand sizes
  of the seats that played, the trick, the last trick, the cards played, the tricks won, the
  leader, the layout, who is out, who is to act). Where a move is more than a card of the
  actor's hand (a dummy's card chosen by the declarer, a word said with a card), the cards'
  seats are read from the tricks and the words from the deal's record;
* anything else (a new deal, another phase, a bid, a double, an exchange, a declaration, hands
  laid open since the row was written): the row is written again from the state.

Both read the state the way `State.view` does, through the same helpers where what a seat may
see is more than a field (the partner of a called card, a talon turned up later); the tests
deal again every card the seat cannot see and check that the row does not change. Numbers are
written as the reference writes them: clipped to within +-`SCORE_BOUND`, float32.

The moves since are read from the deal's list of actions, so a state must change only through
`apply` while an encoder follows it; a state changed otherwise (or another state) is written
again in full: a row remembers the state, the deal and the phase it was written from.
"""

from __future__ import annotations

import numpy as np

from ..core.actions import Card
from ..engine.table import table_plan
from ..engine.views import _card, _partner, _talon_face_up
from ..phases import every_phase
from .encoding import SCORE_BOUND, Observer


def _clip(v):
    return v if -SCORE_BOUND <= v <= SCORE_BOUND else (SCORE_BOUND if v > 0 else -SCORE_BOUND)


class _Row:
    """Where one seat's row stands: what it was written from, and the places of what moves."""

    __slots__ = ("actions", "any_shown", "base", "begun", "deal", "hand", "kind", "last", "last_of", "leader",
                 "leader_of", "out", "phase", "picked", "played", "rel", "said", "shown", "shown_of", "sizes_of",
                 "state", "to_act", "to_act_of", "trick", "trick_of", "tricks", "won_of")

    def __init__(self, seat: int, n: int, size: int, ncards: int, at: dict):
        self.state = None  # the state, deal and phase it was written from (None: never written)
        self.deal = self.phase = None
        self.kind = None  # "tricks" or "layout" when that phase is followed move by move, else None
        self.actions = self.tricks = self.out = self.said = 0  # the deal's actions, tricks, seats out, words said then
        self.trick = []  # the places set in the trick in progress, and in the last trick
        self.last = []
        self.leader = self.to_act = -1  # the places set, or -1
        self.picked = []
        self.shown = ()
        self.any_shown = False
        self.begun = False  # a layout's start rank was fixed when the row was last brought up to date
        rel = self.rel = tuple((p - seat) % n for p in range(n))  # each seat counted from this one
        b = self.base = seat * size  # where the row starts in the encoder's memory
        self.hand, self.played = b + at["hand"], b + at["played"]

        def by_seat(part, width=1):  # where each seat's place (or block of `width`) in `part` starts
            return tuple(b + at[part] + rel[p] * width for p in range(n))
        self.trick_of, self.last_of, self.shown_of = (by_seat(part, ncards)
                                                      for part in ("trick", "last_trick", "shown_hands"))
        self.sizes_of, self.won_of, self.leader_of, self.to_act_of = (by_seat(part) for part in (
            "hand_sizes", "tricks_won", "leader", "to_act"))


def _plays(st, k: int) -> list:
    """The last `k` cards played in this play, in order, each with the seat whose hand it came from
    (`(seat, card)`, as a plain play's actions are): read from the trick in progress and the tricks
    before it, for a play where a move's actor may choose another seat's card."""
    out = list(zip(st.trick_seats, st.trick_cards))
    tricks, i = st.tricks, len(st.tricks)
    while len(out) < k and i:
        i -= 1
        t = tricks[i]  # (a `Trick` is its fields by place: seats 2, cards 5 on)
        out[:0] = zip(t[2], t[5:])
    return out[len(out) - k:]


class Encoder:
    """The observations of one game's seats, each in its own row, updated from the moves since."""

    def __init__(self, observer: Observer, rows=None):
        self.observer = observer
        game = observer.game
        n = self.n = observer.n
        size = self.size = observer.size
        self.rows = np.zeros((n, size), np.float32) if rows is None else rows
        if self.rows.shape != (n, size) or self.rows.dtype != np.float32 or not self.rows.flags.c_contiguous:
            raise ValueError(f"the rows must be a C-contiguous float32 array of shape {(n, size)}")
        self.flat = memoryview(self.rows).cast("B").cast("f")  # (writes of one number, cheaper than numpy's)
        self.views = list(self.rows)  # each seat's row
        self.zeros = memoryview(np.zeros(size, np.float32)).cast("B").cast("f")
        self.at = dict(observer.start)
        self.ncards = observer.ncards
        self.seat_rows = [_Row(s, n, size, self.ncards, self.at) for s in range(n)]
        self.phase_index = {nm: i for i, nm in enumerate(observer.phases)}
        self.contract_index = {key: i for i, key in enumerate(observer.contracts)}
        self.word_index = {w: i for i, w in enumerate(observer.words)}
        self.category_index = {c: i for i, c in enumerate(observer.categories)}
        self.call_ids = observer.space.ids
        self.nsuits = len(observer.suits)
        self.suit = game.pack.suit
        self.announced = {}  # (var, value) -> its place in `announced`, or -1
        self.strengths = {}  # (suit, strength) -> a layout's end as encoded
        phases = every_phase(game)
        # play phases, followed move by move: their moves play a card (or pass, in a layout)
        self.plain = {ph: ph.kind for ph in phases if ph.kind in ("layout", "tricks")}
        # of those, play where a move is more than a card of the actor's hand: a seat may choose another's
        # card (`controller`: the declarer plays the dummy), hands are laid open at a moment (`open_from`),
        # a word is said with a card (`announcements`). The cards' seats are read from the tricks, the
        # words said from the deal's record, and a hand laid open since writes the row again
        self.moments = frozenset(ph for ph in phases if ph.kind == "tricks" and (
            ph.controller is not None or ph.open_from is not None or ph.announcements))
        # parts that a card played may change through what `view` computes: read again after any
        self.partner_moves = any(ph.kind == "call_card" for ph in phases)
        self.talon_moves = any(ph.kind == "expose" for ph in phases)
        # the parts a game without the phases that fill them never fills (each deal's table: `table_plan`)
        changing = set(table_plan(game).changing)
        self.own_cards = [part for part in ("talon_seen", "discards") if part in changing]
        self.passes = "passing" in changing or "passed" in changing
        self.lays = "layout" in changing or "out" in changing
        self.counts = ["exchanged", "totals"] if "exchanges" in changing else ["totals"]
        self.copies = game.pack.copies > 1  # a card's place counts its copies: the reference writes each row

    def observe(self, table, seat: int) -> np.ndarray:
        """`seat`'s observation now (its row, kept by the encoder)."""
        st = table.state
        if self.copies:
            self.views[seat][:] = self.observer.encode(st.view(seat), table.picked_ids() if seat == table.current_player
                                                       else ())
            return self.views[seat]
        row = self.seat_rows[seat]
        deal = st.deal
        if row.state is not st or row.deal is not deal or row.phase is not st.phase or row.kind is None \
                or st.terminal:
            self.write(table, seat)
        elif len(deal.actions) != row.actions:
            if row.kind == "tricks" and row.phase in self.moments and tuple(st.shown) != row.shown:
                self.write(table, seat)  # (a hand laid open since: everything again)
                if table.picked or row.picked:
                    self._picked(table, seat, row)
                return self.views[seat]
            if row.kind == "tricks":
                self._tricks(st, seat, row)
                if len(deal.said) != row.said:
                    self._said(deal, row)
            elif not self._layout_moves(st, seat, row):
                self.write(table, seat)
                return self.views[seat]
            mv = self.flat
            if row.to_act >= 0:
                mv[row.to_act] = 0
            cur = st.current
            row.to_act = row.to_act_of[cur] if cur >= 0 else -1
            if cur >= 0:
                mv[row.to_act] = 1
            if self.partner_moves:
                self._partner(st, row, True)
            if self.talon_moves:
                self._talon(st, row.base, True)
        if table.picked or row.picked:
            self._picked(table, seat, row)
        return self.views[seat]

    # ---- the moves since -------------------------------------------------------------

    def _tricks(self, st, seat: int, row: _Row) -> None:
        """Write what the cards played since change: hands, the trick, tricks finished, the leader."""
        mv = self.flat
        hands, hand, sizes = st.hands, row.hand, row.sizes_of
        acts = st.deal.actions
        new = acts[row.actions:] if row.phase not in self.moments else _plays(st, len(acts) - row.actions)
        row.actions = len(acts)
        if row.any_shown:  # hands laid open as play began (they stay open through it)
            shown, shown_of = st.shown, row.shown_of
            for p, c in new:
                if p != seat and shown[p]:
                    mv[shown_of[p] + c] = 0
        tricks = st.tricks
        done = len(tricks)
        if done == row.tricks:  # the cards since are all in the trick in progress
            places, trick = row.trick, row.trick_of
            begun = bool(places)
            for p, c in new:
                if p == seat:
                    mv[hand + c] = 0
                mv[sizes[p]] = len(hands[p])
                i = trick[p] + c
                mv[i] = 1
                places.append(i)
            if begun:
                return  # (the same leader)
            first = new[0][0]
        else:  # tricks finished since: the cards played, the tricks won, the last trick, a new trick
            for p, c in new:
                if p == seat:
                    mv[hand + c] = 0
                mv[sizes[p]] = len(hands[p])
            played, won, tricks_won = row.played, row.won_of, st.tricks_won
            for t in tricks[row.tricks:]:  # (a `Trick` is its fields by place: seats 2, winner 3, cards 5 on)
                for c in t[5:]:
                    mv[played + c] = 1
                w = t[3]
                mv[won[w]] = tricks_won[w]
            row.tricks = done
            for i in row.last:
                mv[i] = 0
            for i in row.trick:
                mv[i] = 0
            last, of = tricks[-1], row.last_of
            places = row.last = [of[p] + c for p, c in zip(last[2], last[5:])]
            for i in places:
                mv[i] = 1
            m = len(st.trick_cards)  # the trick in progress: the last m cards played
            if m:
                of = row.trick_of
                places = row.trick = [of[p] + c for p, c in new[-m:]]
                for i in places:
                    mv[i] = 1
                first = new[-m][0]
            else:
                row.trick = []
                first = last[3]  # (the winner leads next)
        leader = row.leader_of[first]
        if leader != row.leader:
            if row.leader >= 0:
                mv[row.leader] = 0
            mv[leader] = 1
            row.leader = leader

    def _said(self, deal, row: _Row) -> None:
        """The words said with a card since (each seat's word, as `_public` writes them all)."""
        mv, words, base = self.flat, len(self.word_index), row.base + self.at["said"]
        for p, word, _ in deal.said[row.said:]:
            i = self.word_index.get(word)
            if i is not None:
                mv[base + row.rel[p] * words + i] = 1
        row.said = len(deal.said)

    def _layout_moves(self, st, seat: int, row: _Row) -> bool:
        """Write what the cards laid (and passes) since change; False when a hand was laid open."""
        if tuple(st.shown) != row.shown:  # a hand shown on a pass: everything again
            return False
        mv = self.flat
        hands, shown, sizes, shown_of, suit = st.hands, st.shown, row.sizes_of, row.shown_of, self.suit
        acts = st.deal.actions
        suits = set()
        for p, c in acts[row.actions:]:
            if isinstance(c, Card):  # (a card is its own play action; else a pass)
                suits.add(suit[c])
                if p == seat:
                    mv[row.hand + c] = 0
                elif shown[p]:
                    mv[shown_of[p] + c] = 0
            mv[sizes[p]] = len(hands[p])
        row.actions = len(acts)
        # the suits of the cards laid; every suit once, as the first card fixes where all begin
        self._layout(st, row.base, suits if row.begun else range(len(st.layout)))
        row.begun = st.layout_rank is not None
        self._out(st, row)
        return True

    def _layout(self, st, b: int, suits) -> None:
        """Each of `suits` begun: 1, and the strengths of its lowest and highest cards."""
        mv, strengths, layout = self.flat, self.strengths, st.layout
        lay = b + self.at["layout"]
        for s in suits:
            run = layout[s]
            if run is not None:
                i = lay + 3 * s
                mv[i] = 1
                for k in (0, 1):
                    v = strengths.get((s, run[k]))
                    if v is None:
                        v = strengths[s, run[k]] = self._strength(st, s, run[k])
                    mv[i + 1 + k] = v

    def _out(self, st, row: _Row) -> None:
        """The seats gone out since (a deal's seats only ever go out)."""
        out = st.out
        base = row.base + self.at["out"]
        for p in out[row.out:]:
            self.flat[base + row.rel[p]] = 1
        row.out = len(out)

    def _picked(self, table, seat: int, row: _Row) -> None:
        """The combinations picked so far in a declaration made in steps (the seat to act's own)."""
        mv = self.flat
        for i in row.picked:
            mv[i] = 0
        base = row.base + self.at["picked"]
        row.picked = [base + i for i in table.picked_ids()] if seat == table.current_player else []
        for i in row.picked:
            mv[i] = 1

    # ---- the whole row -------------------------------------------------------------

    def write(self, table, seat: int) -> None:
        """Write `seat`'s row again from the state (what `observe` does when the moves since are not plays)."""
        st = table.state
        mv, at = self.flat, self.at
        row = self.seat_rows[seat]
        b, r = row.base, row.rel
        mv[b:b + self.size] = self.zeros
        row.state, row.deal, row.phase, row.actions, row.said = st, st.deal, st.phase, len(st.deal.actions), len(st.deal.said)
        row.kind = self.plain.get(st.phase)
        mv[b + at["seat"] + seat] = 1
        hands = st.hands
        if not (st.calling_blind or st.unseen[seat]):
            for c in hands[seat]:
                mv[row.hand + c] = 1
        row.shown = tuple(st.shown)
        row.any_shown = any(row.shown)
        if row.any_shown:
            for p, shown in enumerate(row.shown):
                if shown and p != seat:
                    self._cards(row.shown_of[p], hands[p])
        self._played(st, row)
        if st.talon:
            self._talon(st, b, False)
        for part in self.own_cards:  # (the parts this game may fill: `table_plan`)
            self._cards(b + at[part], getattr(st, part)[seat])
        if self.passes:
            self._cards(b + at["passed"], st.passing[seat])
            self._cards(b + at["passed"], st.passed[seat])
        if st.out_of_play:
            self._cards(b + at["out_of_play"], st.out_of_play)
        for part, c in (("turn_up", st.turn_up), ("dead_card", st.dead), ("called_card", st.called_card)):
            if c is not None:
                mv[b + at[part] + c] = 1
        row.out = 0
        if self.lays:
            self._layout(st, b, range(len(st.layout)))
            row.begun = getattr(st, "layout_rank", None) is not None
            self._out(st, row)
        # who: the dealer, the declarer, who is to act, the maker, the partner, the leader
        mv[b + at["dealer"] + r[st.dealer]] = 1
        if st.declarer is not None and st.phase.kind != "auction":  # (not known while bidding)
            mv[b + at["declarer"] + r[st.declarer]] = 1
        row.to_act = row.to_act_of[st.current] if st.current >= 0 else -1
        if row.to_act >= 0:
            mv[row.to_act] = 1
        if st.maker is not None:
            mv[b + at["maker"] + r[st.maker]] = 1
        if self.partner_moves:
            self._partner(st, row, False)
        if row.leader >= 0:
            mv[row.leader] = 1
        self._public(st, b, r)
        # numbers: hand sizes, tricks won, cards exchanged, totals, the talon's size, the deal's number
        sizes, won = row.sizes_of, row.won_of
        for p, h in enumerate(hands):
            mv[sizes[p]] = len(h)
        for p, v in enumerate(st.tricks_won):
            mv[won[p]] = v
        for part in self.counts:
            base = b + at[part]
            for p, v in enumerate(st.exchanges if part == "exchanged" else st.totals):
                if v:
                    mv[base + r[p]] = v if -SCORE_BOUND <= v <= SCORE_BOUND else _clip(v)
        mv[b + at["talon_size"]] = len(st.talon)
        mv[b + at["deal"]] = _clip(st.deal_number)
        row.picked = []
        if table.picked:
            self._picked(table, seat, row)

    def _played(self, st, row: _Row) -> None:
        """The trick in progress, the last trick, every card played to a trick, the leader."""
        cards, tricks = st.trick_cards, st.tricks
        row.trick, row.last, row.tricks = [], [], len(tricks)
        if cards:
            of = row.trick_of
            row.trick = [of[p] + c for p, c in zip(st.trick_seats, cards)]
            self._cards(0, row.trick)
        if tricks:
            last, of = tricks[-1], row.last_of
            row.last = [of[p] + c for p, c in zip(last[2], last[5:])]
            self._cards(0, row.last)
            self._cards(row.played, [c for t in tricks for c in t[5:]])
        first = st.trick_seats[0] if cards else tricks[-1][3] if tricks else -1
        row.leader = row.leader_of[first] if first >= 0 else -1

    def _cards(self, base: int, cards) -> None:
        mv = self.flat
        for c in cards:
            mv[base + c] = 1

    def _partner(self, st, row: _Row, again: bool) -> None:
        mv = self.flat
        base = row.base + self.at["partner"]
        if again:
            mv[base:base + self.n] = self.zeros[:self.n]
        partner = _partner(st, st.game.seat_names)  # (as the view says it: None while it is secret)
        if partner is not None:
            mv[base + row.rel[st.game.seat_names.index(partner)]] = 1

    def _talon(self, st, b: int, again: bool) -> None:
        base = b + self.at["talon"]
        if again:
            self.flat[base:base + self.ncards] = self.zeros[:self.ncards]
        if _talon_face_up(st):
            self._cards(base, st.talon)

    def _public(self, st, b: int, r) -> None:
        """The phase, the contract, the trump, what was announced, doubled, called, said, declared."""
        mv, at, n = self.flat, self.at, self.n
        i = self.phase_index.get(st.phase.name)
        if i is not None:
            mv[b + at["phase"] + i] = 1
        i = self.contract_index.get(st.contract_key)
        if i is not None:
            mv[b + at["contract"] + i] = 1
        t = st.trump
        mv[b + at["trump"] + (t if t is not None and t < self.nsuits else self.nsuits)] = 1
        deal = st.deal
        if deal.announced:
            self._announced_all(st, deal, b)
        if deal.doubles:
            for p, targets in deal.doubles:
                for t in targets:
                    mv[b + at["doubles"] + r[p] * n + r[t]] = 1
        if deal.calls:
            v, ids = len(self.call_ids), self.call_ids
            for p, call in deal.calls:
                i = ids.get(call)
                if i is not None:
                    mv[b + at["calls"] + r[p] * v + i] = 1
        if deal.said:
            words = len(self.word_index)
            for p, word, _ in deal.said:
                i = self.word_index.get(word)
                if i is not None:
                    mv[b + at["said"] + r[p] * words + i] = 1
        for entry in st.declarations:
            cat, winner, points = entry[0], entry[3], entry[4]
            i = b + at["declarations"] + self.category_index[cat] * 2 * n
            if winner is not None:
                mv[i + r[winner]] = 1
            for p in range(n):
                mv[i + n + r[p]] += _clip(points[p])

    def _announced_all(self, st, deal, b: int) -> None:
        mv, base = self.flat, b + self.at["announced"]
        for var, value in deal.announced.items():
            i = self._announced(st, var, value)
            if i >= 0:
                mv[base + i] = 1

    def _announced(self, st, var, value) -> int:
        """The place of `var`'s value in `announced` (as the view shows the value), or -1."""
        key = (var, value)
        try:
            return self.announced[key]
        except KeyError:
            pass
        except TypeError:  # a value that cannot be a key: looked up each time
            return self._find_announced(st, var, value)
        i = self.announced[key] = self._find_announced(st, var, value)
        return i

    def _find_announced(self, st, var, value) -> int:
        if value is None:
            return -1
        pack, t = st.game.pack, st.game.announce_types.get(var)
        shown = str(pack.suits[value] if t == "suit" else pack.ranks[value] if t == "rank" else value)
        at = 0
        for name, values in self.observer.announced.items():
            if name == var:
                return at + values.index(shown) if shown in values else -1
            at += len(values)
        return -1

    def _strength(self, st, s: int, strength: int) -> float:
        """A layout's end as the reference encodes it: the card's strength over the number of ranks."""
        pack = st.game.pack
        return self.observer._strength(_card(pack, s, strength), pack.suits[s]) / len(pack.ranks)

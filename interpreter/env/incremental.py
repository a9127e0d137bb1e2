"""Each seat's observation of one game kept in a preallocated array, updated from the moves since.

`Encoder(observer)` holds one float32 row per seat (`encoder.rows`, shape (n, size), or rows
it is given: a slice of a batch's array). `encoder.observe(table, seat)` brings that seat's row
up to date and returns it; the row is the encoder's own, overwritten by later calls.

The row equals `Observer.encode(state.view(seat), picked)`, the reference, at every step (a
property test holds them together on every spec, for every seat). It is brought up to date in
one of these ways:

* a card played (or a pass, in a layout) in the same play phase of the same deal as when the
  row was last written: only what the moves since change is written (the hands and hand sizes
  of the seats that played, the trick, the last trick, the cards played, the tricks won, the
  leader, the layout, who is out, who is to act). Where a move is more than a card of the
  actor's hand (a dummy's card chosen by the declarer, a word said with a card), the cards'
  seats are read from the tricks and the words from the deal's record;
* a call or a double (in an auction, a call phase, a doubling) in the same phase of the same deal:
  the calls and doubles since, and who is to act; an exchange's discards: the cards that left
  their hands, and the seat's own discards; a declaration: the categories settled since;
* anything else (a new deal, another phase, a draw, a seat's own cards looked at, hands laid
  open since the row was written): the row is written again from the state.

All read the state the way `State.view` does, through the same helpers where what a seat may
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
from ..phases import every_phase
from .encoding import Observer
from .rows import Rows, _Row

CALLING = ("auction", "call", "double")  # phase kinds whose moves add a call or a double to the deal's record


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


class Encoder(Rows):
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
        # phases followed move by move, by what their moves change: play (a card, or a pass in a layout);
        # calls (an auction's or a call phase's call, a double: each is added to the deal's record, and
        # nothing else a seat sees changes until the phase ends, but a seat looking at its cards); an
        # exchange's discards (a card from the seat's hand to its discards: the draw, or the last discard,
        # ends the phase); and declaring (a category settled adds its result, and what the seats say
        # before is in no row)
        self.plain = {ph: "calls" if ph.kind in CALLING else ph.kind for ph in phases
                      if ph.kind in ("layout", "tricks", "exchange", "declare", *CALLING)}
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
                or st.terminal or (row.phase in self.moments and tuple(st.shown) != row.shown):  # (a hand laid open)
            self.write(table, seat)
        elif len(deal.actions) != row.actions:
            if row.kind == "tricks":
                self._tricks(st, seat, row)
                if len(deal.said) != row.said:  # (words said with the cards)
                    self._words(deal.said[row.said:], row.base, row.rel)
                    row.said = len(deal.said)
            elif row.kind == "exchange":
                self._discards(st, seat, row)
            elif row.kind == "declare":
                self._declarations(st.declarations[row.declared:], row.base, row.rel)
                row.declared, row.actions = len(st.declarations), len(deal.actions)
            elif not (self._calls(st, seat, row) if row.kind == "calls" else self._layout_moves(st, seat, row)):
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

    def _calls(self, st, seat: int, row: _Row) -> bool:
        """Write the calls and doubles made since; False when the seat's own cards were hidden from it
        and now are not, or the other way (calling blind, or not looked at yet): the row is written again."""
        if (st.calling_blind, st.unseen[seat]) != row.looked:
            return False
        deal = st.deal
        calls, doubles = deal.calls, deal.doubles
        if len(calls) != row.calls:
            self._calls_made(calls[row.calls:], row.base, row.rel)
            row.calls = len(calls)
        if len(doubles) != row.doubles:
            self._doubles(doubles[row.doubles:], row.base, row.rel)
            row.doubles = len(doubles)
        row.actions = len(deal.actions)
        return True

    def _discards(self, st, seat: int, row: _Row) -> None:
        """Write the cards discarded since: each leaves its seat's hand, and joins the discards the seat
        sees of its own. (Every move since is a discard: the draw, `done` or the last discard ends the
        phase, and a deal goes through each phase once, so no later move is of the same phase.)"""
        mv, hands, sizes = self.flat, st.hands, row.sizes_of
        acts = st.deal.actions
        own = row.base + self.at["discards"]
        for p, a in acts[row.actions:]:
            if p == seat:
                mv[row.hand + a.arg] = 0
                mv[own + a.arg] = 1
            mv[sizes[p]] = len(hands[p])
        row.actions = len(acts)

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

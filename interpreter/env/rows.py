"""A seat's observation row written whole from the state, and the parts the encoder's followers share.

`Rows` is mixed into `incremental.Encoder`: `write` puts a seat's row as the reference encodes the
seat's view (`Observer.encode(state.view(seat))`), reading the state as `State.view` does; `_Row`
is where one seat's row stands (what it was written from, and the places of what moves), which the
encoder's followers of the moves since bring up to date (interpreter/env/incremental.py).
"""

from __future__ import annotations

from ..engine.views import _card, _partner, _talon_face_up
from .encoding import SCORE_BOUND

def _clip(v):
    return v if -SCORE_BOUND <= v <= SCORE_BOUND else (SCORE_BOUND if v > 0 else -SCORE_BOUND)


class _Row:
    """Where one seat's row stands: what it was written from, and the places of what moves."""

    __slots__ = ("actions", "any_shown", "base", "begun", "calls", "deal", "declared", "doubles", "hand", "kind", "last",
                 "last_of", "leader", "leader_of", "looked", "out", "phase", "picked", "played", "rel", "said",
                 "shown", "shown_of", "sizes_of", "state", "to_act", "to_act_of", "trick", "trick_of", "tricks",
                 "won_of")

    def __init__(self, seat: int, n: int, size: int, ncards: int, at: dict):
        self.state = None  # the state, deal and phase it was written from (None: never written)
        self.deal = self.phase = None
        self.kind = None  # "tricks", "layout" or "calls" when that phase is followed move by move, else None
        self.actions = self.tricks = self.out = self.said = 0  # the deal's actions, tricks, seats out, words said then
        self.calls = self.doubles = self.declared = 0  # and its calls, doubles and categories settled
        self.looked = None  # whether the seat's own cards were hidden then: (calling blind, not looked yet)
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


class Rows:
    """The whole-row writer of an `incremental.Encoder`, and what its followers share (a layout's suits
    begun, the seats gone out, the combinations picked)."""

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
        deal = st.deal
        row.state, row.deal, row.phase, row.actions, row.said = st, deal, st.phase, len(deal.actions), len(deal.said)
        row.calls, row.doubles, row.looked = len(deal.calls), len(deal.doubles), (st.calling_blind, st.unseen[seat])
        row.declared = len(st.declarations)
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
        mv, at = self.flat, self.at
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
        self._doubles(deal.doubles, b, r)
        self._calls_made(deal.calls, b, r)
        self._words(deal.said, b, r)
        self._declarations(st.declarations, b, r)

    def _doubles(self, doubles, b: int, r) -> None:
        """Each double of `doubles` (the deal's record: who doubled whom), in the row at `b` (`r`: each
        seat counted from the row's)."""
        mv, n, at = self.flat, self.n, b + self.at["doubles"]
        for p, targets in doubles:
            for t in targets:
                mv[at + r[p] * n + r[t]] = 1

    def _calls_made(self, calls, b: int, r) -> None:
        """Each call of `calls` (the deal's record: who called what)."""
        mv, ids, at = self.flat, self.call_ids, b + self.at["calls"]
        v = len(ids)
        for p, call in calls:
            i = ids.get(call)
            if i is not None:
                mv[at + r[p] * v + i] = 1

    def _words(self, said, b: int, r) -> None:
        """Each word of `said` (the deal's record of words said with cards)."""
        mv, index, at = self.flat, self.word_index, b + self.at["said"]
        words = len(index)
        for p, word, _ in said:
            i = index.get(word)
            if i is not None:
                mv[at + r[p] * words + i] = 1

    def _declarations(self, entries, b: int, r) -> None:
        """Each category settled (an entry of `state.declarations`): its winner, and each seat's points
        added to what the category's earlier entries gave it."""
        mv, n, at = self.flat, self.n, b + self.at["declarations"]
        for entry in entries:
            cat, winner, points = entry[0], entry[3], entry[4]
            i = at + self.category_index[cat] * 2 * n
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

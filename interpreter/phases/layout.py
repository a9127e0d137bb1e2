"""Fan-tan layout play: no tricks; cards build each suit up and down from a start rank.

A suit is either empty or an unbroken run of ranks that contains the start rank R
(ranks in the pack's natural order, no wrap-around). A card is playable when its suit
is empty and it has rank R, or it extends its suit's run by one at either end. A player
who can play must; one who cannot passes (and with `show_hand_on_pass` shows his hand).
A player who plays his last card is out and is skipped; play ends when
`ends_when_out` players are out. Places are given in the order players go out; those
still holding cards share the next place.

With `start: first card`, R is the rank of the first card played (the first player may
play any card and may not pass). If the card of rank R of some suit is not in the pack,
that suit counts as already begun at R.
"""

from __future__ import annotations

from ..actions import Action
from ..errors import Refusal
from . import Phase, in_the_open


class Layout(Phase):
    kind = "layout"
    public_name = in_the_open  # cards are laid face up; a pass is seen

    def __init__(self, name, pack, n, step, leader, start, show_hand_on_pass, ends_when_out, play_actions,
                 start_var="start"):
        super().__init__(name)
        self.pack = pack
        self.n = n
        self.step = step
        self.suit = pack.suit
        self.strength = pack.strength
        self.leader = leader
        self.start_rank = start  # compiled expression -> rank, or None for "first card"
        self.show = show_hand_on_pass
        self.ends_when_out = ends_when_out
        self.play = play_actions
        self.pass_action = Action("pass", None, "pass")
        self.every_action = (self.pass_action, *self.play)
        self.start_var = start_var

    def start(self, st) -> None:
        st.layout = [None] * len(self.pack.suits)
        st.out = []
        st.place = [0] * self.n
        st.leader = st.to_play = self.leader(st)
        st.layout_rank = None
        # more than the players at the table can never be out: the play ends when all are
        st.out_target = min(self.ends_when_out(st), self.n)
        if self.start_rank is not None:
            self._begin(st, self.start_rank(st))

    def _begin(self, st, rank: int) -> None:
        """Fix the start rank; suits whose start card is not in the pack count as begun."""
        pack = self.pack
        st.layout_rank = rank
        st.vars[self.start_var] = rank
        top = len(pack.ranks) - rank
        for si, s in enumerate(pack.suits):
            if f"{pack.ranks[rank]}{s}" not in pack.by_name:
                st.layout[si] = [top, top]

    def actor(self, st):
        return st.to_play

    def playable(self, st, c) -> bool:
        run = st.layout[self.suit[c]]
        v = self.strength[c]
        if run is None:
            return st.layout_rank is not None and self.pack.rank[c] == st.layout_rank
        return v == run[0] - 1 or v == run[1] + 1

    def legal(self, st):
        hand = st.hands[st.to_play]
        if st.layout_rank is None:
            return hand[:]
        ok = [c for c in hand if self.playable(st, c)]
        return ok or [self.pass_action]

    def apply(self, st, action) -> None:
        p = st.to_play
        if action is self.pass_action:
            if self.show:
                st.shown[p] = True
        else:
            c = action.arg
            if st.layout_rank is None:
                self._begin(st, self.pack.rank[c])
            st.hands[p].remove(c)
            st.laid.append(c)
            run = st.layout[self.suit[c]]
            v = self.strength[c]
            if run is None:
                st.layout[self.suit[c]] = [v, v]
            elif v < run[0]:
                run[0] = v
            else:
                run[1] = v
            if not st.hands[p]:
                st.out.append(p)
                st.place[p] = len(st.out)
                if len(st.out) >= st.out_target:
                    rest = len(st.out) + 1
                    for q in range(self.n):
                        if not st.place[q]:
                            st.place[q] = rest
                    st.to_play = None
                    return
        q = (p + self.step) % self.n
        while st.place[q]:
            q = (q + self.step) % self.n
        st.to_play = q

    def refuse(self, st, action):
        p = st.to_play
        names = self.pack.names
        legal = self.legal(st)
        if action is self.pass_action:
            cards = " ".join(a.name.split()[1] for a in legal)
            return (f"{st.seat_name(p)} may not pass while holding a playable card ({cards})", "must play when able")
        c = action.arg
        if c not in st.hands[p]:
            return f"{st.seat_name(p)} does not hold {names[c]}", None, Refusal.NOT_HELD
        run = st.layout[self.suit[c]]
        pack = self.pack
        if run is None:
            why = f"its suit is not begun; it must be begun with the {pack.ranks[st.layout_rank]}"
        else:
            ends = [f"{pack.ranks[len(pack.ranks) - v]}{pack.suits[self.suit[c]]}"
                    for v in (run[0] - 1, run[1] + 1) if 1 <= v <= len(pack.ranks)]
            why = "it does not extend its suit" + (f" (playable there: {' or '.join(ends)})" if ends else "")
        return f"{names[c]} cannot be played: {why}", "layout"

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

from ..core.actions import Action
from ..core.errors import Refusal
from . import Phase, in_the_open


class Layout(Phase):
    kind = "layout"
    public_name = in_the_open  # cards are laid face up; a pass is seen
    owns = ("layout", "out", "place", "laid")

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

    def start(self, state) -> None:
        state.layout = [None] * len(self.pack.suits)
        state.out = []
        state.place = [0] * self.n
        state.leader = state.to_play = self.leader(state)
        state.layout_rank = None
        # more than the players at the table can never be out: the play ends when all are
        state.out_target = min(self.ends_when_out(state), self.n)
        if self.start_rank is not None:
            self._begin(state, self.start_rank(state))

    def _begin(self, state, rank: int) -> None:
        """Fix the start rank; suits whose start card is not in the pack count as begun."""
        pack = self.pack
        state.layout_rank = rank
        state.vars[self.start_var] = rank
        top = len(pack.ranks) - rank
        for si, s in enumerate(pack.suits):
            if f"{pack.ranks[rank]}{s}" not in pack.by_name:
                state.layout[si] = [top, top]

    def actor(self, state):
        return state.to_play

    def playable(self, state, c) -> bool:
        run = state.layout[self.suit[c]]
        v = self.strength[c]
        if run is None:
            return state.layout_rank is not None and self.pack.rank[c] == state.layout_rank
        return v == run[0] - 1 or v == run[1] + 1

    def legal(self, state):
        hand = state.hands[state.to_play]
        if state.layout_rank is None:
            return hand[:]
        ok = [c for c in hand if self.playable(state, c)]
        return ok or [self.pass_action]

    def apply(self, state, action) -> None:
        p = state.to_play
        if action is self.pass_action:
            if self.show:
                state.shown[p] = True
        else:
            c = action.arg
            if state.layout_rank is None:
                self._begin(state, self.pack.rank[c])
            state.hands[p].remove(c)
            state.laid.append(c)
            run = state.layout[self.suit[c]]
            v = self.strength[c]
            if run is None:
                state.layout[self.suit[c]] = [v, v]
            elif v < run[0]:
                run[0] = v
            else:
                run[1] = v
            if not state.hands[p]:
                state.out.append(p)
                state.place[p] = len(state.out)
                if len(state.out) >= state.out_target:
                    rest = len(state.out) + 1
                    for q in range(self.n):
                        if not state.place[q]:
                            state.place[q] = rest
                    state.to_play = None
                    return
        q = (p + self.step) % self.n
        while state.place[q]:
            q = (q + self.step) % self.n
        state.to_play = q

    def refuse(self, state, action):
        p = state.to_play
        names = self.pack.names
        legal = self.legal(state)
        if action is self.pass_action:
            cards = " ".join(a.name.split()[1] for a in legal)
            return (f"{state.seat_name(p)} may not pass while holding a playable card ({cards})", "must play when able")
        c = action.arg
        if c not in state.hands[p]:
            return f"{state.seat_name(p)} does not hold {names[c]}", None, Refusal.NOT_HELD
        run = state.layout[self.suit[c]]
        pack = self.pack
        if run is None:
            why = f"its suit is not begun; it must be begun with the {pack.ranks[state.layout_rank]}"
        else:
            ends = [f"{pack.ranks[len(pack.ranks) - v]}{pack.suits[self.suit[c]]}"
                    for v in (run[0] - 1, run[1] + 1) if 1 <= v <= len(pack.ranks)]
            why = "it does not extend its suit" + (f" (playable there: {' or '.join(ends)})" if ends else "")
        return f"{names[c]} cannot be played: {why}", "layout"

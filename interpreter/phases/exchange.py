"""Exchanging with the talon: a seat discards cards face down, one by one, then draws as many.

`by` names the seat; `min` and `max` bound how many cards it discards (expressions, so
one player's allowance may depend on another's: `8 - exchanged(left(dealer))`); it can never
discard more than the talon holds, so `min` is lowered to what the talon holds; but a `min` of
1 or more with an empty talon stops the game with an error at the phase, as `validate` does
when the deals leave no talon. The actions are `discard 7C` (one card at a time)
and `draw`, which ends the discarding and takes as many cards from the top of the
talon; when the most allowed have been discarded the draw follows by itself. Discards
are seen by their owner only; how many cards a seat exchanged is public. With
`sees_unused`, the seat then looks at the talon cards it was entitled to and left.

With `draw: false` the seat only discards; a later `draw` phase gives it as many cards
(for procedures where another player discards in between). A `show` phase makes a
declaration announced earlier visible (its category declared with `show: false`).

With `take` (`turn_up` or `talon`) the order is the other way round: the seat first takes
the turned-up card, or the whole talon, into its hand, then lays away as many cards of the
enlarged hand (`min` and `max` default to the number taken), one by one; `done` stops
early when `min` allows it.

One card per action keeps every legal list short (a choice among all sets of up to
five cards of twelve would be 1,585 actions), for bots and for people alike.
"""

from __future__ import annotations

from ..actions import Action
from ..errors import GameError, Refusal
from . import Phase


class Exchange(Phase):
    kind = "exchange"

    def __init__(self, name, pack, by, least, most, sees_unused=None, draws=True):
        super().__init__(name)
        self.draws = draws  # False: the seat draws later, in a `draw` phase
        self.sees_unused = sees_unused  # compiled: how many talon cards the seat was entitled to, or None
        self.pack = pack
        self.by = by
        self.least = least  # compiled: number
        self.most = most  # compiled: number
        self.discard = tuple(Action("discard", c, f"discard {pack.names[c]}") for c in range(len(pack)))
        self.draw = Action("draw", None, "draw")
        self.every_action = (*self.discard, self.draw)

    def start(self, st) -> None:
        st.exchanger = self.by(st)
        st.exchanged = False
        st.exchange_count = 0
        st.exchange_bounds = self.bounds(st)
        if st.exchange_bounds[1] == 0:
            self._draw(st)  # nothing may be exchanged: no decision to make

    def actor(self, st):
        return None if st.exchanged else st.exchanger

    def bounds(self, st) -> tuple[int, int]:
        """How many cards the seat must and may discard: (least, most)."""
        least, most = self.least(st), self.most(st)
        if not (isinstance(least, (int, float)) and isinstance(most, (int, float))):
            raise GameError(f"`{self.name}`: the exchange limits must be numbers")
        most = min(int(most), len(st.talon), len(st.hands[st.exchanger]))
        if int(least) > 0 and not st.talon:  # the phase would vanish in silence: say so
            raise st._fault(None, message=f"`{self.name}`: {st.seat_name(st.exchanger)} must exchange at least "
                                          f"{int(least)} card{'s' * (int(least) != 1)}, but the talon is empty")
        return max(0, min(int(least), most)), most

    def legal(self, st):
        least, most = st.exchange_bounds
        out = [self.discard[c] for c in st.hands[st.exchanger]] if st.exchange_count < most else []
        if st.exchange_count >= least:
            out.append(self.draw)
        return out

    def public_name(self, st, action, viewer):
        """Discards go face down: the others learn only how many, once the seat has done."""
        k = st.exchange_count + (action is not self.draw)
        if action is not self.draw and k < st.exchange_bounds[1]:
            return None  # more may follow: the count is told when the seat stops (or must)
        if k == 0:
            return "discard no card"
        discarded = f"discard {k} card{'s' * (k != 1)}"
        return f"{discarded}, draw {k}" if self.draws else discarded

    def apply(self, st, action) -> None:
        if action is self.draw:
            self._draw(st)
            return
        p = st.exchanger
        card = st.game.play_actions[action.arg]
        st.hands[p].remove(card)
        st.discards[p].append(card)
        st.exchange_count += 1
        if st.exchange_count >= st.exchange_bounds[1]:
            self._draw(st)

    def _draw(self, st) -> None:
        p, k = st.exchanger, st.exchange_count
        if not self.draws:  # the draw comes later
            st.to_draw[p] += k
            st.exchanges[p] = k
            st.exchanged = True
            return
        drawn, st.talon = st.talon[:k], st.talon[k:]
        hand = st.hands[p]
        hand.extend(drawn)
        hand.sort()
        st.exchanges[p] = k
        if self.sees_unused is not None:  # he may look at the cards he was entitled to and did not take
            st.talon_seen[p] = list(st.talon[:max(0, int(self.sees_unused(st)) - k)])
        st.deal.exchanges.append((p, tuple(st.discards[p][-k:]) if k else (), tuple(drawn)))
        st.exchanged = True

    def refuse(self, st, action):
        p = st.exchanger
        least, most = st.exchange_bounds
        if action is self.draw:
            return (f"{st.seat_name(p)} must discard at least {least} card{'s' * (least != 1)} before drawing",
                    "exchange")
        if action.arg not in st.hands[p]:
            return f"{st.seat_name(p)} does not hold {self.pack.names[action.arg]}", None, Refusal.NOT_HELD
        return f"{st.seat_name(p)} may discard at most {most} card{'s' * (most != 1)}", "exchange"


class Draw(Phase):
    """A seat draws from the talon the cards it discarded earlier and has not yet replaced."""

    kind = "draw"

    def __init__(self, name, by):
        super().__init__(name)
        self.by = by

    def start(self, st) -> None:
        p = self.by(st)
        k = st.to_draw[p]
        drawn, st.talon = st.talon[:k], st.talon[k:]
        st.hands[p].extend(drawn)
        st.hands[p].sort()
        st.to_draw[p] = 0
        st.deal.exchanges.append((p, tuple(st.discards[p][-k:]) if k else (), tuple(drawn)))


class Show(Phase):
    """A seat shows what it declared earlier in a category (a proof announced before it is shown)."""

    kind = "show"

    def __init__(self, name, by, category):
        super().__init__(name)
        self.by = by
        self.category = category

    def start(self, st) -> None:
        st.shown_later.add((self.category, self.by(st)))


class TakeAndDiscard(Phase):
    """A seat takes the turn-up (or the talon) into its hand, then discards card by card."""

    kind = "exchange"

    def __init__(self, name, pack, by, least, most, take):
        super().__init__(name)
        self.pack = pack
        self.by = by
        self.least = least  # compiled: number, or None (as many as taken)
        self.most = most  # compiled: number, or None (as many as taken)
        self.take = take  # "turn_up" or "talon"
        self.discard = tuple(Action("discard", c, f"discard {pack.names[c]}") for c in range(len(pack)))
        self.done = Action("discard", None, "done")
        self.every_action = (*self.discard, self.done)

    def start(self, st) -> None:
        p = st.exchanger = self.by(st)
        if self.take == "turn_up":
            taken = [st.turn_up] if st.turn_up is not None else []
            st.turn_up = None  # in the hand now: everybody saw it go there
        else:
            taken, st.talon = list(st.talon), []
        st.hands[p].extend(taken)
        st.hands[p].sort()
        st.taken = tuple(taken)
        st.exchange_count = 0
        k = len(taken)
        least = k if self.least is None else self.least(st)
        most = k if self.most is None else self.most(st)
        if not (isinstance(least, (int, float)) and isinstance(most, (int, float))):
            raise GameError(f"`{self.name}`: the exchange limits must be numbers")
        most = max(0, min(int(most), len(st.hands[p])))
        st.exchange_bounds = (max(0, min(int(least), most)), most)
        st.exchanged = most == 0
        if st.exchanged:
            self._finish(st)

    def actor(self, st):
        return None if st.exchanged else st.exchanger

    def legal(self, st):
        least, most = st.exchange_bounds
        out = [self.discard[c] for c in st.hands[st.exchanger]]
        if least <= st.exchange_count < most:
            out.append(self.done)
        return out

    def public_name(self, st, action, viewer):
        """The cards taken are seen; the discards go face down: only how many, once the seat has done."""
        k = st.exchange_count + (action is not self.done)
        if action is not self.done and k < st.exchange_bounds[1]:
            return None
        return f"discard {k} card{'s' * (k != 1)}"

    def apply(self, st, action) -> None:
        if action is not self.done:
            p = st.exchanger
            card = st.game.play_actions[action.arg]
            st.hands[p].remove(card)
            st.discards[p].append(card)
            st.exchange_count += 1
            if st.exchange_count < st.exchange_bounds[1]:
                return
        st.exchanged = True
        self._finish(st)

    def _finish(self, st) -> None:
        p, k = st.exchanger, st.exchange_count
        st.exchanges[p] = k
        st.deal.exchanges.append((p, tuple(st.discards[p][-k:]) if k else (), st.taken))

    def refuse(self, st, action):
        p = st.exchanger
        least = st.exchange_bounds[0]
        if action is self.done:
            return (f"{st.seat_name(p)} must discard at least {least} card{'s' * (least != 1)}", "exchange")
        return f"{st.seat_name(p)} does not hold {self.pack.names[action.arg]}", None, Refusal.NOT_HELD

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

from ..core.actions import Action
from ..core.errors import GameError, Refusal
from . import Phase

# what the exchanges of a deal change in place (each phase of this module owns them all)
EXCHANGE_FIELDS = ("discards", "to_draw", "talon_seen", "exchanges", "shown_later", "shown_discards")


class DiscardRules:
    """What a seat may discard (`rules`: play rules over `card`, as a cascade: each keeps what its
    `keep` allows when its `when` holds, unless that would keep none), and which discards are laid
    face up (`shown`, a condition on `card`)."""

    def __init__(self, rules=(), shown=None):
        self.rules, self.shown = tuple(rules), shown

    def allowed(self, state, hand):
        state.player = state.exchanger
        cards = hand
        for rule in self.rules:
            if rule.when is not None and not rule.when(state):
                continue
            kept = rule.keep(state, cards)
            if kept:
                cards = kept
        return cards

    def broken(self, state, card):
        """(message, rule) for a card of the hand the rules do not let the seat discard, else None."""
        state.player = state.exchanger
        cards, names = state.hands[state.exchanger], state.game.pack.names
        for rule in self.rules:
            if rule.when is not None and not rule.when(state):
                continue
            kept = rule.keep(state, cards)
            if kept:
                if card not in kept:
                    return (f"`discard {names[card]}` breaks the rule `{rule.name}` ({rule.text}); you may discard "
                            f"{' '.join(names[c] for c in kept)}", rule.name)
                cards = kept
        return None

    def lay(self, state, p, card) -> None:
        """Lay the discard face up when `shown` holds of it."""
        if self.shown is not None:
            state.player = p
            if self.shown(state, (card,)):
                state.shown_discards[p].append(card)

    def said(self, state, action, name):
        """`name`, what the others hear, with the discard said aloud when it is laid face up."""
        if self.shown is None or action.arg is None:
            return name
        state.player = state.exchanger
        if not self.shown(state, (action.arg,)):
            return name
        face_up = f"discard {state.game.pack.names[action.arg]} face up"
        return face_up if name is None else f"{face_up}; {name}"


NO_RULES = DiscardRules()


class Exchange(Phase):
    kind = "exchange"
    owns = EXCHANGE_FIELDS
    records = ("exchanges",)

    def __init__(self, name, pack, by, least, most, sees_unused=None, draws=True, discarding=NO_RULES):
        super().__init__(name)
        self.discarding = discarding  # which cards may be discarded, and which are laid face up
        self.draws = draws  # False: the seat draws later, in a `draw` phase
        self.sees_unused = sees_unused  # compiled: how many talon cards the seat was entitled to, or None
        self.pack = pack
        self.by = by
        self.least = least  # compiled: number
        self.most = most  # compiled: number
        self.discard = tuple(Action("discard", c, f"discard {pack.names[c]}") for c in range(len(pack)))
        self.draw = Action("draw", None, "draw")
        self.every_action = (*self.discard, self.draw)

    def start(self, state) -> None:
        state.exchanger = self.by(state)
        state.exchanged = False
        state.exchange_count = 0
        state.exchange_bounds = self.bounds(state)
        if state.exchange_bounds[1] == 0:
            self._draw(state)  # nothing may be exchanged: no decision to make

    def actor(self, state):
        return None if state.exchanged else state.exchanger

    def bounds(self, state) -> tuple[int, int]:
        """How many cards the seat must and may discard: (least, most)."""
        least, most = self.least(state), self.most(state)
        if not (isinstance(least, (int, float)) and isinstance(most, (int, float))):
            raise GameError(f"`{self.name}`: the exchange limits must be numbers")
        most = min(int(most), len(state.talon), len(state.hands[state.exchanger]))
        if int(least) > 0 and not state.talon:  # the phase would vanish in silence: say so
            raise state._fault(None, message=f"`{self.name}`: {state.seat_name(state.exchanger)} must exchange at least "
                                          f"{int(least)} card{'s' * (int(least) != 1)}, but the talon is empty")
        return max(0, min(int(least), most)), most

    def legal(self, state):
        least, most = state.exchange_bounds
        hand = state.hands[state.exchanger]
        if self.discarding.rules:
            hand = self.discarding.allowed(state, hand)
        out = list(map(self.discard.__getitem__, hand)) if state.exchange_count < most else []
        if state.exchange_count >= least:
            out.append(self.draw)
        return out

    def public_name(self, state, action, viewer):
        """Discards go face down: the others learn only how many, once the seat has done (and each
        discard laid face up as it is made)."""
        return self.discarding.said(state, action, self._count_said(state, action))

    def _count_said(self, state, action):
        k = state.exchange_count + (action is not self.draw)
        if action is not self.draw and k < state.exchange_bounds[1]:
            return None  # more may follow: the count is told when the seat stops (or must)
        if k == 0:
            return "discard no card"
        discarded = f"discard {k} card{'s' * (k != 1)}"
        return f"{discarded}, draw {k}" if self.draws else discarded

    def apply(self, state, action) -> None:
        if action is self.draw:
            self._draw(state)
            return
        p = state.exchanger
        card = state.game.play_actions[action.arg]
        state.hands[p].remove(card)
        state.discards[p].append(card)
        self.discarding.lay(state, p, card)
        state.exchange_count += 1
        if state.exchange_count >= state.exchange_bounds[1]:
            self._draw(state)

    def _draw(self, state) -> None:
        p, k = state.exchanger, state.exchange_count
        if not self.draws:  # the draw comes later
            state.to_draw[p] += k
            state.exchanges[p] = k
            state.exchanged = True
            return
        drawn, state.talon = state.talon[:k], state.talon[k:]
        hand = state.hands[p]
        hand.extend(drawn)
        hand.sort()
        state.exchanges[p] = k
        if self.sees_unused is not None:  # he may look at the cards he was entitled to and did not take
            state.talon_seen[p] = list(state.talon[:max(0, int(self.sees_unused(state)) - k)])
        state.deal.exchanges.append((p, tuple(state.discards[p][-k:]) if k else (), tuple(drawn)))
        state.exchanged = True

    def refuse(self, state, action):
        p = state.exchanger
        least, most = state.exchange_bounds
        if action is self.draw:
            return (f"{state.seat_name(p)} must discard at least {least} card{'s' * (least != 1)} before drawing",
                    "exchange")
        if action.arg not in state.hands[p]:
            return f"{state.seat_name(p)} does not hold {self.pack.names[action.arg]}", None, Refusal.NOT_HELD
        if state.exchange_count < most:
            return self.discarding.broken(state, action.arg) or super().refuse(state, action)
        return f"{state.seat_name(p)} may discard at most {most} card{'s' * (most != 1)}", "exchange"


class Draw(Phase):
    """A seat draws from the talon the cards it discarded earlier and has not yet replaced."""

    kind = "draw"
    owns = EXCHANGE_FIELDS
    records = ("exchanges",)

    def __init__(self, name, by):
        super().__init__(name)
        self.by = by

    def start(self, state) -> None:
        p = self.by(state)
        k = state.to_draw[p]
        drawn, state.talon = state.talon[:k], state.talon[k:]
        state.hands[p].extend(drawn)
        state.hands[p].sort()
        state.to_draw[p] = 0
        state.deal.exchanges.append((p, tuple(state.discards[p][-k:]) if k else (), tuple(drawn)))


class Show(Phase):
    """A seat shows what it declared earlier in a category (a proof announced before it is shown)."""

    kind = "show"
    owns = EXCHANGE_FIELDS
    records = ("exchanges",)

    def __init__(self, name, by, category):
        super().__init__(name)
        self.by = by
        self.category = category

    def start(self, state) -> None:
        state.shown_later.add((self.category, self.by(state)))


class TakeAndDiscard(Phase):
    """A seat takes the turn-up (or the talon) into its hand, then discards card by card."""

    kind = "exchange"
    owns = EXCHANGE_FIELDS
    records = ("exchanges",)

    def __init__(self, name, pack, by, least, most, take, discarding=NO_RULES, show_taken=None):
        super().__init__(name)
        self.show_taken = show_taken  # compiled bool: the talon taken is shown to all first (a turn-up always is)
        self.discarding = discarding  # which cards may be discarded, and which are laid face up
        self.pack = pack
        self.by = by
        self.least = least  # compiled: number, or None (as many as taken)
        self.most = most  # compiled: number, or None (as many as taken)
        self.take = take  # "turn_up" or "talon"
        self.discard = tuple(Action("discard", c, f"discard {pack.names[c]}") for c in range(len(pack)))
        self.done = Action("discard", None, "done")
        self.every_action = (*self.discard, self.done)

    def start(self, state) -> None:
        p = state.exchanger = self.by(state)
        if self.take == "turn_up":
            taken = [state.turn_up] if state.turn_up is not None else []
            state.turn_up = None
            shown = True
        else:
            taken, state.talon = list(state.talon), []
            shown = self.show_taken is not None and self.show_taken(state)
        if taken and shown:  # in the hand now: everybody saw them go there, and knows they are his until he lets them go
            state.taken_up = (p, tuple(taken))
        state.hands[p].extend(taken)
        state.hands[p].sort()
        state.taken = tuple(taken)
        state.exchange_count = 0
        k = len(taken)
        least = k if self.least is None else self.least(state)
        most = k if self.most is None else self.most(state)
        if not (isinstance(least, (int, float)) and isinstance(most, (int, float))):
            raise GameError(f"`{self.name}`: the exchange limits must be numbers")
        most = max(0, min(int(most), len(state.hands[p])))
        state.exchange_bounds = (max(0, min(int(least), most)), most)
        state.exchanged = most == 0
        if state.exchanged:
            self._finish(state)

    def actor(self, state):
        return None if state.exchanged else state.exchanger

    def legal(self, state):
        least, most = state.exchange_bounds
        hand = state.hands[state.exchanger]
        if self.discarding.rules:
            hand = self.discarding.allowed(state, hand)
        out = [self.discard[c] for c in hand]
        if least <= state.exchange_count < most:
            out.append(self.done)
        return out

    def public_name(self, state, action, viewer):
        """The cards taken are seen; the discards go face down: only how many, once the seat has done (and
        each discard laid face up as it is made)."""
        k = state.exchange_count + (action is not self.done)
        counted = None if action is not self.done and k < state.exchange_bounds[1] else \
            f"discard {k} card{'s' * (k != 1)}"
        return self.discarding.said(state, action, counted)

    def apply(self, state, action) -> None:
        if action is not self.done:
            p = state.exchanger
            card = state.game.play_actions[action.arg]
            state.hands[p].remove(card)
            state.discards[p].append(card)
            self.discarding.lay(state, p, card)
            state.exchange_count += 1
            if state.exchange_count < state.exchange_bounds[1]:
                return
        state.exchanged = True
        self._finish(state)

    def _finish(self, state) -> None:
        p, k = state.exchanger, state.exchange_count
        state.exchanges[p] = k
        state.deal.exchanges.append((p, tuple(state.discards[p][-k:]) if k else (), state.taken))

    def refuse(self, state, action):
        p = state.exchanger
        least = state.exchange_bounds[0]
        if action is self.done:
            return (f"{state.seat_name(p)} must discard at least {least} card{'s' * (least != 1)}", "exchange")
        if action.arg in state.hands[p]:
            return self.discarding.broken(state, action.arg) or super().refuse(state, action)
        return f"{state.seat_name(p)} does not hold {self.pack.names[action.arg]}", None, Refusal.NOT_HELD

"""Bidding for trump over a turned-up card: take it, or (in a second round) name another suit.

In turn from `first`, each seat may `take` the turned-up card's suit as trump or `pass`;
if all pass, each in turn may name another suit (`trump H`) or pass. The first seat to
take or name is the `maker`, and the bidding stops there. With `void_if_all_pass`, a deal
in which everybody passes twice is thrown in: no play, no score.

With `schmeiss`, a seat may also propose, in the first round, to abandon the deal
(`schmeiss`); the next seat answers `accept schmeiss` (the deal is thrown in) or
`refuse schmeiss` (the proposer becomes the maker, with the turned-up suit).

With `last_must_name` ("stick the dealer"), the last seat of the second round may not
pass: when everybody else has passed twice, it must name a suit.
"""

from __future__ import annotations

from ..core.actions import Action
from . import Phase, in_the_open


class TrumpBid(Phase):
    kind = "trump_bid"
    public_name = in_the_open  # takes, passes and suits named are said aloud
    records = ("calls",)

    def __init__(self, name, pack, n, step, first, void_if_all_pass, schmeiss=False, last_must_name=False):
        super().__init__(name)
        self.last_must_name = last_must_name
        self.schmeiss = schmeiss
        self.propose = Action("schmeiss", None, "schmeiss")
        self.accept = Action("schmeiss", True, "accept schmeiss")
        self.refuse_it = Action("schmeiss", False, "refuse schmeiss")
        self.pack = pack
        self.n = n
        self.step = step
        self.first = first
        self.void_if_all_pass = void_if_all_pass
        self.take = Action("take", None, "take")
        self.pass_action = Action("pass", None, "pass")
        self.name_suit = tuple(Action("trump", s, f"trump {x}") for s, x in enumerate(pack.suits))

    def vocabulary(self, game):
        schmeiss = [self.propose, self.accept, self.refuse_it] if self.schmeiss else []
        return [a.name for a in (self.pass_action, self.take, *self.name_suit, *schmeiss)]

    def start(self, state) -> None:
        seat = self.first(state)
        state.bid_turns = [(seat + i * self.step) % self.n for i in range(self.n)] * 2
        state.bid_i = 0
        state.maker = None
        state.schmeisser = None

    def actor(self, state):
        if state.maker is not None or state.void:
            return None
        if state.schmeisser is not None:
            return (state.schmeisser + self.step) % self.n  # the answer to a schmeiss
        if state.bid_i >= len(state.bid_turns):
            return None
        return state.bid_turns[state.bid_i]

    def _offered(self, state) -> int:
        return self.pack.suit[state.turn_up] if state.turn_up is not None else -1

    def legal(self, state):
        if state.schmeisser is not None:
            return [self.accept, self.refuse_it]
        if state.bid_i < self.n:  # round 1: the turned-up suit
            return [self.pass_action, self.take] + ([self.propose] if self.schmeiss else [])
        offered = self._offered(state)
        named = [a for a in self.name_suit if a.arg != offered]
        if self.last_must_name and state.bid_i == len(state.bid_turns) - 1:
            return named  # stuck: the last seat must name a suit
        return [self.pass_action] + named

    def actions(self, state):
        legal = self.legal(state)
        return legal if self.pass_action in legal else [self.pass_action, *legal]  # (a pass refused is named)

    def refuse(self, state, action):
        if action is self.pass_action and self.last_must_name and state.bid_i == len(state.bid_turns) - 1:
            p = state.bid_turns[state.bid_i]
            return (f"{state.seat_name(p)} may not pass: everybody else has passed twice, so he must name a suit",
                    "last_must_name")
        return super().refuse(state, action)

    def apply(self, state, action) -> None:
        if state.schmeisser is not None:  # the answer
            state.deal.calls.append(((state.schmeisser + self.step) % self.n, action.name))
            if action.arg:
                state.void = True  # accepted: thrown in
            else:
                state.maker = state.schmeisser
                state.set_trump(self._offered(state))
            state.schmeisser = None
            return
        p = state.bid_turns[state.bid_i]
        state.bid_i += 1
        state.deal.calls.append((p, action.name))
        if action is self.propose:
            state.schmeisser = p
        elif action is self.take:
            state.maker = p
            state.set_trump(self._offered(state))
        elif action.kind == "trump":
            state.maker = p
            state.set_trump(action.arg)
        elif state.bid_i >= len(state.bid_turns) and self.void_if_all_pass:
            state.void = True

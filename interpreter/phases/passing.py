"""Passing cards: before play, seats give cards to other seats, all choosing at once.

For each seat, in turn from `first`: whether it passes (`who`, a condition over `player`),
how many cards (`count`) and to whom (`to`, a seat; `none` or the seat itself: no pass),
each an expression, so the direction may turn from deal to deal and a deal may have no
pass at all. A seat picks its cards one at a time (`pass QS`); they leave its hand face
down and nobody else learns which they are. The choices are simultaneous in effect: the
cards are received only when every seat has chosen, so no choice can depend on cards
received in the same phase (a later `pass_cards` phase passes on what was received).

What others see of a pass: `B: pass a card to C`. The passer's view lists the cards it is
passing (`passing`) and, once they are received, those it passed in this deal (`passed`).

Actions: `pass 7C`.
"""

from __future__ import annotations

from ..core.actions import Action
from ..core.cards import normalize
from . import Phase


class PassCards(Phase):
    kind = "pass_cards"
    owns = ("passing", "passed")

    def __init__(self, name, pack, n, step, first, who, count, to, play_actions):
        super().__init__(name)
        self.play_actions = play_actions  # card number -> the card as held (its play action)
        self.n, self.step = n, step
        self.first = first  # compiled: the seat that chooses first (the order only names turns)
        self.who = who  # compiled bool over `player`, or None: every seat
        self.count = count  # compiled number over `player`
        self.to = to  # compiled seat over `player`
        self.card_actions = tuple(Action("give", c, f"pass {pack.names[c]}") for c in range(len(pack)))

    def start(self, state) -> None:
        first = self.first(state)
        plan = []
        for i in range(self.n):
            p = state.player = (first + i * self.step) % self.n
            if self.who is not None and not self.who(state):
                continue
            target = self.to(state)
            k = min(int(self.count(state)), len(state.hands[p]))
            if target is not None and target != p and k > 0:
                plan.append((p, target, k))
        state.pass_plan = plan
        state.pass_i = 0

    def actor(self, state):
        return state.pass_plan[state.pass_i][0] if state.pass_i < len(state.pass_plan) else None

    def legal(self, state):
        p = state.pass_plan[state.pass_i][0]
        return [self.card_actions[c] for c in sorted(state.hands[p])]

    def vocabulary(self, game):
        return [a.name for a in self.card_actions]

    def parse(self, state, text):
        words = text.split()
        if len(words) == 2 and words[0].lower() == "pass":
            c = state.game.pack.by_name.get(normalize(words[1]))
            if c is not None:
                return self.card_actions[c]
        return None

    def refuse(self, state, action):
        p, target, k = state.pass_plan[state.pass_i]
        return (f"{state.seat_name(p)} may pass only a card of his hand ({k - len(state.passing[p])} more to "
                f"{state.seat_name(target)})", "hand")

    def public_name(self, state, action, viewer):
        p, target, _ = state.pass_plan[state.pass_i]
        return action.name if viewer == p else f"pass a card to {state.seat_name(target)}"

    def apply(self, state, action) -> None:
        p, _, k = state.pass_plan[state.pass_i]
        card = self.play_actions[action.arg]
        state.hands[p].remove(card)
        state.passing[p].append(card)
        if len(state.passing[p]) < k:
            return p
        state.pass_i += 1
        if state.pass_i == len(state.pass_plan):  # everybody has chosen: the cards arrive
            for q, target, _ in state.pass_plan:
                state.hands[target].extend(state.passing[q])
                state.hands[target].sort()
                state.passed[q].extend(state.passing[q])
                state.passing[q] = []
        return None

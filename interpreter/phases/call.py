"""Calling: each seat in turn makes exactly one call, a number or a word, or passes.

`numbers` gives the range of numbers (`from`, `to`, expressions) and `allowed`, a
condition over `player` and `number` (e.g. a partner's call limiting the sum); `words`
names the calls that are not numbers, each with the condition under which it may be
made (`board: true`). No call needs to beat an earlier one. The calls are kept in order
for the rest of the deal: `call(p)` is a seat's call (a number; 0 for a pass; a word's
own value for a word, which expressions name: `call(p) == board`), `callers` the seats
in calling order, `call_index(p)` a seat's place in it. With `void_if_all_pass`, a deal
in which everybody passes is void: it ends at once, scores nothing and does not count.

`extras` are announcements a player may add to his call when their condition holds
(`bid 1 rainbow`); `announced(p, rainbow)` tells whether he did. A `second_round` call
phase, after the calls, offers only its `extras` (a raise, say), to the seats that may
make one: `double` or `pass`; its announcements join the calls'. With `blind`, when it holds, players call without looking at their cards: their own
hands are hidden from their views until the calls are over.

With `pass: false` nobody may pass: every seat calls a number or a word, and a number may
be 0 (a pass is otherwise the call of 0, so without this `bid 0` is never offered).
`before_looking` words (`blind_nil`) are calls made before looking at one's cards: each
seat's own hand is hidden from it from the start of the phase until its turn; then, if such a
word is allowed, it either calls it (and sees its cards only when the calls are over) or says
`look`, sees its hand and calls as usual. A seat with no such word allowed looks at once.

Actions: `pass`, `bid 3`, `board`, `look`.
"""

from __future__ import annotations

from ..core.actions import Action
from ..core.evaluation import evaluated
from . import Phase, in_the_open, subsets_in_order

PASS = 0


class Call(Phase):
    kind = "call"
    public_name = in_the_open  # calls are said aloud, blind ones too
    owns = ("unseen", "calls", "callers", "call_extras")
    records = ("calls",)

    def __init__(self, name, n, step, first, lowest, highest, allowed, words, void_if_all_pass, blind=None,
                 extras=(), second_round=False, may_pass=True, before_looking=(), greatest=0, because=None):
        super().__init__(name)
        self.because = because  # why `allowed` forbids a number, in the rules' words (or None)
        self.greatest = greatest  # the greatest number `highest` can ever be (the compiler's bound)
        self.may_pass = may_pass  # false: every seat must call, and 0 is a number
        self.before_looking = tuple(before_looking)  # [(word, value, condition)]: called without looking
        self.look_action = Action("look", None, "look")
        self.second_round = second_round  # only the `extras` may be announced, after the calls
        self.extras = tuple(extras)  # [(word, value, compiled condition)]: announced along with a call
        self.blind = blind  # compiled bool: the calls are made without looking at the cards
        self.n = n
        self.step = step
        self.first = first
        self.lowest = lowest  # compiled: number
        self.highest = highest  # compiled: number
        self.allowed = allowed  # compiled bool over `player` and `number`, or None
        # (generated: `allowed` as a filter of the numbers, `number` its loop variable, which computes
        # once what it asks alike of every number; `allowed` asked number by number is the reference)
        self.allowed_numbers = None
        self.words = words  # [(word, value, compiled condition)]
        self.void_if_all_pass = void_if_all_pass
        self.pass_action = Action("call", PASS, "pass")
        self.word_actions = {w: Action("call", v, w) for w, v, _ in (*words, *self.before_looking)}
        self._numbers: dict[int, Action] = {}
        self.bids = [self._number(k) for k in range(min(self.greatest, 1000) + 1)]  # `bid k`, made once
        self._spans: dict = {}  # (from, to) -> the numbers between, a list nobody changes

    def _number(self, k: int) -> Action:
        a = self._numbers.get(k)
        if a is None:
            a = self._numbers[k] = Action("call", k, f"bid {k}")
        return a

    def start(self, state) -> None:
        seat = self.first(state)
        turns = [(seat + i * self.step) % self.n for i in range(self.n)]
        state.call_i = 0
        if self.second_round:  # only those who may announce something are asked
            state.call_turns = []
            for p in turns:
                state.player = p
                if any(condition(state) for _, _, condition in self.extras):
                    state.call_turns.append(p)
            return
        state.calling_blind = bool(self.blind(state)) if self.blind is not None else False
        state.call_turns = turns
        state.calls = [PASS] * self.n  # (`call(p)` of a seat that has not called yet: 0, as a pass)
        state.callers = []
        state.call_extras = [()] * self.n
        if self.before_looking:  # those who may call a word unseen have not looked at their cards yet
            for p in turns:
                state.player = p
                state.unseen[p] = any(condition(state) for _, _, condition in self.before_looking)

    def _look_unless_blind(self, state) -> None:
        """The seat to call looks at its cards at once when it may call no word unseen."""
        if state.call_i < len(state.call_turns):
            p = state.player = state.call_turns[state.call_i]
            if state.unseen[p] and not any(condition(state) for _, _, condition in self.before_looking):
                state.unseen[p] = False

    def actor(self, state):
        return state.call_turns[state.call_i] if state.call_i < len(state.call_turns) else None

    def legal(self, state):
        return evaluated(state, self._legal)  # (what the conditions ask alike is computed once: expr/memo.py)

    def _legal(self, state):
        p = state.player = state.call_turns[state.call_i]
        if state.unseen[p]:  # before looking: a word called blind, or look
            return [*(self.word_actions[w] for w, _, condition in self.before_looking if condition(state)),
                    self.look_action]
        out = [self.pass_action] if self.may_pass else []
        if self.second_round:
            return out + [Action("call", (None, (v,)), w) for w, v, condition in self.extras if condition(state)]
        lo, hi = self.lowest(state), self.highest(state)
        numbers = self._spans.get((lo, hi))
        if numbers is None:  # (the numbers from `from` to `to`, as a list asked of `allowed`: made once a span)
            numbers = list(range(max(0 if not self.may_pass else 1, int(lo)), int(hi) + 1))
            if len(self._spans) < 64:
                self._spans[lo, hi] = numbers
        bids = self.bids
        if self.allowed_numbers is not None and numbers:
            state.number = numbers[-1]  # (where asking number by number leaves it)
            out += [bids[k] if k < len(bids) else self._number(k) for k in self.allowed_numbers(state, numbers)]
        else:
            for k in numbers:
                state.number = k
                if self.allowed is None or self.allowed(state):
                    out.append(bids[k] if k < len(bids) else self._number(k))
        for word, _, condition in self.words:
            state.player = p
            if condition(state):
                out.append(self.word_actions[word])
        state.player = p
        extra = [(w, v) for w, v, condition in self.extras if condition(state)] if self.extras else None
        if extra:  # each call may also carry the announcements
            words = " ".join(w for w, _ in extra)
            values = tuple(v for _, v in extra)
            out += [Action("call", (a.arg, values), f"{a.name} {words}") for a in out]
        return out

    def vocabulary(self, game):
        """`pass`, `bid 1` up to the greatest number a call can name (the compiler bounds `numbers.to`),
        the words; then each of those with every set of `extras` that may go with it."""
        if self.second_round:
            return [self.pass_action.name, *(w for w, _, _ in self.extras)]
        base = [*([self.pass_action.name] if self.may_pass else []),
                *(f"bid {k}" for k in range(0 if not self.may_pass else 1, self.greatest + 1)),
                *(w for w, _, _ in self.words)]
        extras = [w for w, _, _ in self.extras]
        sets = [" ".join(s) for s in subsets_in_order(extras) if s]
        blind = [w for w, _, _ in self.before_looking]
        return base + [f"{b} {words}" for words in sets for b in base] + blind + (["look"] if blind else [])

    def parse(self, state, text):
        found = super().parse(state, text)
        if found is not None:
            return found
        words = text.split()
        if len(words) == 2 and words[0].lower() == "bid" and words[1].isdigit():
            return self._number(int(words[1]))
        if len(words) == 1 and words[0].lower() in self.word_actions:
            return self.word_actions[words[0].lower()]
        if text.strip().lower() in ("look", "pass"):  # (said when it is not allowed: refused with the reason)
            return self.look_action if text.strip().lower() == "look" else self.pass_action
        return None

    def refuse(self, state, action):
        p = state.call_turns[state.call_i]
        if state.unseen[p]:
            words = ", ".join(a.name for a in self.legal(state))
            return f"{state.seat_name(p)} has not looked at his cards yet: he may {words}", "before_looking"
        if action is self.look_action:
            return f"{state.seat_name(p)} has looked at his cards already", "before_looking"
        if action is self.pass_action and not self.may_pass:
            return f"{state.seat_name(p)} may not pass: everybody must call", "pass"
        if action.name.startswith("bid "):
            why = f": {self.because}" if self.because else " (`allowed` forbids it)"
            return f"{state.seat_name(p)} may not bid {action.arg} now{why}", "allowed"
        return f"{state.seat_name(p)} may not call {action.name} now", "words"

    def apply(self, state, action) -> None:
        p = state.call_turns[state.call_i]
        if action is self.look_action:  # the seat picks up its cards, and calls next
            state.unseen[p] = False
            return p
        state.deal.calls.append((p, action.name))
        state.call_i += 1
        value = action.arg
        if self.second_round:  # a raise (or a pass) after the calls
            if isinstance(value, tuple):
                state.call_extras[p] = state.call_extras[p] + value[1]
            return
        if isinstance(value, tuple):  # a call with announcements
            value, state.call_extras[p] = value
        state.calls[p] = value
        state.callers.append(p)
        if state.call_i < len(state.call_turns) and self.before_looking:
            self._look_unless_blind(state)
        if state.call_i == len(state.call_turns):
            state.calling_blind = False  # the cards may be looked at now
            state.unseen = [False] * self.n
            state.deal.seat_calls = tuple(state.calls)
            if self.void_if_all_pass and self.may_pass and all(c == PASS for c in state.calls):
                state.void = True

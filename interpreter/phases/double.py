"""Doubling: one turn per seat from `first`, each naming a subset of the seats it may double.

`may_double` is an expression over `player` (the seat doubling) and `target`; it is
evaluated for every other seat, and the legal actions are every subset of the allowed
targets (`pass` is the empty one) that includes every target `must_double` names. A
seat that may double nobody has no choice to make, so it is not asked (it passes). With `redouble: all_or_none`, a seat whose allowed
targets are all seats that doubled him chooses all of them or nothing.
"""

from __future__ import annotations

from ..core.actions import Action
from ..core.draw import random_bits
from ..core.errors import GameError, GameFault
from . import Phase, chosen, in_the_open, subsets_in_order


class Double(Phase):
    kind = "double"
    public_name = in_the_open  # doubles are said aloud
    owns = ("doubles",)
    records = ("doubles",)

    def __init__(self, name, n, seat_names, first, may_double, all_or_none=None, must_double=None):
        super().__init__(name)
        self.n = n
        self.first = first
        self.may_double = may_double
        self.all_or_none = all_or_none  # compiled bool over `player`, or None
        self.must_double = must_double  # compiled bool over `player`, `target`: a double he must make
        self._cache: dict[tuple, Action] = {}
        self._subsets: dict[tuple, list[Action]] = {}  # allowed targets -> legal actions
        self._plain: dict[tuple, list[Action]] = {}  # the same, for targets nobody must double
        self._turns: dict[int, tuple] = {}  # the first seat -> the seats in turn
        self._others = tuple(tuple(t for t in range(n) if t != p) for p in range(n))  # whom each may double
        self.seat_names = seat_names
        self.pass_action = self._action(())

    def _action(self, targets: tuple) -> Action:
        a = self._cache.get(targets)
        if a is None:
            name = "pass" if not targets else "double " + " ".join(self.seat_names[t] for t in targets)
            a = self._cache[targets] = Action("double", targets, name)
        return a

    def start(self, state) -> None:
        first = self.first(state)
        turns = self._turns.get(first)
        if turns is None:  # one turn each, from `first` in the game's direction
            seat, turns = first, []
            for _ in range(state.n):
                turns.append(seat)
                seat = state.next_seat(seat)
            turns = self._turns[first] = tuple(turns)
        state.turns = turns
        state.turn_i = 0

    def actor(self, state):
        # a seat that may double nobody (a declarer nobody doubled) has no choice to make: skip it
        while state.turn_i < len(state.turns):
            p = state.turns[state.turn_i]
            allowed = state.double_allowed = self.allowed(state, p)  # kept for legal()
            if allowed:
                return p
            state.deal.doubles.append((p, ()))
            state.turn_i += 1
        return None

    def allowed(self, state, p) -> list[int]:
        """The seats `p` may double now."""
        state.player = p
        may_double = self.may_double
        out = []
        for t in self._others[p]:
            state.target = t
            if may_double(state):
                out.append(t)
        return out

    def legal(self, state):
        return list(self._choices(state, state.turns[state.turn_i], state.double_allowed))

    def _choices(self, state, p, allowed) -> list[Action]:
        """The doubles `p` may choose among, given the seats he may double: a list kept per case
        (legal() hands out a copy; the playout hands out this one)."""
        state.player = p
        targets = tuple(allowed)
        if self.all_or_none is not None and targets and self.all_or_none(state):
            key = (targets, None)  # all of them or nobody
        else:
            key = (targets, self.required(state, p, allowed) if self.must_double is not None else ())
        legal = self._subsets.get(key)
        if legal is None:
            required = key[1]
            legal = self._subsets[key] = ([self.pass_action, self._action(targets)] if required is None else
                                          [self._action(s) for s in subsets_in_order(targets)
                                           if all(t in s for t in required)])
            if required == ():
                self._plain[targets] = legal
        return legal

    def required(self, state, p, allowed) -> tuple:
        """The seats `p` must include in his double (`must_double`)."""
        if self.must_double is None:
            return ()
        state.player = p
        out = []
        for t in allowed:
            state.target = t
            if self.must_double(state):
                out.append(t)
        return tuple(out)

    def actions(self, state):
        others = [t for t in range(self.n) if t != state.turns[state.turn_i]]
        return [self._action(s) for s in subsets_in_order(others)]

    def vocabulary(self, game):
        """`pass`, then every set of seats but one (each seat doubles among the others): at most 31
        names for five seats, so the whole choice stays one action."""
        return [self._action(s).name for s in subsets_in_order(range(self.n)) if len(s) < self.n]

    def apply(self, state, action) -> None:
        p = state.turns[state.turn_i]
        row = state.doubles[p]
        for t in action.arg:
            row[t] = 1
        state.deal.doubles.append((p, action.arg))
        state.turn_i += 1

    def playout(self, state, choose) -> None:
        """Play the doubling to its end, each seat's choice `choose(legal)`: the same moves and
        records as `state.apply(choose(state.legal_actions()))` turn by turn (tests/compile/test_emit.py),
        without the checks a choice from outside needs; the list handed to `choose` is the
        phase's kept one, not a copy. (`actor`, `allowed` and `apply`, written out in one loop.)"""
        deal = state.deal
        actions, said = deal.actions, deal.doubles
        doubles, turns, others, may_double = state.doubles, state.turns, self._others, self.may_double
        plain = self._plain if self.all_or_none is None and self.must_double is None else None
        last = len(turns)
        i = state.turn_i
        p = state.current  # (the seat the engine found, its allowed targets kept by actor())
        allowed = state.double_allowed
        state._legal = None
        bits = random_bits(choose)
        while True:
            legal = plain.get(tuple(allowed)) if plain is not None else None
            if legal is None:
                legal = self._choices(state, p, allowed)
            action = chosen(state, choose, legal, actions, p, bits)
            if action is None:
                return
            try:
                row = doubles[p]
                for t in action.arg:
                    row[t] = 1
                said.append((p, action.arg))
                i += 1
                state.turn_i = i
                while i < last:  # the next seat that may double somebody
                    p = turns[i]
                    state.player = p
                    allowed = state.double_allowed = []  # (kept for legal(), as actor() keeps it)
                    for t in others[p]:
                        state.target = t
                        if may_double(state):
                            allowed.append(t)
                    if allowed:
                        break
                    said.append((p, ()))
                    i += 1
                    state.turn_i = i
                else:
                    return
            except (GameError, GameFault):
                raise
            except Exception as e:  # placed at the double, as apply() places it
                raise state._fault(e, action) from e
            state.current = p

    def refuse(self, state, action):
        p = state.turns[state.turn_i]
        allowed = set(self.allowed(state, p))
        bad = [t for t in action.arg if t not in allowed]
        if bad:
            who = " ".join(self.seat_names[t] for t in bad)
            return (f"{self.seat_names[p]} may not double {who} (`may_double` forbids it)", "may_double")
        missing = [t for t in self.required(state, p, sorted(allowed)) if t not in action.arg]
        if missing:
            who = " ".join(self.seat_names[t] for t in missing)
            return (f"{self.seat_names[p]} must double {who} now (`must_double`)", "must_double")
        return (f"{self.seat_names[p]} must double all of the allowed players or nobody", "redouble")

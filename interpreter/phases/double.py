"""Doubling: one turn per seat from `first`, each naming a subset of the seats it may double.

`may_double` is an expression over `player` (the seat doubling) and `target`; it is
evaluated for every other seat, and the legal actions are every subset of the allowed
targets (`pass` is the empty one) that includes every target `must_double` names. A
seat that may double nobody has no choice to make, so it is not asked (it passes). With `redouble: all_or_none`, a seat whose allowed
targets are all seats that doubled him chooses all of them or nothing.
"""

from __future__ import annotations

from ..actions import Action
from . import Phase, in_the_open, subsets_in_order


class Double(Phase):
    kind = "double"
    public_name = in_the_open  # doubles are said aloud

    def __init__(self, name, n, seat_names, first, may_double, all_or_none=None, must_double=None):
        super().__init__(name)
        self.n = n
        self.first = first
        self.may_double = may_double
        self.all_or_none = all_or_none  # compiled bool over `player`, or None
        self.must_double = must_double  # compiled bool over `player`, `target`: a double he must make
        self._cache: dict[tuple, Action] = {}
        self._subsets: dict[tuple, list[Action]] = {}  # allowed targets -> legal actions
        self.seat_names = seat_names
        self.pass_action = self._action(())

    def _action(self, targets: tuple) -> Action:
        a = self._cache.get(targets)
        if a is None:
            name = "pass" if not targets else "double " + " ".join(self.seat_names[t] for t in targets)
            a = self._cache[targets] = Action("double", targets, name)
        return a

    def start(self, st) -> None:
        seat = self.first(st)
        turns = []
        for _ in range(st.n):
            turns.append(seat)
            seat = st.next_seat(seat)
        st.turns = turns
        st.turn_i = 0

    def actor(self, st):
        # a seat that may double nobody (a declarer nobody doubled) has no choice to make: skip it
        while st.turn_i < len(st.turns):
            p = st.turns[st.turn_i]
            allowed = st.double_allowed = self.allowed(st, p)  # kept for legal()
            if allowed:
                return p
            st.deal.doubles.append((p, ()))
            st.turn_i += 1
        return None

    def allowed(self, st, p) -> list[int]:
        """The seats `p` may double now."""
        st.player = p
        out = []
        for t in range(self.n):
            if t != p:
                st.target = t
                if self.may_double(st):
                    out.append(t)
        return out

    def legal(self, st):
        p = st.turns[st.turn_i]
        allowed = st.double_allowed
        st.player = p
        if self.all_or_none is not None and allowed and self.all_or_none(st):
            return [self.pass_action, self._action(tuple(allowed))]
        required = self.required(st, p, allowed)
        key = (tuple(allowed), required)
        legal = self._subsets.get(key)
        if legal is None:
            legal = self._subsets[key] = [self._action(s) for s in subsets_in_order(allowed)
                                          if all(t in s for t in required)]
        return list(legal)

    def required(self, st, p, allowed) -> tuple:
        """The seats `p` must include in his double (`must_double`)."""
        if self.must_double is None:
            return ()
        st.player = p
        out = []
        for t in allowed:
            st.target = t
            if self.must_double(st):
                out.append(t)
        return tuple(out)

    def actions(self, st):
        others = [t for t in range(self.n) if t != st.turns[st.turn_i]]
        return [self._action(s) for s in subsets_in_order(others)]

    def vocabulary(self, game):
        """`pass`, then every set of seats but one (each seat doubles among the others): at most 31
        names for five seats, so the whole choice stays one action."""
        return [self._action(s).name for s in subsets_in_order(range(self.n)) if len(s) < self.n]

    def apply(self, st, action) -> None:
        p = st.turns[st.turn_i]
        row = st.doubles[p]
        for t in action.arg:
            row[t] = 1
        st.deal.doubles.append((p, action.arg))
        st.turn_i += 1

    def refuse(self, st, action):
        p = st.turns[st.turn_i]
        allowed = set(self.allowed(st, p))
        bad = [t for t in action.arg if t not in allowed]
        if bad:
            who = " ".join(self.seat_names[t] for t in bad)
            return (f"{self.seat_names[p]} may not double {who} (`may_double` forbids it)", "may_double")
        missing = [t for t in self.required(st, p, sorted(allowed)) if t not in action.arg]
        if missing:
            who = " ".join(self.seat_names[t] for t in missing)
            return (f"{self.seat_names[p]} must double {who} now (`must_double`)", "must_double")
        return (f"{self.seat_names[p]} must double all of the allowed players or nobody", "redouble")

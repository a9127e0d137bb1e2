"""Choosing the contract, and the announcements that go with it (trump suit, start rank)."""

from __future__ import annotations

from ..actions import Action
from . import Phase, in_the_open


class ChooseContract(Phase):
    """A seat (`by`) names one of the contracts whose `when` holds (with `once_each`, one he has not named yet);
    or, with a `schedule`, deal k plays the k-th contract of the list (cycling) and nobody chooses."""

    kind = "choose_contract"
    public_name = in_the_open  # the contract is named aloud

    def __init__(self, name, by, once_each, contracts, schedule=None):
        super().__init__(name)
        self.by = by
        self.once_each = once_each
        self.schedule = tuple(schedule) if schedule else None  # contracts in a fixed order, nobody chooses
        self.contracts = contracts  # key -> compiled Contract, in spec order
        self._actions = [Action("contract", k, f"contract {k}") for k in contracts]
        self.every_action = tuple(self._actions)

    def start(self, st) -> None:
        st.chooser = self.by(st)
        st.contract_key = None
        if self.schedule:
            key = self.schedule[(st.deal_number - 1) % len(self.schedule)]
            self.apply(st, self._actions[list(self.contracts).index(key)])

    def actor(self, st):
        return st.chooser if st.contract_key is None else None

    def legal(self, st):
        done = st.chosen[st.chooser] if self.once_each else ()
        st.player = st.chooser
        return [a for a in self._actions if a.arg not in done and self._offered(st, a.arg)]

    def _offered(self, st, key) -> bool:
        when = self.contracts[key].when
        return when is None or bool(when(st))

    def apply(self, st, action) -> None:
        key = action.arg
        st.contract_key = key
        st.contract = self.contracts[key]
        st.chosen[st.chooser].add(key)
        st.deal.contract = key

    def refuse(self, st, action):
        if action.arg in st.chosen[st.chooser]:
            who = st.seat_name(st.chooser)
            return (f"{who} has already named `{action.arg}` in this game (each contract once)", "once_each")
        if action.arg in self.contracts and not self._offered(st, action.arg):
            return f"`{action.name}` may not be chosen now (its `when` does not hold)", "when"
        return super().refuse(st, action)


class Announce(Phase):
    """The contract's announcements, in order: each a choice of suit, rank or listed value."""

    kind = "announce"
    public_name = in_the_open  # announcements are said aloud

    def __init__(self, name, by, announcements):
        super().__init__(name)
        self.by = by
        self.announcements = announcements  # contract key -> [(var name, [Action...])]

    def start(self, st) -> None:
        st.announcer = self.by(st)
        st.announce_i = 0

    def vocabulary(self, game):
        return [a.name for todo in self.announcements.values() for _, actions in todo for a in actions]

    def _todo(self, st):
        todo = self.announcements.get(st.contract_key, ())
        return todo[st.announce_i] if st.announce_i < len(todo) else None

    def actor(self, st):
        return st.announcer if self._todo(st) is not None else None

    def legal(self, st):
        return list(self._todo(st)[1])

    def apply(self, st, action) -> None:
        name = self._todo(st)[0]
        st.vars[name] = action.arg
        if name == "trump":
            st.set_trump(action.arg)
        st.deal.announced[name] = action.arg
        st.announce_i += 1

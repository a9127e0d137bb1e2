"""Choosing the contract, the announcements that go with it (trump suit, start rank), and playing it."""

from __future__ import annotations

from ..core.actions import Action
from ..core.errors import GameError, GameFault
from . import Phase, chosen, in_the_open


class ChooseContract(Phase):
    """A seat (`by`) names one of the contracts whose `when` holds (with `once_each`, one he has not named yet);
    or, with a `schedule`, deal k plays the k-th contract of the list (cycling) and nobody chooses."""

    kind = "choose_contract"
    public_name = in_the_open  # the contract is named aloud

    def __init__(self, name, by, once_each, contracts, schedule=None):
        super().__init__(name)
        self.by = by
        self.once_each = once_each
        self.contracts = contracts  # key -> compiled Contract, in spec order
        self._actions = [Action("contract", k, f"contract {k}") for k in contracts]
        self.every_action = tuple(self._actions)
        self._offers = tuple((a, contracts[a.arg].when) for a in self._actions)  # each and its `when`
        self._always = all(when is None for _, when in self._offers)  # every contract may be named
        named = dict(zip(contracts, self._actions))
        # a schedule: deal k plays its k-th contract (cycling), and nobody chooses
        self._scheduled = tuple(named[k] for k in schedule) if schedule else None

    def start(self, state) -> None:
        state.chooser = self.by(state)
        state.contract_key = None
        scheduled = self._scheduled
        if scheduled:
            self.apply(state, scheduled[(state.deal_number - 1) % len(scheduled)])

    def actor(self, state):
        return state.chooser if state.contract_key is None else None

    def legal(self, state):
        if self._always:
            if not self.once_each:
                return self._actions[:]
            done = state.chosen[state.chooser]
            return [a for a in self._actions if a.arg not in done]
        done = state.chosen[state.chooser] if self.once_each else ()
        state.player = state.chooser
        return [a for a, when in self._offers if a.arg not in done and (when is None or when(state))]

    def _offered(self, state, key) -> bool:
        when = self.contracts[key].when
        return when is None or bool(when(state))

    def apply(self, state, action) -> None:
        key = action.arg
        state.contract_key = key
        state.contract = self.contracts[key]
        state.chosen[state.chooser].add(key)
        state.deal.contract = key

    def refuse(self, state, action):
        if self.once_each and action.arg in state.chosen[state.chooser]:
            who = state.seat_name(state.chooser)
            return (f"{who} has already named `{action.arg}` in this game (each contract once)", "once_each")
        if action.arg in self.contracts and not self._offered(state, action.arg):
            return f"`{action.name}` may not be chosen now (its `when` does not hold)", "when"
        return super().refuse(state, action)


class Announce(Phase):
    """The contract's announcements, in order: each a choice of suit, rank or listed value."""

    kind = "announce"
    public_name = in_the_open  # announcements are said aloud

    def __init__(self, name, by, announcements):
        super().__init__(name)
        self.by = by
        self.announcements = announcements  # contract key -> [(var name, [Action...])]

    def start(self, state) -> None:
        state.announce_i = 0
        # who announces: read only for a contract that has announcements (nobody is asked otherwise)
        state.announcer = self.by(state) if self.announcements.get(state.contract_key) else None

    def vocabulary(self, game):
        # (an announcement two contracts make is one action, named once)
        return list(dict.fromkeys(a.name for todo in self.announcements.values() for _, actions in todo for a in actions))

    def _todo(self, state):
        todo = self.announcements.get(state.contract_key, ())
        return todo[state.announce_i] if state.announce_i < len(todo) else None

    def actor(self, state):
        return state.announcer if self._todo(state) is not None else None

    def legal(self, state):
        return list(self._todo(state)[1])

    def apply(self, state, action) -> None:
        name = self._todo(state)[0]
        state.vars[name] = action.arg
        if name == "trump":
            state.set_trump(action.arg)
        state.deal.announced[name] = action.arg
        state.announce_i += 1

    def playout(self, state, choose) -> None:
        """Make the announcements to their end, each `choose(legal)`: the same moves and records as
        `state.apply(choose(state.legal_actions()))` one by one, the list handed to `choose` the
        phase's own (tests/compile/test_emit.py)."""
        actions = state.deal.actions
        p = state.announcer
        state._legal = None
        while True:
            legal = self._todo(state)[1]
            action = chosen(state, choose, legal, actions, p)
            if action is None:
                return
            try:
                self.apply(state, action)
                if self._todo(state) is None:
                    return
            except (GameError, GameFault):
                raise
            except Exception as e:  # placed at the announcement, as apply() places it
                raise state._fault(e, action) from e


class ContractPlay(Phase):
    """The `play` phase: hands over to the chosen contract's trick or layout play."""

    kind = "play"

    def __init__(self, name, programs):
        super().__init__(name)
        self.programs = programs  # contract key -> Tricks | Layout (which sets a `play.trump` as it starts)

    def start(self, state) -> None:
        program = self.programs[state.contract_key]
        state.phase = program
        program.start(state)

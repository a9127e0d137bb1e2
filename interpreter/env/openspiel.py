"""Any spec as an OpenSpiel game: `pyspiel.load_game("python_cardspec", {"spec": NAME_OR_PATH})`.

Importing this module registers the game `python_cardspec`. Its parameters:

* `spec` (needed): a spec file, or a shipped spec's name (`family/name`, or `name` alone);
* `options`: the spec's options, `name=value` pairs separated by spaces;
* `max_deals`: end the game after this many deals (0: play the whole game);
* `seeds`: how many chance outcomes the deal has (see below).

Chance: the engine deals from the random generator its state owns, so the game's chance
is one node at the start that chooses that generator's seed, uniformly among `seeds`
values (0 to seeds - 1). Every later deal (and a random first dealer) follows from it,
exactly as a `cardspec play --seed S` game does; chance outcome S is the game of seed S.

Players are the seats in spec order; action ids are those of `encoding.ActionSpace`. The
information state and the observation are both the seat's view: as a string, its JSON;
as a tensor, `encoding.Observer`'s vector. The view holds the deal's public history, the
seat's own cards and discards, and the scores of past deals (it does not recall the cards
of past deals). Returns are the game's result at its end (its totals when `max_deals` cut
it short), 0 before: rewards are terminal.

`resample_from_infostate` deals again what the seat cannot see (`State.sampled_for`), which
is what OpenSpiel's IS-MCTS needs.
"""

from __future__ import annotations

import json
import random

import numpy as np
import pyspiel

from .encoding import SCORE_BOUND, ActionSpace, Observer, Table, load

SHORT_NAME = "python_cardspec"
DEFAULTS = {"spec": "", "options": "", "max_deals": 0, "seeds": 1000}
MAX_PLAYERS = 10

GAME_TYPE = pyspiel.GameType(
    short_name=SHORT_NAME,
    long_name="cardspec: a card game described by a spec",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=MAX_PLAYERS,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=DEFAULTS,
    default_loadable=False,  # there is no default spec
)


def parse_options(text: str) -> dict[str, str]:
    """`name=value name=value` -> {name: value}."""
    out = {}
    for word in text.split():
        name, eq, value = word.partition("=")
        if not eq or not name:
            raise ValueError(f"options are `name=value` separated by spaces; `{word}` is not")
        out[name] = value
    return out


class Setup:
    """What states need of their game, as a plain object: a state keeps it, since the game object
    it is given may later stand for the C++ game alone, without its Python attributes."""

    def __init__(self, spec, space, observer, max_deals, seeds):
        self.spec, self.space, self.observer, self.max_deals, self.seeds = spec, space, observer, max_deals, seeds

    def __deepcopy__(self, memo):
        return self  # immutable: every state of a game shares it


class CardspecGame(pyspiel.Game):
    """A spec as a pyspiel game."""

    def __init__(self, params=None):
        params = {**DEFAULTS, **(params or {})}
        if not params["spec"]:
            raise ValueError(f"{SHORT_NAME} needs a `spec` parameter: a spec file or a shipped spec's name")
        spec = load(params["spec"], parse_options(params["options"]))
        space = ActionSpace(spec)
        max_deals, seeds = int(params["max_deals"]), int(params["seeds"])
        if seeds < 1 or max_deals < 0:
            raise ValueError("seeds must be at least 1 and max_deals at least 0")
        per_deal = 3 * len(spec.pack) + 50 * spec.n  # a generous bound on the decisions of a deal
        info = pyspiel.GameInfo(
            num_distinct_actions=len(space), max_chance_outcomes=seeds, num_players=spec.n,
            min_utility=-SCORE_BOUND, max_utility=SCORE_BOUND, max_game_length=1 + per_deal * (max_deals or 1000))
        super().__init__(GAME_TYPE, info, params)
        self.setup = Setup(spec, space, Observer(spec, space), max_deals, seeds)

    def new_initial_state(self):
        return CardspecState(self)

    def make_py_observer(self, iig_obs_type=None, params=None):
        if params:
            raise ValueError(f"observation parameters are not supported; got {params}")
        return ViewObserver(self.setup)


class CardspecState(pyspiel.State):
    """A game in progress: before the chance node, no table; then a `Table` over the engine's State."""

    def __init__(self, game, table=None, setup=None):
        super().__init__(game)
        self.cardspec = setup or game.setup
        self.table = table
        self.rng = random.Random(0)  # for resampling what a seat cannot see

    def current_player(self):
        if self.table is None:
            return pyspiel.PlayerId.CHANCE
        if self._over():
            return pyspiel.PlayerId.TERMINAL
        return self.table.current_player

    def _over(self) -> bool:
        st = self.table.state
        if st.is_terminal:
            return True
        cap = self.cardspec.max_deals
        return bool(cap) and sum(d.scores is not None for d in st.deals) >= cap

    def is_terminal(self):
        return self.table is not None and self._over()

    def _legal_actions(self, player):
        return self.table.legal_ids()

    def chance_outcomes(self):
        p = 1.0 / self.cardspec.seeds
        return [(s, p) for s in range(self.cardspec.seeds)]

    def _apply_action(self, action):
        if self.table is None:
            self.table = Table(self.cardspec.space, self.cardspec.spec.new_state(int(action)))
        else:
            self.table.apply_id(action)

    def _action_to_string(self, player, action):
        if player == pyspiel.PlayerId.CHANCE:
            return f"seed {action}"
        return self.cardspec.space.name_of(action)

    def returns(self):
        if not self.is_terminal():
            return [0.0] * self.cardspec.spec.n
        return [float(r) for r in self.table.state.returns]

    def resample_from_infostate(self, player_id, probability_sampler=None):
        """A state the seat cannot tell from this one: what it cannot see is dealt again at random."""
        table = self.table
        world = Table(table.space, table.state.sampled_for(player_id, self.rng), table.picked)
        return CardspecState(self.get_game(), world, self.cardspec)

    def __str__(self):
        if self.table is None:
            return "(the seed of the deals is not chosen yet)"
        st = self.table.state
        return "; ".join(f"{st.seat_name(p)} {a.name}" for p, a in st.history) or "(no action yet)"


class ViewObserver:
    """OpenSpiel's observer (PyObserver) over a seat's view: `tensor` and `string_from`."""

    def __init__(self, game: Setup):
        self.game = game
        self.tensor = np.zeros(game.observer.size, np.float32)
        self.dict = {name: self.tensor[a:b] for name, (a, b) in game.observer.offsets.items()}

    def _view(self, state, player):
        table = state.table
        if table is None:
            return None, ()
        picked = table.picked_ids() if player == table.current_player else ()
        return table.state.view(player), picked

    def set_from(self, state, player):
        view, picked = self._view(state, player)
        if view is None:
            self.tensor.fill(0)
        else:
            self.tensor[:] = self.game.observer.encode(view, picked)

    def string_from(self, state, player):
        view, picked = self._view(state, player)
        if view is None:
            return "(before the deal)"
        return json.dumps({"view": view, "picked": [self.game.space.names[i] for i in picked]}, sort_keys=True)


pyspiel.register_game(GAME_TYPE, CardspecGame)

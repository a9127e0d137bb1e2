"""Any spec as an OpenSpiel game: `pyspiel.load_game("python_cardspec", {"spec": NAME_OR_PATH})`.

Importing this module registers the game `python_cardspec`. Its parameters:

* `spec` (needed): a spec file, or a shipped spec's name (`family/name`, or `name` alone);
* `options`: the spec's options, `name=value` pairs separated by spaces;
* `max_deals`: end the game after this many deals (0: play the whole game, as far as its
  spec bounds it).

Chance is the deal itself: before each deal, chance nodes choose the order of the pack card by
card (the first card among all, the next among the rest, each uniformly), and the deal is dealt
from that order as the engine deals from a shuffle; a first dealer the spec draws at random is
a chance node too. So every deal OpenSpiel can reach is a chance outcome, and its algorithms
(exploitability, CFR) see the game's real chance. (A cut of the pack is still drawn from the
engine's own seed.)

Players are the seats in spec order; action ids are those of `encoding.ActionSpace`. The
information state and the observation are both the seat's view: as a string, its JSON;
as a tensor, `encoding.Observer`'s vector. The view holds the deal's public history, the
seat's own cards and discards, and the scores of past deals (it does not recall the cards
of past deals). Returns are the game's result at its end (its totals when `max_deals` cut
it short), 0 before: rewards are terminal. The game is zero-sum where the spec says every
deal sums to 0, or where it declares the game totals' sum (constant-sum) and is played whole.

`resample_from_infostate` deals again what the seat cannot see (`State.sampled_for`), which
is what OpenSpiel's IS-MCTS needs.
"""

from __future__ import annotations

import json
import random
from collections import Counter

import numpy as np
import pyspiel

from .encoding import SCORE_BOUND, ActionSpace, Observer, Table, load
from .incremental import Encoder

SHORT_NAME = "python_cardspec"
DEFAULTS = {"spec": "", "options": "", "max_deals": 0}
DEAL_BOUND = 1000  # the deals of a game whose spec bounds none (it ends by `ends_when`), for max_game_length
MAX_PLAYERS = 10

def game_type(utility=pyspiel.GameType.Utility.GENERAL_SUM) -> pyspiel.GameType:
    return pyspiel.GameType(
        short_name=SHORT_NAME,
        long_name="cardspec: a card game described by a spec",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=utility,
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


GAME_TYPE = game_type()


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

    def __init__(self, spec, space, observer, max_deals):
        self.spec, self.space, self.observer, self.max_deals = spec, space, observer, max_deals
        self.cards = spec.pack.size  # the deal's chance nodes: one a card of the pack, every copy counted
        self.kinds, self.copies = len(spec.pack), spec.pack.copies
        self.draws_dealer = bool(getattr(spec.first_dealer, "drawn", False))

    def __deepcopy__(self, memo):
        return self  # immutable: every state of a game shares it


def utility_of(spec, max_deals: int):
    """(OpenSpiel's utility kind, the sum of the returns) of a spec: zero-sum where every deal sums to 0,
    constant-sum where the game totals' sum is declared and the game is played whole."""
    utility = pyspiel.GameType.Utility
    if spec.zero_sum_deals and spec.game_total_value in (None, 0):
        return utility.ZERO_SUM, 0.0
    if not max_deals and isinstance(spec.game_total_value, (int, float)):
        total = float(spec.game_total_value)
        return (utility.ZERO_SUM, 0.0) if total == 0 else (utility.CONSTANT_SUM, total)
    return utility.GENERAL_SUM, None


def deal_bound(spec, max_deals: int) -> int:
    """The most deals a game can last: `max_deals`, else the spec's number of deals, else DEAL_BOUND."""
    if max_deals:
        return max_deals
    try:
        deals = spec.deals(spec.new_state(0))
    except Exception:  # (a number of deals that depends on the game: the bound below)
        deals = float("inf")
    return int(deals) if deals != float("inf") and deals >= 1 else DEAL_BOUND


class CardspecGame(pyspiel.Game):
    """A spec as a pyspiel game."""

    def __init__(self, params=None):
        params = {**DEFAULTS, **(params or {})}
        if not params["spec"]:
            raise ValueError(f"{SHORT_NAME} needs a `spec` parameter: a spec file or a shipped spec's name")
        spec = load(params["spec"], parse_options(params["options"]))
        space = ActionSpace(spec)
        max_deals = int(params["max_deals"])
        if max_deals < 0:
            raise ValueError("max_deals must be at least 0")
        per_deal = spec.pack.size + 3 * spec.pack.size + 50 * spec.n  # the deal's chance nodes, then its decisions
        utility, total = utility_of(spec, max_deals)
        info = pyspiel.GameInfo(
            num_distinct_actions=len(space), max_chance_outcomes=max(len(spec.pack), spec.n),
            num_players=spec.n, min_utility=-SCORE_BOUND, max_utility=SCORE_BOUND,
            max_game_length=1 + per_deal * deal_bound(spec, max_deals), **({} if total is None else
                                                                            {"utility_sum": total}))
        super().__init__(game_type(utility), info, params)
        self.setup = Setup(spec, space, Observer(spec, space), max_deals)

    def new_initial_state(self):
        return CardspecState(self)

    def make_py_observer(self, iig_obs_type=None, params=None):
        if params:
            raise ValueError(f"observation parameters are not supported; got {params}")
        return ViewObserver(self.setup)


class CardspecState(pyspiel.State):
    """A game in progress: chance nodes choose the first dealer (when the spec draws one) and the order of
    the pack before each deal; the engine's State, in a `Table`, plays the rest."""

    def __init__(self, game, table=None, setup=None):
        super().__init__(game)
        self.cardspec = setup or game.setup
        self.table = table
        self.dealer = None  # the first dealer chance chose
        self.deck: list[int] | None = [] if table is None else None  # the order of the pack chosen so far
        self.waiting = None  # the action that ends a deal, applied once the next deal's pack is in order
        self.rng = random.Random(0)  # for resampling what a seat cannot see

    def _dealing(self) -> bool:
        return self.deck is not None

    def current_player(self):
        if self._dealing():
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
        return not self._dealing() and self._over()

    def _legal_actions(self, player):
        return self.table.legal_ids()

    def _drawing_dealer(self) -> bool:
        return self.table is None and self.cardspec.draws_dealer and self.dealer is None

    def chance_outcomes(self):
        if self._drawing_dealer():
            n = self.cardspec.spec.n
            return [(p, 1.0 / n) for p in range(n)]
        setup = self.cardspec
        if setup.copies == 1:
            left = sorted(set(range(setup.kinds)) - set(self.deck))
            return [(c, 1.0 / len(left)) for c in left]
        dealt = Counter(self.deck)  # a card with copies left is drawn as likely as the copies it has left
        rest = setup.cards - len(self.deck)
        return [(c, (setup.copies - dealt[c]) / rest) for c in range(setup.kinds) if dealt[c] < setup.copies]

    def _apply_action(self, action):
        action = int(action)
        if self._dealing():
            if self._drawing_dealer():
                self.dealer = action
                return
            self.deck.append(action)
            if len(self.deck) < self.cardspec.cards:
                return
            deck, self.deck = self.deck, None
            if self.table is None:  # the first deal
                state = self.cardspec.spec.new_state(0, first_dealer=self.dealer, decks={1: deck})
                self.table = Table(self.cardspec.space, state)
            else:  # the deal the waiting action leads to
                st = self.table.state
                st.given_decks[st.deal_number + 1] = deck
                waiting, self.waiting = self.waiting, None
                self.table.apply_id(waiting)
            return
        probe = self.table.clone()
        probe.apply_id(action)
        if not probe.state.is_terminal and probe.state.deal_number != self.table.state.deal_number \
                and not self._cut(probe):
            self.waiting, self.deck = action, []  # the next deal begins: chance orders its pack first
            return
        self.table.apply_id(action)

    def _cut(self, probe) -> bool:
        """Whether `max_deals` ends the game with the deal this action ends (no next deal to deal)."""
        cap = self.cardspec.max_deals
        return bool(cap) and sum(d.scores is not None for d in probe.state.deals) >= cap

    def _action_to_string(self, player, action):
        if player == pyspiel.PlayerId.CHANCE:
            if self._drawing_dealer():
                return f"first dealer {self.cardspec.spec.seat_names[int(action)]}"
            return f"deal {self.cardspec.spec.pack.names[int(action)]}"
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
            chosen = " ".join(self.cardspec.spec.pack.names[c] for c in self.deck)
            return f"(dealing: the pack so far {chosen})" if chosen else "(before the deal)"
        st = self.table.state
        names, sn = st.game.pack.names, st.game.seat_names
        lines = [f"deal {st.deal_number}, dealer {sn[st.dealer]}" + (
            f", declarer {sn[st.declarer]}" if st.declarer is not None else "") + (
            f", contract {st.contract_key}" if st.contract_key else "")]
        lines += [f"{sn[p]}: {' '.join(names[c] for c in hand)}" for p, hand in enumerate(st.hands)]
        if st.trick_cards:
            lines.append("trick: " + " ".join(names[c] for c in st.trick_cards))
        lines.append("actions: " + ("; ".join(f"{sn[p]} {a.name}" for p, a in st.deal.actions) or "none yet"))
        if st.deals[:-1]:
            lines.append("totals: " + " ".join(f"{sn[p]} {t}" for p, t in enumerate(st.totals)))
        if self._dealing():
            lines.append("(dealing the next deal)")
        return "\n".join(lines)


class ViewObserver:
    """OpenSpiel's observer (PyObserver) over a seat's view: `tensor` and `string_from`. The tensor is
    the seat's row of an `incremental.Encoder`, which the observer keeps: asked again of a state that has
    moved on since, it is brought up to date from the moves since, and of another state (a clone, a
    world sampled) written from it whole, the same numbers as the view's encoding either way."""

    def __init__(self, game: Setup):
        self.game = game
        self.tensor = np.zeros(game.observer.size, np.float32)
        self.dict = {name: self.tensor[a:b] for name, (a, b) in game.observer.offsets.items()}
        self.encoder = Encoder(game.observer)

    def _view(self, state, player):
        table = state.table
        if table is None:
            return None, ()
        picked = table.picked_ids() if player == table.current_player else ()
        return table.state.view(player), picked

    def set_from(self, state, player):
        if state.table is None:
            self.tensor.fill(0)
        else:
            self.tensor[:] = self.encoder.observe(state.table, player)

    def string_from(self, state, player):
        view, picked = self._view(state, player)
        if view is None:
            return "(before the deal)"
        return json.dumps({"view": view, "picked": [self.game.space.names[i] for i in picked]}, sort_keys=True)


pyspiel.register_game(GAME_TYPE, CardspecGame)

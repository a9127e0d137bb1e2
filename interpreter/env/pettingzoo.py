"""A PettingZoo AEC environment for any spec: `CardspecEnv(spec, options=..., seed=...)`.

Agents are the seats, by name. Each agent's observation is a dict: `observation`, the
float32 vector of `encoding.Observer` (from its view only; kept up to date from the moves since
by `incremental.Encoder`, and copied for the agent), and `action_mask`, 1 for each legal action
id (all 0 for a seat that is not to act). Actions are the ids of `encoding.ActionSpace`.
Rewards (`payout.Payout`) come when each deal is scored (`rewards="deal"`: the deal's score; at
the end, whatever the game's result adds to the sum of the deals, such as a settlement in the
spec's `match.result`) or once at the end (`rewards="game"`: the game's result). The game's
end terminates every agent; `max_deals=N` truncates the game after N deals (thrown-in deals
included), each agent then rewarded, under `rewards="game"`, with its total so far.

`render()` is the table as the seat to act sees it (`interpreter.words.screen`): returned as text
with render_mode "ansi", printed with "human".
"""

from __future__ import annotations

import random

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from ..words.screen import describe
from .encoding import SCORE_BOUND, ActionSpace, Observer, Table, load
from .incremental import Encoder
from .payout import Payout, check_settings


class CardspecEnv(AECEnv):
    metadata = {"name": "cardspec_v0", "render_modes": ["human", "ansi"], "is_parallelizable": False}

    def __init__(self, spec, options=None, seed=None, rewards="deal", max_deals=None, render_mode=None):
        super().__init__()
        check_settings(rewards, max_deals)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {', '.join(self.metadata['render_modes'])}, "
                             f"not {render_mode!r}")
        self.game = load(spec, options) if isinstance(spec, (str, bytes)) or hasattr(spec, "__fspath__") else spec
        self.space = ActionSpace(self.game)
        self.observer = Observer(self.game, self.space)
        self.encoder = Encoder(self.observer)  # each seat's observation, updated from the moves since
        self._no_mask = np.zeros(len(self.space), np.int8)
        self.reward_mode = rewards
        self.max_deals = max_deals
        self.render_mode = render_mode
        self.possible_agents = list(self.game.seat_names)
        self._index = {a: i for i, a in enumerate(self.possible_agents)}
        obs = spaces.Dict({
            "observation": spaces.Box(-SCORE_BOUND, SCORE_BOUND, (self.observer.size,), np.float32),
            "action_mask": spaces.MultiBinary(len(self.space)),
        })
        self.observation_spaces = {a: obs if i == 0 else spaces.Dict(dict(obs.spaces))
                                   for i, a in enumerate(self.possible_agents)}
        self.action_spaces = {a: spaces.Discrete(len(self.space)) for a in self.possible_agents}
        self._rng = random.Random(seed)
        self.table = None

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    def reset(self, seed=None, options=None):
        if seed is not None:
            self._rng = random.Random(seed)
        self.table = Table(self.space, self.game.new_state(self._rng.randrange(2 ** 32)))
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.payout = Payout(self.game.n, self.reward_mode, self.max_deals)
        self._rewarded = False  # whether `rewards` holds anything but 0
        self.agent_selection = self.possible_agents[self.table.current_player]

    def observe(self, agent):
        table = self.table
        if table is None:
            self._started()
        i = self._index[agent]
        x = self.encoder.observe(table, i).copy()  # (the encoder's row is overwritten later: a copy is the agent's)
        mask = table.mask() if i == table.state.current else self._no_mask.copy()
        return {"observation": x, "action_mask": mask}

    def view(self, agent) -> dict:
        """What `agent`'s seat may know now, as plain data (`State.view`)."""
        self._started()
        return self.table.state.view(self._index[agent])

    def _started(self) -> None:
        if self.table is None:
            raise RuntimeError("no game is in progress: call reset() first")

    def step(self, action):
        self._started()
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self.table.apply_id(action)
        st = self.table.state
        rewards, over, cut = self.payout.after(st)
        if rewards is None:  # the common step: no reward, the game goes on
            if self._rewarded:
                self.rewards = dict.fromkeys(self.agents, 0.0)
                self._rewarded = False
            self.agent_selection = self.possible_agents[st.current]
            if self.render_mode == "human":
                self.render()
            return
        self.rewards = {a: rewards[self._index[a]] for a in self.agents}
        self._rewarded = True
        if over:
            self.terminations = {a: True for a in self.agents}
        elif cut:
            self.truncations = {a: True for a in self.agents}
        self._accumulate_rewards()
        if not (over or cut):
            self.agent_selection = self.possible_agents[st.current_player]
        if self.render_mode == "human":
            self.render()

    def render(self):
        if self.render_mode is None:
            return None
        st = self.table.state
        if st.is_terminal:
            text = "Game over. Result: " + ", ".join(f"{a} {r}" for a, r in zip(self.possible_agents, st.returns))
        else:
            text = describe(st, st.current_player)
        if self.render_mode == "ansi":
            return text
        print(text)
        return None

    def close(self):
        self.table = None

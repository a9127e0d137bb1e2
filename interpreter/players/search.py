"""Search bots for any spec: information-set MCTS and perfect-information Monte Carlo.

Both imagine worlds with the exact sampler (`sampler.py`): the cards their seat cannot
see dealt again among the deals consistent with what it has watched. Neither knows a game:
they search with the State API alone (clone, legal actions, apply, totals) to the end of
the deal, and value an outcome for a seat as its total minus the mean of the others'.

- `ismcts` (single-observer information-set MCTS, Cowling, Powley and Whitehouse 2012):
  one tree over the actions as the seat sees them; each iteration samples a world, walks
  down the tree among the actions legal in that world (UCT, counting how often each was
  available), adds one node, plays the deal out at random and backs the outcome up, each
  node valued for the seat that moved into it. The choice is the root's most visited.
- `pimc` (perfect-information Monte Carlo): several worlds, each searched as if its cards
  were all face up (UCT on that world alone); the choices' visits are added over the worlds.

A budget is a number of iterations (reproducible: the same seed gives the same choices) or a
time per move (`1s`, `0.5s`: as many iterations as fit, so not reproducible).
"""

from __future__ import annotations

import math
import random
import time

from .draws import chooser
from .knowledge import Knowledge
from .playouts import searched
from .sampler import Sampler

EXPLORATION = 0.7  # UCT's constant, on outcomes scaled by the largest seen


class Budget:
    """A search budget: `iterations`, or `seconds` per move.

    Parameters:
        text: `N` (iterations) or `Ns` (seconds, a decimal number allowed).

    Raises:
        ValueError: anything else, or a budget that is not positive.
    """

    def __init__(self, text: str):
        self.text = text
        self.iterations = self.seconds = None
        try:
            if text.endswith("s"):
                self.seconds = float(text[:-1])
                ok = self.seconds > 0 and math.isfinite(self.seconds)
            else:
                self.iterations = int(text)
                ok = self.iterations > 0
        except ValueError:
            ok = False
        if not ok:
            raise ValueError(f"`{text}` is not a budget: give a number of iterations (500) or of seconds (1s)")

    def running(self, start: float, done: int) -> bool:
        if self.iterations is not None:
            return done < self.iterations
        return done == 0 or time.perf_counter() - start < self.seconds


class _Node:
    __slots__ = ("avail", "children", "player", "total", "visits")

    def __init__(self, player: int):
        self.children: dict = {}
        self.visits = 0
        self.avail = 1
        self.total = 0.0
        self.player = player  # who moved into this node: its value is his


class _Search:
    """One decision's search: the tree's root, its generator, the scale of outcomes, how outcomes read."""

    __slots__ = ("draw", "rng", "root", "scale", "sign")

    def __init__(self, seat: int, rng, game):
        self.root = _Node(seat)
        self.rng = rng
        self.scale = 1e-9  # the largest outcome seen, to put UCT's exploration on the scale of the game's scores
        self.sign = 1 if game.winner == "highest" else -1  # (the lowest total wins: less is better)
        self.draw = chooser(rng)  # a random move of the play-out (a single choice draws nothing)

    def outcome(self, world, deal: int) -> list[float]:
        """Play the deal out at random; each seat's total minus the others' mean (the reverse where the
        lowest total wins)."""
        if not world.terminal and world.deal_number == deal:  # (the generated loop plays the cards)
            world.playout(self.draw)
        totals = world.totals
        n = len(totals)
        sign = self.sign
        if n == 1:
            return [sign * totals[0]]
        whole = sum(totals)
        return [sign * (t - (whole - t) / (n - 1)) for t in totals]

    def iterate(self, world, log=math.log, sqrt=math.sqrt) -> None:
        """One iteration of the search in `world` (consumed): down the tree among the actions legal
        there (UCT, counting how often each was available), one node added, the deal played out,
        the outcome backed up."""
        deal = world.deal_number
        node, path = self.root, []
        while not world.terminal and world.deal_number == deal:
            legal = world.legal_actions()
            children = node.children
            found = [children.get(a) for a in legal]
            if None in found:  # an action not tried yet: one of them, at random, is the new node
                untried = [a for a, child in zip(legal, found) if child is None]
                a = self.draw(untried)  # (as the play-out draws: one of several at random, the only one so)
                for child in found:
                    if child is not None:
                        child.avail += 1
                child = children[a] = _Node(world.current)
                world.apply(a)
                path.append(child)
                break
            c = EXPLORATION * self.scale
            best, best_value = None, -math.inf
            for child in found:
                avail = child.avail = child.avail + 1
                visits = child.visits
                value = child.total / visits + c * sqrt(log(avail) / visits)
                if value > best_value:
                    best, best_value = child, value
            node = best
            world.apply(legal[found.index(best)])
            path.append(node)
        rewards = self.outcome(world, deal)
        top = max(map(abs, rewards))
        if top > self.scale:
            self.scale = top
        for node in path:
            node.visits += 1
            node.total += rewards[node.player]


class _Searcher:
    """What both search bots share: the seeded RNG and what their seat has learnt."""

    name = "search"

    def __init__(self, seed=None, budget: str | None = None):
        self.rng = random.Random(seed)
        self.budget = Budget(budget or self.default_budget)
        self.knowledge: Knowledge | None = None
        self.sampler = None

    def sampler_for(self, state, seat: int) -> Sampler:
        if self.knowledge is None or self.knowledge.seat != seat:
            self.knowledge = Knowledge(seat)
        self.knowledge.update(state)
        self.sampler = Sampler(state, seat, self.knowledge)
        return self.sampler


class ISMCTSAgent(_Searcher):
    """Single-observer information-set MCTS with UCT (see the module's docstring).

    Parameters:
        seed: the seed of its choices (and its worlds).
        budget: iterations per move (`500`), or seconds per move (`1s`); default 200 iterations.

    Raises:
        ValueError: a bad budget.
    """

    name = "ismcts"
    default_budget = "200"

    def choose(self, state, seat, legal):
        if len(legal) == 1:
            return legal[0]
        sampler = self.sampler_for(state, seat)
        rng = self.rng
        search = _Search(seat, rng, state.game)
        start, done = time.perf_counter(), 0
        while self.budget.running(start, done):
            search.iterate(searched(sampler.world(rng)))
            done += 1
        children = search.root.children
        return max(legal, key=lambda a: children[a].visits if a in children else -1)


class PIMCAgent(_Searcher):
    """Perfect-information Monte Carlo: `worlds` worlds, each searched with its cards face up.

    Parameters:
        seed: the seed of its choices (and its worlds).
        budget: the number of worlds (`20`), or seconds per move (`1s`); each world is searched
            with 12 iterations per legal choice.

    Raises:
        ValueError: a bad budget.
    """

    name = "pimc"
    default_budget = "20"
    PER_CHOICE = 12

    def choose(self, state, seat, legal):
        if len(legal) == 1:
            return legal[0]
        sampler = self.sampler_for(state, seat)
        rng = self.rng
        visits = {a: 0 for a in legal}
        start, done = time.perf_counter(), 0
        while self.budget.running(start, done):
            world = sampler.world(rng)
            search = _Search(seat, rng, state.game)
            for _ in range(self.PER_CHOICE * len(legal)):
                search.iterate(searched(world.clone()))
            for a, child in search.root.children.items():
                if a in visits:
                    visits[a] += child.visits
            done += 1
        return max(legal, key=visits.__getitem__)

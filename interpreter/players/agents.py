"""Agents choose among the legal actions; they see a seat's view, never the state.

`choose(state, seat, legal)` gets the state only to ask it for `view(seat)` when the
agent needs one: bots that choose blindly (random, first-legal) never build a view,
which keeps simulations fast. The human agent prompts at the terminal.
"""

from __future__ import annotations

import random
import sys

from ..core.actions import Action, match_key
from ..core.errors import CardspecError, IllegalAction, closest, suggest

AGENT_KINDS = ("human", "random", "first", "mc", "pimc", "ismcts")
SEARCH_KINDS = ("pimc", "ismcts")  # take a budget: `ismcts:500` (iterations), `ismcts:1s` (seconds per move)


class Agent:
    """A player: `choose(state, seat, legal)` returns one of `legal`. An agent must read only
    what `state.view(seat)` shows (or worlds imagined for it: `bots/sampler.py`). `legal` is
    the state's own list (`State.legal_actions`): an agent that would sort or trim it works
    on a copy."""

    name = "agent"
    plays_out = False  # True: its choice depends on the legal list alone (not on the rest of the state)

    def choose(self, state, seat: int, legal: list[Action]) -> Action:  # pragma: no cover
        raise NotImplementedError


class RandomAgent(Agent):
    """Uniform among the legal actions, from its own seeded RNG; but it declares all it holds.

    (A declaration lists end with the fullest one; hiding combinations is a strategy,
    which a random bot has no use for.)"""

    name = "random"
    plays_out = True  # chooses from the legal list alone: a game of such bots may run in `State.playout`

    def __init__(self, seed=None):
        self.rng = random.Random(seed)

    def choose(self, state, seat, legal):
        if len(legal) == 1:
            return legal[0]
        if legal[0].kind == "declare":
            return legal[-1]
        return legal[self.rng.randrange(len(legal))]


class MonteCarloAgent(Agent):
    """Tries each legal action in imagined deals and keeps the one that scores best.

    For each action, `rollouts` times: deal the cards this seat cannot see again, uniformly
    among the deals consistent with what it has watched (`bots/sampler.py`), take the action,
    play the deal out with random moves, and note the seat's total against the others' mean.
    No game knowledge, and no peeking: given the same seed, it chooses the same whatever the
    unseen cards really are."""

    name = "mc"

    def __init__(self, seed=None, rollouts: int = 12):
        self.rng = random.Random(seed)
        self.rollouts = rollouts
        self.knowledge = None

    def choose(self, state, seat, legal):
        if len(legal) == 1:
            return legal[0]
        from .knowledge import Knowledge
        from .playouts import searched
        from .sampler import Sampler

        if self.knowledge is None or self.knowledge.seat != seat:
            self.knowledge = Knowledge(seat)
        self.knowledge.update(state)
        sampler = Sampler(state, seat, self.knowledge)
        rng = self.rng
        best, best_value = legal[0], None
        for action in legal:
            value = 0.0
            for _ in range(self.rollouts):
                world = searched(sampler.world(rng))  # (played to the end of its deal: playouts.py)
                if action in world.legal_actions():  # (it is, unless legality hangs on unseen cards)
                    value += _playout(world, action, seat, rng)
            if best_value is None or value > best_value:
                best, best_value = action, value
        return best


def _playout(world, action, seat, rng) -> float:
    """Take `action`, finish the deal at random; the seat's total against the others' mean (their mean
    against its total, in a game the lowest total wins)."""
    deal = world.deal_number
    world.apply(action)
    if not world.terminal and world.deal_number == deal:  # (the generated loop plays the cards: State.playout)
        world.playout(rng.choice)  # (which the generated loop draws inline: interpreter/core/draw.py)
    totals = world.totals
    ahead = totals[seat] - (sum(totals) - totals[seat]) / (len(totals) - 1)
    return ahead if world.game.winner == "highest" else -ahead


class FirstLegalAgent(Agent):
    """Always the first legal action (legal lists are in a stable order)."""

    name = "first"
    plays_out = True

    def choose(self, state, seat, legal):
        return legal[0]


class ScriptedAgent(Agent):
    """Plays the given action names in order (a record's actions for one seat, or a test's)."""

    name = "scripted"

    def __init__(self, names):
        self.names = list(names)
        self.i = 0

    def choose(self, state, seat, legal):
        if self.i >= len(self.names):
            raise IllegalAction("the script has no more actions", None)
        text = self.names[self.i]
        self.i += 1
        key = match_key(text)
        for a in legal:
            if match_key(a.name) == key:
                return a
        return state.find_action(text)  # raises with the rule that forbids it


class Quit(CardspecError, EOFError):
    """The person at the terminal typed `quit` (or `exit`): the game stops as at the end of input
    (Ctrl-D, which callers catch as EOFError), and the record so far is saved."""


STOP_WORDS = ("quit", "exit")


class HumanAgent(Agent):
    """A terminal prompt: shows the hand by suit, the table, the trick and the legal choices."""

    name = "human"

    def __init__(self, stdin=None, stdout=None):
        self.stdin = stdin or sys.stdin
        self.stdout = stdout or sys.stdout

    def say(self, text: str = "") -> None:
        print(text, file=self.stdout, flush=True)

    def choose(self, state, seat, legal):
        from ..words.screen import describe

        view = state.view(seat)  # the table printed comes from the seat's view; the choices are its own
        self.say(describe(state, seat, view))
        if len(legal) == 1 and legal[0].kind in ("pass",):
            self.say(f"  Your only choice: {legal[0].name}.")  # (a pass: no card to play, no higher bid)
            return legal[0]
        while True:
            self.say("  Your choice: " + ", ".join(_short(a.name) for a in legal))
            self.stdout.write("> ")
            self.stdout.flush()
            line = self.stdin.readline()
            if not line:
                raise EOFError
            text = line.strip()
            if not text:
                continue
            if text in ("?", "help"):
                self.say("  Type one of the choices listed, or its last word when no other choice ends so "
                         "(`K` for `bid K`); a card alone (QS, 10H) means playing it. "
                         "`view` shows the table again; `quit` (or Ctrl-C) stops the game and saves its record.")
                continue
            if text == "view":
                self.say(describe(state, seat, view))
                continue
            action = _match(text, legal)
            if action is not None:
                return action
            if match_key(text) in STOP_WORDS:  # (after the choices: a game may name an action so)
                raise Quit(text)
            try:
                state.find_action(_expand(text, legal))
            except IllegalAction as e:
                self.say(f"  Not allowed: {e.message}")
            else:  # pragma: no cover - find_action only succeeds for legal actions
                pass


def _short(name: str) -> str:
    """A choice as listed at the prompt: a card played is named alone (`QS`, `QH bella`)."""
    return name[5:] if name.startswith("play ") else name


def _expand(text: str, legal) -> str:
    """When playing cards, a move without its verb is a play: `QS`, or `QH WORD` (a card with an announcement)."""
    words = text.split()
    if words and words[0].lower() not in ("play", "pass") and any(a.kind == "play" for a in legal):
        return "play " + text
    return text


def _match(text, legal):
    """The legal action typed: its name, a card alone (`QS`), or the end of one name (`K` for
    `bid K`, `H` for `trump H`) when only one legal action ends so."""
    key = match_key(_expand(text, legal))
    for a in legal:
        if match_key(a.name) == key:
            return a
    tail = " " + match_key(text)
    ends = [a for a in legal if match_key(a.name).endswith(tail)]
    return ends[0] if len(ends) == 1 else None


def agent_problem(kind) -> str | None:
    """Why `kind` names no agent (None when it does): a kind of AGENT_KINDS, a search bot
    with its budget after a colon (`ismcts:500`, `ismcts:1s`, `pimc:40`)."""
    base, colon, budget = str(kind).partition(":")
    if base not in AGENT_KINDS:
        from .outside import bot_class

        try:
            bot_class(str(kind))
        except ValueError as e:
            if e.args[0] == f"unknown agent `{kind}`":
                close = suggest(base, AGENT_KINDS)  # (`rand`: did you mean `random`?)
                return (f"unknown agent `{kind}`{f' ({close})' if close else ''}; choose from "
                        f"{', '.join(AGENT_KINDS)}, or a bot of your own: `file.py:Class` or `module:Class`")
            near = closest(base, SEARCH_KINDS) if colon else None  # (`ismct:500`: not a module, a typing slip)
            if near is not None and e.args[0].startswith(f"agent `{kind}`: cannot import `{base}`"):
                return f"{e.args[0]} (did you mean `{near}:{budget}`?)"
            return e.args[0]
        return None
    if colon and base not in SEARCH_KINDS:
        return f"agent `{base}` takes no budget (`{kind}`); only {' and '.join(SEARCH_KINDS)} do, e.g. ismcts:500"
    if colon:
        from .search import Budget

        try:
            Budget(budget)
        except ValueError as e:
            return f"agent `{kind}`: {e}"
    return None


def make_agent(kind: str, seed=None, stdin=None, stdout=None) -> Agent:
    """An agent by its command-line name.

    Parameters:
        kind: one of AGENT_KINDS (`human`, `random`, `first`, `mc`, `pimc`, `ismcts`); a search
            bot may add its budget: `ismcts:500` (iterations a move), `ismcts:1s` (time a move); or a
            bot of one's own (interpreter/players/outside.py): `file.py:Class`, `module:Class`, or a
            name registered in the entry-point group `cardspec.agents`.
        seed: the seed of a bot's own choices.
        stdin, stdout: the terminal of a `human`.

    Raises:
        ValueError: an unknown kind, or a bad budget.
    """
    problem = agent_problem(kind)
    if problem:
        raise ValueError(problem)
    base, _, budget = kind.partition(":")
    if base not in AGENT_KINDS:  # a bot of one's own
        from .outside import make_bot

        return make_bot(kind, seed)
    if base == "random":
        return RandomAgent(seed)
    if base == "first":
        return FirstLegalAgent()
    if base == "mc":
        return MonteCarloAgent(seed)
    if base in SEARCH_KINDS:
        from .search import ISMCTSAgent, PIMCAgent

        return (ISMCTSAgent if base == "ismcts" else PIMCAgent)(seed, budget or None)
    return HumanAgent(stdin, stdout)

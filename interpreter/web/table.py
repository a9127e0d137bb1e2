"""One game in progress at the browser table: its seats, the log each of them reads, its record.

`Table` knows nothing of the network: a server hands it a human seat's message (`act`), asks a
bot for its choice off the event loop (`bot_choice`, in a worker thread) and takes it (`take`),
and sends each page `frame(viewer)`. Every change goes through `_apply`, which notes first how
each seat (and a watcher, who holds no cards) reads the action (`words.screen.action_line`,
asked before it is taken, as the terminal does), so the log a page shows is its seat's own.

Decisions a reader may question:

* A human's message is a move's name, as a record or the terminal prompt names it; whatever is
  not the legal move of the seat to act is refused with the engine's words for why
  (`IllegalAction`) and changes nothing.
* Only the seat to act may act, and only the server's loop applies a move; a bot thinks in a
  worker thread, reading the state while nothing changes it (every other seat's message is refused
  until the bot's move is taken).
* The game stops, like `cardspec play`, at its end, after `deals` deals, or when its rules fail; the
  record is written then, and on `stop()` when the server shuts down first.
"""

from __future__ import annotations

from pathlib import Path

from ..core.errors import GameError, GameFault, IllegalAction
from ..record.write import dump, record_of
from ..words.screen import action_line, deal_summary
from .frames import frame, game_facts, public_view

MAX_TEXT = 200  # a move's name is short: longer messages are refused unread


class Log:
    """The game in words as each viewer read it: per seat (and None, a watcher), each deal's lines."""

    def __init__(self, state):
        self.viewers = list(range(state.n)) + [None]
        self.deals: dict = {v: {} for v in self.viewers}  # viewer -> deal number -> lines
        self.summarised = 0  # finished deals whose result is written
        self.pending: list = []
        self._open(state)

    def _open(self, state) -> None:
        for v in self.viewers:
            self.deals[v].setdefault(state.deal_number, [])

    def before(self, state, seat: int, action) -> None:
        """Note how each viewer reads `action` by `seat` (asked before it is applied)."""
        number = state.deal_number
        self.pending = [(v, number, action_line(state, seat, action, v)) for v in self.viewers]

    def after(self, state) -> None:
        """Write the noted lines, and the result of each deal that has ended."""
        for v, number, line in self.pending:
            if line is not None:
                self.deals[v][number].append(line.strip())
        self.pending = []
        while self.summarised < len(state.deals) and state.deals[self.summarised].scores is not None:
            deal = state.deals[self.summarised]
            text = "Result: " + " ".join(deal_summary(state, deal).split())
            for v in self.viewers:
                self.deals[v].setdefault(deal.number, []).append(text)
            self.summarised += 1
        if not state.is_terminal:
            self._open(state)

    def mark(self) -> dict:
        """How far each viewer has read: the deals and the lines of the last (to show the log as it was)."""
        out = {}
        for v, deals in self.deals.items():
            last = max(deals)
            out[v] = (last, len(deals[last]), len(deals.get(last - 1, ())))
        return out

    def lines(self, viewer: int | None, mark: dict | None = None) -> tuple[list, list]:
        """The lines of the current deal and of the deal before it, as `viewer` read them (at `mark`)."""
        deals = self.deals[viewer]
        last, k, k_before = (mark or self.mark())[viewer]
        return list(deals[last][:k]), list(deals.get(last - 1, [])[:k_before])


class Table:
    """A game served to browsers: seats (`kinds`: `human` or a bot's name) and their agents."""

    def __init__(self, state, kinds, agents, *, record_path=None, spec_ref: str = "", deals: int | None = None):
        self.state = state
        self.game = state.game
        self.kinds = list(kinds)
        self.agents = agents
        self.record_path = Path(record_path) if record_path is not None else None
        self.spec_ref = spec_ref
        self.deals = deals
        self.facts = game_facts(self.game, self.kinds)
        self.log = Log(state)
        self.version = 0  # one more at every change: pages are sent a frame when it moves
        self.thinking: int | None = None  # the bot whose choice is awaited
        self.stopped: str | None = None  # why the game stopped before its end
        self.error: GameError | GameFault | None = None  # what stopped it, when the rules or the game failed
        self.limit_reached = False  # stopped after `deals` deals
        self.saved = False

    # ---- whose turn ---------------------------------------------------------------------

    @property
    def over(self) -> bool:
        return self.state.is_terminal or self.stopped is not None

    def bot_to_act(self) -> int | None:
        """The bot seat to act, if a bot is."""
        p = self.state.current_player
        return p if not self.over and p >= 0 and self.kinds[p] != "human" else None

    # ---- moves --------------------------------------------------------------------------

    def act(self, seat: int, text) -> str | None:
        """A human seat's move, by name as its page sent it: None when taken, else why not (nothing changed)."""
        if self.over:
            return "the game is over"
        if not isinstance(text, str) or not text.strip() or len(text) > MAX_TEXT:
            return "a move is sent by its name, as listed (`play QS`, `pass`)"
        p = self.state.current_player
        if seat != p:
            return f"it is {self.game.seat_names[p]}'s turn, not yours"
        try:
            action = self.state.find_action(text.strip())
        except IllegalAction as e:
            return e.message
        except (GameError, GameFault) as e:  # the rules failed while listing the moves
            self._stop_on(e)
            return self.stopped
        self._apply(seat, action)
        return None

    def bot_choice(self):
        """The bot to act and its choice (run in a worker thread: nothing changes the state meanwhile)."""
        p = self.state.current_player
        try:
            return p, self.agents[p].choose(self.state, p, self.state.legal_actions())
        except (GameError, GameFault) as e:
            return p, e

    def take(self, seat: int, choice) -> None:
        """Take a bot's choice (or stop the game on the error it met)."""
        if self.over or seat != self.state.current_player:
            return
        if isinstance(choice, (GameError, GameFault)):
            self._stop_on(choice)
        else:
            self._apply(seat, choice)

    def _apply(self, seat: int, action) -> None:
        st = self.state
        self.log.before(st, seat, action)
        number = st.deal_number
        try:
            st.apply(action)
        except (GameError, GameFault) as e:
            self._stop_on(e)
            return
        self.log.after(st)
        if self.deals and not st.is_terminal and number == self.deals and st.deal_number > number:
            self.stopped = f"stopped after {self.deals} deal{'s' * (self.deals != 1)}"
            self.limit_reached = True
        self.version += 1
        if self.over:
            self.save()

    def _stop_on(self, error) -> None:
        what = "the spec's rules failed" if isinstance(error, GameFault) else "the game failed"
        self.error = error
        self.stopped = f"{what}: {error.message.splitlines()[0]}"
        self.version += 1
        self.save()

    def stop(self, why: str) -> None:
        """End the game now (the server is shutting down): the record of the game so far is saved."""
        if not self.over:
            self.stopped = why
            self.version += 1
        self.save()

    def save(self) -> Path | None:
        """Write the record (once), as `cardspec play` writes it."""
        if self.saved or self.record_path is None:
            return self.record_path if self.saved else None
        interrupted = not self.state.is_terminal
        dump(record_of(self.state, self.spec_ref, self.kinds, interrupted=interrupted), self.record_path)
        self.saved = True
        return self.record_path

    # ---- what a page is sent --------------------------------------------------------------

    def frame(self, viewer: int | None) -> dict:
        """All that the page of `viewer` (a seat, or None for a watcher) shows now."""
        st = self.state
        view = st.view(viewer) if viewer is not None else public_view(st)
        bot = self.bot_to_act()
        status = {"over": self.over, "ended": st.is_terminal, "stopped": self.stopped, "record": self.saved,
                  "thinking": self.game.seat_names[bot] if bot is not None else None, "version": self.version}
        name = self.game.seat_names[viewer] if viewer is not None else None
        return frame(self.facts, view, name, self.log.lines(viewer), status)

"""The state of one game in progress, with OpenSpiel's verbs.

`current_player`, `legal_actions()`, `apply(action)`, `is_terminal`, `returns`,
`view(seat)`, `history`, `clone()`. Chance is seeded: each chance event (the first
dealer, a shuffle, a cut) is drawn from its key, made of the seed, the deal's number and
the event's number in the deal (`chance()`, interpreter/engine/chance.py), so the same seed and the
same choices give the same game, and no generator's state is carried between decisions: a clone
copies a number. Chance outcomes can instead be given explicitly, which is how hand-written records replay.

A clone shares what cannot change any more (finished deals, the compiled game) and copies
the rest; a state pickles as its game, how it began and its history (`__reduce__`).

The state is deliberately a plain object with flat attributes: compiled expressions
read them through getters, and the play loop touches them directly. Nothing here reads
the spec; the compiled `Game` supplies phases and closures.

Between decisions the engine runs automatic steps (dealing, scoring, moving to the
next phase or deal) until some seat must act or the game is over; `current_player`
is then that seat, or -1 when the game is over.
"""

from __future__ import annotations

import random
from typing import NamedTuple, Sequence

from ..core.actions import Action, Card, named
from ..core.errors import GameError, GameFault, IllegalAction, Refusal
from ..core.results import DealResult, Trick, copy_deal  # noqa: F401 (what play leaves behind)
from ..phases import BEFORE_THE_FIRST
from .chance import Chance
from .faults import fault, fault_at, where
from .table import new_table, table_plan
from .worlds import sampled_for

TERMINAL = -1
MAX_AUTOMATIC_STEPS = 10_000  # a phase loop that never asks anybody anything is a spec bug


# what `clone()` copies; everything else a clone shares (the game, numbers, tuples, finished deals)
# what a game keeps across deals and a clone copies (a deal's own lists: `table.TablePlan.copy`)
_COPIED_LISTS = ("totals", "game_deals")
_COPIED_LISTS_OF_LISTS = ("games", "game_totals")
_COPIED_MAPS = ("given_hands", "given_talons", "given_cuts", "given_decks")


class State:
    """One game from its first deal to its end (made by `Game.new_state`).

    Parameters:
        game: the compiled game.
        seed: the seed of every chance event (None: drawn from the system).
        first_dealer, hands, talons, cuts, decks: chance outcomes given instead of drawn: the first
            dealer's seat, and per deal number the hands (by seat), the talon, the cut card, or the
            order of the whole pack the deal is dealt from (its shuffle).
        first_deal: the number of the first deal (a record may start mid-game).
        chance_seed: the key chance is drawn from, when it is not the seed (a restored state).

    Raises:
        GameFault: the spec's rules fail as the game starts (an expression that cannot be
            computed, a seat with no legal choice), placed in the spec.
    """

    def __init__(self, game, seed: int | None = None, *, first_dealer: int | None = None,
                 hands: dict[int, Sequence[Sequence[int]]] | None = None,
                 talons: dict[int, Sequence[int]] | None = None, cuts: dict[int, int] | None = None,
                 first_deal: int = 1, chance_seed: int | str | None = None,
                 decks: dict[int, Sequence[int]] | None = None):
        self.game = game
        self.n = game.n
        self.seed = seed
        # every chance event (a shuffle, a cut, the first dealer) draws from its own generator,
        # seeded from this, the deal's number and the event's number in the deal (`chance()`):
        # nothing of a random generator's state is carried from one decision to the next, so a
        # clone copies a number, not a generator
        if chance_seed is None:
            chance_seed = seed if seed is not None else random.SystemRandom().getrandbits(64)
        self.chance_seed = chance_seed
        self.chances = 0  # chance events so far in this deal
        # how this game began (the seed, the RNG as seeded, the chance outcomes given): with the
        # history, all a state is made of, and how it pickles (`__reduce__`)
        self.origin = Origin(seed, chance_seed, first_dealer, hands, talons, cuts, first_deal, decks)
        for what, given in (("hands", hands), ("talons", talons), ("cuts", cuts), ("decks", decks)):
            for key in given or {}:
                if not _deal_key(key, first_deal):
                    raise ValueError(f"`{what}` is keyed by deal number ({first_deal}, {first_deal + 1}, ...), or "
                                     f"(deal number, k) for the deal's k-th deal again, not {key!r}")
        self.given_hands = dict(hands or {})  # deal number -> hands, instead of shuffling
        self.given_talons = dict(talons or {})  # deal number -> the talon, top card first
        self.given_cuts = dict(cuts or {})  # deal number -> the card shown by the cut, when all are dealt
        self.given_decks = dict(decks or {})  # deal number -> the order of the pack, instead of shuffling it
        self.deals: list[DealResult] = []
        self.totals = [0] * self.n
        self.chosen = [set() for _ in range(self.n)]
        self.voids = 0  # void deals so far (they do not count toward the game's length)
        self.games: list[list] = []  # each finished game's results, in a partie of games
        self.game_deals: list[int] = []  # the deal that ended each of those games
        self.game_totals: list[list] = []  # and each game's final totals
        self.deal_number = first_deal - 1  # a record may start in the middle of a game
        self.terminal = False
        self.current = TERMINAL
        self._legal: list[Action] | None = None
        # bindings read by expressions (the seat being scored, the card being tested, ...)
        self.player = self.target = 0
        self.declarer = None  # (each deal's is read as it starts)
        try:
            if first_dealer is None and (first := game.first_dealer(self)) is None:  # (validate plays to find it)
                raise self.fault_at(("dealer", "first"), "the first dealer is none: `dealer.first` must give a "
                                                         "seat", "before the first deal")
            self.dealer = first if first_dealer is None else first_dealer
            self._new_deal()
            self._run()
        except (GameError, GameFault):
            raise
        except Exception as e:  # a spec's expression failed: say where (see faults.py)
            raise self._fault(e) from e

    # ---- the OpenSpiel-shaped API -------------------------------------------------

    @property
    def current_player(self) -> int:
        return self.current

    @property
    def is_terminal(self) -> bool:
        return self.terminal

    @property
    def returns(self) -> list:
        """Each seat's result once it is over (`match.result`, or the partie's result); before, its total."""
        if not self.terminal:
            return list(self.totals)
        partie = self.game.partie
        try:
            if partie is None:
                return self._game_result()
            out = []
            for p in range(self.n):
                self.player = p
                out.append(partie.result(self))
            return out
        except (GameError, GameFault):
            raise
        except Exception as e:
            raise self._fault(e) from e

    @property
    def history(self) -> list[tuple[int, Action]]:
        """Every action of the game so far, as (seat, action), in order."""
        return [x for d in self.deals for x in d.actions]

    def legal_actions(self) -> list[Action]:
        """The actions the current player may take, in a stable order; [] when over.

        The list is the state's own, kept until the next move (apply() checks a choice
        against it, and asking again costs nothing): read it, and copy it (`list(...)`)
        before sorting, shuffling or trimming it."""
        legal = self._legal
        if legal is None:
            try:
                legal = self._legal = [] if self.terminal else self.phase.legal(self)
            except (GameError, GameFault):
                raise
            except Exception as e:
                raise self._fault(e) from e
            if not legal and not self.terminal:
                raise self._fault(None, message=f"{self.seat_name(self.current)} must act in phase "
                                                f"`{self.phase.name}` but has no legal choice")
        return legal

    def apply(self, action: Action | str) -> None:
        """Take `action` for the current player; refuse it, state unchanged, if illegal."""
        try:  # free when nothing is raised: a failure of the spec's rules is placed by _fault
            if action.__class__ is str:
                action = self.find_action(action)
            legal = self._legal
            if legal is None:
                legal = self.legal_actions()
            if action not in legal:
                raise IllegalAction(*self.why_illegal(action))
            p = self.current
            # a card played is a (seat, card) pair the game made once (`Game.pairs`)
            if isinstance(action, Card):
                pair = self.game.pairs[p][action]
            elif isinstance(action, Action):
                pair = (p, action)
            else:  # equal to an action (a card's number), but not one: refused, not taken for it
                raise IllegalAction(*self.why_illegal(action))
            self._legal = None
            self.deal.actions.append(pair)
            phase = self.phase
            seat = phase.apply(self, action)  # a phase may say who acts next; None means "ask actor()"
            if seat is None:
                seat = phase.actor(self)
            if seat is not None:  # the same phase goes on: the common case in the play loop
                self.current = seat
            else:
                self._run()
        except (GameError, GameFault):
            raise
        except Exception as e:
            raise self._fault(e, action) from e

    def playout(self, choose, *, whole_game: bool = False) -> None:
        """Play to the end of this deal (or of the game), each move `choose(legal_actions())`.

        The same moves, records and results as ``state.apply(choose(state.legal_actions()))``
        in a loop (tests/compile/test_emit.py holds them to it), but a phase with a generated loop
        (interpreter/compile/emit/) plays all its moves without leaving it: what random playouts,
        simulations and search bots spend their time in.

        Parameters:
            choose: picks one action of a list (`random.Random(seed).choice`, a policy); when
                it is called, `state.current` is the seat choosing, as move by move. It must
                not change the list: it may be the engine's own (a hand, a kept list of doubles).
                It may answer what apply() takes: an action's name is read as the action, and
                anything not in the list is refused as apply() refuses it (IllegalAction), the
                state as the moves before it left it. A generator's own `choice`
                (`random.Random(seed).choice`) is not called for the cards and doubles: the
                generated loop draws what it would pick from the generator's bits itself
                (interpreter/core/draw.py), the same moves.
            whole_game: go on to the end of the game, not only of this deal.

        Raises:
            GameFault: the spec's rules fail during the playout, placed in the spec.
        """
        number = self.deal_number
        while not self.terminal and (whole_game or self.deal_number == number):
            fast = self.phase.playout
            if fast is None:
                self.apply(choose(self.legal_actions()))
                continue
            try:  # a failure is placed as apply() would place it (the loop places its own card's)
                fast(self, choose)
            except (GameError, GameFault):
                raise
            except Exception as e:
                raise self._fault(e) from e
            if self.terminal:  # (a phase's playout may have played its moves through apply(), to the end)
                return
            deal = self.deal
            try:
                self._run()
            except (GameError, GameFault):
                raise
            except Exception as e:  # placed at the last action the playout took
                raise self._fault(e, deal.actions[-1][1] if deal.actions else None) from e

    def _fault(self, e: Exception | None, action=None, message: str | None = None) -> GameFault:
        """The GameFault of failure `e` of the rules: at `action`, else while `current` is to act."""
        return fault(self, e, self.doing(action), message)

    def fault_at(self, path, message: str, doing: str | None = None) -> GameFault:
        """The GameFault of a promise of the spec broken in play, at the spec `path` that made it."""
        return fault_at(self, path, message, doing)

    def doing(self, action=None) -> str:
        """Where the game is, for a message: the deal, and the action taken (or the last one)."""
        return where(self, action)

    def __reduce__(self):
        """A state pickles as its game, how the game began and the actions taken since."""
        if self.origin is None:
            raise GameError("a world imagined by `sampled_for` has no history of its own to pickle; "
                            "pickle the state it was sampled from")
        return _restore, (self.game, self.origin, [(seat, a.name) for seat, a in self.history])

    def find_action(self, text: str) -> Action:
        """The legal action named `text` (case-blind, `10H` = `TH`), else IllegalAction."""
        legal = self.legal_actions()
        found = named(legal, text)
        if found is not None:
            return found
        if self.terminal:
            raise IllegalAction("the game is over", None, Refusal.GAME_OVER)
        spelt = self.phase.parse(self, text)  # a phase may read other spellings of its actions
        if spelt is not None:
            for a in legal:
                if a.name == spelt.name:
                    return a
        raise IllegalAction(*self.why_illegal_text(text))

    def why_illegal(self, action: Action) -> tuple[str, str | None, Refusal | None]:
        """Why `action` is not legal now: (message, rule name or None, kind or None)."""
        if self.terminal:
            return "the game is over", None, Refusal.GAME_OVER
        if not isinstance(action, (Action, Card, str)):  # (a number, None...: what apply() never takes)
            return (f"`{action!r}` is not an action: apply() takes one of legal_actions(), or an action's name",
                    None, Refusal.NOT_A_MOVE)
        # the phase judges its own actions only: one of another phase is read by its name
        name = getattr(action, "name", str(action))
        if any(a.name == name for a in self.legal_actions()):
            return (f"`{name}` is legal here, but this is another phase's action: apply it by name, or "
                    "one from legal_actions()"), None, Refusal.FOREIGN
        return self.why_illegal_text(name)

    def why_illegal_text(self, text: str) -> tuple[str, str | None, Refusal | None]:
        action = self.phase.parse(self, text)
        if action is None:
            names = ", ".join(a.name for a in self.legal_actions()[:12])
            return f"`{text}` is not a move here; you may: {names}", None, Refusal.NOT_A_MOVE
        refused = self.phase.refuse(self, action)  # (message, rule) or (message, rule, kind)
        return refused if len(refused) == 3 else (*refused, None)

    def clone(self) -> "State":
        """An independent copy (the RNG included) that shares the immutable game."""
        other = object.__new__(State)
        d = self.__dict__.copy()
        other.__dict__ = d
        for k in _COPIED_LISTS:
            d[k] = d[k][:]
        for k in _COPIED_LISTS_OF_LISTS:
            d[k] = [x[:] for x in d[k]]
        for k in _COPIED_MAPS:
            d[k] = d[k].copy()
        d["chosen"] = [set(s) for s in self.chosen]
        table_plan(self.game).copy(other)
        d["declaring"] = None if self.declaring is None else self.declaring[:]
        d.pop("_declare_memo", None)  # (what a category found, kept for this state alone: phases/declare.py)
        # finished deals never change again: shared; only the deal in progress is copied
        d["deals"] = deals = self.deals[:]
        if deals:
            deals[-1] = d["deal"] = copy_deal(deals[-1])
        d["_legal"] = None
        return other

    def chance(self) -> Chance:
        """The next chance event's outcomes: the same for the same seed, deal and event."""
        self.chances += 1
        return Chance(f"{self.chance_seed}/{self.deal_number}/{self.chances}")

    def sampled_for(self, seat: int, rng: random.Random) -> "State":
        """A copy in which every card `seat` cannot see is dealt again, at random, among the places
        it cannot see into (interpreter/engine/worlds.py: other hands, cards being passed, the talon,
        others' discards), each keeping its size.

        What a bot may imagine: the copy depends only on what the seat knows (the pool is taken
        in card order, never in the order the cards really lie), so a bot that plays in it
        cannot cheat. Cards whose place is public (the turn-up, a dead card, talon cards the
        seat has looked at, shown hands) stay where they are."""
        return sampled_for(self, seat, rng)

    # ---- seats ----------------------------------------------------------------------

    def next_seat(self, seat: int) -> int:
        """The seat that plays after `seat` (the game's direction)."""
        return (seat + self.game.step) % self.n

    @property
    def trick_seats(self) -> list[int]:
        """The seats that have played to the trick in progress, in order."""
        order = self.trick_order  # (set as play starts: some seats may sit out)
        if order is not None:
            return list(order[self.leader][:len(self.trick_cards)])
        return [(self.leader + i * self.game.step) % self.n for i in range(len(self.trick_cards))]

    def set_trump(self, suit) -> None:
        """Make `suit` (or None) trump; jokers that are trumps follow it."""
        self.trump = suit
        pack = self.game.pack
        tables = pack.suit_with_trump
        if tables:
            self.suit = tables[suit]
        self.trump_power = pack.trump_power_for(suit)  # (a bower moves within the trumps)

    def seat_name(self, seat: int) -> str:
        return self.game.seat_names[seat]

    # ---- the engine: automatic steps between decisions -----------------------------

    def _new_deal(self) -> None:
        """Reset the table for the next deal; the dealer is already set."""
        g = self.game
        self.deal_number += 1
        new_table(self)
        # (the deal exists before its declarer is read: `this_deal`, `dealt` read it)
        self.deal = DealResult(self.deal_number, self.dealer, None, None, table_plan(g).records)
        self.deals.append(self.deal)
        self.declarer = self.deal.declarer = g.declarer(self) if g.declarer else self.dealer
        self.deal.contract = self.contract_key
        if g.deal_trump is not None:  # a trump fixed for the whole game
            self.set_trump(g.deal_trump(self))
        self.phase = g.phases[0]
        if self.phase.when is not None and not self.phase.when(self):
            self.phase = BEFORE_THE_FIRST  # the first phase is skipped like any other: `_run` goes on from here
            return
        self.phase.start(self)

    def _run(self) -> None:
        """Run automatic steps until a seat must act or the game is over."""
        phases = self.game.phases
        for _ in range(MAX_AUTOMATIC_STEPS):
            seat = self.phase.actor(self) if not self.void else None
            if seat is not None:
                self.current = seat
                return
            nxt = self.phase.next_index if not self.void else None
            while nxt is not None and phases[nxt].when is not None and not phases[nxt].when(self):
                nxt = phases[nxt].next_index
            if nxt is None:
                if not self._end_deal():
                    self.current = TERMINAL
                    self.terminal = True
                    return
                continue
            self.phase = phases[nxt]
            self.phase.start(self)
        raise GameError(f"the phases ran {MAX_AUTOMATIC_STEPS} automatic steps without asking anybody to act;"
                        " check the spec's `phases` for a loop")

    def _end_deal(self) -> bool:
        """Close the deal; start the next one and return True, or return False at the end."""
        g = self.game
        if self.void:  # called off: scores nothing and does not count toward `deals`
            self.voids += 1
            self.deal.void = True
            self.deal.raw = self.deal.scores = [0] * self.n
            ended = g.ends_when is not None and g.ends_when(self)  # (which may count it: `deal_number`)
        else:
            ended = self.deal_number - self.voids >= g.deals(self) or (g.ends_when is not None and g.ends_when(self))
        if ended:
            g.check_game_total(self)
            if g.partie is None:
                return False
            # a game of a partie: its result is kept, the totals start again from 0
            self.games.append(self._game_result())
            self.game_totals.append(list(self.totals))
            self.game_deals.append(self.deal_number)
            if g.partie.ends_when(self):
                return False
            self.totals = [0] * self.n
        self.dealer = g.next_dealer(self)
        self._new_deal()
        return True

    def _game_result(self) -> list:
        result = self.game.result
        if result is None:
            return list(self.totals)
        out = []
        for p in range(self.n):
            self.player = p
            out.append(result(self))
        return out

    # ---- what a seat may see ----------------------------------------------------------

    def view(self, seat: int) -> dict:
        """Everything `seat` may know now, and nothing more, as plain data."""
        return self.game.view(self, seat)


def _deal_key(key, first_deal: int) -> bool:
    """Whether `key` names a deal: its number, or (its number, k) for the k-th deal again within it."""
    if key.__class__ is tuple and len(key) == 2 and key[1].__class__ is int and key[1] >= 1:
        key = key[0]
    return key.__class__ is int and key >= first_deal


class Origin(NamedTuple):
    """How a game began: its seed, the key its chance is drawn from, and the chance outcomes given."""

    seed: int | None
    chance_seed: int | str
    first_dealer: int | None
    hands: dict | None
    talons: dict | None
    cuts: dict | None
    first_deal: int
    decks: dict | None

    def state(self, game, **changes) -> "State":
        """A new game as this one began (with `changes` to the outcomes given)."""
        o = self._replace(**changes)
        return State(game, o.seed, first_dealer=o.first_dealer, hands=o.hands, talons=o.talons, cuts=o.cuts,
                     first_deal=o.first_deal, chance_seed=o.chance_seed, decks=o.decks)


def _restore(game, origin, history) -> State:
    """The state that `origin` and `history` make (see `State.__reduce__`)."""
    st = Origin(*origin).state(game)
    for seat, name in history:
        action = named(st.legal_actions(), name)
        if action is None or seat != st.current:
            raise GameError(f"cannot restore the state: `{name}` by seat {seat} is not legal there")
        st.apply(action)
    return st


def state_in(tb) -> State | None:
    """The game `State` a traceback ran through (the innermost), or None."""
    frames = []
    while tb is not None:
        frames.append(tb.tb_frame)
        tb = tb.tb_next
    for frame in reversed(frames):
        for value in frame.f_locals.values():
            if isinstance(value, State):
                return value
    return None

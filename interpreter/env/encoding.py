"""A fixed action space and a fixed-size observation for every spec, for learning environments.

Action ids: every action any seat could ever take gets a stable integer, found from the
compiled game's phases without playing (each phase lists its `vocabulary`): phases in
spec order, each phase's names in its own order, a name met twice keeping its first id.
The ids follow the spec, not a game played: the same spec and options give the same ids.

Two choices in the engine are combinatorial; they are handled so that the space stays small:

* doubling names a set of seats: with at most five seats there are at most 31 sets, so
  each set is one action (`double B D`);
* a declaration with `choose: any` names a set of combinations: it is made in steps, one
  combination at a time in the order the engine finds them (`declare CAT X`, then
  `declare CAT Y`), ended by `declare CAT end` (or at once when no combination
  is left to add); `declare CAT nothing` declares none. The set is then applied to the game
  as the one action it is, so the game, its record and its scores are the same.

Discards are one card per action in the engine already (`discard 7C`, then `draw`).

Observation: a flat float32 vector built from `state.view(seat)` only (and the seat's own
unfinished declaration), so it cannot hold what the seat may not know. Seats are counted
from the observing seat (0 is itself, 1 the next in seat order). What it holds, in order,
is listed by `Observer.parts` and in docs/env.md.
"""

from __future__ import annotations

import numpy as np

from ..core.errors import GameError, IllegalAction
from ..phases import every_phase

SCORE_BOUND = 1e6  # observation values lie within +-this (scores are given as they are)
KNOWN = 4096  # the actions whose ids a phase remembers, at most
INT8 = np.dtype(np.int8)
_INTEGERS = (int, np.integer)  # an action id as a learner gives it


class EnvError(GameError):
    """An action or id outside the spec's action space, or one not legal now."""


def _stepwise(phase, state) -> bool:
    """Whether the decision now is a declaration of any set of combinations (made in steps)."""
    return phase.kind == "declare" and phase.categories[state.declare_cat].choose == "any"


class ActionSpace:
    """The spec's actions, numbered: `id_of(name)` and `names[id]`."""

    def __init__(self, game):
        names: list[str] = []
        for phase in every_phase(game):
            names.extend(phase.vocabulary(game))
            if phase.kind == "declare":
                names.extend(f"declare {cat.name} end" for cat in phase.categories if cat.choose == "any")
        # what ends a declaration made in steps
        self.step_ends = {f"declare {cat.name} {word}" for phase in every_phase(game) if phase.kind == "declare"
                          for cat in phase.categories for word in ("end", "nothing")}
        self.names = tuple(dict.fromkeys(names))
        self.ids = {name: i for i, name in enumerate(self.names)}
        self._known: dict = {}  # phase -> {action: id}, for the actions it hands out again and again
        self._by_id: dict = {}  # phase -> {id: action}, for those it lists (`every_action`)

    def __len__(self) -> int:
        return len(self.names)

    def __getstate__(self) -> dict:  # (the remembered ids are keyed by phases, which live in the game)
        return {**self.__dict__, "_known": {}, "_by_id": {}}

    def id_of(self, action) -> int:
        """The id of an action (or of its name)."""
        name = action if isinstance(action, str) else action.name
        i = self.ids.get(name)
        if i is None:
            raise EnvError(f"`{name}` is not in the spec's action space ({len(self)} actions)")
        return i

    def name_of(self, i) -> str:
        try:
            k = int(i)
            if k < 0:
                raise IndexError
            return self.names[k]
        except (IndexError, ValueError, TypeError):
            raise EnvError(f"action id {i!r} is not in the spec's action space (0 to {len(self) - 1})") from None

    def ids_in(self, phase, actions) -> list[int]:
        """The ids of `actions`, actions of `phase` (a legal list), in their order.

        An action a phase hands out again is the same object each time (a card is its own play):
        its id is remembered per phase, by the action itself, for up to `KNOWN` actions a phase."""
        known = self._known.get(phase)
        if known is None:
            known = self._known[phase] = {a: self.ids[a.name] for a in phase.every_action if a.name in self.ids}
        try:
            return [known[a] for a in actions]
        except KeyError:
            pass
        out = []
        for a in actions:
            i = known.get(a)
            if i is None:
                i = self.id_of(a)
                if len(known) < KNOWN:
                    known[a] = i
            out.append(i)
        return out

    def action_in(self, phase, i: int):
        """The action of `phase` that id `i` names, when the phase lists it (`every_action`), else None."""
        by_id = self._by_id.get(phase)
        if by_id is None:
            by_id = self._by_id[phase] = {self.ids[a.name]: a for a in phase.every_action if a.name in self.ids}
        return by_id.get(i)


class Table:
    """A game in progress seen through the action space: legal ids, a mask, `apply_id`.

    It wraps a `State` and the seat's unfinished declaration (the combinations picked so
    far, when a set of them is declared in steps)."""

    def __init__(self, space: ActionSpace, state, picked=()):
        self.space = space
        self.state = state
        self.picked = tuple(picked)  # indexes into the combinations found, in increasing order

    def clone(self) -> Table:
        return Table(self.space, self.state.clone(), self.picked)

    def __deepcopy__(self, memo) -> Table:
        return self.clone()  # the compiled game and the action space are shared, never copied

    @property
    def current_player(self) -> int:
        return self.state.current_player

    def _found(self):
        st = self.state
        phase = st.phase
        cat = phase.categories[st.declare_cat]
        return cat, phase.find(st, cat, st.hands[st.current_player])

    def legal_ids(self) -> list[int]:
        """The ids of the legal actions, ascending; [] when the game is over."""
        return sorted(self.ids_now())

    def ids_now(self) -> list[int]:
        """The ids of the legal actions, in no particular order; [] when the game is over."""
        st = self.state
        if st.terminal:
            return []
        phase = st.phase
        if phase.kind == "declare" and _stepwise(phase, st):
            ids = self.space.id_of
            cat, found = self._found()
            after = self.picked[-1] + 1 if self.picked else 0
            out = [ids(f"declare {cat.name} {found[i][0]}") for i in range(after, len(found))]
            out.append(ids(f"declare {cat.name} {'end' if self.picked else 'nothing'}"))
            return out
        return self.space.ids_in(phase, st.legal_actions())

    def mask(self) -> np.ndarray:
        """1 for each legal id, 0 elsewhere (int8, as gymnasium's masks are)."""
        m = bytearray(len(self.space))
        st = self.state
        phase = st.phase
        known = None if st.terminal else self.space._known.get(phase)
        if known is not None and not (phase.kind == "declare" and _stepwise(phase, st)):
            try:  # the common step: every legal action's id remembered by the phase (`ids_in`)
                for a in st.legal_actions():
                    m[known[a]] = 1
                return np.frombuffer(m, INT8)
            except KeyError:
                m = bytearray(len(self.space))
        for i in self.ids_now():
            m[i] = 1
        return np.frombuffer(m, INT8)  # (the bytearray is the array's own: writable, nobody else's)

    def apply_id(self, i) -> None:
        """Take the action with id `i` for the current player; refuse an illegal one, changing nothing."""
        st = self.state
        phase = st.phase
        if isinstance(i, _INTEGERS) and not st.terminal and phase.kind != "declare":  # the common step
            by_id = self.space._by_id.get(phase)
            action = by_id.get(i) if by_id is not None else None
            if action is not None:
                legal = st._legal
                if legal is not None and action in legal:  # (else apply() below says why it is refused)
                    st.apply(action)
                    return
        name = self.space.name_of(i)
        stepwise = not st.terminal and phase.kind == "declare" and _stepwise(phase, st)
        if not stepwise:  # the phase's own action for the id, if legal; else the legal one of that name
            action = self.space.action_in(phase, int(i))
            if action is not None:
                try:
                    st.apply(action)  # (which refuses an illegal action, the state unchanged)
                    return
                except IllegalAction:
                    pass
            action = next((a for a in st.legal_actions() if a.name == name), None)
            if action is not None:
                st.apply(action)
                return
        if int(i) not in self.ids_now():
            who = self.state.seat_name(self.current_player) if self.current_player >= 0 else "nobody"
            raise EnvError(f"`{name}` (id {int(i)}) is not legal now for {who}")
        if stepwise:
            cat, found = self._found()
            combo = name[len(f"declare {cat.name} "):]  # (a category's name may have spaces)
            if name not in self.space.step_ends:  # one more combination
                self.picked += ([nm for nm, _ in found].index(combo),)
                if self.picked[-1] < len(found) - 1:
                    return  # more may be added: the same seat chooses again
            chosen = tuple(found[k] for k in self.picked)
            self.picked = ()
            st.apply(next(a for a in st.legal_actions() if a.arg == chosen))

    def ids_for(self, action) -> list[int]:
        """The ids that take `action`, a legal action of the state, here: its id; or, for a set of
        combinations declared in steps, one id per combination and then the end (if one is needed)."""
        st = self.state
        if self.picked:
            raise EnvError("a declaration is half made here: go on with its ids (`legal_ids()`)")
        if not _stepwise(st.phase, st):
            return [self.space.id_of(action)]
        cat, found = self._found()
        if not action.arg:
            return [self.space.id_of(f"declare {cat.name} nothing")]
        at = sorted(found.index(combo) for combo in action.arg)
        ids = [self.space.id_of(f"declare {cat.name} {found[k][0]}") for k in at]
        return ids + ([self.space.id_of(f"declare {cat.name} end")] if at[-1] < len(found) - 1 else [])

    def picked_ids(self) -> list[int]:
        """The ids of the combinations picked so far in a declaration made in steps."""
        if not self.picked:
            return []
        cat, found = self._found()
        return [self.space.id_of(f"declare {cat.name} {found[k][0]}") for k in self.picked]


class Observer:
    """The observation vector of a spec: `encode(view)` from a seat's view."""

    def __init__(self, game, space: ActionSpace):
        self.game = game
        self.space = space
        pack = game.pack
        n = self.n = game.n
        self.seat = {nm: i for i, nm in enumerate(game.seat_names)}
        self.card = dict(pack.by_name)
        c = self.ncards = len(pack)  # one place a card (with copies: how many are there)
        self.copies = pack.copies > 1
        programs = every_phase(game)
        self.phases = list(dict.fromkeys(p.name for p in programs))
        self.contracts = list(game.contracts)
        self.suits = list(pack.suits)
        self.words = list(dict.fromkeys(a.word for p in programs if p.kind == "tricks" for a in p.announcements))
        self.categories = list(dict.fromkeys(cat.name for p in programs for cat in getattr(p, "categories", ())))
        self.announced = self._announced_values(game, programs)
        v = len(space)
        self.parts = [  # (name, size)
            ("seat", n), ("hand", c), ("trick", n * c), ("last_trick", n * c), ("played", c),
            ("shown_hands", n * c), ("talon", c), ("talon_seen", c), ("discards", c), ("passed", c), ("out_of_play", c),
            ("turn_up", c), ("dead_card", c), ("called_card", c), ("layout", 3 * len(self.suits)),
            ("dealer", n), ("declarer", n), ("to_act", n), ("maker", n), ("partner", n), ("leader", n),
            ("out", n), ("phase", len(self.phases)), ("contract", len(self.contracts)),
            ("trump", len(self.suits) + 1),
            ("announced", sum(len(vals) for vals in self.announced.values())),
            ("doubles", n * n), ("calls", n * v), ("said", n * len(self.words)),
            ("declarations", len(self.categories) * 2 * n), ("hand_sizes", n), ("tricks_won", n),
            ("exchanged", n), ("totals", n), ("talon_size", 1), ("deal", 1), ("picked", v),
        ]
        self.offsets = {}
        at = 0
        for name, size in self.parts:
            self.offsets[name] = (at, at + size)
            at += size
        self.size = at
        self.start = {name: a for name, (a, _) in self.offsets.items()}

    @staticmethod
    def _announced_values(game, programs) -> dict:
        """Each announced name -> the values it may take, as views show them."""
        pack = game.pack

        def shown(var, value):  # as `views.view` shows an announced value
            t = game.announce_types.get(var)
            return pack.suits[value] if t == "suit" else pack.ranks[value] if t == "rank" else value

        out: dict[str, list] = {}
        for p in programs:
            for todo in p.announcements.values() if p.kind == "announce" else ():
                for var, actions in todo:
                    out.setdefault(var, []).extend(shown(var, a.arg) for a in actions)
            if p.kind == "auction":
                out.setdefault(p.var, []).extend(shown(p.var, a.arg) for a in p.bids)
        return {var: list(dict.fromkeys(map(str, vals))) for var, vals in out.items()}

    def encode(self, view: dict, picked=()) -> np.ndarray:
        """The observation of the seat whose view this is (`picked`: its unfinished declaration's ids)."""
        n, c, at, card = self.n, self.ncards, self.start, self.card
        seat = self.seat
        me = seat[view["seat"]]
        ones = [at["seat"] + me]  # the places that hold 1
        values = []  # (place, value) for the others

        def rel(seat_name):
            return (seat[seat_name] - me) % n

        def cards(name, names, offset=0):
            base = at[name] + offset
            ones.extend(base + card[nm] for nm in names if nm in card)

        def one_seat(name, seat_name):
            if seat_name is not None:
                ones.append(at[name] + rel(seat_name))

        cards("hand", view["hand"])
        for seat_name, nm in view["trick"]:
            cards("trick", [nm], rel(seat_name) * c)
        if view["tricks"]:
            last = view["tricks"][-1]
            for seat_name, nm in last["cards"]:
                cards("last_trick", [nm], rel(seat_name) * c)
            one_seat("leader", last["winner"] if not view["trick"] else view["trick"][0][0])
            cards("played", [nm for t in view["tricks"] for _, nm in t["cards"]])
        elif view["trick"]:
            one_seat("leader", view["trick"][0][0])
        for seat_name, hand in view["shown_hands"].items():
            cards("shown_hands", hand, rel(seat_name) * c)
        cards("talon", view["talon"] or ())
        cards("talon_seen", view["talon_seen"])
        cards("discards", view["discards"])
        cards("passed", view["passing"] + view["passed"])  # cards it gives, or gave, to another seat
        cards("out_of_play", view["out_of_play"])
        for name in ("turn_up", "dead_card", "called_card"):
            if view[name] is not None:
                cards(name, [view[name]])
        top = len(self.game.pack.ranks)
        for suit, (low, high) in view["layout"].items():
            i = at["layout"] + self.suits.index(suit) * 3
            ones.append(i)
            values += [(i + 1, self._strength(low, suit) / top), (i + 2, self._strength(high, suit) / top)]
        for name in ("dealer", "declarer", "to_act", "maker", "partner"):
            one_seat(name, view[name])
        for seat_name in view["out"]:
            one_seat("out", seat_name)
        if view["phase"] in self.phases:
            ones.append(at["phase"] + self.phases.index(view["phase"]))
        if view["contract"] in self.contracts:
            ones.append(at["contract"] + self.contracts.index(view["contract"]))
        trump = view["trump"]
        ones.append(at["trump"] + (self.suits.index(trump) if trump in self.suits else len(self.suits)))
        i = at["announced"]
        for var, vals in self.announced.items():
            value = view["announced"].get(var)
            if value is not None and str(value) in vals:
                ones.append(i + vals.index(str(value)))
            i += len(vals)
        for seat_name, targets in view["doubles"]:
            ones.extend(at["doubles"] + rel(seat_name) * n + rel(t) for t in targets)
        v, ids = len(self.space), self.space.ids
        for seat_name, call in view["calls"]:
            if call in ids:
                ones.append(at["calls"] + rel(seat_name) * v + ids[call])
        for seat_name, word, _ in view["said"]:
            if word in self.words:
                ones.append(at["said"] + rel(seat_name) * len(self.words) + self.words.index(word))
        for d in view["declarations"]:
            i = at["declarations"] + self.categories.index(d["category"]) * 2 * n
            if d["winner"] is not None:
                ones.append(i + rel(d["winner"]))
            values += [(i + n + rel(seat_name), points) for seat_name, points in d["points"].items()]
        for key in ("hand_sizes", "tricks_won", "exchanged", "totals"):
            values += [(at[key] + rel(seat_name), value) for seat_name, value in view[key].items()]
        values += [(at["talon_size"], view["talon_size"]), (at["deal"], view["deal"])]
        ones.extend(at["picked"] + i for i in picked)
        x = np.zeros(self.size, np.float32)
        if self.copies:  # a card's place holds how many of its copies are there
            np.add.at(x, ones, 1)
        else:
            x[ones] = 1
        if values:
            places, amounts = zip(*values)
            np.add.at(x, list(places), np.clip(amounts, -SCORE_BOUND, SCORE_BOUND))
        return x

    def _strength(self, name: str, suit: str) -> int:
        """The natural strength of a card named in a layout (it may lie just outside the pack)."""
        ranks = self.game.pack.ranks
        rank = name[:-len(suit)]
        return len(ranks) - ranks.index(rank) if rank in ranks else 0


def observation(observer: Observer, table: Table, seat: int) -> tuple[np.ndarray, dict]:
    """The observation vector of `seat` and the view it is built from."""
    view = table.state.view(seat)
    picked = table.picked_ids() if seat == table.current_player else ()
    return observer.encode(view, picked), view


def load(spec, options=None):
    """The compiled game of `spec`: a spec file, or a shipped game's name as `cardspec list` gives it (`family`, `family/variant`)."""
    from ..compile.game import load_game
    from ..load.catalog import UnknownGame, spec_file

    try:
        path = spec_file(str(spec))
    except UnknownGame as e:  # (with the names it may have meant)
        raise EnvError(e.message) from None
    return load_game(path, options={k: str(v) for k, v in (options or {}).items()})

"""Compile a checked spec into a `Game`: the pack, the phases, every expression a closure.

This is the last place that reads the spec document. It also does the semantic checks
that need the compiled pieces (unknown names in expressions, a deal larger than the
pack, a phase never reached, a contract without a score); all errors are collected
with their place in the YAML file and raised together as `SpecErrors`.

The expression scope is built here from the state's attributes: names such as
`hand`, `won`, `tricks_won` and `place` are read for `player`, the seat being scored or
acting; `card` is bound while a play rule tests a card; `target` while a seat considers
whom to double.
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import NamedTuple

from ..core.actions import Card, match_key
from ..core.cards import Pack
from ..core.errors import SpecError, SpecErrors, suggest
from ..engine.faults import Places
from ..engine.game import Contract, Game, Partie
from ..engine.table import table_plan
from ..expr import ExprError, Scope, compile_expr
from ..expr.names import a
from ..load.loading import Document
from ..load.options import option_text
from ..load import catalog
from ..load.pipeline import read_spec
from ..phases import every_phase
from ..phases.contract import ChooseContract
from . import safety
from .emit.expressions import compile_expression
from .functions import compile_functions, expression_text
from .order import check_choices
from . import moments
from .pack import compile_pack
from .phases import PhaseCompiler, bids_are_numbers, bids_are_words
from .play import PlayCompiler
from .scope import build_scope


def load_game(path, text: str | None = None, options: dict[str, str] | None = None, *,
              generated: bool = True, texts: dict[str, str] | None = None) -> Game:
    """Load a spec (with its bases and options), check it and compile it.

    Parameters:
        path: the spec file, or a shipped game's name as `cardspec list` gives it (`family`, `family/variant`); an existing file wins.
        text: the spec's text, when it is not to be read from `path` (which then only names it).
        options: the spec's options, NAME -> VALUE as on the command line (`{"players": "5"}`).
        generated: play with the source generated from the spec (interpreter/compile/emit/) where there
            is one; False keeps to the closures, the reference the generated code is tested against.
        texts: the text of files of the spec's chain by path (as `path` and the `extends` name them),
            used instead of reading them: how a game crossing a process boundary is made again.

    Raises:
        SpecErrors: every problem found, each at its file, line and column.
    """
    if text is None and texts is None:
        path = _spec_file(path)
    doc = read_spec(path, options, text=text, texts=texts)
    game = Compiler(doc, generated=generated).compile()
    # what the game is made from, every file's text included, so that it (and a state of it) crosses a
    # process boundary, or is pickled and loaded later, as the same game whatever the files hold then
    game.source = GameSource(str(path), tuple(sorted(doc.texts.items())), tuple(sorted((options or {}).items())),
                             generated)
    game.remake = _game_of
    return game


def _spec_file(path) -> Path:
    """The file `path` names: itself, or the shipped game of that name (`family`, `family/variant`)."""
    try:
        return catalog.spec_file(str(path))
    except catalog.UnknownGame as e:
        raise SpecErrors([SpecError(e.message, file=str(path))]) from None


class GameSource(NamedTuple):
    """How `load_game` made a game: the spec's path, the text of every file of its chain, its
    options and whether it plays generated code."""

    path: str
    texts: tuple  # ((path, text), ...)
    options: tuple  # ((name, value), ...)
    generated: bool


@functools.lru_cache(maxsize=32)
def _game_of(source: GameSource) -> Game:
    """The game made from `source`, compiled once per process, from the texts it holds."""
    return load_game(source.path, options=dict(source.options), generated=source.generated, texts=dict(source.texts))


class Compiler:
    """One pass over a structurally valid spec document, collecting semantic errors."""

    def __init__(self, doc: Document, *, generated: bool = True):
        self.doc = doc
        self.generated = generated  # trick play runs generated source (interpreter/compile/emit/)
        self.spec = doc.data
        self.errors: list[SpecError] = []
        self._error_keys: set[tuple] = set()
        self.broken_functions: set[str] = set()
        self.places = Places(doc)  # each expression's closure -> its spec path, to place a failure in play
        self.constants = {}  # the closure of each expression that needs no state -> its value
        self.plays = PlayCompiler(self)  # play rules and each contract's program of play

    def error(self, path, message, hint=None, *, at_key=False, offset=None) -> None:
        e = self.doc.error(tuple(path), message, hint, at_key=at_key, offset=offset)
        # a default inherited by several contracts, or an aliased value, is one mistake: report it once
        if e.sort_key() not in self._error_keys:
            self._error_keys.add(e.sort_key())
            self.errors.append(e)

    # ---- expressions ------------------------------------------------------------------

    def expr(self, path, expect: str | None, scope: Scope | None = None, default=None):
        """Compile the expression at `path`; on error record it and return a harmless stand-in."""
        path = tuple(path)
        value = self._get(path)
        if value is None:
            if default is None:
                return None
            value = default
        source = expression_text(value)
        try:
            compiled = compile_expr(source, scope or self.scope, expect)
            safety.check(self, path, source, scope or self.scope)
            fn = compiled.fn
            generated = compile_expression(compiled.node) if self.generated else None
            if generated is not None:  # one generated function instead of a tree of closures
                fn = generated[0]
                fn.node = compiled.node  # (generated code may compute it with others: `conditions_in_place`)
            self.places.add(fn, path)
            if compiled.constant:
                self.constants[fn] = fn()
            return fn
        except ExprError as e:
            if not self._follows_from_broken_function(e):
                self.error(path, e.message, e.hint, offset=(e.line, e.column))
            return _STAND_IN.get(expect, lambda st: None)

    def _follows_from_broken_function(self, e: ExprError) -> bool:
        return any(e.message in (f"unknown function `{name}`", f"unknown name `{name}`")
                   for name in self.broken_functions)

    def _get(self, path):
        node = self.spec
        for k in path:
            if isinstance(node, dict):
                node = node.get(k)
            elif isinstance(node, list) and isinstance(k, int) and k < len(node):
                node = node[k]
            else:
                return None
            if node is None:
                return None
        return node

    # ---- the whole spec -------------------------------------------------------------

    def compile(self) -> Game:
        s = self.spec
        seat_names = tuple(str(x) for x in s["seats"])
        n, step = len(seat_names), 1 if s.get("direction", "clockwise") == "clockwise" else -1
        pack = self.compile_pack()
        if self.errors:  # every card, suit and rank the spec names is read in the pack: it must be right first
            raise SpecErrors(self.errors)
        contracts_spec = s["contracts"]
        self.n, self.step, self.pack, self.seat_names = n, step, pack, seat_names
        self.teams = self.compile_teams(seat_names)
        self.announce_types = self.collect_announcements()
        self.call_words = {}  # every word any call phase offers -> its value (negative: never a number)
        plays = [s.get("play") or {}, *(((c or {}).get("play") or {}) for c in contracts_spec.values())]
        for ph in [*(s["phases"] or {}).values(), *plays]:
            for w in [*((ph or {}).get("words") or {}), *((ph or {}).get("before_looking") or {}),
                      *((ph or {}).get("extras") or {}),
                      *((ph or {}).get("announcements") or {})]:
                self.call_words.setdefault(str(w), -1 - len(self.call_words))
            bids = (ph or {}).get("bids")
            if isinstance(bids, list) and bids_are_words(bids):  # bids that are words: each worth its place
                for i, w in enumerate(bids):
                    self.call_words.setdefault(str(w), i + 1)
        self.scope = self.build_scope(contract_keys=list(contracts_spec))
        self.check_declared_names()
        card = Card.of_pack(pack.names)
        play_actions = tuple(card(c) for c in range(len(pack)))  # each card is its play
        # (seat, card) as a history keeps it, made once: playing a card allocates nothing the
        # garbage collector would have to walk again and again in a long game
        self.pairs = tuple(tuple((p, a) for a in play_actions) for p in range(n))

        rules = self.plays.compile_play_rules()
        contracts = {}
        for key, c in contracts_spec.items():
            contracts[key] = self.compile_contract(key, c or {})

        before = len(self.errors)
        phases, settle = PhaseCompiler(self).compile_phases(contracts, rules, play_actions)
        if len(contracts) > 1 and len(self.errors) == before and not any(
                isinstance(ph, ChooseContract) for ph in phases):
            self.error(("contracts",), f"the spec has {len(contracts)} contracts but no phase chooses one",
                       "add a `choose_contract` phase (`by: declarer`, or a bid that names them), or keep one "
                       "contract", at_key=True)
        dealer = s.get("dealer") or {}
        first = dealer.get("first", "random")
        if first == "random":
            def first_dealer(state, n=n):
                return state.chance().randrange(n)
            first_dealer.drawn = True  # (a chance event: an environment may draw it itself)
        else:
            first_dealer = self.expr(("dealer", "first"), "seat")
            self.read_before_the_game(("dealer", "first"))
        next_dealer = self.expr(("dealer", "next"), "seat", default="left(dealer)")
        declarer = self.expr(("declarer",), "seat", default="dealer")
        if "declarer" in s:
            self.read_as_the_deal_starts(("declarer",), "`declarer` is read as each deal starts",
                                         "an auction's `declarer` says who becomes declarer once it is won",
                                         itself="declarer")
        match = s.get("match") or {}
        ends_when = self.expr(("match", "ends_when"), "bool") if "ends_when" in match else None
        if "deals" in match or ends_when is None:
            deals = self.expr(("match", "deals"), "number", default=str(len(contracts) * n))
        else:
            deals = _NO_LIMIT  # the game ends when `ends_when` says so
            if self._constant(ends_when) is False:
                self.error(("match", "ends_when"), "the game would never end: `ends_when` is always false, and "
                           "the match has no `deals`", "give `deals`, or a condition that comes true")
        check_choices(self, phases, deals)
        game_total = self.expr(("match", "total"), "number") if "total" in match else None
        result = self.expr(("match", "result"), "number") if "result" in match else None
        statistics = {name: self.expr(("match", "statistics", name), "bool")
                      for name in (match.get("statistics") or {})}
        deal_statistics = {}
        for name, stat in (match.get("deal_statistics") or {}).items():
            path = ("match", "deal_statistics", name)
            if isinstance(stat, dict):  # counted among the deals where `of` holds
                deal_statistics[name] = (self.expr(path + ("count",), "bool"), self.expr(path + ("of",), "bool"))
            else:
                deal_statistics[name] = (self.expr(path, "bool"), None)
        partie = None
        if s.get("partie"):
            partie = Partie(self.expr(("partie", "ends_when"), "bool", default="true"),
                            self.expr(("partie", "result"), "number",
                                      default="sum(game_result(g, player) for g in range(1, games_played))"))
        if self.errors:
            raise SpecErrors(self.errors)
        game = Game(
            name=s["game"], title=s.get("title", s["game"]), file=self.doc.file, pack=pack, n=n,
            seat_names=seat_names, step=step, turn_order=tuple((i * step) % n for i in range(n)), phases=phases, contracts=contracts, play_actions=play_actions, pairs=self.pairs,
            first_dealer=first_dealer, next_dealer=next_dealer, declarer=declarer, deals=deals,
            # `play.trump` is set as the deal starts (for the phases before the play to read) when it can be;
            # one that reads what a phase sets (a bid's strain) is set as the play starts, by the play itself
            deal_trump=(self.trump_setting(("play", "trump")) if not moments.late_reads(self, ("play", "trump"))
                        else None),
            ends_when=ends_when, game_total=game_total, settle=settle, result=result, statistics=statistics,
            partie=partie, deal_statistics=deal_statistics, places=self.places,
            var_defaults={k: None for k in self.announce_types if k != "trump"},
            announce_types=dict(self.announce_types), winner=match.get("winner", "highest"),
            options=dict(getattr(self.doc, "options", {}) or {}),
            teams=self.teams,
            # a game of one contract needs nobody to choose it
            only_contract=next(iter(contracts.values())) if len(contracts) == 1 and not any(
                isinstance(ph, ChooseContract) for ph in phases) else None,
            option_defaults={k: option_text((v or {}).get("default")) for k, v in (s.get("options") or {}).items()},
            # what the rules promise of the sums: every deal's scores sum to 0; the game totals sum to this
            zero_sum_deals=bool(contracts) and all(self._constant(c.total) == 0 for c in contracts.values()
                                                   if c.total is not None) and all(
                c.total is not None for c in contracts.values()) and settle is None,
            game_total_value=self._constant(game_total) if game_total is not None and result is None
            and partie is None else None,
        )
        self.check_action_names(game)
        if self.errors:
            raise SpecErrors(self.errors)
        if pack.copies > 1:  # two copies of a card held are one choice: a legal list holds each action once
            for phase in every_phase(game):
                phase.legal = _once(phase.legal)
        table_plan(game)  # its deal's table functions are generated with the rest, not by its first deal
        return game

    def check_action_names(self, game) -> None:
        """No two actions a phase could offer share a name as a player types it or a record reads it
        (`match_key`: case-blind, `10H` = `TH`): `bid 3` the word and `bid 3` the number, contracts
        `No_tricks` and `no_tricks`. The same name in two phases is two moments, never one choice."""
        for phase in every_phase(game):
            seen: dict[str, str] = {}
            for name in phase.vocabulary(game):
                first = seen.setdefault(match_key(name), name)
                if first is name:
                    continue
                said = (f"`{name}` names two actions of phase `{phase.name}`" if first == name else
                        f"`{name}` and `{first}` name two actions of phase `{phase.name}`, and names are read "
                        "without regard to case")
                path, at_key = self._named_at(phase, name)
                self.error(path, f"{said}: a player, a record or a learner could not tell them apart",
                           "choose another name", at_key=at_key)
                break

    def _named_at(self, phase, name) -> tuple:
        """(path, at_key) of the spec's word that made the action `name` of `phase`: a contract's key, a
        phase's word, else the phase."""
        words = name.split()
        for key in self.spec["contracts"]:
            if words[-1:] == [str(key)]:
                return ("contracts", key), True
        spec_phase = (self.spec["phases"] or {}).get(phase.name) or {}
        for section in ("words", "extras", "before_looking"):
            for word in spec_phase.get(section) or {}:
                if name == str(word) or name.endswith(" " + str(word)):
                    return ("phases", phase.name, section, word), True
        return ("phases", phase.name), True

    # ---- moments: what a phase sets during a deal cannot be read as the deal starts (moments.py) ----

    def read_as_the_deal_starts(self, path, what: str, hint: str, itself: str | None = None) -> None:
        moments.read_as_the_deal_starts(self, path, what, hint, itself)

    def read_before_the_game(self, path) -> None:
        moments.read_before_the_game(self, path)

    def compile_teams(self, seat_names) -> list:
        """The partnerships the spec names (for reports and `partner`), each a list of seat names."""
        teams = self.spec.get("teams") or []
        for i, team in enumerate(teams):
            for j, seat in enumerate(team):
                if str(seat) not in seat_names:
                    self.error(("teams", i, j), f"`{seat}` is not a seat", suggest(str(seat), seat_names))
        return [[str(s) for s in team] for team in teams if all(str(s) in seat_names for s in team)]

    def compile_pack(self, orders_at=("pack",)) -> Pack:
        """The pack; with `orders_at` another place (a contract's `play`), with the rank orders given there."""
        return compile_pack(self, orders_at)

    def trump_setting(self, path):
        """A play's `trump` (a suit, `none`, or `trump_cards`: only the pack's trump cards), compiled."""
        value = self._get(path)  # (None when not written: the structure check refuses a null `trump`)
        if str(value) == "trump_cards":
            if self.pack.cards_only is None:
                self.error(path, "`trump_cards` makes only the pack's `trump_cards` trumps, but this pack has none")
                return None
            cards_only = self.pack.cards_only
            return lambda st: cards_only
        return self.expr(path, "suit")

    def collect_announcements(self) -> dict[str, str]:
        """Every announcement any contract makes, with its type (`trump` is always a suit)."""
        types = {"trump": "suit"}
        for key, c in self.spec["contracts"].items():
            for name, domain in ((c or {}).get("announce") or {}).items():
                t = _domain_type(domain)
                if t is None:
                    self.error(("contracts", key, "announce", name),
                               f"announcement `{name}` must be `suit`, `rank` or a list of values")
                    continue
                if name == "trump" and t != "suit":
                    self.error(("contracts", key, "announce", name), "the `trump` announcement names a suit: "
                                                                     "write `trump: suit`")
                elif types.get(name, t) != t:
                    self.error(("contracts", key, "announce", name),
                               f"announcement `{name}` is a {types[name]} elsewhere but a {t} here")
                types.setdefault(name, t)
        self.bid_type, self.bid_structure = None, None  # the bids of the game's auctions, and their levels and strains
        for name, ph in (self.spec["phases"] or {}).items():  # an auction's winning bid: a bid, a rank or a number
            if (ph or {}).get("kind", name) == "auction":
                bids = ph.get("bids") or []
                if isinstance(bids, dict):
                    t = "bid"
                    self.bid_structure = self.bid_structure or self.structured_bids(("phases", name, "bids"), bids)
                else:
                    t = "number" if bids_are_numbers(bids, self.pack.ranks) or bids_are_words(bids) else "rank"
                if self.bid_type not in (None, t):
                    self.error(("phases", name, "bids"), f"the bids of this auction are {a(t)}s, but another "
                               f"auction of the game bids {a(self.bid_type)}s: `calls` could not read both")
                self.bid_type = self.bid_type or t
                types.setdefault(str(ph.get("winning_bid", "bid")), t)
        return types

    def structured_bids(self, path, bids: dict) -> tuple:
        """Bids as levels and strains: (each bid's level, each bid's strain as a suit or None, each bid's
        label), weakest first: every strain at the first level, then at the next."""
        suits = list(self.pack.suits)
        levels = [str(v) for v in bids.get("levels") or []]
        strains = [str(v) for v in bids.get("strains") or []]
        for key, values in (("levels", levels), ("strains", strains)):
            for i, v in enumerate(values):
                if v in values[:i]:
                    self.error(path + (key, i), f"`{v}` is listed twice in `{key}`")
        out = ([], [], [])
        for level in levels:
            for strain in strains:
                out[0].append(float(level) if "." in level else int(level))
                out[1].append(suits.index(strain) if strain in suits else None)
                out[2].append(f"{level}{strain}")
        return tuple(map(tuple, out))

    # ---- the scope of names an expression may use -------------------------------------

    def check_declared_names(self) -> None:
        """A word the spec declares (an announcement, a bid's name, a call, a contract key) may not
        be one of the engine's names: expressions would read the engine's, silently."""
        s, reserved = self.spec, self.scope.reserved
        places = [(("contracts", k), k, True) for k in s["contracts"]]
        for k, c in s["contracts"].items():
            places += [(("contracts", k, "announce", v), v, True) for v in ((c or {}).get("announce") or {})
                       if v != "trump"]
            said = ((c or {}).get("play") or {}).get("announcements") or {}
            places += [(("contracts", k, "play", "announcements", w), w, True) for w in said]
        places += [(("play", "announcements", w), w, True) for w in ((s.get("play") or {}).get("announcements") or {})]
        for name, ph in (s["phases"] or {}).items():
            ph = ph or {}
            for key in ("words", "extras", "before_looking"):
                places += [(("phases", name, key, w), w, True) for w in (ph.get(key) or {})]
            if ph.get("kind", name) == "auction":
                places.append((("phases", name, "winning_bid"), ph.get("winning_bid", "bid"), False))
        for path, word, at_key in places:
            if str(word) in reserved:
                doc = self.scope.names[str(word)].doc
                self.error(path, f"`{word}` is already a name of the game ({doc}); choose another word",
                           at_key=at_key and "winning_bid" not in path)
        for key in s["contracts"]:  # a call's word and a contract read alike in expressions: one would hide the other
            if str(key) in self.call_words:
                self.error(("contracts", key), f"`{key}` is both a contract and a word a phase calls: an expression "
                           "naming it could not say which", "choose another word for one of them", at_key=True)

    def build_scope(self, contract_keys) -> Scope:
        """The engine's names for this game, then the spec's own functions."""
        index = {name: i for i, name in enumerate(self.seat_names)}
        teams = [[index[s] for s in team] for team in self.teams]
        scope = build_scope(self.pack, self.n, self.step, self.announce_types, contract_keys,
                            self.spec["pack"].get("points"), self.spec["pack"].get("trump_points"), self.call_words,
                            teams, bids=(self.bid_type, self.bid_structure))
        return compile_functions(self, scope)

    def compile_contract(self, key, c) -> Contract:
        base = ("contracts", key)
        if "score" not in c:
            self.error(base, f"contract `{key}` has no `score`: say what each player scores in it", at_key=True)
            score = _STAND_IN["number"]
        else:
            score = self.expr(base + ("score",), "number")
        total = self.expr(base + ("total",), "number") if "total" in c else None
        when = self.expr(base + ("when",), "bool") if "when" in c else None
        return Contract(key=key, name=c.get("name", key), score=score, total=total, when=when)

    # ---- phases -----------------------------------------------------------------------

    def _constant(self, fn):
        """The value of a compiled expression that needs no state, else None."""
        return self.constants.get(fn)


def _domain_type(domain):
    if domain in ("suit", "rank"):
        return domain
    if isinstance(domain, list) and domain and all(isinstance(v, (int, float)) and not isinstance(v, bool)
                                                   for v in domain):
        return "number"
    return None


def _NO_LIMIT(state):
    return float("inf")


_STAND_IN = {
    "number": lambda st: 0,
    "bool": lambda st: False,
    "seat": lambda st: 0,
}


def _once(legal):
    """`legal` with each action once, the first of its copies kept (a pack with copies of its cards)."""
    return lambda state: list(dict.fromkeys(legal(state)))

"""Compiling a spec's `phases`: one mechanism per phase kind, linked into the deal's course.

Part of the compiler (`game.Compiler` uses it as a base): each phase of the spec becomes
an object of `interpreter/phases/`, its expressions compiled against the game's scope;
then the phases are linked by their order and `next`, and a phase that can never be
reached is reported.
"""

from __future__ import annotations

from operator import attrgetter

from .actions import Action
from .errors import one_of, suggest
from .expr import ExprError, Name, compile_function
from .phases import Phase
from .phases.call import Call
from .phases.contract import Announce, ChooseContract
from .phases.deal import Deal
from .phases.declare import Category, Declare
from .phases.double import Double
from .phases.exchange import Draw, Exchange, Show
from .phases.expose import Expose
from .phases.score import Score
from .phases.swap import SwapTurnUp
from .phases.trump_bid import TrumpBid
from .phases.auction import Auction
from .phases.call_card import CallCard

PHASE_KINDS = ("deal", "choose_contract", "announce", "auction", "call", "call_card", "trump_bid", "swap_turn_up",
               "exchange", "draw", "expose", "declare", "show", "double", "play", "score")
PHASE_KEYS = {
    "deal": {"hand_size", "packets", "first", "turn_up", "burn_jokers", "more", "show_bottom"},
    "trump_bid": {"first", "void_if_all_pass", "schmeiss"},
    "auction": {"first", "bids", "winning_bid"},
    "call_card": {"card"},
    "swap_turn_up": {"card"},
    "choose_contract": {"by", "once_each", "schedule"},
    "announce": {"by"},
    "exchange": {"by", "min", "max", "sees_unused", "draw"},
    "draw": {"by"},
    "call": {"first", "numbers", "words", "void_if_all_pass", "blind", "extras", "second_round"},
    "show": {"by", "category"},
    "declare": {"first", "by", "categories", "answers"},
    "expose": {"by", "shown_when"},
    "double": {"first", "may_double", "must_double", "settle", "redouble"},
    "play": set(),
    "score": set(),
}
COMMON_PHASE_KEYS = {"kind", "when", "next"}


def bids_are_numbers(bids, ranks) -> bool:
    """Whether an auction bids numbers (else it bids ranks, such as `3` in a pack that has a 3)."""
    return bool(bids) and all(isinstance(b, (int, float)) and not isinstance(b, bool) and str(b) not in ranks
                              for b in bids)


class ContractPlay(Phase):
    """The `play` phase: hands over to the chosen contract's trick or layout play."""

    kind = "play"

    def __init__(self, name, programs):
        super().__init__(name)
        self.programs = programs  # contract key -> Tricks | Layout

    def start(self, st) -> None:
        program = self.programs[st.contract_key]
        st.phase = program
        program.start(st)


class PhaseCompiler:
    """The phase-compiling half of the spec compiler."""

    def compile_phases(self, contracts, rules, play_actions):
        spec_phases = self.spec["phases"]
        names = list(spec_phases)
        phases = []
        settle = None
        for name in names:
            p = spec_phases[name] or {}
            base = ("phases", name)
            kind = p.get("kind", name)
            if kind not in PHASE_KINDS:
                where = base + ("kind",) if "kind" in p else base
                self.error(where, f"unknown phase kind `{kind}`; the kinds are {one_of(PHASE_KINDS)}",
                           suggest(kind, PHASE_KINDS), at_key="kind" not in p)
                phases.append(Phase(name))
                continue
            for k in p:
                if k not in PHASE_KEYS[kind] | COMMON_PHASE_KEYS:
                    allowed = sorted(PHASE_KEYS[kind] | COMMON_PHASE_KEYS)
                    article = "an" if kind[0] in "aeiou" else "a"
                    self.error(base + (k,), f"{article} `{kind}` phase has no setting `{k}`", suggest(k, allowed),
                               at_key=True)
            phase = self.compile_phase(name, kind, p, base, contracts, rules, play_actions)
            if kind == "double":
                settle = p.get("settle", "pairwise")
                if settle not in ("pairwise", "none"):
                    settle = self.expr(base + ("settle",), "number")
            if "when" in p:
                phase.when = self.expr(base + ("when",), "bool")
            phases.append(phase)
        for ph in phases:
            if isinstance(ph, Score):
                ph.settle = settle
        self.link_phases(names, phases, spec_phases)
        return phases, settle

    def compile_phase(self, name, kind, p, base, contracts, rules, play_actions):
        n = self.n
        if kind == "deal":
            size_path = base + ("hand_size",)
            before = len(self.errors)
            hand_size = self.expr(size_path, "number", default=str(len(self.pack) // n))
            size = self._constant(hand_size) if len(self.errors) == before else None
            where = size_path if "hand_size" in p else base
            if size is not None:
                if isinstance(size, float) and size.is_integer():
                    size = int(size)
                if not isinstance(size, int) or size < 1:
                    self.error(where, f"`hand_size` must be a whole number of cards, at least 1, not {size}")
                elif size * n > len(self.pack):
                    self.error(where, f"the deal gives {size * n} cards ({n} x {size}) but the pack has "
                                      f"{len(self.pack)}")
            packets = p.get("packets") or [1]
            first = self.expr(base + ("first",), "seat", default="left(dealer)")
            burn = self.expr(base + ("burn_jokers",), "bool") if "burn_jokers" in p else None
            turn_up = {"trump": True, "offer": "offer"}.get(p.get("turn_up"), False)
            return Deal(name, self.pack, n, hand_size, packets, first, self.step, play_actions,
                        turn_up=turn_up, burn_jokers=burn, more=bool(p.get("more", False)),
                        show_bottom=bool(p.get("show_bottom", False)))
        if kind == "auction":
            values, labels = self.auction_bids(base, p)
            first = self.expr(base + ("first",), "seat", default="next(dealer)")
            return Auction(name, n, self.step, first, values, labels, str(p.get("winning_bid", "bid")))
        if kind == "call_card":
            if "card" not in p:
                self.error(base, "a `call_card` phase needs `card`: the card called, e.g. "
                                 "`card_of_suit(bid, trump)`", at_key=True)
            return CallCard(name, self.expr(base + ("card",), "card", default="none"))
        if kind == "swap_turn_up":
            return SwapTurnUp(name, self.expr(base + ("card",), "card", default="none"))
        if kind == "trump_bid":
            return TrumpBid(name, self.pack, n, self.step, self.expr(base + ("first",), "seat", default="left(dealer)"),
                            bool(p.get("void_if_all_pass", False)), bool(p.get("schmeiss", False)))
        if kind == "choose_contract":
            by = self.expr(base + ("by",), "seat", default="declarer")
            schedule = p.get("schedule")
            if schedule is not None:
                for i, key in enumerate(schedule):
                    if key not in contracts:
                        self.error(base + ("schedule", i), f"`{key}` is not a contract", suggest(str(key), contracts))
            return ChooseContract(name, by, bool(p.get("once_each", False)), contracts, schedule)
        if kind == "announce":
            by = self.expr(base + ("by",), "seat", default="declarer")
            return Announce(name, by, self.announcement_actions())
        if kind == "exchange":
            by = self.expr(base + ("by",), "seat", default="declarer")
            least = self.expr(base + ("min",), "number", default="0")
            most = self.expr(base + ("max",), "number", default="pack_size")
            sees = self.expr(base + ("sees_unused",), "number") if "sees_unused" in p else None
            return Exchange(name, self.pack, by, least, most, sees, draws=p.get("draw", True) is not False)
        if kind == "call":
            first = self.expr(base + ("first",), "seat", default="left(dealer)")
            numbers = p.get("numbers") or {}
            lowest = self.expr(base + ("numbers", "from"), "number", default="1")
            highest = self.expr(base + ("numbers", "to"), "number", default="0")
            number_scope = self.scope.child(number=Name("number", get=attrgetter("number"), doc="the number bid"))
            allowed = (self.expr(base + ("numbers", "allowed"), "bool", number_scope)
                       if "allowed" in numbers else None)
            words = [(w, self.call_words[w], self.expr(base + ("words", w), "bool", default="true"))
                     for w in (p.get("words") or {})]
            blind = self.expr(base + ("blind",), "bool") if "blind" in p else None
            extras = [(w, self.call_words[w], self.expr(base + ("extras", w), "bool", default="true"))
                      for w in (p.get("extras") or {})]
            return Call(name, n, self.step, first, lowest, highest, allowed, words,
                        bool(p.get("void_if_all_pass", False)), blind, extras, bool(p.get("second_round", False)))
        if kind == "draw":
            return Draw(name, self.expr(base + ("by",), "seat", default="declarer"))
        if kind == "show":
            return Show(name, self.expr(base + ("by",), "seat", default="declarer"), str(p.get("category", "")))
        if kind == "expose":
            shown = self.expr(base + ("shown_when",), "bool") if "shown_when" in p else None
            return Expose(name, self.expr(base + ("by",), "seat", default="dealer"), shown)
        if kind == "declare":
            first = self.expr(base + ("first",), "seat", default="declarer")
            alone = "by" in p  # one seat declares, not every seat in turn
            if alone:
                if "first" in p:
                    self.error(base + ("by",), "a `declare` phase has either `first` (every seat in turn) "
                                               "or `by` (one seat), not both", at_key=True)
                first = self.expr(base + ("by",), "seat")
            cats = [self.compile_category(base + ("categories", cname), cname, c or {})
                    for cname, c in (p.get("categories") or {}).items()]
            points = self.spec["pack"].get("points") or {}
            pips = tuple(points.get(self.pack.ranks[r], 0) if r >= 0 else 0 for r in self.pack.rank)
            return Declare(name, self.pack, n, first, cats, p.get("answers"), pips, alone)
        if kind == "double":
            first = self.expr(base + ("first",), "seat", default="left(declarer)")
            target_scope = self.scope.child(target=Name("seat", get=attrgetter("target"), doc="the seat to double"))
            may = self.expr(base + ("may_double",), "bool", target_scope, default="true")
            must = self.expr(base + ("must_double",), "bool", target_scope) if "must_double" in p else None
            aon = None
            if p.get("redouble") is not None:
                aon = self.expr(base + ("redouble",), "bool")
            return Double(name, n, self.seat_names, first, may, aon, must)
        if kind == "play":
            programs = {k: self.compile_program(name, k, rules, play_actions) for k in contracts}
            return ContractPlay(name, programs)
        return Score(name, n, None)

    def auction_bids(self, base, p):
        """An auction's bids, weakest first: (the values its winning bid takes, their names)."""
        bids = p.get("bids") or []
        if not bids:
            self.error(base, "an `auction` phase needs `bids`: every bid, weakest first, e.g. `[A, 3, K, Q, J]`",
                       at_key=True)
        for i, b in enumerate(bids):
            if str(b) in map(str, bids[:i]):
                self.error(base + ("bids", i), f"`{b}` is listed twice in `bids`")
        if bids_are_numbers(bids, self.pack.ranks):
            return list(bids), [str(b) for b in bids]
        values = []
        for i, b in enumerate(bids):
            if str(b) in self.pack.ranks:
                values.append(self.pack.ranks.index(str(b)))
            else:
                self.error(base + ("bids", i), f"`{b}` is not a rank of this pack; an auction bids ranks or numbers",
                           suggest(str(b), self.pack.ranks))
        return values, [str(b) for b in bids]

    def compile_category(self, base, name, c) -> Category:
        """One category of a `declare` phase: how to find its combinations, compare and score them."""
        finder = c.get("combinations", "suits")
        ranks = None
        if "ranks" in c:
            ranks = set()
            for i, r in enumerate(c["ranks"]):
                r = str(r)
                if r in self.pack.ranks:
                    ranks.add(self.pack.ranks.index(r))
                else:
                    self.error(base + ("ranks", i), f"`{r}` is not a rank of this pack", suggest(r, self.pack.ranks))
        params = {"cards": "list<card>"}

        def function(key, default):
            if key not in c and default is None:
                self.error(base, f"category `{name}` needs a `{key}`", at_key=True)
                return lambda st, cards: 0
            source = str(c.get(key, default))
            try:
                impl, _ = compile_function(source, self.scope, params, what=f"`{key}`")
                self.places.add(impl, base + (key,))
            except ExprError as e:
                self.error(base + (key,), e.message, e.hint, offset=(e.line, e.column))
                return lambda st, cards: 0
            return impl

        only_if = function("only_if", "true") if "only_if" in c else None
        announce = c.get("announce", ["size"])
        for i, part in enumerate(announce):
            if part not in ("size", "top", "pips"):
                self.error(base + ("announce", i), f"`{part}` cannot be announced; say `size`, `top` or `pips`",
                           suggest(str(part), ["size", "top", "pips"]))
        return Category(name, finder, int(c.get("at_least", 1)), ranks, only_if, c.get("choose", "any"),
                        function("key", "0" if c.get("compare") == "none" else None), function("score", None),
                        c.get("compare", "best"), announce, bool(c.get("stepwise", False)),
                        c.get("show", True) is not False, c.get("ties"), int(c.get("split_long", 0)))

    def announcement_actions(self):
        pack = self.pack
        out = {}
        for key, c in self.spec["contracts"].items():
            items = []
            for var, domain in ((c or {}).get("announce") or {}).items():
                if domain == "suit":
                    acts = [Action(var, i, f"{var} {s}") for i, s in enumerate(pack.suits)]
                elif domain == "rank":
                    acts = [Action(var, i, f"{var} {r}") for i, r in enumerate(pack.ranks)]
                elif isinstance(domain, list):
                    acts = [Action(var, v, f"{var} {v}") for v in domain]
                else:
                    continue
                items.append((var, acts))
            out[key] = items
        return out

    def link_phases(self, names, phases, spec_phases) -> None:
        """Set each phase's successor and report phases that can never be reached."""
        index = {nm: i for i, nm in enumerate(names)}
        for i, (nm, ph) in enumerate(zip(names, phases)):
            p = spec_phases[nm] or {}
            if "next" in p:
                target = p["next"]
                if target == "end":  # the deal ends after this phase
                    ph.next_index = None
                elif target not in index:
                    self.error(("phases", nm, "next"), f"`next` names no phase: `{target}`", suggest(str(target), names))
                    ph.next_index = None
                else:
                    ph.next_index = index[target]
            else:
                ph.next_index = i + 1 if i + 1 < len(phases) else None
            if isinstance(ph, ContractPlay):
                for prog in ph.programs.values():
                    prog.next_index = ph.next_index
                    prog.when = ph.when
        # reachability from the first phase; a skipped phase (`when`) still passes on to its successor
        seen, todo = set(), [0] if phases else []
        while todo:
            i = todo.pop()
            if i in seen:
                continue
            seen.add(i)
            if phases[i].next_index is not None:
                todo.append(phases[i].next_index)
        for i, nm in enumerate(names):
            if i not in seen:
                self.error(("phases", nm), f"phase `{nm}` is never reached: no phase before it leads to it",
                           at_key=True)
        kinds = [ph.kind for ph in phases]
        for need in ("deal", "score"):
            if need not in kinds and "play" in kinds:
                self.error(("phases",), f"the phases have no `{need}` phase", at_key=True)


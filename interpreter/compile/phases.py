"""Compiling a spec's `phases`: one mechanism per phase kind, linked into the deal's course.

Part of the compiler (`game.Compiler` uses it as a base): each phase of the spec becomes
an object of `interpreter/phases/`, its expressions compiled against the game's scope;
then the phases are linked by their order and `next` (interpreter/compile/order.py, which
also reports a phase that can never be reached).
"""

from __future__ import annotations

import re

from operator import attrgetter
from typing import NamedTuple

from ..core.actions import Action
from ..core.errors import one_of, suggest
from ..expr import ExprError, Name, compile_function
from ..phases import Phase
from ..phases.auction import Auction, HoldingAuction
from ..phases.call import Call
from ..phases.call_card import CallCard
from ..phases.contract import Announce, ChooseContract, ContractPlay
from ..phases.deal import Deal
from ..phases.declare import Category, Declare
from ..phases.double import Double
from ..phases.exchange import NO_RULES, DiscardRules, Draw, Exchange, Show, TakeAndDiscard
from ..phases.expose import Expose
from ..phases.passing import PassCards
from ..phases.score import Score
from ..phases.swap import SwapTurnUp
from ..phases.trump_bid import TrumpBid
from . import safety
from .emit.expressions import compile_function as generate_function
from .order import link_phases

PHASE_KEYS = {
    "deal": {"hand_size", "packets", "first", "turn_up", "burn_jokers", "more", "show_bottom"},
    "trump_bid": {"first", "void_if_all_pass", "schmeiss", "last_must_name"},
    "auction": {"first", "bids", "winning_bid", "hold", "void_if_all_pass", "words", "pass_is_final", "ends_when",
                "declarer"},
    "call_card": {"card"},
    "swap_turn_up": {"card"},
    "choose_contract": {"by", "once_each", "schedule"},
    "announce": {"by"},
    "exchange": {"by", "min", "max", "sees_unused", "draw", "take", "rules", "shown", "show_taken"},
    "draw": {"by"},
    "call": {"first", "numbers", "words", "void_if_all_pass", "blind", "extras", "second_round", "pass",
             "before_looking"},
    "pass_cards": {"first", "who", "count", "to"},
    "show": {"by", "category"},
    "declare": {"first", "by", "categories", "answers"},
    "expose": {"by", "shown_when"},
    "double": {"first", "may_double", "must_double", "settle", "redouble"},
    "play": set(),
    "score": set(),
}
COMMON_PHASE_KEYS = {"kind", "when", "next"}


def bids_are_words(bids) -> bool:
    """Whether an auction bids words (`[prise, garde, garde_sans]`): each is then a name worth its place in
    the list, from 1 (`high_bid >= garde`)."""
    return bool(bids) and all(isinstance(b, str) and re.fullmatch(r"[a-z_][a-z0-9_]*", b) for b in bids)


def bids_are_numbers(bids, ranks) -> bool:
    """Whether an auction bids numbers: every bid is a number, and one at least is no rank of the pack
    (`[1, 2, ..., 35]`); else it bids ranks (`[A, 3, K]`, or `[2, 3, 4]` in a pack whose ranks they are)."""
    def number(b):
        return isinstance(b, (int, float)) and not isinstance(b, bool)
    return bool(bids) and all(number(b) for b in bids) and any(str(b) not in ranks for b in bids)


class PhaseContext(NamedTuple):
    """What every phase of a spec may need besides its own settings."""

    contracts: dict  # key -> compiled Contract
    rules: dict  # name -> compiled PlayRule
    play_actions: tuple  # card number -> its play action


class PhaseCompiler:
    """Compiles a spec's `phases` for the spec compiler it works for (`owner`), whose
    expressions, errors, pack and scope it uses."""

    def __init__(self, owner):
        self.owner = owner

    def compile_phases(self, contracts, rules, play_actions):
        spec_phases = self.owner.spec["phases"]
        names = list(spec_phases)
        phases = []
        settle = None
        for name in names:
            p = spec_phases[name] or {}
            base = ("phases", name)
            kind = p.get("kind", name)
            if kind not in PHASE_KINDS:
                where = base + ("kind",) if "kind" in p else base
                self.owner.error(where, f"unknown phase kind `{kind}`; the kinds are {one_of(PHASE_KINDS)}",
                           suggest(kind, PHASE_KINDS), at_key="kind" not in p)
                phases.append(Phase(name))
                continue
            for k in p:
                if k not in PHASE_KEYS[kind] | COMMON_PHASE_KEYS:
                    allowed = sorted(PHASE_KEYS[kind] | COMMON_PHASE_KEYS)
                    article = "an" if kind[0] in "aeiou" else "a"
                    self.owner.error(base + (k,), f"{article} `{kind}` phase has no setting `{k}`", suggest(k, allowed),
                               at_key=True)
            phase = self.compile_phase(name, kind, p, base, contracts, rules, play_actions)
            if kind == "double":
                settle = p.get("settle", "pairwise")
                if settle not in ("pairwise", "none"):
                    settle = self.owner.expr(base + ("settle",), "number")
            if "when" in p:
                phase.when = self.owner.expr(base + ("when",), "bool")
            phases.append(phase)
        for ph in phases:
            if isinstance(ph, Score):
                ph.settle = settle
        link_phases(self.owner, names, phases, spec_phases)
        self.check_talon(names, spec_phases)
        return phases, settle

    def check_talon(self, names, spec_phases) -> None:
        """An `exchange` with a `min` when the talon is empty as it starts (in the order the phases
        are listed; the talon is followed while the deals give a fixed number of cards)."""
        n, talon, dealt = self.owner.n, None, 0
        for nm in names:
            p = spec_phases[nm] or {}
            kind = p.get("kind", nm)
            if kind == "deal":
                size = _fixed(p.get("hand_size", self.owner.pack.size // n))
                if size is None:
                    talon = None
                elif not p.get("more"):
                    talon, dealt = self.owner.pack.size - n * size, size
                elif talon is not None:
                    talon, dealt = max(0, talon - n * max(0, size - dealt)), max(size, dealt)
                if talon and p.get("turn_up") in ("trump", "offer"):
                    talon -= 1  # the card turned up
            elif kind == "exchange":
                least = _fixed(p.get("min", 0))
                if talon == 0 and least:
                    self.owner.error(("phases", nm, "min"), f"`min` is {least}, but the talon is empty when this "
                                     f"phase starts (the deals give every card), so there is nothing to exchange")
                talon = None if p.get("draw", True) is not False else talon

    def compile_phase(self, name, kind, p, base, contracts, rules, play_actions):
        """The phase `name` of kind `kind` (one method per kind, `_PHASES`), with settings `p` at `base`."""
        return self._PHASES[kind](self, name, p, base, PhaseContext(contracts, rules, play_actions))

    def _phase_deal(self, name, p, base, ctx):
        n = self.owner.n
        size_path = base + ("hand_size",)
        before = len(self.owner.errors)
        hand_size = self.owner.expr(size_path, "number", default=str(self.owner.pack.size // n))
        size = self.owner._constant(hand_size) if len(self.owner.errors) == before else None
        where = size_path if "hand_size" in p else base
        fixed = None
        if size is not None:
            if isinstance(size, float) and size.is_integer():
                size = int(size)
            if not isinstance(size, int) or size < 1:
                self.owner.error(where, f"`hand_size` must be a whole number of cards, at least 1, not {size}")
            elif size * n > self.owner.pack.size:
                self.owner.error(where, f"the deal gives {size * n} cards ({n} x {size}) but the pack has "
                                  f"{self.owner.pack.size}")
            else:
                fixed = size
        self.only_with(p, base, "burn_jokers", p.get("turn_up") == "trump", "`turn_up: trump` (a joker turned "
                       "up for trump is what it buries)")
        self.only_with(p, base, "show_bottom", p.get("more"), "`more: true` (the talon left when the hands are "
                       "completed)")
        self.only_with(p, base, "turn_up", not p.get("more"), "the first deal: a deal that completes the hands "
                       "(`more: true`) turns nothing up")
        packets = [int(k) for k in p.get("packets") or [1]]  # (`1.0` is a whole number to the schema too)
        first = self.owner.expr(base + ("first",), "seat", default="left(dealer)")
        burn = self.owner.expr(base + ("burn_jokers",), "bool") if "burn_jokers" in p else None
        turn_up = {"trump": True, "offer": "offer"}.get(p.get("turn_up"), False)
        return Deal(name, self.owner.pack, n, hand_size, packets, first, self.owner.step, ctx.play_actions,
                    turn_up=turn_up, burn_jokers=burn, more=bool(p.get("more", False)),
                    show_bottom=bool(p.get("show_bottom", False)), fixed_size=fixed)

    def _phase_auction(self, name, p, base, ctx):
        n = self.owner.n
        values, labels = self.auction_bids(base, p)
        first = self.owner.expr(base + ("first",), "seat", default="next(dealer)")
        var, void = str(p.get("winning_bid", "bid")), p.get("void_if_all_pass", True) is not False
        if p.get("hold"):
            for key in ("words", "pass_is_final", "ends_when", "declarer"):
                self.only_with(p, base, key, False, "an auction without `hold` (duels have rules of their own)")
            return HoldingAuction(name, n, self.owner.step, first, values, labels, var, void)
        words = [(w, self.owner.call_words[str(w)], self.owner.expr(base + ("words", w), "bool", default="true"))
                 for w in (p.get("words") or {})]
        setting = {key: self.owner.expr(base + (key,), kind) if key in p else None
                   for key, kind in (("pass_is_final", "bool"), ("ends_when", "bool"), ("declarer", "seat"))}
        return Auction(name, n, self.owner.step, first, values, labels, var, void, words, **setting)

    def _phase_call_card(self, name, p, base, ctx):
        if "card" not in p:
            self.owner.error(base, "a `call_card` phase needs `card`: the card called, e.g. "
                             "`card_of_suit(bid, trump)`", at_key=True)
        return CallCard(name, self.owner.expr(base + ("card",), "card", default="none"))

    def _phase_swap_turn_up(self, name, p, base, ctx):
        return SwapTurnUp(name, self.owner.expr(base + ("card",), "card", default="none"))

    def _phase_trump_bid(self, name, p, base, ctx):
        n = self.owner.n
        return TrumpBid(name, self.owner.pack, n, self.owner.step, self.owner.expr(base + ("first",), "seat", default="left(dealer)"),
                        bool(p.get("void_if_all_pass", False)), bool(p.get("schmeiss", False)),
                        bool(p.get("last_must_name", False)))

    def _phase_choose_contract(self, name, p, base, ctx):
        by = self.owner.expr(base + ("by",), "seat", default="declarer")
        schedule = p.get("schedule")
        if schedule is not None:
            for i, key in enumerate(schedule):
                if key not in ctx.contracts:
                    self.owner.error(base + ("schedule", i), f"`{key}` is not a contract", suggest(str(key), ctx.contracts))
        return ChooseContract(name, by, bool(p.get("once_each", False)), ctx.contracts, schedule)

    def _phase_announce(self, name, p, base, ctx):
        by = self.owner.expr(base + ("by",), "seat", default="declarer")
        return Announce(name, by, self.announcement_actions())

    def _phase_exchange(self, name, p, base, ctx):
        by = self.owner.expr(base + ("by",), "seat", default="declarer")
        if "take" in p:  # take first, discard after
            for key in ("sees_unused", "draw"):
                if key in p:
                    self.owner.error(base + (key,), f"`{key}` is for an exchange that discards first; this one "
                                                    "takes first (`take`)", at_key=True)
            least = self.owner.expr(base + ("min",), "number") if "min" in p else None
            most = self.owner.expr(base + ("max",), "number") if "max" in p else None
            self.only_with(p, base, "show_taken", p["take"] == "talon", "`take: talon` (a turn-up is always seen)")
            show = self.owner.expr(base + ("show_taken",), "bool") if "show_taken" in p else None
            return TakeAndDiscard(name, self.owner.pack, by, least, most, str(p["take"]),
                                  self.discard_rules(p, base, ctx.rules), show)
        self.only_with(p, base, "show_taken", False, "`take: talon`")
        least = self.owner.expr(base + ("min",), "number", default="0")
        most = self.owner.expr(base + ("max",), "number", default="pack_size")
        self.only_with(p, base, "sees_unused", p.get("draw", True) is not False, "an exchange that draws: with "
                       "`draw: false` the cards are drawn later, by a `draw` phase")
        sees = self.owner.expr(base + ("sees_unused",), "number") if "sees_unused" in p else None
        return Exchange(name, self.owner.pack, by, least, most, sees, draws=p.get("draw", True) is not False,
                        discarding=self.discard_rules(p, base, ctx.rules))

    def discard_rules(self, p, base, rules) -> DiscardRules:
        """An exchange's `rules` (play rules that limit the discards, as they limit the cards played) and
        `shown` (the discards laid face up)."""
        chosen = []
        for i, rn in enumerate(p.get("rules") or ()):
            if rn in rules:
                chosen.append(rules[rn])
            else:
                self.owner.error(base + ("rules", i), f"unknown play rule `{rn}`; the rules are listed under "
                                                      "`play_rules`", suggest(str(rn), rules))
        shown = self.owner.plays.card_filter(base + ("shown",), what="`shown`") if "shown" in p else None
        return DiscardRules(chosen, shown) if chosen or shown else NO_RULES

    def _phase_call(self, name, p, base, ctx):
        n = self.owner.n
        first = self.owner.expr(base + ("first",), "seat", default="left(dealer)")
        numbers = p.get("numbers") or {}
        lowest = self.owner.expr(base + ("numbers", "from"), "number", default="1")
        highest = self.owner.expr(base + ("numbers", "to"), "number", default="0")
        number_scope = self.owner.scope.child(number=Name("number", get=attrgetter("number"), doc="the number bid"))
        allowed = (self.owner.expr(base + ("numbers", "allowed"), "bool", number_scope)
                   if "allowed" in numbers else None)
        words = [(w, self.owner.call_words[w], self.owner.expr(base + ("words", w), "bool", default="true"))
                 for w in (p.get("words") or {})]
        if p.get("pass", True) is False and not (numbers or p.get("words")):
            self.owner.error(base + ("pass",), "a `call` phase without a pass needs `numbers` or `words`: "
                             "something every seat may call", at_key=True)
        blind = self.owner.expr(base + ("blind",), "bool") if "blind" in p else None
        extras = [(w, self.owner.call_words[w], self.owner.expr(base + ("extras", w), "bool", default="true"))
                  for w in (p.get("extras") or {})]
        unseen = [(w, self.owner.call_words[w], self.owner.expr(base + ("before_looking", w), "bool", default="true"))
                  for w in (p.get("before_looking") or {})]
        greatest = 0
        if "to" in numbers:  # the numbers any call may name, for every list of the actions a seat could take
            greatest = safety.greatest(str(numbers["to"]), self.owner.scope)
            if greatest == float("inf"):
                self.owner.error(base + ("numbers", "to"), "the greatest number a call may name must follow from the "
                                 "spec, so that every call the game offers can be listed",
                                 "write a number, a constant of the game (`pack_size`, an option's number), `dealt`, "
                                 "or a bound such as `min([..., 13])`")
                greatest = 0
        call = Call(name, n, self.owner.step, first, lowest, highest, allowed, words,
                    bool(p.get("void_if_all_pass", False)), blind, extras, bool(p.get("second_round", False)),
                    p.get("pass", True) is not False, unseen, greatest=int(max(greatest, 0)),
                    because=numbers.get("because"))
        if allowed is not None and self.owner.generated and not self.owner.errors:
            # every number a seat may bid, asked in one generated filter: what the condition asks alike
            # of each number (the bids so far, the highest) is computed once for the list
            call.allowed_numbers = self.owner.plays.card_filter(base + ("numbers", "allowed"),
                                                                what="`allowed`", var=("number", "number"),
                                                                whole=True)
        return call

    def _phase_pass_cards(self, name, p, base, ctx):
        if "to" not in p:
            self.owner.error(base, "a `pass_cards` phase needs `to`: the seat each player passes to, e.g. "
                             "`partner(player)`", at_key=True)
        first = self.owner.expr(base + ("first",), "seat", default="left(dealer)")
        who = self.owner.expr(base + ("who",), "bool") if "who" in p else None
        count = self.owner.expr(base + ("count",), "number", default="1")
        to = self.owner.expr(base + ("to",), "seat", default="none")
        return PassCards(name, self.owner.pack, self.owner.n, self.owner.step, first, who, count, to, ctx.play_actions)

    def _phase_draw(self, name, p, base, ctx):
        return Draw(name, self.owner.expr(base + ("by",), "seat", default="declarer"))

    def _phase_show(self, name, p, base, ctx):
        return Show(name, self.owner.expr(base + ("by",), "seat", default="declarer"), str(p.get("category", "")))

    def _phase_expose(self, name, p, base, ctx):
        shown = self.owner.expr(base + ("shown_when",), "bool") if "shown_when" in p else None
        return Expose(name, self.owner.expr(base + ("by",), "seat", default="dealer"), shown)

    def _phase_declare(self, name, p, base, ctx):
        n = self.owner.n
        first = self.owner.expr(base + ("first",), "seat", default="declarer")
        alone = "by" in p  # one seat declares, not every seat in turn
        if alone:
            if "first" in p:
                self.owner.error(base + ("by",), "a `declare` phase has either `first` (every seat in turn) "
                                           "or `by` (one seat), not both", at_key=True)
            first = self.owner.expr(base + ("by",), "seat")
        cats = [self.compile_category(base + ("categories", cname), cname, c or {})
                for cname, c in (p.get("categories") or {}).items()]
        pips = self.owner.pack.points_of(self.owner.spec["pack"].get("points"))
        return Declare(name, self.owner.pack, n, first, cats, p.get("answers"), pips, alone)

    def _phase_double(self, name, p, base, ctx):
        n = self.owner.n
        first = self.owner.expr(base + ("first",), "seat", default="left(declarer)")
        target_scope = self.owner.scope.child(target=Name("seat", get=attrgetter("target"), doc="the seat to double"))
        may = self.owner.expr(base + ("may_double",), "bool", target_scope, default="true")
        must = self.owner.expr(base + ("must_double",), "bool", target_scope) if "must_double" in p else None
        aon = None
        if p.get("redouble") is not None:
            aon = self.owner.expr(base + ("redouble",), "bool")
        return Double(name, n, self.owner.seat_names, first, may, aon, must)

    def _phase_play(self, name, p, base, ctx):
        # a contract with no `play` of its own plays the spec's: one program, compiled once, for all of them
        programs, shared = {}, None
        for k in ctx.contracts:
            if ((self.owner.spec["contracts"][k] or {}).get("play")):
                programs[k] = self.owner.plays.compile_program(name, k, ctx.rules, ctx.play_actions)
            else:
                if shared is None:
                    shared = self.owner.plays.compile_program(name, k, ctx.rules, ctx.play_actions)
                programs[k] = shared
        return ContractPlay(name, programs)

    def _phase_score(self, name, p, base, ctx):
        phase = Score(name, self.owner.n, None)
        phase.raw_read = self.owner.raw_readers is None or bool(self.owner.raw_readers)
        return phase

    # phase kind -> the method that compiles it
    _PHASES = {
        "deal": _phase_deal, "auction": _phase_auction, "call_card": _phase_call_card,
        "swap_turn_up": _phase_swap_turn_up, "trump_bid": _phase_trump_bid,
        "choose_contract": _phase_choose_contract, "announce": _phase_announce, "exchange": _phase_exchange,
        "call": _phase_call, "draw": _phase_draw, "show": _phase_show, "expose": _phase_expose,
        "declare": _phase_declare, "double": _phase_double, "play": _phase_play, "score": _phase_score,
        "pass_cards": _phase_pass_cards,
    }

    def only_with(self, p, base, key, ok, needed: str) -> None:
        """Refuse setting `key` of phase settings `p` where it would do nothing (unless `ok`)."""
        if key in p and not ok:
            self.owner.error(base + (key,), f"`{key}` applies only with {needed}", at_key=True)

    def auction_bids(self, base, p):
        """An auction's bids, weakest first: (the values its winning bid takes, their names)."""
        bids = p.get("bids") or []
        if isinstance(bids, dict):  # levels and strains: a bid is its place in the order (`bid.level`, `bid.strain`)
            labels = self.owner.structured_bids(base + ("bids",), bids)[2]
            if not labels:
                self.owner.error(base + ("bids",), "bids of levels and strains need both, e.g. `{levels: [1, 2, 3, 4, "
                                 "5, 6, 7], strains: [C, D, H, S, NT]}`", at_key=True)
            return list(range(len(labels))), list(labels)
        if not bids:
            self.owner.error(base, "an `auction` phase needs `bids`: every bid, weakest first, e.g. `[A, 3, K, Q, J]`",
                       at_key=True)
        for i, b in enumerate(bids):
            if str(b) in map(str, bids[:i]):
                self.owner.error(base + ("bids", i), f"`{b}` is listed twice in `bids`")
        if bids_are_numbers(bids, self.owner.pack.ranks):
            return list(bids), [str(b) for b in bids]
        if bids_are_words(bids):
            return list(range(1, len(bids) + 1)), [str(b) for b in bids]
        values = []
        for i, b in enumerate(bids):
            if str(b) in self.owner.pack.ranks:
                values.append(self.owner.pack.ranks.index(str(b)))
            else:
                self.owner.error(base + ("bids", i), f"`{b}` is not a rank of this pack; an auction bids ranks or numbers",
                           suggest(str(b), self.owner.pack.ranks))
        return values, [str(b) for b in bids]

    def compile_category(self, base, name, c) -> Category:
        """One category of a `declare` phase: how to find its combinations, compare and score them."""
        finder = c.get("combinations", "suits")
        ranks = None
        if "ranks" in c:
            ranks = set()
            for i, r in enumerate(c["ranks"]):
                r = str(r)
                if r in self.owner.pack.ranks:
                    ranks.add(self.owner.pack.ranks.index(r))
                else:
                    self.owner.error(base + ("ranks", i), f"`{r}` is not a rank of this pack", suggest(r, self.owner.pack.ranks))
        params = {"cards": "list<card>"}

        def function(key, default):
            if key not in c and default is None:
                self.owner.error(base, f"category `{name}` needs a `{key}`", at_key=True)
                return lambda st, cards: 0
            source = str(c.get(key, default))
            try:
                impl, _ = compile_function(source, self.owner.scope, params, what=f"`{key}`")
                alone = not impl.body[0].ctx  # (it reads nothing of the state: the same cards, the same value)
                generated = generate_function(*impl.body) if self.owner.generated else None
                if generated is not None:  # one generated function instead of a tree of closures
                    impl = generated[0]
                impl.of_cards_alone = alone
                safety.check(self.owner, base + (key,), source, self.owner.scope)
                self.owner.places.add(impl, base + (key,))
            except ExprError as e:
                self.owner.error(base + (key,), e.message, e.hint, offset=(e.line, e.column))
                return lambda st, cards: 0
            return impl

        if c.get("show") is False and c.get("compare", "best") != "none":
            self.owner.error(base + ("show",), "`show: false` applies only with `compare: none` (with `compare: "
                             "best`, only the winner's combinations are shown, when he wins)", at_key=True)
        only_if = function("only_if", "true") if "only_if" in c else None
        announce = c.get("announce", ["size"])
        for i, part in enumerate(announce):
            if part not in ("size", "top", "pips"):
                self.owner.error(base + ("announce", i), f"`{part}` cannot be announced; say `size`, `top` or `pips`",
                           suggest(str(part), ["size", "top", "pips"]))
        return Category(name, finder, int(c.get("at_least", 1)), ranks, only_if, c.get("choose", "any"),
                        function("key", "0" if c.get("compare") == "none" else None), function("score", None),
                        c.get("compare", "best"), announce, bool(c.get("stepwise", False)),
                        c.get("show", True) is not False, c.get("ties"), int(c.get("split_long", 0)))

    def announcement_actions(self):
        pack = self.owner.pack
        out = {}
        for key, c in self.owner.spec["contracts"].items():
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


def _fixed(value):
    """A setting written as a whole number (not an expression), else None."""
    if isinstance(value, bool):
        return None
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value if isinstance(value, int) else None


PHASE_KINDS = tuple(PhaseCompiler._PHASES)  # the kinds of phase a spec may have
"""Compiling trick and layout play: the play rules, and each contract's program of play.

Works for the spec compiler (`owner`, interpreter/compile/game.py), whose expressions, errors,
pack and scope it uses; a trick program without words said with a card is then given its
generated legal list and playout (interpreter/compile/emit/).
"""

from __future__ import annotations

from lark import Tree

from ..core.errors import suggest
from ..expr import ExprError, compile_filter, compile_function, parse
from ..phases.layout import Layout
from ..phases.tricks import NOT_ON_LEAD, ON_LEAD, Announcement, PlayRule, Tricks
from . import safety
from .emit.conditions import compile_step, compile_steps
from .emit.expressions import compile_function as generate_function
from .emit.tricks import compile_tricks
from .functions import expression_text


def _lead(when) -> bool | None:
    """True when condition `when` begins `leading and ...`, False when `not leading and ...` (it holds
    only on lead, or only not on lead), else None. Read from its parse tree: an `and` chain whose
    first operand is the engine's `leading`, or `not leading`."""
    try:
        tree = parse(expression_text(when))
    except ExprError:
        return None  # (reported where the condition is compiled)
    if not (isinstance(tree, Tree) and tree.data == "and_"):
        return None
    while isinstance(tree, Tree) and tree.data == "and_":
        tree = tree.children[0]
    negated = isinstance(tree, Tree) and tree.data == "not_"
    if negated:
        tree = tree.children[0]
    if isinstance(tree, Tree) and tree.data == "name" and str(tree.children[0]) == "leading":
        return not negated
    return None


class PlayCompiler:
    """The play rules and programs of play of one spec, for the compiler `owner`."""

    def __init__(self, owner):
        self.owner = owner

    def compile_play_rules(self) -> dict[str, PlayRule]:
        rules = {}
        for name, r in (self.owner.spec.get("play_rules") or {}).items():
            base = ("play_rules", name)
            keep = self.card_filter(base + ("keep",))
            when = self.owner.expr(base + ("when",), "bool") if "when" in r else None
            text = r.get("description") or f"keep {r['keep']}" + (f" when {r['when']}" if "when" in r else "")
            mode = {"leading": ON_LEAD, "not leading": NOT_ON_LEAD}.get(" ".join(str(r.get("when", "")).split()))
            rules[name] = PlayRule(name, when, keep, text, mode, _lead(r["when"]) if "when" in r else None)
        return rules

    def card_filter(self, path, what="a play rule's `keep`", var=("card", "card"), whole=False):
        """A condition on `card` (or on `var`: its name and type), compiled to select the cards of a hand
        (the items of a list) that pass it; `whole`: generated as one function, its conjuncts' steps
        and all (a play rule's keep is not: the trick play runs its first step in place)."""
        source = expression_text(self.owner._get(path))
        try:
            generate = (lambda node, cell: (compile_step(node, cell) or (None,))[0]) if self.owner.generated else None
            steps = (lambda nodes, cell: (compile_steps(nodes, cell) or (None,))[0]) \
                if self.owner.generated and whole else None
            keep = compile_filter(source, self.owner.scope, *var, what=what, generate=generate, generate_steps=steps)
            safety.check(self.owner, path, source, self.owner.scope)
            self.owner.places.add(keep, path)
            first, rest = getattr(keep, "select_eq_then", (getattr(keep, "select_eq", None), ()))
            for part in ((first or (None, None))[1], *rest):  # the parts a caller may run without `keep`
                if part is not None:
                    self.owner.places.add(part, path)
            return keep
        except ExprError as e:
            if not self.owner._follows_from_broken_function(e):
                self.owner.error(path, e.message, e.hint, offset=(e.line, e.column))
            return lambda st, cards: list(cards)

    def card_test(self, path, var=("card", "card")):
        """A condition on `card` (or on `var`: its name and type) as a test of one card, `test(st, c)`;
        the condition compiled without error as a filter (`card_filter`) first."""
        source = expression_text(self.owner._get(path))
        impl, _ = compile_function(source, self.owner.scope, dict([var]), what="the condition")
        generated = generate_function(*impl.body) if self.owner.generated else None
        test = generated[0] if generated is not None else impl
        self.owner.places.add(test, path)
        return test

    def play_setting(self, key: str, name: str):
        """(path, value) of a play setting: the contract's own, else the spec's `play` default."""
        own = ((self.owner.spec["contracts"][key] or {}).get("play") or {})
        if name in own:
            return ("contracts", key, "play", name), own[name]
        base = self.owner.spec.get("play") or {}
        if name in base:
            return ("play", name), base[name]
        return None, None

    def compile_program(self, phase_name, key, rules, play_actions):
        """The trick or layout play of contract `key`."""
        pack, n, step = self.owner.pack, self.owner.n, self.owner.step
        lpath, _ = self.play_setting(key, "leader")
        leader = self.owner.expr(lpath, "seat") if lpath else (lambda st: st.declarer)
        lay_path, layout = self.play_setting(key, "layout")
        if layout:
            own = self.owner._get(lay_path[:-1]) or {}  # the play settings written with the layout
            for k, why in (("trump", "no trumps"), ("rules", "no play rules"), ("stop_when", "no end before the last "
                           "card"), ("announcements", "no announcements"), ("open_hand", "no open hand"),
                           ("sits_out", "nobody sits out")):
                if k in own:
                    self.owner.error(lay_path[:-1] + (k,), f"a `layout` play has no tricks, so {why}: remove `{k}`",
                                     at_key=True)
            start = None
            if layout.get("start", "first card") != "first card":
                start = self.owner.expr(lay_path + ("start",), "rank")
            ends = self.owner.expr(lay_path + ("ends_when_out",), "number", default=str(n - 1))
            return Layout(phase_name, pack, n, step, leader, start, bool(layout.get("show_hand_on_pass")),
                          ends, play_actions)
        rpath, names = self.play_setting(key, "rules")
        chosen = []
        for i, rn in enumerate(names or ()):
            if rn in rules:
                chosen.append(rules[rn])
            else:
                self.owner.error(rpath + (i,), f"unknown play rule `{rn}`; the rules are listed under `play_rules`",
                           suggest(str(rn), rules))
        spath, stop = self.play_setting(key, "stop_when")
        stop_when = self.owner.expr(spath, "bool") if spath else None
        apath, said = self.play_setting(key, "announcements")
        announcements = []
        for word, a in (said or {}).items():
            when = self.card_filter(apath + (word, "when"), what="an announcement's `when`")
            text = a.get("description") or f"when {a['when']}"
            announcements.append(Announcement(str(word), self.owner.call_words[str(word)], when, text))
        tpath, _ = self.play_setting(key, "trump")
        trump = self.owner.trump_setting(tpath) if tpath else None
        # a play's own rank orders: the contract's `play`, else the spec's
        where = next((path[:-1] for path, _ in map(lambda k: self.play_setting(key, k), ("plain_order", "trump_order"))
                      if path is not None), None)
        orders = self.owner.compile_pack(where) if where is not None else None
        opath, _ = self.play_setting(key, "sits_out")
        sits_out = self.owner.expr(opath, "bool") if opath else None
        hpath, _ = self.play_setting(key, "open_hand")
        open_hand = self.owner.expr(hpath, "bool") if hpath else None
        fpath, _ = self.play_setting(key, "open_from")
        if fpath is not None and hpath is None:
            self.owner.error(fpath, "`open_from` says when the open hands are laid face up: it needs `open_hand`",
                             at_key=True)
        open_from = self.owner.expr(fpath, "bool") if fpath and hpath else None
        cpath, _ = self.play_setting(key, "controller")
        controller = self.owner.expr(cpath, "seat") if cpath else None
        bpath, beats_source = self.play_setting(key, "beats")
        beats = None
        if bpath is not None:
            if "wins_trick" in str(beats_source).replace("(", " ").split():
                self.owner.error(bpath, "`beats` says which card wins a trick, so it cannot ask `wins_trick`, "
                                        "which asks `beats`: compare `card` with `best` instead")
            else:
                beats = self.card_filter(bpath, what="`beats`", whole=True)
                beats_one = self.card_test(bpath) if not self.owner.errors else None
        led_path, _ = self.play_setting(key, "led_suit")
        led = self.owner.expr(led_path, "suit") if led_path else None
        tricks = Tricks(phase_name, pack, n, step, leader, chosen, stop_when, play_actions, announcements,
                        trump=trump, orders=orders, sits_out=sits_out, open_hand=open_hand, controller=controller,
                        open_from=open_from, beats=beats, led=led)
        tricks.pairs = self.owner.pairs
        if beats is not None:  # (a card played is tested alone: `beats` as a test of one card, not a filter)
            tricks.beats_one = beats_one
        # (a play where another seat chooses a hand's card, or where hands are laid open from a moment on,
        # has no generated loop: its moves go through apply(), wrapped by its closures; with copies of a
        # card, the generated legal list is made one choice a card (`game._once`), and the loop, which
        # chooses from its own lists, is not used)
        if self.owner.generated and not self.owner.errors:
            legal, loop, apply, source = compile_tricks(tricks)
            tricks.install((legal, loop if pack.copies == 1 else None, apply, source))
        return tricks

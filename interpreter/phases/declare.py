"""Declaring combinations held in hand, category by category, compared between the seats.

A category finds the whole combinations a hand holds:

* `suits`: each suit held, all its cards (one combination per suit);
* `runs`: each maximal run of at least `at_least` cards of one suit in consecutive ranks
  (a longer run is one combination, never two shorter ones);
* `ranks`: all the cards of one rank, when there are at least `at_least` of them and the
  rank is among `ranks` (if given);
* `hand`: the whole hand, as one combination.

`only_if` (an expression over `cards`) keeps only the combinations it allows. In turn
from `first`, each seat declares: with `choose: one`, one of its combinations or
nothing; with `choose: any`, any set of them. With `by` instead of `first`, only that
seat declares (a second chance given to one player, say), and the others say nothing; if
it declares nothing, no result is logged. Undeclared combinations are "sunk": never
compared or scored. Then, with `compare: best`, the seat whose best declared combination
has the highest `key` wins the category and scores the `score` of every combination it
declared; equal best keys score nothing, and a seat that declared nothing cannot win.
With `compare: none`, every seat scores what it declared. Every result is logged in
order, so running totals (and bonuses triggered by them) can be reckoned afterwards.

Actions: `declare point S`, `declare sequence KC-9C TS-8S`, `declare set A K`,
`declare point nothing`.

What the others learn is what a player says: of his best declared combination, the parts
in `announce` (`size`, `top` rank, `pips`), all at once or, with `stepwise`, one at a
time while the declarations are still equal. The winner then shows the combinations he
scores; a category with `compare: none` shows them all. With `answers` (e.g. `{worse: good, better: not good, equal:
equal}`) the later declarer's answer is shown in the game's own words. The legal list always ends with the fullest declaration (every
combination, or the best one), which is what bots declare. Declared combinations are
public.
"""

from __future__ import annotations

from itertools import combinations

from ..core.actions import Action, match_key
from . import Phase
from .finders import Finders

MAX_ACTIONS = 50_000  # declarations kept made, per phase (a bound on memory: a pack allows a bounded number)
MAX_KEYS = 100_000  # keys of the cards alone, and what is said, kept per category (then forgotten, and kept again)


class Category:
    """One category of declarations, compiled."""

    def __init__(self, name, finder, at_least, ranks, only_if, choose, key, score, compare,
                 announce=("size",), stepwise=False, show=True, ties=None, split_long=0):
        self.name = name
        self.finder = finder
        self.at_least = at_least
        self.ranks = ranks  # rank indexes allowed (for `ranks`), or None
        self.only_if = only_if  # compiled function of `cards`, or None
        self.choose = choose
        self.key = key  # function (ctx, cards) -> number
        self.score = score  # function (ctx, cards) -> number
        self.compare = compare
        self.announce = tuple(announce)  # what is said of a seat's best declared combination
        self.stepwise = stepwise  # say one part at a time, the next only while all are equal
        self.show = show  # with compare: none, shown at once (else by a later `show` phase)
        self.ties = ties  # "first": equal best combinations go to the first declarer (else nobody)
        self.split_long = split_long  # runs longer than 6 split after this many cards (0: never)
        # a key that reads nothing but the cards (`100 * count(cards) + ...`) is the same in every deal:
        # its values are kept for the game's whole life (forgotten when a category begins with MAX_KEYS)
        self.lasting_keys = {} if getattr(key, "of_cards_alone", False) else None
        self.said_of: dict = {}  # what is said of a combination, by its cards (`Declare.parts`)


def _room(kept: dict, most: int | None = None) -> dict:
    """`kept`, emptied first when it holds `most` entries (MAX_KEYS unless told: a bound on memory;
    what it forgets is worked out again when next asked)."""
    if len(kept) >= (MAX_KEYS if most is None else most):
        kept.clear()
    return kept


def said_text(parts) -> str:
    """What a seat said of its combination, as the others heard it: `size 4, top K`."""
    return ", ".join(f"{part} {value}" for part, value in parts) or "nothing"


class Declare(Finders, Phase):
    kind = "declare"
    owns = ("declarations", "declaration_totals")
    records = ("declarations",)

    def __init__(self, name, pack, n, first, categories, answers=None, pips=None, alone=False):
        super().__init__(name)
        self.alone = alone  # only the seat `first` declares (`by`), the others say nothing
        self.pack = pack
        self.pips = pips or (0,) * len(pack)  # card values for a `pips` announcement
        self.n = n
        self.first = first
        self.categories = tuple(categories)
        # the words of a later declarer's answer, by how her best compares with the first's
        self.answers = answers or {}
        self._finding(pack, self.categories)
        # the actions handed out, made once each (actions are interned): `declare CAT nothing` by
        # category, and a declaration by (category number, the combinations declared)
        self._nothing = tuple(Action("declare", (), f"declare {cat.name} nothing") for cat in self.categories)
        self._actions: dict = {}
        self._orders: dict = {}  # the declaring order, by (first seat, step)
        # a legal list of the runs or sets held that depends on their cards alone (any set of them, or one
        # ranked by a key of the cards alone) is kept by them for the game's life (suits and hands seldom recur)
        self._lists = [{} if cat.finder in ("runs", "ranks") and (cat.choose != "one" or cat.lasting_keys is not None)
                       else None for cat in self.categories]

    def vocabulary(self, game):
        """Per category, `declare CAT nothing` and `declare CAT X` for every combination X any hand
        could hold (every suit, rank, or run of consecutive ranks of one suit). Declaring a set of
        several combinations (`choose: any`) is not listed: a learning environment makes that choice
        in steps, one combination at a time (see `interpreter/env/encoding.py`)."""
        out = []
        for cat in self.categories:
            out.append(f"declare {cat.name} nothing")
            out += [f"declare {cat.name} {nm}" for nm in self.combination_names(cat)]
        return out

    # ---- turns ------------------------------------------------------------------------

    def start(self, state) -> None:
        state.declare_cat = 0
        state.declare_turn = 0
        seat, step = self.first(state), state.game.step
        order = self._orders.get((seat, step))
        if order is None:  # the seats in turn from `seat` (a tuple: the states, and their clones, share it)
            turns = 1 if self.alone else self.n
            order = self._orders[seat, step] = tuple((seat + i * step) % self.n for i in range(turns))
        state.declare_order = order
        state.declaring = [None] * self.n
        state._declare_memo = None
        self._skip_empty(state)

    def actor(self, state):
        if state.declare_cat >= len(self.categories):
            return None
        return state.declare_order[state.declare_turn]

    def _options(self, state) -> list[tuple[str, tuple]]:
        """The combinations the seat to declare holds in the category now. A seat's turn asks twice
        (is there anything to declare? what?): the answer is kept while the category is declared,
        by the very cards held, for a category whose combinations depend on nothing else (no
        `only_if`)."""
        cat = self.categories[state.declare_cat]
        hand = state.hands[state.declare_order[state.declare_turn]]
        if cat.only_if is not None:
            return self.find(state, cat, hand)
        memo = state.__dict__.get("_declare_memo")
        if memo is None or memo[0] is not self or memo[1] != state.declare_cat:
            memo = self._memo(state)
        kept = memo[3]
        held = tuple(hand)
        found = kept.get(held)
        if found is None:
            found = kept[held] = self.find(state, cat, hand)
        return found

    def _memo(self, state):
        """What the category being declared has found: (phase, category number, key by the
        combination's cards, combinations by the hand held). Asked of the cards alone, these do not
        change while a category is declared (what the seats declare in it is read by no expression),
        so each is computed once: a key is asked when the seat chooses, when the category is settled,
        and when its best is said. `start` and `clone` drop it; a new category makes a new one, whose
        keys are the category's lasting ones when its key reads the cards alone (`lasting_keys`)."""
        memo = state.__dict__.get("_declare_memo")
        if memo is None or memo[0] is not self or memo[1] != state.declare_cat:
            keys = self.categories[state.declare_cat].lasting_keys
            memo = state._declare_memo = (self, state.declare_cat, {} if keys is None else _room(keys), {})
        return memo

    def _keyer(self, state, cat: Category):
        """`cat`'s key of a combination's cards (a tuple), each computed once (`_memo`)."""
        keys, fn = self._memo(state)[2], cat.key

        def key(cards):
            k = keys.get(cards)
            if k is None:
                k = keys[cards] = fn(state, list(cards))
            return k
        return key

    def legal(self, state):
        """Nothing, then each combination held (`choose: one`, worst to best) or each set of them."""
        ci = state.declare_cat
        found = self._options(state)
        lists = self._lists[ci]
        if lists is None:
            return self._listed(state, ci, self.categories[ci], found)
        held = tuple([cards for _, cards in found])
        out = lists.get(held)
        if out is None:
            out = _room(lists)[held] = self._listed(state, ci, self.categories[ci], found)
        return out[:]  # (the caller's own list)

    def _listed(self, state, ci: int, cat: Category, found) -> list:
        made = self._actions
        if cat.choose == "one":  # nothing, then the combinations from worst to best
            keys, fn = self._memo(state)[2], cat.key
            ranked = []
            for i, combo in enumerate(found):  # (by key, then in found order: a stable sort)
                cards = combo[1]
                k = keys.get(cards)
                if k is None:
                    k = keys[cards] = fn(state, list(cards))
                ranked.append((k, i, combo))
            ranked.sort()
            chosen = [(combo,) for _, _, combo in ranked] if len(ranked) > 1 else [(combo,) for combo in found]
        else:
            chosen = [c for k in range(1, len(found) + 1) for c in combinations(found, k)]
        out = [self._nothing[ci]]
        for combos in chosen:
            action = made.get((ci, combos))
            if action is None:
                action = self._action(ci, combos)
            out.append(action)
        return out

    def _action(self, ci: int, combos: tuple) -> Action:
        """The action of declaring `combos` in category `ci`, made once and kept (at most
        MAX_ACTIONS kept: then they are made afresh; an equal action, by name and choice)."""
        names = " ".join([nm for nm, _ in combos])
        action = _room(self._actions, MAX_ACTIONS)[(ci, combos)] = Action("declare", combos, f"declare {self.categories[ci].name} {names}")
        return action

    def parse(self, state, text):

        key = match_key(text)
        words = sorted(key.split())  # the combinations may be named in any order
        for a in self.legal(state):
            if sorted(match_key(a.name).split()) == words:
                return a
        if key.startswith("declare "):  # a declaration of something not held: refused by `refuse`
            return Action("declare", None, " ".join(text.split()))
        return None

    def refuse(self, state, action):
        cat = self.categories[state.declare_cat]
        held = ", ".join(nm for nm, _ in self._options(state)) or "nothing"
        return (f"{state.seat_name(state.declare_order[state.declare_turn])} can declare in `{cat.name}` only whole "
                f"combinations held: {held}", "declare")

    def apply(self, state, action) -> None:
        self._declared(state, action.arg)
        self._skip_empty(state)

    def _declared(self, state, combos) -> None:
        """The seat whose turn it is declares `combos`; the last seat's declaration settles the category."""
        state.declaring[state.declare_order[state.declare_turn]] = combos
        state.declare_turn += 1
        if state.declare_turn == len(state.declare_order):
            self._resolve(state)
            state.declare_cat += 1
            state.declare_turn = 0
            state.declaring = [None] * self.n if state.declare_cat < len(self.categories) else None

    def parts(self, cat: Category, combo) -> list[tuple[str, object]]:
        """What is said of a combination: (part, value) for each part `cat` announces. They depend on
        the cards alone: each combination's are worked out once for the game's life (`said_of`)."""
        cards = combo[1]
        kept = cat.said_of.get(cards)
        if kept is None:
            pack = self.pack
            out = []
            for part in cat.announce:
                if part == "size":
                    out.append((part, len(cards)))
                elif part == "top":
                    out.append((part, pack.ranks[min(pack.rank[c] for c in cards)]))
                else:  # pips
                    out.append((part, sum(self.pips[c] for c in cards)))
            kept = _room(cat.said_of)[cards] = tuple(out)
        return list(kept)

    def best_combo(self, state, cat: Category, declared):
        if not declared:
            return None
        key = self._keyer(state, cat)
        return max(declared, key=lambda nc: key(nc[1]))

    def said(self, state, cat: Category, declaring=None, combos=None) -> list:
        """Per seat, the announcement parts said aloud: all at once, or (stepwise) while all are equal.
        (`combos`: each seat's best declared combination, when the caller has them.)"""
        if combos is None:
            combos = [self.best_combo(state, cat, d) for d in (declaring or state.declaring)]
        parts = [self.parts(cat, c) if c else [] for c in combos]
        if cat.compare == "none" or not cat.stepwise:
            return parts
        said = [[] for _ in parts]
        speaking = [p for p in range(self.n) if parts[p]]
        for i in range(len(cat.announce)):
            for p in speaking:
                said[p].append(parts[p][i])
            if len(speaking) < 2 or len({parts[p][i][1] for p in speaking}) > 1:
                break  # somebody is ahead: nothing more needs saying
        return said

    def _skip_empty(self, state) -> None:
        """A seat with no combination in the category has nothing to choose: it declares nothing."""
        while state.declare_cat < len(self.categories) and not self._options(state):
            self._declared(state, ())

    def _resolve(self, state) -> None:
        cat = self.categories[state.declare_cat]
        declaring = state.declaring
        if not any(declaring):
            if self.alone:
                return  # one seat, who said nothing: no result to log
            n = self.n  # (what `outcome` and `said` make of nothing declared)
            points = [0] * n
            state.declarations.append((cat.name, [()] * n, [None] * n, None, points, None, [[] for _ in range(n)],
                                       cat.compare, cat.show))
            state.deal.declarations.append((cat.name, [[] for _ in range(n)], None, points))
            return
        combos = []
        best, winner, points, answer = self.outcome(state, cat, declaring, combos)
        state.declarations.append((cat.name, [d or () for d in declaring], best, winner, points, answer,
                                   self.said(state, cat, declaring, combos), cat.compare, cat.show))
        state.deal.declarations.append((cat.name, [[nm for nm, _ in d] if d else [] for d in declaring], winner,
                                        points))
        for p, v in enumerate(points):
            state.declaration_totals[p] += v

    def outcome(self, state, cat: Category, declaring, combos=None) -> tuple:
        """The category settled on what each seat declared: (best key per seat, winner, points,
        answer); each seat's best declared combination is put in `combos`, if given."""
        n = self.n
        keys, fn = self._memo(state)[2], cat.key
        best = [None] * n
        for p in range(n):
            combo = None
            declared = declaring[p]
            if declared:  # its best: the first of the highest key
                top = None
                for c in declared:
                    cards = c[1]
                    k = keys.get(cards)
                    if k is None:
                        k = keys[cards] = fn(state, list(cards))
                    if top is None or k > top:
                        combo, top = c, k
                best[p] = top
            if combos is not None:
                combos.append(combo)
        points = [0] * n
        winner = None
        score = cat.score
        if cat.compare == "none":
            for p in range(n):
                points[p] = sum([score(state, list(cs)) for _, cs in declaring[p] or ()])
        else:  # the highest best key, and who declared it, in turn
            top, tied = None, []
            for p in state.declare_order:
                b = best[p]
                if b is None:
                    continue
                if top is None or b > top:
                    top, tied = b, [p]
                elif b == top:
                    tied.append(p)
            if len(tied) == 1 or (tied and cat.ties == "first"):
                winner = tied[0]
                points[winner] = sum([score(state, list(cs)) for _, cs in declaring[winner]])
        answer = None
        if self.answers and cat.compare == "best" and len(state.declare_order) > 1:
            first, later = best[state.declare_order[0]], best[state.declare_order[-1]]
            if later is None:
                verdict = "worse" if first is not None else None  # (nobody declared: nothing to answer)
            elif first is None or later > first:
                verdict = "better"
            else:
                verdict = "worse" if later < first else "equal"
            answer = self.answers.get(verdict) if verdict else None
        return best, winner, points, answer

    def public_name(self, state, action, viewer):
        """What the table hears: the announced parts of the best combination declared (the first
        part only, when stepwise, while others have still to declare); the declaration that
        settles the category adds the answer, what the others then say, and what is shown (the
        winner's combinations; all of them with `compare: none` and `show`). Declaring nothing
        is silence, like having nothing to declare (which is never asked)."""
        if not action.arg:
            return None
        cat = self.categories[state.declare_cat]
        seat = state.declare_order[state.declare_turn]
        if state.declare_turn < len(state.declare_order) - 1:
            parts = self.parts(cat, self.best_combo(state, cat, action.arg))
            return f"declare {cat.name} {said_text(parts[:1] if cat.stepwise else parts)}"
        declaring = list(state.declaring)
        declaring[seat] = action.arg
        _, winner, _, answer = self.outcome(state, cat, declaring)
        said = self.said(state, cat, declaring)
        sn = state.game.seat_names
        text = f"declare {cat.name} {said_text(said[seat])}" + (f" ({answer})" if answer else "")
        if cat.stepwise:  # what the others add now that they are answered
            text += "".join(f"; {sn[p]} {said_text(said[p][1:])}" for p in state.declare_order[:-1] if said[p][1:])
        shown = [p for p in state.declare_order
                 if p == winner or (cat.compare == "none" and cat.show and declaring[p])]
        return text + "".join(f"; {sn[p]} shows {' '.join(nm for nm, _ in declaring[p])}" for p in shown)

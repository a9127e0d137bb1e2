"""Generated source for trick play: the legal cards of a cascade, and a random playout loop.

From a compiled `Tricks` phase (its cascade of play rules, its seat order, its rank
tables) this writes two functions, under THE RULE of `interpreter.emit`:

* `legal(st)`: the cascade as straight-line code, with the lead tested once, the
  `card.x == value` comprehensions written out and a value that is a state field read
  directly; every other part of a rule (a `when`, a `keep` that is not a comparison, a
  later conjunct) is the rule's compiled closure, called by its bound name.
* `playout(st, choice)`: plays the phase to its end, each card being `choice(legal)`,
  with legal and apply inlined: the same cards in the same order as
  `st.apply(choice(st.legal_actions()))` would play, with no dispatch between them.

A phase with announcements (a word said with a card) is left to its closures.
"""

from __future__ import annotations

from operator import attrgetter

from ..phases.tricks import IF, NOT_ON_LEAD, ON_LEAD
from ..results import Trick
from ..errors import GameError, GameFault
from . import ENGINE_FIELDS, Source

PASSED_ON = (GameError, GameFault)  # raised by the rules on purpose: they go on as they are


def _field_of(getter) -> str | None:
    """The state field an `attrgetter` of the scope reads, else None."""
    if type(getter) is not attrgetter:
        return None
    args = getter.__reduce__()[1]
    if len(args) == 1 and args[0] in ENGINE_FIELDS:
        return args[0]
    return None


def _grouping(phase):
    """The table of the first `card.x == value` rule: a playout keeps each hand grouped by it."""
    return next((eq[0][0] for _, _, _, eq in phase._cascade if eq is not None), None)


def _cascade(src: Source, phase, depth: int, leading: bool, grouped) -> None:
    """The rules that apply on lead (or not), leaving the legal cards in `legal`.

    With `grouped` (a playout), `gp` is the hand grouped by that table: a rule on it while
    no earlier rule has narrowed the hand reads its group instead of filtering the hand."""
    src.add(depth, "cands = hand")
    first = True
    for mode, when, keep, eq in phase._cascade:
        if (mode == NOT_ON_LEAD and leading) or (mode == ON_LEAD and not leading):
            continue
        d = depth
        if mode == IF:
            src.add(d, f"if {src.bind(when, 'when')}(st):")
            d += 1
        if eq is not None:
            (table, value), rest = eq
            field = _field_of(value)
            read = src.field(field) if field else f"{src.bind(value, 'value')}(st)"
            src.add(d, f"v = {read}")
            filtered = f"[c for c in cands if {src.bind(table, 'table')}[c] == v]"
            if grouped is table and first:
                src.add(d, "kept = gp.get(v)")
            elif grouped is table:
                src.add(d, f"kept = gp.get(v) if cands is hand else {filtered}")
            else:
                src.add(d, f"kept = {filtered}")
            for i, step in enumerate(rest):
                src.add(d + i, "if kept:")
                src.add(d + i + 1, f"kept = {src.bind(step, 'step')}(st, kept)")
        else:
            src.add(d, f"kept = {src.bind(keep, 'keep')}(st, cands)")
        src.add(d, "if kept:")
        src.add(d + 1, "cands = kept")
        first = False
    if grouped is None:
        src.add(depth, "legal = hand[:] if cands is hand else cands")
    else:  # a playout's legal list is only chosen from, never kept: the hand itself will do
        src.add(depth, "legal = cands")


def _legal(src: Source, phase, depth: int, grouped=None) -> None:
    """`legal` for the seat `p` holding `hand`."""
    src.add(depth, f"{src.field('player')} = p")
    src.add(depth, f"if {src.field('leading')}:")
    _cascade(src, phase, depth + 1, True, grouped)
    src.add(depth, "else:")
    _cascade(src, phase, depth + 1, False, grouped)


def _takes(src: Source, depth: int, power: str | None = None) -> None:
    """Card `c` of seat `p` is now the best of the trick (and `power` the order it is in)."""
    src.add(depth, f"{src.field('trick_best')} = c")
    src.add(depth, f"{src.field('trick_winner')} = p")
    if power is not None:
        src.add(depth, f"{src.field('best_power')} = {power}")


def _apply(src: Source, phase, depth: int, grouped) -> None:
    """Card `c` played by `p` from `hand`; ends with `break` when the phase is over."""
    lit, fld = src.literal, src.field
    power, trump_power = fld("power"), fld("trump_power")  # (this deal's: a bower or a contract's orders)
    add = src.add
    add(depth, "hand.remove(c)")
    if grouped is not None:
        add(depth, f"gp[{src.bind(grouped, 'table')}[c]].remove(c)")
    add(depth, f"cards = {fld('trick_cards')}")
    add(depth, f"suit = {fld('suit')}")
    add(depth, "if not cards:")
    add(depth + 1, f"{fld('leading')} = False")
    add(depth + 1, f"s = {fld('led_suit')} = suit[c]")
    _takes(src, depth + 1, f"{trump_power} if s == {fld('trump')} else {power}")
    add(depth, "else:")
    add(depth + 1, f"best = {fld('trick_best')}")
    add(depth + 1, "s = suit[c]")
    add(depth + 1, "if s == suit[best]:")
    add(depth + 2, f"pw = {fld('best_power')}")
    add(depth + 2, "if pw[c] > pw[best]:")
    _takes(src, depth + 3)
    add(depth + 1, f"elif s == {fld('trump')}:")
    _takes(src, depth + 2, trump_power)
    add(depth, "cards.append(c)")
    add(depth, f"if len(cards) < {fld('trick_size')}:")  # (fewer than the seats when some sit out)
    add(depth + 1, f"{fld('to_play')} = {fld('after')}[p]")
    add(depth + 1, "continue")
    add(depth, f"w = {fld('trick_winner')}")
    order, trick = fld("trick_order"), src.bind(Trick, "trick")
    add(depth, f"{fld('tricks')}.append({trick}(len({fld('tricks')}) + {lit(1)}, {fld('leader')}, tuple(cards), "
               f"{order}[{fld('leader')}], w, {fld('led_suit')}))")
    add(depth, f"{fld('won')}[w].extend(cards)")
    add(depth, f"{fld('tricks_won')}[w] += {lit(1)}")
    add(depth, f"{fld('trick_cards')} = []")
    add(depth, f"{fld('led_suit')} = None")
    add(depth, f"{fld('trick_best')} = {lit(-1)}")
    add(depth, f"{fld('leading')} = True")
    stop = f" or {src.bind(phase.stop_when, 'stop')}(st)" if phase.stop_when is not None else ""
    add(depth, f"if not hands[w]{stop}:")
    add(depth + 1, f"{fld('to_play')} = None")
    add(depth + 1, "break")
    add(depth, f"{fld('leader')} = {fld('to_play')} = w")


def generate(phase) -> Source | None:
    """The source of `legal` and `playout` for a `Tricks` phase, or None when it has announcements."""
    if phase.announcements:
        return None
    src = Source("trick play")
    fld = src.field
    src.add(0, "def legal(st):")
    src.add(1, f"p = {fld('to_play')}")
    src.add(1, f"hand = {fld('hands')}[p]")
    _legal(src, phase, 1)
    src.add(1, "return legal")
    src.add(0, "")
    src.add(0, "def playout(st, choice):")
    src.add(1, f"hands = {fld('hands')}")
    src.add(1, f"actions = {fld('deal')}.actions")
    grouped = _grouping(phase)
    if grouped is not None:  # each hand by the table of the cascade's first comparison
        src.add(1, "groups = []")
        src.add(1, "for hand in hands:")
        src.add(2, "gp = {}")
        src.add(2, "for c in hand:")
        src.add(3, f"gp.setdefault({src.bind(grouped, 'table')}[c], []).append(c)")
        src.add(2, "groups.append(gp)")
    src.add(1, "while True:")
    src.add(2, f"p = {fld('current')} = {fld('to_play')}")
    src.add(2, "hand = hands[p]")
    if grouped is not None:
        src.add(2, "gp = groups[p]")
    _legal(src, phase, 2, grouped)
    src.add(2, "c = choice(legal)")
    src.add(2, f"actions.append({src.bind(phase.pairs, 'pairs')}[p][c])")
    src.add(2, "try:")  # (free unless raised) a rule failing as the card is played is placed at that card
    _apply(src, phase, 3, grouped)
    src.add(2, f"except {src.bind(PASSED_ON, 'errors')}:")
    src.add(3, "raise")
    src.add(2, "except Exception as x:")
    src.add(3, f"raise {src.field('_fault')}(x, c) from x")
    src.add(1, f"{fld('_legal')} = None")
    return src


def compile_tricks(phase) -> tuple | None:
    """(legal, playout, source text) for a `Tricks` phase, or None when it keeps its closures."""
    src = generate(phase)
    if src is None:
        return None
    legal, playout = src.build("legal", "playout")
    return legal, playout, src.text()

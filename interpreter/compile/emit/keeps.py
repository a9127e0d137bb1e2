"""A play rule's keep written in place in the generated legal list (interpreter/compile/emit/tricks.py):
the cards that would win the trick (`wins_trick(card)`), and `card.x == value or card == K` as a
slice of the sorted candidates found by bisection, with K where it falls. `reads` is the trick
writer's way to read a field of the state (in place, or from the locals of a playout).
"""

from __future__ import annotations

from bisect import bisect_left
from operator import attrgetter

from ...core.source import ENGINE_FIELDS, Source
from .expressions import _read, _runs


def field_of(getter) -> str | None:
    """The state field an `attrgetter` of the scope reads, else None."""
    if type(getter) is not attrgetter:
        return None
    args = getter.__reduce__()[1]
    if len(args) == 1 and args[0] in ENGINE_FIELDS:
        return args[0]
    return None


def winning(src: Source, reads, depth: int) -> None:
    """`kept` narrowed to the cards that would win the trick if played now (the scope's
    `wins_trick` as a filter): the same test as its selection, on the fields or locals."""
    read = reads.field
    if reads.played is None:  # (an empty trick: every card would win it)
        src.add(depth, f"if {read('trick_cards')}:")
        depth += 1
    elif not reads.played:  # the trick's first card: it wins the empty trick, whatever it is
        src.add(depth, "pass")
        return
    src.add(depth, f"wb = {read('trick_best')}")
    src.add(depth, f"sw = {read('suit')}")
    src.add(depth, "ls = sw[wb]")
    src.add(depth, f"pw = {read('trump_power')} if ls == {read('trump')} else {read('power')}")
    src.add(depth, "top = pw[wb]")
    # a loop in place, not a comprehension (which CPython 3.11 runs as a function of its own)
    src.add(depth, "beats = []")
    src.add(depth, "for w in kept:")
    src.add(depth + 1, f"if (pw[w] > top if sw[w] == ls else sw[w] == {read('trump')}):")
    src.add(depth + 2, "beats.append(w)")
    src.add(depth, "kept = beats")


def run_or_card(src: Source, reads, depth: int, either) -> bool:
    """`card.x == value [and more] or card == K` (`either`: ((table, value), ("card", K), the further
    conjuncts' steps)), or `... or card.x == other` (("value", other)), kept from the sorted `cands`:
    the slice of the cards of that value, found by bisection, the further steps run on it; then K put
    back where it falls in the order when `cands` holds it, or the slice of the other value's cards
    before or after it (two values' runs never overlap). Whether it was written (the values of the
    table are runs of card numbers, and not in a playout, whose hands are grouped). The slices and the
    steps' lists are new lists, K inserted into them."""
    if either is None or reads.playout:
        return False
    (table, value), (kind, other), rest = either
    runs = _runs(table)
    if runs is None:
        return False
    bl, runs = src.bind(bisect_left, "bisect"), src.bind(runs, "runs")

    def read(getter) -> str:  # (a field of the state in place, through its map of values if it has one)
        return _read(getter, src)
    src.add(depth, f"v = {read(value)}")
    src.add(depth, f"b = {runs}.get(v)")
    src.add(depth, f"kept = cands[{bl}(cands, b[0]):{bl}(cands, b[1])] if b is not None else []")
    if kind == "value":  # the other value's cards; the same value's: all of the slice, whatever the rest says
        src.add(depth, f"w = {read(other)}")
        src.add(depth, "if w != v:")
        for step in rest:
            src.add(depth + 1, "if kept:")
            src.add(depth + 2, f"kept = {reads.closure(depth + 2, step, 'step')}(st, kept)")
        src.add(depth + 1, f"g = {runs}.get(w)")
        src.add(depth + 1, "if g is not None:")
        src.add(depth + 2, f"s = cands[{bl}(cands, g[0]):{bl}(cands, g[1])]")
        src.add(depth + 2, "kept = kept + s if b is None or b[0] < g[0] else s + kept")
        return True
    for step in rest:
        src.add(depth, "if kept:")
        src.add(depth + 1, f"kept = {reads.closure(depth + 1, step, 'step')}(st, kept)")
    k = src.literal(other)
    src.add(depth, f"j = {bl}(cands, {k})")  # (K, if `cands` holds it, as the hand's own card)
    src.add(depth, f"if j < len(cands) and cands[j] == {k}:")
    src.add(depth + 1, f"k = {bl}(kept, {k})")
    src.add(depth + 1, f"if k == len(kept) or kept[k] != {k}:")
    src.add(depth + 2, "kept.insert(k, cands[j])")
    return True

"""Generated source for the words said with a card, written into a trick play's `legal`.

After the legal cards, the list offers each card with each word that may be said with it
(`play 9S poignee`), in the order the closures' list offers them (`Tricks.words_for`, the
reference): word by word, each word's cards in the cards' order. Under THE RULE of
`interpreter.compile.emit`:

* when no word's condition reads the card (a poignee, said with the first card), the conditions are
  written in place, what they ask alike computed once; when none holds (the common case) the list is
  the cards as they are. Should one fail, the words are asked again one by one
  (`Tricks.words_for`), so the fault is placed at the condition that failed;
* when each word's condition begins `card.x == value` where the cards of each value of `x` are one run
  of card numbers (bella: a trump, then the king or queen, then the other not played yet), that
  part is one slice of the legal cards, which are in the hand's sorted order, found by bisection;
  the rest of the condition (its compiled steps) keeps what it keeps of the slice;
* otherwise each word's compiled filter keeps the cards it may be said with (`Tricks.words_for`).
"""

from __future__ import annotations

from bisect import bisect_left

from ...phases.tricks import Said, _inline
from .conditions import conditions_in_place
from .expressions import _field_read, _runs, _shape, render
from .inline import inlinable


def said_in_place(src, phase, depth: int) -> None:
    """The lines, at `depth` of a `legal` whose cards are in `legal`, that add the card-and-word actions."""
    src.add(depth, "if legal:")
    d = depth + 1
    asked = src.bind(phase.words_for, "words")
    nodes = [getattr(a.card_filter, "condition", None) for a in phase.announcements]
    common = _common_first(nodes) if None not in nodes else None
    if common is not None:  # every word asks it first (`first_card and ...`), and it costs nothing: asked alone
        src.add(d, f"if {render(common, src)}:")
        d += 1
    if None not in nodes and conditions_in_place(src, nodes, d, f"legal + {asked}(st, legal)"):
        src.add(d, f"if {' or '.join(f'y[{src.literal(i)}]' for i in range(len(nodes)))}:")
        src.add(d + 1, f"legal = legal + {src.bind(phase.said_with, 'said')}(legal, y)")
        return
    firsts = [_inline(a.card_filter) for a in phase.announcements]
    if None in firsts or any(_runs(first[0][0]) is None for first in firsts):
        src.add(d, f"x = {asked}(st, legal)")
    elif _one_word_picked(phase, firsts, src, d):
        return
    else:
        _by_runs(src, phase, d, firsts)
    src.add(d, "if x:")
    src.add(d + 1, "legal = legal + x")


def _common_first(nodes):
    """The first conjunct of every condition of `nodes` when it is the same computation in each and
    costs nothing (written in place, and cannot fail: `inline.inlinable`), else None: while it is false,
    no word may be said, and nothing else need be asked."""
    firsts = []
    for node in nodes:
        while node.tree is not None and node.tree[0] == "and":
            node = node.tree[1]
        firsts.append(node)
    shapes: dict = {}
    if not firsts or firsts[0].cells or len({_shape(f, shapes) for f in firsts}) != 1 or not inlinable(firsts[0]):
        return None
    return firsts[0]


def _by_runs(src, phase, d: int, firsts) -> None:
    """`x`: each word's cards, its condition's first part a slice of the sorted legal cards."""
    bl = src.bind(bisect_left, "bisect")
    src.add(d, "x = []")
    for a, ((table, value), rest) in zip(phase.announcements, firsts):
        field = _field_read(value)
        read = src.field(field[0]) if field is not None and not field[1] else f"{src.bind(value, 'value')}(st)"
        src.add(d, f"v = {read}")
        picks, rest = _picked(table, rest)
        if picks is not None:  # (the legal cards, a list of a hand's size, asked of a card or two when it holds one)
            held, ordered = _known(src, picks)
            src.add(d, f"s = {held}.get(v)")
            src.add(d, f"k = [c for c in {ordered}[v] if c in legal] "
                       "if s is not None and not s.isdisjoint(legal) else []")
        else:
            src.add(d, f"b = {src.bind(_runs(table), 'runs')}.get(v)")
            src.add(d, f"k = legal[{bl}(legal, b[0]):{bl}(legal, b[1])] if b is not None else []")
        for step in rest:
            src.add(d, "if k:")
            src.add(d + 1, f"k = {src.bind(step, 'step')}(st, k)")
        src.add(d, "if k:")
        src.add(d + 1, f"x += [{_said_of(src, phase, a.word)}[c] for c in k]")


def _one_word_picked(phase, firsts, src, d: int) -> bool:
    """For one word whose cards are known beforehand (`_picked`: bella), the lines that add it to the
    legal list, asked only when the list holds one of its cards; False (nothing written) otherwise."""
    if len(firsts) != 1:
        return False
    (table, value), rest = firsts[0]
    field = _field_read(value)
    picks, rest = _picked(table, rest)
    if picks is None or field is None or field[1]:
        return False
    held, ordered = _known(src, picks)
    src.add(d, f"v = {src.field(field[0])}")
    src.add(d, f"s = {held}.get(v)")
    src.add(d, "if s is not None and not s.isdisjoint(legal):")
    src.add(d + 1, f"k = [c for c in {ordered}[v] if c in legal]")
    for step in rest:
        src.add(d + 1, f"k = {src.bind(step, 'step')}(st, k) if k else k")
    src.add(d + 1, "if k:")
    src.add(d + 2, f"legal = legal + [{_said_of(src, phase, phase.announcements[0].word)}[c] for c in k]")
    return True


def _known(src, picks) -> tuple[str, str]:
    """The bound names of each value's known cards (`_picked`): as a frozen set, asked whether the legal
    list holds any of them, and in order."""
    return src.bind({v: frozenset(cs) for v, cs in picks.items()}, "picked"), src.bind(picks, "picks")


def _said_of(src, phase, word: str) -> str:
    """The bound name of each card's action said with `word`, by card number."""
    return src.bind(tuple(phase.said[c, word] for c in range(len(phase.play))), "said")


def _picked(table, rest):
    """When the steps after `card.x == v` begin with tests of the card against constants (`card.rank in
    [K, Q]`), each value's cards that pass them (ascending, as the legal cards are), and the steps
    left; else (None, rest). Bella asks for the king and queen of trumps: two cards, found in the list."""
    tests = []
    for step in rest:
        const = getattr(step, "select_const", None)
        if const is None:
            break
        tests.append(const)
    if not tests:
        return None, rest

    def passes(c):
        for op, t, value in tests:
            x = t[c]
            if not (x in value if op == "in" else x == value if op == "==" else x != value):
                return False
        return True
    picks: dict = {}
    for c, v in enumerate(table):
        if passes(c):
            picks.setdefault(v, []).append(c)
    return {v: tuple(cs) for v, cs in picks.items()}, rest[len(tests):]


def apply_source(src, phase) -> None:
    """`apply(st, c)` of a play whose words may be said with a card, its tricks taken as the engine
    takes them: the word said (`Tricks.say`), then the card played as `Tricks.apply` plays it. Play
    with words goes through apply() at every card; without this, a wrapper said the words and called
    the class's own."""
    fld, add = src.field, src.add
    add(0, "def apply(st, c):")
    add(1, f"if type(c) is {src.bind(Said, 'cls')}:")
    add(2, f"c = {src.bind(phase.say, 'say')}(st, c)")
    add(1, f"p = {fld('to_play')}")
    add(1, f"{fld('hands')}[p].remove(c)")
    add(1, f"cards = {fld('trick_cards')}")
    add(1, f"suit = {fld('suit')}")
    add(1, "if not cards:")
    add(2, f"{fld('leading')} = False")
    add(2, f"s = {fld('led_suit')} = suit[c]")
    add(2, f"{fld('trick_best')} = c")
    add(2, f"{fld('trick_winner')} = p")
    add(2, f"{fld('best_power')} = {fld('trump_power')} if s == {fld('trump')} else {fld('power')}")
    add(1, "else:")
    add(2, f"best = {fld('trick_best')}")
    add(2, "s = suit[c]")
    add(2, "if s == suit[best]:")
    add(3, f"pw = {fld('best_power')}")
    add(3, "if pw[c] > pw[best]:")
    add(4, f"{fld('trick_best')} = c")
    add(4, f"{fld('trick_winner')} = p")
    add(2, f"elif s == {fld('trump')}:")
    add(3, f"{fld('trick_best')} = c")
    add(3, f"{fld('trick_winner')} = p")
    add(3, f"{fld('best_power')} = {fld('trump_power')}")
    add(1, "cards.append(c)")
    add(1, f"if len(cards) < {fld('trick_size')}:")
    add(2, f"p = {fld('to_play')} = {fld('after')}[p]")
    add(2, "return p")
    add(1, f"return {src.bind(phase._close_trick, 'close')}(st, cards)")

"""Generated source for trick play: the legal cards of a cascade, and a random playout loop.

From a compiled `Tricks` phase (its cascade of play rules, its seat order, its rank
tables) this writes three functions, under THE RULE of `interpreter.compile.emit`:

* `legal(st)`: the cascade as straight-line code, with the lead tested once, the
  `card.x == value` comprehensions written out and a value that is a state field read
  directly; every other part of a rule (a `when`, a `keep` that is not a comparison, a
  later conjunct) is the rule's compiled closure, called by its bound name.
* `playout(st, choice)`: plays the phase to its end, each card being `choice(legal)`,
  with legal and apply inlined: the same cards in the same order as
  `st.apply(choice(st.legal_actions()))` would play, with no dispatch between them.
  The trick in progress lives in local variables (`LOCAL`); they are written back to the
  state before any compiled closure runs (which may read them), when a rule fails and
  when the phase ends, so the state is always what the closure path would make it.
  When every seat plays to every trick, the loop is written card by card, the trick's
  cards in locals (`CARD_LOCALS`), and starts at a trick's first card (a trick in progress
  is played on move by move first). A choice that is not one of the list it was made from
  is left, before anything changes, to `apply()`, which refuses it or reads a name.
* `drawn(st, draw)`: the same loop for a chooser that is a `random.Random`'s own `choice`:
  each card is drawn inline from the generator's `getrandbits` as `choice` draws it
  (interpreter/core/draw.py), so the same cards, with no call to the chooser. It is generated
  the first time the phase's playout is handed such a chooser, not with the others.

`legal` offers after the cards each card with each word that may be said with it (`words`). A phase
whose moves go through apply() (`open_tricks.moves_apart`: a word said with a card; a hand another
seat chooses for, or laid open from a moment on) gets no playout. Tricks won or led by the spec's own
rule (`beats`, `led_suit`) get `apply` too, and their playout calls those rules (`open_tricks`).
"""

from __future__ import annotations

from bisect import bisect_left

from ...core.draw import random_bits
from ...core.errors import GameError, GameFault
from ...core.results import Trick
from ...core.source import BOUNDS, CARD_LOCALS, Source
from ...phases.tricks import IF, NOT_ON_LEAD, ON_LEAD
from . import open_tricks, words
from .conditions import conditions_in_place
from .expressions import _runs
from .keeps import field_of, run_or_card, winning

PASSED_ON = (GameError, GameFault)  # raised by the rules on purpose: they go on as they are

# the state fields a playout keeps in locals while it runs, and the local of each
LOCAL = {"leading": "leading", "led_suit": "led", "trick_best": "best", "trick_winner": "winner",
         "best_power": "bpw", "leader": "leader", "player": "p", "current": "p", "to_play": "p"}
# the fields it reads once: nothing in the loop changes them
FIXED = {"suit": "suit", "trump": "trump", "power": "power", "trump_power": "tpower", "trick_size": "size",
         "after": "after", "trick_order": "order", "tricks": "tricks", "won": "won", "tricks_won": "tw",
         "hands": "hands", "trick_cards": "cards"}


def _values(table) -> tuple | None:
    """The values of a table of a few whole numbers (a suit for each card), in order; else None."""
    if not isinstance(table, tuple):
        return None
    values = set(table)
    if len(values) > 16 or any(type(v) is not int for v in values):
        return None
    return tuple(sorted(values))


def _grouping(phase):
    """The table of the first `card.x == value` rule: a playout keeps each hand grouped by it."""
    return next((eq[0][0] for _, _, _, eq in phase._cascade if eq is not None), None)


class _Reads:
    """How generated code reads a state field: `st.x` in `legal`; in a playout, its local
    when it has one, and `st.x` (written back first) before a closure runs."""

    def __init__(self, src: Source, playout: bool, size: int | None = None, played: int | None = None):
        self.src, self.playout = src, playout
        # an unrolled playout (`size` cards a trick, in locals c0, c1, ...) knows how many cards
        # the trick holds at each place in its text (`played`); None: read `cards` as it runs
        self.size, self.played = size, played

    def field(self, name: str) -> str:
        if self.playout and name in LOCAL:
            return LOCAL[name]
        if self.playout and name in FIXED:
            return FIXED[name]
        return self.src.field(name)

    def closure(self, depth: int, obj, stem: str) -> str:
        """The bound name of a closure about to be called; a playout first writes its locals back."""
        if self.playout:
            _write_back(self.src, depth, size=self.size)
        return self.src.bind(obj, stem)


def _write_back(src: Source, depth: int, to_play: str = "p", size: int | None = None) -> None:
    """Store the playout's locals in the state, where closures and the caller read them (with
    an unrolled trick of `size` cards, the trick in progress too: its first `k` card locals)."""
    fld = src.field
    src.add(depth, f"{fld('current')} = {fld('player')} = p")
    src.add(depth, f"{fld('to_play')} = {to_play}")
    for name, local in LOCAL.items():
        if local != "p":
            src.add(depth, f"{fld(name)} = {local}")
    if size is not None:
        src.add(depth, f"{fld('trick_cards')} = [{', '.join(CARD_LOCALS[:size])}][:k]")


def _cascade(src: Source, reads: _Reads, phase, depth: int, leading: bool, grouped) -> bool:
    """The rules that apply on lead (or not), leaving the legal cards in `legal`; whether that is
    always the whole hand (no rule applies).

    With `grouped` (a playout), `gp` is the hand grouped by that table: a rule on it while
    no earlier rule has narrowed the hand reads its group instead of filtering the hand."""
    rules = [rule for rule, lead in zip(phase._cascade, (r.lead for r in phase.rules))
             if not (((rule[0] == NOT_ON_LEAD or lead is False) and leading)
                     or ((rule[0] == ON_LEAD or lead is True) and not leading))]
    if not rules and grouped is not None:
        src.add(depth, "legal = hand")
        return True
    src.add(depth, "cands = hand")
    # a playout's last rule, when it always applies, gives the list itself: `kept`, else `cands`
    last = len(rules) - 1 if grouped is not None and rules[-1][0] != IF else None
    # `sole`: the table of the first rule, a `card.x == value` one, while no other rule narrowed the hand:
    # `cands` is the hand or cards whose `x` is `gv`, all or none of which the next rule on `x` keeps
    sole = None
    asked = _conditions_together(src, reads, phase, depth, rules)
    src.asked[leading] = [when for mode, when, _, _ in rules if mode == IF]  # (what each branch asks: the tests)
    for k, (mode, when, keep, eq) in enumerate(rules):
        first = k == 0
        d = depth
        if mode == IF:
            src.add(d, f"if y[{src.literal(asked.index(when))}]:" if asked else
                    f"if {reads.closure(d, when, 'when')}(st):")
            d += 1
        if eq is not None:
            (table, value), rest = eq
            field = field_of(value)
            read = reads.field(field) if field else f"{reads.closure(d, value, 'value')}(st)"
            src.add(d, f"v = {read}")
            filtered = f"[c for c in cands if {src.bind(table, 'table')}[c] == v]"
            whole = "gp.get(v)" if grouped is table else filtered  # the rule on the whole hand
            runs = _runs(table) if not reads.playout and (first or sole is table) else None
            if runs is not None:  # a hand is sorted: the cards of value v are one slice of it, found by bisection
                bl = src.bind(bisect_left, "bisect")
                src.add(d, f"b = {src.bind(runs, 'runs')}.get(v)")
                whole = f"(hand[{bl}(hand, b[0]):{bl}(hand, b[1])] if b is not None else [])"
            if first:
                if grouped is table:  # the group of v, if the hand has one (read without a call)
                    src.add(d, "try:")
                    src.add(d + 1, "kept = gp[v]")
                    src.add(d, "except KeyError:")
                    src.add(d + 1, "kept = None")
                else:
                    src.add(d, f"kept = {whole}")
                if any(e is not None and e[0][0] is table for _, _, _, e in rules[1:]):
                    src.add(d, "gv = v")
            elif sole is table:
                src.add(d, f"kept = {whole} if cands is hand else cands if v == gv else None")
            elif grouped is table:
                src.add(d, f"kept = gp.get(v) if cands is hand else {filtered}")
            else:
                src.add(d, f"kept = {filtered}")
            sole = table if first else None  # (a second rule may narrow the hand to another value)
            for i, step in enumerate(rest):
                src.add(d + i, "if kept:")
                if getattr(step, "inline", None) == "winning_cards" and phase.beats is None:  # (else it asks `beats`)
                    winning(src, reads, d + i + 1)
                else:
                    src.add(d + i + 1, f"kept = {reads.closure(d + i + 1, step, 'step')}(st, kept)")
        elif getattr(keep, "inline", None) == "winning_cards" and phase.beats is None:  # (`wins_trick(card)`)
            src.add(d, "kept = cands")
            winning(src, reads, d)
        elif run_or_card(src, reads, d, getattr(keep, "select_eq_or", None)):
            pass
        else:
            src.add(d, f"kept = {reads.closure(d, keep, 'keep')}(st, cands)")
        if eq is None:
            sole = None
        if k == last:
            src.add(d, "legal = kept or cands")
        else:
            src.add(d, "if kept:")
            src.add(d + 1, "cands = kept")
    if grouped is None:
        src.add(depth, "legal = hand[:] if cands is hand else cands")
    elif last is None:  # a playout's legal list is only chosen from, never kept: the hand itself will do
        src.add(depth, "legal = cands")
    return not rules


def _conditions_together(src: Source, reads: _Reads, phase, depth: int, rules) -> list:
    """The conditions of the rules that have one, written in place (`y`, their values in order) when
    each is generated: what they ask alike is asked once (whether the hand holds the suit led), and no
    function is called to ask them. They read no card and change nothing, so each rule gets the same
    answer before the rules narrow the hand; one that fails makes the closures find the cards rule by
    rule, failing where the rules do. The conditions asked, or [] when each is asked at its rule."""
    whens = [when for mode, when, _, _ in rules if mode == IF]
    if reads.playout or any(getattr(w, "node", None) is None for w in whens):
        return []
    otherwise = f"{src.bind(type(phase).legal.__get__(phase), 'closures')}(st)"
    return whens if conditions_in_place(src, [w.node for w in whens], depth, otherwise) else []


def _legal(src: Source, reads: _Reads, phase, depth: int, grouped=None) -> None:
    """`legal` for the seat `p` holding `hand`."""
    if not reads.playout:
        src.add(depth, f"{src.field('player')} = p")
    src.add(depth, f"if {reads.field('leading')}:")
    _cascade(src, reads, phase, depth + 1, True, grouped)
    src.add(depth, "else:")
    _cascade(src, reads, phase, depth + 1, False, grouped)


def _takes(src: Source, depth: int, power: str | None = None) -> None:
    """Card `c` (number `ci`) of seat `p` is now the best of the trick (and `power` the order it is in)."""
    src.add(depth, "best = ci")
    src.add(depth, "winner = p")
    if power is not None:
        src.add(depth, f"bpw = {power}")


def _played(src: Source, depth: int, grouped, first: bool | None) -> None:
    """Card `c`, already taken from `p`'s hand, leaves its group `g` and joins the trick: its
    first card (`first`), a later one (not `first`), or either, tested on `cards` (None)."""
    add = src.add
    if grouped is not None:
        add(depth, "g.remove(c)")
    if first is None:
        add(depth, "if not cards:")
    if first is not False:
        d = depth + (first is None)
        add(d, "leading = False")
        add(d, "s = led = suit[ci]")
        _takes(src, d, "tpower if s == trump else power")
    if first is None:
        add(depth, "else:")
    if not first:
        d = depth + (first is None)
        add(d, "s = suit[ci]")
        add(d, "if s == suit[best]:")
        add(d + 1, "if bpw[ci] > bpw[best]:")
        _takes(src, d + 2)
        add(d, "elif s == trump:")
        _takes(src, d + 1, "tpower")


def _trick_over(src: Source, phase, depth: int, size: int | None) -> None:
    """The trick is complete: recorded, given to its winner; ends with `break` when the phase is
    over, else the winner leads. Its cards are `cards`, or with `size`, the card locals."""
    lit, fld, add = src.literal, src.field, src.add
    cards = "*cards" if size is None else ", ".join(CARD_LOCALS[:size])
    add(depth, f"tricks.append({src.bind(Trick, 'trick')}((len(tricks) + {lit(1)}, leader, order[leader], "
               f"winner, led, {cards})))")
    add(depth, f"won[winner].extend({'cards' if size is None else f'({cards})'})")
    add(depth, f"tw[winner] += {lit(1)}")
    add(depth, f"cards = {fld('trick_cards')} = []" if size is None else f"k = {lit(0)}")
    add(depth, "led = None")
    add(depth, f"best = {lit(-1)}")
    add(depth, "leading = True")
    if phase.stop_when is not None:
        _write_back(src, depth, size=size)
        add(depth, f"if not hands[winner] or {src.bind(phase.stop_when, 'stop')}(st):")
    else:
        add(depth, "if not hands[winner]:")
    _write_back(src, depth + 1, to_play=lit(None), size=size)
    add(depth + 1, "break")
    add(depth, "leader = p = winner")


def _a_card(src: Source, phase, depth: int, grouped, size: int | None, i: int | None, drawn: bool) -> None:
    """One card of the loop: `p` chooses it among the legal cards and plays it. With `size`,
    it is the trick's card `i` (the trick unrolled), else whichever the trick is at. When
    `drawn`, the card is drawn from `draw` (a generator's `getrandbits`) as `Random.choice`
    draws it, else it is `choice(legal)`."""
    add = src.add
    add(depth, "hand = hands[p]")
    if grouped is not None:
        add(depth, "gp = groups[p]")
    whole = False  # the legal cards are the hand, whatever it holds
    if size is None:
        _legal(src, _Reads(src, True), phase, depth, grouped)
    else:
        whole = _cascade(src, _Reads(src, True, size, i), phase, depth, i == 0, grouped)
    # a seat with nothing it may play: the loop stops, its state written back, and the move-by-move
    # path says so (`State.legal_actions`), as it does for every phase
    add(depth, "if not legal:")
    _write_back(src, depth + 1, size=size)
    add(depth + 1, f"{src.field('_legal')} = None")
    add(depth + 1, "return ()")
    if drawn:  # `Random.choice`'s own draw, written out (interpreter/core/draw.py): nobody else reads the state
        add(depth, "n = len(legal)")
        add(depth, "width = n.bit_length()")
        add(depth, "r = draw(width)")
        add(depth, "while r >= n:")
        add(depth + 1, "r = draw(width)")
        add(depth, "c = legal[r]")
    else:
        add(depth, f"{src.field('current')} = p")  # the seat choosing: a chooser may read it (one bot per seat)
        add(depth, "c = choice(legal)")
    # the choice must be a card of the list (a hand, its group, or fewer): tested on the way to
    # taking it from the hand, with a list searched only when it is none of those; any other
    # choice is left to apply(), which refuses it, the state unchanged, or reads a name
    add(depth, "try:")
    # the card's number as a plain int, to index the tables with: CPython reads a tuple at an
    # exact int faster than at a card (an int subclass); `c` itself goes to the hands and tricks
    add(depth + 1, f"ci = c + {src.literal(0)}")
    if grouped is not None:
        add(depth + 1, f"g = gp[{src.bind(grouped, 'table')}[ci]]")
    if not (whole or drawn):  # (a card of the hand is one of the list: taking it from the hand tests it)
        add(depth + 1, f"if {'legal is not g and ' if grouped is not None else ''}legal is not hand and c not in legal:")
        add(depth + 2, "raise ValueError")
    add(depth + 1, "hand.remove(c)")
    add(depth, "except Exception:")
    _write_back(src, depth + 1, size=size)
    add(depth + 1, f"{src.field('_legal')} = None")
    add(depth + 1, "return (c,)")
    add(depth, "actions.append(pairs[p][ci])")
    add(depth, "try:")  # a rule failing as the card is played is placed at that card
    if open_tricks.is_open(phase):  # (never unrolled)
        open_tricks.played(src, _Reads(src, True), phase, depth + 1, grouped)
    else:
        _played(src, depth + 1, grouped, None if size is None else i == 0)
    if size is None:
        if not open_tricks.is_open(phase):
            add(depth + 1, "cards.append(c)")
        add(depth + 1, "if len(cards) < size:")  # (fewer than the seats when some sit out)
        add(depth + 2, "p = after[p]")
        add(depth + 2, "continue")
        _trick_over(src, phase, depth + 1, None)
    else:
        add(depth + 1, f"{CARD_LOCALS[i]} = c")
        add(depth + 1, f"k = {src.literal(i + 1)}")
        if i + 1 < size:
            add(depth + 1, "p = after[p]")
        else:
            _trick_over(src, phase, depth + 1, size)
    add(depth, f"except {src.bind(PASSED_ON, 'errors')}:")
    add(depth + 1, "raise")
    add(depth, "except Exception as x:")
    _write_back(src, depth + 1, size=size)
    add(depth + 1, f"raise {src.field('_fault')}(x, c) from x")


def _unrolled(phase) -> int | None:
    """The number of cards in every trick when the loop may be written card by card (every seat
    plays to every trick, and they are few, and the trick's cards are read only by the loop, not by
    the spec's own `beats` or `led_suit`), else None."""
    return phase.n if phase.sits_out is None and 2 <= phase.n <= len(CARD_LOCALS) \
        and not open_tricks.is_open(phase) else None


def generate(phase, drawn: bool = False) -> Source:
    """The source of `legal` and `playout` for a `Tricks` phase (only `legal`, the cards, when its
    moves go through apply(): `moves_apart`), and of `apply` when the spec says who takes a trick
    or what suit is led (`open_tricks`), or words may be said with a card (`words`); with `drawn`, of
    `drawn` alone."""
    src = Source("trick play")
    src.asked = {}
    if drawn:
        _loop(src, phase, True)
        return src
    fld = src.field
    src.add(0, "def legal(st):")
    src.add(1, f"p = {fld('to_play')}")
    src.add(1, f"hand = {fld('hands')}[p]")
    src.seat_locals = {"hands": "hand"}  # (the conditions written in place read the player's hand from it)
    _legal(src, _Reads(src, False), phase, 1)
    if phase.announcements:
        words.said_in_place(src, phase, 1)
    src.seat_locals = None
    src.add(1, "return legal")
    if open_tricks.is_open(phase):
        src.add(0, "")
        open_tricks.apply_source(src, phase)
    elif phase.announcements:
        src.add(0, "")
        words.apply_source(src, phase)
    if open_tricks.moves_apart(phase):
        return src
    src.add(0, "")
    _loop(src, phase, False)
    return src


def _loop(src: Source, phase, drawn: bool) -> None:
    """`playout(st, choice)`, or when `drawn`, `drawn(st, draw)`: the same loop, each card drawn
    from `draw` (a generator's `getrandbits`) as that generator's `choice` would pick it."""
    fld = src.field
    src.add(0, "def drawn(st, draw):" if drawn else "def playout(st, choice):")
    size = _unrolled(phase)
    src.add(1, f"actions = {fld('deal')}.actions")
    src.add(1, f"pairs = {src.bind(phase.pairs, 'pairs')}")
    for name, local in (*FIXED.items(), *LOCAL.items()):
        if name not in ("player", "current") and not (size is not None and name in ("trick_size", "trick_cards")):
            src.add(1, f"{local} = {fld(name)}")
    grouped = _grouping(phase)
    if grouped is not None:  # each hand by the table of the cascade's first comparison
        src.add(1, "groups = []")
        src.add(1, "for hand in hands:")
        values, table = _values(grouped), src.bind(grouped, "table")
        runs = _runs(grouped) if values is not None and len(values) <= len(BOUNDS) else None
        if runs is not None:  # each value one run of card numbers: a sorted hand is cut into them
            _cut(src, runs)
        else:  # card by card: into a list for each of a few whole numbers made at once, or as they come
            if values is not None:
                start, group = "{" + ", ".join(f"{src.literal(v)}: []" for v in values) + "}", f"gp[{table}[c]]"
            else:
                start, group = "{}", f"gp.setdefault({table}[c], [])"
            src.add(2, f"gp = {start}")
            src.add(2, "for c in hand:")
            src.add(3, f"{group}.append(c)")
            src.add(2, "groups.append(gp)")
    if size is not None:  # the trick in progress: its first k cards, in c0, c1, ... (it starts empty)
        src.add(1, f"k = {src.literal(0)}")
        src.add(1, f"{' = '.join(CARD_LOCALS[:size])} = None")
    src.add(1, "try:")  # (free unless raised) whatever stops the loop finds the state written back
    src.add(2, "while True:")
    for i in ([None] if size is None else range(size)):
        _a_card(src, phase, 3, grouped, size, i, drawn)
    src.add(1, "except BaseException:")
    _write_back(src, 2, size=size)
    src.add(2, "raise")
    src.add(1, f"{fld('_legal')} = None")


def _cut(src: Source, runs: dict) -> None:
    """Group a hand (sorted: hands are kept in card order) by a table whose every value is one run
    of card numbers: the hand cut where each run after the first begins, found by bisection."""
    lit = src.literal
    bisect = src.bind(bisect_left, "bisect")
    order = sorted(runs, key=lambda v: runs[v][0])  # the values in card order
    cuts = ["0"]
    for i, v in enumerate(order[1:]):
        src.add(2, f"{BOUNDS[i]} = {bisect}(hand, {lit(runs[v][0])}{', ' + cuts[-1] if i else ''})")
        cuts.append(BOUNDS[i])
    cuts.append("")
    parts = ", ".join(f"{lit(v)}: hand[{'' if i == 0 else cuts[i]}:{cuts[i + 1]}]" for i, v in enumerate(order))
    src.add(2, f"groups.append({{{parts}}})")


def _playout(loop, phase, unrolled: bool):
    """The phase's playout around its generated `loop`, or around its `drawn` loop when the
    chooser is a generator's own `choice` (interpreter/core/draw.py; generated the first time
    one is, as most games compiled are never played out so). A choice not in the list it was
    made from is left to `apply()`, which refuses it, the state unchanged, or plays the action a
    name names, as move by move. An unrolled loop starts at a trick's first card: a trick in
    progress is played on move by move (`State.playout` comes back here after each card)."""
    drawn = None

    def playout(st, choice):
        nonlocal drawn
        if unrolled and st.trick_cards:
            st.apply(choice(st.legal_actions()))
            return
        bits = random_bits(choice)
        if bits is not None and drawn is None:
            (drawn,) = generate(phase, drawn=True).build("drawn")
        refused = loop(st, choice) if bits is None else drawn(st, bits)
        if refused is not None:  # a choice to judge move by move, or () when nothing may be played
            st.apply(refused[0] if refused else choice(st.legal_actions()))
    return playout


def compile_tricks(phase) -> tuple:
    """(legal, playout or None, apply or None, source text) for a `Tricks` phase: `apply` when the
    spec says who takes a trick or what suit is led, or words may be said with a card, else the phase
    keeps its own."""
    src = generate(phase)
    names = ("legal",) + (("apply",) if open_tricks.is_open(phase) or phase.announcements else ()) + \
        (("playout",) if not open_tricks.moves_apart(phase) else ())
    built = dict(zip(names, src.build(*names)))
    built["legal"].asks = src.asked
    if "apply" in built and phase.announcements:
        built["apply"].says = True  # (it says the words said with a card itself: `open_tricks.apply_source`)
    playout = built.get("playout")
    if playout is not None:
        playout = _playout(playout, phase, _unrolled(phase) is not None)
    return built["legal"], playout, built.get("apply"), src.text()

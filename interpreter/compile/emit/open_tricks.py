"""Generated source for tricks won or led by the spec's own rule (`play.beats`, `play.led_suit`).

`Tricks._apply_open` is the reference: a card takes the trick when the compiled `beats` holds of
it against the best card so far (by default: the same suit and stronger, or a trump over a card
that is not one), and the suit led is read again after each card with the compiled `led_suit`
(by default: the first card's suit). This writes the same steps, under THE RULE of
`interpreter.compile.emit`: `beats` and `led_suit` are the phase's compiled closures, called by
their bound names, never their text.

* `played(...)`: a card of the playout loop (interpreter/compile/emit/tricks.py) joining the trick,
  the loop's locals written back to the state before each closure runs;
* `apply_source(...)`: `apply(st, c)`, the phase's move by move, for `State.apply`;
* `moves_apart(phase)`: whether a trick phase's moves go through apply() alone (no playout loop).

The trick of such a play is never written card by card: its cards stay in the state's own list
(`cards` is `st.trick_cards`), which `beats` and `led_suit` may read.
"""

from __future__ import annotations

from ...phases.tricks import Said


def moves_apart(phase) -> bool:
    """Whether the phase's moves go through apply() alone: words may be said with a card, another seat
    chooses a hand's card (`controller`) or hands are laid open from a moment on (`open_from`)."""
    return bool(phase.announcements) or phase.controller is not None or phase.open_from is not None


def is_open(phase) -> bool:
    """Whether the spec says who takes the phase's tricks or what suit is led."""
    return phase.beats is not None or phase.led is not None


def _wins(src, depth: int, read, beats, then) -> None:
    """The lines that run `then` (a list of lines) when card `c` (number `ci`) of seat `p` beats
    the best card so far: `beats` (a bound name: the phase's `beats_one`) called on it, else the
    default test on the fields as `read` gives them."""
    add = src.add
    if beats is not None:
        add(depth, f"if {beats}(st, c):")
        for line in then:
            add(depth + 1, line)
        return
    suit, trump = read("suit"), read("trump")
    add(depth, f"s = {suit}[ci]")
    add(depth, f"if s == {suit}[{read('trick_best')}]:")
    add(depth + 1, f"pw = {read('trump_power')} if s == {trump} else {read('power')}")
    add(depth + 1, f"if pw[ci] > pw[{read('trick_best')}]:")
    for line in then:
        add(depth + 2, line)
    add(depth, f"elif s == {trump}:")
    for line in then:
        add(depth + 1, line)


def played(src, reads, phase, depth: int, grouped) -> None:
    """In a playout loop: card `c` (number `ci`), already taken from `p`'s hand, leaves its group
    `g` and joins the trick `cards` as `_apply_open` plays it (`reads.closure` writes the loop's
    locals back before a closure runs)."""
    add = src.add
    if grouped is not None:
        add(depth, "g.remove(c)")
    add(depth, "if not cards:")
    add(depth + 1, "leading = False")
    if phase.led is None:
        add(depth + 1, "led = suit[ci]")
    add(depth + 1, "best = ci")
    add(depth + 1, "winner = p")
    add(depth, "else:")
    beats = reads.closure(depth + 1, phase.beats_one, "beats") if phase.beats is not None else None
    _wins(src, depth + 1, reads.field, beats, ("best = ci", "winner = p"))
    add(depth, "cards.append(c)")
    if phase.led is not None:
        add(depth, f"led = {reads.closure(depth, phase.led, 'led')}(st)")


def apply_source(src, phase) -> None:
    """`apply(st, c)`: card `c` played by the seat to play, as `Tricks._apply_open` plays it."""
    fld, add = src.field, src.add
    add(0, "def apply(st, c):")
    if phase.announcements:  # a card said with a word: the word said, then the card played (`Tricks.say`)
        add(1, f"if type(c) is {src.bind(Said, 'cls')}:")
        add(2, f"c = {src.bind(phase.say, 'say')}(st, c)")
    add(1, f"p = {fld('to_play')}")
    add(1, f"{fld('hands')}[p].remove(c)")
    add(1, f"cards = {fld('trick_cards')}")
    add(1, "if not cards:")
    add(2, f"{fld('leading')} = False")
    add(2, f"{fld('trick_best')} = c")
    add(2, f"{fld('trick_winner')} = p")
    add(1, "else:")
    add(2, f"{fld('player')} = p")
    if phase.beats is None:
        add(2, "ci = c")  # (the default test reads the card's number as `ci`)
    then = (f"{fld('trick_best')} = c", f"{fld('trick_winner')} = p")
    _wins(src, 2, fld, src.bind(phase.beats_one, "beats") if phase.beats is not None else None, then)
    add(1, "cards.append(c)")
    led = f"{src.bind(phase.led, 'led')}(st)" if phase.led is not None else f"{fld('suit')}[cards[{src.literal(0)}]]"
    add(1, f"{fld('led_suit')} = {led}")
    add(1, f"if len(cards) < {fld('trick_size')}:")
    add(2, f"p = {fld('to_play')} = {fld('after')}[p]")
    add(2, "return p")
    add(1, f"return {src.bind(phase._close_trick, 'close')}(st, cards)")

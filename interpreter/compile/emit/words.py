"""Generated source for the words said with a card, written into a trick play's `legal`.

After the legal cards, the list offers each card with each word that may be said with it
(`play 9S poignee`), in the order `Tricks._with_words`, the reference, offers them around the
closures' list: word by word, each word's cards in the cards' order. Under THE RULE of
`interpreter.compile.emit`:

* when no word's condition reads the card (a poignee, said with the first card), the conditions are
  written in place, what they ask alike computed once; when none holds (the common case) the list is
  the cards as they are. Should one fail, the words are asked again one by one
  (`Tricks.words_for`), so the fault is placed at the condition that failed;
* when a condition reads the card (bella, with the second of the king and queen of trumps), each
  word's compiled filter keeps the cards it may be said with (`Tricks.words_for`, bound).
"""

from __future__ import annotations

from .conditions import conditions_in_place


def said_in_place(src, phase, depth: int) -> None:
    """The lines, at `depth` of a `legal` whose cards are in `legal`, that add the card-and-word actions."""
    src.add(depth, "if legal:")
    d = depth + 1
    asked = src.bind(phase.words_for, "words")
    nodes = [getattr(a.card_filter, "condition", None) for a in phase.announcements]
    if None not in nodes and conditions_in_place(src, nodes, d, f"legal + {asked}(st, legal)"):
        src.add(d, f"if {' or '.join(f'y[{src.literal(i)}]' for i in range(len(nodes)))}:")
        src.add(d + 1, f"legal = legal + {src.bind(phase.said_with, 'said')}(legal, y)")
        return
    src.add(d, f"x = {asked}(st, legal)")
    src.add(d, "if x:")
    src.add(d + 1, "legal = legal + x")

"""A game in a person's words: the rulebook (`rulebook`, `rulebook_phases`, `wording`), a
resolved spec and a variant's changes (`describe`), and the terminal's table (`screen`), which
shows only a seat's view.

Imports: `core`, `load`, `expr`, `phases`, `engine`, `compile`.
"""

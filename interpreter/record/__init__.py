"""Records of games: writing one from a state (`write`), and reading, checking and replaying
one, by hand or written by `play` (`replay`).

Imports: every stage up to `players`.
"""

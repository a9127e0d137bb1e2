"""The checked spec to a `Game`: the pack (`pack`), the expression scope (`scope`), the spec's
functions (`functions`), play rules (`play`), phases (`phases`, `order`), the proofs that
divisions and indexes are safe (`safety`), and `load_game` (`game`), which runs the stages
from a file to a game. `emit/` writes the generated Python of the hot paths; the closures
stay the reference, and both always agree.

Imports: `core`, `load`, `expr`, `phases`, `engine`.
"""

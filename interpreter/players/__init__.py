"""Who chooses the moves: agents (`agents`: a human at the terminal, random, first, and the
search bots), what a seat has learnt (`knowledge`), the worlds consistent with it (`sampler`)
and the searches over them (`search`). Agents see a seat's view, never the state.

Imports: every stage up to `words`.
"""

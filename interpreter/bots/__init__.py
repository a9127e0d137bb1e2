"""Bots that play any spec well: what a seat learns from the play (`knowledge.py`), the worlds
it may imagine (`sampler.py`), the search bots (`search.py`) and duplicate matches (`arena.py`)."""

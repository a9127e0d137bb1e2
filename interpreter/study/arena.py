"""Duplicate matches between bots: the luck of the cards taken out by dealing every board
to every seat.

A board is a game played from one seed (its first deal only, or the whole game). It is
played once per seat, the bots moved one seat on each time; the seed deals the same
cards each time, so every bot holds every hand. A bot's score on a board is the mean, over
the seats it held, of its score per deal (the deals' scores added, over the number of
deals played); its figure is the mean over the boards, with the 95% confidence interval
of that mean (the boards are independent; the rotations within one are paired). Bots are
named as in `--seats`, and a name given for several seats is one bot.

A bot is seeded from the board's seed and its place in the list, so a match depends on its
seed alone, and plays the same on any number of processes.
"""

from __future__ import annotations

from .stats import INTERVAL, interval, mean, play_games, scored

FORMAT = "cardspec-arena/1"


def play_board(game, kinds, seed: int, max_deals: int):
    """Play the board of `seed` once per rotation of `kinds` (the bots in playing order).

    Parameters:
        game: the compiled game.
        kinds: one bot name per seat, in playing order (`ismcts:500`, `mc`, ...).
        seed: the board's seed.
        max_deals: the deals of the board (the game is cut there).

    Returns:
        (per rotation, per bot in `kinds`, its score per deal), and the deals played.

    Raises:
        GameError, GameFault: the spec's rules failed during the game.
    """
    from ..players.agents import make_agent

    n = game.n
    order = game.turn_order
    out, deals = [], 0
    for r in range(n):
        seat_of = [order[(i + r) % n] for i in range(n)]  # bot i plays seat seat_of[i]
        agents = [None] * n
        for i, kind in enumerate(kinds):
            agents[seat_of[i]] = make_agent(kind, seed=seed * 7919 + i)
        _, state, _ = next(play_games(game, agents, [seed], max_deals))
        played = scored(state)
        count = max(1, len(played))
        out.append([sum(d.scores[seat_of[i]] for d in played) / count for i in range(n)])
        deals += len(played)
    return out, deals


def board_work(game, kinds, seed: int, max_deals: int):
    """`play_board` for a worker process: its result, or the error that stopped it."""
    from ..core.errors import CardspecError

    try:
        return play_board(game, kinds, seed, max_deals), None
    except CardspecError as e:
        return None, e


def summary(kinds, boards) -> list[dict]:
    """Each bot's figures over `boards` (the results of `play_board`), best first.

    Parameters:
        kinds: the bots in playing order, as given.
        boards: per board, its rotations (per bot in `kinds`, the score per deal).
    """
    names = list(dict.fromkeys(kinds))
    per_bot = {name: [] for name in names}
    for rotations in boards:
        for name in names:
            idx = [i for i, k in enumerate(kinds) if k == name]
            per_bot[name].append(mean([rot[i] for rot in rotations for i in idx]))
    rows = [{"bot": name, "seats": kinds.count(name), "mean": mean(per_bot[name]), "ci95": interval(per_bot[name]),
             "boards": per_bot[name]} for name in names]
    rows.sort(key=lambda row: -row["mean"])
    for rank, row in enumerate(rows, 1):
        row["rank"] = rank
    for row, nxt in zip(rows, rows[1:]):  # how sure the order is: each against the next, paired by board
        diffs = [a - b for a, b in zip(row["boards"], nxt["boards"])]
        row["ahead_of_next"] = {"bot": nxt["bot"], "difference": mean(diffs), "ci95": interval(diffs)}
    return rows


def document(spec: str, game, kinds, seed: int, boards_count: int, max_deals: int, rows, deals: int,
             seconds: float) -> dict:
    """The JSON document of a match (see docs/output.md)."""
    from ..load.catalog import version

    return {"format": FORMAT, "cardspec": version(), "spec": spec, "spec_sha256": spec_hash(game),
            "title": game.title, "options": dict(game.options),
            "seats": list(kinds), "boards": boards_count, "seed": seed, "board_seeds": list(range(seed, seed + boards_count)),
            "deals_per_board": max_deals, "deals": deals, "seconds": round(seconds, 3), "interval": INTERVAL,
            # each bot's score per deal on each board, in the order of `board_seeds`: runs pool by board
            "bots": [{**{k: v for k, v in row.items() if k != "boards"}, "per_board": row["boards"]} for row in rows]}


def spec_hash(game) -> str | None:
    """The SHA-256 of the text of every file of the game's spec and its options: two runs with the same
    hash played the same rules."""
    import hashlib

    if game.source is None:
        return None
    digest = hashlib.sha256()
    for path, text in game.source.texts:
        digest.update(f"{path}\0{text}\0".encode())
    digest.update(repr(game.source.options).encode())
    return digest.hexdigest()

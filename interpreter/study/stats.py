"""The statistics of a simulation: per seat, team and contract; paired comparisons; per-deal rows.

Kept apart from the command so they can be tested directly and reused by other runners.
A `Study` is fed finished games (`add`) and returns plain data (`summary`), which the
text report, `--json`, `--csv` and `--plot` all read: the figures are computed once.

Confidence intervals are for a mean, at 95%, with Student's t quantile for n - 1 degrees
of freedom (exact to three decimals up to 30, a Cornish-Fisher expansion beyond, which
tends to the normal 1.96). A paired comparison plays two specs on the same seeds and takes
the interval of the mean of the per-game differences, which removes the luck of the deal
that both sides share.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from statistics import NormalDist

from ..core.errors import CardspecError

# Student's t, two-sided 95% (the 0.975 quantile), for 1..30 degrees of freedom
_T975 = (12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
         2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
         2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042)
_Z975 = NormalDist().inv_cdf(0.975)

INTERVAL = "95% confidence interval of the mean, Student's t quantile with n - 1 degrees of freedom"


def t975(df: int) -> float:
    """The 0.975 quantile of Student's t with `df` degrees of freedom."""
    if df < 1:
        raise ValueError("a t quantile needs at least one degree of freedom")
    if df <= len(_T975):
        return _T975[df - 1]
    z = _Z975
    return (z + (z ** 3 + z) / (4 * df) + (5 * z ** 5 + 16 * z ** 3 + 3 * z) / (96 * df ** 2)
            + (3 * z ** 7 + 19 * z ** 5 + 17 * z ** 3 - 15 * z) / (384 * df ** 3))


def mean(xs) -> float:
    return sum(xs) / len(xs)


def stdev(xs) -> float:
    """The sample standard deviation (n - 1); 0 for a single value."""
    if len(xs) < 2:
        return 0.0
    m = mean(xs)
    return math.sqrt(sum((x - m) ** 2 for x in xs) / (len(xs) - 1))


def interval(xs) -> list[float] | None:
    """The 95% confidence interval of the mean of `xs` as [low, high]; None below two values."""
    if len(xs) < 2:
        return None
    m, half = mean(xs), t975(len(xs) - 1) * stdev(xs) / math.sqrt(len(xs))
    return [m - half, m + half]


def describe(xs, wins: int) -> dict:
    """Mean, stdev, interval, min, max and wins of one seat's (or team's) results."""
    return {"mean": mean(xs), "stdev": stdev(xs), "ci95": interval(xs), "min": min(xs), "max": max(xs),
            "wins": wins}


def paired(a, b) -> dict:
    """Side A's and side B's means and the mean of the differences B - A, with its interval."""
    if len(a) != len(b):
        raise ValueError("paired samples must have the same length")
    diffs = [y - x for x, y in zip(a, b)]
    return {"mean_a": mean(a), "mean_b": mean(b), "difference": mean(diffs), "ci95": interval(diffs)}


def winners(scores, highest: bool) -> list[int]:
    """The indices of the best scores (all of them on a tie)."""
    best = max(scores) if highest else min(scores)
    return [i for i, s in enumerate(scores) if s == best]


def deal_rows(state, seed: int, game_no: int) -> list[list]:
    """One row per deal of a finished game: seed, game, deal, dealer, declarer, contract, scores in seat order."""
    sn = state.game.seat_names
    return [[seed, game_no, d.number, sn[d.dealer], "" if d.declarer is None else sn[d.declarer],
             "" if d.void else (d.contract or ""),
             *d.scores] for d in scored(state)]


def scored(state) -> list:
    """The deals of `state` that were scored (a deal whose every score phase was skipped was not)."""
    return [d for d in state.deals if d.scores is not None]


def game_agents(bots, seed: int) -> list:
    """The bots of one game, one per seat, from `bots`: (kind, number) per seat, each seeded from
    the game's seed and its number, so that a game depends on its seed alone and plays the same
    in any process (and, with the same numbers, a seat of another spec gets the same bot)."""
    from ..players.agents import make_agent

    return [make_agent(kind, seed=seed * 7919 + number) for kind, number in bots]


def play_games(game, agents, seeds, max_deals: int):
    """Play one game per seed; yield (seed, finished state, stopped at max_deals). `agents` is
    the list of bots, or a function of the seed that makes each game's (`game_agents`).

    A GameError from the spec propagates; the caller names the game."""
    for seed in seeds:
        agents_now = agents(seed) if callable(agents) else agents
        state = game.new_state(seed)
        stopped = False
        # bots that choose from the legal list alone let the deal run in the generated loop
        fast = all(getattr(a, "plays_out", False) for a in agents_now)

        def choose(legal, state=state, agents_now=agents_now):
            p = state.current
            return agents_now[p].choose(state, p, legal)
        while not state.is_terminal:
            if state.deal_number > max_deals:  # the deal after the last allowed has begun: drop it
                state.deals.pop()
                stopped = True
                break
            if fast:
                state.playout(choose)  # the same moves as below, to the end of the deal
                continue
            p = state.current
            state.apply(agents_now[p].choose(state, p, state.legal_actions()))
        yield seed, state, stopped


@dataclass
class GameSummary:
    """What one finished (or stopped) game adds to a study: small, and plain enough to cross
    from a worker process to the one that adds it up."""

    seed: int
    stopped: bool
    returns: list
    statistics: dict  # the spec's per-game statistics: name -> held
    deals: list  # per deal: (contract, declarer, scores, void, flags, raw scores)
    rows: list | None  # per deal, the CSV rows, when kept


def summarize(game, seed: int, state, stopped: bool, game_no: int, keep_rows: bool = False) -> GameSummary:
    """The summary of a finished game, the `game_no`-th of its run."""
    held = {}
    for name, cond in game.statistics.items():
        state.player = 0
        held[name] = bool(cond(state))
    return GameSummary(seed, stopped, list(state.returns), held,
                       [(d.contract, d.declarer, list(d.scores), d.void, dict(d.flags),
                         list(d.scores if d.raw is None else d.raw)) for d in scored(state)],
                       deal_rows(state, seed, game_no) if keep_rows else None)


def play_chunk(game, bots, seeds, first_no: int, max_deals: int, keep_rows: bool):
    """Play the games of `seeds` (the first being the run's `first_no`-th) with `bots` (see `game_agents`):
    (their summaries, and None or (index in `seeds`, the error) when one of them broke). What a
    worker process runs: the game crosses as its source and is compiled there once."""
    out = []
    try:
        for k, (seed, state, stopped) in enumerate(play_games(game, lambda s: game_agents(bots, s), seeds,
                                                               max_deals)):
            out.append(summarize(game, seed, state, stopped, first_no + k, keep_rows))
    except CardspecError as e:
        return out, (len(out), e)
    return out, None


class Study:
    """What a series of games of one spec adds up to."""

    def __init__(self, game):
        self.game = game
        n = game.n
        self.results = [[] for _ in range(n)]  # per seat, one result per game
        self.wins = [0] * n
        self.stats = {name: 0 for name in game.statistics}
        self.deal_stats = {name: [0, 0] for name in game.deal_statistics}  # counted, among
        # key -> [deals, declarer's total, others' mean total, deals declared, every seat's mean total,
        #         and the three totals again of the raw scores: declarer's, others' mean, every seat's mean]
        self.contracts: dict = {}
        self.deals = 0
        self.seeds: list[int] = []
        self.unfinished: list[int] = []
        self.rows: list[list] = []  # per deal, when kept

    @property
    def games(self) -> int:
        return len(self.seeds)

    def add(self, seed: int, state, stopped: bool = False, keep_rows: bool = False) -> None:
        """Count one finished (or stopped) game."""
        self.add_summary(summarize(self.game, seed, state, stopped, self.games + 1, keep_rows))

    def add_summary(self, game: GameSummary) -> None:
        """Count one game, from its summary."""
        g, n = self.game, self.game.n
        self.seeds.append(game.seed)
        if game.stopped:
            self.unfinished.append(game.seed)
        for p in range(n):
            self.results[p].append(game.returns[p])
        for p in winners(game.returns, g.winner == "highest"):
            self.wins[p] += 1
        for name, held in game.statistics.items():
            self.stats[name] += held
        for contract, declarer, scores, void, flags, raw in game.deals:
            self.deals += 1
            row = self.contracts.setdefault(contract, [0] * 8)
            row[0] += 1
            row[4] += sum(scores) / n
            row[7] += sum(raw) / n
            if declarer is None:  # (a deal nobody declared: every seat is one of the others)
                row[2] += sum(scores) / n
                row[6] += sum(raw) / n
            else:
                row[1] += scores[declarer]
                row[2] += (sum(scores) - scores[declarer]) / (n - 1)
                row[3] += 1
                row[5] += raw[declarer]
                row[6] += (sum(raw) - raw[declarer]) / (n - 1)
            if not void:
                for name, counted in self.deal_stats.items():
                    flag = flags.get(name)
                    if flag is not None:
                        counted[0] += bool(flag)
                        counted[1] += 1
        if game.rows:
            self.rows.extend(game.rows)

    def contract_means(self) -> dict:
        """Per contract played, in the spec's order, its mean deal scores, final and raw (before doubles
        are settled): `declarer` (None when no deal of it had one), `others` (each other seat) and `seat`
        (every seat alike, for a game without a declarer); with its `name` and `deals`."""
        out = {}
        for key, c in self.game.contracts.items():
            row = self.contracts.get(key)
            if row is None:
                continue
            deals, declared = row[0], row[3]
            out[key] = {"name": c.name, "deals": deals,
                        "declarer": row[1] / declared if declared else None, "others": row[2] / deals,
                        "seat": row[4] / deals, "declarer_raw": row[5] / declared if declared else None,
                        "others_raw": row[6] / deals, "seat_raw": row[7] / deals}
        return out

    def team_results(self) -> list[tuple[str, list]]:
        """Per team, its name (`A+C`) and its mean member result per game."""
        sn = self.game.seat_names
        return [("+".join(team), [sum(self.results[sn.index(m)][k] for m in team) / len(team)
                                  for k in range(self.games)]) for team in self.game.teams or ()]

    def summary(self) -> dict:
        """The figures, as plain data (the body of `simulate --json`)."""
        g = self.game
        sn = g.seat_names
        teams = self.team_results()
        team_wins = [0] * len(teams)
        for k in range(self.games if teams else 0):
            for i in winners([xs[k] for _, xs in teams], g.winner == "highest"):
                team_wins[i] += 1
        return {
            "games": self.games,
            "deals": self.deals,
            "seeds": {"first": min(self.seeds), "last": max(self.seeds)},
            "measure": "game result" if g.result is not None else "game total",
            "interval": INTERVAL,
            "per_seat": {sn[p]: describe(self.results[p], self.wins[p]) for p in g.turn_order},
            "per_team": {name: describe(xs, w) for (name, xs), w in zip(teams, team_wins)},
            "per_contract": {key: {"name": c.name, "deals": self.contracts[key][0],
                                   "declarer_mean": (self.contracts[key][1] / self.contracts[key][3]
                                                     if self.contracts[key][3] else None),
                                   "others_mean": self.contracts[key][2] / self.contracts[key][0]}
                             for key, c in g.contracts.items() if key in self.contracts},
            "statistics": {name: {"count": count, "games": self.games} for name, count in self.stats.items()},
            "deal_statistics": {name: {"count": count, "deals": among,
                                       "among": "deals played" if g.deal_statistics[name][1] is None
                                       else "such deals"}
                                for name, (count, among) in self.deal_stats.items()},
            "unfinished": {"count": len(self.unfinished), "seeds": list(self.unfinished)},
        }


_DECLARER = re.compile(r"\bdeclarer\b")
_PROSE = frozenset({"description", "title", "name", "game", "because"})  # words for people, not rules


def has_declarer(game) -> bool:
    """Whether the game's rules have a declarer: the spec names one (`declarer:`), an auction makes its
    winner one, or a rule reads `declarer`. A game without one still records a declarer for each
    deal, its dealer (the engine's default), which its rules never read. True when the spec the game
    was compiled from is not at hand."""
    data = getattr(getattr(getattr(game, "places", None), "doc", None), "data", None)
    if not isinstance(data, dict):
        return True
    phases = data.get("phases") or {}
    if isinstance(phases, dict) and any(isinstance(p, dict) and p.get("kind", k) == "auction" or p is None
                                        and k == "auction" for k, p in phases.items()):
        return True
    return _reads_declarer({k: v for k, v in data.items() if k != "options"})


def _reads_declarer(value) -> bool:
    if isinstance(value, dict):
        return any(_DECLARER.search(str(k)) or _reads_declarer(v) for k, v in value.items() if k not in _PROSE)
    if isinstance(value, list):
        return any(_reads_declarer(v) for v in value)
    return isinstance(value, str) and _DECLARER.search(value) is not None


def settles(game) -> bool:
    """Whether a deal's scores may differ from its raw scores (what the contracts' `score` gives):
    doubles are settled, pairwise or by the spec's own settlement."""
    return getattr(game, "settle", None) is not None


def compare(a: Study, b: Study) -> dict:
    """Per seat (by name, in A's playing order), the paired comparison of B with A over the same seeds."""
    if a.seeds != b.seeds:
        raise ValueError("a paired comparison needs the same seeds on both sides")
    sa, sb = a.game.seat_names, b.game.seat_names
    return {sa[p]: paired(a.results[p], b.results[sb.index(sa[p])]) for p in a.game.turn_order}

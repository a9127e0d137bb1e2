"""Scoring a deal: each seat's raw score from the contract, doubles settled, totals checked.

Pairwise settlement: with d(i,j) = (i doubled j) + (j doubled i), every pair with
d > 0 settles d x |s_i - s_j| from the lower raw score to the higher, so
final_i = s_i + sum_j d(i,j) (s_i - s_j). Settlement moves points between players and
never changes the deal total, which is checked against the contract's declared total
before and after, like the check column of a score sheet. A spec may instead give its
own settlement, an expression of each player's final score (over `raw`, `raw_of(p)`,
`doubled(a, b)`); then only the raw scores are checked against the declared total.
"""

from __future__ import annotations

from ..core.evaluation import evaluated, forget
from . import Phase


class Score(Phase):
    kind = "score"

    def __init__(self, name, n, settle):
        super().__init__(name)
        self.n = n
        self.settle = settle  # "pairwise" or None
        self.pairs = tuple((i, j) for i in range(n) for j in range(i + 1, n))  # each pair of seats once
        self.raw_read = True  # whether a function of the spec reads `raw` (the compiler says)

    def start(self, state) -> None:
        evaluated(state, self._score)  # (what the seats' scores ask alike is computed once: core/evaluation.py)

    def _score(self, state) -> None:
        contract = state.contract
        n = self.n
        raw = []
        score = contract.score
        for p in range(n):
            state.player = p
            x = score(state)
            raw.append(int(x) if x.__class__ is float and x.is_integer() else x)  # (`_exact`, inlined)
        state.raw = raw
        if self.raw_read:  # a function of the spec reads `raw`: what it answered before is of another moment
            forget(state)
        final = list(raw)
        if callable(self.settle):  # the spec's own settlement: each player's final score from the raw ones
            final = []
            for p in range(n):
                state.player = p
                final.append(_exact(self.settle(state)))
        elif self.settle == "pairwise":
            d = state.doubles
            for i, j in self.pairs:
                k = d[i][j] + d[j][i]
                if k:
                    diff = k * (raw[i] - raw[j])
                    final[i] += diff
                    final[j] -= diff
        if contract.total is not None:
            want = contract.total(state)
            checks = (("raw", raw),) if callable(self.settle) else (("raw", raw), ("final", final))
            for label, scores in checks:
                if sum(scores) != want:  # the spec's promise broken: a fault of the spec, at the total it declared
                    raise state.fault_at(("contracts", contract.key, "total"),
                                         f"the {label} scores of {contract.name} {' '.join(map(str, scores))} sum "
                                         f"to {sum(scores)}, but the contract declares a total of {want}",
                                         f"deal {state.deal_number}, as it is scored")
        deal = state.deal
        deal.tricks = state.tricks  # (read by the record and by later deals, never by this deal's expressions)
        deal.seat_tricks = tuple(state.tricks_won)
        # each statistic: true or false, or None for a deal it does not count (`of` false)
        stats = state.game.deal_statistics
        if stats:
            deal.flags = {name: bool(cond(state)) if among is None or among(state) else None
                          for name, (cond, among) in stats.items()}
        deal.raw = raw
        deal.scores = final
        totals = state.totals
        for p in range(n):
            totals[p] += final[p]


def _exact(x):
    """Scores stay ints when they are whole (a division may give 18.0)."""
    if isinstance(x, float) and x.is_integer():
        return int(x)
    return x

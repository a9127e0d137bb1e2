"""What a game pays each seat as it goes, for the environments' rewards.

`rewards="deal"`: each deal's scores when it is scored, and at the end whatever the game's
result adds to the sum of the deals (a settlement in the spec's `match.result`); `rewards="game"`:
the game's result, once, at the end. `max_deals=N` cuts the game short after N deals (thrown-in
deals included); under `rewards="game"` each seat is then paid its total so far. Either way a
seat's rewards add up to its result (or to its total when the game is cut short).
"""

from __future__ import annotations

REWARDS = ("deal", "game")


def check_settings(rewards, max_deals) -> None:
    """Refuse a reward mode or a number of deals the environments do not know, with the reason."""
    if rewards not in REWARDS:
        raise ValueError(f"rewards must be one of {', '.join(REWARDS)}, not {rewards!r}")
    if max_deals is not None and (not isinstance(max_deals, int) or max_deals < 1):
        raise ValueError(f"max_deals must be a whole number of at least 1, not {max_deals!r}")


class Payout:
    """One game's rewards, step by step: `after(state)` once after each step."""

    __slots__ = ("given", "max_deals", "mode", "n", "scored")

    def __init__(self, n: int, mode: str = "deal", max_deals: int | None = None):
        self.n, self.mode, self.max_deals = n, mode, max_deals
        self.start()

    def start(self) -> None:
        """A new game: nothing scored, nothing paid."""
        self.scored = 0  # deals whose scores have been paid
        self.given = [0.0] * self.n  # what each seat has been paid so far

    def after(self, state) -> tuple[list | None, bool, bool]:
        """(rewards per seat, or None when this step pays nothing; the game is over; it is cut short)."""
        deals = state.deals
        finished = len(deals) - (deals[-1].scores is None)  # (deals are scored in turn)
        over = state.terminal
        cut = not over and self.max_deals is not None and finished >= self.max_deals
        if finished == self.scored and not (over or cut):  # the common step
            return None, False, False
        rewards = [0.0] * self.n
        if self.mode == "deal":
            for d in deals[self.scored:finished]:
                rewards = [r + s for r, s in zip(rewards, d.scores)]
        self.scored = finished
        if over or (cut and self.mode == "game"):
            # the game's result (or, cut short, its totals), less what the deals have paid already
            rewards = [float(r) - g for r, g in zip(state.returns, self.given)]
        self.given = [g + r for g, r in zip(self.given, rewards)]
        return [float(r) for r in rewards], over, cut

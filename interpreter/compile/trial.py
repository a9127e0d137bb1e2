"""Playing what `validate` cannot prove: a few seeded games of random legal moves, bounded.

The compiler proves what it can (names, types, deal sizes, divisions and indexes); some promises
only show in play: a declared total that does not hold, a deal that cannot be dealt as the
options make it, a seat left with no legal choice, a rule that fails on some position. A trial
plays seeded games of random legal moves, move by move, until every contract has been played
and a game has ended (or its bounds are reached), and returns each failure of the rules as the
spec error it is, at the spec line that caused it (a declared total's line, the expression that
failed, the phase with no legal choice). `play` and `simulate` report the same failure the same
way, with the same seed.

The work is bounded: at most `games` games of at most `deals` deals each, and a deal that takes
more than MAX_DECISIONS decisions is itself reported (a round of calls that never ends).
"""

from __future__ import annotations

import random

from ..core.errors import GameError, GameFault, SpecError

MAX_DECISIONS = 5_000  # in one deal: far more than any game asks, far fewer than a hang


def trial_errors(game, games: int = 3, deals: int = 200) -> list[SpecError]:
    """The failures of `game`'s rules found by playing it (each once), in the order found."""
    unplayed = set(game.contracts)
    ended = False
    for seed in range(1, games + 1):
        rng = random.Random(seed)
        try:
            state = game.new_state(seed)
            decided = 0
            while not state.is_terminal and state.deal_number <= deals:
                number = state.deal_number
                state.apply(rng.choice(state.legal_actions()))
                decided = decided + 1 if state.deal_number == number else 0
                if decided > MAX_DECISIONS:
                    return [state._fault(None, message=f"deal {number} has taken {MAX_DECISIONS:,} decisions "
                                                       f"without ending: does a round of calls never end?")]
                if state.deal_number != number or state.is_terminal:
                    unplayed.discard(state.deals[number - state.deals[0].number].contract)
        except GameFault as e:
            return [e]
        except GameError:  # (random legal moves break no rule: nothing the spec promised)
            continue
        ended = ended or state.is_terminal
        if ended and not unplayed:
            break
    return []

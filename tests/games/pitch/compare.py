"""Playing the engine against the reference (tests/games/pitch/reference.py) decision by decision."""

from __future__ import annotations

import random

from tests.games.pitch.reference import Pitch, rank


def legal_names(state) -> list[str]:
    return sorted(a.name for a in state.legal_actions())


def play_against_the_reference(game, options: dict, seed: int, greedy: bool = False) -> dict:
    """A whole game played through the engine with random choices (or, `greedy`, every card the
    highest held of those allowed), every decision checked against the reference: the seat to act
    and its legal actions; after each deal the dealer, its scores and the totals; at the end the
    game's length and each seat's result. Returns counts of what was checked and seen."""
    names = game.pack.names
    ref = Pitch(options, game.n)
    rng = random.Random(seed)
    st = game.new_state(seed)
    seen = {"decisions": 0, "deals": 0, "void": 0, "made": 0, "smudges": 0, "several_out": 0, "limit": 0}
    ref.new_deal(st.deal.dealer, [[names[c] for c in h] for h in st.deal.hands])
    while True:
        want = ref.to_act()
        if want is None:
            over = ref.end_deal()
            k = len(ref.deal_scores)
            deal = st.deals[k - 1]
            assert deal.void == ref.void, (seed, k)
            assert list(deal.scores) == ref.deal_scores[-1], (seed, k, deal.scores, ref.deal_scores[-1])
            assert list(st.totals) == ref.totals, (seed, k)
            seen["deals"] += 1
            seen["void"] += ref.void
            if not ref.void:
                seen["made"] += ref.deal_scores[-1][ref.pitcher] >= 0
                seen["smudges"] += ref.bid == 4 and sum(ref.categories()[ref.pitcher]) == 4
            if over:
                assert st.is_terminal, (seed, k)
                assert list(st.returns) == ref.results(), (seed, k, st.returns, ref.results())
                seen["several_out"] += sum(t >= ref.target for t in ref.totals) > 1
                seen["limit"] += max(ref.totals) < ref.target
                return seen
            assert not st.is_terminal and st.deal_number == k + 1, (seed, k)
            assert st.deal.dealer == (ref.dealer + 1) % game.n
            ref.new_deal(st.deal.dealer, [[names[c] for c in h] for h in st.deal.hands])
            continue
        seat, legal = want
        assert not st.is_terminal
        assert st.current_player == seat, (seed, st.deal_number, [a.name for _, a in st.deal.actions][-6:])
        assert legal_names(st) == sorted(legal), (seed, st.deal_number, [a.name for _, a in st.deal.actions][-6:])
        actions = st.legal_actions()
        if greedy and actions[0].name.startswith("play "):
            action = max(actions, key=lambda a: rank(a.name.split()[1]))
        else:
            action = actions[rng.randrange(len(actions))]
        ref.apply(seat, action.name)
        st.apply(action)
        seen["decisions"] += 1

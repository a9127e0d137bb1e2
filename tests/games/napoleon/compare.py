"""Playing the engine against the reference (tests/games/napoleon/reference.py) decision by decision."""

from __future__ import annotations

import random

from tests.games.napoleon.reference import Napoleon, call_value, rank


def legal_names(state) -> list[str]:
    return sorted(a.name for a in state.legal_actions())


def choose(actions, rng, style: str):
    """A random choice (`random`); or (`bold`) often the highest bid offered, and always the highest
    card, so that naps and the higher bids are played and sometimes won; or (`timid`) mostly a pass,
    else the lowest bid offered, so that small bids, misères, thrown-in deals and stuck dealers come."""
    names = [a.name for a in actions]
    if style == "random" or (style == "timid" and names[0].startswith("play ")):
        return actions[rng.randrange(len(actions))]
    if names[0].startswith("play "):
        return max(actions, key=lambda a: rank(a.name.split()[1]))
    bids = [a for a in actions if a.name != "pass"]
    if style == "timid":
        if len(bids) < len(actions) and rng.random() < 0.6:
            return actions[names.index("pass")]
        return min(bids, key=lambda a: call_value(a.name)[0]) if bids else actions[0]
    if not bids or rng.random() < 0.5:
        return actions[rng.randrange(len(actions))]
    return max(bids, key=lambda a: call_value(a.name)[0])


def play_against_the_reference(game, options: dict, seed: int, style: str = "random") -> dict:
    """A whole game played through the engine, every decision checked against the reference: the
    seat to act and its legal actions; after each deal the dealer, whether it was thrown in, its
    settlement and the totals; the game's length. Returns counts of what was checked and seen."""
    names = game.pack.names
    ref = Napoleon(options, game.n)
    rng = random.Random(seed)
    st = game.new_state(seed)
    seen = {"decisions": 0, "deals": 0, "void": 0, "made": 0, "misere": 0, "nap": 0, "wellington": 0,
            "blucher": 0, "one": 0}
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
                seen["made"] += ref.made()
                bid = ref.bid if not ref.bid.startswith("bid ") else ("one" if ref.bid == "bid 1" else "")
                if bid in seen:
                    seen[bid] += 1
            if over:
                assert st.is_terminal, (seed, k)
                return seen
            assert not st.is_terminal and st.deal_number == k + 1, (seed, k)
            assert st.deal.dealer == (ref.dealer + 1) % game.n
            ref.new_deal(st.deal.dealer, [[names[c] for c in h] for h in st.deal.hands])
            continue
        seat, legal = want
        assert not st.is_terminal
        assert st.current_player == seat, (seed, st.deal_number, [a.name for _, a in st.deal.actions][-6:])
        assert legal_names(st) == sorted(legal), (seed, st.deal_number, [a.name for _, a in st.deal.actions][-6:])
        action = choose(st.legal_actions(), rng, style)
        ref.apply(seat, action.name)
        st.apply(action)
        seen["decisions"] += 1

"""Playing the engine against the reference (tests/games/doppelkopf/reference.py) decision by decision."""

from __future__ import annotations

import random

from tests.games.doppelkopf.reference import Doppelkopf, points


def choose(names: list, rng, style: str) -> str:
    """A uniform choice among the legal actions (`random`); or (`high`) the card of most points, a
    wedding announced when it may be, so that tricks of 40 and foxes caught come often."""
    if style == "random":
        return names[rng.randrange(len(names))]
    if "wedding" in names:
        return "wedding"
    return max(names, key=lambda n: (points(n.split()[1]), rng.random()))


def play_against_the_reference(game, options: dict, seed: int, style: str = "random") -> dict:
    """A whole game through the engine, every decision checked against the reference: the seat to act
    and its legal actions; after each deal its scores, the totals and the next dealer; the game's length.
    Returns counts of what was checked and seen."""
    names = game.pack.names
    seat_names = game.seat_names
    ref = Doppelkopf(options.get("dullen", "first"), options.get("wedding") == "true", int(options.get("deals", 4)))
    rng = random.Random(seed)
    st = game.new_state(seed)
    seen = {"decisions": 0, "deals": 0, "re wins": 0, "kontra wins": 0, "solo": 0, "wedding": 0, "married": 0,
            "fox": 0, "doppelkopf": 0, "charlie": 0, "negative": 0, "two dullen": 0}

    def new_deal(k):
        deal = st.deals[k]
        ref.new_deal(seat_names[deal.dealer], {seat_names[p]: [names[c] for c in h] for p, h in enumerate(deal.hands)})

    new_deal(0)
    while True:
        want = ref.to_act()
        if want is None:
            re, solo, re_wins, value = ref.result()
            over = ref.end_deal()
            k = len(ref.deal_scores)
            deal = st.deals[k - 1]
            want_scores = [ref.deal_scores[-1][seat_names[p]] for p in range(game.n)]
            assert list(deal.scores) == want_scores, (seed, k, deal.scores, want_scores)
            assert list(st.totals) == [ref.totals[seat_names[p]] for p in range(game.n)], (seed, k)
            seen["deals"] += 1
            seen["re wins" if re_wins else "kontra wins"] += 1
            seen["solo"] += solo
            seen["wedding"] += ref.announced
            seen["married"] += ref.announced and not solo
            seen["negative"] += value < 0
            seen["two dullen"] += any([c for _, c in t[1]].count("TH") == 2 for t in ref.tricks)
            if not solo:
                seen["fox"] += any(c == "AD" and (s in re) != (t[2] in re) for t in ref.tricks for s, c in t[1])
                seen["doppelkopf"] += any(sum(points(c) for _, c in t[1]) >= 40 for t in ref.tricks)
                seen["charlie"] += ref.tricks[-1][3] == "JC"
            if over:
                assert st.is_terminal, (seed, k)
                return seen
            assert len(st.deals) > k, (seed, k)
            assert seat_names[st.deals[k].dealer] == ref.dealer, (seed, k)
            new_deal(k)
            continue
        seat, legal = want
        assert not st.is_terminal, (seed, len(ref.deal_scores))
        assert seat_names[st.current_player] == seat, (seed, len(ref.deal_scores), len(st.deal.actions))
        got = sorted(a.name for a in st.legal_actions())
        assert got == sorted(legal), (seed, len(ref.deal_scores), [a.name for _, a in st.deal.actions][-6:],
                                      sorted(set(got) ^ set(legal)))
        action = choose(got, rng, style)
        ref.apply(seat, action)
        st.apply(action)
        seen["decisions"] += 1

"""Playing the engine against the reference (tests/games/tarot/reference.py) decision by decision."""

from __future__ import annotations

import random

from tests.games.tarot.reference import BIDS, Tarot


def choose(names: list, rng, style: str) -> str:
    """A uniform choice among the legal actions (`random`); or (`bold`) a bid more often than a pass, chelems
    announced now and then, a poignée mostly when one may be shown, the cards at random; or (`timid`) mostly
    passes, else the lowest bid, no chelem, no poignée: deals thrown in, prises and gardes with the dog."""
    if style == "random":
        return names[rng.randrange(len(names))]
    if style == "timid":  # mostly passes, else the lowest bid: thrown-in deals, prises and gardes
        bids = [n for n in names if n.startswith("bid ")]
        if bids:
            return "pass" if rng.random() < 0.7 else min(bids, key=lambda n: BIDS[n[4:]])
        if "chelem" in names:
            return "pass"
        return rng.choice([n for n in names if len(n.split()) == 2] or names)
    if any(n.startswith("bid ") for n in names):
        bids = [n for n in names if n.startswith("bid ")]
        return rng.choice(bids) if rng.random() < 0.6 else "pass"
    if "chelem" in names:
        return "chelem" if rng.random() < 0.3 else "pass"
    said = [n for n in names if len(n.split()) == 3]
    if said and rng.random() < 0.8:
        return rng.choice(said)
    plain = [n for n in names if len(n.split()) == 2]
    return rng.choice(plain or names)


def play_against_the_reference(game, options: dict, seed: int, style: str = "random") -> dict:
    """A whole game through the engine, every decision checked against the reference: the seat to act
    and its legal actions; the dog as every seat sees it once taken; after each deal whether it was thrown in, its scores, the totals, the next
    dealer; the game's length. Returns counts of what was checked and seen."""
    names = game.pack.names
    seat_names = game.seat_names
    ref = Tarot(int(options.get("players", 4)), int(options.get("rounds", 1)))
    rng = random.Random(seed)
    st = game.new_state(seed)
    seen = {"decisions": 0, "deals": 0, "void": 0, "annulled": 0, "made": 0, "lost": 0, "chelem called": 0,
            "chelem made": 0, "poignee": 0, "petit au bout": 0, "excuse returned": 0, "garde sans": 0,
            "garde contre": 0, "alone": 0, "partnered": 0}

    def new_deal(k):  # deal k (from 0) as dealt: a deal annulled for a petit sec asks nobody anything
        deal = st.deals[k]
        hands = {seat_names[p]: [names[c] for c in h] for p, h in enumerate(deal.hands)}
        ref.new_deal(seat_names[deal.dealer], hands, [names[c] for c in deal.talon])

    new_deal(0)
    while True:
        want = ref.to_act()
        if want is None:
            over = ref.end_deal()
            k = len(ref.deal_scores)
            deal = st.deals[k - 1]
            assert bool(deal.void) == ref.void, (seed, k)
            want_scores = [ref.deal_scores[-1][seat_names[p]] for p in range(game.n)]
            assert list(deal.scores) == want_scores, (seed, k, deal.scores, want_scores)
            assert list(st.totals) == [ref.totals[seat_names[p]] for p in range(game.n)], (seed, k)
            seen["deals"] += 1
            seen["void"] += ref.void
            seen["annulled"] += ref.annulled
            if not (ref.void or ref.annulled):
                u = ref.unit()
                pts, oudlers = ref.taker_result()
                seen["made" if pts >= [56, 51, 41, 36][oudlers] else "lost"] += 1
                seen["chelem called"] += bool(ref.chelem)
                seen["chelem made"] += all(ref.side(w) for _, _, w in ref.tricks)
                seen["poignee"] += any(ref.poignees.values())
                seen["petit au bout"] += any(c == "1A" for _, c in ref.tricks[-1][1])
                seen["excuse returned"] += any(
                    c == "EX" and i < len(ref.tricks) - 1 and ref.side(p) != ref.side(t[2])
                    for i, t in enumerate(ref.tricks) for p, c in t[1])
                seen["garde sans"] += ref.high == 4
                seen["garde contre"] += ref.high == 6
                if ref.n == 5:
                    seen["partnered" if ref.partner else "alone"] += 1
                assert u == int(u)
            if over:
                assert st.is_terminal, (seed, k)
                return seen
            assert len(st.deals) > k, (seed, k)
            assert seat_names[st.deals[k].dealer] == ref.dealer, (seed, k)
            new_deal(k)
            continue
        seat, legal = want
        assert not st.is_terminal, (seed, ref.number)
        assert seat_names[st.current_player] == seat, (seed, ref.number, len(st.deal.actions))
        got = sorted(a.name for a in st.legal_actions())
        assert got == sorted(legal), (seed, ref.number, [a.name for _, a in st.deal.actions][-6:],
                                      sorted(set(got) ^ set(legal)))
        if "chelem" in legal:  # the dog, once taken (or not), as every seat sees it
            for p in range(game.n):
                assert {k: sorted(v) for k, v in st.view(p)["taken"].items()} == \
                    {k: sorted(v) for k, v in ref.shown_dog.items()}, (seed, ref.number, p)
        action = choose(got, rng, style)
        ref.apply(seat, action)
        st.apply(action)
        seen["decisions"] += 1

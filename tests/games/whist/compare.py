"""Playing the engine against the reference (tests/games/whist/reference.py) decision by decision."""

from __future__ import annotations

import random

from tests.games.whist.reference import Whist, rank


def legal_names(state) -> list[str]:
    return sorted(a.name for a in state.legal_actions())


def play_against_the_reference(game, options: dict, seed: int, greedy: bool = False) -> dict:
    """A whole rubber (or game) played through the engine at random (or, `greedy`, each card the
    highest allowed), every decision checked against the reference: the seat to play and its legal
    cards; after each deal the dealer, the trump, the deal's points and the totals; after each game its
    result; at the end the rubber's. Returns counts of what was checked and seen."""
    names = game.pack.names
    ref = Whist(options)
    rng = random.Random(seed)
    st = game.new_state(seed)
    seen = {"decisions": 0, "deals": 0, "games": 0, "honours": 0, "honours_at_four": 0, "honours_after_out": 0,
            "trebles": 0, "three_games": 0}

    def start():
        deal = st.deal
        assert st.phase.kind == "tricks"  # the dealer took the trump card up: nobody decides that
        ref.new_deal(deal.dealer, [[names[c] for c in h] for h in deal.hands], names[deal.talon[0]])
        assert game.pack.suits[st.trump] == ref.trump
        assert sorted(names[c] for c in st.hands[deal.dealer]) == sorted(ref.dealt[deal.dealer])

    start()
    while True:
        want = ref.to_act()
        if want is None:
            games_before, points_before = len(ref.game_results), list(ref.points)
            ref.end_deal()
            seen["deals"] += 1
            for s in (0, 1):
                if ref.held(s) >= 3:
                    scored = ref.deal_scores[-1][s] > max(ref.tricks[s] + ref.tricks[s + 2] - 6, 0)
                    seen["honours"] += scored
                    seen["honours_at_four"] += points_before[s] == 4 and ref.honours
                    seen["honours_after_out"] += points_before[s] < 4 and not scored and ref.honours
            if len(ref.game_results) > games_before:  # a game is over: its totals and its result
                seen["games"] += 1
                if game.partie is None:  # a single game: its totals and result are the state's own
                    assert list(st.totals) == ref.game_totals and list(st.returns) == ref.game_results[-1], seed
                else:
                    assert list(st.game_totals[-1]) == ref.game_totals, (seed, st.game_totals[-1], ref.game_totals)
                    assert list(st.games[-1]) == ref.game_results[-1], (seed, st.games[-1], ref.game_results[-1])
                seen["trebles"] += abs(ref.game_results[-1][0]) in (3, 5)
            else:  # (the engine numbers each game's deals from 1)
                assert list(st.deals[st.deal_number - 2].scores) == ref.deal_scores[-1], (seed, st.deal_number)
                assert list(st.totals) == [ref.points[p % 2] for p in range(4)], (seed, st.deal_number)
            if ref.over:
                assert st.is_terminal, seed
                assert list(st.returns) == ref.result(), (seed, st.returns, ref.result())
                seen["three_games"] += len(ref.game_results) == 3
                return seen
            assert not st.is_terminal
            assert st.deal.dealer == (ref.dealer + 1) % 4  # the deal passes to the left, game after game
            start()
            continue
        seat, legal = want
        assert not st.is_terminal
        assert st.current_player == seat, (seed, st.deal_number, [a.name for _, a in st.deal.actions][-6:])
        assert legal_names(st) == sorted(legal), (seed, st.deal_number)
        actions = st.legal_actions()
        if greedy:
            action = max(actions, key=lambda a: rank(a.name.split()[1]))
        else:
            action = actions[rng.randrange(len(actions))]
        ref.apply(seat, action.name)
        st.apply(action)
        seen["decisions"] += 1

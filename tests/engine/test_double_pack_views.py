"""Hidden information with two copies of each card: a seat's view shows both copies it holds and
does not change when the cards it cannot see are dealt again; a plain imagined world deals the
unseen copies again, each as many times as it was there."""

from __future__ import annotations

import random
from collections import Counter

from interpreter.compile.game import load_game
from tests.helpers import DOUBLE_PACK, unseen_redealt


def test_a_view_shows_both_copies_and_does_not_change_when_unseen_cards_are_dealt_again():
    g = load_game("d.yaml", text=DOUBLE_PACK)
    doubled = 0
    for seed in range(6):
        st, rng = g.new_state(seed), random.Random(seed)
        while not st.is_terminal:
            for seat in range(4):
                view = st.view(seat)
                assert Counter(view["hand"]) == Counter(g.pack.names[c] for c in st.hands[seat])
                doubled += len(view["hand"]) - len(set(view["hand"]))
                assert unseen_redealt(st, seat, rng).view(seat) == view
            st.apply(rng.choice(st.legal_actions()))
    assert doubled  # (some hands held both copies of a card)


def test_a_plain_imagined_world_deals_the_unseen_copies_again_counts_kept():
    g = load_game("d.yaml", text=DOUBLE_PACK)
    for seed in range(6):
        st, rng = g.new_state(seed), random.Random(seed)
        while not st.is_terminal:
            seat = st.current
            world = st.sampled_for(seat, rng)
            assert world.hands[seat] == st.hands[seat] and world.view(seat) == st.view(seat)
            unseen = Counter(c for p in range(4) if p != seat for c in st.hands[p])
            assert Counter(c for p in range(4) if p != seat for c in world.hands[p]) == unseen
            assert [len(h) for h in world.hands] == [len(h) for h in st.hands]
            st.apply(rng.choice(st.legal_actions()))

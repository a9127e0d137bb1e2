"""The worlds a bot imagines with two copies of each card: every unseen copy is dealt again (the
counts kept), what the seat learnt holds (a seat that did not follow suit gets none of it), and
each world admits the play so far; the search bots play whole games."""

from __future__ import annotations

import random
from collections import Counter

from interpreter.compile.game import load_game
from interpreter.players.agents import make_agent
from interpreter.players.knowledge import Knowledge
from interpreter.players.sampler import Sampler
from tests.helpers import DOUBLE_PACK


def test_sampled_worlds_keep_every_unseen_copy_and_what_was_learnt():
    g = load_game("d.yaml", text=DOUBLE_PACK)
    voids = 0
    for seed in range(4):
        st, rng = g.new_state(seed), random.Random(seed)
        k = Knowledge(0)
        while not st.is_terminal:
            if st.current == 0:
                assert k.update(st)
                sampler = Sampler(st, 0, k)
                assert sampler.count > 0 and sampler.knowledge is k
                unseen = Counter(c for p in (1, 2, 3) for c in st.hands[p])
                for _ in range(4):
                    world = sampler.world(rng)
                    assert world.hands[0] == st.hands[0]
                    assert Counter(c for p in (1, 2, 3) for c in world.hands[p]) == unseen
                    assert [len(h) for h in world.hands] == [len(h) for h in st.hands]
                    for p in (1, 2, 3):
                        assert not set(world.hands[p]) & k.excluded[p]
                        voids += bool(k.excluded[p])
                assert sampler.failures == 0
            st.apply(rng.choice(st.legal_actions()))
    assert voids  # (a seat was seen not to follow suit)


def test_the_search_bots_play_a_double_pack_game():
    g = load_game("d.yaml", text=DOUBLE_PACK)
    st = g.new_state(3)
    bots = [make_agent("pimc:20", 1), make_agent("random", 2), make_agent("ismcts:50", 3), make_agent("random", 4)]
    while not st.is_terminal:
        legal = st.legal_actions()
        st.apply(bots[st.current].choose(st, st.current, list(legal)))
    assert sum(st.totals) == 240

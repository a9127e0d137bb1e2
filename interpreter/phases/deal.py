"""Dealing: shuffle with the state's RNG (or take the hands a record gives) and deal packets."""

from __future__ import annotations

from . import Phase


class Deal(Phase):
    """Deal `hand_size` cards to every seat in packets, starting at `first`; the rest is the talon."""

    kind = "deal"

    def __init__(self, name, pack, n, hand_size, packets, first, step):
        super().__init__(name)
        self.pack = pack
        self.n = n
        self.hand_size = hand_size  # compiled expression -> number
        self.packets = tuple(packets)
        self.first = first  # compiled expression -> seat
        self.step = step

    def start(self, st) -> None:
        n = self.n
        key = self.pack.sort_key
        given = st.given_hands.pop(st.deal_number, None)
        if given is not None:
            hands = [list(h) for h in given]
            st.talon = []
        else:
            size = self.hand_size(st)
            deck = list(range(len(self.pack)))
            st.rng.shuffle(deck)
            hands = [[] for _ in range(n)]
            seat = self.first(st)
            pos = 0
            packets = self.packets
            k = 0
            while pos < size * n:
                count = packets[k % len(packets)]
                for _ in range(n):
                    take = min(count, size - len(hands[seat]))
                    hands[seat].extend(deck[pos:pos + take])
                    pos += take
                    seat = (seat + self.step) % n
                k += 1
            st.talon = deck[pos:]
        st.deal.hands = [tuple(h) for h in hands]
        st.hands = [sorted(h, key=key) for h in hands]

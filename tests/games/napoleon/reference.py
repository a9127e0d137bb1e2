"""Napoleon written again from its rules (the header of specs/napoleon/napoleon.yaml), in plain Python
and none of the interpreter: who acts, what he may do, each deal's settlement and the game's length.
It is given the dealt hands and the actions taken; it reads nothing else of the engine.

Cards are names (`TH`, `2C`): rank then suit."""

from __future__ import annotations

RANKS = "AKQJT98765432"  # high to low
# each call: (its place among the bids, the tricks it needs, paid when won, paid when lost)
WORDS = {"misere": (3.5, 0, 3, 3), "nap": (5, 5, 10, 5), "wellington": (6, 5, 20, 10), "blucher": (7, 5, 30, 15)}


def rank(card: str) -> int:
    """Higher is better."""
    return len(RANKS) - RANKS.index(card[0])


def call_value(name: str) -> tuple:
    """(place, tricks needed, won, lost) of a call's name: `bid 3`, `nap`, ..."""
    if name.startswith("bid "):
        k = int(name.split()[1])
        return k, k, k, k
    return WORDS[name]


class Napoleon:
    """One game of Napoleon under `options` (the spec's option names and values, as text)."""

    def __init__(self, options: dict, n: int):
        self.n = n
        self.misere = options.get("misere", "true") == "true"
        self.wellington = options.get("wellington", "false") == "true"
        self.dealer_bids = options.get("all_pass", "throw_in") == "dealer_bids"
        self.deals_in_game = int(options.get("rounds", 5)) * n
        self.totals = [0] * n
        self.deal_scores: list[list[int]] = []
        self.counted = 0  # deals played, thrown-in ones left out

    def new_deal(self, dealer: int, hands: list[list[str]]) -> None:
        self.dealer = dealer
        self.hands = [list(h) for h in hands]
        self.calls: list[tuple[int, str]] = []
        self.tricks_won = [0] * self.n
        self.trick: list[tuple[int, str]] = []
        self.tricks = 0
        self.trump = None
        self.void = False

    def best(self) -> float:
        return max([call_value(c)[0] for _, c in self.calls if c != "pass"], default=0)

    def to_act(self):
        """(seat, the names of its legal actions), or None when the deal is over."""
        if len(self.calls) < self.n:
            p = (self.dealer + 1 + len(self.calls)) % self.n
            best = self.best()
            stuck = self.dealer_bids and p == self.dealer and best == 0
            out = [f"bid {k}" for k in range(1 if stuck else 2, 5) if k > best]
            if self.misere and best < 3.5:
                out.append("misere")
            if best < 5:
                out.append("nap")
            if self.wellington and best == 5:
                out.append("wellington")
            if self.wellington and best == 6:
                out.append("blucher")
            if not stuck:
                out.append("pass")
            return p, out
        if self.void or self.tricks == 5:
            return None
        p = (self.leader + len(self.trick)) % self.n
        hand = self.hands[p]
        if self.trick:
            led = self.trick[0][1][1]
            hand = [c for c in hand if c[1] == led] or hand
        return p, [f"play {c}" for c in hand]

    def apply(self, p: int, name: str) -> None:
        if len(self.calls) < self.n:
            self.calls.append((p, name))
            if len(self.calls) == self.n:
                bids = [(call_value(c)[0], q, c) for q, c in self.calls if c != "pass"]
                if not bids:
                    self.void = True
                else:
                    _, self.napoleon, self.bid = max(bids)
                    self.leader = self.napoleon
            return
        card = name.split()[1]
        self.hands[p].remove(card)
        if self.tricks == 0 and not self.trick and self.bid != "misere":
            self.trump = card[1]  # the first card led names trumps
        self.trick.append((p, card))
        if len(self.trick) == self.n:
            led = self.trick[0][1][1]
            suit = self.trump if any(c[1] == self.trump for _, c in self.trick) else led
            winner = max((x for x in self.trick if x[1][1] == suit), key=lambda x: rank(x[1]))[0]
            self.tricks_won[winner] += 1
            self.trick = []
            self.tricks += 1
            self.leader = winner

    def made(self) -> bool:
        took = self.tricks_won[self.napoleon]
        return took == 0 if self.bid == "misere" else took >= call_value(self.bid)[1]

    def end_deal(self) -> bool:
        """Settle the deal; True when the game is over."""
        if self.void:
            self.deal_scores.append([0] * self.n)
            return False
        _, _, won, lost = call_value(self.bid)
        each = -won if self.made() else lost
        scores = [each] * self.n
        scores[self.napoleon] = -each * (self.n - 1)
        self.deal_scores.append(scores)
        self.totals = [t + s for t, s in zip(self.totals, scores)]
        self.counted += 1
        return self.counted == self.deals_in_game

"""Auction Pitch written again from its rules (the header of specs/pitch/pitch.yaml), in plain Python
and none of the interpreter: who acts, what he may do, each deal's scores, when the game ends and
who wins it. It is given the dealt hands and the actions taken; it reads nothing else of the engine.

Cards are names (`TH`, `2C`): rank then suit."""

from __future__ import annotations

RANKS = "AKQJT98765432"  # high to low
GAME_POINTS = {"T": 10, "A": 4, "K": 3, "Q": 2, "J": 1}


def rank(card: str) -> int:
    """Higher is better."""
    return len(RANKS) - RANKS.index(card[0])


class Pitch:
    """One game of Auction Pitch under `options` (the spec's option names and values, as text)."""

    def __init__(self, options: dict, n: int):
        self.n = n
        self.lowest = int(options.get("lowest_bid", 2))
        self.throw_in = options.get("all_pass", "stuck") == "throw_in"
        self.steals = options.get("dealer_steals", "false") == "true"
        self.low_won = options.get("low", "dealt") == "won"
        self.target = int(options.get("target", 7))
        self.smudge_wins = options.get("smudge", "false") == "true"
        self.limit = int(options.get("deal_limit", 100))
        self.totals = [0] * n
        self.deal_scores: list[list[int]] = []
        self.deals = 0
        self.winners: list[int] = []  # the game's winners, once it is over

    # ---- a deal ----------------------------------------------------------------------------

    def new_deal(self, dealer: int, hands: list[list[str]]) -> None:
        self.dealer = dealer
        self.deals += 1
        self.dealt = [list(h) for h in hands]
        self.hands = [list(h) for h in hands]
        self.calls: list[tuple[int, int | None]] = []  # (seat, bid or None for a pass)
        self.won = [[] for _ in range(self.n)]
        self.trick: list[tuple[int, str]] = []
        self.tricks_played = 0
        self.trump = None
        self.pitcher = None
        self.void = False

    def best(self) -> int:
        return max([b for _, b in self.calls if b is not None], default=0)

    def to_act(self):
        """(seat, the names of its legal actions), or None when the deal is over."""
        if len(self.calls) < self.n:
            p = (self.dealer + 1 + len(self.calls)) % self.n
            best = self.best()
            stuck = p == self.dealer and best == 0 and not self.throw_in
            bids = [b for b in range(self.lowest, 5)
                    if b > best or (self.steals and p == self.dealer and b == best)]
            return p, [f"bid {b}" for b in bids] + ([] if stuck else ["pass"])
        if self.void or self.tricks_played == 6:
            return None
        p = (self.leader + len(self.trick)) % self.n
        return p, [f"play {c}" for c in self.legal(p)]

    def legal(self, p: int) -> list[str]:
        hand = self.hands[p]
        if not self.trick:
            return list(hand)
        led = self.trick[0][1][1]
        trump = self.trump if self.trump is not None else led  # the first card led names trumps
        if not any(c[1] == led for c in hand):
            return list(hand)  # void in the suit led: any card, a trump or not
        return [c for c in hand if c[1] in (led, trump)]  # follow suit, or trump instead

    def apply(self, p: int, name: str) -> None:
        if len(self.calls) < self.n:
            self.calls.append((p, None if name == "pass" else int(name.split()[1])))
            if len(self.calls) == self.n:
                best = self.best()
                if best == 0:
                    self.void = True  # (only when all may pass: the dealer is stuck otherwise)
                else:
                    self.pitcher = [q for q, b in self.calls if b == best][-1]  # the dealer, if he took it
                    self.bid = best
                    self.leader = self.pitcher
            return
        card = name.split()[1]
        self.hands[p].remove(card)
        if self.trump is None:
            self.trump = card[1]
        self.trick.append((p, card))
        if len(self.trick) == self.n:
            led = self.trick[0][1][1]
            suit = self.trump if any(c[1] == self.trump for _, c in self.trick) else led
            winner = max((x for x in self.trick if x[1][1] == suit), key=lambda x: rank(x[1]))[0]
            self.won[winner] += [c for _, c in self.trick]
            self.trick = []
            self.tricks_played += 1
            self.leader = winner

    # ---- the score -------------------------------------------------------------------------

    def categories(self) -> list[list[int]]:
        """Each seat's points in counting order: [high, low, jack, game]."""
        trumps = [c for h in self.dealt for c in h if c[1] == self.trump]
        high = max(trumps, key=rank)
        low = min(trumps, key=rank)
        jack = "J" + self.trump
        counts = [sum(GAME_POINTS.get(c[0], 0) for c in w) for w in self.won]
        top = max(counts)
        game = counts.index(top) if counts.count(top) == 1 else None
        out = []
        for p in range(self.n):
            low_here = low in self.won[p] if self.low_won else low in self.dealt[p]
            out.append([int(high in self.dealt[p]), int(low_here), int(jack in self.won[p]), int(game == p)])
        return out

    def end_deal(self) -> bool:
        """Score the deal; True when the game is over."""
        if self.void:
            scores = [0] * self.n
            self.deal_scores.append(scores)
            if self.deals >= self.limit:
                self.finish_at_limit()
                return True
            return False
        cats = self.categories()
        points = [sum(c) for c in cats]
        made = points[self.pitcher] >= self.bid
        scores = list(points)
        scores[self.pitcher] = points[self.pitcher] if made else -self.bid
        before = list(self.totals)
        self.totals = [t + s for t, s in zip(self.totals, scores)]
        self.deal_scores.append(scores)
        smudge = self.bid == 4 and points[self.pitcher] == 4
        # counting out: the pitcher first, if he made his bid; then high, low, jack, game
        if made and (self.totals[self.pitcher] >= self.target or (self.smudge_wins and smudge)):
            self.winners = [self.pitcher]
            return True
        running = list(before)
        running[self.pitcher] = self.totals[self.pitcher]
        for k in range(4):
            for p in range(self.n):
                if p != self.pitcher:
                    running[p] += cats[p][k]
                    if running[p] >= self.target:
                        self.winners = [p]
                        return True
        if self.deals >= self.limit:
            self.finish_at_limit()
            return True
        return False

    def finish_at_limit(self) -> None:
        top = max(self.totals)
        self.winners = [p for p in range(self.n) if self.totals[p] == top]

    def results(self) -> list[int]:
        return [int(p in self.winners) for p in range(self.n)]

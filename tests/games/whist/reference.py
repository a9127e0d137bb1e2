"""English short whist written again from its rules (the header of specs/whist/whist.yaml), in plain
Python and none of the interpreter: who plays, what he may play, each deal's points, each game's
value and the rubber. It is given the dealt hands, the turned-up card and the cards played; it reads
nothing else of the engine.

Seats 0..3 are N, E, S, W; side 0 is N-S, side 1 E-W. Cards are names (`TH`, `2C`)."""

from __future__ import annotations

RANKS = "AKQJT98765432"  # high to low
HONOURS = "AKQJ"


def rank(card: str) -> int:
    """Higher is better."""
    return len(RANKS) - RANKS.index(card[0])


def treble_double_single(losers: int) -> int:
    """A game's value by the losers' points: 3 with none, 2 with one or two, 1 with three or four."""
    return 3 if losers == 0 else 2 if losers <= 2 else 1


class Whist:
    """One rubber (or, `rubber=false`, one game) of short whist under `options`."""

    def __init__(self, options: dict):
        self.honours = options.get("honours", "true") == "true"
        self.rubber = options.get("rubber", "true") == "true"
        self.points = [0, 0]  # each side's points in the game in progress
        self.games_won = [0, 0]
        self.game_results: list[list[int]] = []  # per seat, each game
        self.deal_scores: list[list[int]] = []
        self.over = False

    def new_deal(self, dealer: int, hands: list[list[str]], turn_up: str) -> None:
        assert len(hands[dealer]) == 12 and all(len(h) == 13 for p, h in enumerate(hands) if p != dealer)
        self.dealer = dealer
        self.dealt = [list(h) for h in hands]
        self.dealt[dealer].append(turn_up)  # the dealer's thirteenth card, turned up
        self.hands = [list(h) for h in self.dealt]
        self.trump = turn_up[1]
        self.leader = (dealer + 1) % 4
        self.trick: list[tuple[int, str]] = []
        self.tricks = [0, 0, 0, 0]

    def to_act(self):
        """(seat, the names of its legal plays), or None when the deal is over."""
        if sum(self.tricks) == 13:
            return None
        p = (self.leader + len(self.trick)) % 4
        hand = self.hands[p]
        if self.trick:
            led = self.trick[0][1][1]
            hand = [c for c in hand if c[1] == led] or hand
        return p, [f"play {c}" for c in hand]

    def apply(self, p: int, name: str) -> None:
        card = name.split()[1]
        self.hands[p].remove(card)
        self.trick.append((p, card))
        if len(self.trick) == 4:
            led = self.trick[0][1][1]
            suit = self.trump if any(c[1] == self.trump for _, c in self.trick) else led
            winner = max((x for x in self.trick if x[1][1] == suit), key=lambda x: rank(x[1]))[0]
            self.tricks[winner] += 1
            self.trick = []
            self.leader = winner

    def held(self, side: int) -> int:
        return sum(1 for p in (side, side + 2) for c in self.dealt[p] if c[1] == self.trump and c[0] in HONOURS)

    def end_deal(self) -> None:
        """Score the deal, and the game and the rubber when they end."""
        odd = [max(self.tricks[s] + self.tricks[s + 2] - 6, 0) for s in (0, 1)]
        before = list(self.points)
        scores = list(odd)
        for s in (0, 1):
            o = 1 - s
            held = self.held(s)
            value = 4 if held == 4 else 2 if held == 3 else 0
            # tricks first: honours never take a side at four out, nor count once the others are out
            if self.honours and before[s] < 4 and before[o] + odd[o] < 5:
                scores[s] += value
        self.points = [b + x for b, x in zip(before, scores)]
        self.deal_scores.append([scores[p % 2] for p in range(4)])
        if max(self.points) < 5:
            return
        w = 0 if self.points[0] >= 5 else 1
        assert self.points[1 - w] < 5
        value = treble_double_single(self.points[1 - w])
        self.games_won[w] += 1
        if self.rubber and self.games_won[w] == 2:
            value += 2
        self.game_results.append([value if p % 2 == w else -value for p in range(4)])
        self.game_totals = [self.points[p % 2] for p in range(4)]
        self.points = [0, 0]
        self.over = not self.rubber or self.games_won[w] == 2

    def result(self) -> list[int]:
        return [sum(g[p] for g in self.game_results) for p in range(4)]

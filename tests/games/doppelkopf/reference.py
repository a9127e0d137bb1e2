"""Doppelkopf written again from the rules, in plain Python, for the tests of specs/doppelkopf/doppelkopf.yaml.

It reads nothing of the engine but the hands each deal gives and the first dealer: from the actions taken
it says who acts and what he may do at every decision, and scores each deal. Seats are A, B, C, D
clockwise, the turn passing A -> B -> C -> D; a card is written as in the spec (`QC`, `TH` the ten of
hearts, `AD` the fox), and a hand may hold a card twice.

The rules, as the spec's header states them (pagat's basic game):
- twelve cards each; the dealer's left leads to the first trick, the winner of a trick to the next;
- trumps, high to low: TH, QC QS QH QD, JC JS JH JD, AD TD KD 9D; the other suits A T K 9 (hearts A K 9);
- follow suit (a trump led asks for a trump), else play anything; the highest trump wins, else the
  highest card of the suit led; of two equal cards the first played wins (`dullen`: the second of two
  tens of hearts wins, always or but in the last trick);
- Re: the holders of the queens of clubs; one player with both plays a solo, or (`wedding`) may announce
  a wedding before the play, asked alone: the first other player to win one of the first three tricks
  is his partner, else he plays a solo;
- Re wins with 121 card points of 240, Kontra with 120; the winners score 1, 1 more for Kontra against
  the queens (not in a solo), 1 each for the losers under 90, 60 and 30, 1 for the losers without a
  trick; each party earns (not in a solo) 1 per fox (AD) caught from the other party, 1 per trick of 40
  or more, 1 for Charlie (the last trick won by a JC); the value is the winners' points plus their extra
  points less the losers' extra points; each winner scores it and each loser pays it, the soloist three
  times over;
- a game of a fixed number of deals, the deal passing to the left.
"""

from __future__ import annotations

SEATS = ["A", "B", "C", "D"]
TRUMPS = ["TH", "QC", "QS", "QH", "QD", "JC", "JS", "JH", "JD", "AD", "TD", "KD", "9D"]
PLAIN = ["A", "T", "K", "9"]
POINTS = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2, "9": 0}


def is_trump(card: str) -> bool:
    return card in TRUMPS


def kind(card: str) -> str:
    """What a card follows as: `trump`, or its suit's letter."""
    return "trump" if is_trump(card) else card[1]


def points(card: str) -> int:
    return POINTS[card[0]]


def left(seat: str) -> str:
    return SEATS[(SEATS.index(seat) + 1) % 4]


class Doppelkopf:
    """One game: `new_deal`, then `to_act`/`apply` until `to_act` is None, then `end_deal`."""

    def __init__(self, dullen: str = "first", wedding: bool = False, deals: int = 4):
        self.dullen, self.wedding, self.deals = dullen, wedding, deals
        self.totals = {s: 0 for s in SEATS}
        self.deal_scores: list[dict] = []
        self.dealer = None

    # ---- a deal ------------------------------------------------------------------------------------

    def new_deal(self, dealer: str, hands: dict):
        self.dealer = dealer
        self.dealt = {s: list(h) for s, h in hands.items()}
        self.hands = {s: list(h) for s, h in hands.items()}
        assert all(len(h) == 12 for h in self.hands.values())
        self.groom = next((s for s in SEATS if self.dealt[s].count("QC") == 2), None)
        self.asking = self.wedding and self.groom is not None  # the wedding is asked of the groom alone
        self.announced = False
        self.tricks: list[tuple] = []  # (leader, [(seat, card)...], winner)
        self.trick: list[tuple] = []
        self.leader = left(dealer)

    def to_act(self):
        if self.asking:
            return self.groom, ["pass", "wedding"]
        if len(self.tricks) == 12:
            return None
        seat = self.leader if not self.trick else left(self.trick[-1][0])
        hand = self.hands[seat]
        legal = hand
        if self.trick:
            led = kind(self.trick[0][1])
            same = [c for c in hand if kind(c) == led]
            legal = same or hand
        return seat, sorted({"play " + c for c in legal})

    def beats(self, card: str, best: str) -> bool:
        if card == best == "TH" and self.dullen != "first":
            return self.dullen == "second" or len(self.tricks) < 11
        if is_trump(card):
            return not is_trump(best) or TRUMPS.index(card) < TRUMPS.index(best)
        return not is_trump(best) and card[1] == best[1] and PLAIN.index(card[0]) < PLAIN.index(best[0])

    def apply(self, seat: str, action: str):
        want = self.to_act()
        assert want is not None and want[0] == seat and action in want[1], (seat, action, want)
        if self.asking:
            self.asking = False
            self.announced = action == "wedding"
            return
        card = action.split()[1]
        self.hands[seat].remove(card)
        self.trick.append((seat, card))
        if len(self.trick) == 4:
            best = 0
            for i in range(1, 4):
                if self.beats(self.trick[i][1], self.trick[best][1]):
                    best = i
            winner = self.trick[best][0]
            self.tricks.append((self.trick[0][0], self.trick, winner, self.trick[best][1]))
            self.trick, self.leader = [], winner

    # ---- the score ---------------------------------------------------------------------------------

    def parties(self):
        """The Re party's seats, and whether it is a solo."""
        if self.groom is None:
            return {s for s in SEATS if "QC" in self.dealt[s]}, False
        if self.announced:
            for _, _, winner, _ in self.tricks[:3]:
                if winner != self.groom:
                    return {self.groom, winner}, False
        return {self.groom}, True

    def result(self):
        """(Re's seats, solo, Re wins, the game value)."""
        re, solo = self.parties()
        re_points = sum(points(c) for _, cards, w, _ in self.tricks if w in re for _, c in cards)
        re_wins = re_points >= 121
        losers_points = 240 - re_points if re_wins else re_points
        losers_tricks = sum(1 for t in self.tricks if (t[2] in re) != re_wins)
        value = 1 + (not re_wins and not solo) + (losers_points < 90) + (losers_points < 60) \
            + (losers_points < 30) + (losers_tricks == 0)
        if not solo:
            extra = {True: 0, False: 0}
            for _, cards, w, top in self.tricks:
                side = w in re
                extra[side] += sum(1 for s, c in cards if c == "AD" and (s in re) != side)
                extra[side] += sum(points(c) for _, c in cards) >= 40
            last = self.tricks[-1]
            if last[3] == "JC":
                extra[last[2] in re] += 1
            value += extra[re_wins] - extra[not re_wins]
        return re, solo, re_wins, value

    def end_deal(self) -> bool:
        """Scores the deal; whether the game is over. The next dealer is on the dealer's left."""
        assert self.to_act() is None
        re, solo, re_wins, value = self.result()
        scores = {}
        for s in SEATS:
            sign = 1 if (s in re) == re_wins else -1
            scores[s] = sign * value * (3 if solo and s in re else 1)
        assert sum(scores.values()) == 0
        self.deal_scores.append(scores)
        for s in SEATS:
            self.totals[s] += scores[s]
        self.dealer = left(self.dealer)
        return len(self.deal_scores) >= self.deals

"""French Tarot written again from the rules, in plain Python, for the tests of specs/tarot/tarot.yaml.

It reads nothing of the engine but the cards each deal gives (the hands and the dog) and the first
dealer: from the actions taken it says who acts and what he may do at every decision, and scores
each deal. Seats are named by letters in playing order (A, B, C, ... the turn passing A -> B -> C),
as the spec names them; a card is written as in the spec (`KS`, `NS` the knight, `TS` the ten,
`1S` the ace, `21A` to `1A` the trumps, `EX` the Excuse).

The rules, as the spec's header states them (FFT rules, pagat's account):
- the deal goes to the right; 18 cards each and a dog of 6 (three players 24 and 6, five 15 and 3);
- a hand whose only trump is the 1 and that has not the Excuse (petit sec) annuls the deal as it is
  dealt, nobody acting: it scores nothing and the next player deals;
- each player speaks once, from the dealer's right: pass, or a bid above the bid standing, `bid prise`
  < `bid garde` < `bid garde_sans` < `bid garde_contre`, played for 1, 2, 4, 6 times the unit; all
  pass: the deal is thrown in;
- five players: the taker names a suit; the card called is its king, or its queen if he holds the four
  kings (a knight with the four queens too, a jack with the four knights too); its holder is his
  partner, none if the card is in the dog or his own;
- prise and garde: the dog is shown to all and the taker takes it, then discards as many cards, never a
  king or an oudler, a trump only when nothing else is left (shown); garde sans and contre: nobody sees
  it;
- the taker may announce a chelem, and then leads; else the dealer's right leads;
- five players: the first card led may not be of the called suit, unless it is the called card;
- follow suit; else trump; in trumps, beat the highest trump of the trick if you can; the Excuse may be
  played at any time; led, the next card gives the suit; it never wins, but led to the last trick by
  the taker's side after it won every trick, it wins it;
- with the first card, a player holding enough trumps (the Excuse counted) may show a poignée, or a
  smaller one than he holds;
- the Excuse stays with its player's side, which gives half a point for it to the side that won its
  trick (if it has won a trick); played to the last trick it goes to that trick's winner;
- the taker's side needs 56, 51, 41, 36 points with 0 to 3 oudlers; the margin is rounded up to a whole
  point; unit = (+-(25 + margin) + petit au bout +-10) x multiplier +- poignées + chelem (400 announced
  and made, 200 made, -200 announced and failed); each defender pays one unit (the taker and partner
  share: taker 2, partner 1; alone the taker takes all).
"""

from __future__ import annotations

PLAIN = ["K", "Q", "N", "J", "T", "9", "8", "7", "6", "5", "4", "3", "2", "1"]
POINTS = {"K": 4.5, "Q": 3.5, "N": 2.5, "J": 1.5}
OUDLERS = ("21A", "1A", "EX")
BIDS = {"prise": 1, "garde": 2, "garde_sans": 4, "garde_contre": 6}  # each bid and its multiplier
SIZES = {3: (13, 15, 18), 4: (10, 13, 15), 5: (8, 10, 13)}
HAND = {3: 24, 4: 18, 5: 15}
WORDS = ("poignee", "double_poignee", "triple_poignee")
SUIT_OF_CONTRACT = {"spades": "S", "hearts": "H", "diamonds": "D", "clubs": "C"}


def suit(card: str):
    return None if card == "EX" else card[-1]


def rank(card: str) -> str:
    return card[:-1]


def points(card: str) -> float:
    if card in OUDLERS:
        return 4.5
    if suit(card) == "A":
        return 0.5
    return POINTS.get(rank(card), 0.5)


def trump_value(card: str) -> int:
    r = rank(card)
    return 10 if r == "T" else int(r)


def beats(card: str, best: str) -> bool:
    """Whether `card` takes the trick from `best` (the Excuse led aside)."""
    if card == "EX":
        return False
    if suit(card) == "A":
        return suit(best) != "A" or trump_value(card) > trump_value(best)
    return suit(card) == suit(best) and PLAIN.index(rank(card)) < PLAIN.index(rank(best))


class Tarot:
    """One game: `new_deal`, then `to_act`/`apply` until `to_act` is None, then `end_deal`."""

    def __init__(self, players: int = 4, rounds: int = 1):
        self.n = players
        self.seats = "ABCDE"[:players]
        self.rounds = rounds
        self.number = 0
        self.totals = {s: 0 for s in self.seats}
        self.deal_scores: list[dict] = []

    def after(self, seat: str, k: int = 1) -> str:
        return self.seats[(self.seats.index(seat) + k) % self.n]

    # ---- a deal ---------------------------------------------------------------------

    def new_deal(self, dealer: str, hands: dict, dog: list) -> None:
        self.number += 1
        self.dealer = dealer
        self.hands = {s: list(h) for s, h in hands.items()}
        self.dog = list(dog)
        self.calls: list = []
        self.high = 0  # the bid standing (a multiplier), 0 before any
        self.taker = None
        self.contract = None
        self.called = None
        self.partner = None
        self.discards: list = []
        self.shown_dog: dict = {}  # the dog turned up as it is taken: {taker: its cards}, seen by all
        self.chelem = None  # None: not yet asked; then True or False
        self.first_card = {s: True for s in self.seats}
        self.poignees = {s: 0 for s in self.seats}
        self.trick: list = []  # (seat, card)
        self.tricks: list = []  # (leader, [(seat, card)...], winner)
        # a petit sec annuls the deal as it is dealt: nobody acts
        self.annulled = any("1A" in h and "EX" not in h and sum(suit(c) == "A" for c in h) == 1
                            for h in self.hands.values())
        self.void = False
        self.turn = self.after(dealer)

    def side(self, seat: str) -> bool:
        """True for the taker's side."""
        return seat == self.taker or seat == self.partner

    def to_act(self):
        """(the seat who acts, the names of his legal actions), or None when the deal is over."""
        if self.annulled or self.void:
            return None
        if self.taker is None:
            bids = [f"bid {b}" for b, m in BIDS.items() if m > self.high]
            return self.turn, ["pass"] + bids
        if self.n == 5 and self.contract is None:
            return self.taker, [f"contract {k}" for k in SUIT_OF_CONTRACT]
        if self.high <= 2 and len(self.discards) < len(self.dog):
            hand = self.hands[self.taker]
            allowed = [c for c in hand if rank(c) != "K" and c not in OUDLERS]
            allowed = [c for c in allowed if suit(c) != "A"] or allowed
            return self.taker, [f"discard {c}" for c in allowed]
        if self.chelem is None:
            return self.taker, ["pass", "chelem"]
        if len(self.tricks) == HAND[self.n]:
            return None
        p = self.to_play()
        cards = self.playable(p)
        out = [f"play {c}" for c in cards]
        if self.first_card[p]:
            held = sum(suit(c) == "A" or c == "EX" for c in self.hands[p])
            for word, size in zip(WORDS, SIZES[self.n]):
                if held >= size:
                    out += [f"play {c} {word}" for c in cards]
        return p, out

    def to_play(self) -> str:
        return self.after(self.leader, len(self.trick))

    def led(self):
        cards = [c for _, c in self.trick]
        if cards and cards[0] == "EX":
            cards = cards[1:]
        return suit(cards[0]) if cards else None

    def playable(self, p: str) -> list:
        hand = self.hands[p]
        if not self.trick:
            if self.n == 5 and not self.tricks:  # the first lead: not the called suit but the called card
                return [c for c in hand if suit(c) != suit(self.called) or c == self.called] or hand
            return hand
        led = self.led()
        if led is None:  # the Excuse was led: anything
            return hand
        excuse = ["EX"] if "EX" in hand else []
        if led != "A" and any(suit(c) == led for c in hand):
            return [c for c in hand if suit(c) == led] + excuse
        trumps = [c for c in hand if suit(c) == "A"]
        if not trumps:
            return hand
        top = max((trump_value(c) for _, c in self.trick if suit(c) == "A"), default=0)
        higher = [c for c in trumps if trump_value(c) > top]
        return (higher or trumps) + excuse

    def apply(self, seat: str, name: str) -> None:
        words = name.split()
        if self.taker is None:
            self.calls.append((seat, name))
            if name != "pass":
                self.high = BIDS[words[1]]
                self.bidder = seat
            if len(self.calls) == self.n:
                if self.high == 0:
                    self.void = True
                else:
                    self.taker = self.bidder
                    if self.n != 5:
                        self.take_dog()
            else:
                self.turn = self.after(seat)
            return
        if words[0] == "contract":
            self.contract = words[1]
            s = SUIT_OF_CONTRACT[self.contract]
            held = self.hands[self.taker]
            r = next(r for r in "KQNJ" if sum(rank(c) == r for c in held) < 4)
            self.called = r + s
            holder = next((q for q in self.seats if self.called in self.hands[q]), None)
            self.partner = holder if holder != self.taker else None
            self.take_dog()
            return
        if words[0] == "discard":
            self.hands[self.taker].remove(words[1])
            self.discards.append(words[1])
            return
        if self.chelem is None:
            self.chelem = name == "chelem"
            self.leader = self.taker if self.chelem else self.after(self.dealer)
            return
        self._play(seat, words[1], words[2] if len(words) > 2 else None)

    def take_dog(self) -> None:
        """In a prise or a garde the taker takes the dog into his hand (to discard as many cards)."""
        if self.high <= 2:
            self.hands[self.taker] += self.dog
            self.shown_dog = {self.taker: list(self.dog)}

    def _play(self, p: str, card: str, word) -> None:
        if word:
            self.poignees[p] = {"poignee": 20, "double_poignee": 30, "triple_poignee": 40}[word]
        self.first_card[p] = False
        self.hands[p].remove(card)
        self.trick.append((p, card))
        if len(self.trick) < self.n:
            return
        cards = self.trick
        last = len(self.tricks) == HAND[self.n] - 1
        if (last and cards[0][1] == "EX" and self.side(cards[0][0])
                and all(self.side(w) for _, _, w in self.tricks)):
            winner = cards[0][0]  # the Excuse led to the last trick of a chelem
        else:
            best = next(x for x in cards if x[1] != "EX")
            for x in cards:
                if x[1] != "EX" and beats(x[1], best[1]):
                    best = x
            winner = best[0]
        self.tricks.append((self.leader, list(cards), winner))
        self.leader = winner
        self.trick = []

    # ---- the score ----------------------------------------------------------------------

    def taker_result(self) -> tuple:
        """(the taker's side's card points, its oudlers), the Excuse and the dog counted."""
        mine, oudlers = 0.0, 0
        pile = {True: [], False: []}
        for _, cards, w in self.tricks:
            pile[self.side(w)] += [c for _, c in cards]
        dog = self.discards if self.high <= 2 else self.dog
        pile[self.high != 6] += dog  # the taker's, but the defenders' in a garde contre
        for i, (_, cards, w) in enumerate(self.tricks):
            for p, c in cards:
                if c == "EX" and i < len(self.tricks) - 1 and self.side(p) != self.side(w):
                    owner = self.side(p)
                    pile[not owner].remove("EX")
                    pile[owner].append("EX")
                    if any(self.side(x) == owner for _, _, x in self.tricks):
                        pile[owner].append("half")  # its side gives a card worth half a point
                        pile[not owner].append("half+")
        for c in pile[True]:
            if c == "half":
                mine -= 0.5
            elif c == "half+":
                mine += 0.5
            else:
                mine += points(c)
                oudlers += c in OUDLERS
        return mine, oudlers

    def unit(self) -> float:
        pts, oudlers = self.taker_result()
        target = [56, 51, 41, 36][oudlers]
        made = pts >= target
        margin = abs(pts - target)
        margin = int(margin) + (margin != int(margin))  # a half point rounds up
        sign = 1 if made else -1
        bonus = 0
        last = self.tricks[-1]
        excuse_slam = last[1][0][1] == "EX" and last[2] == last[0]
        petit_trick = self.tricks[-2] if excuse_slam else last
        if any(c == "1A" for _, c in petit_trick[1]):
            bonus = 10 if self.side(petit_trick[2]) else -10
        won_all = all(self.side(w) for _, _, w in self.tricks)
        chelem = (400 if self.chelem else 200) if won_all else -200 if self.chelem else 0
        return (sign * (25 + margin) + bonus) * self.high + sign * sum(self.poignees.values()) + chelem

    def end_deal(self) -> bool:
        """Score the deal and pass the deal on; True when the game is over."""
        if self.annulled or self.void:
            scores = {s: 0 for s in self.seats}
        else:
            u = self.unit()
            scores = {}
            for s in self.seats:
                if s == self.taker:
                    scores[s] = u * (2 if self.partner else self.n - 1)
                elif s == self.partner:
                    scores[s] = u
                else:
                    scores[s] = -u
        scores = {s: int(v) if v == int(v) else v for s, v in scores.items()}
        self.deal_scores.append(scores)
        for s in self.seats:
            self.totals[s] += scores[s]
        self.dealer = self.after(self.dealer)
        return self.number >= self.rounds * self.n

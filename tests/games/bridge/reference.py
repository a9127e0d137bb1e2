"""Contract Bridge written again from the rules, in plain Python, for the tests of specs/bridge/bridge.yaml.

It knows the hands dealt (chance), the first dealer when the spec draws him, and the actions
taken; it reads nothing else of the engine. It says who acts and what he may do at every
decision, and scores each deal from the contract, the doubling, the vulnerability and the tricks,
for duplicate, rubber and Chicago scoring: the per-seat columns of the spec's rubber and Chicago
(N and E the points below the line of N-S and E-W, S and W those above) are the score sheet's
four columns.
"""

from __future__ import annotations

RANKS = "AKQJT98765432"
STRAINS = ["C", "D", "H", "S", "NT"]
BIDS = [f"{level}{strain}" for level in range(1, 8) for strain in STRAINS]
N, E, S, W = range(4)
# the sixteen-board cycle of duplicate: (N-S vulnerable, E-W vulnerable) for boards 1..16
CYCLE = ["-", "NS", "EW", "B", "NS", "EW", "B", "-", "EW", "B", "-", "NS", "B", "-", "NS", "EW"]
PER_TRICK = {"C": 20, "D": 20, "H": 30, "S": 30, "NT": 30}
# doubled undertricks, one by one: not vulnerable 100, 200, 200, then 300; vulnerable 200, then 300
DOUBLED_DOWN = {False: [100, 200, 200] + [300] * 10, True: [200] + [300] * 12}


def side(p: int) -> int:
    """0 for N-S, 1 for E-W."""
    return p % 2


def trick_points(level: int, strain: str, mult: int) -> int:
    return mult * (PER_TRICK[strain] * level + (10 if strain == "NT" else 0))


def penalty(down: int, vul: bool, mult: int) -> int:
    if mult == 1:
        return down * (100 if vul else 50)
    return sum(DOUBLED_DOWN[vul][:down]) * (mult // 2)


def overtricks(over: int, strain: str, vul: bool, mult: int) -> int:
    if mult == 1:
        return over * PER_TRICK[strain]
    return over * (200 if vul else 100) * (mult // 2)


def slam(level: int, vul: bool) -> int:
    return {6: 750 if vul else 500, 7: 1500 if vul else 1000}.get(level, 0)


def honours(hand: list[str], strain: str) -> int:
    """Honours held in one hand: four trump honours 100, five 150; the four aces in no trump 150."""
    if strain == "NT":
        return 150 if sum(c[0] == "A" for c in hand) == 4 else 0
    held = sum(c[1] == strain and c[0] in "AKQJT" for c in hand)
    return {4: 100, 5: 150}.get(held, 0)


class Reference:
    """One game of Bridge: `new_deal`, then `to_act`/`apply` until `to_act` is None, then `end_deal`."""

    def __init__(self, options: dict, first_dealer: int):
        self.scoring = options.get("scoring", "duplicate")
        self.boards = int(options.get("boards", 16))
        self.limit = int(options.get("rubber_limit", 100))
        self.honours = str(options.get("honours", "true")) == "true"
        self.dealer = first_dealer
        self.number = 0  # deals so far, passed-out ones included
        self.counted = 0  # deals played (Chicago: a passed-out deal does not count)
        self.deal_scores: list[list[int]] = []
        self.totals = [0, 0, 0, 0]  # the score sheet's columns in the game in progress
        self.results = [0, 0, 0, 0]  # each seat's result over the finished games (rubber, Chicago)
        self.games = [0, 0]  # games won by N-S and E-W (rubber)
        self.below = [0, 0]  # points below the line in the game in progress
        self.events = dict.fromkeys(("game", "rubber", "stopped", "honours", "fourth deal part score"), 0)

    # ---- a deal ---------------------------------------------------------------------

    def new_deal(self, hands: list[list[str]]) -> None:
        self.number += 1
        self.hands = [list(h) for h in hands]
        self.dealt = [list(h) for h in hands]
        self.calls: list[tuple[int, str]] = []
        self.turn = self.dealer
        self.high = -1  # index in BIDS of the bid standing
        self.declarer = None
        self.trick: list[tuple[int, str]] = []
        self.tricks = [0, 0, 0, 0]
        self.played = 0
        self.passed_out = False

    def vulnerable(self, p: int) -> bool:
        if self.scoring == "rubber":
            return self.games[side(p)] >= 1
        if self.scoring == "chicago":
            k = self.counted + 1  # this deal's place among the four
            return k == 4 or (k in (2, 3) and side(p) == side(self.dealer))
        mark = CYCLE[(self.number - 1) % 16]
        return mark == "B" or mark == ("NS", "EW")[side(p)]

    def last_call(self):
        """The last call other than a pass, or None."""
        return next(((p, c) for p, c in reversed(self.calls) if c != "pass"), None)

    def legal_calls(self) -> list[str]:
        out = ["pass"] + [f"bid {b}" for b in BIDS[self.high + 1:]]
        last = self.last_call()
        if last is not None and side(last[0]) != side(self.turn):
            if last[1].startswith("bid "):
                out.append("double")
            elif last[1] == "double":
                out.append("redouble")
        return out

    def to_act(self):
        """(the seat who acts, the names of his legal actions), or None when the deal is over."""
        if self.passed_out or self.played == 52:
            return None
        if self.declarer is None:
            return self.turn, self.legal_calls()
        p = (self.leader + len(self.trick)) % 4
        hand = self.hands[p]
        if self.trick:
            led = self.trick[0][1][1]
            hand = [c for c in hand if c[1] == led] or hand
        actor = self.declarer if p == self.dummy else p
        return actor, [f"play {c}" for c in hand]

    def to_play(self) -> int:
        """The seat whose card is played next (the dummy's when the declarer plays from it)."""
        return (self.leader + len(self.trick)) % 4

    def apply(self, actor: int, name: str) -> None:
        if self.declarer is None:
            self._call(actor, name)
        else:
            self._play(name[5:])

    def _call(self, p: int, name: str) -> None:
        self.calls.append((p, name))
        if name.startswith("bid "):
            self.high = BIDS.index(name[4:])
        passes = 0
        for _, c in reversed(self.calls):
            if c != "pass":
                break
            passes += 1
        if self.high < 0 and passes == 4:
            self.passed_out = True
        elif self.high >= 0 and passes == 3:
            self._won()
        else:
            self.turn = (p + 1) % 4

    def _won(self) -> None:
        final = BIDS[self.high]
        self.level, self.strain = int(final[0]), final[1:]
        bidder = next(p for p, c in reversed(self.calls) if c == f"bid {final}")
        self.declarer = next(p for p, c in self.calls
                             if side(p) == side(bidder) and c.startswith("bid ") and c[5:] == self.strain)
        last = self.last_call()[1]
        self.mult = 4 if last == "redouble" else 2 if last == "double" else 1
        self.dummy = (self.declarer + 2) % 4
        self.leader = (self.declarer + 1) % 4

    def _play(self, card: str) -> None:
        p = self.to_play()
        self.hands[p].remove(card)
        self.trick.append((p, card))
        self.played += 1
        if len(self.trick) == 4:
            led = self.trick[0][1][1]
            trump = None if self.strain == "NT" else self.strain

            def strength(x):
                c = x[1]
                return (2 if c[1] == trump else 1 if c[1] == led else 0, -RANKS.index(c[0]))
            winner = max(self.trick, key=strength)[0]
            self.tricks[winner] += 1
            self.trick = []
            self.leader = winner

    # ---- scoring ----------------------------------------------------------------------

    def end_deal(self) -> bool:
        """Score the deal and pass the deal on; True when the game is over."""
        if self.passed_out:
            scores = [0, 0, 0, 0]
        elif self.scoring == "duplicate":
            scores = self._duplicate()
        else:
            scores = self._sheet()
        self.deal_scores.append(scores)
        self.totals = [t + s for t, s in zip(self.totals, scores)]
        if not self.passed_out:
            self.counted += 1
        over = self._game_over()
        if not (self.scoring == "chicago" and self.passed_out):
            self.dealer = (self.dealer + 1) % 4  # Chicago: a passed-out deal is dealt again by the same dealer
        return over

    def _result(self):
        d = self.declarer
        won = self.tricks[d] + self.tricks[(d + 2) % 4]
        return won - 6 - self.level

    def _duplicate(self) -> list[int]:
        d, vul, margin = self.declarer, self.vulnerable(self.declarer), self._result()
        if margin >= 0:
            ts = trick_points(self.level, self.strain, self.mult)
            score = (ts + (50 if ts < 100 else 500 if vul else 300) + slam(self.level, vul)
                     + {1: 0, 2: 50, 4: 100}[self.mult] + overtricks(margin, self.strain, vul, self.mult))
        else:
            score = -penalty(-margin, vul, self.mult)
        return [score if side(p) == side(d) else -score for p in range(4)]

    def _sheet(self) -> list[int]:
        """Rubber and Chicago: each side's points below and above the line for this deal."""
        d, vul, margin = self.declarer, self.vulnerable(self.declarer), self._result()
        ds = side(d)
        below, above = [0, 0], [0, 0]
        if self.honours:
            for p in range(4):
                above[side(p)] += honours(self.dealt[p], self.strain)
                self.events["honours"] += honours(self.dealt[p], self.strain) > 0
        if margin < 0:
            above[1 - ds] += penalty(-margin, vul, self.mult)
        else:
            ts = trick_points(self.level, self.strain, self.mult)
            below[ds] = ts
            above[ds] += slam(self.level, vul) + {1: 0, 2: 50, 4: 100}[self.mult]
            above[ds] += overtricks(margin, self.strain, vul, self.mult)
            self.below[ds] += ts
        game = next((s for s in (0, 1) if self.below[s] >= 100), None)
        self.events["game"] += game is not None
        if self.scoring == "rubber":
            if game is not None:
                self.games[game] += 1
                if self.games[game] == 2:
                    above[game] += 700 if self.games[1 - game] == 0 else 500
                    self.events["rubber"] += 1
            if self.number >= self.limit and max(self.games) < 2:  # stopped unfinished
                self.events["stopped"] += 1
                for s in (0, 1):
                    above[s] += (300 if self.games[s] == 1 else 0) + (100 if game is None and self.below[s] else 0)
        else:  # Chicago
            if game is not None:
                above[game] += 500 if self.vulnerable(game) else 300  # seat 0 is N-S, 1 E-W
            elif margin >= 0 and self.counted + 1 == 4:
                above[ds] += 100  # a part score on the fourth deal that does not make a game
                self.events["fourth deal part score"] += 1
        return [below[0], below[1], above[0], above[1]]  # the columns N, E, S, W

    def _game_over(self) -> bool:
        if self.scoring == "duplicate":
            return self.number >= self.boards
        game_made = max(self.below) >= 100
        if self.scoring == "rubber":
            ends_game = game_made or self.number >= self.limit
            ends_all = max(self.games) == 2 or self.number >= self.limit
        else:
            ends_game = game_made or (self.counted >= 4 and not self.passed_out)
            ends_all = self.counted >= 4 and not self.passed_out
        if ends_game:
            side_total = [self.totals[0] + self.totals[2], self.totals[1] + self.totals[3]]
            self.results = [r + side_total[side(p)] for p, r in enumerate(self.results)]
            self.totals = [0, 0, 0, 0]
            self.below = [0, 0]
        return ends_all

    def returns(self) -> list[int]:
        """Each seat's result once the game is over."""
        return list(self.totals) if self.scoring == "duplicate" else list(self.results)

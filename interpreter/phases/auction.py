"""An auction over a ranked list of bids: bid higher or pass for good, until one bidder is left.

`bids` lists every bid from the weakest to the strongest (ranks such as `[A, 3, K, ... 2]`,
where a lower card is a stronger bid, or numbers). From `first`, in turn, each seat still
in the auction either passes, and takes no further part, or makes a bid stronger than the
highest so far. Seats that have passed are skipped. When a bid stands and every other seat
has passed, its bidder is the declarer and the bid is known by the name `winning_bid`
(default `bid`). If every seat passes without a bid, the deal is thrown in; with
`void_if_all_pass: false` it is played on with no declarer, and the later phases say how
(their `when`: `declarer == none`).

With `hold`, the auction is a series of duels in which the earlier seat has the priority:
the second seat from `first` bids to the first, who holds (`hold`: he takes the same bid)
or passes; the bidder may raise again after each hold, or pass. Whoever passes drops out,
and the next seat bids to the survivor in the same way, until every seat has had its
duel. The survivor is the declarer, at the last bid named. If nobody bid, the first seat
may bid or pass (all pass: thrown in, or played on without a declarer as above).

What the auction fixes by default may be said otherwise, each as an expression:

* `pass_is_final` (default true): whether a seat that passes takes no further part; when it
  is false, a seat that passed may bid again when its turn comes round;
* `ends_when`: after each call, whether the auction is over (default: one bidder left, or
  every seat passed); e.g. three passes in a row after a bid, `passes_in_a_row == 3`;
* `words`: calls besides bids and passes (`double`, `redouble`), each with the condition
  under which it may be made; they change nothing by themselves, and expressions read them
  among the calls (`last_call.word == double`);
* `declarer` (default the last bidder, `high_bidder`): who becomes declarer, read when the
  auction is won.

The calls of the deal are kept in order (`calls`: each call's `seat`, `bid`, `word` and
whether it `passed`); `last_call` is the last call that was not a pass, `high_bid` and
`high_bidder` the bid standing and who made it, `passes_in_a_row` the passes since the
last other call. `bids` may also be levels and strains (`{levels: [1, ..., 7], strains:
[C, D, H, S, NT]}`): the bids 1C < 1D < ... < 1NT < 2C ... < 7NT, each read as `bid.level`
and `bid.strain` (the suit, or none for a strain that is no suit of the pack).
"""

from __future__ import annotations

from ..core.actions import Action
from . import Phase, in_the_open


class Auction(Phase):
    """Bid higher or pass, in turn round the table."""

    owns = ("in_auction", "said")
    records = ("calls",)

    kind = "auction"
    public_name = in_the_open  # bids and passes are said aloud

    def __init__(self, name, n, step, first, bids, labels, var, void_if_all_pass=True, words=(),
                 pass_is_final=None, ends_when=None, declarer=None):
        super().__init__(name)
        self.void_if_all_pass = void_if_all_pass  # else a deal nobody bids in goes on without a declarer
        self.n = n
        self.step = step
        self.first = first
        self.var = var  # the name the winning bid goes by
        self.pass_is_final = pass_is_final  # compiled bool, or None: a pass is final
        self.ends_when = ends_when  # compiled bool, or None: one bidder left, or all passed
        self.declarer = declarer  # compiled seat, or None: the last bidder
        self.pass_action = Action("pass", None, "pass")
        # bid i is stronger than bid j when i > j; its argument is the value the name takes
        self.bids = tuple(Action("bid", value, f"bid {label}") for value, label in zip(bids, labels))
        self.index_of = {a: i for i, a in enumerate(self.bids)}
        self.words = tuple((Action("word", value, str(word)), condition) for word, value, condition in words)
        self.every_action = (self.pass_action, *self.bids, *(a for a, _ in self.words))

    def start(self, state) -> None:
        state.bidder = None  # who holds the highest bid, and its index in `bids`
        state.bid_index = -1
        state.high_bid = None
        state.in_auction = [True] * self.n
        state.said = []
        state.to_bid = self.first(state)

    def actor(self, state):
        if state.void or state.to_bid is None:
            return None
        return state.to_bid

    def legal(self, state):
        out = [self.pass_action, *self.bids[state.bid_index + 1:]]
        if self.words:
            state.player = state.to_bid
            out += [a for a, condition in self.words if condition(state)]
        return out

    def apply(self, state, action) -> None:
        p = state.to_bid
        state.deal.calls.append((p, action.name))
        if action is self.pass_action:
            state.said.append((p, None, 0, True))
            if self.pass_is_final is None:
                state.in_auction[p] = False
            else:
                state.player = p
                state.in_auction[p] = not self.pass_is_final(state)
        elif action.kind == "word":
            state.said.append((p, None, action.arg, False))
        else:
            state.bid_index = self.index_of[action]
            state.bidder = p
            state.high_bid = action.arg
            state.said.append((p, action.arg, 0, False))
        if self.ends_when is not None:
            if self.ends_when(state):
                self._ended(state)
                return
        else:
            left = [q for q in range(self.n) if state.in_auction[q]]
            if (state.bidder is not None and left == [state.bidder]) or not left:  # one bidder left, or none
                self._ended(state)
                return
        q = (p + self.step) % self.n
        for _ in range(self.n):
            if state.in_auction[q]:
                state.to_bid = q
                return
            q = (q + self.step) % self.n
        self._ended(state)  # (nobody left to call: the auction is over)

    def _ended(self, state) -> None:
        """The auction is over: won by the bid standing, else nobody bid."""
        if state.bidder is None:
            self._all_passed(state)
            return
        state.to_bid = None
        state.vars[self.var] = state.deal.announced[self.var] = self.bids[state.bid_index].arg
        declarer = state.bidder if self.declarer is None else self.declarer(state)
        state.declarer = state.deal.declarer = declarer

    def _all_passed(self, state) -> None:
        """Nobody bid: the deal is thrown in, or goes on with no declarer."""
        state.to_bid = None
        state.void = self.void_if_all_pass
        if not state.void:
            state.declarer = state.deal.declarer = None

    def refuse(self, state, action):
        if action.kind == "bid":
            held = self.bids[state.bid_index].name[4:] if state.bid_index >= 0 else None
            return (f"`{action.name}` does not beat the bid of {held} by {state.seat_name(state.bidder)}; bid higher or "
                    f"pass", "bid higher")
        if action.kind == "word":
            return f"{state.seat_name(state.to_bid)} may not call {action.name} now", "words"
        return super().refuse(state, action)


class HoldingAuction(Auction):
    """Duels in seat order from `first`: a later seat bids, the earlier one holds or passes."""

    def __init__(self, name, n, step, first, bids, labels, var, void_if_all_pass=True):
        super().__init__(name, n, step, first, bids, labels, var, void_if_all_pass)
        self.hold_action = Action("hold", None, "hold")
        self.every_action = (self.pass_action, self.hold_action, *self.bids)

    def start(self, state) -> None:
        super().start(state)
        first = state.to_bid
        # (the seats in priority order, the holder's place in it, the place of the seat bidding to him)
        state.duel = (tuple((first + i * self.step) % self.n for i in range(self.n)), 0, 1)
        state.to_bid = first if self.n < 2 else state.duel[0][1]

    def legal(self, state):
        order, holder, challenger = state.duel
        if state.to_bid == order[holder] and challenger < self.n:  # answering a bid: hold it or pass
            return [self.pass_action, self.hold_action]
        return [self.pass_action, *self.bids[state.bid_index + 1:]]

    def apply(self, state, action) -> None:
        p = state.to_bid
        state.deal.calls.append((p, action.name))
        if action.kind == "bid":
            state.high_bid = action.arg
        # (a hold takes the bid standing: it is that bid, said again)
        state.said.append((p, None, 0, True) if action is self.pass_action else (p, state.high_bid, 0, False))
        order, holder, challenger = state.duel
        if challenger >= self.n:  # nobody bid: the first seat bids or passes alone
            if action is self.pass_action:
                self._all_passed(state)
            else:
                self._won(state, p, self.bids.index(action))
            return
        if action is self.hold_action:
            state.bidder = p
            state.to_bid = order[challenger]
            return
        if action is not self.pass_action:  # a bid to the holder
            state.bid_index = self.bids.index(action)
            state.bidder = p
            state.to_bid = order[holder]
            return
        if p == order[holder]:  # the holder passes: the bidder holds against the next seat
            holder = challenger
        challenger += 1
        state.duel = (order, holder, challenger)
        if challenger < self.n:
            state.to_bid = order[challenger]
        elif state.bid_index >= 0:
            self._won(state, order[holder], state.bid_index)
        else:
            state.to_bid = order[holder]

    def _won(self, state, p, index) -> None:
        state.to_bid = None
        state.bid_index = index
        state.declarer = state.deal.declarer = state.bidder = p
        state.vars[self.var] = self.bids[index].arg
        state.deal.announced[self.var] = self.bids[index].arg

    def refuse(self, state, action):
        if action is self.hold_action:
            return f"{state.seat_name(state.to_bid)} has no bid to hold; bid or pass", "hold"
        if action.kind == "bid" and self.legal(state)[-1] is self.hold_action:
            return f"{state.seat_name(state.to_bid)} answers a bid: hold or pass", "hold"
        return super().refuse(state, action)

"""An auction over a ranked list of bids: bid higher or pass for good, until one bidder is left.

`bids` lists every bid from the weakest to the strongest (ranks such as `[A, 3, K, ... 2]`,
where a lower card is a stronger bid, or numbers). From `first`, in turn, each seat still
in the auction either passes, and takes no further part, or makes a bid stronger than the
highest so far. Seats that have passed are skipped. When a bid stands and every other seat
has passed, its bidder is the declarer and the bid is known by the name `winning_bid`
(default `bid`). If every seat passes without a bid, the deal is thrown in.

With `hold`, the auction is a series of duels in which the earlier seat has the priority:
the second seat from `first` bids to the first, who holds (`hold`: he takes the same bid)
or passes; the bidder may raise again after each hold, or pass. Whoever passes drops out,
and the next seat bids to the survivor in the same way, until every seat has had its
duel. The survivor is the declarer, at the last bid named. If nobody bid, the first seat
may bid or pass (all pass: thrown in).
"""

from __future__ import annotations

from ..actions import Action
from . import Phase, in_the_open


class Auction(Phase):
    """Bid higher or pass, in turn round the table."""

    kind = "auction"
    public_name = in_the_open  # bids and passes are said aloud

    def __init__(self, name, n, step, first, bids, labels, var):
        super().__init__(name)
        self.n = n
        self.step = step
        self.first = first
        self.var = var  # the name the winning bid goes by
        self.pass_action = Action("pass", None, "pass")
        # bid i is stronger than bid j when i > j; its argument is the value the name takes
        self.bids = tuple(Action("bid", value, f"bid {label}") for value, label in zip(bids, labels))
        self.every_action = (self.pass_action, *self.bids)

    def start(self, st) -> None:
        st.bidder = None  # who holds the highest bid, and its index in `bids`
        st.bid_index = -1
        st.in_auction = [True] * self.n
        st.to_bid = self.first(st)

    def actor(self, st):
        if st.void or st.to_bid is None:
            return None
        return st.to_bid

    def legal(self, st):
        return [self.pass_action, *self.bids[st.bid_index + 1:]]

    def apply(self, st, action) -> None:
        p = st.to_bid
        st.deal.calls.append((p, action.name))
        if action is self.pass_action:
            st.in_auction[p] = False
        else:
            st.bid_index = self.bids.index(action)
            st.bidder = p
        left = [q for q in range(self.n) if st.in_auction[q]]
        if st.bidder is not None and left == [st.bidder]:  # one bidder left: he has won
            st.to_bid = None
            st.declarer = st.deal.declarer = st.bidder
            st.vars[self.var] = self.bids[st.bid_index].arg
            st.deal.announced[self.var] = self.bids[st.bid_index].arg
            return
        if not left:  # everybody passed, nobody bid
            st.to_bid = None
            st.void = True
            return
        q = (p + self.step) % self.n
        while not st.in_auction[q]:
            q = (q + self.step) % self.n
        st.to_bid = q

    def refuse(self, st, action):
        if action.kind == "bid":
            held = self.bids[st.bid_index].name[4:] if st.bid_index >= 0 else None
            return (f"`{action.name}` does not beat the bid of {held} by {st.seat_name(st.bidder)}; bid higher or "
                    f"pass", "bid higher")
        return super().refuse(st, action)


class HoldingAuction(Auction):
    """Duels in seat order from `first`: a later seat bids, the earlier one holds or passes."""

    def __init__(self, name, n, step, first, bids, labels, var):
        super().__init__(name, n, step, first, bids, labels, var)
        self.hold_action = Action("hold", None, "hold")
        self.every_action = (self.pass_action, self.hold_action, *self.bids)

    def start(self, st) -> None:
        super().start(st)
        first = st.to_bid
        # (the seats in priority order, the holder's place in it, the place of the seat bidding to him)
        st.duel = (tuple((first + i * self.step) % self.n for i in range(self.n)), 0, 1)
        st.to_bid = first if self.n < 2 else st.duel[0][1]

    def legal(self, st):
        order, holder, challenger = st.duel
        if st.to_bid == order[holder] and challenger < self.n:  # answering a bid: hold it or pass
            return [self.pass_action, self.hold_action]
        return [self.pass_action, *self.bids[st.bid_index + 1:]]

    def apply(self, st, action) -> None:
        p = st.to_bid
        st.deal.calls.append((p, action.name))
        order, holder, challenger = st.duel
        if challenger >= self.n:  # nobody bid: the first seat bids or passes alone
            if action is self.pass_action:
                st.void, st.to_bid = True, None
            else:
                self._won(st, p, self.bids.index(action))
            return
        if action is self.hold_action:
            st.bidder = p
            st.to_bid = order[challenger]
            return
        if action is not self.pass_action:  # a bid to the holder
            st.bid_index = self.bids.index(action)
            st.bidder = p
            st.to_bid = order[holder]
            return
        if p == order[holder]:  # the holder passes: the bidder holds against the next seat
            holder = challenger
        challenger += 1
        st.duel = (order, holder, challenger)
        if challenger < self.n:
            st.to_bid = order[challenger]
        elif st.bid_index >= 0:
            self._won(st, order[holder], st.bid_index)
        else:
            st.to_bid = order[holder]

    def _won(self, st, p, index) -> None:
        st.to_bid = None
        st.bid_index = index
        st.declarer = st.deal.declarer = st.bidder = p
        st.vars[self.var] = self.bids[index].arg
        st.deal.announced[self.var] = self.bids[index].arg

    def refuse(self, st, action):
        if action is self.hold_action:
            return f"{st.seat_name(st.to_bid)} has no bid to hold; bid or pass", "hold"
        if action.kind == "bid" and self.legal(st)[-1] is self.hold_action:
            return f"{st.seat_name(st.to_bid)} answers a bid: hold or pass", "hold"
        return super().refuse(st, action)

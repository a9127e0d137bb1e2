"""Finding a hand's combinations for a declaring category: its suits, its runs of consecutive ranks,
its sets of one rank, or the whole hand (interpreter/phases/declare.py says what each category is).
The finders read the cards alone, never the state, except a category's `only_if`."""

from __future__ import annotations


def _by(hand, table, n: int) -> list[list]:
    """The cards of `hand` by their value in `table` (a suit, a rank: 0 to n - 1; any other, such as
    none (-1), left out), each list in the hand's order: one walk of the hand."""
    out = [[] for _ in range(n)]
    for c in hand:
        v = table[c]
        if 0 <= v < n:
            out[v].append(c)
    return out


class Finders:
    """The finders of a declare phase (mixed into `Declare`): what combinations of a category (a
    `declare.Category`) a hand holds, and the name of every combination some hand could hold."""

    def _finding(self, pack, categories) -> None:
        """What the finders keep of the pack: whether a hand's runs are found in one walk of its sorted
        cards, each card's follower in a run, and the ranks each `ranks` category may combine."""
        # whether card numbers run suit by suit, in the suits' order, and within a suit rank by rank,
        # with no copies: then the runs of a hand are found in one walk of its sorted cards
        suit, rank, cards = pack.suit, pack.rank, [c for c in range(len(pack)) if pack.suit[c] >= 0]
        # (and no card outside the suits, a joker, numbered among theirs: a pack numbers its extras last)
        self.in_order = pack.copies == 1 and all(
            suit[a] < suit[b] or suit[a] == suit[b] and rank[a] < rank[b] for a, b in zip(cards, cards[1:])) \
            and not (cards and any(suit[c] < 0 for c in range(cards[0], cards[-1])))
        after = {(suit[c], rank[c]): c for c in cards}  # each card's follower in a run: the next rank of its suit
        self._follower = tuple(after.get((suit[c], rank[c] + 1), -1) for c in range(len(pack)))
        # the ranks (indexes) each `ranks` category may combine, in the pack's order
        self._ranks_of = {cat.name: tuple(ri for ri in range(len(pack.ranks)) if cat.ranks is None or ri in cat.ranks)
                          for cat in categories}

    def find(self, state, cat, hand) -> list[tuple[str, tuple]]:
        """(name, cards) of every combination of `cat` in `hand`, in a stable order."""
        if cat.finder == "hand":  # (asked of the hand itself: one combination or none)
            only_if = cat.only_if
            return [("hand", tuple(hand))] if hand and (only_if is None or only_if(state, list(hand))) else []
        pack = self.pack
        out = []
        if cat.finder == "suits":
            for si, cards in enumerate(_by(hand, pack.suit, len(pack.suits))):
                if cards and len(cards) >= cat.at_least:
                    out.append((pack.suits[si], tuple(cards)))
        elif cat.finder == "ranks":  # (counted first: a hand seldom holds enough of a rank)
            rank, least = pack.rank, max(cat.at_least, 1)
            held = [rank[c] for c in hand]
            for ri in self._ranks_of[cat.name]:
                if held.count(ri) >= least:
                    out.append((pack.ranks[ri], tuple([c for c in hand if rank[c] == ri])))
        elif self.in_order:  # runs, in one walk of the sorted hand: the same runs in the same order
            held, follower = sorted(hand), self._follower
            shortest = max(cat.at_least, 2)  # (a shorter run is no combination, split or not: `_run`)
            i, n = 0, len(held)
            while i < n:
                j = i + 1
                while j < n and held[j] == follower[held[j - 1]]:
                    j += 1
                if j - i >= shortest:
                    self._run(held[i:j], cat, out)
                i = j
        else:  # runs: consecutive ranks of one suit, high to low
            rank = pack.rank
            for held in _by(hand, pack.suit, len(pack.suits)):
                held = sorted((rank[c], c) for c in held)
                run: list[int] = []
                for r, c in held:
                    if run and r != rank[run[-1]] + 1:
                        self._run(run, cat, out)
                        run = []
                    run.append(c)
                self._run(run, cat, out)
        if cat.only_if is not None:
            out = [(nm, cs) for nm, cs in out if cat.only_if(state, list(cs))]
        return out

    def _run(self, run, cat, out) -> None:
        if cat.split_long and len(run) > 6:  # a very long run counts as two sequences
            self._run(run[:cat.split_long], cat, out)
            self._run(run[cat.split_long:], cat, out)
            return
        if len(run) >= max(cat.at_least, 2):
            names = self.pack.names
            out.append((f"{names[run[0]]}-{names[run[-1]]}", tuple(run)))

    def combination_names(self, cat) -> list[str]:
        """The name of every combination of `cat` some hand of this pack could hold."""
        pack = self.pack
        if cat.finder == "hand":
            return ["hand"]
        if cat.finder == "suits":
            return list(pack.suits)
        if cat.finder == "ranks":
            return [r for ri, r in enumerate(pack.ranks) if cat.ranks is None or ri in cat.ranks]
        out = []
        shortest = max(cat.at_least, 2)
        for s in pack.suits:
            for top in range(len(pack.ranks)):
                for low in range(top + shortest - 1, len(pack.ranks)):
                    names = [f"{pack.ranks[r]}{s}" for r in range(top, low + 1)]
                    if not all(nm in pack.by_name for nm in names):
                        break
                    out.append(f"{names[0]}-{names[-1]}")
        return out

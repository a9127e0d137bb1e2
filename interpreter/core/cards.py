"""Cards as small ints, and the pack that names them.

A `Pack` is built from the spec's suits and ranks (ranks listed high to low). Card `i`
is an index into `pack.names`; its suit, rank and plain strength are looked up in
tuples, so the play loop compares ints and never parses a name.

Notation everywhere (specs, records, the screen): rank then suit letter, `QS`, `TH`, `2D`;
jokers `BJ` and `LJ`. `10H` is accepted as input for `TH`, and input is case-insensitive.
A spec may name its own suits (any capital letter, with a name for the rulebook), give a
suit its own ranks (`21A` .. `1A`: the rank is then any word of digits or capitals, a
ten always written `T`), and add cards outside every suit by name (`EX`); a pack whose
names would read two ways is refused when the spec is checked.

A pack may hold each card several times (`copies`): the copies share one number and one
name, so they are alike wherever a card is written or compared, and hands, tricks and decks
are lists that may hold a number twice (`pack.deck` lists every copy).
"""

from __future__ import annotations

from dataclasses import dataclass, field

SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
JOKERS = ("BJ", "LJ")
JOKER_TITLES = {"BJ": "the big joker", "LJ": "the little joker"}
NO_SUIT = -1  # the suit of a joker


@dataclass(frozen=True)
class Pack:
    """The cards of one game; every table is indexed by card number."""

    suits: tuple[str, ...]
    ranks: tuple[str, ...]  # high to low
    names: tuple[str, ...]
    suit: tuple[int, ...]  # suit index, NO_SUIT for jokers
    rank: tuple[int, ...]  # rank index into `ranks` (0 = highest), -1 for jokers
    strength: tuple[int, ...]  # place in the natural rank order (runs, layouts), higher is higher
    by_name: dict[str, int] = field(repr=False)
    power: tuple[int, ...] = ()  # how cards of one suit beat each other in play (default: strength)
    trump_power: tuple[int, ...] = ()  # ... in the trump suit (default: power)
    joker_trumps: bool = False  # some cards (`trump_cards`) belong to the trump suit, whatever it is
    suit_with_trump: dict = field(default_factory=dict, repr=False)  # trump -> suit table, jokers included
    trump_powers: dict = field(default_factory=dict, repr=False)  # trump -> trump order, where a bower moves
    bowers: dict = field(default_factory=dict, repr=False)  # trump suit -> the card that joins it (a bower)
    suit_names: tuple[str, ...] = ()  # each suit in words (`spades`), for the rulebook and the screen
    titles: dict = field(default_factory=dict, repr=False)  # a card outside the suits -> its name in words
    own_ranks: frozenset = frozenset()  # the suits (indexes) with ranks of their own, not `ranks`
    copies: int = 1  # how many of each card the pack holds (alike in play: one number, one name)

    @property
    def size(self) -> int:
        """The number of cards in the pack, every copy counted (`len(pack)` counts each card once)."""
        return len(self.names) * self.copies

    @property
    def deck(self) -> tuple[int, ...]:
        """Every card of the pack, each as many times as it has copies, in card order."""
        return tuple(c for c in range(len(self.names)) for _ in range(self.copies))

    @property
    def cards_only(self) -> int | None:
        """The trump of a deal in which only the cards that are always trumps are trumps (no suit is),
        an index past the suits; None when the pack has no such cards."""
        return len(self.suits) if self.joker_trumps else None

    def trump_power_for(self, trump) -> tuple[int, ...]:
        """How trumps beat each other when `trump` is trump (a bower takes its place)."""
        return self.trump_powers.get(trump, self.trump_power)

    @classmethod
    def build(cls, suits, ranks, extra=(), removed=(), plain_order=None, trump_order=None,
              joker_trumps=False, trump_cards=(), bowers=None, suit_ranks=None, suit_names=None,
              titles=None, copies=1) -> "Pack":
        """The pack of `suits` x `ranks` (high to low), plus `extra`, less `removed`.

        `suit_ranks` gives a suit ranks of its own (high to low) instead of `ranks`; `ranks`
        (the pack's rank names) is then `ranks` followed by the other ranks in the order first
        met. `suit_names` says each suit in words, `titles` each `extra` card.

        `plain_order` and `trump_order` (high to low) say how cards beat each other in play
        when that differs from the natural order of `ranks` (in the suits that use `ranks`);
        a card that is always a trump stands in them by name (`BJ`, `2D`). With `joker_trumps`
        the jokers, and the cards named in `trump_cards`, are cards of whatever suit is trump
        (with no trump: jokers of no suit, other cards of their own). `bowers` maps a trump
        suit to a card of another suit that then belongs to the trump suit (for following suit
        too), ranked in `trump_order` where the word `bower` stands. With `copies`, the pack holds
        each card that many times: the copies share the card's number and name, so a hand is a
        list that may hold a number twice."""
        suits, ranks = [str(x) for x in suits], [str(r) for r in ranks]
        removed = {normalize(c) for c in removed}
        own = {si: [str(r) for r in suit_ranks[s]] for si, s in enumerate(suits) if s in (suit_ranks or {})}
        every_rank = list(ranks)
        for rs in own.values():
            every_rank += [r for r in rs if r not in every_rank]
        names, suit, rank, strength, standard = [], [], [], [], []
        for si, s in enumerate(suits):
            in_suit = own.get(si, ranks)
            for ri, r in enumerate(in_suit):
                name = f"{r}{s}"
                if name in removed:
                    continue
                names.append(name)
                suit.append(si)
                rank.append(every_rank.index(r))
                strength.append(len(in_suit) - ri)
                standard.append(si not in own)
        top = max([len(ranks), *map(len, own.values())])
        for ji, j in enumerate(extra):
            names.append(j)
            suit.append(NO_SUIT)
            rank.append(-1)
            strength.append(top + len(extra) - ji)
            standard.append(False)
        always = {normalize(c) for c in trump_cards}
        if joker_trumps:
            always |= set(extra)

        def power_of(order):
            if order is None:
                return None
            order = [str(r) for r in order]
            keys = [n if n in always or r < 0 else every_rank[r] if std else None
                    for r, n, std in zip(rank, names, standard)]
            return tuple(len(order) - order.index(k) if k in order else st for k, st in zip(keys, strength))

        suit_with_trump = {}
        if always:  # (the last: a deal where these cards alone are trumps)
            for t in [None, *range(len(suits) + 1)]:
                suit_with_trump[t] = tuple(s if n not in always or (t is None and s != NO_SUIT) else
                                           (NO_SUIT if t is None else t) for s, n in zip(suit, names))
        index = {n: i for i, n in enumerate(names)}
        bower_of = {suits.index(t): index[normalize(c)] for t, c in (bowers or {}).items()
                    if normalize(c) in index}
        power = power_of(plain_order) or tuple(strength)
        trump_power = power_of(trump_order) or power  # (`bower` is no card's key: its place stays empty)
        trump_powers = {}
        if bower_of:
            for t in [None, *range(len(suits))]:
                table = list(suit_with_trump.get(t, suit))
                if t in bower_of:
                    table[bower_of[t]] = t
                suit_with_trump[t] = tuple(table)
            place = len(trump_order) - list(trump_order).index("bower") if "bower" in (trump_order or ()) else 0
            for t, c in bower_of.items():
                powers = list(trump_power)
                powers[c] = place
                trump_powers[t] = tuple(powers)
        return cls(
            suits=tuple(suits),
            ranks=tuple(every_rank),
            names=tuple(names),
            suit=tuple(suit),
            rank=tuple(rank),
            strength=tuple(strength),
            by_name=index,
            power=power,
            trump_power=trump_power,
            joker_trumps=bool(always),
            suit_with_trump=suit_with_trump,
            trump_powers=trump_powers,
            bowers=bower_of,
            suit_names=tuple((suit_names or {}).get(s) or SUIT_NAMES.get(s, s) for s in suits),
            titles={j: (titles or {}).get(j) or JOKER_TITLES.get(j, j) for j in extra},
            own_ranks=frozenset(own),
            copies=int(copies),
        )

    def points_of(self, table) -> tuple:
        """Each card's points from a spec's `points` table: by the card's name, else by its rank,
        else `others` (0 when absent)."""
        table = {k if k == "others" else normalize_rank(normalize(str(k))): v for k, v in (table or {}).items()}
        rest = table.get("others", 0)
        return tuple(table.get(name, table.get(self.ranks[r], rest) if r >= 0 else rest)
                     for name, r in zip(self.names, self.rank))

    def __len__(self) -> int:
        """The number of different cards (the tables' length): `size` counts the copies too."""
        return len(self.names)

    def parse(self, text: str) -> int:
        """The card named `text` (`QS`, `10h`, `BJ`); KeyError if not in this pack."""
        return self.by_name[normalize(text)]

    def card_name(self, card: int) -> str:
        return self.names[card]

    def suit_index(self, letter: str) -> int:
        return self.suits.index(letter.upper())

    def rank_index(self, letter: str) -> int:
        letter = letter.upper()
        return self.ranks.index("T" if letter == "10" else letter)

    def sort_key(self, card: int):
        """Display order: by suit as the spec lists them, then high to low."""
        return (self.suit[card] if self.suit[card] >= 0 else len(self.suits), -self.strength[card])

    def format(self, cards) -> str:
        """Cards as text in display order: `AS QS 7H 2C`."""
        return " ".join(self.names[c] for c in sorted(cards, key=self.sort_key))

    def format_by_suit(self, cards) -> str:
        """A hand grouped by suit, the way a player holds it: `S: A Q  H: 7  C: 2`."""
        groups = []
        for si, s in enumerate(self.suits):
            ranks = [self.ranks[self.rank[c]] for c in sorted(cards, key=self.sort_key) if self.suit[c] == si]
            if ranks:
                groups.append(f"{s}: {' '.join(ranks)}")
        jokers = [self.names[c] for c in sorted(cards, key=self.sort_key) if self.suit[c] == NO_SUIT]
        if jokers:
            groups.append(" ".join(jokers))
        return "   ".join(groups) if groups else "(no cards)"


def normalize_rank(text) -> str:
    """A rank as the pack names it: `10` is `T`."""
    t = str(text).strip().upper()
    return "T" if t == "10" else t


def normalize(text: str) -> str:
    """Canonical card text: upper case, `10` written `T`."""
    t = text.strip().upper()
    if t.startswith("10") and len(t) == 3:
        t = "T" + t[2]
    return t

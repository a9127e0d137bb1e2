"""The names, functions and attributes an expression may use, read from the state.

Names such as `hand`, `won`, `tricks_won` and `place` are read for `player`, the seat
being scored or acting; the engine sets `player` (and `target` while a seat considers
whom to double) before it evaluates an expression. Every getter is a plain closure or
`attrgetter` over the `State`'s flat attributes, resolved once when the spec compiles.
"""

from __future__ import annotations

from operator import attrgetter

from ..engine.history import history_scope
from ..expr import Attr, ExprError, Func, Name, Scope
from ..expr.names import NULLABLE


def build_scope(pack, n: int, step: int, announce_types: dict, contract_keys, points=None,
                trump_points=None, call_words=None, teams=None, bids=(None, None)) -> Scope:
    """The scope of a game with this pack, `n` seats turning by `step`, these announcements and contracts.

    `teams` (lists of seat indexes) are the spec's partnerships: `partner` exists only when
    every seat has exactly one team-mate; otherwise using it is an error that says why. `bids`
    is the type of the game's auction bids (None without an auction) and, for bids of levels and
    strains, (each bid's level, each bid's strain): the auction's calls are names then."""
    # a card outside every suit (a joker, the Excuse) has no suit and no rank: `none` in expressions. The
    # engine's tables say -1; a pack without such cards reads its tables as they are (and generated code
    # keeps the fields it reads in locals)
    suitless = any(s < 0 for s in pack.suit)
    names = {
        "player": Name("seat", get=_attr("player"), doc="the seat being scored, or whose turn it is"),
        "dealer": Name("seat", get=_attr("dealer"), doc="the dealer of this deal"),
        "declarer": Name("seat", get=_attr("declarer"), doc="the declarer of this deal"),
        "seats": Name("list<seat>", value=tuple(range(n)), doc="every seat, in the order the spec lists them"),
        "suits": Name("list<suit>", value=tuple(range(len(pack.suits))), doc="the suits of the pack"),
        "ranks": Name("list<rank>", value=tuple(range(len(pack.ranks))), doc="the ranks, high to low"),
        "contracts": Name("list<contract>", value=tuple(contract_keys), doc="every contract of the game"),
        "contract": Name("contract", get=_attr("contract_key"), doc="the contract of this deal"),
        "trump": Name("suit", get=_attr("trump"), doc="the trump suit, or none"),
        "hand": Name("list<card>", get=_per_seat("hands", lambda st: st.hands[st.player]), doc="the player's hand"),
        "won": Name("list<card>", get=_per_seat("won", lambda st: st.won[st.player]), doc="the cards the player has won in tricks"),
        "tricks_won": Name("number", get=_per_seat("tricks_won", lambda st: st.tricks_won[st.player]), doc="tricks the player has won"),
        "place": Name("number", get=_per_seat("place", lambda st: st.place[st.player]), doc="the player's place in going out"),
        "total_score": Name("number", get=_per_seat("totals", lambda st: st.totals[st.player]), doc="the player's game total"),
        "tricks": Name("list<trick>", get=_attr("tricks"), doc="the completed tricks of this deal, in order"),
        "trick": Name("list<card>", get=_attr("trick_cards"), doc="the cards of the trick in progress"),
        "trick_number": Name("number", get=lambda st: len(st.tricks) + 1, doc="the number of the trick in progress"),
        "led_suit": Name("suit", get=_led_suit_of(len(pack.suits)) if suitless else _attr("led_suit"),
                         doc="the suit led to this trick, or none"),
        "best": Name("card", get=lambda st: st.trick_best if st.trick_best >= 0 else None,
                     doc="the card winning the trick in progress, or none"),
        "leader": Name("seat", get=_attr("leader"), doc="who led (or leads) the trick in progress"),
        "leading": Name("bool", get=_attr("leading"), doc="true when the player is on lead"),
        "deal_number": Name("number", get=_attr("deal_number"), doc="the number of this deal, from 1"),
        "games_played": Name("number", get=lambda st: len(st.games), doc="games finished in this partie"),
        "played": Name("list<card>", get=_played, doc="every card played in this deal so far"),
        "turn_up": Name("card", get=_attr("turn_up"), doc="the card turned up for trumps, or none"),
        "maker": Name("seat", get=_attr("maker"), doc="the seat that made trump (took or named it), or none"),
        "called_card": Name("card", get=_attr("called_card"), doc="the card the declarer called, or none"),
        "called_holder": Name("seat", get=_attr("called_holder"),
                              doc="who held the called card when it was called (the declarer's partner, or the "
                                  "declarer himself), or none"),
        "dead_card": Name("card", get=_attr("dead"), doc="the card shown face up and never played, or none"),
        "callers": Name("list<seat>", get=_attr("callers"), doc="the seats that have called, in calling order"),
        "dealt": Name("number", get=lambda st: len(st.deal.hands[0]) if st.deal.hands else 0,
                      doc="how many cards each player was dealt in this deal"),
        "void": Name("bool", get=_attr("void"), doc="this deal is void (everybody passed)"),
        "counted_deal": Name("number", get=lambda st: st.deal_number - st.voids,
                             doc="the number of this deal, not counting void deals"),
        "pack_size": Name("number", value=pack.size, doc="the number of cards in the pack"),
        "raw": Name("number", get=lambda st: st.raw[st.player], doc="the player's raw score (when settling)"),
        "talon": Name("list<card>", get=_attr("talon"), doc="the cards left in the talon"),
        "discards": Name("list<card>", get=lambda st: st.discards[st.player], doc="the cards the player discarded"),
    }
    bid_type, structure = bids
    if bid_type is not None:
        names.update(_auction_names(bid_type))
    reserved = frozenset(names)
    for var, t in announce_types.items():
        if var not in names:
            names[var] = Name(t, get=_var(var), doc=f"the announced {var}")
    for word, value in (call_words or {}).items():  # calls that are words: `call(p) == board`
        if word not in names:
            names[word] = Name("number", value=value, doc=f"the call `{word}`")
    for key in contract_keys:  # contracts by their keys: `contract == no_tricks`
        if key not in names:
            names[key] = Name("contract", value=key, doc=f"the contract `{key}`")

    card_at = {(r, s): pack.by_name.get(f"{rank}{suit}")  # (rank, suit) -> the card, None if none
               for r, rank in enumerate(pack.ranks) for s, suit in enumerate(pack.suits)}

    def wins_trick(state, c):
        if not state.trick_cards:
            return True
        beats = getattr(getattr(state, "phase", None), "beats_one", None)  # the spec's own rule of who takes a trick
        if beats is not None:
            return bool(beats(state, c))
        best, suit = state.trick_best, state.suit
        if suit[c] == suit[best]:
            pw = state.trump_power if suit[c] == state.trump else state.power
            return pw[c] > pw[best]
        return suit[c] == state.trump

    def winning_cards(state, cards):
        if not state.trick_cards:
            return list(cards)
        beats = getattr(getattr(state, "phase", None), "beats", None)
        if beats is not None:
            return beats(state, cards)
        best, suit = state.trick_best, state.suit
        led, trump = suit[best], state.trump  # `led`: the suit of the card winning so far
        pw = state.trump_power if led == trump else state.power
        top = pw[best]
        return [c for c in cards if (pw[c] > top if suit[c] == led else suit[c] == trump)]
    winning_cards.inline = "winning_cards"  # interpreter/compile/emit writes this selection out in its loops

    funcs = {
        "left": Func(("seat",), "seat", _turning(1, n), "the seat to the left (clockwise)"),
        "right": Func(("seat",), "seat", _turning(-1, n), "the seat to the right"),
        "next": Func(("seat",), "seat", _turning(step, n), "the seat that plays after"),
        "doubled": Func(("seat", "seat"), "bool", lambda st, a, b: st.doubles[a][b] == 1,
                        "whether the first seat has doubled the second in this deal"),
        "wins_trick": Func(("card",), "bool", wins_trick, "whether the card, played now, would win the trick",
                           select=winning_cards),
        "hand_of": Func(("seat",), "list<card>", _seat_field("hands"), "a seat's hand"),
        "played_by": Func(("seat",), "list<card>", _played_by, "the cards a seat has played in this deal"),
        "who_played": Func(("card",), "seat", _who_played,
                          "the seat that played the card to a trick in this deal (the first to, when the pack "
                          "holds copies of it), or none"),
        "won_by": Func(("seat",), "list<card>", _seat_field("won"), "the cards a seat has won"),
        "tricks_won_by": Func(("seat",), "number", _seat_field("tricks_won"), "tricks a seat has won"),
        "place_of": Func(("seat",), "number", _seat_field("place"), "a seat's place in going out"),
        "total_of": Func(("seat",), "number", _seat_field("totals"), "a seat's game total"),
        "game_result": Func(("number", "seat"), "number", lambda st, g, p: st.games[int(g) - 1][p],
                            "in a partie of games: a seat's result in the game numbered first (from 1)"),
        "game_total": Func(("number", "seat"), "number", lambda st, g, p: st.game_totals[int(g) - 1][p],
                           "in a partie of games: a seat's final total in the game numbered first (from 1)"),
        "call": Func(("seat",), "number", _seat_field("calls"),
                     "a seat's call in this deal: its number, 0 for a pass (or none yet), or a word's value"),
        "call_index": Func(("seat",), "number",
                           lambda st, p: st.callers.index(p) + 1 if p in st.callers else 0,
                           "a seat's place in the calling order, from 1 (0 before it has called)"),
        "announced": Func(("seat", "number"), "bool", lambda st, p, w: w in st.call_extras[p],
                          "whether a seat announced this, with its call or with a card it played "
                          "(`announced(p, rainbow)`)"),
        "card_of_suit": Func(("rank", "suit"), "card", lambda st, r, s: card_at.get((r, s)),
            "the card of this rank and suit (none if the pack has no such card)"),
        "deal_score_of": Func(("seat",), "number",
                              lambda st, p: st.deal.scores[p] if st.deal.scores is not None else 0,
                              "a seat's final score in this deal, once it is scored (0 before)"),
        "exchanged": Func(("seat",), "number", _seat_field("exchanges"),
                          "how many cards a seat exchanged with the talon in this deal"),
        "declaration_points": Func(("seat",), "number", _seat_field("declaration_totals"),
                                   "what a seat scored by declarations in this deal"),
        "declaration_running": Func(("seat",), "list<number>", _declaration_running,
                                    "a seat's running total after each category of declarations, in order"),
        "range": Func(("number", "number"), "list<number>", _numbers_from, "the whole numbers from the first to the "
                      f"second, both included (at most {MAX_RANGE:,})", placed=_range_at),
        "raw_of": Func(("seat",), "number", _seat_field("raw"), "a seat's raw score (when settling)"),
        "declared": Func(("seat",), "number", lambda st, s: len(st.chosen[s]),
                         "how many contracts a seat has named in this game (this deal's included)"),
        "declarer_doubles": Func(("seat", "seat"), "number", _declarer_doubles,
                                 "in how many earlier deals the first seat doubled the second while the "
                                 "second was declarer"),
    }
    missing = {}
    mates = _partners(n, teams or [])
    if mates is not None:
        funcs["partner"] = Func(("seat",), "seat", lambda st, p: mates[p],
                                "a seat's partner: its team-mate in the spec's `teams` of two")
    else:
        missing["partner"] = ("`partner` needs partnerships: " + (
            "this game has no `teams`, so each player plays for himself" if not teams else
            "every seat must be in one of the `teams`, each of two players"))
    if pack.suit_with_trump:  # a card's suit is the state's (a joker's follows the trump): generated code reads it
        suit_now = _card_field("suit", (None, *range(len(pack.suits))) if suitless else None,
                               (lambda st, c: _no_suit(st.suit[c])) if suitless else lambda st, c: st.suit[c])
    attrs = {
        "card": {
            "suit": (Attr("suit", get=suit_now, doc="the card's suit (a joker's is the trump)")
                     if pack.suit_with_trump else Attr("suit", table=_none_for_minus(pack.suit), doc="the card's suit")),
            "rank": Attr("rank", table=_none_for_minus(pack.rank), doc="the card's rank (none outside the suits)"),
            "order": Attr("number", table=pack.strength, doc="the card's place in the rank order, higher is higher"),
            "printed_suit": Attr("suit", table=_none_for_minus(pack.suit),
                                 doc="the suit printed on the card (a joker's is none)"),
            "power": Attr("number", get=_card_power(lambda st, c: (st.trump_power if st.suit[c] == st.trump
                                                                   else st.power)[c]),
                          doc="how the card beats others of its suit in play (trump order in trumps)"),
        },
        "trick": {  # (a `Trick` is its fields by place: interpreter/core/results.py)
            "winner": Attr("seat", get=_item(3, lambda st, t: t.winner), doc="who won the trick"),
            "leader": Attr("seat", get=_item(1, lambda st, t: t.leader), doc="who led to the trick"),
            "number": Attr("number", get=_item(0, lambda st, t: t.number), doc="the trick's number, from 1"),
            "cards": Attr("list<card>", get=_item(5, lambda st, t: t.cards, rest=True),
                          doc="the trick's cards in playing order"),
            "led_suit": Attr("suit", get=lambda st, t: _no_suit(t.led_suit), doc="the suit led"),
        },
    }
    if bid_type is not None:
        attrs["call"] = {
            "seat": Attr("seat", get=_item(0, lambda st, c: c[0]), doc="who made the call"),
            "word": Attr("number", get=_item(2, lambda st, c: c[2]),
                         doc="the word called (`double`), 0 for a bid or a pass"),
            "passed": Attr("bool", get=_item(3, lambda st, c: c[3]), doc="whether the call was a pass"),
        }
        if bid_type in NULLABLE:
            attrs["call"]["bid"] = Attr(bid_type, get=_item(1, lambda st, c: c[1]),
                                        doc="the bid made (none for another call)")
    if structure is not None:
        attrs["bid"] = {"level": Attr("number", table=structure[0], doc="the bid's level (the 4 of 4S)"),
                        "strain": Attr("suit", table=structure[1],
                                       doc="the bid's strain: its suit, or none for a strain that is no suit (NT)")}
    history_scope(names, funcs, attrs)  # earlier deals: `earlier_deals`, `call_in(d, p)`...
    if points or trump_points:
        plain = pack.points_of(points)
        if trump_points is None:
            attrs["card"]["points"] = Attr("number", table=plain, doc="the card's point value")
        else:
            trumps = pack.points_of(trump_points)
            attrs["card"]["points"] = Attr("number", get=_by_trump(trumps, plain),
                                           doc="the card's point value (its trump value in the trump suit)")
    return Scope(pack=pack, names=names, funcs=funcs, attrs=attrs, reserved=reserved, missing=missing)


def _auction_names(bid_type: str) -> dict:
    """The names an auction's calls are read by (interpreter/phases/auction.py)."""
    names = {
        "calls": Name("list<call>", get=_attr("said"), doc="the calls of this deal's auction, in order"),
        "last_call": Name("call", get=_last_call, doc="the auction's last call that was not a pass, or none"),
        "high_bidder": Name("seat", get=_attr("bidder"), doc="who made the bid standing in the auction, or none"),
        "passes_in_a_row": Name("number", get=_passes_in_a_row,
                                doc="the passes in a row since the auction's last call that was not one"),
    }
    if bid_type in NULLABLE:  # (a bid of numbers or ranks is no value `none` stands for)
        names["high_bid"] = Name(bid_type, get=_attr("high_bid"), doc="the bid standing in the auction, or none")
    return names


def _last_call(state):
    for call in reversed(state.said):
        if not call[3]:
            return call
    return None


def _passes_in_a_row(state) -> int:
    k = 0
    for call in reversed(state.said):
        if not call[3]:
            break
        k += 1
    return k


def _partners(n: int, teams) -> tuple | None:
    """Each seat's team-mate when the teams pair every seat with exactly one other, else None."""
    mates = [None] * n
    for team in teams:
        if len(team) != 2:
            return None
        a, b = team
        if mates[a] is not None or mates[b] is not None or a == b:
            return None
        mates[a], mates[b] = b, a
    return tuple(mates) if None not in mates else None


def _no_suit(s):
    """The engine's -1 (a card outside every suit) as `none`."""
    return None if s is None or s < 0 else s


def _led_suit_of(suits: int):
    """The suit led, read for a pack with cards of no suit (the engine's -1 as none), saying how
    generated code may read it inline: the state's field through a map of its values (a suit, or
    None and -1 for none)."""
    def led_suit(st):
        return _no_suit(st.led_suit)
    led_suit.field_map = ("led_suit", {None: None, -1: None, **{s: s for s in range(suits)}})
    return led_suit


def _none_for_minus(table: tuple) -> tuple:
    """A card table with the engine's -1 (no suit, no rank) as None; the table itself when it has none."""
    return tuple(None if v < 0 else v for v in table) if any(v < 0 for v in table) else table


# the names whose value is the player's own (`player`, his hand, his tricks, his score): a function that
# reads one answers each seat differently, and keeps its answers by seat (interpreter/expr/memo.py)
SEAT_NAMES = frozenset({"player", "hand", "won", "tricks_won", "place", "total_score", "raw", "discards"})


def _attr(name):
    return attrgetter(name)


def _card_field(field: str, shifted, get):
    """Getter `get(st, c)` reads `st.FIELD[c]`, or when `shifted` is a table, `shifted[st.FIELD[c] + 1]`
    (the engine's -1 read as none); saying so lets generated code read it inline."""
    get.card_field = (field, shifted)
    return get


def _turning(k: int, n: int):
    """The seat `k` places round from a seat `s` of `n`; saying so lets generated code write it in place."""
    def turn(st, s):
        return (s + k) % n
    turn.seat_turn = (k, n)
    return turn


def _seat_field(field: str):
    """The function of a seat `s` reading `st.FIELD[s]` (a seat's hand, tricks, total...), which
    generated code reads inline as it reads a card's field."""
    of = attrgetter(field)
    return _card_field(field, None, lambda st, s: of(st)[s])


def _item(i: int, get, rest: bool = False):
    """Getter `get(st, x)` reads item `i` of tuple `x` (with `rest`, the items from `i` on, as a tuple);
    saying so lets generated code read it inline."""
    get.item = (i, rest)
    return get


def _by_trump(trumps, plain):
    """Getter of a card's value in `trumps` when it is of the trump suit, else in `plain`; saying so
    lets generated code read it inline."""
    def get(st, c):
        return (trumps if st.suit[c] == st.trump else plain)[c]
    get.by_trump = (trumps, plain)
    return get


def _card_power(get):
    """Getter `get(st, c)` reads `(st.trump_power if st.suit[c] == st.trump else st.power)[c]`; saying
    so lets generated code read it inline."""
    get.card_power = True
    return get


def _per_seat(field: str, get):
    """Getter `get` reads `st.FIELD[st.player]`; saying so lets generated code read it inline."""
    get.per_seat = field
    return get


def _played(state):
    out = []
    for t in state.tricks:
        out += t[5:]  # (a `Trick`'s cards: interpreter/core/results.py)
    return out + state.trick_cards + state.laid


def _played_by(state, p):
    """The cards seat `p` has played in this deal, in order. Rules ask it again and again (a poignée's
    `when` at each card): the cards of the finished tricks are kept by seat and only the new tricks
    are added, each time; the trick in progress is added to a copy. The kept lists belong to the
    state's own list of tricks, which a clone copies, so a clone never reads its original's."""
    tricks = state.tricks
    memo = state.__dict__.get("_played_memo")
    if memo is None or memo[0] is not tricks or memo[1] > len(tricks):
        memo = state._played_memo = [tricks, 0, [[] for _ in range(state.n)]]
    by_seat = memo[2]
    for t in tricks[memo[1]:]:
        for s, c in zip(t.seats, t.cards):
            by_seat[s].append(c)
    memo[1] = len(tricks)
    mine = by_seat[p]
    cards = state.trick_cards
    if not cards:
        return mine
    order = state.trick_order  # (the seats in playing order from the leader: `State.trick_seats`)
    seats = order[state.leader] if order is not None else state.trick_seats
    now = [c for s, c in zip(seats, cards) if s == p]
    return mine + now if now else mine


def _who_played(state, c):
    """Who played card `c` to a trick in this deal, or None: the finished tricks in order, then the
    trick in progress (in playing order from its leader, as `_played_by` reads it)."""
    for t in state.tricks:
        cards = t.cards
        if c in cards:
            return t.seats[cards.index(c)]
    cards = state.trick_cards
    if c in cards:
        order = state.trick_order
        seats = order[state.leader] if order is not None else state.trick_seats
        return seats[cards.index(c)]
    return None


def _declarer_doubles(state, p, q) -> int:
    n = 0
    for d in state.deals:
        if d is not state.deal and d.declarer == q:
            n += sum(1 for who, ts in d.doubles if who == p and q in ts)
    return n


def _declaration_running(state, p) -> list:
    out, total = [], 0
    for entry in state.declarations:
        total += entry[4][p]
        out.append(total)
    return out


def _var(name):
    return lambda st: st.vars.get(name)


MAX_RANGE = 10_000  # the numbers a `range` may list: far more than a game counts, far fewer than a hang


def _numbers_from(state, a, b) -> list:
    return list(range(int(a), int(b) + 1))


def _range_at(line: int, column: int, text: str):
    """`range` as one call at (line, column) of its expression: a range of more than MAX_RANGE
    numbers is refused there, before it is made."""
    def numbers(state, a, b):
        first, last = int(a), int(b)
        if last - first >= MAX_RANGE:
            raise ExprError(f"`{text}` would list {last - first + 1:,} numbers; a range lists at most {MAX_RANGE:,}",
                            line, column)
        return list(range(first, last + 1))
    return numbers

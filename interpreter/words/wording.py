"""Expressions of a spec told in plain English, for the rulebook (`cardspec rules`).

`Words` walks an expression's parse tree: `left(dealer)` is "the player to the dealer's
left", `KH in won` "the king of hearts is among the cards he won". A form without words of
its own raises `_Unsaid`, and the caller shows the expression as written, in `code` style,
so that nothing is ever left out or guessed at.
"""

from __future__ import annotations

from lark import Token, Tree

from ..expr.syntax import ExprError, parse

SUITS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
RANKS = {"A": "ace", "K": "king", "Q": "queen", "N": "knight", "J": "jack", "T": "ten"}
JOKERS = {"BJ": "the big joker", "LJ": "the little joker"}
NUMBER_WORDS = ["no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"]
ORDINALS = ["", "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth"]

# names of the engine, in a card player's words (`player` is the seat being scored or acting)
NAMES = {
    "dealer": "the dealer", "declarer": "the declarer", "player": "the player", "target": "the other player",
    "tricks_won": "the tricks he won", "won": "the cards he won", "played": "the cards played so far",
    "hand": "the cards in his hand", "led_suit": "the suit led", "trump": "the trump suit", "leading": "he is on lead",
    "card": "the card", "deal_number": "the number of the deal", "dealt": "the number of cards dealt to each",
    "counted_deal": "the number of the deal (void deals not counted)", "pack_size": "the number of cards in the pack",
    "place": "his place in going out", "seats": "the players", "contracts": "the contracts",
    "total_score": "his game total", "trick": "the cards of the trick so far", "tricks": "the tricks",
    "trick_number": "the number of the trick", "void": "the deal is void", "maker": "the maker",
    "leader": "the leader of the trick", "raw": "his score before doubles", "callers": "the players who called",
    "talon": "the talon", "turn_up": "the turned-up card", "contract": "the contract", "discards": "his discards",
    "called_holder": "the holder of the called card", "called_card": "the called card", "ranks": "the ranks",
    "suits": "the suits", "cards": "the cards", "number": "the number called", "games_played": "the games played",
    "dead_card": "the dead card", "best": "the best card",
}
NOT_NAMES = {"leading": "he is not on lead", "void": "the deal is not void"}
ATTRS = {"power": "strength in play", "order": "rank order", "points": "points", "cards": "cards"}
COMPARE = {"==": "is", "!=": "is not", ">=": "is at least", "<=": "is at most", ">": "is more than",
           "<": "is less than"}
# functions of the engine: words with {0}, {1} for the arguments
CALLS = {
    "left": "the player to {0:pos} left", "right": "the player to {0:pos} right", "next": "the player after {0}",
    "partner": "{0:pos} partner", "tricks_won_by": "the tricks {0} won", "total_of": "{0:pos} game total",
    "won_by": "the cards {0} won", "played_by": "the cards {0} played", "hand_of": "{0:pos} hand",
    "doubled": "{0} has doubled {1}", "announced": "{0} announced {1}", "call": "{0:pos} call",
    "declaration_points": "what {0} scored in declarations", "exchanged": "the number of cards {0} exchanged",
    "card_of_suit": "the {0} of {1}", "range": "the numbers from {0} to {1}", "place_of": "{0:pos} place in going out",
    "deal_score_of": "{0:pos} score in this deal", "raw_of": "{0:pos} score before doubles",
    "declared": "the number of contracts {0} has named", "call_index": "{0:pos} place in the calling order",
    "declarer_doubles": "the number of earlier deals in which {0} doubled {1} as declarer",
    "declaration_running": "{0:pos} running totals in declarations", "game_total": "the total of {1} in game {0}",
    "game_result": "the result of {1} in game {0}",
}
AGGREGATES = {"count": "the number of", "sum": "the sum of", "max": "the highest of", "min": "the lowest of"}
# forms in which a call or an item of a list that reads with its own `and`, `or` or commas is bracketed
BRACKET_CALLS = ("add", "sub", "mul", "div", "floordiv", "mod", "neg", "compare", "if_")
AGG_NOUN = {"count": "the number of", "sum": "the total", "max": "the highest", "min": "the lowest"}
CARD_LISTS = {"won", "played", "hand", "cards", "trick", "talon", "discards", "won_by", "played_by", "hand_of"}


class _Unsaid(Exception):
    """A form without words: the caller shows the source instead."""


class Words:
    """Expressions told in words, for one spec (its functions and announcements keep their names)."""

    def __init__(self, spec_names=(), announced=(), pack=None):
        self.spec_names, self.announced = set(spec_names), set(announced)
        self.pack = pack  # the game's pack: its own suits and cards are said by their names

    def __call__(self, source) -> str:
        if isinstance(source, bool):
            return "always" if source else "never"
        text = " ".join(str(source).split())
        try:
            return self.node(parse(text), {})
        except (_Unsaid, ExprError):
            return f"`{text}`"

    def cond(self, source) -> str:
        """A condition: `true`/`false` as always/never, anything else in words."""
        if str(source).strip() in ("true", "false") or isinstance(source, bool):
            return "always" if str(source).strip().lower() == "true" else "never"
        return self(source)

    def unless_none(self, source):
        """(condition, value) in words for `if C then V else none`; (None, words) for anything else."""
        try:
            t = parse(" ".join(str(source).split()))
            if isinstance(t, Tree) and t.data == "if_" and isinstance(t.children[2], Tree) \
                    and t.children[2].data == "none_":
                return self.node(t.children[0], {}), self.node(t.children[1], {})
        except (_Unsaid, ExprError):
            pass
        return None, self(source)

    def node(self, t, loop) -> str:  # noqa: C901 (one case per form of the grammar)
        if isinstance(t, Token):
            return self.token(t, loop)
        kind, ch = t.data, t.children
        if kind == "if_":
            return f"{self.group(ch[1], loop, kind)} if {self.group(ch[0], loop, kind)}, " \
                   f"otherwise {self.node(ch[2], loop)}"
        if kind in ("or_", "and_"):
            word = kind[:-1]
            return " ".join([self.group(ch[0], loop, kind), word, self.group(ch[1], loop, kind)])
        if kind == "not_":
            inner = ch[0]
            if isinstance(inner, Tree) and inner.data == "name" and str(inner.children[0]) in NOT_NAMES:
                return NOT_NAMES[str(inner.children[0])]
            if isinstance(inner, Tree) and inner.data == "compare" and str(inner.children[1]) == "==":
                return f"{self.node(inner.children[0], loop)} is not {self.node(inner.children[2], loop)}"
            if isinstance(inner, Tree) and inner.data in ("call", "name", "attr", "index"):
                return f"not {self.node(inner, loop)}"
            return f"not ({self.node(inner, loop)})"
        if kind == "compare" and isinstance(ch[2], Tree) and ch[2].data == "none_" and str(ch[1]) in ("==", "!="):
            x = self.node(ch[0], loop)
            if x.startswith("the "):
                return ("there is no " if str(ch[1]) == "==" else "there is a ") + x[4:]
        if kind == "compare":
            return f"{self.group(ch[0], loop, kind)} {COMPARE[str(ch[1])]} {self.group(ch[2], loop, kind)}"
        if kind == "in_":
            if isinstance(ch[1], Tree) and ch[1].data == "list_":
                return f"{self.node(ch[0], loop)} is {self.either(ch[1], loop)}"
            return f"{self.node(ch[0], loop)} is among {self.node(ch[1], loop)}"
        if kind in ("add", "sub", "mul", "div", "floordiv", "mod"):
            op = {"add": "+", "sub": "-", "mul": "times", "div": "divided by", "floordiv": "divided by (rounded down)",
                  "mod": "modulo"}[kind]
            return f"{self.group(ch[0], loop, kind, left=True)} {op} {self.group(ch[1], loop, kind)}"
        if kind == "neg":
            return f"-{self.group(ch[0], loop, kind)}"
        if kind == "number":
            return str(ch[0])
        if kind == "name":
            return self.name(str(ch[0]), loop)
        if kind == "symbol":
            return symbol(str(ch[0]), self.pack)
        if kind in ("none_", "true_", "false_"):
            return {"none_": "none", "true_": "true", "false_": "false"}[kind]
        if kind == "list_":
            return ", ".join(self.node(c, loop) for c in ch) if ch else "nothing"
        if kind == "index":
            return self.index(ch[0], ch[1], loop)
        if kind == "attr":
            what = str(ch[1])
            return f"the {ATTRS.get(what, what.replace('_', ' '))} of {self.node(ch[0], loop)}"
        if kind == "call":
            return self.call(str(ch[0]), ch[1:], loop)
        raise _Unsaid(kind)

    def token(self, t: Token, loop) -> str:
        if t.type == "NUMBER":
            return str(t)
        if t.type == "NAME":
            return self.name(str(t), loop)
        if t.type == "SYMBOL":
            return symbol(str(t), self.pack)
        raise _Unsaid(t.type)

    def group(self, t, loop, parent, left=False) -> str:
        """A part inside a larger form, in brackets where it would read ambiguously."""
        text = self.node(t, loop)
        if left and isinstance(t, Tree) and (t.data == parent or {t.data, parent} <= {"add", "sub"}
                                             or {t.data, parent} <= {"mul", "div"}):
            return text  # left to right: `a - b - c` needs no brackets
        # a mix of `and` and `or` is bracketed either way, for readers who do not know which binds first
        tight = {"if_": ("if_",), "compare": ("if_",), "or_": ("if_", "and_"), "and_": ("if_", "or_"),
                 "add": ("if_",), "sub": ("if_", "add", "sub"),
                 "mul": ("if_", "add", "sub"), "neg": ("if_", "add", "sub", "mul", "div"),
                 "div": ("if_", "add", "sub"), "floordiv": ("if_", "add", "sub"), "mod": ("if_", "add", "sub")}
        if isinstance(t, Tree) and t.data in tight.get(parent, ()):
            return f"({text})"
        if parent in BRACKET_CALLS and isinstance(t, Tree) and t.data in ("call", "index") \
                and any(w in text for w in (" and ", " or ", ", ") + ((" is ",) if parent == "compare" else ())):
            return f"({text})"  # `(points of p and k) + 1`: the call's own `and` is not the sum's
        return text

    def either(self, lst: Tree, loop) -> str:
        items = [self.node(c, loop) for c in lst.children]
        if len(items) == 1:
            return items[0]
        return "one of " + ", ".join(items[:-1]) + " or " + items[-1] if items else "among nothing"

    def name(self, n: str, loop) -> str:
        if n in loop:
            return loop[n]
        if n in self.announced:
            return f"the {n.replace('_', ' ')} announced"
        if n in self.spec_names:
            return term(n)
        if n in NAMES:
            return NAMES[n]
        raise _Unsaid(n)

    def index(self, xs, i, loop) -> str:
        if isinstance(i, Tree) and i.data == "number" or isinstance(i, Tree) and i.data == "neg" \
                and isinstance(i.children[0], Tree) and i.children[0].data == "number":
            k = int(str(i.children[0].children[0] if i.data == "neg" else i.children[0]))
            nth = ORDINALS[k] if k < len(ORDINALS) else f"{k}th"
            if i.data == "neg":
                nth = "last" if k == 1 else f"{nth}-to-last" if k == 2 else f"{nth} from last"
            if isinstance(xs, Tree) and xs.data == "name" and str(xs.children[0]) == "tricks":
                return f"the {nth} trick"
            return f"the {nth} of {self.node(xs, loop)}"
        if isinstance(xs, Tree) and xs.data == "list_":
            n = len(xs.children)
            return f"{listing([self.node(c, loop) for c in xs.children], 'or')} for {self.node(i, loop)} " \
                   f"{listing([str(k) for k in range(1, n + 1)], 'or')}"
        return f"item {self.node(i, loop)} of {self.node(xs, loop)}"

    def call(self, f: str, args, loop) -> str:
        if f in AGGREGATES or f in ("any", "all", "filter"):
            return self.aggregate(f, args, loop)
        words = [self.node(a, loop) for a in args]
        if f in self.spec_names:
            return call_words(f, words)
        if f in CALLS:
            return _fill(CALLS[f], words)
        raise _Unsaid(f)

    def aggregate(self, f: str, args, loop) -> str:
        if len(args) != 1:
            raise _Unsaid(f)
        a = args[0]
        if isinstance(a, Tree) and a.data == "comp":  # v in xs where cond
            head, cond = a.children
            if not (isinstance(head, Tree) and head.data == "in_" and head.children[0].data == "name"):
                raise _Unsaid("comp")
            var, xs = str(head.children[0].children[0]), head.children[1]
            items = f"{self.node(xs, loop)} {self.such(cond, var, self.looping(loop, var, xs))}"
            return {"filter": items, "any": f"some of {items}", "all": f"all of {items}"}.get(
                f, f"{AGGREGATES.get(f, f)} {items}")
        if isinstance(a, Tree) and a.data == "gen":  # value for v in xs [where cond]
            return self.generated(f, a.children, loop)
        if isinstance(a, Tree) and a.data == "list_" and f in ("max", "min") and len(a.children) > 1:
            two = len(a.children) == 2
            word = {"max": "higher" if two else "highest", "min": "lower" if two else "lowest"}[f]
            return f"the {word} of {listing([self.node(c, loop) for c in a.children])}"
        xs = self.node(a, loop)
        if f == "count":
            return "the number of players" if xs == "the players" else f"the number of {xs}"
        return {"any": f"any of {xs}", "all": f"all of {xs}", "filter": xs}.get(f, f"{AGGREGATES.get(f, f)} {xs}")

    def looping(self, loop, var, xs) -> dict:
        """The words for the names in scope inside a loop over `xs`: its item is "that card"."""
        noun = _noun(xs)
        return dict(loop, **{var: f"that {noun}" if noun else var})

    def generated(self, f, parts, loop) -> str:
        """An aggregate of `value for v in xs [where cond]`."""
        value, var, xs = parts[0], str(parts[1]), parts[2]
        inner, noun = self.looping(loop, var, xs), _noun(xs)
        simple = len(parts) == 3 and f in AGGREGATES and isinstance(value, Tree)
        if simple and value.data == "attr" and _is_name(value.children[0], var):  # sum(c.points for c in won)
            attr = str(value.children[1])
            return f"{AGG_NOUN[f]} {ATTRS.get(attr, attr.replace('_', ' '))} of {self.node(xs, loop)}"
        what = self.of_item(value, var)
        if simple and what:  # max(total_of(s) for s in seats): the highest game total of the players
            return f"{AGG_NOUN[f]} {what} of {self.node(xs, loop)}"
        over = f"for {'some' if f == 'any' else 'each'} {noun or var} of {self.node(xs, loop)}"
        if len(parts) > 3:
            over += " " + self.such(parts[3], var, inner)
        v = self.node(value, inner)
        if isinstance(value, Tree) and value.data in ("or_", "and_", "if_"):
            v = f"({v})"
        return f"{v} {over}" if f in ("any", "all") else f"{AGGREGATES.get(f, f)} {v} {over}"

    def of_item(self, t, var) -> str | None:
        """`total_of(s)` as "game total" (of the loop item `s`), for "the players whose game total ..."."""
        if not (isinstance(t, Tree) and t.data == "call" and len(t.children) == 2 and _is_name(t.children[1], var)):
            return None
        f = str(t.children[0])
        if f in self.spec_names:
            return term(f.removesuffix("_of"))
        template = CALLS.get(f, "")
        return template.removeprefix("{0:pos} ") if template.startswith("{0:pos} ") else None

    def such(self, cond, var, loop) -> str:
        """`whose rank is queen` for a condition on one attribute of the loop item, else `such that ...`."""
        if isinstance(cond, Tree) and cond.data in ("compare", "in_"):
            left, what = cond.children[0], None
            if isinstance(left, Tree) and left.data == "attr" and _is_name(left.children[0], var):
                attr = str(left.children[1])
                what = ATTRS.get(attr, attr.replace("_", " "))
            else:
                what = self.of_item(left, var)
            if what and cond.data == "in_":
                right = cond.children[1]
                rest = self.either(right, loop) if isinstance(right, Tree) and right.data == "list_" else \
                    f"among {self.node(right, loop)}"
                return f"whose {what} is {rest}"
            if what:
                return f"whose {what} {COMPARE[str(cond.children[1])]} {self.node(cond.children[2], loop)}"
        return f"such that {self.node(cond, loop)}"


def call_words(f: str, words) -> str:
    """A call of a function the spec defines: `points_of(p)` "points of p", `repique(p)` "repique of p"."""
    if not words:
        return term(f)
    if f.endswith("_of"):
        return f"{f.replace('_', ' ')} {' and '.join(words)}"
    return f"{term(f)} of {' and '.join(words)}"


def term(name: str) -> str:
    """A name the spec defines, in words; quoted when it is several words."""
    words = name.replace("_", " ")
    return f'"{words}"' if " " in words else words


def _is_name(t, n) -> bool:
    return isinstance(t, Tree) and t.data == "name" and str(t.children[0]) == n


def _noun(xs) -> str:
    """What a loop item is, by the list it runs over: "card", "trick", "player" (or "" if unknown)."""
    head = str(xs.children[0]) if isinstance(xs, Tree) and xs.data in ("name", "call") else ""
    if head in CARD_LISTS:
        return "card"
    return {"tricks": "trick", "seats": "player", "callers": "player", "suits": "suit"}.get(head, "")


def _fill(template: str, words) -> str:
    out = template
    for i, w in enumerate(words):
        out = out.replace(f"{{{i}:pos}}", _possessive(w)).replace(f"{{{i}}}", w)
    if "{" in out:
        raise _Unsaid(template)
    return out


def _possessive(w: str) -> str:
    return {"the player": "the player's", "he": "his"}.get(w, w + ("'" if w.endswith("s") else "'s"))


def symbol(text: str, pack=None) -> str:
    """`QS` as "the queen of spades", `H` as "hearts", `Q` as "queen"; with the game's `pack`, its own
    suits and cards by the names it gives them (`21A` as "the 21 of trumps", `EX` as "the Excuse")."""
    t = text.upper()
    suits = dict(zip(pack.suits, pack.suit_names)) if pack is not None else SUITS
    titles = pack.titles if pack is not None else JOKERS
    if t in titles:
        return titles[t]
    if t in suits:
        return suits[t]
    if t in RANKS:
        return RANKS[t]
    if len(t) >= 2 and t[-1] in suits:
        rank = t[:-1]
        return f"the {RANKS.get('T' if rank == '10' else rank, rank)} of {suits[t[-1]]}"
    return text


def card_name(text) -> str:
    return symbol(str(text)).removeprefix("the ")


def rank_name(r) -> str:
    return RANKS.get(str(r), str(r))


def rank_word(r) -> str:
    """`Q` as "queen", `9` as "nine" (for lists of ranks)."""
    r = str(r)
    return RANKS.get(r, NUMBER_WORDS[int(r)] if r.isdigit() and int(r) < len(NUMBER_WORDS) else r)


def number_word(n) -> str:
    return NUMBER_WORDS[n] if isinstance(n, int) and 0 <= n < len(NUMBER_WORDS) else str(n)


def listing(items, last="and") -> str:
    items = [str(i) for i in items]
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {last} " + items[-1]


def as_text(s) -> str:
    return " ".join(str(s).split())

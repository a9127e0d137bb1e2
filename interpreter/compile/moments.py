"""Moments: when an expression is read, and what is there to read then.

A top-level `declarer` (and a `play.trump` that reads nothing a phase sets) is read as each deal
starts, before any phase: it may not read what the phases set during the deal (the calls, the
turn-up, the contract...), nor the declarer it says. `dealer.first` is read before the first
deal, when nothing is dealt, bid or played: it may read the seats, the options and other
constants only. Each check walks the expression's words, through the spec's own functions.
"""

from __future__ import annotations

from ..core.errors import one_of
from ..expr.syntax import ExprError as SyntaxFault
from ..expr.syntax import parse
from .functions import expression_text

# pure functions of their arguments: an expression read before the game may call them
PURE = frozenset({"left", "right", "next", "partner", "abs", "count", "sum", "min", "max", "any", "all", "filter"})


def late_names(owner) -> dict:
    """The names phases set during a deal, each with what sets it."""
    late = {"turn_up": "the deal", "maker": "the bidding for trumps", "called_card": "a `call_card` phase",
            "called_holder": "a `call_card` phase", "dead_card": "the deal", "callers": "a `call` phase",
            "calls": "an auction", "last_call": "an auction", "high_bid": "an auction",
            "high_bidder": "an auction", "passes_in_a_row": "an auction"}
    by_contract = {v for c in owner.spec["contracts"].values() for v in ((c or {}).get("announce") or {})}
    for var in owner.announce_types:
        if var != "trump":
            late[var] = "an auction" if var not in by_contract else "an announcement"
    if any((ph or {}).get("kind", name) == "choose_contract" for name, ph in (owner.spec["phases"] or {}).items()):
        late["contract"] = "the choice of the contract"
    return late


def words_read(owner, path) -> set:
    """The names and functions the expression at `path` reads, through the spec's functions too
    (a loop's own variable, or a function's parameter, is not read)."""
    functions = owner.spec.get("functions") or {}
    found, seen, todo = set(), set(), [(expression_text(owner._get(path)), frozenset())]
    while todo:
        text, params = todo.pop()
        try:
            tree = parse(text)
        except SyntaxFault:
            continue  # (reported where it is compiled)
        bound = set(params) | {str(t) for node in tree.iter_subtrees() if node.data in ("comp", "gen")
                               for t in node.children if getattr(t, "type", None) == "NAME"}
        for node in tree.iter_subtrees():
            if node.data in ("name", "call") and node.children:
                word = str(node.children[0])
                if node.data == "name" and word in bound:
                    continue
                found.add(word)
                if word in functions and word not in seen:
                    seen.add(word)
                    f = functions[word] or {}
                    todo.append((expression_text(f.get("value")), frozenset(map(str, f.get("params") or {}))))
    return found


def late_reads(owner, path) -> list:
    """The names set during a deal that the expression at `path` reads, each with what sets it."""
    late = late_names(owner)
    return sorted((word, late[word]) for word in words_read(owner, path) if word in late)


def read_as_the_deal_starts(owner, path, what: str, hint: str, itself: str | None = None) -> None:
    """Refuse an expression read as a deal starts that reads what a phase sets later in it (or what it
    says itself)."""
    reads = late_reads(owner, path)
    if reads:
        said = ", ".join(f"`{name}` (set by {by})" for name, by in reads)
        owner.error(path, f"{what}, before {said} is set", hint)
    elif itself is not None and itself in words_read(owner, path):
        owner.error(path, f"`{itself}` says who the {itself} of each deal is: it cannot read `{itself}` itself "
                          "(`earlier_deals[-1].declarer` is the last deal's)")


def read_before_the_game(owner, path) -> None:
    """Refuse an expression read before the first deal (`dealer.first`) that reads the state of a game."""
    names, funcs = owner.scope.names, owner.scope.funcs
    state = sorted(w for w in words_read(owner, path) if (w in names and names[w].get is not None)
                   or (w in funcs and w not in PURE))
    if state:
        owner.error(path, f"`{'.'.join(path)}` is read before the first deal, when nothing is dealt, bid or "
                          f"played: it may read the seats and the options, not {one_of(state)}")

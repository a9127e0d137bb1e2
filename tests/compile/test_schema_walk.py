"""Every key the schema accepts takes effect, or `validate` refuses it: nothing is ignored in silence.

The test walks interpreter/load/schema.json (following its `$ref`s) and lists every key a spec
may write, as a pattern such as `phases.*.hand_size`. For each key it needs a proof:

* a spec that uses the key behaves differently from the same spec without it (or with
  another value): different legal lists, choices, scores, deal statistics or game end
  over a few seeded deals, with the defaults and with each option value; for a key that
  only describes (`description`, `title`, `name`, `game`), a different rulebook
  (`cardspec rules`);
* or `validate` refuses the spec that uses it, with its message.

Proofs come from two places. Automatically, from the shipped specs that extend no other:
each key written there is removed and the game played again. Where that shows nothing (the
value written is the default, or it matters only later in a game), `PROBES` below gives a
small spec and the value to try. A key added to the schema later is covered as soon as a
shipped spec uses it in a way that shows; otherwise the test fails and says to add a probe.

`CARDSPEC_WALK_DEALS=N` plays N deals per game instead of 2.
"""

from __future__ import annotations

import copy
import itertools
import os
import random
import sys
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

import pytest
import yaml

from interpreter.compile.game import load_game
from interpreter.core.errors import CardspecError, SpecErrors
from interpreter.load.schema import schema
from interpreter.study.stats import winners
from interpreter.words.rulebook import rules

ROOT = Path(__file__).resolve().parents[2]
DEALS = int(os.environ.get("CARDSPEC_WALK_DEALS", "2"))
DESCRIPTIVE = {"description", "title", "name", "game", "because"}  # keys that only say what something is
DELETE = object()  # a probe's other value: the key left out


def schema_keys() -> list[tuple]:
    """Every key a spec may write, as a path with `*` for a name the author chooses."""
    defs = schema()["$defs"]
    out: list[tuple] = []

    def walk(node, path, seen):
        if not isinstance(node, dict):
            return
        if "$ref" in node:
            name = node["$ref"].split("/")[-1]
            if name not in seen:
                walk(defs[name], path, seen | {name})
            return
        for name, sub in (node.get("properties") or {}).items():
            out.append(path + (name,))
            walk(sub, path + (name,), seen)
        if isinstance(node.get("additionalProperties"), dict):
            walk(node["additionalProperties"], path + ("*",), seen)
        for sub in (node.get("patternProperties") or {}).values():
            walk(sub, path + ("*",), seen)
        if isinstance(node.get("items"), dict):
            walk(node["items"], path, seen)
        for k in ("anyOf", "oneOf", "allOf"):
            for sub in node.get(k, ()):
                walk(sub, path, seen)

    walk(schema(), (), frozenset())
    return list(dict.fromkeys(out))


def matches(pattern: tuple, path: tuple) -> bool:
    """Whether a concrete spec path (list indexes left out) is an instance of a schema key."""
    path = tuple(p for p in path if not isinstance(p, int))
    return len(pattern) == len(path) and all(a == "*" or a == str(b) for a, b in zip(pattern, path))


# ---- what a spec does ------------------------------------------------------------------


def option_settings(data) -> list[dict]:
    """The defaults, then each value of each option (a number option's least and greatest)."""
    out = [{}]
    for name, opt in (data.get("options") or {}).items():
        opt = opt or {}
        number = opt.get("number") if isinstance(opt.get("number"), dict) else None
        values = [*(opt.get("choices") or {})]
        if number is not None:
            values += [number.get("min", 0)] + ([number["max"]] if "max" in number else [])
        for v in values:
            text = str(v).lower() if isinstance(v, bool) else str(v)
            chosen = {name: text}
            for other, need in (opt.get("requires") or {}).items():
                need = need.get("value") if isinstance(need, dict) else need
                need = need[0] if isinstance(need, list) else need
                chosen[other] = str(need).lower() if isinstance(need, bool) else str(need)
            out.append(chosen)
    return out


def play(game, seed: int, deals: int) -> list:
    """What happens in the first `deals` deals of a seeded game of random legal choices."""
    rng = random.Random(seed)
    trace: list = []
    try:
        st = game.new_state(seed)
        while not st.is_terminal and st.deal_number <= deals and len(trace) < 3000:
            legal = st.legal_actions()
            seat = st.current_player
            trace.append((seat, tuple(a.name for a in legal), repr(game.view(st, seat))))
            st.apply(legal[rng.randrange(len(legal))])
    except CardspecError as e:
        return trace + [("fails", e.message)]
    trace.append([(d.contract, d.raw, d.scores, d.void, sorted(d.flags.items())) for d in st.deals])
    stats = {}
    for name, stat in game.statistics.items():
        try:
            stats[name] = stat(st)
        except Exception as e:  # a statistic read before the end of the game may not make sense yet
            stats[name] = type(e).__name__
    trace.append((st.totals, st.is_terminal, sorted(stats.items()), game.n, len(game.pack)))
    if st.is_terminal:  # who won: the returns (a partie's results) and the side that counts as winning
        trace.append((st.returns, winners(st.returns, game.winner == "highest")))
    return trace


def behaviour(path: Path, data: dict, descriptive: bool, small: bool):
    """What the spec `data` (written at `path`) does, with each option setting in turn (or its
    errors); a small spec plays more seeds and deals, which cost little."""
    path.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True))
    seeds, deals = (range(1, 9), max(DEALS, 4)) if small else (range(1, 3), DEALS)
    for chosen in option_settings(data):
        try:
            game = load_game(path, options=chosen)
        except SpecErrors as e:
            yield "refused", chosen, [err.message for err in e.errors]
            continue
        if descriptive:
            yield rules(path, chosen)
        else:
            for seed in seeds if not chosen else seeds[:1]:
                yield play(game, seed, deals)


def differ(a, b) -> bool:
    """Whether two behaviours differ (compared step by step, stopping at the first difference)."""
    missing = object()
    return any(x != y for x, y in itertools.zip_longest(a, b, fillvalue=missing))


def refusal(path: Path, data: dict) -> list[str] | None:
    """validate's messages for the spec `data` with its defaults, or None if it is valid."""
    path.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True))
    try:
        load_game(path)
    except SpecErrors as e:
        return [err.message for err in e.errors]
    return None


# ---- changing a spec -----------------------------------------------------------------


def with_value(data: dict, path: tuple, value) -> dict:
    """A copy of `data` with `path` set to `value` (or removed, for DELETE); missing parents are made."""
    out = copy.deepcopy(data)
    node = out
    for step in path[:-1]:
        if isinstance(node, dict) and node.get(step) is None:
            node[step] = {}
        node = node[step]  # (an int step is an item of a list)
    if value is DELETE:
        node.pop(path[-1], None)
    else:
        node[path[-1]] = copy.deepcopy(value)
    return out


def occurrences(data, path=()):
    """(path, value) of every key written in `data`."""
    if isinstance(data, dict):
        for k, v in data.items():
            yield path + (k,), v
            yield from occurrences(v, path + (k,))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            yield from occurrences(v, path + (i,))


@lru_cache(maxsize=None)
def base_specs() -> tuple:
    """The shipped specs that extend no other, as plain data."""
    out = []
    for p in sorted((ROOT / "specs").rglob("*.yaml")):
        data = yaml.safe_load(p.read_text())
        if "extends" not in data:
            out.append((p.relative_to(ROOT).as_posix(), data))
    return tuple(out)


# ---- the probes: a small spec for keys the shipped specs do not show ------------------

SMALL = yaml.safe_load("""
game: Small
seats: [X, Y, Z]
pack: {suits: [S, H, D], ranks: [A, K, Q, J]}
phases: {deal: null, play: null, score: null}
play: {rules: [follow suit]}
play_rules: {follow suit: {when: not leading, keep: card.suit == led_suit}}
contracts: {most: {score: tricks_won}}
match: {deals: 3}
""")

LAYOUT = with_value(with_value(SMALL, ("play",), {"layout": {"start": "Q"}}), ("contracts", "most", "score"), "place")
TWO_CONTRACTS = with_value(with_value(SMALL, ("contracts", "fewest"), {"score": "-tricks_won"}),
                           ("phases",), {"deal": None, "choose_contract": {"by": "dealer"}, "play": None,
                                         "score": None})
TALON = with_value(SMALL, ("phases",), {"deal": {"hand_size": 3}, "exchange": {"by": "dealer", "max": 2},
                                        "play": None, "score": None})
DECLARE = with_value(SMALL, ("phases",), {
    "deal": {"hand_size": 4},
    "declare": {"first": "dealer", "categories": {"run": {"combinations": "runs", "at_least": 2,
                                                          "key": "count(cards)", "score": "count(cards)"}}},
    "play": None, "score": None})
CALL = with_value(SMALL, ("phases",), {"deal": None, "call": {"numbers": {"from": 1, "to": 3}},
                                       "play": None, "score": None})
DOUBLE = with_value(TWO_CONTRACTS, ("phases",), {"deal": None, "choose_contract": {"by": "dealer"},
                                                 "double": {"may_double": "target == declarer or "
                                                                          "doubled(target, player)"},
                                                 "play": None, "score": None})
JOKERS = with_value(with_value(SMALL, ("pack", "extra"), ["BJ"]), ("phases", "deal"),
                    {"hand_size": 4, "turn_up": "trump"})
NONE = with_value(DECLARE, ("phases", "declare", "categories", "run", "compare"), "none")
LONG_RUN = with_value(with_value(with_value(DECLARE, ("seats",), ["X", "Y"]), ("pack",), {
    "suits": ["S", "H"], "ranks": ["A", "K", "Q", "J", "T", "9", "8"],
    "remove": ["KH", "QH", "JH", "TH", "9H", "8H"]}), ("phases", "deal", "hand_size"),
    "if player == dealer then 7 else 1")  # the dealer often holds all seven spades
EXPOSE = with_value(SMALL, ("phases",), {"deal": {"hand_size": 3}, "expose": {"by": "dealer"}, "play": None,
                                         "score": None})
BOTTOM = with_value(SMALL, ("phases",), {"deal": {"hand_size": 2}, "topup": {"kind": "deal", "more": True,
                                                                              "hand_size": 3},
                                         "play": None, "score": None})
PASSING = with_value(SMALL, ("phases",), {"deal": {"hand_size": 3}, "pass_cards": {"to": "left(player)"},
                                           "play": None, "score": None})
BIDDING = with_value(with_value(SMALL, ("seats",), ["X", "Y"]), ("phases",), {
    "deal": {"hand_size": 3, "turn_up": "offer"}, "bidding": {"kind": "trump_bid", "void_if_all_pass": True},
    "play": None, "score": None})
AUCTION = with_value(SMALL, ("phases",), {"deal": None, "auction": {"bids": [1, 2, 3]}, "play": None, "score": None})
NOTHING_TURNED_UP = with_value(BIDDING, ("phases", "deal"), {"hand_size": 3})  # a trump_bid with no card to take
OWN_SUIT = with_value(SMALL, ("pack", "suits"), ["S", "H", {"letter": "U", "name": "crowns", "ranks": [3, 2, 1]}])
ODD_CARD = with_value(with_value(SMALL, ("pack", "extra"), [{"card": "EX", "name": "the odd one"}]),
                      ("phases", "deal"), {"hand_size": 4})
EXCUSE = with_value(ODD_CARD, ("play",), {"rules": ["follow suit"], "trump": "D"})
DISCARDS = with_value(with_value(SMALL, ("phases",), {"deal": {"hand_size": 3}, "exchange": {
    "by": "dealer", "take": "talon"}, "play": None, "score": None}), ("play_rules", "no kings"),
    {"keep": "card.rank != K"})
PARTIE = with_value(with_value(SMALL, ("partie",), {"ends_when": "games_played >= 2"}), ("match", "deals"), 1)


@dataclass
class Probe:
    """A spec, a place in it, and the value to try there against `other` (left out, by default);
    `refused`: the message validate gives for the spec with the value, when it refuses it."""

    spec: dict
    path: tuple
    value: object
    other: object = DELETE
    refused: str | None = None
    extra: dict = field(default_factory=dict)  # more keys set first (path -> value), in both specs
    files: dict = field(default_factory=dict)  # other spec files it names (file name -> data)
    other_spec: dict | None = None  # the spec to compare with, when it is not this one without the key


PROBES = [
    Probe(EXCUSE, ("play", "beats"), "card != EX and (best == EX or card.suit == best.suit and card.power > "
                                     "best.power or card.suit == trump and best.suit != trump)"),
    Probe(EXCUSE, ("contracts", "most", "play", "beats"), "card.suit != trump and card.power > best.power"),
    Probe(EXCUSE, ("play", "led_suit"), "if count(trick) >= 2 and trick[1] == EX then trick[2].suit else if "
                                        "count(trick) >= 1 then trick[1].suit else none"),
    Probe(EXCUSE, ("contracts", "most", "play", "led_suit"), "H"),
    Probe(DISCARDS, ("phases", "exchange", "rules"), ["no kings"]),
    Probe(DISCARDS, ("phases", "exchange", "shown"), "card.suit == H"),
    Probe(DISCARDS, ("phases", "exchange", "show_taken"), "true"),
    Probe(OWN_SUIT, ("pack", "suits", 2, "ranks"), [4, 3, 2, 1], other=[3, 2, 1]),
    Probe(OWN_SUIT, ("pack", "suits", 2, "letter"), "V", other="U"),
    Probe(OWN_SUIT, ("pack", "suits", 2, "name"), "crowns"),
    Probe(ODD_CARD, ("pack", "extra", 0, "card"), "EX", other="XE"),
    Probe(ODD_CARD, ("pack", "extra", 0, "name"), "the odd one"),
    Probe(AUCTION, ("phases", "auction", "hold"), True),
    Probe(with_value(AUCTION, ("phases", "auction", "bids"), {"levels": [1], "strains": ["S", "H", "NT"]}),
          ("phases", "auction", "bids", "levels"), [1, 2]),
    Probe(with_value(AUCTION, ("phases", "auction", "bids"), {"levels": [1, 2], "strains": ["S", "H"]}),
          ("phases", "auction", "bids", "strains"), ["S", "H", "NT"]),
    Probe(AUCTION, ("phases", "auction", "pass_is_final"), "false",
          extra={("phases", "auction", "ends_when"): "passes_in_a_row >= 2"}),
    Probe(AUCTION, ("phases", "auction", "ends_when"), "high_bidder != none"),
    Probe(AUCTION, ("phases", "auction", "declarer"), "left(high_bidder)"),
    Probe(AUCTION, ("phases", "auction", "words"), {"double": "last_call != none and last_call.seat != player"}),
    Probe(SMALL, ("play", "open_hand"), "player == left(dealer)"),
    Probe(SMALL, ("contracts", "most", "play", "open_hand"), "player == left(dealer)"),
    Probe(SMALL, ("play", "open_from"), "count(played) >= 2", extra={("play", "open_hand"): "player == left(dealer)"}),
    Probe(SMALL, ("contracts", "most", "play", "open_from"), "count(played) >= 2",
          extra={("contracts", "most", "play", "open_hand"): "player == left(dealer)"}),
    Probe(SMALL, ("play", "controller"), "if player == left(dealer) then dealer else player"),
    Probe(SMALL, ("contracts", "most", "play", "controller"), "if player == left(dealer) then dealer else player"),
    Probe(LAYOUT, ("play", "open_hand"), "true", refused="a `layout` play has no tricks, so no open hand: remove "
                                                         "`open_hand`"),
    Probe(LAYOUT, ("play", "sits_out"), "player == left(dealer)", refused="a `layout` play has no tricks, so nobody "
                                                                         "sits out: remove `sits_out`"),
    Probe(NOTHING_TURNED_UP, ("phases", "bidding", "kind"), "trump_bid", "call",
          refused="a `trump_bid` phase bids over a turned-up card, but no deal before it turns one up: add "
                  "`turn_up: offer` to the deal"),
    Probe(TWO_CONTRACTS, ("contracts", "fewest", "when"), "deal_number > 1"),
    Probe(PASSING, ("phases", "pass_cards", "count"), 2),
    Probe(BIDDING, ("phases", "bidding", "last_must_name"), True),
    Probe(SMALL, ("play", "plain_order"), ["Q", "K", "A", "J"]),
    Probe(SMALL, ("play", "trump_order"), ["J", "Q", "K", "A"], extra={("play", "trump"): "S"}),
    Probe(SMALL, ("play", "sits_out"), "player == left(dealer)"),
    Probe(SMALL, ("contracts", "most", "play", "plain_order"), ["Q", "K", "A", "J"]),
    Probe(SMALL, ("contracts", "most", "play", "trump_order"), ["J", "Q", "K", "A"],
          extra={("contracts", "most", "play", "trump"): "S"}),
    Probe(SMALL, ("contracts", "most", "play", "sits_out"), "player == left(dealer)"),
    Probe(SMALL, ("description",), "A game for the test."),
    Probe({}, ("extends",), "base.yaml", other_spec=SMALL,
          files={"base.yaml": with_value(SMALL, ("direction",), "counterclockwise")}),
    Probe(SMALL, ("direction",), "counterclockwise"),
    Probe(SMALL, ("dealer", "first"), "seats[1]"),
    Probe(with_value(SMALL, ("dealer", "first"), "seats[1]"), ("dealer", "next"), "seats[1]"),
    Probe(SMALL, ("declarer",), "left(dealer)", "dealer", extra={("play", "leader"): "declarer"}),
    Probe(SMALL, ("pack", "remove"), ["JD"], extra={("phases", "deal"): {"hand_size": 3}}),
    Probe(SMALL, ("pack", "points"), {"A": 4}, extra={("contracts", "most", "score"): "sum(c.points for c in won)"}),
    Probe(SMALL, ("pack", "trump_points"), {"J": 20}, extra={("contracts", "most", "score"): "sum(c.points for c in won)",
                                                             ("play", "trump"): "H"}),
    Probe(SMALL, ("pack", "plain_order"), ["A", "Q", "K", "J"]),
    Probe(SMALL, ("pack", "trump_order"), ["J", "A", "K", "Q"], extra={("play", "trump"): "S"}),
    Probe(JOKERS, ("pack", "jokers"), "trumps", refused=None),
    Probe(SMALL, ("pack", "trump_cards"), ["JD"], extra={("play", "trump"): "S"}),
    Probe(SMALL, ("phases", "deal", "next"), "score", refused="phase `play` is never reached"),
    Probe(SMALL, ("phases", "deal", "when"), "deal_number > 1"),
    Probe(SMALL, ("phases", "deal", "hand_size"), 3),
    Probe(SMALL, ("phases", "deal", "packets"), [3, 1]),
    Probe(SMALL, ("phases", "deal", "first"), "dealer"),
    Probe(with_value(JOKERS, ("pack",), {"suits": ["S", "H"], "ranks": ["A", "K", "Q"], "extra": ["BJ"]}),
          ("phases", "deal", "burn_jokers"), "true", extra={("phases", "deal", "hand_size"): 1}),
    Probe(TALON, ("phases", "deal", "more"), True, extra={("phases", "deal", "hand_size"): 4},
          refused="`min` is"),
    Probe(TWO_CONTRACTS, ("phases", "choose_contract", "once_each"), True, extra={("dealer", "next"): "dealer"}),
    Probe(TWO_CONTRACTS, ("phases", "choose_contract", "schedule"), ["fewest"]),
    Probe(TALON, ("phases", "exchange", "min"), 2),
    Probe(TALON, ("phases", "exchange", "by"), "left(dealer)"),
    Probe(TALON, ("phases", "exchange", "sees_unused"), 2),
    Probe(TALON, ("phases", "exchange", "draw"), False),
    Probe(with_value(TALON, ("phases", "exchange", "draw"), False), ("phases", "draw"), {"by": "dealer"},
          extra={("phases", "play"): None, ("phases", "score"): None}),
    Probe(DOUBLE, ("phases", "double", "must_double"), "target == declarer"),
    Probe(DOUBLE, ("phases", "double", "redouble"), "true"),
    Probe(DOUBLE, ("phases", "double", "settle"), "none"),
    Probe(NONE, ("phases", "declare", "categories", "run", "show"), False),
    Probe(DECLARE, ("phases", "declare", "categories", "run", "show"), False,
          refused="`show: false` applies only with `compare: none`"),
    Probe(DECLARE, ("phases", "declare", "categories", "run", "ties"), "first"),
    Probe(DECLARE, ("phases", "declare", "categories", "run", "choose"), "one"),
    Probe(LONG_RUN, ("phases", "declare", "categories", "run", "split_long"), 3),
    Probe(DECLARE, ("phases", "declare", "answers", "equal"), "same", "even",
          extra={("phases", "declare", "answers"): {"worse": "good", "better": "not good"}}),
    Probe(NONE, ("phases", "show", "category"), "run", extra={("phases",): {
        "deal": {"hand_size": 4}, "declare": NONE["phases"]["declare"], "show": {"by": "dealer"},
        "play": None, "score": None}, ("phases", "declare", "categories", "run", "show"): False}),
    Probe(EXPOSE, ("phases", "expose", "shown_when"), "trick_number > 2"),
    Probe(BOTTOM, ("phases", "topup", "show_bottom"), True),
    Probe(CALL, ("phases", "call", "extras"), {"loud": "true"}),
    Probe(CALL, ("phases", "call", "second_round"), True),
    Probe(SMALL, ("phases", "deal", "schmeiss"), True, refused="a `deal` phase has no setting `schmeiss`"),
    Probe(SMALL, ("play", "trump"), "H"),
    Probe(LAYOUT, ("play", "layout"), {"start": "Q"}),
    Probe(SMALL, ("contracts", "most", "play", "leader"), "left(dealer)"),
    Probe(SMALL, ("contracts", "most", "play", "layout", "ends_when_out"), 1,
          extra={("contracts", "most", "play", "layout", "start"): "Q", ("contracts", "most", "score"): "place"}),
    Probe(SMALL, ("contracts", "most", "play", "announcements", "hello", "when"), "card.rank == A", "card.rank == K"),
    Probe(SMALL, ("contracts", "most", "total"), 99),
    Probe(with_value(SMALL, ("match", "deals"), 1), ("match", "total"), 99),
    Probe(with_value(PARTIE, ("partie",), {"result": "total_score"}), ("partie", "ends_when"), "games_played >= 2"),
    Probe(CALL, ("phases", "call", "numbers", "from"), 2),
    Probe(CALL, ("phases", "call", "numbers", "because"), "two at most",
          extra={("phases", "call", "numbers", "allowed"): "number <= 2"}),
    Probe(CALL, ("phases", "call", "void_if_all_pass"), True),
    Probe(DECLARE, ("phases", "declare", "categories", "run", "announce"), ["top"]),
    Probe(with_value(SMALL, ("match", "deals"), 1), ("match", "result"), "2 * total_score + 1"),
    Probe(SMALL, ("contracts", "most", "play", "rules"), []),
    Probe(SMALL, ("options", "wide", "requires"), {"short": True}, extra={("options",): {
        "short": {"description": "one deal", "default": False, "choices": {False: {}, True: {"match": {"deals": 1}}}},
        "wide": {"description": "the other way", "default": False,
                 "choices": {False: {}, True: {"direction": "counterclockwise"}}}}}),
    Probe(CALL, ("phases", "call", "blind"), "true"),
    Probe(SMALL, ("play", "stop_when"), "trick_number > 2"),
    Probe(LAYOUT, ("play", "layout", "start"), "J", "Q"),
    Probe(LAYOUT, ("play", "layout", "show_hand_on_pass"), True, refused=None),
    Probe(LAYOUT, ("play", "layout", "ends_when_out"), 1),
    Probe(SMALL, ("contracts", "most", "description"), "Win tricks."),
    Probe(SMALL, ("contracts", "most", "play"), {"leader": "left(dealer)"}),
    Probe(SMALL, ("contracts", "most", "play", "trump"), "H"),
    Probe(SMALL, ("contracts", "most", "play", "stop_when"), "trick_number > 2"),
    Probe(SMALL, ("contracts", "most", "play", "announcements"), {"hello": {"when": "card.rank == A"}}),
    Probe(SMALL, ("contracts", "most", "play", "announcements", "hello", "description"), "with an ace",
          extra={("contracts", "most", "play", "announcements", "hello", "when"): "card.rank == A"}),
    Probe(with_value(SMALL, ("match", "deals"), 1), ("match", "winner"), "lowest"),
    Probe(SMALL, ("options",), {"short": {"description": "one deal", "default": False,
                                          "choices": {False: {}, True: {"match": {"deals": 1}}}}}),
    Probe(SMALL, ("options", "long", "number", "max"), 3, 5, extra={
        ("options", "long"): {"description": "deals", "default": "off", "choices": {"off": {}},
                              "number": {"min": 1, "changes": {"match": {"ends_when": "deal_number >= long"}}}}}),
    Probe(SMALL, ("options", "long", "number", "min"), 2, 1, extra={
        ("options", "long"): {"description": "deals", "default": "off", "choices": {"off": {}},
                              "number": {"changes": {"match": {"ends_when": "deal_number >= long"}}}}}),
    Probe(PARTIE, ("partie", "result"), "total_score"),
    Probe(with_value(SMALL, ("match", "deals"), 1), ("partie",), {"ends_when": "games_played >= 2"}),
    Probe(PARTIE, ("partie", "description"), "Two games."),
]


def probe_specs(p: Probe, folder: Path) -> tuple[dict, dict]:
    """The spec with the probe's value and the spec to compare it with; other files written to `folder`."""
    for name, data in p.files.items():
        (folder / name).write_text(yaml.safe_dump(data, sort_keys=False))
    data = p.spec
    for path, value in p.extra.items():
        data = with_value(data, path, value)
    other = p.other_spec if p.other_spec is not None else with_value(data, p.path, p.other)
    return with_value(data, p.path, p.value), other


# ---- the proofs ------------------------------------------------------------------------


def proves(tmp_path: Path, key: tuple, used: dict, unused: dict, refused: str | None = None,
           small: bool = True) -> str | None:
    """How `used` proves `key` against `unused` (a sentence), or None."""
    messages = refusal(tmp_path / "used.yaml", used)
    if messages is not None:
        if refused and any(refused in m for m in messages):
            return f"validate refuses it: {messages[0]}"
        return None
    descriptive = key[-1] in DESCRIPTIVE
    a = behaviour(tmp_path / "used.yaml", used, descriptive, small)
    b = behaviour(tmp_path / "unused.yaml", unused, descriptive, small)
    if differ(a, b):
        return "the rulebook differs" if descriptive else "the play differs"
    return None


def shown_by_shipped_specs(tmp_path: Path, key: tuple) -> str | None:
    """A proof from the shipped specs: removing the key where one writes it changes what happens."""
    tries = 0
    for name, data in base_specs():
        for path, _ in occurrences(data):
            if matches(key, path) and not any(isinstance(p, int) for p in path) and tries < 3:
                tries += 1  # the first few places that write it: a key that shows, shows at once
                found = proves(tmp_path, key, data, with_value(data, path, DELETE), small=False)
                if found:
                    return f"{name}: {'.'.join(map(str, path))}: {found}"
    return None


KEYS = schema_keys()


def test_the_walk_finds_every_kind_of_key():
    listed = {".".join(k) for k in KEYS}
    assert {"phases.*.hand_size", "contracts.*.play.trump", "play.trump", "pack.trump_cards",
            "match.deal_statistics.*.of", "options.*.number.max"} <= listed
    assert len(KEYS) > 120


@pytest.mark.parametrize("key", KEYS, ids=[".".join(k) for k in KEYS])
def test_every_schema_key_takes_effect_or_is_refused(key, tmp_path):
    for p in PROBES:
        if matches(key, p.path):
            used, unused = probe_specs(p, tmp_path)
            found = proves(tmp_path, key, used, unused, p.refused)
            assert found, (f"the probe for `{'.'.join(key)}` shows no effect: a spec with "
                           f"{'.'.join(map(str, p.path))} = {p.value!r} plays, describes and validates "
                           f"like one without it")
            return
    found = shown_by_shipped_specs(tmp_path, key)
    assert found, (f"nothing shows that `{'.'.join(key)}` takes effect: no shipped spec that uses it changes "
                   f"when it is removed, and PROBES in {Path(__file__).name} has no entry for it. Add a "
                   f"Probe: a small spec with the key set, which plays (or reads in `cardspec rules`) "
                   f"differently from the spec without it, or which validate refuses with its message")


def test_a_key_that_changes_nothing_is_caught(tmp_path):
    """The proof itself: a spec differing only in a setting that has no effect proves nothing."""
    same = with_value(SMALL, ("direction",), "clockwise")  # the default, written out
    assert proves(tmp_path, ("direction",), same, SMALL) is None
    assert proves(tmp_path, ("direction",), with_value(SMALL, ("direction",), "counterclockwise"), SMALL)


def test_a_probe_value_that_validate_refuses_for_another_reason_proves_nothing(tmp_path):
    broken = with_value(SMALL, ("phases", "deal", "hand_size"), 5)  # 15 cards from 12
    assert proves(tmp_path, ("phases", "*", "hand_size"), broken, SMALL, refused="unknown") is None
    assert proves(tmp_path, ("phases", "*", "hand_size"), broken, SMALL,
                  refused="the deal gives 15 cards").startswith("validate refuses it")


def test_the_report_names_a_new_key_and_what_to_add(tmp_path):
    """A key added to the schema that no probe and no shipped spec shows."""
    with pytest.raises(AssertionError) as e:
        test_every_schema_key_takes_effect_or_is_refused(("play", "layout", "new_key"), tmp_path)
    assert str(e.value).startswith("nothing shows that `play.layout.new_key` takes effect: no shipped spec that "
                                   "uses it changes when it is removed, and PROBES in test_schema_walk.py has no "
                                   "entry for it. Add a Probe")


def test_a_probe_that_shows_nothing_is_reported(tmp_path, monkeypatch):
    monkeypatch.setattr(sys.modules[__name__], "PROBES", [Probe(SMALL, ("direction",), "clockwise")])
    with pytest.raises(AssertionError) as e:
        test_every_schema_key_takes_effect_or_is_refused(("direction",), tmp_path)
    assert str(e.value).startswith("the probe for `direction` shows no effect")

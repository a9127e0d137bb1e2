"""Game records: what was dealt, every action by name, the scores; and their replay.

A record is YAML (or JSON, which is YAML too) and can be written by hand::

    format: cardspec-record/1
    spec: ../specs/family/game.yaml   # relative to the record file (or to the working directory), or family/game
    seed: 7                           # optional: deals not given below are shuffled from it
    first_deal: 9                     # optional: the number of the first deal, for a record from mid-game
    deals:
      - dealer: A                     # needed for deal 1 when no seed is given
        hands:                        # optional: the cards each seat received
          A: AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S
          B: [AH, KH, ...]            # a list works too; `10H` is read as `TH`
          ...
        talon: 7C 8D                  # optional: the undealt cards, top first (games with a talon)
        cut: 9S                       # optional: the card a cut showed (a trump cut for when all are dealt)
        redeals:                      # optional: when a later phase deals the pack again within the deal,
          - hands: {A: ..., B: ...}   #   what each time gave (`hands`, `talon`, `cut`), in order
        actions:                      # `SEAT action`, in order; several per line with commas
          - A contract trumps
          - A trump S
          - B pass
          - A play AS, B play 2H, C play 3D, D play 4C
        scores: {A: -20, B: 5, C: -30, D: 110}   # optional; checked when present
        raw: {A: 15, B: 20, C: 0, D: 30}         # optional raw (before doubles); checked when present
    totals: {A: ..., B: ..., C: ..., D: ...}     # optional; checked when present
    interrupted: true                 # written when a game was stopped early: the last deal may be unfinished

Every key and the kind of every value are checked before the spec is read (an unknown
key or format is an error at its place in the record); the spec a record names must be
under the spec folders (`files.confined`), and errors of its `options:` are the record's.

Replay applies every action through the same legality as play, so an illegal action is
reported with the rule that forbids it, and a recorded score that differs is reported
with the deal and the seat; both at the record's line and column.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from pathlib import Path

from ..core.errors import (
    CardspecError,
    GameError,
    GameFault,
    IllegalAction,
    SpecError,
    SpecErrors,
    one_of,
    suggest,
)
from ..load.catalog import UnknownGame, spec_file
from ..load.files import Refused, confined, shown, spec_roots
from ..load.loading import Document, load
from ..load.options import option_text
from ..players.agents import AGENT_KINDS, agent_problem
from .write import FORMAT, dump, record_of  # noqa: F401 (writing a record is in recording.py)


class ReplayError(CardspecError):
    """The record and the rules disagree (or, with `invalid`, the record is malformed)."""

    def __init__(self, error: SpecError, invalid: bool = False):
        super().__init__(error.message)
        self.error = error
        self.invalid = invalid


@dataclass
class Replayed:
    """The outcome of a replay: the state reached and one line per deal."""

    state: object
    lines: list[str] = field(default_factory=list)


# ---- writing ------------------------------------------------------------------------

# ---- replay -------------------------------------------------------------------------

def replay(path: str | Path, *, spec: str | None = None) -> Replayed:
    """Replay the record at `path` through the same legality as play, checking every recorded score.

    Parameters:
        path: the record file (YAML or JSON).
        spec: a spec to use instead of the one the record names.

    Returns:
        Replayed: the final state and the lines that report each deal.

    Raises:
        ReplayError: an illegal action or a score that differs, at its place in the record.
        SpecErrors: a record (or its spec) that is invalid.
    """
    doc = load(path, root_message="a record must be a mapping with `spec:` and `deals:`", kind="record")
    data = doc.data
    fail = _Failer(doc)
    bad = _Failer(doc, invalid=True)
    _check_fields(data, bad, spec_given=spec is not None)
    options = data.get("options") or {}
    seed = data.get("seed")
    first_deal = data.get("first_deal", 1)
    game = _spec_of(doc, spec, {k: option_text(v) for k, v in options.items()}, bad)
    sn = list(game.seat_names)

    def seat_of(where, name) -> int:
        if str(name) not in sn:
            fail(where, f"unknown seat `{name}`; the seats are {' '.join(sn)}", suggest(str(name), sn))
        return sn.index(str(name))

    for name in data.get("seats") or {}:
        seat_of(("seats", name), name)
    hands, talons, cuts = {}, {}, {}
    first_dealer = None
    for k, d in enumerate(data["deals"]):
        if k == 0 and "dealer" in d:
            first_dealer = seat_of(("deals", 0, "dealer"), d["dealer"])
        _read_dealt(bad, ("deals", k), d, first_deal + k, game, seat_of, hands, talons, cuts)
        for j, again in enumerate(d.get("redeals") or ()):  # the pack dealt again within the deal
            _read_dealt(bad, ("deals", k, "redeals", j), again, (first_deal + k, j + 1), game, seat_of,
                        hands, talons, cuts)
    if first_dealer is None and seed is None:
        fail(("deals", 0), "deal 1 needs a `dealer:` (or the record a `seed:`)")
    if len(hands) < len(data["deals"]) and seed is None:
        k = next(i for i in range(len(data["deals"])) if first_deal + i not in hands)
        fail(("deals", k), f"deal {first_deal + k} gives no `hands:` and the record has no `seed:` to deal them")

    try:
        state = game.new_state(seed, first_dealer=first_dealer, hands=hands, talons=talons, cuts=cuts,
                               first_deal=first_deal)
    except GameFault as e:  # the spec fails as the first deal is dealt
        _fault_at(e, doc.error(("deals", 0), "the spec failed as this deal was dealt (the error above)"))
    out = Replayed(state)
    from ..words.screen import deal_summary

    last = len(data["deals"]) - 1
    for k, d in enumerate(data["deals"]):
        base = ("deals", k)
        if k < len(state.deals) and (state.is_terminal or state.deal_number > first_deal + k):
            # a deal that asked nobody anything: the rules dealt, played and scored it with the deal before
            if d.get("actions"):
                fail(base + ("actions",), f"deal {first_deal + k} asks nobody anything under the rules: it was over "
                                          "as it began", at_key=True)
            dealer = state.deals[k].dealer
        elif state.is_terminal:
            fail(base, f"the game ended after deal {k}; this deal is one too many")
        else:
            dealer = state.dealer
        if "dealer" in d and seat_of(base + ("dealer",), d["dealer"]) != dealer:
            fail(base + ("dealer",), f"deal {first_deal + k} is dealt by {sn[dealer]} under the rules, not {d['dealer']}")
        number = first_deal + k
        for i, line in enumerate(d.get("actions") or []):
            where = base + ("actions", i)
            for item, col in _split_actions(fail, where, line):
                seat_name, _, text = item.partition(" ")
                seat = seat_of(where, seat_name)
                if state.is_terminal or state.deal_number != number:
                    fail(where, f"`{item}`: deal {first_deal + k} is already over", offset=col)
                if seat != state.current_player:
                    fail(where, f"`{item}`: it is {sn[state.current_player]}'s turn, not {seat_name}'s", offset=col)
                try:
                    state.apply(text)
                except IllegalAction as e:
                    rule = f" (rule `{e.rule}`)" if e.rule else ""
                    fail(where, f"illegal action `{item}`{rule}: {e.message}", offset=col)
                except GameError as e:
                    fail(where, f"after `{item}`: {e.message}", offset=col)
                except GameFault as e:  # the spec's rules failed: where in the spec, and which action
                    _fault_at(e, doc.error(where, f"`{item}`: the spec failed at this action (the error above)",
                                           offset=col))
        if not state.is_terminal and state.deal_number == number:
            if k == last and data.get("interrupted"):
                out.lines.append(f"Deal {number:>2} unfinished ({sn[state.current_player]} to act)")
                break
            fail(base, f"deal {first_deal + k} is not finished after its last action: {sn[state.current_player]} is to act "
                       f"in phase `{state.phase.name}`", at_key=True)
        result = state.deals[number - first_deal]
        for key, got in (("raw", result.raw), ("scores", result.scores)):
            want = d.get(key)
            if want is None:
                continue
            for name, value in want.items():
                p = seat_of(base + (key, name), name)
                if value != got[p]:
                    fail(base + (key, name), f"deal {first_deal + k}: the record says {name} {'scores' if key == 'scores' else 'has a raw score of'} "
                                             f"{value}, the rules give {got[p]}")
        out.lines.append(deal_summary(state, result))
    totals = data.get("totals")
    if totals is not None:
        for name, value in totals.items():
            p = seat_of(("totals", name), name)
            if value != state.totals[p]:
                fail(("totals", name), f"the record's total for {name} is {value}, the rules give {state.totals[p]}")
    return out


# the keys of a record and of each of its deals, and what each must be
KEYS = ("format", "spec", "game", "options", "seed", "seats", "first_deal", "deals", "totals", "interrupted")
DEAL_KEYS = ("deal", "dealer", "hands", "talon", "cut", "redeals", "actions", "raw", "scores")
REDEAL_KEYS = ("hands", "talon", "cut")


def _check_fields(data: dict, bad, spec_given: bool = False) -> None:
    """Every key and the kind of every value of a record, before its spec is read."""
    for key in data:
        if key not in KEYS:
            bad((key,), f"unknown key `{key}` in a record; a record has {one_of(KEYS)}", suggest(str(key), KEYS),
                at_key=True)
    if "format" not in data:
        bad((), f"a record needs `format: {FORMAT}`")
    if data["format"] != FORMAT:
        bad(("format",), f"unknown record format `{data['format']}`; this version reads `{FORMAT}`")
    spec_path = data.get("spec")
    if spec_path is None and not spec_given:
        bad((), "a record needs `spec:`, the path of the game's spec file")
    if "spec" in data and (not isinstance(spec_path, str) or not spec_path.strip()):
        bad(("spec",), "`spec:` is the path of the game's spec file")
    if "game" in data and not isinstance(data["game"], str):
        bad(("game",), "`game:` is the name of the game, as its spec gives it")
    options = data.get("options") or {}
    if not isinstance(options, dict):
        bad(("options",), "`options:` maps each option to its value")
    for name, value in options.items():
        if value is None or not isinstance(value, (str, int, float)):
            bad(("options", name), f"option `{name}` takes a word or a number, as on the command line")
    if "seed" in data and not _whole(data["seed"]):
        bad(("seed",), "`seed:` must be a whole number")
    first_deal = data.get("first_deal", 1)
    if not _whole(first_deal) or first_deal < 1:
        bad(("first_deal",), "`first_deal:` is the number of the record's first deal in its game (1 or more)")
    seats = data.get("seats", {})
    if not isinstance(seats, dict):
        bad(("seats",), f"`seats:` maps each seat to who played it: {one_of(AGENT_KINDS)}")
    for name, kind in seats.items():
        if agent_problem(kind):
            bad(("seats", name), f"`{kind}` is not a kind of player; choose {one_of(AGENT_KINDS)}",
                suggest(str(kind), AGENT_KINDS))
    if "interrupted" in data and not isinstance(data["interrupted"], bool):
        bad(("interrupted",), "`interrupted:` is true or false")
    if not isinstance(data.get("deals"), list) or not data["deals"]:
        bad(("deals",) if "deals" in data else (), "a record needs `deals:`, a list of deals")
    for k, d in enumerate(data["deals"]):
        base = ("deals", k)
        if not isinstance(d, dict):
            bad(base, "each deal must be a mapping with `actions:` (and `dealer:`, `hands:`, `scores:`)")
        for key in d:
            if key not in DEAL_KEYS:
                bad(base + (key,), f"unknown key `{key}` in a deal; a deal has {one_of(DEAL_KEYS)}",
                    suggest(str(key), DEAL_KEYS), at_key=True)
        if "deal" in d and (not _whole(d["deal"]) or d["deal"] < 1):
            bad(base + ("deal",), "`deal:` is the number of the deal in its game (1 or more)")
        for key in ("dealer", "cut"):
            if key in d and not isinstance(d[key], (str, int)):
                bad(base + (key,), f"`{key}:` is {'a seat' if key == 'dealer' else 'a card'}")
        redeals = d.get("redeals", [])
        if not isinstance(redeals, list) or not all(isinstance(r, dict) for r in redeals):
            bad(base + ("redeals",), "`redeals:` is a list of the pack's later deals in this deal, each with "
                                     "`hands:` (and `talon:`, `cut:`)")
        for j, again in enumerate(redeals):
            for key in again:
                if key not in REDEAL_KEYS:
                    bad(base + ("redeals", j, key), f"unknown key `{key}` in a redeal; a redeal has "
                                                    f"{one_of(REDEAL_KEYS)}", suggest(str(key), REDEAL_KEYS),
                        at_key=True)
            if "cut" in again and not isinstance(again["cut"], (str, int)):
                bad(base + ("redeals", j, "cut"), "`cut:` is a card")
        if not isinstance(d.get("actions", []), list):
            bad(base + ("actions",), "`actions:` is a list of `SEAT action` lines")
        for key in ("raw", "scores"):
            _check_scores(bad, base + (key,), d.get(key), f"`{key}` must map each seat to its score")
    _check_scores(bad, ("totals",), data.get("totals"), "`totals` must map each seat to its total")


def _check_scores(bad, where, scores, message) -> None:
    """A mapping of seats to numbers (or nothing)."""
    if scores is None:
        return
    if not isinstance(scores, dict):
        bad(where, message)
    for name, value in scores.items():
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            bad(where + (name,), f"a score must be a number, not `{value}`")


def _whole(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


_OPTION = re.compile(r"^(?:unknown )?option `([^`=]+)")


def _spec_of(doc: Document, spec: str | None, options: dict, bad):
    """The game a record is of: its `spec:` (or `spec`, given on the command line), with its `options:`.

    The record's `spec:` must be a spec file under the spec folders (see `files.confined`);
    it is refused before it is read otherwise. Errors that come from the record's options
    are placed in the record; a spec that has errors of its own is reported after a line
    of the record that names it."""
    from ..compile.game import load_game

    given = spec is not None  # on the command line: its errors are its own, not the record's
    if not given:
        named = doc.data["spec"]
        try:
            spec = confined(_resolve(named, Path(doc.file)), spec_roots(doc.file))
        except Refused as e:
            bad(("spec",), f"cannot use the spec `{shown(named)}`: {e.message}", e.hint)
        except UnknownGame as e:
            bad(("spec",), e.message)
    try:
        return load_game(spec, options=options)
    except SpecErrors as e:
        mine, theirs = [], []
        for err in e.errors:
            m = _OPTION.match(err.message)
            if m and m.group(1) in options:  # the record chose that option: the mistake is the record's
                mine.append(doc.error(("options", m.group(1)), err.message, err.hint,
                                      at_key=err.message.startswith("unknown")))
            else:
                theirs.append(err)
        if theirs and "spec" in doc.data and not given:
            mine.append(doc.error(("spec",), f"the spec `{shown(doc.data['spec'])}` has errors (below)"))
        out = SpecErrors(mine)
        out.errors += theirs
        raise out from None


def _fault_at(fault: GameFault, where: SpecError):
    """Raise a spec's failure during the replay, then the place of the record where it happened."""
    out = SpecErrors([])
    out.errors = [fault, where]
    raise out from None


def _resolve(spec_path: str, record: Path) -> Path:
    """A record names its spec relative to itself, or to the working directory, or by a shipped game's name."""
    p = Path(spec_path)
    if p.is_absolute():
        return p
    beside = record.parent / p
    return beside if os.path.lexists(beside) else spec_file(spec_path)


def _split_actions(fail, where, line) -> list[tuple[str, tuple[int, int] | None]]:
    """The `SEAT action` items of one line, each with its (line, column) inside the line."""
    if isinstance(line, dict) and len(line) == 1:  # `- A: play QS` written as a mapping
        (seat, text), = line.items()
        return [(f"{seat} {text}", None)]
    if not isinstance(line, str):
        fail(where, "an action is written `SEAT action`, e.g. `A play QS`")
    items, start = [], 0
    for part in line.split(","):
        item = part.strip()
        if item:
            col = start + len(part) - len(part.lstrip()) + 1
            if " " not in item:
                fail(where, f"`{item}`: an action is written `SEAT action`, e.g. `A play QS`", offset=(1, col))
            items.append((item, (1, col)))
        start += len(part) + 1
    return items


def _read_dealt(bad, where, d, key, game, seat_of, hands, talons, cuts) -> None:
    """The `hands`, `talon` and `cut` of one deal of the pack (at `where`), under `key` in the three maps."""
    if "hands" in d:
        hands[key] = _read_hands(bad, where + ("hands",), d["hands"], game, seat_of)
    if "talon" in d:
        talons[key] = _read_talon(bad, where + ("talon",), d["talon"], game, hands.get(key, []))
    if "cut" in d:
        try:
            cuts[key] = game.pack.parse(str(d["cut"]))
        except KeyError:
            bad(where + ("cut",), f"`{d['cut']}` is not a card of this pack")


def _read_talon(fail, where, talon, game, hands):
    """The talon of a hand-written deal, top card first."""
    items = talon.split() if isinstance(talon, str) else talon
    if not isinstance(items, list):
        fail(where, "a talon is a list of cards, top card first, e.g. `7C 8D 9H`")
    out = []
    dealt = [c for h in hands for c in h]
    copies = game.pack.copies
    for c in items:
        try:
            card = game.pack.parse(str(c))
        except KeyError:
            fail(where, f"`{c}` is not a card of this pack", suggest(str(c).upper(), game.pack.names))
        if dealt.count(card) + out.count(card) >= copies:
            fail(where, f"{game.pack.names[card]} is dealt twice" if copies == 1 else
                 f"{game.pack.names[card]} is dealt {copies + 1} times: the pack holds {copies}")
        out.append(card)
    return out


def _read_hands(fail, where, hands, game, seat_of):
    if not isinstance(hands, dict):
        fail(where, "`hands` must map each seat to its cards")
    pack = game.pack
    out = [[] for _ in range(game.n)]
    seen = {}
    for name, cards in hands.items():
        p = seat_of(where + (name,), name)
        if isinstance(cards, str):  # `AS KS 7H`: point at the card itself
            items, places, col = [], [], 1
            for word in cards.split(" "):
                if word:
                    items.append(word)
                    places.append((where + (name,), (1, col)))
                col += len(word) + 1
        elif isinstance(cards, list):
            items = cards
            places = [(where + (name, i), None) for i in range(len(cards))]
        else:
            fail(where + (name,), "a hand is a list of cards, e.g. `AS KS 7H` or `[AS, KS, 7H]`")
        for c, (at, offset) in zip(items, places):
            try:
                card = pack.parse(str(c))
            except KeyError:
                fail(at, f"`{c}` is not a card of this pack", suggest(str(c).upper(), pack.names), offset=offset)
            also = seen.setdefault(card, [])
            if len(also) >= pack.copies:  # (each copy of a card is dealt once)
                fail(at, f"{pack.names[card]} is dealt twice (also to {also[0]})" if pack.copies == 1 else
                     f"{pack.names[card]} is dealt {pack.copies + 1} times: the pack holds {pack.copies} "
                     f"(also to {' and '.join(also)})", offset=offset)
            also.append(name)
            out[p].append(card)
    missing = [game.seat_names[p] for p in range(game.n) if not out[p]]
    if missing:
        fail(where, f"no hand given for {' '.join(missing)}")
    return out


class _Failer:
    """Raise a located ReplayError for the record document."""

    def __init__(self, doc: Document, invalid: bool = False):
        self.doc = doc
        self.invalid = invalid

    def __call__(self, path, message, hint=None, at_key=False, offset=None):
        raise ReplayError(self.doc.error(tuple(path), message, hint, at_key=at_key, offset=offset), self.invalid)


__all__ = ["FORMAT", "ReplayError", "Replayed", "dump", "record_of", "replay", "SpecErrors"]

"""`cardspec rules`: a spec told as a rulebook, in plain English.

The book is built from the resolved spec (bases merged, options applied), the same data
`show` prints, plus a few facts only the compiled game knows (the number of cards, of
deals). It is a list of sections, each a list of entries under a key (a phase, a
contract, an option by its key in the spec), so that `--diff` can compare two books
entry by entry and say only what changed, in the same words.

Expressions are told in words (interpreter/words/wording.py); a form without words of its own
is shown as its source in `code` style, so that nothing is ever left out or guessed at;
the names a spec defines (`functions`) keep their names and are explained once, under
"Terms used".
"""

from __future__ import annotations

import difflib

from ..compile.game import load_game
from ..core.cards import normalize_rank
from .describe import resolved
from .rulebook_phases import PhaseWriter, _announce, _cap, _value
from .wording import (
    JOKERS,
    NAMES,
    RANKS,
    SUITS,
    Words,
    as_text,
    call_words,
    card_name,
    listing,
    number_word,
    rank_name,
    rank_word,
    symbol,
)

# --------------------------------------------------------------------------------------
# The book: sections of keyed entries


class Book:
    """A title and sections; each section a list of (key, lines) entries."""

    def __init__(self, title: str):
        self.title, self.sections = title, {}

    def add(self, section: str, key: str, lines) -> None:
        lines = [ln for ln in lines if ln]
        if lines:
            self.sections.setdefault(section, []).append((key, lines))

    def render(self) -> str:
        out = [self.title, "=" * len(self.title)]
        for heading, entries in self.sections.items():
            out += ["", heading, "-" * len(heading)]
            numbered = heading in NUMBERED
            for i, (key, lines) in enumerate(entries, 1):
                out += _entry(lines, f"{i}. " if numbered else "- " if len(entries) > 1 and key[:1] != "_" else "")
        return "\n".join(out)


NUMBERED = ("A deal, step by step",)


def _entry(lines, mark) -> list[str]:
    pad = " " * len(mark)
    return [(mark if i == 0 else pad) + ln for i, ln in enumerate(lines)]


def rules(path, options=None) -> str:
    """The rulebook of the spec at `path` with `options` chosen."""
    return build(path, options).render()


def rules_diff(base_path, variant_path, options=None) -> str:
    """Only what the variant's rulebook says differently from the base's, section by section."""
    old, new = build(base_path, None), build(variant_path, options)
    out = [f"{old.title}  ->  {new.title}"]
    for heading in dict.fromkeys([*new.sections, *old.sections]):
        a, b = dict(old.sections.get(heading, [])), dict(new.sections.get(heading, []))
        lines = []
        for key in dict.fromkeys([*b, *a]):
            if key not in a:
                lines += _entry(b[key], "+ new: ")
            elif key not in b:
                lines += _entry(a[key], "- gone: ")
            elif a[key] != b[key]:
                lines += _changed(a[key], b[key], titled=key[:1] != "_")
        if lines:
            out += ["", heading, "-" * len(heading)] + lines
    if len(out) == 1:
        out.append("(the rules are the same)")
    return "\n".join(out)


def _changed(old, new, titled=True) -> list[str]:
    """An entry that changed: its title (first line), then each line it lost (was) and gained (now).

    An untitled entry (a paragraph of its section) shows only the lines that changed."""
    out, pad, start = [], "", 0
    if titled:
        out, pad, start = [f"~ changed: {old[0]}"], "    ", 1
        if old[0] != new[0]:
            out.append(f"{pad}now: {new[0]}")
    matcher = difflib.SequenceMatcher(a=old[start:], b=new[start:], autojunk=False)
    for op, i1, i2, j1, j2 in matcher.get_opcodes():
        if op != "equal":
            out += [f"{pad}was: {ln}" for ln in old[start + i1:start + i2]]
            out += [f"{pad}now: {ln}" for ln in new[start + j1:start + j2]]
    return out


def build(path, options=None) -> Book:
    doc = resolved(path, options)
    game = load_game(path, options=options)
    return _Writer(doc.data, game, doc.options).book()


# --------------------------------------------------------------------------------------
# The writer: one method per part of a spec


class _Writer(PhaseWriter):
    def __init__(self, data: dict, game, chosen: dict):
        self.d, self.g, self.chosen = data, game, chosen
        names = set(data.get("functions") or {}) | set(data.get("contracts") or {})
        announced = set()
        for c in (data.get("contracts") or {}).values():
            announced |= set((c or {}).get("announce") or {}) - set(NAMES)
            names |= set(((c or {}).get("play") or {}).get("announcements") or {})
        names |= set(((data.get("play") or {}).get("announcements")) or {})
        for p in (data.get("phases") or {}).values():
            p = p or {}
            names |= set(p.get("words") or {}) | set(p.get("extras") or {})
            if p.get("winning_bid") or p.get("kind") == "auction":
                names.add(p.get("winning_bid") or "bid")
        for k, o in (data.get("options") or {}).items():
            if (o or {}).get("number"):
                names.add(k)
        self.w = Words(names, announced, game.pack)
        self.book_ = Book(as_text(data.get("title") or data.get("game") or "Untitled game"))

    def book(self) -> Book:
        for part in (self.about, self.players, self.pack, self.dealer, self.phases, self.play, self.contracts,
                     self.match, self.terms, self.options):
            part()
        return self.book_

    def add(self, section, key, lines):
        self.book_.add(section, key, lines)

    def about(self):
        d = self.d
        lines = []
        if d.get("game") and d.get("game") != d.get("title"):
            lines.append(f"The game of {as_text(d['game'])}.")
        if d.get("description"):
            lines.append(as_text(d["description"]))
        defaults = {k: _value((o or {}).get("default")) for k, o in (d.get("options") or {}).items()}
        changed = {k: v for k, v in self.chosen.items() if str(v) != defaults.get(k)}
        if changed:
            lines.append("With the options " + ", ".join(f"{k} = {v}" for k, v in changed.items()) + ".")
        self.add("About", "_about", lines)

    def players(self):
        seats = [str(s) for s in self.d["seats"]]
        n = len(seats)
        direction = self.d.get("direction", "clockwise")
        way = "to the left" if direction == "clockwise" else "to the right"
        lines = [f"{number_word(n).capitalize()} players, seated clockwise: {listing(seats)}.",
                 f"Play goes {direction}: each turn passes {way}." if n > 2 else
                 "The two players take turns."]
        order = [seats[i] for i in self.g.turn_order]
        if n > 2 and order != seats:
            lines.append(f"So from the first to act the order is {', '.join(order)}.")
        teams = self.d.get("teams")
        if teams:
            lines.append("Partnerships: " + " against ".join(listing(t) for t in teams) + "; partners sit opposite." if
                         all(len(t) == 2 for t in teams) and n == 4 else
                         "Teams: " + "; ".join(listing(t) for t in teams) + ".")
        else:
            lines.append("Each plays for himself." if n > 2 else "")
        self.add("Players", "_players", lines)

    def pack(self):
        p, pack = self.d["pack"], self.g.pack
        own = pack.own_ranks
        standard = [i for i in range(len(pack.suits)) if i not in own]
        ranks = [r for r in map(normalize_rank, p.get("ranks") or ())]
        lines = []
        if standard:
            lines.append(f"{pack.size} cards: the {listing(pack.suit_names[i] for i in standard)}, each ranked from "
                         f"high to low {' '.join(ranks)}" + (f" ({rank_name(ranks[0])} high)" if ranks[0] in RANKS
                                                            else "")
                         + (", the order of sequences." if p.get("plain_order") else "."))
        for i in sorted(own):
            in_suit = [pack.ranks[pack.rank[c]] for c in range(len(pack)) if pack.suit[c] == i]
            lines.append((f"{pack.size} cards. " if not lines else "")
                         + f"The {pack.suit_names[i]}: {number_word(len(in_suit))} cards, ranked from high to low "
                         f"{' '.join(in_suit)} (written `{in_suit[0]}{pack.suits[i]}` to `{in_suit[-1]}{pack.suits[i]}`).")
        if pack.titles:
            lines.append(f"Added: {listing(t if c in JOKERS else f'{t} (`{c}`)' for c, t in pack.titles.items())}.")
        if p.get("remove"):
            lines.append(f"Taken out: {listing('the ' + card_name(c) for c in p['remove'])}.")
        if pack.copies > 1:
            lines.append(f"The pack holds {number_word(pack.copies)} of each of these {len(pack)} cards: "
                         "the copies of a card are alike, and of two equal cards in a trick the first "
                         "played beats the other unless the rules of play say otherwise.")
        if p.get("plain_order"):
            lines.append(f"In play, the cards of a plain suit beat each other in the order "
                         f"{' '.join(map(str, p['plain_order']))}.")
        if p.get("trump_order"):
            lines.append(f"The trumps beat each other in the order {' '.join(map(str, p['trump_order']))}.")
        if p.get("jokers") == "trumps":
            lines.append("The jokers are always trumps, of whatever suit is trump (with no trump suit, "
                         "they belong to no suit).")
        for c in p.get("trump_cards") or []:
            lines.append(f"The {card_name(c)} is always a trump, whatever the trump suit, and no longer "
                         f"a {SUITS[str(c)[-1]][:-1]}.")
        for t, c in (p.get("bowers") or {}).items():
            if str(t) in SUITS and str(c)[-1:] in SUITS:
                lines.append(f"When {SUITS[str(t)]} are trumps, the {card_name(c)} is a trump (the bower), a "
                             f"{SUITS[str(t)][:-1]} and no longer a {SUITS[str(c)[-1]][:-1]}.")
        if p.get("points"):
            said = [f"{rank_word(r) if normalize_rank(r) in pack.ranks else symbol(str(r), pack)} {v}"
                    for r, v in p["points"].items() if r != "others"]
            rest = p["points"].get("others", 0)
            lines.append("Card points: " + ", ".join(said) + (f", other cards {rest}." if rest or len(said) < len(
                pack.ranks) else "."))
        if p.get("trump_points"):
            lines.append("In the trump suit: " + ", ".join(f"{rank_word(r)} {v}" for r, v in p["trump_points"].items())
                         + ".")
        self.add("The pack", "_pack", lines)

    def dealer(self):
        dl = self.d.get("dealer") or {}
        first, nxt = dl.get("first", "random"), dl.get("next")  # the engine's defaults: random, left(dealer)
        lines = ["The first dealer is chosen at random." if str(first) == "random" else
                 f"The first dealer is {self.w(first)}."]
        lines.append(f"After each deal, the next dealer is {self.w(nxt if nxt is not None else 'left(dealer)')}.")
        self.add("Dealer and declarer", "_dealer", lines)
        auction = any((p or {}).get("kind", k) == "auction" for k, p in (self.d.get("phases") or {}).items())
        declarer = self.d.get("declarer", None if auction else "dealer")
        rest = repr({k: v for k, v in self.d.items() if k != "options"})
        used = "declarer" in self.d or auction or "declarer" in rest
        if used:  # a game without a declarer (each calls his own contract) is not told of one
            self.add("Dealer and declarer", "_declarer", [
                f"The declarer of each deal is {self.w(declarer)}." if declarer is not None else
                "The declarer of each deal is the winner of the auction."])

    # -- play ----------------------------------------------------------------------------

    def play(self):
        self.add("Play", "_play", self.play_lines(self.d.get("play") or {}, top=True))
        for name, r in (self.d.get("play_rules") or {}).items():
            r = r or {}
            line = f"{name[:1].upper() + name[1:]}: " + (as_text(r["description"]) if r.get("description") else
                                                        f"only {self.keep(r.get('keep'))}")
            if r.get("description") is None and r.get("when") is not None:
                line += f", when {self.w.cond(r['when'])}"
            self.add("Rules of play", name, [line + "."])
        if self.d.get("play_rules"):
            self.add("Rules of play", "_cascade", [
                "A contract says which of these rules apply, in order; each keeps only the cards it allows, "
                "unless that would leave none, in which case it does not apply."])

    def trumps(self) -> bool:
        """Whether a deal can have a trump suit: turned up, bid, announced or set by the play."""
        d = self.d
        plays = [d.get("play") or {}] + [(c or {}).get("play") or {} for c in (d.get("contracts") or {}).values()]
        announced = [c for c in (d.get("contracts") or {}).values()
                     if ((c or {}).get("announce") or {}).get("trump") == "suit"]
        phases = [(p or {}) for p in (d.get("phases") or {}).values()]
        return bool(announced or any(p.get("trump") is not None for p in plays)
                    or any(p.get("turn_up") == "trump" or p.get("kind") == "trump_bid" for p in phases))

    def keep(self, source) -> str:
        return f"a card such that {self.w(source)}" if source is not None else "any card"

    def play_lines(self, play, top=False):
        lines = []
        if play.get("leader") is not None:
            lines.append(f"{_cap(self.w(play['leader']))} leads to the first trick; the winner of a trick leads "
                         "to the next." if top else f"Leader of the first trick: {self.w(play['leader'])}.")
        if play.get("layout") is not None:
            lines += self.layout(play["layout"])
        elif top and play.get("beats") is not None:
            lines.append("Each player plays one card to a trick. The first card is the best so far; a later card "
                         f"becomes the best when {self.w(play['beats'])} (the best card being the one winning so "
                         "far). The player of the best card wins the trick.")
        elif top:
            lines.append("Each player plays one card to a trick; the highest trump wins it, otherwise the highest "
                         "card of the suit led." if self.trumps() else
                         "Each player plays one card to a trick; the highest card of the suit led wins it (there are "
                         "no trumps).")
        if play.get("beats") is not None and not top:
            lines.append(f"A later card becomes the best in the trick when {self.w(play['beats'])}.")
        if play.get("led_suit") is not None:
            lines.append(f"The suit led to a trick, read again after each card, is {self.w(play['led_suit'])}.")
        if "trump" in play and play["trump"] in (None, "none"):
            lines.append("There are no trumps at all: the cards that are otherwise trumps belong to their own suits.")
        elif play.get("trump") == "trump_cards":
            lines.append("Only the cards that are always trumps are trumps; no suit is.")
        elif play.get("trump") is not None:
            lines.append(f"Trumps: {self.w(play['trump'])}.")
        for key, what in (("plain_order", "the cards of a plain suit"), ("trump_order", "the trumps")):
            if play.get(key):
                lines.append(f"In this play {what} beat each other in the order {' '.join(map(str, play[key]))}.")
        if play.get("sits_out") is not None:
            lines.append(f"A player sits out the play, keeping his cards, when {self.w.cond(play['sits_out'])}; "
                         "the tricks then have fewer cards, and if the leader sits out the next player leads.")
        if play.get("open_hand") is not None:
            moment = (f"once {self.w.cond(play['open_from'])}" if play.get("open_from") is not None else
                      "before the first lead")
            lines.append(f"A player lays his hand face up on the table {moment}, and plays from it "
                         f"in view of all, when {self.w.cond(play['open_hand'])}.")
        if play.get("controller") is not None:
            lines.append(f"The card of each player's hand is chosen by {self.w(play['controller'])}.")
        if top and "rules" not in play:
            lines.append("Any card may be played, unless a contract says otherwise.")
        if "rules" in play:
            rules = play.get("rules") or []
            lines.append(("The rules of play that apply: " + ", then ".join(rules) + "." if rules else
                          "No rule limits the card played."))
        lines += self.given(play, "stop_when", "Play stops early, after a trick, once {}.")
        for word, a in (play.get("announcements") or {}).items():
            desc = as_text(a.get("description")) if a.get("description") else f"when {self.w.cond(a.get('when'))}"
            lines.append(f"A player may say \"{word}\" as he plays a card, only {desc}.")
        return lines

    def layout(self, lay):
        start = str(lay.get("start", "first card")).strip()
        first = ("Each suit is begun with the card of the rank of the first card played (the first player may "
                 "play any card)." if start == "first card" else
                 f"Each suit is begun with the card of {self.w(start) if start != 'start' else 'the start rank'}.")
        lines = ["No tricks: the cards are laid out in a row per suit, built up and down by one rank.", first,
                 "A player who can play must; one who cannot passes" +
                 (" and shows his hand." if lay.get("show_hand_on_pass") else ".")]
        if lay.get("ends_when_out") is not None:
            lines.append(f"Play ends when {self.w(lay['ends_when_out'])} players are out of cards.")
        return lines

    # -- contracts -----------------------------------------------------------------------

    def contract_name(self, key) -> str:
        c = (self.d.get("contracts") or {}).get(key) or {}
        return as_text(c.get("name", key))

    def contracts(self):
        for key, c in (self.d.get("contracts") or {}).items():
            c = c or {}
            lines = [self.contract_name(key) + (f": {as_text(c['description'])}." if c.get("description") else ".")]
            for what, kind in (c.get("announce") or {}).items():
                lines.append(f"The declarer announces {_announce(what, kind)}.")
            lines += self.play_lines(c.get("play") or {})
            if c.get("score") is not None:
                lines.append(f"Each player scores {self.w(c['score'])}.")
            if c.get("total") is not None:
                lines.append(f"The scores of a deal add up to {self.w(c['total'])}.")
            self.add("Contracts", key, lines)

    # -- end of the game, terms, options ---------------------------------------------------

    def match(self):
        m = self.d.get("match") or {}
        lines = []
        if m.get("deals") is not None:
            n = self.g.deals(self.g.new_state(0))
            said = self.w(m["deals"])
            lines.append(f"A game is {n} deals" + (f" ({said})." if said != str(n) else "."))
        if m.get("ends_when") is not None:
            lines.append(f"The game ends after the deal in which {self.w.cond(m['ends_when'])}.")
        if m.get("total") is not None:
            lines.append(f"The players' totals add up to {self.w(m['total'])}.")
        if m.get("winner") is not None:
            lines.append(f"The winner: {self.w(m['winner'])}.")
        if m.get("result") is not None:
            lines.append(f"Each player's result is {self.w(m['result'])}.")
        else:
            lines.append("Each player's result is his total.")
        self.add("End of the game", "_match", lines)
        pt = self.d.get("partie")
        if pt:
            lines = [as_text(pt["description"]) + "." if pt.get("description") else "",
                     f"Games are played one after another, each from 0, until {self.w.cond(pt.get('ends_when'))}."
                     if pt.get("ends_when") is not None else "",
                     f"Each player's result for the partie is {self.w(pt['result'])}." if pt.get("result") else ""]
            self.add("End of the game", "_partie", lines)
        for label, key in (("counted per game", "statistics"), ("counted per deal", "deal_statistics")):
            for name, s in (m.get(key) or {}).items():
                what = self.w.cond(s["of"]) + ", counting those where " + self.w.cond(s["count"]) \
                    if isinstance(s, dict) else self.w.cond(s)
                self.add("Statistics", f"{key}:{name}", [f"{name} ({label}): {what}."])

    def terms(self):
        for name, f in (self.d.get("functions") or {}).items():
            f = f or {}
            params = list((f.get("params") or {}))
            head = call_words(name, params).replace('"', "")
            desc = as_text(f["description"]) if f.get("description") else ""
            inner = Words(self.w.spec_names | set(params), self.w.announced - set(params), self.w.pack)
            lines = [f"{head}: {desc}" if desc else f"{head}:", f"  = {inner(f.get('value'))}"]
            self.add("Terms used", name, lines)

    def options(self):
        for name, o in (self.d.get("options") or {}).items():
            o = o or {}
            values = [_value(v) for v in (o.get("choices") or {})]
            num = o.get("number")
            if num:
                rng = f"any whole number from {num.get('min', 1)}" + (f" to {num['max']}" if "max" in num else "")
                values.append(rng)
            default = _value(o.get("default"))
            chosen = self.chosen.get(name)
            lines = [f"{name}: {as_text(o.get('description', ''))}.",
                     f"  Values: {', '.join(_value(v) for v in values)}; default {default}"
                     + (f"; here {chosen}." if chosen is not None and str(chosen) != default else ".")]
            for other, req in (o.get("requires") or {}).items():
                if isinstance(req, dict):
                    allowed = req.get("value")
                    allowed = listing([_value(v) for v in allowed], "or") if isinstance(allowed, list) else \
                        _value(allowed)
                    why = f" ({as_text(req['because'])})" if req.get("because") else ""
                    lines.append(f"  Needs {other} = {allowed}{why}.")
                else:
                    shown = listing([_value(v) for v in req], "or") if isinstance(req, list) else _value(req)
                    lines.append(f"  Needs {other} = {shown}.")
            self.add("Options", name, lines)

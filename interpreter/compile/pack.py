"""Compiling a spec's pack: its cards, the rank orders of play, cards that are always trumps, bowers."""

from __future__ import annotations

import re

from ..core.cards import Pack, normalize, normalize_rank
from ..core.errors import one_of, suggest

# a card in the standard notation: a name outside the suits may not read so
STANDARD = re.compile(r"(?:[AKQJT2-9]|10)[SHDC]")
MAX_CARDS = 1000  # the most cards a pack may hold, every copy counted


def compile_pack(owner, orders_at=("pack",)) -> Pack:
    """The pack of the spec `owner` compiles; with `orders_at` another place (a contract's `play`),
    with the rank orders given there. Errors go to `owner.error`."""
    p = owner.spec["pack"]
    suits, suit_ranks, suit_names = pack_suits(owner, p)
    ranks = [normalize_rank(r) for r in p.get("ranks") or ()]
    if len(suit_ranks) < len(suits) and not ranks:
        owner.error(("pack",), "`ranks` are needed: " + one_of([s for s in suits if s not in suit_ranks])
                    + " have no ranks of their own", at_key=True)
        ranks = ["A"]
    extra, titles = pack_extra(owner, p, suits, ranks, suit_ranks)
    orders = {}
    jokers = list(extra) if p.get("jokers") == "trumps" else []
    jokers += [normalize(str(c)) for c in p.get("trump_cards", ())]  # cards that are always trumps
    bowers = compile_bowers(owner, p, ranks) if "bowers" in p else {}
    place = owner._get(orders_at) or {}
    always = set(jokers)
    standard = [s for s in suits if s not in suit_ranks]
    # a rank whose every card is always a trump ranks among the trumps by its cards' names: no card of
    # it is ever a trump by its rank alone, so `trump_order` may leave it out (Skat's jacks)
    dead = [r for r in ranks if standard and all(f"{r}{s}" in always for s in standard)]
    for key in ("plain_order", "trump_order"):
        source = place if key in place else p
        where = (orders_at if key in place else ("pack",)) + (key,)
        if key in source:
            order = [normalize_rank(r) if r not in jokers and r != "bower" else r for r in map(str, source[key])]
            allowed = ranks + (jokers + ["bower"] * ("bowers" in p) if key == "trump_order" else [])
            listed = sorted(x for x in order if x not in jokers and x != "bower")
            optional = dead if key == "trump_order" else []
            if not (listed == sorted(ranks) or listed == sorted(r for r in ranks if r not in optional)) \
                    or len(set(order)) != len(order) or any(x not in allowed for x in order):
                owner.error(where, f"`{key}` must list each rank of `ranks` once"
                                  + (" (and may place the trump jokers)" if jokers else "")
                                  + (" (and `bower`)" if "bowers" in p and key == "trump_order" else "")
                                  + (f"; {one_of(optional)} may be left out, every card of it always a trump"
                                     if optional else "")
                                  + f": {' '.join(ranks)}")
            else:
                orders[key] = order
    if bowers and "bower" not in orders.get("trump_order", ()):
        owner.error(("pack", "bowers"), "a bower needs its place among the trumps: put `bower` in "
                                       "`trump_order`, e.g. [J, bower, A, K, Q, T, 9]", at_key=True)
    orders["joker_trumps"] = p.get("jokers") == "trumps"
    orders["trump_cards"] = [str(c) for c in p.get("trump_cards", ())]
    orders["bowers"] = bowers
    copies = p.get("copies", 1)
    copies = copies if isinstance(copies, int) and not isinstance(copies, bool) and copies >= 1 else 1
    made = {"suit_ranks": suit_ranks, "suit_names": suit_names, "titles": titles, "copies": copies}
    pack = Pack.build(suits, ranks, extra, (), **orders, **made)
    removed = []
    for i, name in enumerate(p.get("remove", ()) or ()):
        try:
            pack.parse(str(name))
            removed.append(str(name))
        except KeyError:
            owner.error(("pack", "remove", i), f"`{name}` is not a card of this pack",
                       suggest(str(name), pack.names))
    if removed:
        pack = Pack.build(suits, ranks, extra, removed, **orders, **made)
    check_points(owner, p, pack)
    if pack.size > MAX_CARDS:
        owner.error(("pack", "copies") if copies > 1 else ("pack",),
                    f"a pack of {pack.size} cards ({copies} of each of {len(pack)}) is too many: at most {MAX_CARDS}"
                    if copies > 1 else f"a pack of {pack.size} cards is too many: at most {MAX_CARDS}",
                    at_key=copies == 1)
    return pack


def pack_suits(owner, p) -> tuple[list[str], dict, dict]:
    """The suits' letters, the suits with ranks of their own (letter -> ranks), and their names in words."""
    suits, suit_ranks, names = [], {}, {}
    for i, item in enumerate(p.get("suits") or ()):
        if isinstance(item, dict):
            letter = str(item.get("letter", ""))
            if item.get("name"):
                names[letter] = str(item["name"])
            if item.get("ranks"):
                suit_ranks[letter] = [normalize_rank(r) for r in item["ranks"]]
                if len(set(suit_ranks[letter])) != len(suit_ranks[letter]):
                    owner.error(("pack", "suits", i, "ranks"), f"the suit `{letter}` lists a rank twice")
        else:
            letter = str(item)
        if letter in suits:
            owner.error(("pack", "suits", i), f"the suit `{letter}` is listed twice")
        suits.append(letter)
    return suits, suit_ranks, names


def pack_extra(owner, p, suits, ranks, suit_ranks) -> tuple[list[str], dict]:
    """The cards outside every suit (`extra`), and their names in words; a name that reads as a card of
    a suit, of this pack or of the standard one, is refused: the notation must read one way."""
    extra, titles = [], {}
    made = {f"{r}{s}" for s in suits for r in suit_ranks.get(s, ranks)}
    for i, item in enumerate(p.get("extra") or ()):
        card = normalize(str(item.get("card", "") if isinstance(item, dict) else item))
        if isinstance(item, dict) and item.get("name"):
            titles[card] = str(item["name"])
        if card in made or STANDARD.fullmatch(card):
            owner.error(("pack", "extra", i), f"`{card}` reads as a card of a suit: a card outside the suits "
                                              "needs a name no suit's card has, e.g. `EX`")
        elif card in extra:
            owner.error(("pack", "extra", i), f"`{card}` is added twice")
        else:
            extra.append(card)
    return extra, titles


def check_points(owner, p, pack) -> None:
    """Each key of `points` and `trump_points` is a rank, a card of the pack, or `others`."""
    for key in ("points", "trump_points"):
        for k in (p.get(key) or {}):
            word = k if k == "others" else normalize_rank(normalize(str(k)))
            if word != "others" and word not in pack.ranks and word not in pack.by_name:
                owner.error(("pack", key, k), f"`{k}` is neither a rank nor a card of this pack, nor `others`",
                            suggest(str(k), [*pack.ranks, *pack.names, "others"]), at_key=True)


def compile_bowers(owner, p, ranks) -> dict:
    """`pack.bowers`: each trump suit -> the card of another suit that joins it."""
    bowers = {}
    suits = pack_suits(owner, p)[0]
    for t, card in (p.get("bowers") or {}).items():
        t, card = str(t), normalize(str(card))
        if t not in suits:
            owner.error(("pack", "bowers", t), f"`{t}` is not a suit of this pack", suggest(t, suits), at_key=True)
        elif card[:-1] not in ranks or card[-1:] not in suits:
            owner.error(("pack", "bowers", t), f"`{card}` is not a card of this pack")
        elif card[-1] == t:
            owner.error(("pack", "bowers", t), f"`{card}` is a card of {t} already: a bower is a card of another "
                                              "suit that counts as a trump")
        else:
            bowers[t] = card
    return bowers

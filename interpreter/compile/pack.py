"""Compiling a spec's pack: its cards, the rank orders of play, cards that are always trumps, bowers."""

from __future__ import annotations

from ..core.cards import Pack, normalize
from ..core.errors import one_of, suggest


def compile_pack(owner, orders_at=("pack",)) -> Pack:
    """The pack of the spec `owner` compiles; with `orders_at` another place (a contract's `play`),
    with the rank orders given there. Errors go to `owner.error`."""
    p = owner.spec["pack"]
    ranks = [str(r) for r in p["ranks"]]
    orders = {}
    jokers = [str(j) for j in p.get("extra", ())] if p.get("jokers") == "trumps" else []
    jokers += [normalize(str(c)) for c in p.get("trump_cards", ())]  # cards that are always trumps
    bowers = compile_bowers(owner, p, ranks) if "bowers" in p else {}
    place = owner._get(orders_at) or {}
    always = set(jokers)
    # a rank whose every card is always a trump ranks among the trumps by its cards' names: no card of
    # it is ever a trump by its rank alone, so `trump_order` may leave it out (Skat's jacks)
    dead = [r for r in ranks if all(f"{r}{s}" in always for s in map(str, p["suits"]))]
    for key in ("plain_order", "trump_order"):
        source = place if key in place else p
        where = (orders_at if key in place else ("pack",)) + (key,)
        if key in source:
            order = [str(r) for r in source[key]]
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
    pack = Pack.build(p["suits"], ranks, p.get("extra", ()), (), **orders)
    removed = []
    for i, name in enumerate(p.get("remove", ()) or ()):
        try:
            pack.parse(str(name))
            removed.append(str(name))
        except KeyError:
            owner.error(("pack", "remove", i), f"`{name}` is not a card of this pack",
                       suggest(str(name), pack.names))
    if removed:
        pack = Pack.build(p["suits"], ranks, p.get("extra", ()), removed, **orders)
    return pack


def compile_bowers(owner, p, ranks) -> dict:
    """`pack.bowers`: each trump suit -> the card of another suit that joins it."""
    bowers = {}
    suits = [str(x) for x in p["suits"]]
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

"""What one seat may see: built from the state on request, never in the play loop.

A view holds the seat's own hand, every public fact (dealer, declarer, contract,
announcements, doubles, the cards played so far, tricks won, the layout, hands shown
on a pass, scores) and nothing hidden: other hands, the talon and the dealt cards of
other seats never appear, so an agent given a view cannot cheat.
"""

from __future__ import annotations

from .phases.declare import Declare, said_text


def view(st, seat: int) -> dict:
    """Plain data: everything `seat` may know now."""
    g = st.game
    pack = g.pack
    names = pack.names
    sn = g.seat_names
    order = g.turn_order  # seats in playing order, from the first: A B C D E whichever way play goes

    def cards(cs):
        return [names[c] for c in sorted(cs, key=pack.sort_key)]

    announced = {}
    for var, value in st.deal.announced.items():
        t = g.announce_types.get(var)
        announced[var] = pack.suits[value] if t == "suit" else pack.ranks[value] if t == "rank" else value
    v = {
        "seat": sn[seat],
        "deal": st.deal_number,
        "dealer": sn[st.dealer],
        "declarer": sn[st.declarer] if st.phase.kind != "auction" else None,  # not known while bidding
        "phase": st.phase.name,
        "to_act": sn[st.current] if st.current >= 0 else None,
        "contract": st.contract_key,
        "announced": announced,
        "doubles": [[sn[p], [sn[t] for t in ts]] for p, ts in st.deal.doubles],
        # not looked at while calling blind, or before its turn to call unseen
        "hand": cards(st.hands[seat]) if not (st.calling_blind or st.unseen[seat]) else [],
        "passing": cards(st.passing[seat]),  # cards this seat chose to pass, not yet received
        "passed": cards(st.passed[seat]),  # cards this seat passed in this deal
        "hand_sizes": {sn[p]: len(st.hands[p]) for p in order},
        "shown_hands": {sn[p]: cards(st.hands[p]) for p in range(st.n) if st.shown[p] and p != seat},
        "trick": [[sn[p], names[c]] for p, c in zip(st.trick_seats, st.trick_cards)],
        "tricks": [{"leader": sn[t.leader], "cards": [[sn[p], names[c]] for p, c in zip(t.seats, t.cards)],
                    "winner": sn[t.winner]} for t in st.tricks],
        "tricks_won": {sn[p]: st.tricks_won[p] for p in order},
        "layout": {pack.suits[s]: [_card(pack, s, run[0]), _card(pack, s, run[1])]
                   for s, run in enumerate(st.layout) if run is not None},
        "out": [sn[p] for p in st.out],
        "sitting_out": [sn[p] for p in st.sitting_out],  # seats that take no part in this deal's play
        "talon_size": len(st.talon),
        "turn_up": names[st.turn_up] if st.turn_up is not None else None,
        "calls": [[sn[p], call] for p, call in st.deal.calls],
        "said": [[sn[p], word, names[c]] for p, word, c in st.deal.said],  # announced while playing
        "out_of_play": cards(st.out_of_play),
        "dead_card": names[st.dead] if st.dead is not None else None,
        "maker": sn[st.maker] if st.maker is not None else None,
        "called_card": names[st.called_card] if st.called_card is not None else None,
        "partner": _partner(st, sn),  # of the declarer, through the called card: None while it is secret
        "trump": (None if st.trump is None else g.pack.suits[st.trump] if st.trump < len(g.pack.suits)
                  else "trump cards"),  # (a deal where only the pack's `trump_cards` are trumps)
        "talon": cards(st.talon) if _talon_face_up(st) else None,  # face down unless exposed
        "talon_exposed": st.talon_exposed,  # chosen aloud, even when the cards are turned up only later
        "talon_seen": cards(st.talon_seen[seat]),  # talon cards this seat was allowed to look at
        # declarations: what each player said of his best; the winner's combinations are shown
        "declarations": [_declaration(entry, st, cards, sn) for entry in st.declarations],
        "declaring": _declaring(st, sn),
        "discards": cards(st.discards[seat]),  # one's own discards only
        "exchanged": {sn[p]: st.exchanges[p] for p in order},
        "totals": {sn[p]: st.totals[p] for p in order},
        "past_deals": [{"deal": d.number, "contract": d.contract, "scores": {sn[p]: d.scores[p] for p in order}}
                       for d in st.deals if d.scores is not None],
    }
    if seat == st.current:
        v["legal"] = [a.name for a in st.legal_actions()]
    return v


def deal_result(st, deal) -> dict:
    """A finished deal as the score sheet shows it to everybody: dealer, contract, raw and final scores."""
    sn = st.game.seat_names
    order = st.game.turn_order
    return {"deal": deal.number, "dealer": sn[deal.dealer], "contract": deal.contract,
            "raw": {sn[p]: deal.raw[p] for p in order}, "scores": {sn[p]: deal.scores[p] for p in order}}


def _partner(st, sn):
    """The declarer's partner (himself when alone), once everybody may know it: when the called
    card has been played, when the deal is over, or at once when the called card is not in play."""
    if st.deal.called is None:  # no card called (yet)
        return None
    c = st.called_card
    if c is not None and st.deal.scores is None and c not in st.trick_cards \
            and not any(c in t.cards for t in st.tricks):
        return None
    return sn[st.called_holder if st.called_holder is not None else st.declarer]


def _talon_face_up(st) -> bool:
    if not st.talon_exposed:
        return False
    return st.talon_shown_when is None or bool(st.talon_shown_when(st))


def _declaration(entry, st, cards, sn) -> dict:
    """One category's public result: what was said, the answer, what the winner showed."""
    cat, declared, _, winner, points, answer, said, compare, show = entry
    shown = [p for p in range(st.n)
             if p == winner or (compare == "none" and declared[p] and (show or (cat, p) in st.shown_later))]
    return {"category": cat, "said": {sn[p]: said_text(said[p]) for p in range(st.n)}, "answer": answer,
            "winner": sn[winner] if winner is not None else None,
            "shown": {sn[p]: [nm for nm, _ in declared[p]] for p in shown},
            "cards": {sn[p]: cards(c for _, cs in declared[p] for c in cs) for p in shown},
            "points": {sn[p]: points[p] for p in range(st.n)}}


def _declaring(st, sn) -> dict:
    """In the category being declared: what those who have declared have said so far."""
    if getattr(st, "declaring", None) is None or not isinstance(st.phase, Declare):
        return {}
    phase = st.phase
    cat = phase.categories[st.declare_cat]
    out = {}
    for p, d in enumerate(st.declaring):
        if d is not None:
            combo = phase.best_combo(st, cat, d)
            parts = phase.parts(cat, combo) if combo else []
            out[sn[p]] = said_text(parts if not cat.stepwise else parts[:1])
    return out


def _card(pack, suit: int, strength: int) -> str:
    """The name of the card of `suit` with plain strength `strength` (it may be out of the pack)."""
    return f"{pack.ranks[len(pack.ranks) - strength]}{pack.suits[suit]}"

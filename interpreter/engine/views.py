"""What one seat may see: built from the state on request, never in the play loop.

A view holds the seat's own hand, every public fact (dealer, declarer, contract,
announcements, doubles, the cards played so far, tricks won, the layout, hands shown
on a pass, scores) and nothing hidden: other hands, the talon and the dealt cards of
other seats never appear, so an agent given a view cannot cheat.
"""

from __future__ import annotations

from ..phases.declare import Declare, said_text


def view(state, seat: int) -> dict:
    """Plain data: everything `seat` may know now."""
    g = state.game
    pack = g.pack
    names = pack.names
    sn = g.seat_names
    order = g.turn_order  # seats in playing order, from the first: A B C D E whichever way play goes

    def cards(cs):
        return [names[c] for c in sorted(cs, key=pack.sort_key)]

    announced = {}
    for var, value in state.deal.announced.items():
        t = g.announce_types.get(var)
        announced[var] = pack.suits[value] if t == "suit" else pack.ranks[value] if t == "rank" else value
    v = {
        "seat": sn[seat],
        "deal": state.deal_number,
        "dealer": sn[state.dealer],
        # not known while bidding; none in a game (or a deal) nobody declares
        "declarer": sn[state.declarer] if state.phase.kind != "auction" and state.declarer is not None else None,
        "phase": state.phase.name,
        "to_act": sn[state.current] if state.current >= 0 else None,
        "contract": state.contract_key,
        "announced": announced,
        "doubles": [[sn[p], [sn[t] for t in ts]] for p, ts in state.deal.doubles],
        # not looked at while calling blind, or before its turn to call unseen
        "hand": cards(state.hands[seat]) if not (state.calling_blind or state.unseen[seat]) else [],
        "passing": cards(state.passing[seat]),  # cards this seat chose to pass, not yet received
        "passed": cards(state.passed[seat]),  # cards this seat passed in this deal
        "hand_sizes": {sn[p]: len(state.hands[p]) for p in order},
        "shown_hands": {sn[p]: cards(state.hands[p]) for p in range(state.n) if state.shown[p] and p != seat},
        "trick": [[sn[p], names[c]] for p, c in zip(state.trick_seats, state.trick_cards)],
        "tricks": [{"leader": sn[t.leader], "cards": [[sn[p], names[c]] for p, c in zip(t.seats, t.cards)],
                    "winner": sn[t.winner]} for t in state.tricks],
        "tricks_won": {sn[p]: state.tricks_won[p] for p in order},
        "layout": {pack.suits[s]: [_card(pack, s, run[0]), _card(pack, s, run[1])]
                   for s, run in enumerate(state.layout) if run is not None},
        "out": [sn[p] for p in state.out],
        "sitting_out": [sn[p] for p in state.sitting_out],  # seats that take no part in this deal's play
        "talon_size": len(state.talon),
        "turn_up": names[state.turn_up] if state.turn_up is not None else None,
        "calls": [[sn[p], call] for p, call in state.deal.calls],
        "said": [[sn[p], word, names[c]] for p, word, c in state.deal.said],  # announced while playing
        "out_of_play": cards(state.out_of_play),
        "dead_card": names[state.dead] if state.dead is not None else None,
        "maker": sn[state.maker] if state.maker is not None else None,
        "called_card": names[state.called_card] if state.called_card is not None else None,
        "partner": _partner(state, sn),  # of the declarer, through the called card: None while it is secret
        "trump": (None if state.trump is None else g.pack.suits[state.trump] if state.trump < len(g.pack.suits)
                  else "trump cards"),  # (a deal where only the pack's `trump_cards` are trumps)
        "talon": cards(state.talon) if _talon_face_up(state) else None,  # face down unless exposed
        "talon_exposed": state.talon_exposed,  # chosen aloud, even when the cards are turned up only later
        "talon_seen": cards(state.talon_seen[seat]),  # talon cards this seat was allowed to look at
        # declarations: what each player said of his best; the winner's combinations are shown
        "declarations": [_declaration(entry, state, cards, sn) for entry in state.declarations],
        "declaring": _declaring(state, sn),
        "discards": cards(state.discards[seat]),  # one's own discards only
        "shown_discards": {sn[p]: cards(d) for p, d in enumerate(state.shown_discards) if d},  # laid face up
        # cards seen taken into a hand (a turn-up, a talon shown as it is taken)
        "taken": {sn[state.taken_up[0]]: cards(state.taken_up[1])} if state.taken_up is not None else {},
        "exchanged": {sn[p]: state.exchanges[p] for p in order},
        "totals": {sn[p]: state.totals[p] for p in order},
        "past_deals": [{"deal": d.number, "contract": d.contract, "scores": {sn[p]: d.scores[p] for p in order}}
                       for d in state.deals if d.scores is not None],
    }
    if seat == state.current:
        v["legal"] = [a.name for a in state.legal_actions()]
    return v


def deal_result(state, deal) -> dict:
    """A finished deal as the score sheet shows it to everybody: dealer, contract, raw and final scores."""
    sn = state.game.seat_names
    order = state.game.turn_order
    return {"deal": deal.number, "dealer": sn[deal.dealer], "contract": deal.contract,
            "raw": {sn[p]: deal.raw[p] for p in order}, "scores": {sn[p]: deal.scores[p] for p in order}}


def _partner(state, sn):
    """The declarer's partner (himself when alone), once everybody may know it: when the called
    card has been played, when the deal is over, or at once when no card was called (`none`). A
    called card that lies in the talon is never played, so that the declarer is alone shows only
    when the deal is over: nobody could know sooner where the card was."""
    if state.deal.called is None:  # no card called (yet)
        return None
    c = state.called_card
    if c is not None and state.deal.scores is None and c not in state.trick_cards \
            and not any(c in t.cards for t in state.tricks):
        return None
    return sn[state.called_holder if state.called_holder is not None else state.declarer]


def _talon_face_up(state) -> bool:
    if not state.talon_exposed:
        return False
    return state.talon_shown_when is None or bool(state.talon_shown_when(state))


def _declaration(entry, state, cards, sn) -> dict:
    """One category's public result: what was said, the answer, what the winner showed."""
    cat, declared, _, winner, points, answer, said, compare, show = entry
    shown = [p for p in range(state.n)
             if p == winner or (compare == "none" and declared[p] and (show or (cat, p) in state.shown_later))]
    return {"category": cat, "said": {sn[p]: said_text(said[p]) for p in range(state.n)}, "answer": answer,
            "winner": sn[winner] if winner is not None else None,
            "shown": {sn[p]: [nm for nm, _ in declared[p]] for p in shown},
            "cards": {sn[p]: cards(c for _, cs in declared[p] for c in cs) for p in shown},
            "points": {sn[p]: points[p] for p in range(state.n)}}


def _declaring(state, sn) -> dict:
    """In the category being declared: what those who have declared have said so far."""
    if getattr(state, "declaring", None) is None or not isinstance(state.phase, Declare):
        return {}
    phase = state.phase
    cat = phase.categories[state.declare_cat]
    out = {}
    for p, d in enumerate(state.declaring):
        if d is not None:
            combo = phase.best_combo(state, cat, d)
            parts = phase.parts(cat, combo) if combo else []
            out[sn[p]] = said_text(parts if not cat.stepwise else parts[:1])
    return out


def _card(pack, suit: int, strength: int) -> str:
    """The name of the card of `suit` with plain strength `strength` (it may be out of the pack)."""
    return f"{pack.ranks[len(pack.ranks) - strength]}{pack.suits[suit]}"

"""`cardspec rules`: the steps of a deal told in words, one method per phase kind.

`PhaseWriter` is a part of the rulebook's writer (`rulebook._Writer` derives from it): each
phase of the spec becomes an entry of "A deal, step by step", written by `phase_<kind>`;
a kind without a method of its own is listed by its title only. The small helpers that
put values into sentences are here too, for both.
"""

from __future__ import annotations

from .wording import as_text, listing, rank_name, rank_word


class PhaseWriter:
    """The phases of a deal in words; `self.d` is the resolved spec, `self.w` its `Words`."""

    def phases(self):
        phases = self.d.get("phases") or {}
        for key, p in phases.items():
            p = p or {}
            kind = p.get("kind", key)
            title = key.replace("_", " ").capitalize()
            if kind != key:
                title += f" ({kind.replace('_', ' ')})"
            body = getattr(self, f"phase_{kind}", lambda p: [])(p)
            lines = [title] + body
            if "when" in p:
                cond = self.w.cond(p["when"])
                lines.append("This step never happens here." if cond == "never" else "" if cond == "always" else
                             f"Only if {cond}; otherwise this step is skipped.")
            if p.get("next") == "end":
                lines.append("The deal ends here.")
            elif p.get("next"):
                lines.append(f"Then go to: {str(p['next']).replace('_', ' ')}.")
            self.add("A deal, step by step", key, lines)

    def given(self, p, key, sentence: str) -> list[str]:
        """`sentence` with `{}` as `p[key]` in words (a condition), when `p` has `key`; else nothing."""
        return [sentence.format(self.w.cond(p[key]))] if p.get(key) is not None else []

    def actor(self, p, default="declarer") -> str:
        """Who acts in a phase (`by`, else the engine's `default`), as the subject of a sentence."""
        return _cap(self.w(p.get("by", default)))

    def phase_deal(self, p):
        n = len(self.d["seats"])
        hs = p.get("hand_size")
        size = f"{hs} cards" if isinstance(hs, int) else f"as many cards as {self.w(hs)}" if hs is not None \
            else "the cards"
        packets = p.get("packets") or [1]
        how = "one at a time" if packets == [1] else f"in packets of {packets[0]}" if len(packets) == 1 else \
            f"in packets of {', '.join(map(str, packets))}, round after round"
        first = f", starting with {self.w(p.get('first', 'left(dealer)'))}"
        if p.get("more"):
            lines = [f"Complete each hand from the top of the talon to {size}, {how}{first}."]
        else:
            lines = [f"Deal each player {size}, {how}{first}."]
            if isinstance(hs, int) and self.g.pack.size > n * hs:
                lines.append(f"The other {self.g.pack.size - n * hs} cards are the talon.")
        if p.get("turn_up") == "trump":
            lines.append("Turn the next card face up: its suit is trump.")
        elif p.get("turn_up") == "offer":
            lines.append("Turn the next card face up: its suit is offered as trump.")
        lines += self.given(p, "burn_jokers", "If {}: a joker turned up goes to the bottom of the undealt cards and "
                                              "the next card is turned (jokers dealt stay in the hands).")
        if p.get("show_bottom"):
            lines.append("Then the bottom card of the talon is turned face up: shown to all, never played.")
        return lines

    def phase_choose_contract(self, p):
        if p.get("schedule"):
            names = [self.contract_name(k) for k in p["schedule"]]
            return [f"Nobody chooses: the contracts come in a fixed order, one per deal: {listing(names)} "
                    "(then again from the first)."]
        lines = [f"{self.actor(p)} chooses the contract."]
        if p.get("once_each"):
            lines.append("Each player names each contract once in a game.")
        for key, c in (self.d.get("contracts") or {}).items():
            if (c or {}).get("when") is not None:
                lines.append(f"{self.contract_name(key)} may be chosen only when {self.w.cond(c['when'])}.")
        return lines

    def phase_announce(self, p):
        by, said = self.actor(p), []
        for key, c in (self.d.get("contracts") or {}).items():
            for what, kind in ((c or {}).get("announce") or {}).items():
                said.append(f"in {self.contract_name(key)}, {_announce(what, kind)}")
        if not said:
            return [f"{by} announces what the contract asks for (none of the contracts here asks for anything)."]
        return [f"{by} announces: {'; '.join(said)}."]

    def phase_double(self, p):
        lines = [f"Each player in turn, from {self.w(p.get('first', 'left(declarer)'))}, may double "
                 "any of the players he is allowed to, or pass."]
        lines += self.given(p, "may_double", "A player may double another when {}.")
        lines += self.given(p, "must_double", "He must double another when {}.")
        lines += self.given(p, "redouble", "When {}, a player who may double those who doubled him redoubles all of "
                                           "them or none.")
        settle = p.get("settle", "pairwise")
        if settle == "pairwise":
            lines.append("Doubles are settled between each two players: for each double between them, the one "
                         "with the lower score in the deal pays the other the difference of their scores.")
        elif settle == "none":
            lines.append("Doubles change no score.")
        else:
            lines.append(f"Each player's final score is {self.w(settle)}.")
        return lines

    def phase_trump_bid(self, p):
        lines = [f"From {self.w(p.get('first', 'left(dealer)'))}, each player in turn may take the turned-up "
                 "card's suit as trump, or pass.",
                 "If both pass, a second round: each in turn may name another suit as trump, or pass.",
                 "The first to take or name a suit is the maker, and the bidding stops there."]
        if p.get("schmeiss"):
            lines.append("In the first round a player may instead say schmeiss: the next player accepts (the deal "
                         "is thrown in) or refuses (the one who said it is maker with the turned-up suit).")
        if p.get("last_must_name"):
            lines.append("The last player of the second round may not pass when all the others have: he must "
                         "name a suit.")
        if p.get("void_if_all_pass"):
            lines.append("If everybody passes in both rounds, the deal is thrown in: no play, no score.")
        return lines

    def phase_swap_turn_up(self, p):
        cond, card = self.w.unless_none(p.get("card"))
        said = f"the holder of {card} may exchange it for the turned-up card, or keep it."
        return [f"If {cond}, {said}" if cond else _cap(said)]

    def phase_call(self, p):
        lines = []
        first = f"From {self.w(p['first'])}, each" if p.get("first") else "Each"
        if p.get("second_round"):
            lines.append(f"{first} player who may add an announcement to his call may do so now, or pass.")
        else:
            opts = []
            num = p.get("numbers")
            if num:
                rng = f"a number of tricks from {self.w(num.get('from', 1))}"
                if num.get("to") is not None:
                    rng += f" to {self.w(num['to'])}"
                if num.get("allowed") is not None and str(num["allowed"]).strip() != "true":
                    rng += f" (allowed when {self.w.cond(num['allowed'])}" + (
                        f": {num['because']})" if num.get("because") else ")")
                opts.append(rng)
            for word, cond in (p.get("words") or {}).items():
                c = self.w.cond(cond)
                opts.append(f"{word}" + ("" if c == "always" else f" (when {c})"))
            if p.get("pass", True) is not False:
                opts.append("pass")
            lines.append(f"{first} player in turn makes one call: {listing(opts, 'or')}. "
                         "No call needs to beat an earlier one.")
            if p.get("pass", True) is False:
                lines.append("Nobody may pass.")
        for word, cond in (p.get("before_looking") or {}).items():
            c = self.w.cond(cond)
            lines.append(f"Nobody may call {word} (a call made before looking at one's cards)." if c == "never" else
                         f"Before looking at his cards, a player may call {word}" + (
                             "" if c == "always" else f" when {c}") +
                         "; he looks at them at his turn, or else after the calls.")
        for word, cond in (p.get("extras") or {}).items():
            lines.append(f"He may add {word} to his call when {self.w.cond(cond)}.")
        lines += self.given(p, "blind", "When {}, the calls are made without looking at the cards.")
        if p.get("void_if_all_pass"):
            lines.append("If everybody passes, the deal is void: no play, no score, and it does not count.")
        return lines

    def phase_auction(self, p):
        bids = p.get("bids") or []
        if isinstance(bids, dict):  # levels and strains
            levels, strains = [str(x) for x in bids.get("levels") or []], [str(x) for x in bids.get("strains") or []]
            bids = [f"{levels[0]}{strains[0]}", f"{levels[0]}{strains[-1]}", f"{levels[-1]}{strains[-1]}"] \
                if levels and strains else []
            bids = [f"a level ({', '.join(levels)}) and a strain ({', '.join(strains)}), from {bids[0]} up to "
                    f"{bids[-1]}, every strain of a level below every one of the next"] if bids else []
        else:
            ranks = any(isinstance(b, str) for b in bids)  # YAML reads the rank 3 as a number
            bids = [rank_word(b) if ranks else str(b) for b in bids]
        name = p.get("winning_bid", "bid")
        if any(k in p for k in ("pass_is_final", "ends_when", "declarer", "words")):
            return self._open_auction(p, bids, name)
        if p.get("hold"):
            return [f"The auction is a series of duels from {self.w(p.get('first', 'next(dealer)'))}: the next player "
                    "bids to him, and he holds (accepts the same bid) or passes; the bidder bids higher after each "
                    "hold, or passes. Whoever passes drops out, and the next player bids to the survivor.",
                    f"The bids, from the weakest to the strongest: {', '.join(bids)}.",
                    f"The survivor is the declarer; the last bid named is the {name.replace('_', ' ')}.",
                    "If nobody bids, the first player may bid or pass; if he passes too, " + self._all_passed(p)]
        return [f"From {self.w(p.get('first', 'next(dealer)'))}, each player still in the auction bids higher than "
                "the bid standing, or passes and takes no further part.",
                f"The bids, from the weakest to the strongest: {', '.join(bids)}.",
                f"The last bidder left is the declarer; his bid is the {name.replace('_', ' ')}.",
                "If everybody passes without a bid, " + self._all_passed(p)]

    def _open_auction(self, p, bids, name) -> list[str]:
        """An auction whose fixed behaviours the spec says otherwise."""
        final = p.get("pass_is_final")
        final = {True: "true", False: "false"}.get(final, final) if isinstance(final, bool) else final
        if final is None or str(final).strip() == "true":
            passing = "; a player who passes takes no further part"
        elif str(final).strip() == "false":
            passing = "; a player who passed may call again when his turn comes round"
        else:
            passing = f"; a pass is final when {self.w.cond(final)}"
        lines = [f"From {self.w(p.get('first', 'next(dealer)'))}, each player in turn bids higher than the bid "
                 "standing, or passes" + passing + "."]
        lines.append(f"The bids, from the weakest to the strongest: {', '.join(bids)}.")
        for word, cond in (p.get("words") or {}).items():
            lines.append(f"A player may also call {word}" + ("" if str(cond).strip() == "true" else
                                                            f", when {self.w.cond(cond)}") + ".")
        if p.get("ends_when") is not None:
            lines.append(f"The auction ends when {self.w.cond(p['ends_when'])}.")
        else:
            lines.append("The auction ends when one bidder is left.")
        who = self.w(p["declarer"]) if p.get("declarer") is not None else "the last bidder"
        lines.append(f"The declarer is {who}; the bid standing is the {name.replace('_', ' ')}.")
        lines.append("If nobody bids, " + self._all_passed(p))
        return lines

    @staticmethod
    def _all_passed(p) -> str:
        """What an auction nobody bids in comes to."""
        if p.get("void_if_all_pass", True) is False:
            return "the deal is played on without a declarer."
        return "the deal is thrown in."

    def phase_pass_cards(self, p):
        who = "Each player" if p.get("who") is None else f"Each player for whom {self.w.cond(p['who'])}"
        count = p.get("count", 1)
        count = f"{count} cards" if isinstance(count, int) and count != 1 else \
            "1 card" if count == 1 else f"as many cards as {self.w(count)}"
        return [f"{who} passes {count} face down to {self.w(p.get('to', 'none'))}; all choose at once, and "
                "the cards are received when everybody has chosen."]

    def phase_call_card(self, p):
        return [f"The declarer calls {self.w(p.get('card'))}: whoever holds it is his secret partner, "
                "known to all only when that card is played (if the declarer holds it, or nobody does, "
                "he plays alone)."]

    def phase_exchange(self, p):
        by = self.actor(p)
        lo, hi = (_bracketed(self.w(p[k])) if p.get(k) is not None else None for k in ("min", "max"))
        count = f"at least {lo or 0}" + ("" if hi is None else f" and at most {hi}")
        if p.get("take") is not None:
            taken = "the turned-up card" if p["take"] == "turn_up" else "the talon"
            count = (f"at least {lo}" if lo is not None else "as many as he took") + (
                "" if hi is None else f" and at most {hi}")
            shown = []
            if p.get("show_taken") is not None and p["take"] == "talon":
                shown = [f"The talon is shown to all as he takes it, when {self.w(p['show_taken'])}."]
            return [f"{by} takes {taken} into his hand, then discards cards face down, one by one: {count}.",
                    *shown, *self._discard_limits(p)]
        lines = [f"{by} discards cards face down, one by one: {count} (never more than the talon holds); "
                 + ("then he draws as many from the top of the talon." if p.get("draw", True) else
                    "he draws them later.")]
        if p.get("sees_unused") is not None:
            lines.append(f"If he took fewer than {self.w(p['sees_unused'])}, he may look at the talon cards "
                         "he left.")
        return lines + self._discard_limits(p)

    def _discard_limits(self, p) -> list[str]:
        lines = []
        if p.get("rules"):
            lines.append(f"What he may discard follows the rules of play {', '.join(map(str, p['rules']))} "
                         "(see Rules of play), each unless it would leave nothing to discard.")
        if p.get("shown") is not None:
            lines.append(f"A discard is laid face up, for all to see, when {self.w(p['shown'])}.")
        return lines

    def phase_draw(self, p):
        return [f"{self.actor(p)} draws from the talon as many cards as he discarded."]

    def phase_expose(self, p):
        lines = [f"{self.actor(p, 'dealer')} may turn the cards left in the talon face up, "
                 "or leave them hidden; they take no further part."]
        lines += self.given(p, "shown_when", "They are turned face up only once {}.")
        return lines

    def phase_declare(self, p):
        lines = [f"{_cap(self.w(p['by']))} alone may declare." if p.get("by") else
                 f"From {self.w(p.get('first', 'declarer'))}, each player in turn declares, category by "
                 "category."]
        for name, c in (p.get("categories") or {}).items():
            lines.append(f"{name[:1].upper() + name[1:]}:" + (f" {as_text(c['description'])}." if c.get("description")
                                                             else ""))
            lines += ["  " + ln for ln in self.category(c)]
        ans = p.get("answers")
        if ans:
            said = [f"\"{ans[k]}\" when hers is {k}" for k in ("worse", "better", "equal") if k in ans]
            lines.append(f"The second player answers each declaration: {listing(said)}.")
        return lines

    def category(self, c):
        at_least = c.get("at_least")
        kind = {"suits": "each suit he holds", "hand": "the whole hand",
                "runs": "a run of consecutive ranks in one suit",
                "ranks": "the cards of one rank"}[c.get("combinations", "suits")]
        if at_least:
            kind += f", of at least {at_least} cards"
        if c.get("ranks"):
            kind += f" (only {listing([rank_name(r) for r in c['ranks']], 'or')})"
        lines = [f"A combination is {kind}" + (f", and only if {self.w.cond(c['only_if'])}" if c.get("only_if")
                                                else "") + "."]
        lines.append("He declares one such combination or nothing." if c.get("choose", "any") == "one" else
                     "He declares any of his combinations.")
        parts = {"size": "its size", "top": "its top card", "pips": "its pips"}
        said = [parts[a] for a in c.get("announce") or ["size"]]
        lines.append(f"He says {listing(said)}" + (", one part at a time while the declarations are equal."
                                                   if c.get("stepwise") else "."))
        if c.get("compare", "best") == "best":
            if c.get("key") is not None:
                lines.append(f"Combinations compare by {self.w(c['key'])}: the higher is the better.")
            lines.append("The player with the best scores every combination he declared; the other scores none"
                         + (" (equal best: the first to declare wins)." if c.get("ties") == "first" else
                            " (equal best: nobody scores)."))
        else:
            lines.append("Every player scores what he declared, with no comparison.")
        if c.get("score") is not None:
            lines.append(f"A combination scores {self.w(c['score'])}.")
        if c.get("split_long"):
            lines.append(f"A run longer than six counts as two: its top {c['split_long']} cards and the rest.")
        if c.get("show") is False:
            lines.append("The cards stay hidden until they are shown later.")
        return lines

    def phase_show(self, p):
        return [f"{self.actor(p)} shows the {p.get('category')} he declared earlier."]

    def phase_play(self, p):
        return ["The cards are played: see Play, and each contract."]

    def phase_score(self, p):
        return ["Each player scores the deal as the contract says: see Contracts."]


def _value(v) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    return str(v)


def _bracketed(words: str) -> str:
    """Words that read as one value inside a sentence: a condition's value in brackets."""
    return f"({words})" if " if " in words else words


def _cap(s: str) -> str:
    return s[:1].upper() + s[1:]


def _announce(what, kind) -> str:
    name = str(what).replace("_", " ")
    if kind == "suit":
        return f"the {name} suit" if name == "trump" else f"a suit (the {name})"
    if kind == "rank":
        return f"the {name} rank" if name == "start" else f"a rank (the {name})"
    return f"a number (the {name}): {listing([str(k) for k in kind], 'or')}"

"""Trick play: the leader leads, every seat plays one card, the best card wins the trick.

Legality is the rulebook's cascade: the contract lists restrictions (`follow suit`,
`heart-lead ban`, `must win with a trump`, ...) and each, when its `when` holds, keeps
only the cards its `keep` allows, unless that would keep none, in which case it lapses.
The first restriction that removed a card is the rule named when that card is refused.

The winner is the highest trump in the trick, else the highest card of the suit led;
cards of other suits never win. The winner leads the next trick. Play ends when the
hands are empty or `stop_when` holds after a trick.

`announcements` are words a player may say as he plays a card, when their condition on
the card holds (say, on playing the second of a pair). Each such card is offered twice:
`play QH` and `play QH WORD`. What was said is public and counts with `announced(p, word)`.
Games without announcements never go through that code.

A contract's play may also fix the trump (`trump`: a suit, `none`, or `trump_cards` for a
deal in which only the pack's `trump_cards` are trumps), give its own rank orders
(`plain_order`, `trump_order`: a game without trumps may rank cards otherwise), and let seats sit out
(`sits_out`, a condition on `player`: a lone player's partner lays his hand down); with
`open_hand`, the seats for which it holds play with their hands face up (an open game). A
seat that sits out keeps its cards and is skipped: the tricks have fewer cards, and a
leader who sits out passes the lead to the next seat that plays.
"""

from __future__ import annotations

import enum

from ..core.actions import Action
from ..core.errors import GameError, Refusal
from ..core.results import Trick
from . import Phase, in_the_open


class When(enum.IntEnum):
    """When a play rule applies: always, on lead, not on lead, or when its condition holds."""

    ALWAYS = 0
    ON_LEAD = 1
    NOT_ON_LEAD = 2
    IF = 3


ALWAYS, ON_LEAD, NOT_ON_LEAD, IF = When  # (plain names for the play loop)


class PlayRule:
    """One labelled restriction of the cascade."""

    __slots__ = ("name", "when", "keep", "text", "mode", "lead")

    def __init__(self, name, when, keep, text, mode=None, lead=None):
        self.name = name
        self.when = when  # compiled bool, or None for always
        self.keep = keep  # keep(state, cards) -> the cards the rule allows
        self.text = text  # what to tell a player whose card it refuses
        # `when: leading` / `when: not leading` are so common that the play loop tests them directly
        self.mode = mode if mode is not None else (ALWAYS if when is None else IF)
        # a `when` that begins `leading and ...` (True) or `not leading and ...` (False): a generated
        # play loop does not ask it where it cannot hold; None: either
        self.lead = lead


class Announcement:
    """A word a player may say as he plays a card, when `card_filter` keeps that card."""

    __slots__ = ("word", "value", "card_filter", "text")

    def __init__(self, word, value, card_filter, text):
        self.word = word
        self.value = value  # how `announced(p, word)` knows it
        self.card_filter = card_filter  # (state, cards) -> the cards it may be said with
        self.text = text


class Said(Action):
    """Playing a card and saying a word with it (`play QH WORD`)."""

    __slots__ = ("announcement",)

    def __init__(self, card, announcement):
        super().__init__("play", card, f"{card.name} {announcement.word}")
        self.announcement = announcement


def _follow_only(cascade):
    """For a cascade whose rules all apply `when: not leading` and start with `card.x == value`
    (follow suit, then perhaps must trump...): legal() as one closure with nothing to test
    but the lead. This is the shape of the common trick games; others go through `legal`."""
    if not cascade or any(mode != NOT_ON_LEAD or eq is None for mode, _, _, eq in cascade):
        return None
    steps = tuple((table, value, rest) for _, _, _, ((table, value), rest) in cascade)
    if len(steps) == 1 and not steps[0][2]:
        table, value, _ = steps[0]

        def legal(state):
            hand = state.hands[state.to_play]
            if state.leading:
                return hand[:]
            v = value(state)
            return [c for c in hand if table[c] == v] or hand[:]
        return legal

    def legal(state):
        cands = hand = state.hands[state.to_play]
        if state.leading:
            return hand[:]
        state.player = state.to_play
        # the loop of `Tricks.legal` with its mode tests taken out: kept apart on purpose, for speed;
        # tests/phases/test_trick_cascades.py holds the two to the same answers
        for table, value, rest in steps:
            v = value(state)
            kept = [c for c in cands if table[c] == v]
            for step in rest:
                if not kept:
                    break
                kept = step(state, kept)
            if kept:
                cands = kept
        return hand[:] if cands is hand else cands
    return legal


def _inline(keep):
    """((table, value getter), further steps) when a rule starts with `card.x == value`, else None."""
    eq = getattr(keep, "select_eq", None)
    if eq is not None:
        return eq, ()
    return getattr(keep, "select_eq_then", None)


class Tricks(Phase):
    kind = "tricks"
    public_name = in_the_open  # cards are played face up, announcements said aloud

    def __init__(self, name, pack, n, step, leader, rules, stop_when, play_actions, announcements=(),
                 trump=None, orders=None, sits_out=None, open_hand=None, controller=None, open_from=None,
                 beats=None, led=None):
        super().__init__(name)
        self.beats = beats  # compiled filter over `card` (with `best` the card winning so far), or None
        self.beats_one = None  # and the same condition as a test of one card, `beats_one(state, c)`
        self.led = led  # compiled suit: the suit led, read after each card (None: the first card's suit)
        self.open_hand = open_hand  # compiled bool over `player`: a seat that plays with its hand face up
        self.controller = controller  # compiled seat over `player`: who chooses the card of that hand (None: he)
        self.open_from = open_from  # compiled bool: the moment the open hands are laid face up (None: at once)
        self.trump = trump  # compiled: the trump suit set as play starts (None: leave it as it is)
        self.orders = orders  # a Pack with this contract's own rank orders, or None
        self.sits_out = sits_out  # compiled bool over `player`: a seat that takes no part in the play
        self.n = n
        self.step = step
        self.after = tuple((p + step) % n for p in range(n))  # who plays after each seat
        # the seats of a trick in playing order, by its leader
        self.order = tuple(tuple((lead + i * step) % n for i in range(n)) for lead in range(n))
        self.suit = pack.suit
        self.leader = leader
        self.rules = tuple(rules)
        self._cascade = tuple((r.mode, r.when, r.keep, _inline(r.keep)) for r in rules)
        self.stop_when = stop_when
        self.play = play_actions  # card number -> the card (its own play action)
        self.fast = _follow_only(self._cascade)  # the usual cascades (follow suit, must trump...): a closure for them
        self.announcements = tuple(announcements)
        if self.announcements:  # what each seat said is kept with its calls
            self.owns = ("call_extras",)
            self.records = ("said",)
        self.said = {(c, a.word): Said(play_actions[c], a) for a in self.announcements for c in range(len(pack))}
        self.every_action = (*self.play, *self.said.values())
        self._play_with(self.fast, None)

    def _play_with(self, legal, apply, said: bool = False) -> None:
        """Play with `legal` and `apply` (None: the class's own; `_apply_open` when the spec says who
        takes a trick or what suit is led), wrapped for the words said with a card (`legal` offering
        them already when `said`) and for the moments of `controller` and `open_from`."""
        if legal is not None:
            self.legal = legal
        else:
            self.__dict__.pop("legal", None)
        if apply is None and (self.beats is not None or self.led is not None):
            apply = self._apply_open
        if apply is not None:
            self.apply = apply
        else:
            self.__dict__.pop("apply", None)
        if self.announcements:
            self._announce(said)
        if self.controller is not None or self.open_from is not None:
            self._moments()

    def _moments(self):
        """Play where another seat chooses a hand's card (`controller`: the declarer plays the dummy), or
        where the open hands are laid face up only from a moment on (`open_from`, read after each card
        until it holds). The play then leaves every move to `actor`, which names the chooser."""
        plain_apply, controller, open_from = self.apply, self.controller, self.open_from

        def actor(state):
            p = state.to_play
            if p is None or controller is None:
                return p
            state.player = p
            return controller(state)

        def apply(state, action):
            plain_apply(state, action)
            if state.open_pending and open_from(state):
                self._lay_open(state)
            return None  # (the next to play is asked of `actor`, which names who chooses for him)

        self.actor, self.apply = actor, apply

    def _lay_open(self, state) -> None:
        """The open hands are laid face up, for the rest of the play."""
        state.open_pending = False
        for p in range(self.n):
            state.player = p
            if self.open_hand(state):
                state.shown[p] = True

    def say(self, state, action):
        """The word of `action`, a card said with a word, said by the seat to play (its announcement,
        and the deal's record of what was said); the card's own play action."""
        a = action.announcement
        p = state.to_play
        state.call_extras[p] = state.call_extras[p] + (a.value,)
        state.deal.said.append((p, a.word, action.arg))
        return self.play[action.arg]

    def _announce(self, said: bool = False):
        """Offer, besides each legal card, that card with each word that may be said with it (unless
        `legal` offers them already: generated play writes them into its list); an `apply` that does
        not say the words itself (`says`: generated play's) is wrapped to say them."""
        plain_apply, say = self.apply, self.say

        def apply(state, action):
            if action.__class__ is Said:
                action = say(state, action)
            return plain_apply(state, action)

        if not said:
            plain_legal, words_for = self.legal, self.words_for

            def legal(state):
                cards = plain_legal(state)
                extra = words_for(state, cards)
                return cards + extra if extra else cards
            self.legal = legal
        if not getattr(plain_apply, "says", False):
            self.apply = apply

    def words_for(self, state, cards) -> list:
        """Each of `cards` with each word that may be said with it, word by word (each word's filter
        keeping the cards it may be said with): what the list offers after the cards."""
        state.player = state.to_play
        said = self.said
        return [said[c, a.word] for a in self.announcements for c in a.card_filter(state, cards)]

    def said_with(self, cards, answers) -> list:
        """Each of `cards` with each word whose condition, which reads no card, holds (`answers`, in
        the words' order): what `words_for` gives then, without asking again."""
        said = self.said
        return [said[c, a.word] for a, yes in zip(self.announcements, answers) if yes for c in cards]

    def install(self, generated) -> None:
        """Play with generated functions (`emit.tricks.compile_tricks`) instead of the closures:
        the legal list (the cards, then each with the words that may be said with it), the playout
        loop (None when the moves go through apply(): words said with a card, `controller`,
        `open_from`), and `apply` when the spec says who takes a trick or what suit is led (else
        None: the class's own)."""
        legal, self.playout, apply, self.source = generated
        self._play_with(legal, apply, said=True)

    def start(self, state) -> None:
        if self.trump is not None:
            state.set_trump(self.trump(state))
        if self.orders is not None:
            state.power, state.trump_power = self.orders.power, self.orders.trump_power_for(state.trump)
        leader = self.leader(state)
        if leader is None:  # (a declarer nobody became, say): the play would be skipped in silence
            raise state._fault(None, message=f"nobody leads the first trick of phase `{self.name}`: its `leader` "
                                             "(the declarer, unless the play names another) is none in this deal")
        state.trick_size, state.after, state.trick_order = self.n, self.after, self.order
        if self.sits_out is not None:
            leader = self._seat_out(state, leader)
        if self.open_hand is not None:  # these hands lie face up for the whole play, or from `open_from` on
            if self.open_from is None or self.open_from(state):
                self._lay_open(state)
            else:
                state.open_pending = True
        state.leader = state.to_play = leader
        state.trick_cards = []
        state.led_suit = None
        state.trick_best = -1
        state.leading = True

    def _seat_out(self, state, leader):
        """Skip the seats that sit out this deal; returns who leads (the next seat playing, if the
        leader sits out)."""
        out = []
        for p in range(self.n):
            state.player = p
            if self.sits_out(state):
                out.append(p)
        if not out:
            return leader
        if len(out) == self.n:
            raise GameError(f"`{self.name}`: every seat sits out (`sits_out`)", rule="sits_out")
        state.sitting_out = out
        playing = [p for p in self.order[leader] if p not in out]
        after = list(self.after)
        for p in range(self.n):
            q = self.after[p]
            while q in out:
                q = self.after[q]
            after[p] = q
        state.trick_size, state.after = len(playing), tuple(after)
        state.trick_order = tuple(tuple(p for p in self.order[lead] if p not in out) for lead in range(self.n))
        return leader if leader not in out else after[leader]

    def actor(self, state):
        return state.to_play

    def legal(self, state):
        cands = hand = state.hands[state.to_play]
        state.player = state.to_play
        leading = state.leading
        for mode, when, keep, eq in self._cascade:
            if mode == ALWAYS or (not leading if mode == NOT_ON_LEAD else leading if mode == ON_LEAD else when(state)):
                if eq is not None:  # `card.x == value [and ...]`: the first comprehension inline
                    (table, value), rest = eq
                    value = value(state)
                    kept = [c for c in cands if table[c] == value]
                    for step in rest:
                        if not kept:
                            break
                        kept = step(state, kept)
                else:
                    kept = keep(state, cands)
                if kept:
                    cands = kept
        return hand[:] if cands is hand else cands  # the cards are the actions

    def apply(self, state, action):
        c = action  # a card is its own play action
        p = state.to_play
        state.hands[p].remove(c)
        cards = state.trick_cards
        suit = state.suit
        if not cards:
            state.leading = False
            s = state.led_suit = suit[c]
            state.trick_best = c
            state.trick_winner = p
            state.best_power = state.trump_power if s == state.trump else state.power  # the order the best card is in
        else:
            best, s = state.trick_best, suit[c]
            if s == suit[best]:  # beats(), inlined
                power = state.best_power
                if power[c] > power[best]:
                    state.trick_best = c
                    state.trick_winner = p
            elif s == state.trump:
                state.trick_best = c
                state.trick_winner = p
                state.best_power = state.trump_power
        cards.append(c)
        if len(cards) < state.trick_size:
            p = state.to_play = state.after[p]
            return p
        return self._close_trick(state, cards)

    def _close_trick(self, state, cards):
        """The trick is full: its winner takes it and leads the next (or the play ends)."""
        w = state.trick_winner
        state.tricks.append(Trick((len(state.tricks) + 1, state.leader, state.trick_order[state.leader], w,
                                   state.led_suit, *cards)))
        state.won[w].extend(cards)
        state.tricks_won[w] += 1
        state.trick_cards = []
        state.led_suit = None
        state.trick_best = -1
        state.leading = True
        if not state.hands[w] or (self.stop_when is not None and self.stop_when(state)):
            state.to_play = None
        else:
            state.leader = state.to_play = w
        return state.to_play

    def _apply_open(self, state, action):
        """`apply` for a play whose trick winner or led suit the spec says (`beats`, `led_suit`): a
        card takes the trick when `beats` holds of it against the best card so far (by default: the
        same suit and stronger, or a trump over a card that is not one), and the suit led is read
        again after each card (by default: the first card's)."""
        c, p = action, state.to_play
        state.hands[p].remove(c)
        cards = state.trick_cards
        if not cards:
            state.leading = False
            state.trick_best, state.trick_winner = c, p
        else:
            state.player = p
            if self.beats is not None:
                wins = bool(self.beats_one(state, c))
            else:
                best, suit = state.trick_best, state.suit
                if suit[c] == suit[best]:
                    power = state.trump_power if suit[c] == state.trump else state.power
                    wins = power[c] > power[best]
                else:
                    wins = suit[c] == state.trump
            if wins:
                state.trick_best, state.trick_winner = c, p
        cards.append(c)
        state.led_suit = self.led(state) if self.led is not None else state.suit[cards[0]]
        if len(cards) < state.trick_size:
            p = state.to_play = state.after[p]
            return p
        return self._close_trick(state, cards)

    def refuse(self, state, action):
        c = action.arg
        p = state.to_play
        pack_names = state.game.pack.names
        if c not in state.hands[p]:
            return f"{state.seat_name(p)} does not hold {pack_names[c]}", None, Refusal.NOT_HELD
        if action.__class__ is Said and c in self.legal(state):
            a = action.announcement
            return f"`{action.name}`: you may say {a.word} only {a.text}; play {state.game.pack.names[c]} alone", a.word
        cands = state.hands[p]
        state.player = p  # (each rule's `when` and `keep` read the seat to play as `player`)
        for rule in self.rules:
            if rule.when is not None and not rule.when(state):
                continue
            kept = rule.keep(state, cands)
            if kept:
                if c not in kept:
                    held = " ".join(pack_names[x] for x in kept)
                    return (f"`{action.name}` breaks the rule `{rule.name}` ({rule.text}); you may play {held}",
                            rule.name)
                cands = kept
        return super().refuse(state, action)


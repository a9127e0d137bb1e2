"""What the terminal shows a human: his own seat's view and the others' actions in their public form.

The main test plays seeded games through `cardspec play`'s loop with one human seat (a
typist reading the screen), then plays each again with the cards that seat never holds
dealt differently, and checks that, as long as the seat's view has been the same at every
decision, the screen has been the same too: what is printed is a function of what the
seat may know. Hand-written cases check the exact lines of the leaks this closes: a bot's
discards, and declarations (said aloud, shown only by the winner); and the lines of the table
itself: the trump in the heading, the called card and partnership as the seat knows them, a hand
not looked at yet, the exchanges, the last trick.

The default run plays a few deals per spec and seat (more where some phase hides details);
`CARDSPEC_SCREEN_GAMES=N` plays at least N games for each, and every option value of
`tools/playthrough.py` as well.
"""

from __future__ import annotations

import io
import os
import random
import re
from pathlib import Path

import pytest

from interpreter.commands.common import IO
from interpreter.commands.play import play_game
from interpreter.compile.game import load_game
from interpreter.players.agents import HumanAgent, ScriptedAgent, make_agent
from interpreter.words.screen import action_line, describe

ROOT = Path(__file__).resolve().parents[2]
SPECS = sorted(str(p.relative_to(ROOT / "specs")) for p in (ROOT / "specs").glob("**/*.yaml"))
GAMES = int(os.environ.get("CARDSPEC_SCREEN_GAMES", "0"))


class Stop(Exception):
    """Ends a watched game early: its deal is over, or its seat's view is no longer the reference's."""


class Typist:
    """A human at the keyboard who reads the screen: picks one of the choices last listed, and now
    and then asks for help, the table, or types something not allowed first. What it types
    depends only on what was printed (and its own seeded dice)."""

    def __init__(self, out, seed, card_names):
        self.out = out
        self.rng = random.Random(seed)
        self.card_names = card_names
        self.queue: list[str] = []

    def readline(self) -> str:
        if not self.queue:
            text = self.out.getvalue()
            start = text.rindex("  Your choice: ") + len("  Your choice: ")
            choices = text[start:text.index("\n", start)].split(", ")
            r = self.rng.random()
            if r < 0.04:
                self.queue.append("help")
            elif r < 0.08:
                self.queue.append("view")
            elif r < 0.16:
                self.queue.append(self.rng.choice(self.card_names))  # often not held, or not a move now
            self.queue.append(self.rng.choice(choices))
        return self.queue.pop(0) + "\n"


class Screen:
    """One game as the human seat lives it: at each decision, that seat's view and how much
    had been printed before it (and, for the human's own decisions, after his prompt)."""

    def __init__(self, game, seat, last_deal, reference=None):
        self.game, self.seat, self.last_deal, self.reference = game, seat, last_deal, reference
        self.out = io.StringIO()
        self.views: list[dict] = []
        self.printed: list[int] = []  # characters printed when the decision was made
        self.held: set[int] = set()  # every card the human held or saw face up (not played) in the last deal

    def before(self, state) -> None:
        if state.deal_number > self.last_deal:
            raise Stop
        view = state.view(self.seat)
        ref = self.reference
        if ref is not None and (len(ref.views) <= len(self.views) or ref.views[len(self.views)] != view):
            raise Stop  # the seat may now know something else: the screens may differ from here on
        self.views.append(view)
        self.printed.append(len(self.out.getvalue()))
        if state.deal_number == self.last_deal:  # what the seat sees of the cards, but for those played
            names = view["hand"] + view["out_of_play"] + (view["talon"] or []) + view["talon_seen"] + \
                [c for c in (view["turn_up"], view["dead_card"]) if c is not None]
            self.held.update(state.hands[self.seat])
            self.held.update(self.game.pack.parse(c) for c in names)

    def after(self) -> None:
        self.printed[-1] = len(self.out.getvalue())


class Watched:
    """A seat's agent, with the screen noted at each of its decisions."""

    def __init__(self, inner, screen, human):
        self.inner, self.screen, self.human = inner, screen, human

    def choose(self, state, seat, legal):
        self.screen.before(state)
        action = self.inner.choose(state, seat, legal)
        if self.human:
            self.screen.after()
        return action


def watch(game, seat, seed, last_deal, reference=None, **deal):
    """Play `game` (seed `seed`, or the given deals) with a typist in `seat` and random bots,
    through the play loop, up to the end of deal `last_deal`; the state and its screen."""
    screen = Screen(game, seat, last_deal, reference)
    kinds = ["random"] * game.n
    kinds[seat] = "human"
    typist = Typist(screen.out, seed, list(game.pack.names))
    agents = [Watched(HumanAgent(typist, screen.out) if p == seat else make_agent("random", seed=seed * 31 + p),
                      screen, p == seat) for p in range(game.n)]
    state = game.new_state(seed, **deal)
    try:
        play_game(state, agents, kinds, IO(screen.out, io.StringIO(), typist))
    except Stop:
        pass
    return state, screen


def redealt(game, state, last_deal, keep, rng, by_suit):
    """The deals of `state` up to `last_deal`, the last with every card not in `keep` moved among
    the places those cards were dealt to (other hands, the talon): at random, or `by_suit`, each
    to the card of the same rank in another suit (suits shuffled; a card whose image is kept
    goes on to the next suit), which keeps what is said of sets and often of runs and suits."""
    hands = {d.number: [list(h) for h in d.hands] for d in state.deals[:last_deal]}
    talons = {d.number: list(d.talon) for d in state.deals[:last_deal]}
    cuts = {d.number: d.cut for d in state.deals[:last_deal] if d.cut is not None}
    places = hands[last_deal] + [talons[last_deal]]
    if by_suit:
        image = _suits_moved(game.pack, keep, rng)
    else:
        pool = [c for place in places for c in place if c not in keep]
        rng.shuffle(pool)
        image = dict(zip(sorted(pool), pool))
    for place in places:
        place[:] = [image.get(c, c) for c in place]
    return {"first_dealer": state.deals[0].dealer, "hands": hands, "talons": talons, "cuts": cuts}


def _suits_moved(pack, keep, rng) -> dict:
    """Card -> card: the suits shuffled, for the cards not kept (each goes to the first card of
    its rank not kept along its suit's cycle, so this is a one-to-one map of those cards)."""
    from itertools import permutations

    card = {(pack.rank[c], pack.suit[c]): c for c in range(len(pack)) if pack.suit[c] >= 0}
    free = [(pack.rank[c], pack.suit[c]) for c in card.values() if c not in keep]

    def direct(order):  # how many unkept cards go straight to another unkept card (a run stays a run)
        return sum(1 for r, s in free if order[s] != s and card.get((r, order[s])) not in keep | {None})

    orders = [o for o in permutations(range(len(pack.suits))) if any(i != s for i, s in enumerate(o))]
    rng.shuffle(orders)
    order = max(orders[:24], key=direct)  # suits moved as wholly as the kept cards allow
    image = {}
    for c in range(len(pack)):
        if c in keep or pack.suit[c] < 0:
            continue
        s = pack.suit[c]
        while True:
            s = order[s]
            x = card.get((pack.rank[c], s))
            if x is not None and (x == c or x not in keep):
                break
        image[c] = x
    return image


def compared(game, seat, seed):
    """Play a game, then again with the unseen cards of one deal moved; check the screens agree
    for as long as the seat's views do. Returns how many of the human's prompts were compared."""
    last_deal = 1 + seed % 2
    state, ref = watch(game, seat, seed, last_deal)
    if state.deal_number < last_deal:  # the game ended first
        return 0
    d = state.deals[last_deal - 1]
    keep = ref.held | set(d.talon[:1]) | ({d.cut} if d.cut is not None else set())  # (the turn-up comes first)
    deal = redealt(game, state, last_deal, keep, random.Random(seed), by_suit=seed % 3 != 0)
    _, twin = watch(game, seat, seed, last_deal, reference=ref, **deal)
    k = len(twin.views)
    if k == 0:
        return 0
    a, b = ref.out.getvalue()[:ref.printed[k - 1]], twin.out.getvalue()[:twin.printed[k - 1]]
    if a != b:
        lines_a, lines_b = a.splitlines(), b.splitlines()
        i = next((i for i, (x, y) in enumerate(zip(lines_a, lines_b)) if x != y), min(len(lines_a), len(lines_b)))
        pytest.fail(f"seat {game.seat_names[seat]}, seed {seed}: the same view, a different screen at line {i + 1}:\n"
                    f"  {lines_a[i] if i < len(lines_a) else '(nothing)'}\n  {lines_b[i] if i < len(lines_b) else '(nothing)'}")
    return sum(1 for i in range(k) if ref.views[i]["seat"] == ref.views[i]["to_act"])


def _screen_cases():
    cases = [(spec, {}) for spec in SPECS]
    if GAMES:
        from tests.players.test_agents import CONFIGS

        cases += [(spec, options) for spec, options in CONFIGS if options]
    return cases


CASES = _screen_cases()


@pytest.mark.parametrize("spec, options", CASES, ids=[f"{s}-{'-'.join(map(str, o.values()))}" for s, o in CASES])
def test_the_screen_shows_a_human_only_what_his_seat_may_know(spec, options):
    """With a human in each seat in turn: whatever the cards he never holds, the screen is the
    same for as long as his view is (a bot's discards, its declarations, the table, the prompts)."""
    game = load_game(ROOT / "specs" / spec, options=options)
    prompts = 0
    for seat in range(game.n):
        for seed in range(max(GAMES, 8 if _hides_details(game) else 3)):
            prompts += compared(game, seat, 100 * seat + seed)
    assert prompts > 0  # the comparison reached the human's prompts


# ---------------------------------------------------------------- one action, two tables

def _seen(game, view) -> set:
    """Every card a view names anywhere (a hand, a trick, a shown run `KC-9C` and its cards...)."""
    by_name = game.pack.by_name
    out: set = set()
    stack = [view]
    while stack:
        x = stack.pop()
        if isinstance(x, dict):
            stack.extend(x.values())
        elif isinstance(x, (list, tuple)):
            stack.extend(x)
        elif isinstance(x, str):
            out.update(by_name[t] for t in re.split(r"[- ]", x) if t in by_name)
    return out


def relabelled(state, seat, rng):
    """A copy of `state` in which the cards `seat` has not seen have their suits shuffled
    (`_suits_moved`), wherever they lie."""
    game = state.game
    image = _suits_moved(game.pack, _seen(game, state.view(seat)), rng)
    twin = state.clone()
    cards = game.play_actions

    def moved(place):
        return [cards[image.get(c, c)] for c in place]

    twin.hands = [sorted(moved(h)) for h in twin.hands]
    twin.talon = moved(twin.talon)
    twin.discards = [moved(d) for d in twin.discards]
    twin.passing = [moved(x) for x in twin.passing]  # cards chosen to pass, face down
    twin.passed = [moved(x) for x in twin.passed]
    if getattr(twin, "swap_card", None) is not None:
        twin.swap_card = cards[image.get(twin.swap_card, twin.swap_card)]
    if twin.called_card is not None:
        twin.called_holder = next((p for p, h in enumerate(twin.hands) if twin.called_card in h), twin.called_holder)
    twin._legal = None
    return twin


DEALS = 8  # per game, in the action-by-action test


def watched_actions(game, seat, seed):
    """Each bot action but the cards played (face up, and checked on the screen above) in the first
    deals of a seeded game, with its line for `seat`, against every action open to the same bot
    on a table where the cards `seat` has not seen changed suits: whenever `seat`'s view after
    both is the same, so must the line be. Returns how many checks had actions of different names,
    and how many of the actions were taken in a phase that does not make all of them in the open."""
    from interpreter.phases import in_the_open
    from interpreter.words.screen import action_line

    rng = random.Random(seed)
    state = game.new_state(seed)
    differ = hidden = 0
    while not state.is_terminal and state.deal_number <= DEALS:
        legal = state.legal_actions()
        p = state.current_player
        action = legal[-1] if legal[0].kind == "declare" else legal[rng.randrange(len(legal))]
        if p != seat and action.kind != "play":
            hidden += type(state.phase).public_name is not in_the_open
            after = state.clone()
            after.apply(action.name)  # (by name: declarations are made afresh with each legal list)
            line, seen_after = action_line(state, p, action, seat), after.view(seat)
            twin = relabelled(state, seat, random.Random(seed))
            for other in twin.legal_actions():
                twin_after = twin.clone()
                twin_after.apply(other.name)
                if twin_after.deal_number == after.deal_number == state.deal_number \
                        and twin_after.view(seat) == seen_after:
                    assert action_line(twin, p, other, seat) == line, \
                        f"{action.name} / {other.name}: the same view after, different lines"
                    differ += other.name != action.name
        state.apply(action)
    return differ, hidden


@pytest.mark.parametrize("spec, options", CASES, ids=[f"{s}-{'-'.join(map(str, o.values()))}" for s, o in CASES])
def test_an_action_reads_the_same_whatever_the_cards_the_watcher_has_not_seen(spec, options):
    """Every bot action of a deal, done again on a table where the cards the watching seat has not
    seen changed suits: when the watcher's view after it is the same, so is its line."""
    game = load_game(ROOT / "specs" / spec, options=options)
    counts = [watched_actions(game, seat, seed) for seat in range(game.n)
              for seed in range(max(GAMES, 12 if _hides_details(game) else 2))]
    differ, hidden = (sum(c) for c in zip(*counts))
    if hidden and not options:
        assert differ > 0  # actions with different hidden details were compared


def _hides_details(game) -> bool:
    """Some phase of the game has actions not all made in the open (discards, declarations)."""
    from interpreter.phases import in_the_open

    return any(type(ph).public_name is not in_the_open for ph in game.phases if "legal" in vars(type(ph)))


# ---------------------------------------------------------------- each leak, line by line

def _play(spec, dealer, hands, talon, human, bot_actions, typed):
    """Play a hand-written deal: the bot seat follows its script (each bot its own, when
    `bot_actions` maps seats to scripts), the human types `typed`; the screen until the typing
    runs out."""
    game = load_game(ROOT / "specs" / spec)
    pack = game.pack
    sn = list(game.seat_names)
    state = game.new_state(None, first_dealer=sn.index(dealer), hands={1: [[pack.parse(c) for c in hands[s].split()]
                                                                            for s in sn]},
                           talons={1: [pack.parse(c) for c in talon.split()]})
    out = io.StringIO()
    stdin = io.StringIO("".join(t + "\n" for t in typed))
    h = sn.index(human)
    kinds = ["human" if p == h else "random" for p in range(game.n)]
    scripts = bot_actions if isinstance(bot_actions, dict) else {s: bot_actions for s in sn}
    agents = [HumanAgent(stdin, out) if p == h else Script(scripts.get(sn[p], [])) for p in range(game.n)]
    with pytest.raises(EOFError):
        play_game(state, agents, kinds, IO(out, io.StringIO(), stdin))
    return out.getvalue()


class Script(ScriptedAgent):
    """The bot's actions in order; when they run out, the scene is over (like the typing)."""

    def choose(self, state, seat, legal):
        if self.i >= len(self.names):
            raise EOFError
        return super().choose(state, seat, legal)


def _bot_lines(text, seat):
    """The lines printed for `seat`'s actions, exactly (after the prompt `> ` that may precede one)."""
    lines = [line[2:] if line.startswith("> ") else line for line in text.splitlines()]
    return [line for line in lines if line.startswith(f"  {seat}: ")]


# piquet.md §10, Example 1 (tests/records/piquet_example1.yaml): A elder, B younger
PIQUET = dict(spec="piquet/rubicon.yaml", dealer="B",
              hands={"A": "AC 7C KS QS TS 9S 8S AH JH 8H AD KH", "B": "KC QC JC TC 9C 8C AS JS 7S QH 9H KD"},
              talon="JD TH 7H QD TD 9D 8D 7D")


def test_a_bots_discards_show_only_as_their_number():
    """piquet.md §4 item 5: never the opponent's discards; how many he exchanged is public."""
    text = _play(**PIQUET, human="B", bot_actions=["discard KH", "draw"], typed=[])
    assert _bot_lines(text, "A") == ["  A: discard 1 card, draw 1"]
    assert "KH" not in text.split("Your hand")[0] and "JD" not in text  # neither what he put down nor what he took


def test_a_bot_exchanging_nothing_says_so():
    text = _play(**PIQUET, human="A", bot_actions=["draw"], typed=["discard KH", "draw"])
    assert _bot_lines(text, "B") == ["  B: discard no card"]


def test_piquet_declarations_show_what_is_said_and_the_winners_cards_only():
    """§5: elder says his length (the pips only if equal), younger answers; the winner shows."""
    bot = ["discard KH", "draw", "declare point S", "declare sequence TS-8S", "declare set A", "play KS"]
    text = _play(**PIQUET, human="B", bot_actions=bot,
                 typed=["draw", "keep talon hidden", "declare point C", "declare sequence KC-8C"])
    assert _bot_lines(text, "A") == ["  A: discard 1 card, draw 1",
                                     "  A: declare point size 5",
                                     "  A: declare sequence size 3, top T",
                                     "  A: declare set size 3, top A",
                                     "  A: play KS"]
    assert "TS-8S" not in text  # elder lost the sequences: his are never shown
    assert "  Sequence: A size 3, top T; B size 6, top K (not good); B scores 16 (B shows KC-8C)" in text


def test_piquet_younger_bots_answer_carries_the_result_and_what_it_shows():
    bot = ["draw", "keep talon hidden", "declare point C", "declare sequence KC-8C"]
    text = _play(**PIQUET, human="A", bot_actions=bot,
                 typed=["discard KH", "draw", "declare point S", "declare sequence TS-8S", "declare set A"])
    assert _bot_lines(text, "B") == ["  B: discard no card",
                                     "  B: keep talon hidden",
                                     "  B: declare point size 6 (not good); B shows C",
                                     "  B: declare sequence size 6, top K (not good); B shows KC-8C"]


def test_piquet_equal_lengths_bring_the_pips_then_the_answer():
    """Stepwise: with equal lengths elder states his pips; the line tells what both then said."""
    text = _play(spec="piquet/rubicon.yaml", dealer="B", human="A", bot_actions=["draw", "keep talon hidden",
                                                                                "declare point C"],
                 hands={"A": "AS KS QS JS 9S AH KH 8H 7H AD KD 7C", "B": "KC QC JC TC 8C QH TH 9H QD JD TD 9D"},
                 talon="8D 7D TS 8S 7S 9C AC JH", typed=["discard 7C", "draw", "declare point S"])
    # A's spades A K Q J 9 (50 pips) against B's clubs K Q J T 8 (48): five cards each
    assert _bot_lines(text, "B")[-1] == "  B: declare point size 5, pips 48 (good); A pips 50; A shows S"


def test_a_seat_sees_its_own_action_whole_and_a_looker_on_the_public_form():
    """`action_line` for the actor, for the other seat, and for nobody's seat (hot-seat play, where
    several humans share the screen, prints what is public to all)."""
    from interpreter.words.screen import action_line

    game = load_game(ROOT / "specs" / PIQUET["spec"])
    pack = game.pack
    state = game.new_state(None, first_dealer=1, hands={1: [[pack.parse(c) for c in PIQUET["hands"][s].split()]
                                                           for s in "AB"]},
                           talons={1: [pack.parse(c) for c in PIQUET["talon"].split()]})
    state.apply("discard KH")
    draw = state.find_action("draw")
    assert [action_line(state, 0, draw, viewer) for viewer in (0, 1, None)] == \
        ["  A: draw", "  A: discard 1 card, draw 1", "  A: discard 1 card, draw 1"]


def test_the_log_follows_the_one_human_and_is_public_when_several_share_the_terminal():
    from interpreter.commands.play import watcher

    assert watcher(["random", "human", "random"]) == 1
    assert watcher(["human", "random", "human"]) is None
    assert watcher(["random", "random"]) is None


# klaberjass.md §10, Example 3 (tests/records/klaberjass_example3.yaml): A elder takes the turned-up 7H
KLABERJASS = dict(spec="klaberjass/klaberjass.yaml", dealer="B",
                  hands={"A": "KH QH 9D 8D 7D 9H", "B": "TS 9S 8S 7S TC 8H"},
                  talon="7H KD AD AS TH JH TD KS QS JS AH QD JD AC KC QC JC 9C 8C 7C")


def test_klaberjass_a_bots_losing_sequence_is_said_never_shown():
    """§6: elder states the value of his best sequence; only the winner shows his."""
    text = _play(**KLABERJASS, human="B", bot_actions=["take", "declare sequence 9D-7D", "play KH"],
                 typed=["declare sequence TS-7S"])
    assert _bot_lines(text, "A") == ["  A: take", "  A: declare sequence size 3", "  A: play KH"]
    assert "9D-7D" not in text
    assert "  Sequence: A size 3; B size 4 (not good); B scores 50 (B shows TS-7S)" in text


def test_klaberjass_a_bots_winning_sequence_is_shown_with_the_answer():
    text = _play(**KLABERJASS, human="A", bot_actions=["declare sequence TS-7S"],
                 typed=["take", "declare sequence 9D-7D"])
    assert _bot_lines(text, "B") == ["  B: declare sequence size 4 (not good); B shows TS-7S"]


# ---------------------------------------------------------------- every phase decides

def test_every_phase_that_asks_for_actions_says_how_they_look_to_others():
    """A new kind of phase cannot print its actions to the other seats by default."""
    import importlib
    import pkgutil

    from interpreter import phases
    from interpreter.phases import Phase

    for info in pkgutil.iter_modules(phases.__path__):
        importlib.import_module(f"interpreter.phases.{info.name}")
    kinds = [cls for cls in _subclasses(Phase) if "legal" in vars(cls)]
    assert len(kinds) >= 12
    for cls in kinds:
        assert cls.public_name is not Phase.public_name, f"{cls.__name__} does not say what others see"


def _subclasses(cls):
    for sub in cls.__subclasses__():
        yield sub
        yield from _subclasses(sub)


# spades: the first deal of tests/records/spades_nil_blind_nil_bags.yaml, with the three-card pass
SPADES_PASS = dict(spec="spades/partner-pass.yaml", dealer="W", talon="",
                   hands={"N": "AS 9S 2S QH 9H 6H 4H 8D 3D 2D AC JC TC",
                          "E": "5S 5H TD 7D 6D 5D 4D QC 8C 7C 5C 3C 2C",
                          "S": "KS QS 7S 4S 3S AH 7H 2H KD JD KC 9C 4C",
                          "W": "JS TS 8S 6S KH JH TH 8H 3H AD QD 9D 6C"})


def test_a_human_sees_what_he_passes_and_only_that_the_others_passed():
    text = _play(**SPADES_PASS, human="N", bot_actions={"E": ["pass 5S", "pass 5H", "pass TD"],
                                                         "S": ["pass KS", "pass QS", "pass AH"],
                                                         "W": ["pass JS", "pass TS", "pass 8S"]},
                 typed=["pass AC", "pass JC", "TC"])
    assert _bot_lines(text, "E") == ["  E: pass a card to W"] * 3
    assert _bot_lines(text, "S") == ["  S: pass a card to N"] * 3
    assert "  You are passing: AC JC" in text.splitlines()
    assert "5S" not in text and "JS" not in text  # what E and W passed to each other
    hands = [line for line in text.splitlines() if "Your hand" in line]
    assert all("K" not in h.split("H:")[0] for h in hands[:-1])  # S's cards arrive once all have chosen
    assert hands[-1] == "  You are N. Your hand: S: A K Q 9 2   H: A Q 9 6 4   D: 8 3 2"
    assert "  You passed: AC JC TC" in text.splitlines()


# ---------------------------------------------------------------- the table, line by line

GAME = load_game(Path(__file__).resolve().parents[2] / "specs" / "barbu" / "barbu.yaml")
HAND = "  You are B. Your hand: S: K 9   H: 8 5 4 3 2   D: A 9   C: Q J 7 6"


def shown(**changes):
    """The table B sees at the start of seed 4, with the view's entries changed."""
    st = GAME.new_state(4)
    view = {**st.view(1), **changes}
    return describe(st, 1, view).split("\n")


def test_the_plain_table_shows_the_heading_the_totals_and_the_hand():
    assert shown() == ["", "Deal 1  dealer B  declarer B", "  Totals: A 0  B 0  C 0  D 0", HAND]


@pytest.mark.parametrize("changes, head", [
    ({"trump": "H"}, "Deal 1  dealer B  declarer B  trump H"),
    ({"trump": "H", "announced": {"trump": "H"}}, "Deal 1  dealer B  declarer B  trump: H"),
    ({"trump": "S", "turn_up": "QS"}, "Deal 1  dealer B  declarer B  turned up QS, trump S"),
    ({"turn_up": "QS"}, "Deal 1  dealer B  declarer B  turned up QS, trump none"),
])
def test_the_heading_shows_the_trump_and_how_it_was_made(changes, head):
    assert shown(**changes)[1] == head


@pytest.mark.parametrize("changes, line", [
    ({"partner": "C"}, "  Called card: not in play; C is B's partner"),
    ({"called_card": "AH", "partner": "B"}, "  Called card: AH; B plays alone (you)"),
    ({"called_card": "AH", "partner": "B", "seat": "C"}, "  Called card: AH; B plays alone"),
    ({"called_card": "AH", "partner": "C", "seat": "C"}, "  Called card: AH; C is B's partner (you)"),
    ({"called_card": "AH"}, "  Called card: AH; the partner is not known yet"),
    ({"called_card": "KS"}, "  Called card: KS; you hold it yourself: you play alone, secretly until you play it"),
    ({"called_card": "KS", "declarer": "A"},
     "  Called card: KS; you hold it: you are A's partner, secretly until you play it"),
])
def test_the_called_card_line_shows_what_the_seat_knows_of_the_partnership(changes, line):
    assert shown(**changes)[2] == line


def test_a_hand_not_looked_at_yet_shows_as_its_number_of_cards_face_down():
    assert shown(hand=[])[-1] == "  You are B. Your hand: 13 cards, face down (you call without looking)"


def test_the_exchanges_the_talon_and_the_seats_own_discards_show_on_one_line():
    lines = shown(exchanged={"A": 0, "B": 3, "C": 0, "D": 1}, talon_size=2, discards=["2H", "3H"])
    assert lines[3] == "  Exchanged: A 0  B 3  C 0  D 1   talon 2   your discards: 2H 3H"


def test_an_action_shows_whole_to_its_seat_and_in_its_public_form_to_the_others():
    st = GAME.new_state(4)
    action = st.legal_actions()[5]
    assert action_line(st, 1, action, 1) == "  B: contract trumps"
    assert action_line(st, 1, action, 0) == action_line(st, 1, action, None) == "  B: contract trumps"
    while st.legal_actions()[0].kind != "pass":
        st.apply(st.legal_actions()[0])
    p = st.current_player
    assert action_line(st, p, st.legal_actions()[0], None) == f"  {GAME.seat_names[p]}: pass"


def test_the_last_trick_and_the_tricks_won_are_shown():
    trick = {"cards": [["C", "2H"], ["D", "AH"], ["A", "3H"], ["B", "4H"]], "winner": "D"}
    lines = shown(tricks=[trick], tricks_won={"A": 0, "B": 0, "C": 0, "D": 1})
    assert lines[3:5] == ["  Last trick: 2H AH 3H 4H won by D", "  Tricks won: A 0  B 0  C 0  D 1"]

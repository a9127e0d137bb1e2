"""Hearts (specs/hearts/hearts.yaml): the worked examples replayed to the scores worked out by
hand, the rules of play one by one (the two of clubs lead, no points on the first trick, the
heart-lead ban), every option played, an independent reading of the rules compared with the
engine decision by decision and deal by deal, and random-game invariants."""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest
import yaml

from interpreter.compile.game import load_game
from interpreter.core.errors import IllegalAction
from interpreter.record.replay import replay
from tests.helpers import checked_random_game

ROOT = Path(__file__).resolve().parents[3]
SPEC = ROOT / "specs" / "hearts" / "hearts.yaml"
RECORDS = ROOT / "tests" / "records"
EXAMPLE = "hearts_pass_and_moon.yaml"
N, E, S, W = range(4)
SEATS = "NESW"

# every option value other than the default, each played alone
OPTION_VALUES = [
    ("passing", "left"), ("passing", "none"),
    ("first_trick_points", "true"),
    ("hearts_lead", "queen_breaks"), ("hearts_lead", "any"),
    ("moon", "choice"),
    ("jack_of_diamonds", "true"),
    ("target", "50"), ("target", "37"),
]
CONFIGS = [{}] + [{k: v} for k, v in OPTION_VALUES]

_GAMES: dict = {}


def game(**options):
    key = tuple(sorted(options.items()))
    if key not in _GAMES:
        _GAMES[key] = load_game(SPEC, options={k: str(v) for k, v in options.items()})
    return _GAMES[key]


def config_id(options):
    return ",".join(f"{k}={v}" for k, v in options.items()) or "default"


def replayed(name, options=None, tmp_path=None, edit=None, deals=None):
    """The final state of a record; with `options` (or an `edit` of its text, or its first `deals`
    only), of a copy of it without the recorded scores and totals, replayed under those options."""
    if options is None and edit is None and deals is None:
        return replay(RECORDS / name).state
    text = (RECORDS / name).read_text()
    if edit is not None:
        text = edit(text)
    data = yaml.safe_load(text)
    data.pop("totals", None)
    data["deals"] = [{k: v for k, v in d.items() if k != "scores"} for d in data["deals"][:deals]]
    data["options"] = {**(data.get("options") or {}), **(options or {})}
    path = tmp_path / name
    path.write_text(yaml.safe_dump(data))
    return replay(path).state


def scored(state):
    """Each scored deal's scores (a replay that stops between deals has the next one begun)."""
    return [tuple(d.scores) for d in state.deals if d.scores is not None]


def names(state, cs):
    return sorted(state.game.pack.names[c] for c in cs)


def dealt(g, hands, dealer=W):
    """A new game of `g` whose first deal gives `hands` (seat -> the cards, written out)."""
    parse = g.pack.parse
    return g.new_state(1, first_dealer=dealer, hands={1: [[parse(c) for c in hands[p].split()] for p in range(4)]})


def snapshot(state):
    """Everything a refused action must leave unchanged."""
    return (state.current_player, [a.name for a in state.legal_actions()],
            [(s, a.name) for s, a in state.history], [list(h) for h in state.hands],
            [state.view(p) for p in range(4)])


def assert_refused(state, action, rule):
    before = snapshot(state)
    with pytest.raises(IllegalAction) as info:
        state.apply(action)
    assert info.value.rule == rule
    assert snapshot(state) == before
    return info.value.message


def legal_names(state):
    return sorted(a.name for a in state.legal_actions())


# ---- the worked examples -------------------------------------------------------------

@pytest.mark.parametrize("name, deals, totals", [
    (EXAMPLE, [(17, 6, 2, 1), (26, 0, 26, 26)], (43, 6, 28, 27)),
    ("hearts_jack_of_diamonds.yaml", [(17, -4, 2, 1), (26, -10, 26, 26)], (43, -14, 28, 27)),
    ("hearts_moon_choice.yaml", [(17, 6, 2, 1), (0, -26, 0, 0)], (17, -20, 2, 1)),
])
def test_worked_examples_replay_to_the_scores_worked_by_hand(name, deals, totals):
    st = replayed(name)
    assert scored(st) == deals
    assert tuple(st.totals) == totals
    assert not st.is_terminal  # nobody has 100 yet


def test_the_passed_cards_arrive_when_all_four_have_chosen_and_go_left_in_the_first_deal():
    st = replayed(EXAMPLE)
    deal = st.deals[0]
    g = game()
    again = g.new_state(1, first_dealer=deal.dealer, hands={1: deal.hands})
    given = {}
    for _ in range(4):  # N, E, S, W in turn (from the dealer's left), three cards each
        p = again.current_player
        assert again.phase.kind == "pass_cards"
        assert legal_names(again) == sorted(f"pass {c}" for c in names(again, again.hands[p]))
        given[p] = [a.name[5:] for q, a in deal.actions if q == p and a.name.startswith("pass ")]
        for c in given[p]:
            again.apply(f"pass {c}")
        if len(given) < 4:  # nothing has arrived yet
            for q in range(4):
                assert names(again, again.hands[q]) == sorted(set(names(again, deal.hands[q])) - set(given.get(q, [])))
    assert again.phase.kind == "tricks"
    for p in range(4):  # each received the three of his right-hand neighbour (they went left)
        want = set(names(again, deal.hands[p])) - set(given[p]) | set(given[(p - 1) % 4])
        assert names(again, again.hands[p]) == sorted(want)


def test_the_second_deal_passes_to_the_right():
    st = replayed(EXAMPLE)
    deal = st.deals[1]
    got = {SEATS[p]: [a.name[5:] for q, a in deal.actions if q == p and a.name.startswith("pass ")] for p in range(4)}
    assert got == {"E": ["4C", "3C", "2C"], "S": ["QS", "AH", "KH"], "W": ["JC", "TC", "9C"], "N": ["4D", "3D", "2D"]}
    first = next(p for p, a in deal.actions if a.name.startswith("play "))
    assert first == N  # E's two of clubs went to N, who leads it


def test_the_holder_of_the_two_of_clubs_must_lead_it():
    st = replayed(EXAMPLE)
    deal = st.deals[0]
    again = game().new_state(1, first_dealer=deal.dealer, hands={1: deal.hands})
    for _, a in deal.actions[:12]:  # the passes
        again.apply(a.name)
    assert again.current_player == N  # he received it from W
    assert legal_names(again) == ["play 2C"]
    message = assert_refused(again, "play AC", "two of clubs")
    assert "two of clubs" in message


def test_a_heart_may_not_be_led_before_hearts_are_broken_the_state_is_unchanged():
    st = replayed(EXAMPLE)
    deal = st.deals[0]
    again = game().new_state(1, first_dealer=deal.dealer, hands={1: deal.hands})
    for _, a in deal.actions[:16]:  # the passes and the first trick, won by S
        again.apply(a.name)
    assert again.current_player == S and again.leading
    hand = names(again, again.hands[S])
    assert "KH" in hand and "2S" in hand
    message = assert_refused(again, "play KH", "hearts lead ban")
    assert "hearts may not be led until hearts are broken" in message
    assert legal_names(again) == sorted(f"play {c}" for c in hand if c[1] != "H")
    again.apply("play 2S")  # what the record plays
    # after N's jack of hearts (trick 3), S may lead a heart: the fifth trick begins with 3H
    for _, a in deal.actions[17:28]:
        again.apply(a.name)
    assert again.current_player == S and again.leading and "play 3H" in legal_names(again)


def test_the_moon_shooter_may_lead_hearts_before_they_are_broken_when_he_has_nothing_else():
    st = replayed(EXAMPLE)
    deal = st.deals[1]
    plays = [(p, a.name) for p, a in deal.actions if a.name.startswith("play ")]
    hearts_before = [name for _, name in plays[:24] if name.endswith("H")]
    assert hearts_before == []  # nobody played a heart in the first six tricks
    assert plays[24] == (E, "play AH")  # E, holding only hearts, leads one
    again = game().new_state(1, first_dealer=deal.dealer, hands={2: deal.hands}, first_deal=2)
    for _, a in deal.actions[:12 + 24]:  # the passes and six tricks
        again.apply(a.name)
    assert again.current_player == E and again.leading
    assert legal_names(again) == sorted(f"play {r}H" for r in "AKQJT98")  # the ban lapses


def test_no_heart_and_not_the_queen_of_spades_on_the_first_trick_unless_nothing_else():
    g = game(passing="none")
    st = dealt(g, {
        N: "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
        E: "AS KS QS JS TS 9S 8S 7S AH KH QH JH TH",
        S: "6S 5S 4S 3S 2S 9H 8H 7H 6H 5H 4H 3H 2H",
        W: "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D",
    })
    st.apply("play 2C")
    assert legal_names(st) == sorted(f"play {c}S" for c in "AKJT987")  # E: no clubs; no heart, not QS
    assert_refused(st, "play QS", "no points on the first trick")
    assert_refused(st, "play AH", "no points on the first trick")
    st.apply("play 7S")
    assert legal_names(st) == sorted(f"play {c}S" for c in "65432")
    st.apply("play 6S")
    st.apply("play 2D")

    st = dealt(g, {  # W holds nothing but hearts: he may play any of them
        N: "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
        E: "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S",
        S: "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D",
        W: "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H",
    })
    st.apply("play 2C")
    assert "play QS" not in legal_names(st)  # E holds other spades than the queen
    st.apply("play AS")
    st.apply("play AD")
    assert legal_names(st) == sorted(f"play {c}H" for c in "AKQJT98765432")


# ---- the options, each alone ---------------------------------------------------------

def at_deal(g, seed, number):
    """A random game of `g` from `seed`, played at random to the start of deal `number`."""
    st, rng = g.new_state(seed), random.Random(seed)
    while st.deal_number < number:
        assert not st.is_terminal
        st.playout(rng.choice)
    return st


def test_option_passing_left_passes_to_the_left_every_deal():
    g = game(passing="left")
    for number in range(1, 6):  # every deal, the fourth too
        st = at_deal(g, 11, number)
        assert st.phase.kind == "pass_cards"
        _check_pass_goes(st, 1)


def _check_pass_goes(st, shift):
    """Let every seat pass its three lowest cards; each must arrive `shift` seats to the left."""
    before = [list(h) for h in st.hands]
    given = {}
    while st.phase.kind == "pass_cards":
        p = st.current_player
        c = min(st.hands[p])
        given.setdefault(p, []).append(c)
        st.apply(f"pass {st.game.pack.names[c]}")
    assert sorted(given) == [N, E, S, W] and all(len(v) == 3 for v in given.values())
    for p in range(4):
        assert sorted(st.hands[p]) == sorted(set(before[p]) - set(given[p]) | set(given[(p - shift) % 4]))


def test_the_pass_rotation_left_right_across_then_none():
    g = game()
    for deal_number, shift in [(1, 1), (2, -1), (3, 2), (4, None), (5, 1), (6, -1)]:
        st = at_deal(g, 11, deal_number)
        if shift is None:
            assert st.phase.kind == "tricks" and st.deal.actions == []  # nobody passes
        else:
            _check_pass_goes(st, shift)


def test_option_passing_none_nobody_passes():
    g = game(passing="none")
    st, rng = g.new_state(5), random.Random(5)
    for number in range(1, 6):
        assert st.deal_number == number
        assert st.phase.kind == "tricks" and st.deal.actions == []  # straight to the play
        assert sorted(st.hands[st.current_player]) == sorted(st.deal.hands[st.current_player])
        assert legal_names(st) == ["play 2C"]
        st.playout(rng.choice)


def test_option_first_trick_points_lets_a_void_player_throw_points():
    hands = {
        N: "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
        E: "AS KS QS JS TS 9S 8S 7S AH KH QH JH TH",
        S: "6S 5S 4S 3S 2S 9H 8H 7H 6H 5H 4H 3H 2H",
        W: "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D",
    }
    st = dealt(game(passing="none", first_trick_points="true"), hands)
    st.apply("play 2C")
    assert legal_names(st) == sorted(f"play {c}" for c in hands[E].split())  # any card: E has no club
    st.apply("play QS")  # the queen on the first trick
    assert legal_names(st) == sorted(f"play {c}" for c in hands[S].split())
    st.apply("play 9H")
    st.apply("play 2D")
    # N, with nothing but clubs, wins every trick: the queen and the hearts, a moon
    st.playout(random.Random(0).choice)
    assert st.deals[0].scores == [0, 26, 26, 26]


def test_option_hearts_lead_any_a_heart_may_be_led_at_once():
    st = replayed(EXAMPLE)
    deal = st.deals[0]
    for value, may in [("broken", False), ("queen_breaks", False), ("any", True)]:
        again = game(hearts_lead=value).new_state(1, first_dealer=deal.dealer, hands={1: deal.hands})
        for _, a in deal.actions[:16]:
            again.apply(a.name)
        assert again.current_player == S and ("play KH" in legal_names(again)) == may


def test_option_hearts_lead_queen_breaks_the_queen_of_spades_breaks_hearts():
    """A position from a random game where the queen has been played but no heart: the leader,
    holding hearts and other cards, may lead a heart with `queen_breaks` only."""
    found = 0
    for seed in range(200):
        g = game(hearts_lead="queen_breaks")
        st, rng = g.new_state(seed), random.Random(seed)
        while not st.is_terminal and st.deal_number == 1:
            if st.phase.kind == "tricks" and st.leading and st.tricks:
                played = [g.pack.names[c] for t in st.tricks for c in t.cards]
                hand = names(st, st.hands[st.current_player])
                hearts = [c for c in hand if c[1] == "H"]
                if "QS" in played and not any(c[1] == "H" for c in played) and hearts and len(hearts) < len(hand):
                    assert {f"play {c}" for c in hearts} <= set(legal_names(st))
                    base = game().new_state(seed)
                    for _, a in st.history:
                        base.apply(a.name)
                    assert not {f"play {c}" for c in hearts} & set(legal_names(base))
                    assert_refused(base, f"play {hearts[0]}", "hearts lead ban")
                    found += 1
                    break
            legal = st.legal_actions()
            st.apply(legal[rng.randrange(len(legal))])
        if found >= 3:
            break
    assert found >= 3


def test_option_moon_choice_the_shooter_alone_chooses_after_the_last_trick(tmp_path):
    st = replayed("hearts_moon_choice.yaml")
    assert [a.name for _, a in st.deals[0].actions if a.kind != "play" and not a.name.startswith("pass ")] == []
    last = st.deals[1].actions[-1]
    assert (last[0], last[1].name) == (E, "moon -26")
    deal = st.deals[1]
    again = game(moon="choice").new_state(1, first_dealer=deal.dealer, hands={2: deal.hands}, first_deal=2)
    for _, a in deal.actions[:-1]:
        again.apply(a.name)
    assert again.current_player == E and legal_names(again) == ["moon -26", "moon 26"]
    # the other choice: 26 to each other player, as without the option
    st = replayed("hearts_moon_choice.yaml", tmp_path=tmp_path, edit=lambda t: t.replace("E moon -26 ", "E moon 26 "))
    assert tuple(st.deals[1].scores) == (26, 0, 26, 26)
    # with the jack of diamonds too: the shooter won it
    st = replayed("hearts_moon_choice.yaml", {"jack_of_diamonds": True}, tmp_path)
    assert scored(st) == [(17, -4, 2, 1), (0, -36, 0, 0)]


def test_option_jack_of_diamonds_counts_minus_10_to_its_winner(tmp_path):
    st = replayed(EXAMPLE, {"jack_of_diamonds": True}, tmp_path)
    assert scored(st) == [(17, -4, 2, 1), (26, -10, 26, 26)]
    assert sum(st.deals[0].scores) == 16 and sum(st.deals[1].scores) == 68


@pytest.mark.parametrize("target, ends_after", [(100, None), (50, None), (44, None), (43, 2), (18, 2), (17, 1)])
def test_option_target_the_game_ends_after_the_deal_that_reaches_it(target, ends_after, tmp_path):
    """The example's totals: N 17 after deal 1, 43 after deal 2 (the highest each time)."""
    options = {} if target == 100 else {"target": target}
    for deals in (1, 2):
        if ends_after is not None and deals > ends_after:
            break
        st = replayed(EXAMPLE, options, tmp_path, deals=deals)
        assert st.is_terminal == (deals == ends_after)


# ---- an independent reading of the rules ---------------------------------------------

RANKS = "AKQJT98765432"


class Reference:
    """Hearts written again from the rules, in plain Python, for one game: who acts, what he may
    do, and each deal's scores. It knows the dealt hands (chance) and the actions taken; it reads
    nothing else of the engine."""

    def __init__(self, options):
        self.passing = options.get("passing", "rotation")
        self.points_first = options.get("first_trick_points", "false") == "true"
        self.lead = options.get("hearts_lead", "broken")
        self.choice = options.get("moon", "others") == "choice"
        self.jack = options.get("jack_of_diamonds", "false") == "true"
        self.target = int(options.get("target", 100))
        self.totals = [0, 0, 0, 0]
        self.deal_scores = []

    def new_deal(self, number, dealer, hands):
        self.number, self.dealer = number, dealer
        self.hands = [list(h) for h in hands]
        self.won = [[], [], [], []]
        self.tricks = []
        self.trick = []  # (seat, card)
        self.moon_choice = None
        shift = self.pass_shift()
        self.to_pass = [(dealer + 1 + i) % 4 for i in range(4)] if shift else []
        self.passing_now = {}
        self.leader = None
        if not self.to_pass:
            self.start_play()

    def pass_shift(self):
        if self.passing == "none":
            return None
        if self.passing == "left":
            return 1
        return [1, -1, 2, None][(self.number - 1) % 4]

    def start_play(self):
        self.leader = next(p for p in range(4) if "2C" in self.hands[p])

    def to_act(self):
        """(seat, the legal actions' names), or None when the deal is over."""
        if self.to_pass:
            p = self.to_pass[0]
            return p, [f"pass {c}" for c in self.hands[p]]
        if len(self.tricks) == 13:
            shooter = self.shooter()
            if self.choice and shooter is not None and self.moon_choice is None:
                return shooter, ["moon -26", "moon 26"]
            return None
        p = (self.leader + len(self.trick)) % 4
        return p, [f"play {c}" for c in self.legal(p)]

    def legal(self, p):
        hand = self.hands[p]
        first = not self.tricks
        if not self.trick:  # on lead
            if first:
                return ["2C"]
            played = [c for t in self.tricks for _, c in t]
            broken = any(c[1] == "H" for c in played) or (self.lead == "queen_breaks" and "QS" in played)
            if self.lead == "any" or broken:
                return list(hand)
            return [c for c in hand if c[1] != "H"] or list(hand)
        led = self.trick[0][1][1]
        allowed = [c for c in hand if c[1] == led] or list(hand)
        if first and not self.points_first:
            allowed = [c for c in allowed if c[1] != "H" and c != "QS"] or allowed
        return allowed

    def apply(self, p, name):
        if self.to_pass:
            c = name[5:]
            self.hands[p].remove(c)
            self.passing_now.setdefault(p, []).append(c)
            if len(self.passing_now[p]) == 3:
                self.to_pass.pop(0)
                if not self.to_pass:
                    shift = self.pass_shift()
                    for q, given in self.passing_now.items():
                        self.hands[(q + shift) % 4].extend(given)
                    self.start_play()
            return
        if name.startswith("moon "):
            self.moon_choice = int(name[5:])
            return
        c = name[5:]
        self.hands[p].remove(c)
        self.trick.append((p, c))
        if len(self.trick) == 4:
            led = self.trick[0][1][1]
            winner = max((x for x in self.trick if x[1][1] == led), key=lambda x: -RANKS.index(x[1][0]))[0]
            self.won[winner] += [c for _, c in self.trick]
            self.tricks.append(self.trick)
            self.trick = []
            self.leader = winner

    def penalty(self, p):
        return sum(1 for c in self.won[p] if c[1] == "H") + (13 if "QS" in self.won[p] else 0)

    def shooter(self):
        for p in range(4):
            if all(f"{r}H" in self.won[p] for r in RANKS) and "QS" in self.won[p]:
                return p
        return None

    def scores(self):
        shooter = self.shooter()
        if shooter is None:
            out = [self.penalty(p) for p in range(4)]
        elif self.choice and self.moon_choice == -26:
            out = [-26 if p == shooter else 0 for p in range(4)]
        else:
            out = [0 if p == shooter else 26 for p in range(4)]
        if self.jack:
            out = [s - (10 if "JD" in self.won[p] else 0) for p, s in enumerate(out)]
        return out

    def end_deal(self):
        """Score the deal; True when the game is over."""
        scores = self.scores()
        self.deal_scores.append(scores)
        self.totals = [t + s for t, s in zip(self.totals, scores)]
        return max(self.totals) >= self.target


def strong_hands(g, rng):
    """A deal in which N holds mostly high cards (each card's rank, jittered, decides): moons
    are frequent, though not certain."""
    deck = list(range(52))
    key = {c: RANKS.index(g.pack.names[c][0]) + rng.uniform(0, 5) for c in deck}
    deck.sort(key=key.get)
    rest = deck[13:]
    rng.shuffle(rest)
    return [deck[:13], rest[:13], rest[13:26], rest[26:]]


def compare_game(g, options, seed, strong=False):
    """Play a game, checking the engine against the Reference at every decision and after every
    deal: at random, or (`strong`) with N given strong hands and playing his highest card.
    Returns counts: decisions checked, deals, moons, and each moon choice made."""
    ref = Reference(options)
    rng = random.Random(seed)
    hands = {k: strong_hands(g, rng) for k in range(1, 80)} if strong else None
    st = g.new_state(seed, hands=hands)
    pack = g.pack.names
    seen = {"decisions": 0, "deals": 0, "moons": 0, "moon -26": 0, "moon 26": 0}
    ref.new_deal(1, st.deal.dealer, [[pack[c] for c in h] for h in st.deal.hands])
    while True:
        want = ref.to_act()
        if want is None:  # the deal is over: its scores, then the next deal or the end
            over = ref.end_deal()
            k = len(ref.deal_scores)
            assert list(st.deals[k - 1].scores) == ref.deal_scores[-1], (seed, k)
            assert list(st.totals) == ref.totals
            seen["deals"] += 1
            seen["moons"] += ref.shooter() is not None
            if over:
                assert st.is_terminal
                return seen
            assert not st.is_terminal and st.deal_number == k + 1
            assert st.deal.dealer == (ref.dealer + 1) % 4
            ref.new_deal(k + 1, st.deal.dealer, [[pack[c] for c in h] for h in st.deal.hands])
            continue
        seat, legal = want
        assert not st.is_terminal
        assert st.current_player == seat, (seed, st.deal_number, len(st.deal.actions))
        got = legal_names(st)
        assert got == sorted(legal), (seed, st.deal_number, [a.name for _, a in st.deal.actions][-8:])
        actions = st.legal_actions()
        if strong and seat == N and st.phase.kind == "tricks":
            action = min(actions, key=lambda c: RANKS.index(pack[c][0]))
        else:
            action = actions[rng.randrange(len(actions))]
        if action.name in seen:
            seen[action.name] += 1
        ref.apply(seat, action.name)
        st.apply(action)
        seen["decisions"] += 1


GAMES = int(os.environ.get("CARDSPEC_HEARTS_GAMES", "40"))


@pytest.mark.parametrize("options", CONFIGS, ids=config_id)
def test_the_engine_agrees_with_an_independent_reading_at_every_decision_and_deal(options):
    """`CARDSPEC_HEARTS_GAMES` random games (40 by default), then as many again in which N is
    dealt strong cards and plays high, so that moons are compared too."""
    g = game(**options)
    random_play = [compare_game(g, options, seed) for seed in range(GAMES)]
    assert sum(x["decisions"] for x in random_play) > GAMES * 150  # whole games, 52 cards a deal
    strong = [compare_game(g, options, seed, strong=True) for seed in range(1000, 1000 + GAMES)]
    assert sum(x["moons"] for x in strong) >= GAMES // 3
    if options.get("moon") == "choice":
        assert all(sum(x[c] for x in strong) > 0 for c in ("moon -26", "moon 26"))  # both choices made


# ---- random games: invariants ------------------------------------------------------

DEAL_TOTALS = {  # what a deal's scores add up to, without and with a moon
    "default": {26, 78},
    "moon=choice": {26, 78, -26},
    "jack_of_diamonds=true": {16, 68},
}


@pytest.mark.parametrize("options", CONFIGS, ids=config_id)
def test_random_games_keep_the_invariants(options, tmp_path):
    """Over many seeds: a legal choice at every decision and every card in one place (passing
    included), the declared deal totals, the game over in the deal where somebody first reaches
    the target and not before, and each game's record replaying to its scores."""
    g = game(**options)
    target = int(options.get("target", 100))
    totals = DEAL_TOTALS.get(config_id(options), DEAL_TOTALS["default"])
    for seed in range(max(2, GAMES // 2)):
        st = checked_random_game(g, seed, tmp_path / f"{seed}.yaml", SPEC)
        running = [0, 0, 0, 0]
        for d in st.deals:
            assert sum(d.scores) in totals
            assert max(running) < target  # not over before this deal
            running = [t + s for t, s in zip(running, d.scores)]
        assert running == list(st.totals) and max(running) >= target
        assert st.is_terminal

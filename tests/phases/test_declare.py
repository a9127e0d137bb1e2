"""Declaring combinations: finding them (none shorter than `at_least`), the declaring order,
choosing, comparing, what is said (all at once or stepwise), and the names the phase could ever
offer."""

from __future__ import annotations

import pytest

from .table import X, Y, Z, game, legal, phases_of, play, position, refused, walk

PACK = """
pack:
  suits: [S, H, D]
  ranks: [A, K, Q, J]
  points: {A: 4, K: 3, Q: 2, J: 1}
"""

CATEGORIES = """
      point:
        combinations: suits
        choose: one
        announce: [size, pips]
        key: 10 * count(cards) + sum(c.points for c in cards)
        score: count(cards)
      sequence:
        combinations: runs
        at_least: 3
        announce: [size, top]
        key: 10 * count(cards) + sum(c.points for c in cards)
        score: 10 * count(cards)
      set:
        combinations: ranks
        at_least: 2
        ranks: [A, K, Q]
        key: 10 * count(cards) + sum(c.points for c in cards)
        score: 100 * count(cards)
"""


def spec(categories=CATEGORIES, direction="clockwise", who="first: declarer", answers=""):
    return game(f"""
direction: {direction}
declarer: left(dealer)
phases:
  deal: {{hand_size: 4}}
  declare:
    {who}
{answers}
    categories:
{categories}
  score:
contracts:
  game:
    score: declaration_points(player)
match: {{deals: 1}}
""", pack=PACK)


BY_LENGTH = """
      point:
        combinations: suits
        choose: one
        key: count(cards)
        score: count(cards)
"""

HANDS = ["AS KS QS AH", "JS KH QH JH", "AD KD QD JD"]
ANSWERS = "    answers: {worse: good, better: not good, equal: equal}"


def test_each_seat_declares_in_turn_and_the_best_scores():
    st = position(spec(), HANDS, dealer=Z)  # the declarer, X, declares first
    assert walk(st, "declare point S", "declare point H", "declare point D",
                "declare sequence AS-QS", "declare sequence KH-JH", "declare sequence AD-JD", "declare set A") == [
        (X, ["declare point nothing", "declare point H", "declare point S"]),  # worst to best
        (Y, ["declare point nothing", "declare point S", "declare point H"]),
        (Z, ["declare point nothing", "declare point D"]),
        (X, ["declare sequence nothing", "declare sequence AS-QS"]),
        (Y, ["declare sequence nothing", "declare sequence KH-JH"]),
        (Z, ["declare sequence nothing", "declare sequence AD-JD"]),
        (X, ["declare set nothing", "declare set A"]),  # Y and Z hold no set: not asked
    ]
    assert st.is_terminal
    assert st.deal.declarations == [
        ("point", [["S"], ["H"], ["D"]], Z, [0, 0, 4]),
        ("sequence", [["AS-QS"], ["KH-JH"], ["AD-JD"]], Z, [0, 0, 40]),
        ("set", [["A"], [], []], X, [200, 0, 0])]
    assert st.deals[0].scores == [200, 0, 44]


@pytest.mark.parametrize("direction, order", [("clockwise", [Y, Z, X]), ("counterclockwise", [Y, X, Z])])
def test_the_declaring_order_follows_the_direction_of_play(direction, order):
    st = position(spec(direction=direction), HANDS, dealer=X)  # the declarer is Y
    seen = []
    for _ in range(3):
        seen.append(st.current_player)
        st.apply(legal(st)[-1])
    assert seen == order


def test_equal_best_declarations_score_nothing_unless_ties_go_to_the_first_declarer():
    cats = BY_LENGTH
    hands = ["AS KS QS AH", "JS KH QH JH", "AD KD JD QD"]
    st = position(spec(cats), hands, dealer=Y)  # Z declares first
    play(st, "declare point nothing", "declare point S", "declare point H")
    assert st.deal.declarations == [("point", [["S"], ["H"], []], None, [0, 0, 0])]  # by seat
    for direction, winner, second, third in (("clockwise", X, "S", "H"), ("counterclockwise", Y, "H", "S")):
        st = position(spec(cats.replace("choose: one", "choose: one\n        ties: first"), direction), hands,
                      dealer=Y)
        play(st, "declare point nothing", f"declare point {second}", f"declare point {third}")
        assert st.deal.declarations[0][2:] == (winner, [3 * (winner == X), 3 * (winner == Y), 0])


def test_choose_any_offers_every_set_and_the_winner_scores_all_he_declared():
    st = position(spec(), ["AS AH KS KH", "QS QH JS JH", "AD KD QD JD"], dealer=Z)
    play(st, "declare point S", "declare point nothing", "declare point nothing", "declare sequence nothing")
    assert st.current_player == X and legal(st) == ["declare set nothing", "declare set A", "declare set K",
                                                    "declare set A K"]
    assert refused(st, "declare set Q") == ("X can declare in `set` only whole combinations held: A, K", "declare")
    st.apply("declare set K A")  # in any order
    assert st.current_player == Y and legal(st) == ["declare set nothing", "declare set Q"]
    st.apply("declare set Q")
    assert st.deal.declarations[-1] == ("set", [["A", "K"], ["Q"], []], X, [400, 0, 0])


def test_of_several_declared_with_equal_keys_the_first_held_is_the_best_said():
    """A seat's best declared combination is the first, in the order its combinations are found,
    of those with the highest key: what it says is of that one (two pairs, by size alone: the aces)."""
    cats = CATEGORIES.replace("ranks: [A, K, Q]\n        key: 10 * count(cards) + sum(c.points for c in cards)",
                              "ranks: [A, K, Q]\n        announce: [size, top]\n        key: count(cards)")
    st = position(spec(cats), ["AS AH KS KH", "QS QH JS JH", "AD KD QD JD"], dealer=Z)
    play(st, "declare point S", "declare point nothing", "declare point nothing", "declare sequence nothing",
         "declare set A K", "declare set Q")
    said = st.view(Z)["declarations"][-1]["said"]
    assert said == {"X": "size 2, top A", "Y": "size 2, top Q", "Z": "nothing"}
    assert st.deal.declarations[-1] == ("set", [["A", "K"], ["Q"], []], None, [0, 0, 0])  # equal best keys


def test_a_declaration_is_one_action_object_however_often_it_is_offered():
    """Actions are interned: asked again, or of a clone, the legal list holds the very same objects,
    so a bot may keep one and find it again by identity."""
    st = position(spec(), ["AS AH KS KH", "QS QH JS JH", "AD KD QD JD"], dealer=Z)
    play(st, "declare point S", "declare point nothing", "declare point nothing", "declare sequence nothing")
    first = st.legal_actions()
    world = st.clone()
    again = world.legal_actions()
    assert [a.name for a in first] == ["declare set nothing", "declare set A", "declare set K", "declare set A K"]
    assert all(a is b for a, b in zip(first, again, strict=True))
    world.apply(first[3])  # an action of the original's list, taken in the clone
    assert world.declaring[X] == first[3].arg and len(world.deal.declarations) == 2  # point, sequence


def test_compare_none_scores_every_declaration():
    cats = """
      set:
        combinations: ranks
        at_least: 2
        compare: none
        score: 100 * count(cards)
"""
    st = position(spec(cats), ["AS AH KS KH", "QS QH JS JH", "AD KD QD JD"], dealer=Z)
    play(st, "declare set A", "declare set Q J")
    assert st.is_terminal
    assert st.deal.declarations == [("set", [["A"], ["Q", "J"], []], None, [200, 400, 0])]
    assert st.view(Z)["declarations"][0]["shown"] == {"X": ["A"], "Y": ["Q", "J"]}


def test_only_if_keeps_the_combinations_it_allows():
    cats = """
      point:
        combinations: suits
        only_if: count(cards) >= 2
        choose: one
        key: count(cards)
        score: count(cards)
"""
    st = position(spec(cats), HANDS, dealer=Z)
    assert legal(st) == ["declare point nothing", "declare point S"]


LONG = """
      long:
        combinations: suits
        at_least: 3
        choose: one
        key: count(cards)
        score: count(cards)
"""


def test_a_suit_shorter_than_at_least_is_not_a_combination():
    st = position(spec(LONG), ["AS KS QS AD", "KH QH JS JH", "AH KD QD JD"], dealer=Z)
    assert legal(st) == ["declare long nothing", "declare long S"]  # one diamond: not offered
    st.apply("declare long S")
    assert legal(st) == ["declare long nothing", "declare long H"]  # one spade
    st.apply("declare long nothing")
    assert legal(st) == ["declare long nothing", "declare long D"]  # one heart
    st.apply("declare long D")
    assert st.deal.declarations == [("long", [["S"], [], ["D"]], None, [0, 0, 0])]


def test_the_whole_hand_as_one_combination_and_a_single_declarer():
    cats = """
      blank:
        combinations: hand
        only_if: count(c in cards where c.rank in [K, Q]) == 0
        choose: one
        compare: none
        score: 10
"""
    st = position(spec(cats, who="by: declarer"), ["AS JS AH JH", "KS QS KH QH", "AD KD QD JD"], dealer=Z)
    assert st.current_player == X and legal(st) == ["declare blank nothing", "declare blank hand"]
    st.apply("declare blank hand")
    assert st.is_terminal and st.deal.declarations == [("blank", [["hand"], [], []], None, [10, 0, 0])]
    st = position(spec(cats, who="by: declarer"), ["AS JS AH JH", "KS QS KH QH", "AD KD QD JD"], dealer=Z)
    st.apply("declare blank nothing")
    assert st.deal.declarations == []  # a single declarer who said nothing: nothing logged
    st = position(spec(cats, who="by: left(declarer)"), ["AS JS AH JH", "KS QS KH QH", "AD KD QD JD"], dealer=Z)
    assert st.is_terminal and st.deal.declarations == []  # Y holds kings: nothing to declare, not asked


@pytest.mark.parametrize("direction, answer", [("clockwise", "not good"), ("counterclockwise", "good")])
def test_the_answer_compares_the_last_declarer_with_the_first(direction, answer):
    st = position(spec(direction=direction, answers=ANSWERS), HANDS, dealer=Z)
    for _ in range(3):
        st.apply(legal(st)[-1])  # each his best point: X 39, Y 36, Z 50
    assert st.view(X)["declarations"][0]["answer"] == answer


def test_answers_equal_and_when_one_side_said_nothing():
    cats = BY_LENGTH
    st = position(spec(cats, answers=ANSWERS), ["AS KS QS AH", "JS KH QH JH", "AD KD JD QD"], dealer=Y)
    play(st, "declare point D", "declare point S", "declare point H")  # Z 4 first, Y 3 last
    assert st.view(X)["declarations"][0]["answer"] == "good"
    st = position(spec(cats, answers=ANSWERS), ["AS KS QS AH", "JS KH QH JH", "AD KD JD QD"], dealer=Y)
    play(st, "declare point nothing", "declare point S", "declare point nothing")
    assert st.view(X)["declarations"][0]["answer"] is None  # neither first nor last declared
    st = position(spec(cats, answers=ANSWERS), ["AS KS QS AH", "JS KH QH JH", "AD KD JD QD"], dealer=Y)
    play(st, "declare point D", "declare point S", "declare point nothing")
    assert st.view(X)["declarations"][0]["answer"] == "good"
    st = position(spec(cats, answers=ANSWERS), ["AS KS QS AH", "JS KH QH JH", "AD KD JD QD"], dealer=Y)
    play(st, "declare point nothing", "declare point S", "declare point H")
    assert st.view(X)["declarations"][0]["answer"] == "not good"


def test_what_is_said_all_at_once_or_stepwise():
    st = position(spec(), HANDS, dealer=Z)
    play(st, "declare point S", "declare point H")
    assert st.view(Z)["declaring"] == {"X": "size 3, pips 9", "Y": "size 3, pips 6"}
    st.apply("declare point D")
    assert st.view(Z)["declarations"][0]["said"] == {"X": "size 3, pips 9", "Y": "size 3, pips 6",
                                                     "Z": "size 4, pips 10"}
    play(st, "declare sequence AS-QS", "declare sequence KH-JH", "declare sequence nothing")
    assert st.view(Z)["declarations"][1]["said"] == {"X": "size 3, top A", "Y": "size 3, top K", "Z": "nothing"}
    assert st.view(Z)["declarations"][1]["winner"] == "X"
    assert st.view(Z)["declarations"][1]["shown"] == {"X": ["AS-QS"]}
    assert st.view(Z)["declarations"][1]["cards"] == {"X": ["AS", "KS", "QS"]}
    stepwise = CATEGORIES.replace("announce: [size, top]", "announce: [size, top]\n        stepwise: true")
    st = position(spec(stepwise), HANDS, dealer=Z)
    play(st, "declare point S", "declare point H", "declare point D", "declare sequence AS-QS")
    assert st.view(Z)["declaring"] == {"X": "size 3"}  # stepwise: the size first
    play(st, "declare sequence KH-JH", "declare sequence nothing")
    assert st.view(Z)["declarations"][1]["said"] == {"X": "size 3, top A", "Y": "size 3, top K", "Z": "nothing"}
    st = position(spec(stepwise), HANDS, dealer=Z)
    play(st, "declare point S", "declare point H", "declare point D", "declare sequence AS-QS",
         "declare sequence nothing", "declare sequence AD-JD")
    assert st.view(Z)["declarations"][1]["said"] == {"X": "size 3", "Y": "nothing", "Z": "size 4"}


def test_the_last_stepwise_declarer_hears_what_every_earlier_one_adds():
    stepwise = CATEGORIES.replace("announce: [size, top]", "announce: [size, top]\n        stepwise: true")
    st = position(spec(stepwise), ["AS KS QS AD", "KH QH JH JS", "AH KD QD JD"], dealer=Z)
    play(st, "declare point S", "declare point H", "declare point D", "declare sequence AS-QS",
         "declare sequence KH-JH")
    assert st.current_player == Z
    [last] = [a for a in st.legal_actions() if a.name == "declare sequence KD-JD"]
    # all three runs are three long: X and Y now say their tops, and X, the best, shows his
    assert st.phase.public_name(st, last, X) == "declare sequence size 3, top K; X top A; Y top K; X shows AS-QS"


def test_a_show_phase_shows_a_declaration_announced_without_showing():
    cats = """
      set:
        combinations: ranks
        at_least: 2
        compare: none
        show: false
        score: 100 * count(cards)
"""
    body = spec(cats)
    st = position(body, ["AS AH KS KH", "QS QH JS JH", "AD KD QD JD"], dealer=Z)
    play(st, "declare set A", "declare set Q J")
    assert st.view(Z)["declarations"][0]["shown"] == {}
    g = game(f"""
declarer: left(dealer)
phases:
  deal: {{hand_size: 4}}
  declare:
    first: declarer
    categories:
{cats}
  show:
    by: left(declarer)
    category: set
  score:
contracts:
  game:
    score: declaration_points(player)
match: {{deals: 1}}
""", pack=PACK)
    st = position(g, ["AS AH KS KH", "QS QH JS JH", "AD KD QD JD"], dealer=Z)
    play(st, "declare set A", "declare set Q J")
    assert st.view(Z)["declarations"][0]["shown"] == {"Y": ["Q", "J"]}


@pytest.mark.parametrize("split, found", [
    ("", ["AS-8S"]), ("\n        split_long: 3", ["AS-QS", "JS-8S", "AS-QS JS-8S"])])
def test_a_very_long_run_may_count_as_two(split, found):
    pack = "pack:\n  suits: [S, H]\n  ranks: [A, K, Q, J, T, 9, 8, 7]\n"
    cats = f"""
      sequence:
        combinations: runs
        at_least: 3{split}
        key: count(cards)
        score: count(cards)
"""
    g = game(f"""
declarer: dealer
phases:
  deal: {{hand_size: 8}}
  declare:
    first: declarer
    categories:
{cats}
  score:
contracts:
  game:
    score: declaration_points(player)
match: {{deals: 1}}
""", seats="[X, Y]", pack=pack)
    st = position(g, ["AS KS QS JS TS 9S 8S AH", "7S KH QH JH TH 9H 8H 7H"], dealer=X)
    assert legal(st) == ["declare sequence nothing"] + [f"declare sequence {f}" for f in found]


TWO = """
declarer: dealer
phases:
  deal: {hand_size: 4}
  declare:
    first: declarer
    answers: {worse: good, better: not good, equal: equal}
    categories:
      sequence:
        combinations: runs
        key: count(cards)
        score: count(cards)
  score:
contracts:
  game:
    score: declaration_points(player)
match: {deals: 1}
"""


def test_two_cards_make_a_run_and_two_seats_get_an_answer():
    st = position(game(TWO, seats="[X, Y]"), ["AS KS AH QH", "QS JS KH JH"], dealer=Y)
    assert st.current_player == Y and legal(st) == ["declare sequence nothing", "declare sequence QS-JS"]
    play(st, "declare sequence QS-JS")
    assert legal(st) == ["declare sequence nothing", "declare sequence AS-KS"]
    st.apply("declare sequence AS-KS")
    assert st.view(X)["declarations"][0]["answer"] == "equal"


def test_the_declare_phase_names_every_combination_a_hand_could_hold():
    g = spec()
    [phase] = phases_of(g, "declare")
    assert phase.vocabulary(g) == [
        "declare point nothing", "declare point S", "declare point H", "declare point D",
        "declare sequence nothing", "declare sequence AS-QS", "declare sequence AS-JS", "declare sequence KS-JS",
        "declare sequence AH-QH", "declare sequence AH-JH", "declare sequence KH-JH", "declare sequence AD-QD",
        "declare sequence AD-JD", "declare sequence KD-JD",
        "declare set nothing", "declare set A", "declare set K", "declare set Q"]


def test_a_clone_dealt_other_cards_declares_from_its_own_cards():
    """The combinations found for a seat's turn are kept for its second question (anything to
    declare? what?), keyed by the very cards held: a clone whose hidden cards are dealt again (a
    search bot's world) finds its own, never the original's."""
    st = position(spec(), HANDS, dealer=Z)  # X declares first: S (3) and H (1)
    assert legal(st) == ["declare point nothing", "declare point H", "declare point S"]
    world = st.clone()
    parse = st.game.pack.parse
    world.hands[X][:] = [parse(c) for c in "AD KD QD JS".split()]  # the same list, other cards
    assert legal(world) == ["declare point nothing", "declare point S", "declare point D"]
    world._legal = None
    world.hands[X][:] = [parse(c) for c in "AS KS QS AH".split()]
    assert legal(world) == legal(st) == ["declare point nothing", "declare point H", "declare point S"]


def _counting_key(point, asked):
    """Make `point`'s key record the cards it is asked of; return the key as it was."""
    key = point.key
    point.key = lambda state, cards: asked.append(tuple(cards)) or key(state, cards)
    return key


def test_a_combinations_key_is_computed_once_while_its_category_is_declared():
    """A key is asked when a seat chooses (worst to best), when the category is settled, and when
    its best is said; asked of the cards alone, it cannot change meanwhile, so each combination's
    is computed once a category. A key that reads the state (here `count(tricks)`, 0 while
    declaring) is kept no longer: a clone keeps nothing of the original's, and a world dealt again
    computes its own."""
    g = spec(CATEGORIES.replace("key: 10 * count(cards) + sum(c.points for c in cards)\n        score: count(cards)",
                                "key: 10 * count(cards) + sum(c.points for c in cards) + count(tricks)\n"
                                "        score: count(cards)"))
    st = position(g, HANDS, dealer=Z)
    (declare,) = phases_of(g, "declare")
    point = declare.categories[0]
    assert point.lasting_keys is None  # (it reads the state)
    asked = []
    key = _counting_key(point, asked)
    try:
        play(st, "declare point S", "declare point H")
        world = st.clone()
        play(st, "declare point D")
        assert sorted(asked) == sorted(set(asked)) and len(asked) == 5  # X's S and H, Y's S and H, Z's D
        assert st.declarations[0][2] == [39, 36, 50]  # the best keys: AS KS QS 30 + 9, KH QH JH, the four diamonds
        asked.clear()
        play(world, "declare point D")
        assert len(asked) == 3  # the world asks again for X's, Y's and Z's declared
        assert world.declarations == st.declarations
    finally:
        point.key = key


def test_a_key_of_the_cards_alone_is_kept_from_deal_to_deal():
    """A key that reads nothing but the cards is the same in every deal and every world: each
    combination's is computed once for the game's life, and the declarations are those of keys
    computed afresh."""
    g = spec()
    (declare,) = phases_of(g, "declare")
    point = declare.categories[0]
    point.lasting_keys.clear()
    asked = []
    key = _counting_key(point, asked)
    try:
        st = position(g, HANDS, dealer=Z)
        play(st, "declare point S", "declare point H")
        world = st.clone()
        play(st, "declare point D")
        assert sorted(asked) == sorted(set(asked)) and len(asked) == 5  # X's S and H, Y's S and H, Z's D
        asked.clear()
        play(world, "declare point D")
        again = position(g, HANDS, dealer=Z)  # another game, the same hands
        play(again, "declare point S", "declare point H", "declare point D")
        assert asked == []  # nothing asked again
        assert world.declarations == again.declarations == st.declarations
        assert st.declarations[0][2] == [39, 36, 50]
    finally:
        point.key = key


@pytest.mark.parametrize("choose, key, kept", [
    ("any", "10 * count(cards)", True),  # any set of the runs held: the list is the runs' alone
    ("one", "10 * count(cards)", True),  # one, ranked by a key of the cards alone
    ("one", "10 * count(cards) + count(tricks)", False),  # ranked by a key that reads the state
])
def test_a_legal_list_of_runs_is_kept_by_their_cards_from_deal_to_deal(monkeypatch, choose, key, kept):
    """Runs and sets come back deal after deal: a legal list that depends on the cards of the runs
    held alone is made once for the game's life, and is the list made afresh; each caller gets
    its own copy. A list ranked by a key that reads the state is made each time."""
    g = spec(CATEGORIES.replace("        at_least: 3\n", f"        at_least: 3\n        choose: {choose}\n").replace(
        "key: 10 * count(cards) + sum(c.points for c in cards)\n        score: 10", f"key: {key}\n        score: 10"))
    (declare,) = phases_of(g, "declare")
    made, listed = [], declare._listed
    monkeypatch.setattr(declare, "_listed", lambda st, ci, cat, found: made.append(cat.name) or listed(st, ci, cat, found))

    def runs_of_x(hands):
        st = position(g, hands, dealer=Z)
        play(st, "declare point nothing", "declare point nothing", "declare point nothing")
        return st, legal(st)

    first, names = runs_of_x(HANDS)
    assert names == ["declare sequence nothing", "declare sequence AS-QS"] and made.count("sequence") == 1
    again, names_again = runs_of_x(HANDS)  # another game, the same runs held
    assert names_again == names and made.count("sequence") == (1 if kept else 2)
    own = declare.legal(again)
    own.clear()
    assert [a.name for a in declare.legal(again)] == names
    other, other_names = runs_of_x(["KS QS JS AH", "AS KH QH JH", "AD KD QD JD"])  # another run
    assert other_names == ["declare sequence nothing", "declare sequence KS-JS"]
    play(again, "declare sequence AS-QS", "declare sequence KH-JH", "declare sequence AD-JD")
    fresh = position(g, HANDS, dealer=Z)
    monkeypatch.setattr(declare, "_lists", [None] * 3)  # nothing kept: every list made afresh
    play(fresh, *("declare point nothing",) * 3, "declare sequence AS-QS", "declare sequence KH-JH",
         "declare sequence AD-JD")
    assert fresh.declarations == again.declarations


def test_what_declaring_keeps_is_bounded_and_forgetting_changes_no_declaration(monkeypatch):
    """Keys, legal lists, what is said and the actions made are kept within their bounds (here two
    entries each; lasting keys are forgotten as a category begins, so they hold at most what one
    category's declaring adds to that: Piquet's point, four suits a seat), and the declarations,
    legal lists and records are those of a game that forgets nothing."""
    import random
    from pathlib import Path

    from interpreter.compile.game import load_game
    from interpreter.phases import declare as module

    path = Path(__file__).resolve().parents[2] / "specs" / "piquet" / "rubicon.yaml"

    def games(g):
        out = []
        for seed in range(6):
            rng, st = random.Random(seed), g.new_state(seed)
            while st.deal_number <= 2 and not st.terminal:
                legal = st.legal_actions()
                out.append([a.name for a in legal])
                st.apply(legal[rng.randrange(len(legal))])
            out.append((st.declarations[:], [d.declarations for d in st.deals]))
        return out

    everything = games(load_game(path))
    monkeypatch.setattr(module, "MAX_KEYS", 2)
    monkeypatch.setattr(module, "MAX_ACTIONS", 2)
    g = load_game(path)  # (a game of its own: its phases have kept nothing yet)
    assert games(g) == everything
    for phase in phases_of(g, "declare"):
        assert len(phase._actions) <= 2 and all(kept is None or len(kept) <= 2 for kept in phase._lists)
        for cat in phase.categories:
            assert len(cat.said_of) <= 2 and (cat.lasting_keys is None or len(cat.lasting_keys) <= 2 + 2 * 4)


@pytest.mark.parametrize("spec_path", ["piquet/rubicon", "klaberjass/klaberjass"])
def test_declaration_points_are_the_sum_of_what_was_settled_so_far(spec_path):
    """`declaration_points(p)` reads each seat's total, kept as each category is settled: at every
    move of whole random games, and in clones played on apart, it is the sum of the points in
    `declarations`, and it starts again at 0 with each deal."""
    import random
    from pathlib import Path

    from interpreter.compile.game import load_game
    from interpreter.compile.scope import build_scope
    from interpreter.expr import compile_expr

    g = load_game(Path(__file__).resolve().parents[2] / "specs" / f"{spec_path}.yaml")
    points = compile_expr("declaration_points(player)", build_scope(g.pack, g.n, 1, {}, ["deal"])).fn

    def declaration_points(s, p):
        s.player = p
        return points(s)
    scored = 0
    for seed in range(12):
        rng = random.Random(seed)
        st, twin = g.new_state(seed), None
        while not st.terminal:
            for s in (st, twin) if twin is not None else (st,):
                for p in range(g.n):
                    assert declaration_points(s, p) == sum(entry[4][p] for entry in s.declarations)
                    scored += declaration_points(s, p) != 0
            if twin is None and st.declarations and rng.random() < 0.5:
                twin = st.clone()  # played on apart, to the end of the game
            for s in (st, twin) if twin is not None and not twin.terminal else (st,):
                legal = s.legal_actions()
                s.apply(legal[rng.randrange(len(legal))])
    assert scored > 100  # (the games did score declarations)


@pytest.mark.parametrize("spec_path", ["piquet/rubicon", "klaberjass/klaberjass", "piquet/au-cent"])
def test_the_runs_of_a_hand_found_in_one_walk_are_those_found_suit_by_suit(spec_path):
    """A pack numbered suit by suit, in the suits' order, and rank by rank (no copies): the runs of a
    hand are found in one walk of its sorted cards, and they are the runs, in the same order, that
    sorting each suit's cards by rank finds, for any hand, sorted or not, and with runs split long."""
    import random
    from pathlib import Path

    from interpreter.compile.game import load_game
    from interpreter.phases import every_phase

    g = load_game(Path(__file__).resolve().parents[2] / "specs" / f"{spec_path}.yaml")
    st = g.new_state(1)
    rng = random.Random(7)
    for phase in every_phase(g):
        if phase.kind != "declare":
            continue
        assert phase.in_order
        for cat in phase.categories:
            for split in (cat.split_long, 0, 4):
                cat.split_long, before = split, cat.split_long
                for _ in range(300):
                    hand = rng.sample(range(len(g.pack)), rng.randrange(len(g.pack) + 1))
                    if rng.random() < 0.5:
                        hand.sort()
                    walked = phase.find(st, cat, hand)
                    phase.in_order = False
                    try:
                        assert walked == phase.find(st, cat, hand), (cat.name, hand)
                    finally:
                        phase.in_order = True
                cat.split_long = before

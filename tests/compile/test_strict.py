"""Nothing the spec says is ignored, and what would fail in play is found first.

Each test is a small spec written for it: `play.trump`, a match that lasts until `ends_when`
holds and the announcements of a contract's own play take effect; a per-seat `hand_size` deals
each seat its own count, in a first deal and in a deal that completes the hands, and the cards
are dealt one at a time unless `packets` say otherwise; a deal of the whole pack again within a
deal is recorded and replays without the seed; an exchange with a minimum and an empty talon
stops with a located error (it is not skipped), and is refused before play wherever the compiler
can follow the talon, as is a `once_each` whose choices run out (what only play knows is left to
play); `validate` checks the options that shape the deal together, and a number option from 0;
it proves a division safe by its guard (a comparison with a number, either way round) or asks
for one, and an index in range.
"""

from __future__ import annotations

import io
import random

import pytest

from interpreter.cli import run
from interpreter.compile.game import load_game
from interpreter.compile.safety import unguarded_divisions
from interpreter.compile.scope import build_scope
from interpreter.core.cards import Pack
from interpreter.core.errors import GameFault, SpecErrors
from interpreter.record.replay import dump, record_of, replay
from tests.phases.table import X, Y, Z, game, legal, play, position
from tests.phases.test_contract import spec as contract_spec

BODY = """
phases:
  deal: {{hand_size: 2}}
  play:
  score:
play:
  leader: left(dealer)
  rules: [follow suit]
  {trump}
play_rules: {{follow suit: {{when: not leading, keep: card.suit == led_suit}}}}
contracts: {{game: {{score: tricks_won}}}}
match: {{deals: 1}}
"""


def test_play_trump_makes_its_suit_trump_as_the_play_begins():
    plain, trumps = game(BODY.format(trump="")), game(BODY.format(trump="trump: H"))
    hands = ["AS KS", "JH QD", "JS JD"]
    won = []
    for g in (plain, trumps):
        st = position(g, hands, dealer=Z)  # X leads
        play(st, "play AS", "play JH", "play JS")
        won.append(st.tricks_won[:])
    assert won == [[1, 0, 0], [0, 1, 0]]  # the heart only wins when hearts are trumps


def test_play_trump_may_be_none_to_play_without_trumps_after_a_turn_up():
    spec = BODY.replace("deal: {{hand_size: 2}}", "deal: {{hand_size: 2, turn_up: trump}}")
    turned, none = game(spec.format(trump="")), game(spec.format(trump="trump: none"))
    st, st2 = position(turned, ["AS KS", "JH QD", "JS JD"], talon="AH", dealer=Z), \
        position(none, ["AS KS", "JH QD", "JS JD"], talon="AH", dealer=Z)
    for s in (st, st2):
        play(s, "play AS", "play JH", "play JS")
    assert (st.tricks_won, st2.tricks_won) == ([0, 1, 0], [1, 0, 0])


BASE = """
phases:
  deal: {hand_size: 4}
  score:
contracts:
  game:
    score: deal_number
"""


def test_a_game_with_ends_when_and_no_deals_lasts_until_it_holds():
    g = game(BASE + "match: {ends_when: deal_number >= 4}\n")
    st = g.new_state(1)
    assert st.is_terminal and len(st.deals) == 4 and st.totals == [10, 10, 10]  # not 3 deals: one per seat


CONTRACT_PLAY = """
phases:
  deal: {hand_size: 4}
  announce:
  play:
  score:
play:
  leader: next(dealer)
contracts:
  game:
    announce: {trump: suit}
    play:
      announcements:
        bella:
          description: with the king of trumps
          when: card.suit == trump and card.rank == K
    score: tricks_won + (if announced(player, bella) then 10 else 0)
match: {deals: 1}
"""


def test_an_announcement_of_a_contracts_own_play_is_offered_and_counted():
    st = position(game(CONTRACT_PLAY), ["AS QS KH JD", "KS AH QH AD", "JS JH KD QD"], dealer=Z)
    st.apply("trump H")
    assert legal(st) == ["play AS", "play QS", "play KH", "play JD", "play KH bella"]
    play(st, "play KH bella")
    assert st.deal.said == [(X, "bella", st.game.pack.parse("KH"))]


def _random_game(g, seed=1):
    rng = random.Random(seed)
    st = g.new_state(seed)
    while not st.is_terminal:
        actions = st.legal_actions()
        st.apply(actions[rng.randrange(len(actions))])
    return st


SIZES = """
phases:
  deal: {deal}
  more: {more}
  play:
  score:
contracts:
  game:
    score: tricks_won
match: {{deals: 1}}
"""


def test_a_per_seat_hand_size_deals_each_seat_its_own_number_of_cards():
    g = game(SIZES.format(deal="{hand_size: 'if player == dealer then 2 else 3'}", more="{kind: score}")
             .replace("  score:\n", "", 1))
    st = g.new_state(3, first_dealer=X)
    assert [len(h) for h in st.hands] == [2, 3, 3] and len(st.talon) == 4


def test_a_per_seat_hand_size_completes_each_hand_to_its_own_size():
    g = game(SIZES.format(deal="{hand_size: 2}", more="{kind: deal, more: true, hand_size: "
                                                       "'if player == dealer then 3 else 4'}"))
    st = g.new_state(3, first_dealer=Y)
    assert [len(h) for h in st.hands] == [4, 3, 4] and len(st.talon) == 1


def test_by_default_the_cards_are_dealt_one_at_a_time():
    def hands(packets):
        g = game(f"""
phases:
  deal: {{hand_size: 4{packets}}}
  score:
contracts:
  game:
    score: 0
match: {{deals: 1}}
""")
        return [list(h) for h in g.new_state(7).deal.hands]
    assert hands("") == hands(", packets: [1]") != hands(", packets: [2]")


@pytest.mark.parametrize("again, cut", [("{kind: deal, hand_size: 4}", False),
                                        ("{kind: deal, hand_size: 4, turn_up: trump}", True)])  # all dealt: a cut
def test_a_second_deal_of_the_pack_within_a_deal_is_recorded_and_replays_without_the_seed(again, cut, tmp_path):
    text = "game: T\nseats: [X, Y, Z]\npack: {suits: [S, H, D], ranks: [A, K, Q, J]}\n" + SIZES.format(
        deal="{hand_size: 2}", more=again).replace("deals: 1", "deals: 2")
    (tmp_path / "t.yaml").write_text(text)
    g = load_game(tmp_path / "t.yaml")
    st = _random_game(g)
    record = record_of(st, "t.yaml")
    assert [len(d["redeals"]) for d in record["deals"]] == [1, 1]
    assert all(("cut" in d["redeals"][0]) == cut for d in record["deals"])
    assert all(len(h.split()) == 4 for d in record["deals"] for h in d["redeals"][0]["hands"].values())
    del record["seed"]
    dump(record, tmp_path / "r.yaml")
    again = replay(tmp_path / "r.yaml").state
    assert [d.scores for d in again.deals] == [d.scores for d in st.deals]
    # the redealt hands are the ones played: change them and the record no longer replays
    first = record["deals"][0]["redeals"][0]["hands"]
    first["X"], first["Y"] = first["Y"], first["X"]
    dump(record, tmp_path / "r2.yaml")
    out, err = io.StringIO(), io.StringIO()
    assert run(["replay", str(tmp_path / "r2.yaml")], out, err) == 1
    assert "does not hold" in err.getvalue() or "the rules give" in err.getvalue()


def test_an_exchange_with_a_minimum_and_an_empty_talon_stops_at_its_place():
    g = game("""
phases:
  deal: {hand_size: 4}
  exchange: {by: dealer, min: count(seats) - 2}
  play:
  score:
contracts:
  game:
    score: tricks_won
""")
    with pytest.raises(GameFault) as e:
        g.new_state(1, first_dealer=X)
    assert (e.value.line, e.value.column) == (11, 3)  # the phase
    assert e.value.message == "`exchange`: X must exchange at least 1 card, but the talon is empty (deal 1; seed 1)"


def errors(make) -> list[tuple[str, int | None, int | None]]:
    with pytest.raises(SpecErrors) as e:
        make()
    return [(x.message, x.line, x.column) for x in e.value.errors]


def two_deals(first, second: str):
    """`first` cards each, then a second deal (`second`: its settings), then an exchange with a
    `min` (12 cards, 3 seats)."""
    return game(f"""
phases:
  deal: {{hand_size: {first}}}
  again:
    kind: deal
{second}
  exchange:
    min: 1
  score:
contracts:
  game:
    score: 0
match: {{deals: 1}}
""")


def completed(size):
    """Two cards each, then the hands completed to `size` from the talon, then an exchange."""
    return two_deals(2, f"    hand_size: {size}\n    more: true")


def test_an_exchange_with_a_min_after_the_hands_are_completed_from_the_whole_talon_is_refused():
    assert errors(lambda: completed(4)) == [
        ("`min` is 1, but the talon is empty when this phase starts (the deals give every card), so there is "
         "nothing to exchange", 16, 10)]
    assert completed(3).phases[2].kind == "exchange"  # three cards each: three left in the talon


def test_once_each_with_a_declarer_who_is_not_the_dealer_counts_the_whole_tables_choices():
    # the declarer is left of the dealer: the choosers are not counted seat by seat
    assert errors(lambda: contract_spec("  choose_contract:\n    once_each: true", deals=10,
                                        dealer_next="next(dealer)")) == [
        ("the game has 10 deals and 10 contracts are chosen, but with `once_each` there are only 9 to choose: the "
         "choices run out before the last deal", 14, 5)]
    assert contract_spec("  choose_contract:\n    once_each: true", deals=9, dealer_next="next(dealer)").n == 3


def test_once_each_with_a_number_of_deals_known_only_in_play_is_not_counted():
    """Whether the contracts run out can be counted only for a number of deals the compiler
    knows; one the game computes as it goes (here from who deals and declares) is left to play."""
    g = contract_spec("  choose_contract:\n    once_each: true", deals="if dealer == declarer then 3 else 6")
    assert g.n == 3 and [ph.kind for ph in g.phases][1] == "choose_contract"


def test_a_hand_size_the_compiler_cannot_know_leaves_the_talon_unknown():
    """A deal of every card, then a deal again of a size computed in play: the talon may hold cards
    again, so an exchange with a `min` after it is left to play."""
    g = two_deals(4, "    hand_size: count(seats) - 1")
    assert [ph.kind for ph in g.phases] == ["deal", "deal", "exchange", "score"]


def test_a_hand_size_written_as_a_whole_float_is_followed_as_a_number():
    assert errors(lambda: completed("4.0")) == [
        ("`min` is 1, but the talon is empty when this phase starts (the deals give every card), so there is "
         "nothing to exchange", 16, 10)]


OPTIONS = """game: T
seats: [X, Y, Z]
pack: {suits: [S, H, D], ranks: [A, K, Q, J]}
phases:
  deal: {hand_size: 3}
  play:
  score:
contracts:
  game:
    score: tricks_won
options:
  four:
    description: a fourth player
    default: false
    choices:
      false: {}
      true: {seats: [X, Y, Z, V]}
  long:
    description: four cards each
    default: false
    choices:
      false: {}
      true: {phases: {deal: {hand_size: 4}}}
"""


def test_validate_checks_the_options_that_shape_the_deal_together(tmp_path):
    (tmp_path / "t.yaml").write_text(OPTIONS)
    out, err = io.StringIO(), io.StringIO()
    assert run(["validate", str(tmp_path / "t.yaml")], out, err) == 3
    assert err.getvalue().splitlines()[0] == (
        f"{tmp_path / 't.yaml'}:23:41: the deal gives 16 cards (4 x 4) but the pack has 12 "
        f"(with --option four=true --option long=true)")


NUMBERS = """game: numbers
title: Numbers
seats: [X, Y, Z]
direction: clockwise
pack: {suits: [S, H, D], ranks: [A, K, Q, J]}
phases:
  deal: {hand_size: 4}
  play:
  score:
contracts:
  game:
    score: tricks_won
options:
  share:
    description: tricks are worth a share of twelve
    default: "off"
    choices:
      "off": {}
    number:
      max: 6
      changes:
        contracts: {game: {score: 12 // share}}
"""


def test_a_number_option_without_a_least_value_is_checked_with_0(tmp_path):
    spec = tmp_path / "n.yaml"
    spec.write_text(NUMBERS)
    out, err = io.StringIO(), io.StringIO()
    assert run(["validate", str(spec)], out, err) == 3
    assert err.getvalue().splitlines()[0] == (
        f"{spec}:22:41: division by zero: `share` is 0 (with --option share=0)")  # an option's number is a constant


@pytest.mark.parametrize("source, unproved", [
    ("10 / tricks_won", ["tricks_won"]),
    ("pack_size / count(seats) + 7 % count(contracts)", []),  # constants of the game
    ("if tricks_won > 0 then 10 / tricks_won else 0", []),
    ("if 0 < tricks_won then 10 // tricks_won else 0", []),
    ("if tricks_won >= 1 then 10 / (tricks_won) else 0", []),  # brackets and spaces do not matter
    ("if tricks_won == 0 then 0 else 10 / tricks_won", []),
    ("if not (tricks_won == 0) then 10 / tricks_won else 0", []),
    ("tricks_won != 0 and 10 / tricks_won > 1", []),
    ("tricks_won == 0 or 10 / tricks_won > 1", []),
    ("if deal_number > 1 and tricks_won != 0 then 10 / tricks_won else 0", []),
    ("if tricks_won > -1 then 10 / tricks_won else 0", ["tricks_won"]),  # may still be 0
    ("if tricks_won != 0 then 0 else 10 / tricks_won", ["tricks_won"]),  # the wrong branch
    ("tricks_won != 0 or 10 / tricks_won > 1", ["tricks_won"]),
    ("if tricks_won > 0 then 10 / (tricks_won - 1) else 0", ["tricks_won - 1"]),  # another expression
    ("sum(10 / count(c in won where c.suit == s) for s in suits)", ["count(c in won where c.suit == s)"]),
])
def test_validate_proves_a_division_safe_or_asks_for_a_guard(source, unproved):
    from interpreter.compile.safety import unguarded_divisions

    assert [text for _, _, text in unguarded_divisions(source, three_seat_scope())] == unproved


def three_seat_scope():
    """The names of a small three-seat trick game, for checking expressions."""
    from interpreter.compile.game import Compiler
    from interpreter.load.pipeline import resolve

    compiler = Compiler(resolve("t.yaml", text="game: T\nseats: [X, Y, Z]\npack: {suits: [S, H, D], ranks: [A, K, Q, J]}\n"
                                               "phases: {deal: null, play: null, score: null}\n"
                                               "contracts: {most: {score: tricks_won}}\n"))
    compiler.compile()
    return compiler.scope


SCOPE = build_scope(Pack.build("SHD", "AKQJ"), 3, 1, {}, ["game"])


@pytest.mark.parametrize("guard, proved", [
    ("tricks_won < 0", True), ("tricks_won < 1", False), ("tricks_won < -1", True),
    ("tricks_won <= -1", True), ("tricks_won <= 0", False), ("tricks_won <= -0.5", True),
    ("tricks_won > 0", True), ("tricks_won > -1", False), ("tricks_won > 2", True),
    ("tricks_won >= 1", True), ("tricks_won >= 0", False),
    ("tricks_won != 0", True), ("tricks_won != 1", False),
    ("0 < tricks_won", True), ("1 > tricks_won", False), ("-1 >= tricks_won", True), ("0 >= tricks_won", False),
    ("0 != tricks_won", True), ("not (tricks_won == 0)", True), ("not (tricks_won == 1)", False),
])
def test_a_guard_shows_the_divisor_is_not_0_or_does_not(guard, proved):
    source = f"if {guard} then 10 / tricks_won else 0"
    assert unguarded_divisions(source, SCOPE) == ([] if proved else [(1, len(source) - 16, "tricks_won")])


def test_a_division_in_a_condition_is_checked_too():
    assert unguarded_divisions("if 12 / tricks_won > 1 then 1 else 0", SCOPE) == [(1, 9, "tricks_won")]


def test_a_constant_divisor_needs_no_guard_and_a_count_does():
    assert unguarded_divisions("tricks_won / 1 + tricks_won % count(seats)", SCOPE) == []
    assert unguarded_divisions("tricks_won / count(c in won where c.rank == A)", SCOPE) == [
        (1, 14, "count(c in won where c.rank == A)")]


@pytest.mark.parametrize("source, unproved", [
    ("[10, 20, 30][2] + [10, 20, 30][-3]", []),  # a list written out, a number
    ("[10, 20, 30][4]", ["[10, 20, 30][4]"]),
    ("if seats[3] == player then 1 else 0", []),  # a constant list
    ("if seats[4] == player then 1 else 0", ["seats[4]"]),
    ("if tricks[-1].winner == player then 1 else 0", ["tricks[-1]"]),
    ("if count(tricks) > 0 and tricks[-1].winner == player then 1 else 0", []),
    ("if count(tricks) >= 2 and tricks[-2].winner == player then 1 else 0", []),
    ("if count(tricks) >= 1 and tricks[-2].winner == player then 1 else 0", ["tricks[-2]"]),
    ("if count(tricks) == 0 then 0 else tricks[1].number", []),
    ("if count(tricks) != 0 then tricks[1].number else 0", []),
    ("if count(tricks) == 0 or tricks[1].winner == player then 0 else 1", []),
    ("if count(tricks) > 0 then 0 else tricks[1].number", ["tricks[1]"]),  # the wrong branch
    ("if count(won) > 0 then tricks[1].number else 0", ["tricks[1]"]),  # another list
    ("sum(tricks[k].number for k in range(1, count(tricks)))", []),  # a loop variable up to the count
    ("sum(tricks[k].number for k in range(0, count(tricks)))", ["tricks[k]"]),  # from 0
    ("sum(won[k].points for k in range(1, count(tricks)))", ["won[k]"]),
    ("count(k in range(1, count(tricks)) where all(tricks[i].winner == tricks[1].winner for i in range(1, k)))", []),
    ("sum(won[k].points for k in range(1, count(tricks)) where k <= count(won))", []),
    ("sum([1, 2, 3][k] for k in range(1, 3))", []),
    ("sum([1, 2, 3][k] for k in range(1, 4))", ["[1, 2, 3][k]"]),
    ("sum([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12][pack_size] for pack_size in range(1, 12))", []),
    ("sum([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12][pack_size] for pack_size in range(1, 13))",  # not the game's 12
     ["[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12][pack_size]"]),
    ("if tricks_won >= 1 and tricks_won <= 3 then [1, 2, 3][tricks_won] else 0", []),
    ("if tricks_won >= 1 and tricks_won <= count(won) then won[tricks_won].points else 0", []),
    ("if tricks_won <= 3 then [1, 2, 3][tricks_won] else 0", ["[1, 2, 3][tricks_won]"]),
    ("if place >= 1 then [1, 2, 3][place] else 0", []),  # place: 0, or 1 to the number of seats
    ("if place >= 1 then [1, 2][place] else 0", ["[1, 2][place]"]),
    ("[1, 2, 3][place]", ["[1, 2, 3][place]"]),
    ("count(p in seats where p == filter(q in seats where tricks_won_by(q) > 0)[1])",
     ["filter(q in seats where tricks_won_by(q) > 0)[1]"]),
    ("if count(q in seats where tricks_won_by(q) > 0) > 0 then filter(q in seats where tricks_won_by(q) > 0)[1] "
     "else none", []),  # counting the loop is counting what filter keeps
    ("if count(t in tricks where t.cards[1].suit == S) > 0 then 1 else 0", []),  # a played trick has a card
    ("if count(t in tricks where t.cards[2].suit == S) > 0 then 1 else 0", ["t.cards[2]"]),
    ("sum(c.points for c in hand where not leading and trick[1].suit == c.suit)", []),
    ("sum(c.points for c in hand where trick[1].suit == c.suit)", ["trick[1]"]),
])
def test_validate_proves_an_index_in_range_or_asks_for_a_guard(source, unproved):
    from interpreter.compile.safety import unguarded_indexes

    assert [text for _, _, text in unguarded_indexes(source, three_seat_scope())] == unproved

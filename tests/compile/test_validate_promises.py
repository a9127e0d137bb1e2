"""What `validate` accepts runs: specs it used to accept whose games then stopped (or went wrong in
silence) are now refused at the line that causes it, or play."""

from __future__ import annotations

import io
import random
from pathlib import Path

import pytest

from interpreter.cli import run
from interpreter.compile.game import load_game
from interpreter.core.errors import EXIT_OK, GameFault, SpecErrors

BARBU = Path(__file__).resolve().parents[2] / "specs" / "barbu" / "barbu.yaml"
SMALL = """\
game: Small
seats: [A, B, C, D]
pack:
  suits: [S, H, D, C]
  ranks: [A, K, Q, J, T, 9, 8, 7, 6, 5, 4, 3, 2]
"""


def refused(path, text=None, options=None):
    with pytest.raises(SpecErrors) as caught:
        load_game(path, text=text, options=options)
    return [(e.line, e.column, e.message) for e in caught.value.errors]


def cli(*argv):
    out, err = io.StringIO(), io.StringIO()
    code = run([str(a) for a in argv], out, err)
    return code, out.getvalue(), err.getvalue()


def test_packets_written_as_decimals_deal_as_whole_numbers(tmp_path):
    text = SMALL + "phases:\n  deal:\n    hand_size: 13\n    packets: [4.0, 5.0]\n  play:\n  score:\n" \
                   "contracts:\n  most:\n    score: tricks_won\n"
    state = load_game(tmp_path / "p.yaml", text=text).new_state(1)
    state.playout(random.Random(1).choice, whole_game=True)
    assert state.is_terminal and sum(state.totals) == 4 * 13


def test_a_phase_that_leads_the_deal_back_is_refused_at_its_next(tmp_path):
    variant = tmp_path / "loop.yaml"
    variant.write_text(f"extends: {BARBU}\nphases:\n  score:\n    +next: double\n")
    assert refused(variant) == [(4, 5, "`next: double` leads the deal back to a phase it has been through "
                                       "already, so it would never end")]


def test_a_game_that_could_never_end_is_refused_at_its_ends_when(tmp_path):
    variant = tmp_path / "never.yaml"
    variant.write_text(f"extends: {BARBU}\nmatch:\n  +ends_when: false\n  -deals:\n")
    assert refused(variant) == [(3, 15, "the game would never end: `ends_when` is always false, and the match "
                                        "has no `deals`")]


def test_a_hand_size_given_through_a_function_is_checked_against_the_pack(tmp_path):
    text = SMALL + "functions:\n  cards: {value: 17}\nphases:\n  deal:\n    hand_size: cards\n  play:\n  score:\n" \
                   "contracts:\n  most:\n    score: tricks_won\n"
    assert refused(tmp_path / "f.yaml", text) == [(10, 16, "the deal gives 68 cards (4 x 17) but the pack has 52")]


def test_a_hand_size_given_through_a_number_option_is_checked_when_it_is_chosen(tmp_path):
    text = SMALL + """\
options:
  size:
    description: cards each
    default: "13"
    choices: {"13": {}}
    number: {min: 1, changes: {phases: {deal: {hand_size: size}}}}
phases:
  deal:
    hand_size: 13
  play:
  score:
contracts:
  most:
    score: tricks_won
"""
    load_game(tmp_path / "o.yaml", text=text, options={"size": "12"})
    assert refused(tmp_path / "o.yaml", text, {"size": "17"}) == [
        (11, 59, "the deal gives 68 cards (4 x 17) but the pack has 52")]


def test_a_turn_up_cut_from_a_hand_may_not_be_taken_into_a_hand(tmp_path):
    text = SMALL + """\
phases:
  deal:
    hand_size: 13
    turn_up: offer
  bid:
    kind: trump_bid
  pickup:
    kind: exchange
    by: dealer
    take: turn_up
  play:
  score:
contracts:
  most:
    score: tricks_won
"""
    assert refused(tmp_path / "t.yaml", text) == [
        (12, 3, "phase `pickup` takes the turned-up card into a hand, but the deal gives every card: the card "
                "turned up is cut from a hand, and stays there")]


NO_DECLARER = SMALL.replace("Small", "Nobody declares") + """\
declarer: none
phases:
  deal:
    hand_size: 13
  play:
  score:
contracts:
  most:
    score: tricks_won
"""


def test_a_play_nobody_leads_stops_at_the_phase_instead_of_being_skipped(tmp_path):
    with pytest.raises(GameFault) as caught:
        load_game(tmp_path / "n.yaml", text=NO_DECLARER).new_state(1)
    fault = caught.value
    assert (fault.line, fault.column) == (10, 3)
    assert fault.message == ("nobody leads the first trick of phase `play`: its `leader` (the declarer, unless the "
                             "play names another) is none in this deal (deal 1; seed 1)")


def test_simulate_reports_contracts_played_with_no_declarer(tmp_path):
    spec = tmp_path / "n.yaml"
    spec.write_text(NO_DECLARER + "play:\n  leader: left(dealer)\n")
    code, out, err = cli("simulate", spec, "--games", "2", "--csv", tmp_path / "deals.csv")
    assert (code, err) == (EXIT_OK, "")
    row = next(line for line in out.splitlines() if line.startswith("most"))
    assert row.split()[:2] == ["most", "8"] and len(row.split()) == 3  # 8 deals, one mean for every seat
    assert "declarer" not in out  # no deal had a declarer: no declarer's column
    assert (tmp_path / "deals.csv").read_text().splitlines()[1].split(",")[4] == ""  # the declarer column
    code, out, err = cli("simulate", spec, "--games", "2", "--json")
    assert '"declarer_mean": null' in out and code == EXIT_OK


def test_a_game_nobody_declares_shows_no_declarer(tmp_path):
    from interpreter.words.screen import describe

    state = load_game(tmp_path / "n.yaml", text=NO_DECLARER + "play:\n  leader: left(dealer)\n").new_state(2)
    view = state.view(0)
    assert view["declarer"] is None and view["dealer"] in "ABCD"
    assert "declarer" not in describe(state, 0)


# ---- cases a differential fuzzer found (tests/compile/test_differential.py, FIXED): each spec is now
# refused at its place, plays, or fails in the spec's terms, never with Python's text

FUZZ = """\
game: Fuzz
seats: [A, B, C]
pack:
  suits: [S, H, D]
  ranks: [A, K, Q, J]
{top}phases:
  deal:
    hand_size: 4
  play:
  score:
contracts:
  most:
    score: {score}
{rules}"""


def fuzz(top="", score="tricks_won", rules=""):
    return FUZZ.format(top=top, score=score, rules=rules)


@pytest.mark.parametrize("top, error", [
    ("declarer: declarer\n", (6, 11, "`declarer` says who the declarer of each deal is: it cannot read `declarer` "
                                     "itself (`earlier_deals[-1].declarer` is the last deal's)")),
    ("dealer:\n  first: if trump == none then seats[1] else seats[2]\n",
     (7, 10, "`dealer.first` is read before the first deal, when nothing is dealt, bid or played: it may read the "
             "seats and the options, not `trump`")),
    ("dealer:\n  first: dealer\n",
     (7, 10, "`dealer.first` is read before the first deal, when nothing is dealt, bid or played: it may read the "
             "seats and the options, not `dealer`")),
    ("functions:\n  host:\n    value: if tricks_won_by(seats[1]) > 0 then seats[2] else seats[1]\ndealer:\n  first: left(host)\n",
     (10, 10, "`dealer.first` is read before the first deal, when nothing is dealt, bid or played: it may read the "
              "seats and the options, not `host` or `tricks_won_by`")),
])
def test_what_is_read_before_it_is_set_is_refused_at_its_place(tmp_path, top, error):
    assert refused(tmp_path / "f.yaml", fuzz(top=top)) == [error]


@pytest.mark.parametrize("top", ["declarer: this_deal.dealer\n", "declarer: if dealt == 0 then dealer else left(dealer)\n",
                                 "dealer:\n  first: left(seats[2])\n"])
def test_what_is_there_to_read_at_its_moment_is_read(tmp_path, top):
    g = load_game(tmp_path / "f.yaml", text=fuzz(top=top))
    st = g.new_state(1)
    st.playout(random.Random(1).choice, whole_game=True)
    assert st.is_terminal and st.deals[0].declarer == st.deals[0].dealer if "declarer" in top else st.deals[0].dealer == 2


@pytest.mark.parametrize("score", ["card_of_suit(A, led_suit).order", "tricks_won_by(maker)", "total_of(left(maker))"])
def test_a_none_read_where_a_value_is_needed_is_told_in_the_spec_s_terms_at_its_place(tmp_path, score):
    g = load_game(tmp_path / "f.yaml", text=fuzz(score=score))
    with pytest.raises(GameFault) as e:
        g.new_state(1).playout(random.Random(1).choice, whole_game=True)
    assert (e.value.line, e.value.column) == (13, 12)
    assert e.value.message.startswith("a value this expression reads is none here (no card, seat, suit or "
                                            "bid): guard it, e.g. `if maker != none then tricks_won_by(maker) "
                                            "else 0` (deal 1, at ")
    assert "NoneType" not in str(e.value) and "Error" not in str(e.value)


def test_a_yaml_true_is_the_expression_true_in_a_play_rule(tmp_path):
    g = load_game(tmp_path / "f.yaml", text=fuzz(top="play:\n  rules: [any]\n", rules="play_rules:\n  any:\n    keep: true\n"))
    st = g.new_state(1)
    assert len(st.legal_actions()) == 4

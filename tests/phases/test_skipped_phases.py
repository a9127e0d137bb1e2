"""A phase whose `when` does not hold is skipped: the deal goes on with the next phase, a deal
whose every phase is skipped is over at once (and ends the game if it is the last), and a
simulation counts only the deals that were scored."""

from __future__ import annotations

import csv
import io
import json

from interpreter.cli import run

from .table import PACK, X, Y, Z, game


def two_deals_text(first_phase_when, rest_when="true"):
    """Two deals of three seats: four cards each when the first deal phase runs, else three
    from the second deal phase (which runs on the deals the first one skips)."""
    return f"""
direction: clockwise
phases:
  full_deal: {{kind: deal, hand_size: 4, when: {first_phase_when}}}
  short_deal: {{kind: deal, hand_size: 3, when: not ({first_phase_when}) and ({rest_when})}}
  play: {{when: {rest_when}}}
  score: {{when: {rest_when}}}
play:
  leader: left(dealer)
contracts:
  game:
    score: tricks_won
match: {{deals: 2}}
"""


def two_deals(first_phase_when, rest_when="true"):
    return game(two_deals_text(first_phase_when, rest_when))


def dealt(g):
    """Deal 1 by hand (one suit each, X spades, Y hearts, Z diamonds) and deal 2 likewise, short of
    the jacks, which stay in the talon."""
    parse = g.pack.parse

    def hands(text):
        return [[parse(c) for c in h.split()] for h in text.split(" / ")]

    return g.new_state(1, first_dealer=X, hands={1: hands("AS KS QS JS / AH KH QH JH / AD KD QD JD"),
                                                 2: hands("AS KS QS / AH KH QH / AD KD QD")},
                       talons={1: [], 2: [parse(c) for c in ("JS", "JH", "JD")]})


def play_out(st, deal_number):
    """Each seat plays its first legal card until the deal is over (no rule binds: the leader
    wins every trick with his own suit)."""
    while not st.is_terminal and st.deal_number == deal_number:
        st.apply(st.legal_actions()[0])


def test_a_deal_whose_first_phase_is_skipped_goes_on_with_the_next_phase():
    st = dealt(two_deals("deal_number == 1"))
    assert [len(h) for h in st.hands] == [4, 4, 4] and st.current_player == Y
    play_out(st, 1)
    assert st.deals[0].scores == [0, 4, 0] and not st.is_terminal
    # deal 2: `full_deal` is skipped, `short_deal` deals three cards each, and Z leads
    assert (st.deal_number, st.dealer, st.current_player) == (2, Y, Z)
    assert [len(h) for h in st.hands] == [3, 3, 3] and len(st.talon) == 3
    assert st.view(X)["phase"] == "play"
    play_out(st, 2)
    assert st.is_terminal and st.deals[1].scores == [0, 0, 3] and st.returns == [0, 4, 3]


def test_a_last_deal_whose_every_phase_is_skipped_ends_the_game_at_its_start():
    st = dealt(two_deals("deal_number == 1", rest_when="deal_number == 1"))
    play_out(st, 1)
    assert st.is_terminal and st.deal_number == 2 and st.deals[1].scores is None
    view = st.view(X)
    assert (view["phase"], view["to_act"], view["hand"]) == ("start", None, [])
    assert st.returns == [0, 4, 0]


def test_a_deal_whose_only_phase_is_skipped_is_over_at_once():
    g = game("""
phases:
  score: {when: deal_number != 2}
contracts:
  game: {score: deal_number}
match: {deals: 3}
""")
    st = g.new_state(1)
    assert st.is_terminal and [d.scores for d in st.deals] == [[1, 1, 1], None, [3, 3, 3]]
    assert st.returns == [4, 4, 4]


def test_a_simulation_counts_only_the_deals_that_were_scored(tmp_path):
    spec = tmp_path / "t.yaml"
    spec.write_text(f"game: T\nseats: [X, Y, Z]\n{PACK}\n" + two_deals_text("deal_number == 1", "deal_number == 1"))
    rows = tmp_path / "deals.csv"
    out, err = io.StringIO(), io.StringIO()
    assert run(["simulate", str(spec), "--games", "2", "--json", "--csv", str(rows)], out, err) == 0, err.getvalue()
    doc = json.loads(out.getvalue())
    # each game: deal 1 played and scored (its four tricks), deal 2 with every phase skipped
    assert (doc["games"], doc["deals"], doc["per_contract"]["game"]["deals"]) == (2, 2, 2)
    assert sum(seat["mean"] for seat in doc["per_seat"].values()) == 4
    table = list(csv.reader(rows.open()))
    assert table[0] == ["seed", "game", "deal", "dealer", "declarer", "contract", "X", "Y", "Z"]
    # one row a game (its deal 1), the dealer declaring (no `declarer` set)
    assert [row[:3] + row[5:6] for row in table[1:]] == [["1", "1", "1", "game"], ["2", "2", "1", "game"]]
    assert all(row[3] == row[4] for row in table[1:])
    assert [sum(int(x) for x in row[6:]) for row in table[1:]] == [4, 4]

"""An auction whose fixed behaviours a spec says otherwise, and a play where one seat chooses another's
cards and a hand is laid open from a moment on: a small Bridge, call by call and card by card."""

from __future__ import annotations

import random

import pytest

from interpreter.compile.game import load_game
from interpreter.core.errors import IllegalAction, SpecErrors

MINI = """\
game: Mini bridge
seats: [N, E, S, W]
teams: [[N, S], [E, W]]
pack:
  suits: [S, H, D, C]
  ranks: [A, K, Q, J]
dealer:
  first: seats[1]
phases:
  deal:
    hand_size: 4
  auction:
    first: dealer
    bids: {levels: [1, 2], strains: [C, D, H, S, NT]}
    pass_is_final: false
    ends_when: (high_bidder != none and passes_in_a_row == 3) or passes_in_a_row == 4
    words:
      double: last_call != none and last_call.bid != none and not same_side(last_call.seat, player)
      redouble: last_call != none and last_call.word == double and not same_side(last_call.seat, player)
    declarer: >-
      if count(c in calls where named_strain(c)) > 0
      then filter(c in calls where named_strain(c))[1].seat else high_bidder
  play:
  score:
functions:
  same_side:
    params: {a: seat, b: seat}
    value: a == b or a == partner(b)
  named_strain:
    params: {c: call}
    value: c.bid != none and c.bid.strain == high_bid.strain and same_side(c.seat, high_bidder)
  doubling:
    value: if last_call.word == redouble then 4 else if last_call.word == double then 2 else 1
contracts:
  bid:
    score: >-
      if same_side(player, declarer)
      then doubling * (if tricks_won + tricks_won_by(partner(player)) >= bid.level + 1 then 1 else -1)
      else 0
play:
  leader: left(declarer)
  trump: bid.strain
  rules: [follow suit]
  open_hand: player == partner(declarer)
  open_from: count(played) >= 1
  controller: if player == partner(declarer) then declarer else player
play_rules:
  follow suit:
    keep: card.suit == led_suit
    when: not leading
"""
N, E, S, W = range(4)


@pytest.fixture(scope="module")
def game(tmp_path_factory):
    return load_game(tmp_path_factory.mktemp("mini") / "mini.yaml", text=MINI)


def auctioned(game, *calls, seed=5):
    state = game.new_state(seed)
    for call in calls:
        state.apply(call)
    return state


def names(state):
    return [a.name for a in state.legal_actions()]


def test_bids_are_levels_and_strains_in_order(game):
    state = game.new_state(5)
    assert names(state) == ["pass", "bid 1C", "bid 1D", "bid 1H", "bid 1S", "bid 1NT",
                            "bid 2C", "bid 2D", "bid 2H", "bid 2S", "bid 2NT"]  # (nobody to double yet)


def test_a_pass_is_not_final_and_doubles_follow_their_conditions(game):
    state = auctioned(game, "bid 1S")
    assert names(state)[:2] == ["pass", "bid 1NT"] and names(state)[-1] == "double"  # E may double N's bid
    state.apply("pass")
    assert "double" not in names(state)  # S may not double his partner
    state.apply("pass")
    assert names(state)[-1] == "double"  # W may
    state.apply("double")
    assert names(state)[-1] == "redouble"  # N may redouble the opponents' double
    with pytest.raises(IllegalAction) as refused:
        auctioned(game, "bid 1S", "pass").apply("double")
    assert refused.value.message == "S may not call double now"
    state = auctioned(game, "pass", "pass", "bid 1C")  # N and E passed; they may still bid
    state.apply("pass")
    assert state.current_player == N and "bid 1D" in names(state)


def test_three_passes_after_a_bid_end_the_auction_and_the_first_of_the_side_to_name_the_strain_declares(game):
    state = auctioned(game, "bid 1S", "bid 1NT", "bid 2S", "pass", "pass", "double", "pass", "pass", "pass")
    assert state.phase.name == "play" and state.declarer == N  # S bid 2S, but N named spades first
    assert state.vars["bid"] == 8 and state.current_player == E  # 2S; E (left of N) leads


def test_four_passes_throw_the_deal_in(game):
    state = auctioned(game, "pass", "pass", "pass", "pass")
    assert state.deals[0].void and state.deal_number == 2


def test_the_declarer_plays_the_dummy_which_is_laid_open_after_the_opening_lead(game):
    state = auctioned(game, "bid 2S", "bid 2NT", "pass", "pass", "double", "redouble", "pass", "pass", "pass")
    assert state.declarer == E and state.current_player == S and state.to_play == S
    assert not any(state.shown) and all(state.view(p)["shown_hands"] == {} for p in range(4))
    state.apply("play AS")
    assert state.shown == [False, False, False, True]
    assert state.view(N)["shown_hands"] == {"W": ["KS", "QS", "AH", "AC"]}
    assert (state.current_player, state.to_play) == (E, W) and names(state) == ["play KS", "play QS"]
    state.apply("play QS")  # E plays W's queen: the record has E choose it, the trick has it W's card
    seat, action = state.deal.actions[-1]
    pack = state.game.pack
    assert (seat, action.name) == (E, "play QS") and pack.names.index("QS") not in state.hands[W]
    assert state.trick_seats == [S, W] and state.current_player == N


def test_doubling_counts_in_the_score(game):
    state = auctioned(game, "bid 2S", "bid 2NT", "pass", "pass", "double", "redouble", "pass", "pass", "pass")
    state.playout(random.Random(1).choice)
    scores = state.deals[0].scores
    assert scores[N] == scores[S] == 0 and scores[E] == scores[W] and abs(scores[E]) == 4  # redoubled


def test_random_games_keep_every_card_and_replay(tmp_path):
    from tests.helpers import checked_random_game

    spec = tmp_path / "mini.yaml"
    spec.write_text(MINI)
    game = load_game(spec)
    for seed in range(6):
        checked_random_game(game, seed, tmp_path / f"g{seed}.yaml", spec)


def test_what_a_phase_sets_cannot_be_read_as_the_deal_starts(tmp_path):
    text = MINI.replace("dealer:\n  first: seats[1]\n", "dealer:\n  first: seats[1]\ndeclarer: high_bidder\n")
    with pytest.raises(SpecErrors) as caught:
        load_game(tmp_path / "m.yaml", text=text)
    assert [(e.line, e.message) for e in caught.value.errors] == [
        (9, "`declarer` is read as each deal starts, before `high_bidder` (set by an auction) is set")]


def test_open_from_needs_open_hand(tmp_path):
    text = MINI.replace("  open_hand: player == partner(declarer)\n", "")
    with pytest.raises(SpecErrors) as caught:
        load_game(tmp_path / "m.yaml", text=text)
    assert [e.message for e in caught.value.errors] == [
        "`open_from` says when the open hands are laid face up: it needs `open_hand`"]

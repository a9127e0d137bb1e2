"""A pack with two copies of each card: the copies are one choice (`play AH` once for a seat holding
two), one name in records and at the prompt, and of two equal cards in a trick the first played
wins unless `play.beats` says otherwise; whole games conserve every copy, on the generated path
and the closures' alike."""

from __future__ import annotations

import random

import pytest

from interpreter.compile.game import load_game
from interpreter.record.replay import replay
from tests.helpers import DOUBLE_PACK, checked_random_game

from .table import X, Y, Z, game, hand, legal, play, position

PACK = """
pack:
  copies: 2
  suits: [S, H]
  ranks: [A, K, Q]
  points: {A: 11, K: 4, Q: 3}
"""

BODY = """
phases:
  deal: {hand_size: 2}
  play:
  score:
contracts:
  points:
    score: sum(c.points for c in won)
play:
  leader: left(dealer)
  trump: H
  rules: [follow suit]
play_rules:
  follow suit:
    keep: card.suit == led_suit
    when: not leading
match:
  deals: 1
"""

LATER_WINS = "  beats: card.suit == best.suit and card.power >= best.power or card.suit == trump and best.suit != trump\n"


def later_wins(body=BODY):
    return body.replace("  rules: [follow suit]\n", "  rules: [follow suit]\n" + LATER_WINS)


def test_two_copies_held_are_one_action_and_both_are_shown():
    st = position(game(BODY, pack=PACK), ["AS AS", "AH KS", "AH KH"], talon="KS QS QS KH QH QH", dealer=Z)
    assert legal(st) == ["play AS"]  # one action for the two aces of spades
    assert hand(st, X) == "AS AS" and st.view(X)["hand"] == ["AS", "AS"]
    play(st, "play as")  # (the prompt reads any case)
    assert hand(st, X) == "AS" and len(st.view(Y)["trick"]) == 1


@pytest.mark.parametrize("body, winner", [(BODY, Y), (later_wins(), Z)])
def test_of_two_equal_cards_the_first_wins_unless_beats_says_the_later(body, winner):
    g = game(body, pack=PACK)
    st = position(g, ["AS QH", "AH KS", "AH KH"], talon="AS KS QS QS KH QH", dealer=X)
    play(st, "play AH", "play AH", "play QH")  # Y leads the ace of trumps, Z plays the other
    assert st.tricks[0].winner == winner and list(st.tricks[0].cards) == [g.pack.parse("AH")] * 2 + [
        g.pack.parse("QH")]


RECORD = """\
format: cardspec-record/1
spec: mini.yaml
deals:
  - dealer: X
    hands:
      X: AS QH
      Y: AH KS
      Z: AH KH
    talon: AS KS QS QS KH QH
    actions:
      - Y play AH, Z play AH, X play QH
{rest}
    scores: {scores}
"""


@pytest.mark.parametrize("body, rest, scores", [
    # Y's ace, played first, takes the trick (25); Z trumps Y's king of spades (19)
    (BODY, "      - Y play KS, Z play KH, X play AS", {"X": 0, "Y": 25, "Z": 19}),
    # with `beats`, Z's ace, the later, takes it; Z leads again and takes the last trick too
    (later_wins(), "      - Z play KH, X play AS, Y play KS", {"X": 0, "Y": 0, "Z": 44}),
])
def test_a_hand_written_record_with_two_equal_cards_in_a_trick_replays_to_its_scores(tmp_path, body, rest, scores):
    (tmp_path / "mini.yaml").write_text(f"game: Mini\nseats: [X, Y, Z]\n{PACK}\n{body}")
    (tmp_path / "r.yaml").write_text(RECORD.format(rest=rest, scores=scores))
    st = replay(tmp_path / "r.yaml").state
    assert st.totals == list(scores.values())


def test_a_record_dealing_a_card_more_often_than_the_pack_holds_it_is_refused(tmp_path):
    from interpreter.record.replay import ReplayError
    (tmp_path / "mini.yaml").write_text(f"game: Mini\nseats: [X, Y, Z]\n{PACK}\n{BODY}")
    text = RECORD.format(rest="", scores={}).replace("Y: AH KS", "Y: AS KS").replace("Z: AH KH", "Z: AS KH")
    (tmp_path / "r.yaml").write_text(text)
    with pytest.raises(ReplayError) as caught:
        replay(tmp_path / "r.yaml")
    e = caught.value.error
    assert (e.line, e.column, e.message) == (8, 10, "AS is dealt 3 times: the pack holds 2 (also to X and Y)")


@pytest.mark.parametrize("generated", [True, False])
def test_whole_games_of_random_moves_conserve_every_copy(tmp_path, generated):
    (tmp_path / "d.yaml").write_text(DOUBLE_PACK)
    g = load_game(tmp_path / "d.yaml", generated=generated)
    for seed in range(12):
        st = g.new_state(seed)
        rng = random.Random(seed)
        while not st.is_terminal:
            actions = st.legal_actions()
            assert actions and len(set(actions)) == len(actions)  # never empty, one action a card
            assert set(actions) <= set(st.hands[st.current])
            st.apply(rng.choice(actions))
        played = [c for t in st.deals[0].tricks for c in t.cards]
        assert sorted(played) == sorted(g.pack.deck) and sum(st.totals) == 240
    for seed in range(3):
        checked_random_game(g, seed, tmp_path / f"r{seed}.yaml", tmp_path / "d.yaml")


def test_the_generated_path_and_the_closures_play_the_same_games(tmp_path):
    fast = load_game("d.yaml", text=DOUBLE_PACK)
    slow = load_game("d.yaml", text=DOUBLE_PACK, generated=False)
    for seed in range(8):
        games = []
        for g in (fast, slow):
            st = g.new_state(seed)
            st.playout(random.Random(seed).choice, whole_game=True)
            games.append(([a.name for _, a in st.history], st.totals))
        assert games[0] == games[1]

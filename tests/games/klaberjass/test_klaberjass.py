"""Klaberjass: bidding on the turn-up, completing the deal, melds, play, the maker's rule, the worked examples."""

from __future__ import annotations

import io
import random
from pathlib import Path

import pytest

from interpreter.compile.game import load_game
from interpreter.core.errors import IllegalAction
from interpreter.players.agents import HumanAgent
from interpreter.words.screen import describe

ROOT = Path(__file__).resolve().parents[3]
SPEC = ROOT / "specs" / "klaberjass" / "klaberjass.yaml"
GAME = load_game(SPEC)
A, B = 0, 1  # B deals: A is elder


def deal(a6, b6, stock, first_dealer=B):
    """A first deal: six cards each, then the stock top first (its first card is the turn-up)."""
    p = GAME.pack.parse
    hands = [[p(c) for c in a6.split()], [p(c) for c in b6.split()]]
    return GAME.new_state(1, first_dealer=first_dealer, hands={1: hands}, talons={1: [p(c) for c in stock.split()]})


def names(st):
    return [a.name for a in st.legal_actions()]


STOCK = "7H AS KS QS JS TS 9S 8S 7S AD KD QD JD TD 9D 8D 7D AC KC"  # turn-up 7H, then 3 + 3, bottom 7D... shown


def test_bidding_take_then_complete_and_the_dead_card():
    st = deal("AH KH QH 9C 8C 7C", "JH TH 9H 8H QC JC", STOCK)
    assert GAME.pack.names[st.turn_up] == "7H"
    assert names(st) == ["pass", "take"]
    st.apply("pass")
    st.apply("take")  # younger takes hearts
    assert st.maker == B and GAME.pack.suits[st.trump] == "H"
    assert [len(h) for h in st.hands] == [9, 9]
    assert GAME.pack.names[st.dead] == "KC"  # the bottom card of the stock is shown
    assert st.view(A)["dead_card"] == "KC" and st.view(A)["maker"] == "B"


def test_second_round_names_another_suit_and_all_pass_throws_in():
    st = deal("AH KH QH 9C 8C 7C", "JH TH 9H 8H QC JC", STOCK)
    st.apply("pass")
    st.apply("pass")
    assert "trump H" not in names(st) and "trump S" in names(st)
    st.apply("trump S")
    assert st.maker == A and GAME.pack.suits[st.trump] == "S"
    st = deal("AH KH QH 9C 8C 7C", "JH TH 9H 8H QC JC", STOCK)
    for _ in range(4):
        st.apply("pass")
    assert st.deals[0].void and st.deal_number == 2 and st.dealer == A  # thrown in; the deal alternates


def test_example_1_a_trump_sequence_beats_an_equal_plain_one():
    # trump hearts. Elder: KH QH JH and 9C 8C 7C; younger: KS QS JS
    st = deal("KH QH JH 9C 8C 7C", "KS QS JS 7D 8D 9D", "TH AS TS 9S 8S AH TD 7S AD KD QD JD AC KC QC JC TC 9H")
    st.apply("take")  # elder takes the turned-up TH's suit
    assert GAME.pack.suits[st.trump] == "H"
    while st.phase.kind != "declare":
        st.apply(st.legal_actions()[-1])
    st.apply("declare sequence KH-JH 9C-7C")
    st.apply("declare sequence KS-JS")
    seq = st.deals[0].declarations[0]
    assert seq[2] == A and seq[3] == [40, 0]  # elder scores both his 20s


def test_trumps_led_must_be_beaten_if_possible():
    st = deal("QH 8H AS KS QS JS", "JH 7C AD KD QD JD", "7H TS 9S 8S 7S TD 9D 8D 7D AC KC QC JC TC 9C 8C AH KH TH")
    st.apply("take")  # elder takes hearts
    while st.phase.kind != "tricks":
        st.apply(st.legal_actions()[0])
    st.apply("play QH")
    assert names(st) == ["play JH"]  # the jack beats the queen: he must play it
    with pytest.raises(IllegalAction) as info:
        st.apply("play 7C")
    assert info.value.rule == "follow suit"


def test_void_in_a_plain_suit_must_trump():
    st = deal("AS KS QS JS TS 9S", "JH 8H AD KD QD JD", "7H 8S 7S 9C TD 9D 8D 7D AC KC QC JC TC 8C 7C AH KH TH QH")
    st.apply("pass")
    st.apply("take")  # younger takes hearts
    while st.phase.kind != "tricks":
        st.apply(st.legal_actions()[0])
    st.apply("play AS")
    assert names(st) == ["play JH", "play 8H"]  # no spade: a trump, any trump
    with pytest.raises(IllegalAction) as info:
        st.apply("play AD")
    assert info.value.rule == "trump if void"


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_games_to_500(seed):
    rng = random.Random(seed)
    st = GAME.new_state(seed)
    while not st.is_terminal:
        legal = st.legal_actions()
        assert legal
        st.apply(legal[rng.randrange(len(legal))])
    assert max(st.totals) >= 500 and st.totals[0] != st.totals[1]
    for d in st.deals:
        if d.void:
            continue
        assert len(d.tricks) == 9 and sum(len(t.cards) for t in d.tricks) == 18
        maker = next(seat for seat, call in d.calls if call != "pass")
        # the maker's rule: he scores only when he outscores the other, and then less than nothing is lost
        assert d.scores[maker] == 0 or d.scores[maker] > d.scores[1 - maker]


def test_the_dix_may_be_swapped_for_the_turn_up_before_or_after_the_melds():
    stock = "8H 8S 7S 9C TD 9D 8D 7D AC KC QC JC TC 8C 7C AH KH TH QH"
    st = deal("7H AS KS QS JS TS", "JH 9H AD KD QD JD", stock)
    st.apply("take")  # hearts, the turned-up 8H's suit; A holds the seven of trumps
    assert st.current_player == A and names(st) == ["keep", "swap"]
    st.apply("swap")
    assert "8H" in [GAME.pack.names[c] for c in st.hands[A]] and GAME.pack.names[st.turn_up] == "7H"
    while st.phase.kind != "tricks":
        assert names(st) != ["keep", "swap"]  # no second chance after a swap
        st.apply(st.legal_actions()[0])
    st = deal("7H AS KS QS JS TS", "JH 9H AD KD QD JD", stock)
    st.apply("take")
    st.apply("keep")
    while st.phase.kind == "declare":
        st.apply(st.legal_actions()[0])
    assert st.current_player == A and names(st) == ["keep", "swap"]  # the second chance, before the lead


def test_no_dix_when_another_suit_was_named():
    st = deal("7H AS KS QS JS TS", "JH 9H AD KD QD JD", "8H 8S 7S 9C TD 9D 8D 7D AC KC QC JC TC 8C 7C AH KH TH QH")
    for a in ("pass", "pass", "trump S"):
        st.apply(a)
    assert "swap" not in names(st)


def deal_with(options, a6, b6, stock, first_dealer=B):
    game = load_game(SPEC, options=options)
    p = game.pack.parse
    hands = [[p(c) for c in a6.split()], [p(c) for c in b6.split()]]
    return game.new_state(1, first_dealer=first_dealer, hands={1: hands}, talons={1: [p(c) for c in stock.split()]})


@pytest.mark.parametrize("tie, points", [("false", [0, 0]), ("true", [50, 0])])
def test_example_1_equal_sequences_score_nothing_or_go_to_elder(tie, points):
    # spades trump; elder QC JC TC 9C 8C (50, Q-high); younger QD JD TD 9D (50, Q-high)
    st = deal_with({"elder_wins_tie": tie}, "QC JC TC 9C 8C 7H", "QD JD TD 9D AH KH",
                   "7S AS KS QS 8H 9H AC KD AD 8D 7D QH 7C JH TH JS TS 9S 8S")
    st.apply("take")
    while st.phase.kind != "declare":
        st.apply(st.legal_actions()[-1])
    st.apply("declare sequence QC-8C")
    st.apply("declare sequence QD-9D")
    assert st.deals[0].declarations[0][3] == points


def test_split_runs_offers_a_long_run_as_two_sequences():
    stock = "7H 8S 7S AD KD QD JD TD 9D AC KC QC JC TC 9C 8C AH KH"
    for split, offered in (("false", ["AS-7S"]), ("true", ["AS-JS", "TS-7S"])):  # elder completes to 8 spades
        st = deal_with({"split_runs": split}, "AS KS QS JS TS 9S", "JH 9H 8D 7D 8H TH", stock)
        st.apply("pass")
        st.apply("take")
        while st.phase.kind != "declare":
            st.apply(st.legal_actions()[-1])
        assert names(st)[-1] == "declare sequence " + " ".join(offered)


def test_winner_deals_and_target_501():
    game = load_game(SPEC, options={"winner_deals": "true", "target": "501"})
    rng = random.Random(8)
    st = game.new_state(8)
    while not st.is_terminal:
        legal = st.legal_actions()
        st.apply(legal[rng.randrange(len(legal))])
    assert max(st.totals) >= 501
    for before, after in zip(st.deals, st.deals[1:]):
        if before.void:
            assert after.dealer != before.dealer
        else:
            higher = 0 if before.scores[0] > before.scores[1] else 1
            assert after.dealer == higher


@pytest.mark.parametrize("answer, void, maker", [("accept schmeiss", True, None), ("refuse schmeiss", False, A)])
def test_schmeiss(answer, void, maker):
    st = deal_with({"schmeiss": "true"}, "AH KH QH 9C 8C 7C", "JH TH 9H 8H QC JC", STOCK)
    assert names(st) == ["pass", "take", "schmeiss"]
    st.apply("schmeiss")
    assert st.current_player == B and names(st) == ["accept schmeiss", "refuse schmeiss"]
    st.apply(answer)
    assert st.deals[0].void is void
    if not void:
        assert st.maker == maker and GAME.pack.suits[st.trump] == "H"  # the turn-up suit
    else:
        assert st.deal_number == 2 and st.dealer == A


PLAIN = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2}
TRUMP = {"J": 20, "9": 14, "A": 11, "T": 10, "K": 4, "Q": 3}


@pytest.mark.parametrize("seed", [1, 2, 4, 7, 8, 9, 10, 12, 13, 14])  # whole games, each reaching a bella
def test_scores_add_up_and_the_maker_rule_is_exact(seed):
    """Card points + last trick + sequences + bella, recomputed from the tricks, give every deal score."""
    game = GAME
    names = game.pack.names
    rng = random.Random(seed)
    st = game.new_state(seed)
    offered = swaps = 0
    while not st.is_terminal:
        legal = st.legal_actions()
        if any(a.name == "swap" for a in legal):  # the dix: never once a card is played
            assert st.phase.kind == "swap_turn_up" and not st.tricks and not st.trick_cards
            swaps += 1
        if st.phase.kind == "tricks":  # bella is offered exactly with the second of the trump K and Q
            p, trump = st.current_player, st.trump
            mine = st.view(p)["tricks"]
            played = [c for t in mine for seat, c in t["cards"] if seat == game.seat_names[p]]
            pair = {f"{r}{game.pack.suits[trump]}" for r in "KQ"} if trump is not None else set()
            want = sorted(f"play {c} bella" for c in pair if len(pair & set(played)) == 1
                          and c not in played and any(a.name == f"play {c}" for a in legal))
            assert sorted(a.name for a in legal if a.name.endswith(" bella")) == want
            offered += bool(want)
        st.apply(legal[rng.randrange(len(legal))])
    assert offered and swaps  # the seeds do reach a bella and a dix
    for d in st.deals:
        if d.void:
            continue
        maker = next(seat for seat, call in d.calls if call != "pass")
        trump_letter = next((c[-1] for seat, c in d.calls if c != "pass" and c.startswith("trump ")), None)
        if trump_letter is None:  # taken: the turned-up suit, the first talon card
            trump_letter = names[d.talon[0]][-1]
        points = [0, 0]
        for t in d.tricks:
            for c in t.cards:
                rank, suit = names[c][0], names[c][1]
                points[t.winner] += (TRUMP if suit == trump_letter else PLAIN).get(rank, 0)
        points[d.tricks[-1].winner] += 10
        for category, declared, winner, pts in d.declarations:
            points[0] += pts[0]
            points[1] += pts[1]
        for p in (0, 1):  # bella: 20 for saying it, which only the second of the pair allows
            if any(seat == p and a.name.endswith(" bella") for seat, a in d.actions):
                mine = [t.cards[0] if t.leader == p else t.cards[1] for t in d.tricks]
                assert sum(1 for c in mine if names[c][1] == trump_letter and names[c][0] in "KQ") == 2
                points[p] += 20
        other = 1 - maker
        if points[maker] > points[other]:
            want = points
        elif points[maker] == points[other]:
            want = [0, 0]
            want[other] = points[other]
        else:
            want = [0, 0]
            want[other] = points[other] + points[maker]
        assert d.scores == want


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5])
def test_a_seats_view_hides_the_stock_and_the_other_hand(seed):
    rng = random.Random(seed)
    st = GAME.new_state(seed)
    for _ in range(rng.randrange(0, 3)):  # somewhere in the bidding
        if st.phase.kind == "trump_bid":
            st.apply(st.legal_actions()[0])
    seat = st.current_player
    other = 1 - seat
    before = st.view(seat)
    twin = st.clone()
    pool = twin.hands[other] + twin.talon
    rng.shuffle(pool)
    k = len(twin.hands[other])
    twin.hands[other], twin.talon = sorted(pool[:k]), pool[k:]
    assert twin.view(seat) == before


def test_example_5_the_game_ends_when_a_total_reaches_500():
    rng = random.Random(3)
    st = GAME.new_state(3)
    while st.deal_number == 1:
        legal = st.legal_actions()
        st.apply(legal[rng.randrange(len(legal))])
    st.totals = [505, 525]  # A 460 + 45, B 430 + 95: both over 500, B higher
    assert GAME.ends_when(st) is True
    st.totals = [505, 505]  # equal: another deal (KLA-5)
    assert GAME.ends_when(st) is False
    st.totals = [499, 480]
    assert GAME.ends_when(st) is False


RECORDS = ROOT / "tests" / "records"


@pytest.mark.parametrize("name, sequences, scores", [
    ("klaberjass_example2.yaml", [20, 0], [97, 38]),   # made: each scores his own raw total
    ("klaberjass_example3.yaml", [0, 50], [0, 187]),   # bete: B's 50 beats A's 20; B scores both raws
    ("klaberjass_example4.yaml", [20, 0], [0, 81]),    # equal: the maker scores nothing
])
def test_worked_examples_2_to_4_replay_to_the_rulebook_scores(name, sequences, scores):
    from interpreter.record.replay import replay
    state = replay(RECORDS / name).state
    d = state.deals[0]  # the game goes on: the record stops after its deal
    assert d.declarations[0][3] == sequences
    assert len([c for t in d.tricks for c in t.cards]) == 18
    assert d.scores == scores and state.totals == scores


@pytest.mark.parametrize("name, said, quiet", [
    ("klaberjass_example2.yaml", [97, 38], [77, 38]),   # made either way: 20 fewer for the maker
    ("klaberjass_example3.yaml", [0, 187], [0, 167]),   # bete: keeping quiet keeps 20 out of B's pot
])
def test_bella_is_scored_only_when_said(tmp_path, name, said, quiet):
    """The same deal with `play QH` for `play QH bella`: bella is the player's choice (§7)."""
    from interpreter.record.replay import replay
    text = (RECORDS / name).read_text().replace("spec: ../../", f"spec: {ROOT.as_posix()}/")
    assert replay(RECORDS / name).state.deals[0].scores == said
    quiet_record = tmp_path / name
    quiet_record.write_text(text.replace("play QH bella", "play QH").replace(
        f"scores: {{A: {said[0]}, B: {said[1]}}}", f"scores: {{A: {quiet[0]}, B: {quiet[1]}}}"))
    d = replay(quiet_record).state.deals[0]
    assert d.scores == quiet and d.said == []


def test_bella_is_said_with_the_second_trump_of_the_pair_and_seen_by_both():
    """Example 3's deal: `bella` with the king (the first of the pair) is refused, state unchanged;
    with the queen it is offered beside the silent play, and both seats then see it said."""
    st = deal("KH QH 9D 8D 7D 9H", "TS 9S 8S 7S TC 8H",
              "7H KD AD AS TH JH TD KS QS JS AH QD JD AC KC QC JC 9C 8C 7C")
    for a in ["take", "declare sequence 9D-7D", "declare sequence TS-7S"]:
        st.apply(a)
    assert "play KH" in names(st) and not any(n.endswith("bella") for n in names(st))
    before = st.view(A)
    with pytest.raises(IllegalAction) as info:
        st.apply("play KH bella")
    assert info.value.rule == "bella"
    assert "only with the second of your king and queen of trumps" in info.value.message
    assert st.view(A) == before
    for a in ["play KH", "play JH", "play TS", "play AS", "play 9D", "play TD", "play TC"]:
        st.apply(a)
    assert names(st) == ["play QH", "play 9H", "play QH bella"]  # void in clubs: a trump; the queen is the second
    assert st.view(B)["said"] == []
    out = io.StringIO()
    typed = HumanAgent(stdin=io.StringIO("qh bella\n"), stdout=out).choose(st, A, st.legal_actions())
    assert typed.name == "play QH bella" and "Your choice: QH, 9H, QH bella" in out.getvalue()
    st.apply(typed)
    assert st.view(A)["said"] == st.view(B)["said"] == [["A", "bella", "QH"]]
    assert "Said: A bella (with QH)" in describe(st, B)


TRUMP_ORDER = "J9ATKQ87"


def independent_play(st):
    """Section 7's play rules, written again, and bella with the second of the trump K and Q."""
    names = GAME.pack.names
    trump = GAME.pack.suits[st.trump]
    p = st.current_player
    hand = [names[c] for c in st.hands[p]]
    trumps = [c for c in hand if c[1] == trump]
    if not st.trick_cards:
        allowed = hand
    else:
        led = names[st.trick_cards[0]]
        if led[1] == trump:
            higher = [c for c in trumps if TRUMP_ORDER.index(c[0]) < TRUMP_ORDER.index(led[0])]
            allowed = higher or trumps or hand
        else:
            allowed = [c for c in hand if c[1] == led[1]] or trumps or hand
    out = [f"play {c}" for c in allowed]
    mine = [names[c] for t in st.tricks for s, c in zip(t.seats, t.cards) if s == p]
    pair = {f"K{trump}", f"Q{trump}"}
    out += [f"play {c} bella" for c in allowed if c in pair and len(pair & set(mine)) == 1]
    return out


@pytest.mark.parametrize("seed", range(8))
def test_play_choices_match_an_independent_reading_at_every_step(seed):
    rng = random.Random(seed)
    st = GAME.new_state(seed)
    checked = 0
    while not st.is_terminal:
        legal = [a.name for a in st.legal_actions()]
        if st.phase.kind == "tricks":
            assert sorted(legal) == sorted(independent_play(st))
            checked += 1
        st.apply(legal[rng.randrange(len(legal))])
    assert checked > 100


def test_a_record_saying_bella_with_the_first_of_the_pair_is_refused_at_its_place(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text((RECORDS / "klaberjass_example3.yaml").read_text()
                   .replace("spec: ../../", f"spec: {ROOT.as_posix()}/")
                   .replace("A play KH, B play JH ", "A play KH bella, B play JH "))
    out, err = io.StringIO(), io.StringIO()
    from interpreter.cli import run

    assert run(["replay", str(bad)], out, err) == 1
    first = err.getvalue().splitlines()[0]
    assert first.endswith(":21:9: illegal action `A play KH bella` (rule `bella`): `play KH bella`: you may say "
                          "bella only with the second of your king and queen of trumps; play KH alone")

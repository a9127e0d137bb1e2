"""The engine's names and functions in expressions (`right`, `left`, `partner`, `doubled`,
`call_index`, `wins_trick`, `played_by`, a card's points, a game's results, ...): each evaluated
through the expression compiler on a table written by hand."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from interpreter.compile.scope import build_scope
from interpreter.core.cards import Pack
from interpreter.expr import ExprError, compile_expr

PACK = Pack.build("SHD", "AKQJ", extra=("JK",))
S, H, D = range(3)


def card(name: str) -> int:
    return PACK.parse(name)


def value(source: str, ctx=None, *, teams=None, points=None, trump_points=None, n: int = 3, expect=None):
    scope = build_scope(PACK, n, 1, {}, ["game"], points, trump_points, None, teams)
    return compile_expr(source, scope, expect).fn(ctx)


def seat(s: int, **more) -> SimpleNamespace:
    """A table where `player` is seat `s` and `dealer` seat 0."""
    return SimpleNamespace(player=s, dealer=0, n=3, **more)


def test_seats_to_the_right_and_left_go_round_the_table():
    assert [value("right(player)", seat(s)) for s in range(3)] == [2, 0, 1]
    assert [value("left(player)", seat(s)) for s in range(3)] == [1, 2, 0]


def test_doubled_reads_whether_one_seat_doubled_another():
    doubles = [[0, 1, 0], [0, 0, 0], [2, 0, 0]]  # X doubled Y; Z redoubled X
    assert [value(f"doubled(player, {who})", seat(s, doubles=doubles))
            for s, who in ((0, "left(player)"), (0, "right(player)"), (2, "dealer"))] == [True, False, False]


def test_call_index_counts_the_calling_order_from_1_and_0_before_a_call():
    assert [value("call_index(player)", seat(s, callers=[2, 0])) for s in range(3)] == [2, 0, 1]


def test_card_of_suit_is_the_card_of_that_rank_and_suit_or_none():
    ctx = SimpleNamespace(game=SimpleNamespace(pack=PACK), trump=None)
    assert value("card_of_suit(K, H)", ctx) == card("KH")
    assert value("card_of_suit(K, trump)", ctx) is None


def test_range_includes_both_ends():
    assert value("range(2, 4)") == [2, 3, 4]


def test_partner_is_the_team_mate_when_teams_pair_every_seat():
    assert [value("partner(player)", seat(s), n=4, teams=[[0, 2], [1, 3]]) for s in range(4)] == [2, 3, 0, 1]
    with pytest.raises(ExprError) as e:
        value("partner(player)", seat(0), n=4, teams=[[0, 2]])
    assert e.value.message == ("`partner` needs partnerships: every seat must be in one of the `teams`, each of "
                               "two players")


def test_card_points_plain_and_in_trumps():
    ctx = SimpleNamespace(suit=PACK.suit, trump=H)
    assert [value(f"{c}.points", ctx, points={"A": 11, "K": 4}) for c in ("AS", "KH", "QD")] == [11, 4, 0]
    trumps = {"J": 20, "A": 11}
    assert [value(f"{c}.points", ctx, points={"A": 11, "K": 4}, trump_points=trumps)
            for c in ("AS", "AH", "JH", "JS", "KH", "KS")] == [11, 11, 20, 0, 0, 4]  # in trumps, the trump values only
    joker = card("JK")
    as_trump = SimpleNamespace(suit=[H if c == joker else s for c, s in enumerate(PACK.suit)], trump=H)
    assert value("JK.points", as_trump, points={"A": 11}, trump_points=trumps) == 0  # a joker has no rank


def trick(led: str, hand: str = "AS QS AH QD", trump=H) -> SimpleNamespace:
    """Seat 1 to play to a trick `led` (card names, the first winning so far), holding `hand`."""
    cards = [card(c) for c in led.split()]
    return SimpleNamespace(player=1, hands=[[], [card(c) for c in hand.split()], []], trick_cards=cards,
                           trick_best=cards[0] if cards else None, suit=PACK.suit, trump=trump,
                           power=PACK.power, trump_power=PACK.trump_power, called_card=None)


def test_wins_trick_of_one_card_and_the_winning_cards_of_a_hand():
    names = lambda cards: " ".join(PACK.names[c] for c in cards)  # noqa: E731
    assert names(value("filter(c in hand where wins_trick(c))", trick(""))) == "AS QS AH QD"  # leading: any
    assert names(value("filter(c in hand where wins_trick(c))", trick("KS"))) == "AS AH"
    assert names(value("filter(c in hand where wins_trick(c))", trick("KH"))) == "AH"
    ctx = trick("KS")
    for name, wins in (("AH", True), ("QS", False), ("AS", True), ("QD", False)):
        ctx.called_card = card(name)
        assert value("wins_trick(called_card)", ctx) is wins, name


def test_declaration_running_totals_and_doubles_of_a_declarer_in_earlier_deals():
    # (the totals the declare phase keeps as it settles each category: tests/phases/test_declare.py)
    ctx = SimpleNamespace(player=0, declarations=[("a", [], None, 0, [3, 0, 0]), ("b", [], None, 0, [4, 2, 0])],
                          declaration_totals=[7, 2, 0])
    assert value("declaration_running(player)", ctx) == [3, 7]
    assert value("declaration_points(player)", ctx) == 7
    now = SimpleNamespace(declarer=1, doubles=[(0, [1])])
    deals = [SimpleNamespace(declarer=1, doubles=[(0, [1, 2]), (2, [1])]), SimpleNamespace(declarer=2, doubles=[(0, [2])]),
             SimpleNamespace(declarer=1, doubles=[(0, [1])]), now]
    ctx = SimpleNamespace(player=0, dealer=2, deals=deals, deal=now)
    assert value("declarer_doubles(player, left(player))", ctx) == 2  # not the deal being played
    assert value("declarer_doubles(player, dealer)", ctx) == 1


@pytest.mark.parametrize("order", [None, ((0, 1, 2), (1, 2, 0), (2, 0, 1))])
def test_played_by_lists_a_seats_cards_in_earlier_tricks_and_this_one(order):
    """The trick in progress is read in playing order from its leader: the play's order of seats
    (`trick_order`, some seats may sit out), or the seats in turn when the play set none."""
    ctx = seat(1, tricks=[SimpleNamespace(seats=[0, 1, 2], cards=[card("AS"), card("KS"), card("QS")]),
                          SimpleNamespace(seats=[2, 0, 1], cards=[card("AH"), card("KH"), card("QH")])],
               leader=0, trick_order=order, trick_seats=[0, 1], trick_cards=[card("JD"), card("AD")])
    assert [PACK.names[c] for c in value("played_by(player)", ctx)] == ["KS", "QH", "AD"]
    ctx.trick_cards = []
    assert [PACK.names[c] for c in value("played_by(player)", ctx)] == ["KS", "QH"]


@pytest.mark.parametrize("order", [None, ((0, 1, 2), (1, 2, 0), (2, 0, 1))])
def test_who_played_a_card_is_read_from_the_tricks_and_the_trick_in_progress(order):
    """The seat beside the card in a finished trick, or in the trick in progress (in playing order
    from its leader); none for a card not played; the first to play it when the pack has copies."""
    ctx = seat(1, tricks=[SimpleNamespace(seats=[0, 1, 2], cards=[card("AS"), card("KS"), card("QS")]),
                          SimpleNamespace(seats=[2, 0, 1], cards=[card("AH"), card("KS"), card("QH")])],
               leader=2, trick_order=order, trick_seats=[2, 0], trick_cards=[card("JD"), card("AD")])
    assert [value(f"who_played({c})", ctx) for c in ("AS", "QS", "AH", "QH", "JD", "AD")] == [0, 2, 2, 1, 2, 0]
    assert value("who_played(KS)", ctx) == 1  # (played twice, as copies are: the first)
    assert value("who_played(KD)", ctx) is None and value("who_played(KD) == none", ctx) is True
    ctx.trick_cards = []
    assert value("who_played(AD)", ctx) is None


def test_a_game_of_a_partie_is_numbered_from_one():
    ctx = seat(1, games=[[1, 2, 3], [4, 5, 6]], game_totals=[[5, 6, 7], [8, 9, 10]])
    assert [value(f"game_result({g}, player)", ctx) for g in (1, 2)] == [2, 5]
    assert [value(f"game_total({g}, player)", ctx) for g in (1, 2)] == [6, 9]


def test_a_deal_score_is_read_once_the_deal_is_scored():
    assert value("deal_score_of(player)", seat(1, deal=SimpleNamespace(scores=[3, -3, 0]))) == -3
    assert value("deal_score_of(player)", seat(1, deal=SimpleNamespace(scores=None))) == 0


def test_a_seat_in_two_teams_has_no_partner():
    with pytest.raises(ExprError):
        value("partner(player)", seat(0), n=2, teams=[[0, 1], [1, 0]])
    assert [value("partner(player)", seat(s), n=2, teams=[[0, 1]]) for s in range(2)] == [1, 0]

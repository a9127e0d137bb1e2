"""Choosing the contract (by a seat, once each, or by a schedule; each offered only when its
condition holds) and announcing its settings: what is offered and refused, what every seat
hears, and the names the announcing phase could ever offer."""

from __future__ import annotations

from interpreter.words.screen import action_line

from .table import X, Y, Z, game, legal, refused


def spec(choose="  choose_contract:", deals=3, dealer_next="dealer"):
    return game(f"""
dealer: {{first: random, next: {dealer_next}}}
declarer: left(dealer)
phases:
  deal: {{hand_size: 4}}
{choose}
  announce:
  score:
contracts:
  alpha:
    score: 1
  beta:
    announce: {{trump: suit}}
    score: if trump == H then 20 else 2
  gamma:
    announce: {{trump: suit, start: rank, level: [1, 2, 3]}}
    score: 100 * level + (if trump == D then 10 else 0) + (if start == K then 1 else 0)
match: {{deals: {deals}}}
""")


def deal(g, n_deals, dealer=X):
    parse = g.pack.parse
    hands = [[parse(c) for c in h.split()] for h in ["AS KS QS JS", "AH KH QH JH", "AD KD QD JD"]]
    return g.new_state(1, first_dealer=dealer, hands={d: hands for d in range(1, n_deals + 1)})


def test_the_declarer_chooses_among_all_contracts_every_deal():
    st = deal(spec(), 3)
    assert st.current_player == Y  # the declarer: left of the dealer
    assert legal(st) == ["contract alpha", "contract beta", "contract gamma"]
    st.apply("contract alpha")
    assert st.deals[0].contract == "alpha" and st.deals[0].scores == [1, 1, 1]
    assert st.current_player == Y and legal(st) == ["contract alpha", "contract beta", "contract gamma"]


def test_once_each_a_seat_names_each_contract_once():
    st = deal(spec("  choose_contract:\n    once_each: true"), 3)
    st.apply("contract beta")
    assert legal(st) == ["trump S", "trump H", "trump D"]
    st.apply("trump H")
    assert st.deals[0].scores == [20, 20, 20] and st.deals[0].announced == {"trump": 1}
    assert st.current_player == Y and legal(st) == ["contract alpha", "contract gamma"]
    assert refused(st, "contract beta") == ("Y has already named `beta` in this game (each contract once)",
                                            "once_each")
    assert refused(st, "contract delta") == (
        "`contract delta` is not a move here; you may: contract alpha, contract gamma", None)
    st.apply("contract alpha")
    assert legal(st) == ["contract gamma"]


def test_once_each_is_counted_per_seat():
    st = deal(spec("  choose_contract:\n    once_each: true", dealer_next="next(dealer)"), 3)
    st.apply("contract alpha")
    assert st.current_player == Z and legal(st) == ["contract alpha", "contract beta", "contract gamma"]
    st.apply("contract alpha")
    assert st.current_player == X and legal(st) == ["contract alpha", "contract beta", "contract gamma"]


def test_announcements_come_in_order_each_from_its_domain():
    st = deal(spec(), 1)
    st.apply("contract gamma")
    assert st.current_player == Y and legal(st) == ["trump S", "trump H", "trump D"]
    st.apply("trump D")
    assert st.trump == 2 and legal(st) == ["start A", "start K", "start Q", "start J"]
    st.apply("start K")
    assert legal(st) == ["level 1", "level 2", "level 3"]
    assert refused(st, "level 4") == ("`level 4` is not a move here; you may: level 1, level 2, level 3", None)
    st.apply("level 3")
    assert st.deals[0].announced == {"trump": 2, "start": 1, "level": 3}
    assert st.deals[0].scores == [311, 311, 311]


def test_the_contract_and_its_announcements_are_heard_by_every_seat():
    st = deal(spec(), 1)
    [choose] = [a for a in st.legal_actions() if a.name == "contract gamma"]
    assert action_line(st, Y, choose, Z) == "  Y: contract gamma"
    assert action_line(st, Y, choose, None) == "  Y: contract gamma"  # a looker-on too
    st.apply("contract gamma")
    [trump] = [a for a in st.legal_actions() if a.name == "trump D"]
    assert action_line(st, Y, trump, Z) == "  Y: trump D"


def test_the_announcing_phase_names_every_value_of_every_contract():
    g = spec()
    [phase] = [ph for ph in g.phases if ph.kind == "announce"]
    # (a name two contracts share may come twice: the action space keeps the first)
    assert list(dict.fromkeys(phase.vocabulary(g))) == [
        "trump S", "trump H", "trump D", "start A", "start K", "start Q", "start J", "level 1", "level 2", "level 3"]


def test_a_schedule_plays_the_contracts_in_turn_and_nobody_chooses():
    st = deal(spec("  choose_contract:\n    schedule: [gamma, alpha]"), 3)
    assert st.deals[0].contract == "gamma"
    assert st.current_player == Y and legal(st) == ["trump S", "trump H", "trump D"]
    for name in ("trump S", "start A", "level 1"):
        st.apply(name)
    assert st.deals[0].scores == [100, 100, 100]
    assert st.deals[1].contract == "alpha" and st.deals[1].scores == [1, 1, 1]
    assert st.deals[2].contract == "gamma" and st.current_player == Y


def test_a_schedule_of_three_starts_with_its_first():
    st = deal(spec("  choose_contract:\n    schedule: [alpha, gamma, beta]"), 3)
    assert st.deals[0].contract == "alpha" and st.deals[0].scores == [1, 1, 1]
    assert st.deals[1].contract == "gamma" and legal(st) == ["trump S", "trump H", "trump D"]
    for name in ("trump D", "start K", "level 2"):
        st.apply(name)
    assert st.deals[1].scores == [211, 211, 211]
    assert st.deals[2].contract == "beta"


def when_game(when):
    """Two deals, two contracts: alpha always offered, beta only when `when` holds."""
    return game(f"""
dealer: {{first: random, next: dealer}}
declarer: left(dealer)
phases:
  deal: {{hand_size: 4}}
  choose_contract:
  score:
contracts:
  alpha:
    score: 1
  beta:
    when: {when}
    score: 2
match: {{deals: 2}}
""")


def test_a_contract_is_offered_only_when_its_condition_holds():
    g = when_game("deal_number == 2 and player == declarer")
    st = deal(g, 2)
    assert legal(st) == ["contract alpha"]
    assert refused(st, "contract beta") == ("`contract beta` may not be chosen now (its `when` does not hold)", "when")
    st.apply("contract alpha")
    assert legal(st) == ["contract alpha", "contract beta"]
    st.apply("contract beta")
    assert st.is_terminal and st.deals[1].scores == [2, 2, 2]


def test_without_once_each_a_contract_named_before_is_refused_only_for_its_condition():
    g = when_game("deal_number == 1")
    st = deal(g, 2)
    st.apply("contract beta")
    assert legal(st) == ["contract alpha"]  # deal 2: beta's condition no longer holds
    assert refused(st, "contract beta") == ("`contract beta` may not be chosen now (its `when` does not hold)", "when")


def test_when_every_contract_has_a_condition_each_is_offered_only_when_its_own_holds():
    g = game("""
dealer: {first: random, next: dealer}
declarer: left(dealer)
phases:
  deal: {hand_size: 4}
  choose_contract:
  score:
contracts:
  alpha:
    when: deal_number == 2
    score: 1
  beta:
    when: deal_number == 1
    score: 2
match: {deals: 2}
""")
    st = deal(g, 2)
    assert legal(st) == ["contract beta"]
    st.apply("contract beta")
    assert legal(st) == ["contract alpha"]


def test_with_no_condition_and_no_once_each_every_contract_is_offered_in_a_list_of_its_own():
    st = deal(spec(), 3)
    [phase] = [ph for ph in st.game.phases if ph.kind == "choose_contract"]
    phase.legal(st).clear()  # (a list of the caller's own: the phase keeps its own intact)
    assert [a.name for a in phase.legal(st)] == ["contract alpha", "contract beta", "contract gamma"]

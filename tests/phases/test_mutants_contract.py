"""Contract-choice behaviour that mutation testing found unchecked: the choice and the
announcements are said aloud, and the names an announcing phase could ever offer."""

from __future__ import annotations

from tests.phases.table import Y, Z, legal, refused
from tests.phases.test_contract import deal, spec, when_game

from interpreter.words.screen import action_line


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


def test_without_once_each_a_contract_named_before_is_refused_only_for_its_condition():
    g = when_game("deal_number == 1")
    st = deal(g, 2)
    st.apply("contract beta")
    assert legal(st) == ["contract alpha"]  # deal 2: beta's condition no longer holds
    assert refused(st, "contract beta") == ("`contract beta` may not be chosen now (its `when` does not hold)", "when")


def test_each_phase_tells_its_kind():
    """`Phase.kind` is public: tools tell the phases of a compiled game by it."""
    assert [ph.kind for ph in spec().phases] == ["deal", "choose_contract", "announce", "score"]


def test_when_every_contract_has_a_condition_each_is_offered_only_when_its_own_holds():
    from tests.phases.table import game

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

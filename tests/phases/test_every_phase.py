"""What every phase has from the base of the phases: a public kind, the general refusal of an
action it does not offer now (naming twelve of the legal choices at most), and an action made
in the open heard by name by every other seat."""

from __future__ import annotations

from interpreter.words.screen import action_line

from .table import X, Y, Z, game, legal
from .test_contract import spec as contract_spec


def test_each_phase_tells_its_kind():
    """`Phase.kind` is public: tools tell the phases of a compiled game by it."""
    assert [ph.kind for ph in contract_spec().phases] == ["deal", "choose_contract", "announce", "score"]


def announcing(levels):
    """A state where Y, having chosen the only contract, announces its trump, then its level."""
    g = game(f"""
declarer: left(dealer)
phases:
  deal: {{hand_size: 4}}
  choose_contract:
  announce:
  score:
contracts:
  game:
    announce: {{trump: suit, level: {levels}}}
    score: level
match: {{deals: 1}}
""")
    st = g.new_state(1, first_dealer=X)
    st.apply("contract game")
    return st


def test_the_general_refusal_names_the_action_and_what_may_be_done():
    st = announcing("[1, 2]")
    phase = st.phase
    later = phase.announcements["game"][1][1][0]  # `level 1`: the next announcement's
    assert (st.current_player, legal(st)) == (Y, ["trump S", "trump H", "trump D"])
    assert phase.refuse(st, later) == ("`level 1` is not allowed now; you may: trump S, trump H, trump D", None)


def test_the_general_refusal_names_twelve_choices_at_most():
    st = announcing(list(range(1, 15)))
    phase = st.phase
    st.apply("trump H")
    trump = phase.announcements["game"][0][1][0]  # `trump S`: announced already
    assert legal(st) == [f"level {k}" for k in range(1, 15)]
    assert phase.refuse(st, trump) == (
        "`trump S` is not allowed now; you may: " + ", ".join(f"level {k}" for k in range(1, 13)), None)


def test_an_announcement_made_in_the_open_is_seen_by_name_by_every_other_seat():
    st = announcing("[1, 2]")
    trump = next(a for a in st.legal_actions() if a.name == "trump D")
    assert [action_line(st, Y, trump, viewer) for viewer in (X, Z, None)] == ["  Y: trump D"] * 3

"""The generated play loop (interpreter/compile/emit/) against the closures it replaces, and its safety rule.

- Same seeds, same random choices: the closure path (`generated=False`), the generated
  legal lists through the public API, and `State.playout` give identical records and scores
  on every shipped spec and every option value. `CARDSPEC_EMIT_GAMES=N` plays N games per
  setting (the long profile runs 1,000).
- A failure in play is placed in the spec, at the expression that failed, the same in the
  generated loop as through the closures; the part of a play rule the loop runs on its own (the
  value in `card.suit == value`) is placed at that rule's `keep`.
- THE RULE (see interpreter/core/source.py): no text of a spec reaches generated source,
  shown with hostile names, descriptions and expressions; the checker refuses any source that
  would break the rule.
"""

from __future__ import annotations

import os
import random
import re
from pathlib import Path

import pytest

from interpreter.compile.game import load_game
from interpreter.core.errors import GameError, GameFault
from interpreter.core.source import Source
from interpreter.engine.table import table_plan
from interpreter.load.pipeline import resolve
from tests.helpers import option_values, with_requirements
from tests.phases.table import Z, one_deal, position

ROOT = Path(__file__).resolve().parents[2]
SPECS = sorted((ROOT / "specs").rglob("*.yaml"))
GAMES = int(os.environ.get("CARDSPEC_EMIT_GAMES", "1"))
MAX_DEALS = 60  # enough for every shipped game to end; a cap for options that lengthen it


def settings():
    out = []
    for spec in SPECS:
        rel = spec.relative_to(ROOT / "specs").as_posix()
        out.append(pytest.param(spec, {}, id=f"{rel}:defaults"))
        declared = resolve(spec).data.get("options") or {}
        for name, value in option_values(declared):
            out.append(pytest.param(spec, with_requirements(declared, {name: value}), id=f"{rel}:{name}={value}"))
    return out


def finished(game, seed: int, how: str, moves: int = 0):
    """A random game played to its end, each seat's moves chosen by its own generator (so a
    playout must say who is choosing: `state.current`, as move by move); with `moves`, a
    playout starts after that many moves made one by one. With `how` "drawn" (a playout) or
    "drawn api", every move is one generator's own `choice`, which a playout draws inline
    (interpreter/core/draw.py)."""
    st = game.new_state(seed)
    rngs = [random.Random(seed * 10 + p) for p in range(game.n)]

    def choose(legal):
        return rngs[st.current].choice(legal)
    if how.startswith("drawn"):
        choose = random.Random(seed).choice
        how = "playout" if how == "drawn" else "api"
    made = 0
    while not st.is_terminal and st.deal_number <= MAX_DEALS:
        if how == "playout" and made >= moves:
            st.playout(choose)
        else:
            st.apply(choose(st.legal_actions()))
            made += 1
    return st


def played(game, seed: int, how: str, moves: int = 0):
    """A random game's history and results (`finished`), with every deal's record."""
    st = finished(game, seed, how, moves)
    return ([(p, a.name) for p, a in st.history], [deal_record(d) for d in st.deals], list(st.totals),
            st.is_terminal)


def deal_record(d) -> dict:
    """Everything a deal's record keeps (results.DealResult), actions by name."""
    from interpreter.core.results import DealResult

    out = {k: getattr(d, k) for k in DealResult.__slots__}
    out["actions"] = [(p, a.name) for p, a in d.actions]
    return out


def final_fields(game, seed: int, how: str, moves: int = 0) -> dict:
    """Every field of the state a random game leaves (`finished`), but caches, the deals
    (which `played` compares) and the game."""
    return {k: v for k, v in vars(finished(game, seed, how, moves)).items()
            if k not in ("_legal", "_played_memo", "_fmemo", "deal", "deals", "game")}


def barbu_with(tmp_path, old: str, new: str):
    """Barbu with `old` of its text made `new`: (generated game, closures game)."""
    text = (ROOT / "specs" / "barbu" / "barbu.yaml").read_text()
    assert old in text
    spec = tmp_path / "changed.yaml"
    spec.write_text(text.replace(old, new))
    return load_game(spec), load_game(spec, generated=False)


def generated_phases(game):
    return [prog for ph in game.phases for prog in getattr(ph, "programs", {}).values()
            if getattr(prog, "source", None)]


@pytest.mark.parametrize("spec,options", settings())
def test_generated_play_gives_the_records_of_the_closures(spec, options):
    reference = load_game(spec, options=options, generated=False)
    fast = load_game(spec, options=options)
    assert not generated_phases(reference)
    for seed in range(GAMES):
        want = played(reference, seed, "api")
        assert played(fast, seed, "api") == want, f"seed {seed}: the generated legal lists differ"
        assert played(fast, seed, "playout") == want, f"seed {seed}: the playout differs"
        assert final_fields(fast, seed, "playout") == final_fields(fast, seed, "api"), \
            f"seed {seed}: the playout leaves the state otherwise"
        assert played(fast, seed, "drawn") == played(reference, seed, "drawn api"), \
            f"seed {seed}: the playout drawing its cards differs"
        assert final_fields(fast, seed, "drawn") == final_fields(fast, seed, "drawn api"), \
            f"seed {seed}: the playout drawing its cards leaves the state otherwise"


def finds_cards_in_generated_code(prog) -> bool:
    """Whether a trick phase's legal list comes from its generated `legal`: the phase's own, or
    the one its closure offering the words said with a card wraps."""
    fns = [prog.legal, *(c.cell_contents for c in prog.legal.__closure__ or ())]
    return any(getattr(getattr(f, "__code__", None), "co_filename", "") == "<cardspec: trick play>" for f in fns)


def test_the_trick_games_are_generated():
    """Every shipped spec with trick play finds its legal cards in generated code, and plays out
    in a generated loop unless its moves go through apply(): a word may be said with a card
    (Klaberjass's bella, the tarot poignées: the legal list is the generated cards and the words
    said with them), another seat chooses a hand's card or a hand is laid open from a moment on
    (Bridge's dummy: the closures of `Tricks._moments` wrap apply() and name who chooses), or the
    pack holds copies of its cards (the loop does not yet hold each card once). A play whose
    tricks are won or led by the spec's own rule (`beats`, `led_suit`: the tarot Excuse) is
    applied by generated code that calls those rules, and its loop calls them too; so is a play whose
    words may be said with a card, which says them itself."""
    said, moments, own_rules = [], [], []
    for spec in SPECS:
        game = load_game(spec)
        tricks = [prog for ph in game.phases for prog in getattr(ph, "programs", {}).values()
                  if prog.kind == "tricks"]
        for prog in tricks:
            assert prog.source.startswith("def legal(st):") and finds_cards_in_generated_code(prog), (spec, prog.name)
            apart = bool(prog.announcements) or game.pack.copies > 1 or prog.controller is not None \
                or prog.open_from is not None  # (a double pack: see docs/packs.md)
            assert (prog.playout is None) == apart, (spec, prog.name)
            own = prog.beats is not None or prog.led is not None
            applied = own or bool(prog.announcements)  # (the words said by generated apply, not a wrapper)
            assert ("def apply(st, c):" in prog.source) == applied == applies_in_generated_code(prog), \
                (spec, prog.name)
            said += [spec.name] if prog.announcements else []
            moments += [spec.name] if prog.controller is not None or prog.open_from is not None else []
            own_rules += [spec.name] if own else []
    assert "klaberjass.yaml" in said and "tarot.yaml" in said and "bridge.yaml" in moments
    assert own_rules == ["tarot.yaml"]
    closures = load_game(ROOT / "specs" / "klaberjass" / "klaberjass.yaml", generated=False)
    assert not any(finds_cards_in_generated_code(prog) for ph in closures.phases
                   for prog in getattr(ph, "programs", {}).values())
    tarot = load_game(ROOT / "specs" / "tarot" / "tarot.yaml", generated=False)
    assert not any(applies_in_generated_code(prog) for ph in tarot.phases
                   for prog in getattr(ph, "programs", {}).values())


def applies_in_generated_code(prog) -> bool:
    """Whether a trick phase's cards are played by its generated `apply`: the phase's own, or the
    one its closure for the words said with a card (or for `controller`, `open_from`) wraps."""
    fns, seen = [prog.apply], 0
    while seen < len(fns):
        f = fns[seen]
        seen += 1
        fns += [c.cell_contents for c in getattr(f, "__closure__", None) or () if callable(c.cell_contents)]
    return any(getattr(getattr(f, "__code__", None), "co_filename", "") == "<cardspec: trick play>" for f in fns)


def tarot_without_words(tmp_path) -> Path:
    """French Tarot with no poignée said with a card (the bonus is never scored): its moves no longer
    go through apply(), so its tricks, won and led by its own rules, are played in the generated loop."""
    text = (ROOT / "specs" / "tarot" / "tarot.yaml").read_text()
    start = text.index("  announcements:\n    poignee:")
    text = text[:start] + text[text.index("\n\n", start) + 1:]
    for word in ("triple_poignee", "double_poignee", "poignee"):
        text = text.replace(f"announced(p, {word})", "false")
    spec = tmp_path / "tarot.yaml"
    spec.write_text(text)
    return spec


OWN_RULES = {  # a play whose tricks are won or led by the spec's own rules (tests/phases/test_trick_rules.py)
    "beats and led_suit": "",
    "beats": "  led_suit: if",
    "led_suit": "  beats: card != EX",
}


def own_rules_game(which: str, generated: bool = True, seats: str = "[X, Y, Z]"):
    from tests.phases.test_trick_rules import EXCUSE, PACK

    body = EXCUSE.replace(OWN_RULES[which], "  #") if OWN_RULES[which] else EXCUSE
    if seats.count(",") == 3:  # (four seats: three cards each of the 13)
        body = body.replace("{hand_size: 4}", "{hand_size: 3}")
    return load_game("t.yaml", text=f"game: T\nseats: {seats}\n{PACK}\n{body}", generated=generated)


@pytest.mark.parametrize("which", sorted(OWN_RULES))
@pytest.mark.parametrize("seats", ["[X, Y, Z]", "[N, E, S, W]"])
def test_tricks_won_and_led_by_the_specs_own_rules_play_in_generated_code_as_in_the_closures(which, seats):
    """`beats` and `led_suit`, either or both (the other the default): the generated `apply` move by
    move, the generated loop (called and drawn) and the closures play the same games; the loop
    leaves the state that the generated moves one by one leave."""
    fast, reference = own_rules_game(which, seats=seats), own_rules_game(which, False, seats)
    (prog,) = generated_phases(fast)
    assert prog.playout is not None and applies_in_generated_code(prog) and "def apply(st, c):" in prog.source
    assert ("c1 = c" not in prog.source) and ("_beats" in prog.source) == (which != "led_suit")
    assert ("_led" in prog.source) == (which != "beats")
    for seed in range(6):
        want = played(reference, seed, "api")
        assert played(fast, seed, "api") == want and played(fast, seed, "playout") == want, seed
        assert played(fast, seed, "drawn") == played(reference, seed, "drawn api"), seed
        assert final_fields(fast, seed, "playout") == final_fields(fast, seed, "api"), seed
        assert final_fields(fast, seed, "drawn") == final_fields(fast, seed, "drawn api"), seed


@pytest.mark.parametrize("generated", [True, False])
def test_a_card_played_is_tested_alone_by_beats_as_the_filter_would_keep_it(generated):
    """`beats` decides each card played by a test of that card alone (`beats_one(st, c)`, which the
    generated `apply` calls), keeping what the filter of the same condition keeps, at every card of
    random games, where the Excuse is led and where it is not."""
    g = own_rules_game("beats", generated)
    (prog,) = [prog for ph in g.phases for prog in getattr(ph, "programs", {}).values()]
    if generated:
        assert re.search(r"if _beats[0-9]+\(st, c\):", prog.source)
    tested = 0
    for seed in range(8):
        rng, st = random.Random(seed), g.new_state(seed)
        while not st.terminal:
            if st.phase is prog and st.trick_cards:
                st.player = st.to_play
                for c in st.hands[st.to_play]:
                    assert bool(prog.beats_one(st, c)) == bool(prog.beats(st, (c,))), (seed, c)
                    tested += 1
            legal = st.legal_actions()
            st.apply(legal[rng.randrange(len(legal))])
    assert tested > 100


def test_tarot_played_out_in_the_generated_loop_plays_its_games_move_by_move(tmp_path):
    """French Tarot without words said with a card: its loop, calling its own `beats` and `led_suit`,
    from any move of the game, plays the games of the closures move by move."""
    spec = tarot_without_words(tmp_path)
    fast, reference = load_game(spec), load_game(spec, generated=False)
    assert all(prog.playout is not None for prog in generated_phases(fast))
    for seed in range(3):
        want = played(reference, seed, "api")
        assert played(fast, seed, "playout") == want and played(fast, seed, "api") == want, seed
        assert played(fast, seed, "drawn") == played(reference, seed, "drawn api"), seed
        assert final_fields(fast, seed, "playout") == final_fields(fast, seed, "api"), seed
    want, fields = played(reference, 5, "api"), final_fields(fast, 5, "api")
    for moves in random.Random(2).sample(range(len(want[0])), 8):
        assert played(fast, 5, "playout", moves) == want, moves
        assert final_fields(fast, 5, "playout", moves) == fields, moves


@pytest.mark.parametrize("spec", ["tarot/tarot", "klaberjass/klaberjass"])
def test_a_word_said_with_a_card_is_said_by_the_generated_apply_as_by_the_closures(spec):
    """A word said with a card (Tarot's poignée, Klaberjass's bella): the play's generated `apply`
    (Tarot's, whose spec says who takes a trick; Klaberjass's, its tricks taken as the engine takes
    them) says the word itself, unwrapped, and the deal's record and announcements are the
    closures'."""
    from interpreter.phases.tricks import Said

    spec = ROOT / "specs" / f"{spec}.yaml"
    fast, reference = load_game(spec), load_game(spec, generated=False)
    tricks = [p for p in generated_phases(fast) if p.announcements]
    assert tricks and all(getattr(t.apply, "says", False) and "def apply" in t.source for t in tricks)
    said = 0
    for seed in range(40):
        a, b = fast.new_state(seed), reference.new_state(seed)
        while not a.is_terminal and a.deal_number == 1:
            legal = a.legal_actions()
            words = [x for x in legal if isinstance(x, Said)]
            choice = words[0] if words else legal[seed % len(legal)]
            assert [x.name for x in b.legal_actions()] == [x.name for x in legal]
            a.apply(choice)
            b.apply(choice.name)
            said += bool(words)
        assert a.deals[0].said == b.deals[0].said and a.call_extras == b.call_extras, seed
        assert a.totals == b.totals
    assert said  # (some deal offered a poignée)


def test_playout_stops_at_the_end_of_the_deal_or_goes_on_to_the_end_of_the_game():
    game = load_game(ROOT / "specs" / "barbu" / "barbu.yaml")
    rng = random.Random(3)
    st = game.new_state(3)
    st.playout(rng.choice)
    assert st.deal_number == 2 and len(st.deals[0].actions) > 52 and st.deals[0].scores is not None
    st.playout(rng.choice, whole_game=True)
    assert st.is_terminal and len(st.deals) == 28


@pytest.mark.parametrize("spec", ["barbu/barbu.yaml", "euchre/euchre.yaml"])  # a trick unrolled, and not
def test_a_playout_from_a_tricks_first_card_plays_every_card_in_its_loop_and_leaves_no_list_behind(spec,
                                                                                                  monkeypatch):
    """From a trick's first card the generated loop plays the phase's cards itself (apply() takes
    none of them), and the legal list asked for before it is not kept: asked again after the
    deal, it is the next decision's."""
    from interpreter.engine.state import State

    game = load_game(ROOT / "specs" / spec)
    rng = random.Random(4)
    st = game.new_state(4)
    while st.phase.kind != "tricks":
        st.apply(rng.choice(st.legal_actions()))
    assert not st.trick_cards and st.legal_actions()  # (the first card's list, kept by the state)
    applied = []
    real = State.apply
    monkeypatch.setattr(State, "apply", lambda self, a: (applied.append(a), real(self, a))[1])
    number = st.deal_number
    st.playout(rng.choice)  # to the end of the deal: its cards, its score, on to the next decision
    assert st.deal_number == number + 1 and st.deals[-2].scores is not None and applied == []
    fresh = st.clone()
    fresh._legal = None
    assert st.legal_actions() == fresh.legal_actions() and st.legal_actions()[0].kind != "play"


def test_a_trick_of_a_fixed_size_is_written_card_by_card():
    """Every seat plays to every trick (Barbu): the loop is the trick's cards one after the other,
    in locals; a seat may sit out (Euchre): one loop for any card of a trick of any size."""
    for spec, unrolled in (("barbu/barbu.yaml", True), ("euchre/euchre.yaml", False)):
        sources = [p.source.split("def playout")[1] for p in generated_phases(load_game(ROOT / "specs" / spec))]
        assert sources and all(("c3 = c" in s, "cards.append(c)" in s) == (unrolled, not unrolled)
                               for s in sources), spec


@pytest.mark.parametrize("spec,options", [("barbu/barbu.yaml", {}), ("euchre/euchre.yaml", {}),
                                          ("piquet/au-cent.yaml", {"best_of_five": True})])
def test_a_playout_from_any_move_plays_the_game_move_by_move_would(spec, options):
    """A playout may start in the middle of a trick (the card-by-card loop starts at a trick's
    first card: the trick in progress is played on move by move), at any move of the game, up to
    the last trick of the last deal (of the last game of a partie): the rest of the game is the
    one played move by move, and leaves the same state; so too when it draws the cards itself."""
    game = load_game(ROOT / "specs" / spec, options=options)
    for how, by_api in (("playout", "api"), ("drawn", "drawn api")):
        want = played(game, 5, by_api)
        total = len(want[0])
        fields = final_fields(game, 5, by_api)
        assert fields["terminal"]
        for moves in (total - 2, total - 1, *random.Random(1).sample(range(total), 12)):
            assert played(game, 5, how, moves) == want, (how, moves)
            assert final_fields(game, 5, how, moves) == fields, (how, moves)


def test_a_playout_fault_is_placed_in_the_spec(tmp_path):
    """A rule failing inside the generated loop is reported like one failing through apply()."""
    text = (ROOT / "specs" / "barbu" / "barbu.yaml").read_text()
    text = text.replace("keep: card.suit == trump and wins_trick(card)",
                        "keep: card.suit == trump and (tricks_won + 0.5 < 1 or tricks_won + 0.5 > 2 or [1, 2][tricks_won + 0.5] == 1)")
    spec = tmp_path / "broken.yaml"
    spec.write_text(text)
    game = load_game(spec)
    from interpreter.core.errors import GameFault
    for seed in range(40):
        rng = random.Random(seed)
        st = game.new_state(seed)
        try:
            while not st.is_terminal:
                st.playout(rng.choice)
        except GameFault as e:
            assert "broken.yaml:66:" in str(e) and "an index must be a whole number" in str(e)
            return
    pytest.fail("no game reached the broken rule")


PICKED = """play:
  leader: next(dealer)
  rules: [picked]
play_rules:
  picked:
    description: a suit picked by the trick's number
    keep: card.suit == (if trick_number / 2 + 1 >= 1 and trick_number / 2 + 1 <= 3 then [S, H, D][trick_number / 2 + 1]
      else S)"""


def test_a_failure_of_the_value_a_rule_compares_cards_with_is_placed_at_the_rules_keep():
    st = position(one_deal("  play:", "tricks_won", head=PICKED), ["AS QS KH JD", "KS AH QH AD", "JS JH KD QD"], dealer=Z)
    with pytest.raises(GameFault) as e:
        st.legal_actions()
    rule = PICKED.splitlines()[-2]  # (a fraction is in range, validate cannot refuse it, but no index)
    assert str(e.value).splitlines() == [
        "t.yaml:16:99: an index must be a whole number (deal 1, X to act; seed 1)", "    " + rule,
        " " * (4 + 98) + "^"]


# ---- THE RULE -----------------------------------------------------------------------

HOSTILE = '__import__("os").system("echo owned")'


def hostile_spec(tmp_path) -> Path:
    """Barbu with hostile words wherever a spec may write free text or choose a name."""
    text = (ROOT / "specs" / "barbu" / "barbu.yaml").read_text()
    rule = f"'follow suit {HOSTILE}'"
    text = text.replace("  follow suit:\n", f"  {rule}:\n")
    for before, after in (("[follow suit]", f"[{rule}]"), ("[follow suit,", f"[{rule},"), (", follow suit]", f", {rule}]")):
        text = text.replace(before, after)
    text = text.replace("description: play a card of the suit led if you have one",
                        f"description: '{HOSTILE} # \"\"\" quote'")
    text = text.replace("    name: No Tricks\n", f"    name: '{HOSTILE}'\n")
    spec = tmp_path / "hostile.yaml"
    spec.write_text(text)
    return spec


def test_no_spec_text_reaches_generated_source(tmp_path):
    spec = hostile_spec(tmp_path)
    game = load_game(spec)
    sources = [prog.source for prog in generated_phases(game)] + [table_plan(game).source]
    assert sources and "st.hands = [[], [], [], []]" in sources[-1]
    words = set(re.findall(r"[A-Za-z_]+", HOSTILE)) | {"follow", "suit", "Tricks", "quote"}
    for text in sources:
        assert "os" not in re.findall(r"[A-Za-z_]+", text)
        for w in words - {"suit"}:  # `suit` is also the engine's own word for the suit table
            assert not re.search(rf"\b{re.escape(w)}\b", text), w
        assert '"' not in text and "'" not in text and "#" not in text
    # and the hostile game plays like the plain one
    plain = load_game(ROOT / "specs" / "barbu" / "barbu.yaml")
    assert played(game, 5, "playout")[1:] == played(plain, 5, "playout")[1:]


def assert_no_spec_text(sources, words) -> None:
    """No word of `words` (a spec's names and descriptions), no string and no comment in any of `sources`."""
    for source in sources:
        for w in words:
            assert not re.search(rf"\b{re.escape(w)}\b", source), (w, source)
        assert '"' not in source and "'" not in source and "#" not in source


@pytest.fixture
def built(monkeypatch) -> list:
    """The text of every source the generator builds while the test runs."""
    from interpreter.core.source import Source

    texts, build = [], Source.build
    monkeypatch.setattr(Source, "build", lambda self, *names: texts.append(self.text()) or build(self, *names))
    return texts


def test_no_spec_text_reaches_the_generated_play_of_the_specs_own_trick_rules(built):
    """`beats` and `led_suit` through spec functions with hostile names, parameters and descriptions,
    and a seat that chooses another's card (`controller`) and an open hand (`open_from`): the
    generated `legal`, `apply` and loop call them by bound names, and no word of the spec reaches
    them, nor any other source generated for the game (the test of one card by `beats`, the spec's
    functions); the game plays as its closures play it."""
    from tests.phases.test_trick_rules import PACK

    body = f"""
phases:
  deal: {{hand_size: 4}}
  play:
  score:
contracts:
  most:
    score: tricks_won
functions:
  popen:
    description: '{HOSTILE} # \"\"\" quote'
    params: {{system: card, exec: card}}
    value: system.suit == exec.suit and system.power > exec.power or system.suit == trump and exec.suit != trump
  evil:
    description: '{HOSTILE}'
    value: if count(trick) >= 2 and trick[1] == EX then trick[2].suit else if count(trick) >= 1 then trick[1].suit else none
  sneaky:
    description: '{HOSTILE}'
    params: {{eval: seat}}
    value: eval == dealer or eval == left(dealer) or hush
  hush:
    description: '{HOSTILE} # quote'
    value: count(tricks) >= 0
play:
  leader: left(dealer)
  trump: D
  rules: ['follow suit {HOSTILE}']
  beats: card != EX and (best == EX or popen(card, best))
  led_suit: evil
  open_hand: player == dealer
  open_from: count(played) >= 1
  controller: if player == dealer then left(dealer) else player
play_rules:
  'follow suit {HOSTILE}':
    description: '{HOSTILE} # quote'
    when: not leading and led_suit != none and any(c in hand where c.suit == led_suit) and sneaky(player)
    keep: card.suit == led_suit or card == EX
"""
    text = f"game: T\nseats: [X, Y, Z]\n{PACK}\n{body}"
    fast, reference = load_game("t.yaml", text=text), load_game("t.yaml", text=text, generated=False)
    (prog,) = generated_phases(fast)
    assert "def apply(st, c):" in prog.source and prog.playout is None  # (moves through apply(): `controller`)
    words = set(re.findall(r"[A-Za-z_]+", HOSTILE)) | {"follow", "quote", "popen", "system", "exec", "evil", "EX",
                                                       "sneaky", "hush", "eval"}
    beats_test = prog.beats_one.__code__
    assert beats_test.co_filename.startswith("<cardspec") and beats_test.co_varnames[:2] == ("st", "a0")
    assert prog.source in built and any(source.startswith("def value(st, a0):") for source in built)
    assert "(st.dealer + 1) % 3" in prog.source and "cands[j]" in prog.source  # (`sneaky` written in place; the keep)
    assert_no_spec_text(built, words)
    for seed in range(4):
        assert played(fast, seed, "api") == played(reference, seed, "api"), seed
        assert played(fast, seed, "playout") == played(reference, seed, "api"), seed
    free = load_game("t.yaml", text=text.replace("  open_hand:", "  #").replace("  open_from:", "  #")
                     .replace("  controller:", "  #"))
    (prog,) = generated_phases(free)
    assert "def playout(st, choice):" in prog.source
    for w in words:
        assert not re.search(rf"\b{re.escape(w)}\b", prog.source), w


def test_a_cards_points_by_the_trump_are_read_in_place_as_the_getter_reads_them(built):
    """`c.points` where trumps have points of their own (Klaberjass): generated code reads the trump
    table or the plain one by the card's suit in place, without the getter's call; the deal's points
    are the closures' (the records test plays whole games)."""
    spec = ROOT / "specs" / "klaberjass" / "klaberjass.yaml"
    fast = load_game(spec)
    points_of = [t for t in built if "for x0 in st.won[a0]" in t]
    assert points_of and all(re.search(r"\(_table[0-9]+ if st\.suit\[x0\] == st\.trump else _table[0-9]+\)\[x0\]", t)
                             for t in points_of), points_of
    reference = load_game(spec, generated=False)
    for seed in range(3):
        assert played(fast, seed, "api") == played(reference, seed, "api"), seed


def test_no_spec_text_reaches_the_generated_play_of_words_said_with_a_card(built):
    """Words said with a card under hostile names and descriptions, their conditions asking for known
    cards (a trump, the king or queen) and a spec function (hostile names again) summing a table and
    multiplying a count in place: the generated `legal` and `apply` reach them by bound names only,
    and the game plays as its closures play it."""
    from tests.phases.test_trick_rules import PACK

    body = f"""
phases:
  deal: {{hand_size: 4}}
  play:
  score:
contracts:
  most:
    score: tricks_won + popen(player)
functions:
  popen:
    description: '{HOSTILE} # \"\"\" quote'
    params: {{system: seat}}
    value: 100 * count(won_by(system)) + sum(c.points for c in won_by(system))
play:
  leader: left(dealer)
  trump: D
  rules: [follow]
  announcements:
    evil:
      description: '{HOSTILE} # quote'
      when: card.suit == trump and card.rank in [K, Q] and count(c in hand where c.suit == trump) >= 2
play_rules:
  follow:
    description: '{HOSTILE}'
    when: not leading
    keep: card.suit == led_suit
"""
    text = f"game: T\nseats: [X, Y, Z]\n{PACK}  points: {{A: 4, K: 3, Q: 2}}\n{body}"
    fast, reference = load_game("t.yaml", text=text), load_game("t.yaml", text=text, generated=False)
    (prog,) = generated_phases(fast)
    assert "def apply(st, c):" in prog.source and "_picks" in prog.source and prog.playout is None
    assert any("(100 * len(" in source and "_map" in source for source in built), built
    words = set(re.findall(r"[A-Za-z_]+", HOSTILE)) | {"quote", "popen", "system", "evil", "follow"}
    assert_no_spec_text(built, words)
    for seed in range(6):
        assert played(fast, seed, "api") == played(reference, seed, "api"), seed


@pytest.mark.parametrize("line, message", [
    ("x = 'text'", "may not contain"),
    ("x = 1  # a comment", "may not contain"),
    ("import os", "which nothing resolved"),
    ("st.__class__", "which nothing resolved"),
    ("eval(st)", "which nothing resolved"),
    ("_secret1 = _table", "which nothing resolved"),
])
def test_the_checker_refuses_source_that_breaks_the_rule(line, message):
    src = Source("trick play")
    src.add(0, line)
    with pytest.raises(GameError, match=message):
        src.build()


def test_the_builder_only_writes_validated_literals_and_engine_fields():
    assert Source.literal(3) == "3" and Source.literal(None) == "None" and Source.literal(True) == "True"
    for bad in ("x", 1.5, (1,), b"x"):
        with pytest.raises(GameError, match="is not a literal"):
            Source.literal(bad)
    assert Source.field("led_suit") == "st.led_suit"
    with pytest.raises(GameError, match="is not a state field"):
        Source.field("__class__")
    src = Source("trick play")
    with pytest.raises(GameError, match="stem"):
        src.bind(object(), "x; import os")
    name = src.bind((1, 2), "table")
    assert re.fullmatch(r"_table[0-9]+", name) and src.namespace[name] == (1, 2)
    with pytest.raises(GameError, match="title"):
        bad = Source("x'; import os")
        bad.add(0, "x = 1")
        bad.build("x")


# ---- expressions ----------------------------------------------------------------------

from hypothesis import given  # noqa: E402
from hypothesis import strategies as hst  # noqa: E402

from interpreter.compile.emit.expressions import compile_expression  # noqa: E402
from interpreter.expr import compile_expr  # noqa: E402
from interpreter.expr.syntax import ExprError  # noqa: E402
from tests.expr.test_expr import ARITH_SCOPE, GOOD, SCOPE, State, _arith, cards  # noqa: E402


def both(source):
    """The closure of `source` and its generated function (the closure again when nothing is generated)."""
    compiled = compile_expr(source, SCOPE)
    generated = compile_expression(compiled.node)
    return compiled.fn, (generated[0] if generated else compiled.fn), generated


@pytest.mark.parametrize("source,expected", [(s, e) for s, e in GOOD if "bump" not in s])
def test_a_generated_expression_computes_what_its_closures_compute(source, expected):
    # (`bump`, a test's function that counts its calls, is the one function that is not pure: generated
    # code calls it less often, as the tests of values computed once show)
    closure, fn, _ = both(source)
    assert fn(State()) == closure(State()) == expected


def test_a_call_made_again_with_the_same_arguments_is_computed_once():
    """`call(p)` in each branch of an `if` chain: the state does not move while an expression is
    computed, so generated code computes it where it is first needed and keeps it (`h0`). `bump`
    counts its calls: once, against once a place for the closure. A call that reads a loop variable
    is made at each turn; one in a branch not taken is never made."""
    closure, fn, (_, text) = both("bump() + bump()")
    generated, reference = State(), State()
    assert fn(generated) == 2 and generated.calls == 1 and "h0 := " in text
    assert closure(reference) == 3 and reference.calls == 2
    _, fn, (_, text) = both("if x > 99 then bump() else 5 + (if x > 98 then bump() else 7)")
    state = State()
    assert fn(state) == 12 and state.calls == 0
    _, fn, (_, text) = both("sum(longest(p) + longest(p) for p in seats) + longest(player) + longest(player)")
    assert fn(State()) == 2 * (5 + 4 + 5 + 3) + 2 * 4
    # (kept: the player, and the call of him; the calls of each turn's seat are made at each turn)
    assert len(re.findall(r"\bh[0-9] = ", text)) == 2 and not re.search(r":= [^)]*x0", text), text


def test_operators_are_generated_and_the_rest_are_called():
    _, _, (fn, text) = both("player != declarer and target != player")
    assert "(_get" in text and " != " in text and " and " in text and "_node" not in text
    _, _, (fn, text) = both("count(c in won where c.suit == H) + x")  # a loop is a comprehension
    assert "for x0 in" in text and " + " in text and "_node" not in text
    # a division and an index call the checker's functions for them, which say where a zero or a bad index came from
    _, _, (fn, text) = both("x / (y - 1) + [1, 2][x - 6]")
    assert "/" not in text and "_node" not in text and text.count("(st, ") == 2
    with pytest.raises(ExprError, match="division by zero") as raised:
        fn(State())
    assert (raised.value.line, raised.value.column) == (1, 6)
    _, _, (fn, text) = both("sum(10 / (c.points - 1) for c in won where c.suit != H) + [1][x]")  # in a loop too
    assert "for x0 in" in text and "_node" not in text
    with pytest.raises(ExprError, match="index 7 is out of range for a list of 1 item") as raised:
        fn(State())
    assert (raised.value.line, raised.value.column) == (1, 63)


def test_a_closure_that_reads_a_loop_variable_keeps_its_loop_a_closure():
    """Every form of the language has a tree; a node without one (a form added later) that
    reads a loop variable cannot run where the variable is a local: its loop stays whole."""
    from interpreter.compile.emit.expressions import compile_expression as generate
    from interpreter.expr.closures import _C

    compiled = compile_expr("sum(c.points + 1 for c in won) + x", SCOPE)
    loop, x = compiled.node.tree[2:]
    value = loop.tree[5]
    loop.tree = loop.tree[:5] + (_C(value.fn, value.type, value.ctx, value.cells),)  # the same node, no tree
    fn, text = generate(compiled.node)
    assert "_node" in text and "for x0" not in text and fn(State()) == compiled.fn(State()) == 11 + 6 + 7


LOOPS = [  # (source, value on test_expr's State): every aggregate, nested loops, a loop in a function call
    ("count(c in won where c.suit == H)", 3),
    ("count(c.suit == H for c in won)", 3),
    ("count(c.suit == H for c in won where c.rank == K)", 1),
    ("sum(c.points for c in won where c.suit == H)", 11),
    ("sum(c.points for c in won)", 11),
    ("min(c.points for c in won where c.suit == S)", 0),
    ("max(c.points for c in hand where c.suit == C)", 0),
    ("max(count(c in won where c.suit == s) for s in suits)", 3),
    ("sum(sum(count(c in won where c.suit == s and c.rank == r) for r in [Q, K]) for s in suits)", 3),
    ("any(c in hand where c.suit != H)", True),
    ("all(c in hand where c.suit == H)", False),
    ("any(c.suit == S for c in hand where c.rank == 4)", True),
    ("filter(c in hand where c.suit == H and not wins_trick(c) and c.rank != T)", cards("2H 3H")),
    ("count(p in seats where longest(p) == max(longest(q) for q in seats))", 2),
    ("sum(x for c in won) + count(xs)", 7 * 6 + 3),
]


MAPPED = {"sum(c.points for c in won)"}  # (a table's value of every item: mapped, no comprehension)


@pytest.mark.parametrize("source,expected", LOOPS)
def test_a_generated_loop_computes_what_its_closure_computes(source, expected):
    closure, fn, generated = both(source)
    loop = "_map" if source in MAPPED else "for x0 in"
    assert generated is not None and loop in generated[1] and "_node" not in generated[1]
    assert fn(State()) == closure(State()) == expected


@pytest.mark.parametrize("source,mapped", [
    ("sum(c.points for c in won)", True), ("max(c.points for c in won)", True), ("min(c.points for c in hand)", True),
    ("sum(c.points for c in won where c.suit == H)", False),
    ("sum(c.points + 1 for c in won)", False), ("count(c.suit == H for c in won)", False),
    ("sum(sum(c.points for c in won) for s in suits)", True)])
def test_a_tables_value_of_every_item_is_mapped_and_aggregated_as_the_loop_would(source, mapped):
    """`sum(c.points for c in cards)`, `max(...)`, `min(...)` of a table's value of the loop's own item
    and nothing else: the table looked up over the items in C (`map`), with no comprehension; the same
    value, empty lists too (0)."""
    closure, fn, (_, text) = both(source)
    assert ("_map" in text) == mapped, text
    assert fn(State()) == closure(State())
    assert fn(State(won=[], hand=[])) == closure(State(won=[], hand=[])) == 0

@pytest.mark.parametrize("source,in_place", [
    ("100 * count(won) + x", True), ("count(won) * 900000", True), ("-900000 * count(won)", True),
    ("900001 * count(won)", False), ("x * count(won)", False), ("count(won) * count(hand)", False),
    ("100 * x", False)])
def test_a_product_that_cannot_grow_too_large_is_multiplied_in_place(source, in_place):
    """A whole number of at most 900,000 times the count of a list cannot pass 10^18 (no list holds 2^40
    items), so generated code multiplies in place; any other product calls the checker's function,
    which says where a result grew too large."""
    from interpreter.compile.emit.bounds import SMALL_FACTOR
    from interpreter.expr.checker import MAX_NUMBER
    assert SMALL_FACTOR * 2 ** 40 <= MAX_NUMBER
    closure, fn, (_, text) = both(source)
    assert (" * " in text) == in_place, text
    assert fn(State()) == closure(State())
    big, gfn = compile_expr("1000000000 * 1000000000 * count(won)", SCOPE), None
    gfn, text = compile_expression(big.node)
    assert " * " not in text
    with pytest.raises(ExprError, match="too large"):
        gfn(State())


def test_a_call_that_reads_no_loop_variable_is_computed_once_for_every_turn_of_the_loops():
    """`max(longest(q) for q in seats)` inside a loop over seats is the same at each turn: generated
    code computes it where it is first needed and keeps it (`h0`). The functions of a spec are pure
    (the state does not move while an expression is computed); `bump`, a test's function that counts
    its calls, shows how often it is called: once, against once a turn for the closure."""
    _, fn, (_, text) = both("count(p in seats where longest(p) == max(longest(q) for q in seats))")
    assert "h0 := " in text and fn(State()) == 2
    closure, fn, (_, text) = both("sum(bump() + longest(p) for p in seats)")
    generated, reference = State(), State()
    assert fn(generated) == 1 * 4 + 17 and generated.calls == 1
    assert closure(reference) == 1 + 2 + 3 + 4 + 17 and reference.calls == 4


def test_a_loop_written_twice_is_computed_once_and_loops_over_other_variables_are_told_apart():
    """The same loop at two places (its variable named alike or not) is one value; a loop's variable is
    told by the loop that binds it, so loops that read another loop's variable are not taken for it."""
    _, fn, (_, text) = both("count(p in seats where longest(p) > 3) + count(q in seats where longest(q) > 3)")
    assert fn(State()) == 6 and len(re.findall(r"\bh[0-9] = ", text)) == 1, text
    for source in ("sum(count(q in seats where longest(q) > longest(p)) for p in seats)"
                   " + sum(count(q in seats where longest(q) > longest(q)) for p in seats)",
                   "count(p in seats where any(q in seats where longest(q) > longest(p)))"
                   " * 10 + count(p in seats where any(q in seats where longest(p) > longest(q)))"):
        closure, fn, _ = both(source)
        assert fn(State()) == closure(State()), source


def test_a_value_computed_once_is_computed_where_it_was_first_needed_or_never():
    """Never computed when no turn needs it (an empty loop, a condition that fails first), and a value
    that fails fails as the closure does, at its place in the expression."""
    for source in ("sum(bump() for c in hand where c.suit == H and c.suit == S)",
                   "any(p in seats where longest(p) > 9 and bump() > 0)"):
        state = State()
        _, fn, generated = both(source)
        assert generated is not None and "h0 := " in generated[1], source
        fn(state)
        assert state.calls == 0, source
    closure, fn, generated = both("any(p in seats where longest(p) > 4 and xs[9] > 0)")
    assert "h0 := " in generated[1]
    with pytest.raises(ExprError) as want:
        closure(State())
    with pytest.raises(ExprError) as got:
        fn(State())
    assert (got.value.message, got.value.line, got.value.column) == (want.value.message, want.value.line,
                                                                     want.value.column)


def test_a_loops_items_are_never_computed_once_inside_it():
    """Python allows no assignment in a comprehension's items: a loop's items inside another loop
    are written as they are (they are computed once a turn of the loop around them, as before)."""
    closure, fn, generated = both(
        "sum(count(q in filter(r in seats where longest(r) > 3) where longest(q) > longest(p)) for p in seats)")
    assert generated is not None and fn(State()) == closure(State()) == 0 + 2 + 0 + 3
    items = generated[1].split("for x1 in ", 1)[1]
    assert "for x1 in _const" in items and ":=" not in items


FILTERS = [  # conditions on `card` tested card by card (none is a `card.x == value` selection alone)
    "not wins_trick(card)",
    "card.points > 0 or card.rank == 4",
    "card.suit == H and not wins_trick(card) and card.rank != T",
    "count(c in won where c.suit == card.suit) > 1",
    "x > 3",
]


def _keeping_sources(generator, made: list):
    """`generator` (of a filter's generated functions) as `compile_filter` calls it, keeping in `made`
    the source of each function it writes."""
    def generate(*args):
        out = generator(*args)
        made.extend([out[1]] if out else [])
        return out[0] if out else None
    return generate


@pytest.mark.parametrize("source", FILTERS)
def test_a_condition_tested_card_by_card_is_one_generated_comprehension_keeping_what_its_closure_keeps(source):
    """A play rule's `keep` conjunct that reads the card is generated as `[x0 for x0 in items if ...]`,
    and one that does not read it as one test of the condition, keeping all the cards or none, as
    the closure does; the cards kept are the closure's, in order, for any list of cards (none
    included)."""
    from interpreter.compile.emit.conditions import compile_step
    from interpreter.expr import compile_filter

    made = []
    closure = compile_filter(source, SCOPE, "card", "card")
    fast = compile_filter(source, SCOPE, "card", "card", generate=_keeping_sources(compile_step, made))
    reads_the_card = source != "x > 3"
    assert made and all(("for x0 in items if" in text) == reads_the_card for text in made)
    assert all(("[*items] if items and" in text) != reads_the_card and "h0" not in text for text in made)
    rng = random.Random(source)
    every = cards("AS KS QS 2S AH KH QH TH 2H 3H 4D 5C 9C")
    for _ in range(50):
        items = rng.sample(every, rng.randrange(len(every) + 1))
        assert fast(State(), items) == closure(State(), items)


@pytest.mark.parametrize("source", [f for f in FILTERS if " and " in f] + [
    "card.suit == H and xs[4] > x and card.rank != T", "card.rank != T and 12 / (x - 7) > 1 and card.suit == H"])
def test_a_filters_conjuncts_generated_as_one_function_keep_what_their_steps_keep_and_fail_alike(source):
    """An announcement's condition (or `beats`, or `allowed`) is generated as one function doing every
    conjunct's step in turn, one that reads no card tested once: the cards kept are the steps', in order,
    for any list of cards, and a conjunct that fails fails as its step does, at its place."""
    from interpreter.compile.emit.conditions import compile_step, compile_steps
    from interpreter.expr import compile_filter

    made = []
    closure = compile_filter(source, SCOPE, "card", "card")
    fast = compile_filter(source, SCOPE, "card", "card", generate=_keeping_sources(compile_step, []),
                          generate_steps=_keeping_sources(compile_steps, made))
    assert len(made) == 1 and made[0].count("kept = ") == source.count(" and ") + 1, made
    rng = random.Random(source)
    every = cards("AS KS QS 2S AH KH QH TH 2H 3H 4D 5C 9C")
    for _ in range(50):
        items, state = rng.sample(every, rng.randrange(len(every) + 1)), State()
        try:
            want = closure(state, items)
        except ExprError as e:
            with pytest.raises(ExprError) as got:
                fast(state, items)
            assert (got.value.message, got.value.line, got.value.column) == (e.message, e.line, e.column)
            continue
        assert fast(state, items) == want


@given(_arith(4), hst.integers(-50, 50), hst.integers(-50, 50), hst.integers(-50, 50))
def test_generated_arithmetic_agrees_with_the_closures(expr, x, y, z):
    from interpreter.expr.syntax import ExprError
    source, _ = expr
    try:
        compiled = compile_expr(source, ARITH_SCOPE)
    except ExprError:
        return
    generated = compile_expression(compiled.node)
    fn = generated[0] if generated else compiled.fn
    env = {"x": x, "y": y, "z": z}
    try:
        want = compiled.fn(env)
    except ExprError as e:
        with pytest.raises(ExprError) as got:
            fn(env)
        assert (got.value.message, got.value.line, got.value.column) == (e.message, e.line, e.column)
        return
    assert fn(env) == want


def test_a_name_that_starts_with_an_underscore_must_be_a_bound_one():
    src = Source("trick play")
    src.namespace["_weird"] = 1  # (not made by bind)
    src.add(0, "x = _weird")
    with pytest.raises(GameError, match="is not a bound name"):
        src.build("x")


def test_a_name_alone_is_left_to_its_getter():
    assert compile_expression(compile_expr("x", SCOPE).node) is None
    assert compile_expression(compile_expr("-x", SCOPE).node) is not None


def test_a_state_field_is_read_in_place_and_anything_else_through_its_getter():
    from operator import attrgetter

    from interpreter.compile.emit.keeps import field_of
    assert field_of(attrgetter("led_suit")) == "led_suit"
    assert field_of(attrgetter("no_such_field")) is None
    assert field_of(attrgetter("led_suit", "trump")) is None
    assert field_of(lambda st: st.led_suit) is None
    game = load_game(ROOT / "specs" / "barbu" / "barbu.yaml")
    source = "".join(p.source for p in generated_phases(game))
    assert "v = st.led_suit" in source


def test_a_rule_of_three_conditions_is_generated_step_by_step(tmp_path):
    """`card.suit == x and A and B`: a comparison read inline, then two steps, each on what the one
    before kept."""
    fast, reference = barbu_with(tmp_path, "keep: card.suit == trump and wins_trick(card)",
                                 "keep: card.suit == trump and wins_trick(card) and card.rank != 2")
    assert any("_step" in p.source and p.source.count("if kept:") >= 3 for p in generated_phases(fast))
    for seed in range(3):
        want = played(reference, seed, "api")
        assert played(fast, seed, "api") == want and played(fast, seed, "playout") == want


def test_conditions_in_the_legal_list_read_the_players_hand_from_its_local(tmp_path):
    """A rule's condition on the player's hand, written in the legal list, reads the hand the list
    already holds in `hand` (the player's, `st.player` being the seat to play), not the state's field
    again; the closures' games."""
    fast, reference = barbu_with(tmp_path, "    when: not leading\n    keep: card.suit == led_suit\n",
                                 "    when: not leading and any(c in hand where c.suit == led_suit) and "
                                 "count(c in hand where c.rank == A) < 4\n    keep: card.suit == led_suit\n")
    legal = [p.source.split("def apply", 1)[0].split("def playout", 1)[0] for p in generated_phases(fast)]
    assert all("y = (" in s and "hand" in s.split("y = (", 1)[1].split("\n", 1)[0] for s in legal)
    assert not any("st.hands[st.player]" in s for s in legal), legal[0]
    for seed in range(3):
        assert played(fast, seed, "api") == played(reference, seed, "api")


def test_a_rule_to_win_the_trick_alone_is_written_in_the_legal_list(tmp_path):
    """`keep: wins_trick(card)` as a whole rule (Klaberjass's overtrump): the legal list tests each
    card in place, as the selection the scope gives `wins_trick` does, with no call, and plays the
    games of the closures, move by move and in the playout."""
    fast, reference = barbu_with(tmp_path, "keep: card.suit == trump and wins_trick(card)", "keep: wins_trick(card)")
    legals = [p.source.split("def playout", 1)[0] for p in generated_phases(fast)]
    assert any("kept = cands\n" in legal and "for w in kept:" in legal and "_keep" not in legal for legal in legals)
    for seed in range(4):
        want = played(reference, seed, "api")
        assert played(fast, seed, "api") == want and played(fast, seed, "playout") == want, seed


def test_random_bots_play_in_the_playout_with_the_same_games():
    """`simulate` lets a table of bots that choose from the legal list alone run in the generated
    loop; their games are the ones they play move by move."""
    from interpreter.players.agents import RandomAgent
    from interpreter.study.stats import play_games

    class MoveByMove(RandomAgent):
        plays_out = False

    game = load_game(ROOT / "specs" / "spades" / "spades.yaml")
    seeds = range(3)

    def games(kind):
        out = []
        for seed, state, stopped in play_games(game, lambda s: [kind(s * 10 + k) for k in range(4)], seeds, 40):
            out.append(([(p, a.name) for p, a in state.history], list(state.totals), stopped))
        return out
    fast = games(RandomAgent)
    assert fast == games(MoveByMove) and any(len(h) > 200 for h, _, _ in fast)


@pytest.mark.parametrize("where, text", [
    ("a play rule", ("keep: card.suit == trump and wins_trick(card)",
                     "keep: card.suit == trump and (tricks_won + 0.5 < 1 or tricks_won + 0.5 > 2 or [1, 2][tricks_won + 0.5] == 1)")),
    ("the end of a trick", ("      rules: [follow suit, must win with a trump]\n",
                            "      rules: [follow suit, must win with a trump]\n"
                            "      stop_when: 'trick_number / 2 >= 1 and trick_number / 2 <= 2 and [2, 2][trick_number / 2] == 1'\n")),
    ("a double", ("may_double: player != declarer or doubled(target, player)",
                  "may_double: player != declarer or (if tricks_won + 1.5 >= 1 and tricks_won + 1.5 <= 2 then "
                  "[true, false][tricks_won + 1.5] else true)")),
    ("the score", ("score: 5 * tricks_won", "score: 5 * tricks_won + (if tricks_won + 0.5 >= 1 and tricks_won + 0.5 <= 2 then [0, 0][tricks_won + 0.5] else 0)")),
])
def test_a_fault_in_the_playout_reads_as_one_move_by_move(tmp_path, where, text):
    """The same failure of the rules, the same message, the same place and the same action named,
    whether the deal runs in the generated loop or through apply()."""
    from interpreter.core.errors import GameFault
    spec = tmp_path / "broken.yaml"
    spec.write_text((ROOT / "specs" / "barbu" / "barbu.yaml").read_text().replace(*text))
    game = load_game(spec)

    def fault(how):
        rng = random.Random(2)
        st = game.new_state(2)
        try:
            while not st.is_terminal:
                if how == "playout":
                    st.playout(rng.choice)
                else:
                    st.apply(rng.choice(st.legal_actions()))
        except GameFault as e:
            return str(e)
        return None
    message = fault("api")
    assert message is not None and "broken.yaml:" in message, where
    assert fault("playout") == message


def test_a_spec_function_is_one_generated_function_over_its_parameters():
    from interpreter.compile.emit.expressions import compile_function as generate
    from interpreter.expr import compile_function

    impl, _ = compile_function("count(c in won where c.suit == s) + longest(p)", SCOPE, {"s": "suit", "p": "seat"})
    fn, text = generate(*impl.body)
    assert text.startswith("def value(st, a0, a1):") and "_node" not in text
    assert fn(State(), 1, 3) == impl(State(), 1, 3) == 3 + 3
    impl, _ = compile_function("10 / (p - 1)", SCOPE, {"p": "number"})  # a division on a parameter
    fn, text = generate(*impl.body)
    assert text == "def value(st, a0):\n    return _fn0(st, 10, (a0 - 1))\n" and fn(State(), 3) == impl(State(), 3) == 5
    with pytest.raises(ExprError, match="division by zero: `p - 1` is 0"):
        fn(State(), 1)



def test_a_stop_condition_reads_the_trick_just_finished(tmp_path):
    """`stop_when` runs after each trick as move by move, reading who led it: the loop writes the
    trick it keeps in locals back to the state first."""
    text = (ROOT / "specs" / "barbu" / "barbu.yaml").read_text()
    text = text.replace("    score: -2 * tricks_won\n    total: -26\n",
                        "    play:\n      stop_when: leader == left(dealer) and count(tricks) >= 3\n    score: -2 * tricks_won\n")
    text = "\n".join(line for line in text.splitlines() if not line.startswith("  total: 0 "))  # (no game total)
    spec = tmp_path / "stop.yaml"
    spec.write_text(text)
    fast, reference = load_game(spec), load_game(spec, generated=False)
    stopped = 0
    for seed in range(4):
        want = played(reference, seed, "api")
        assert played(fast, seed, "playout") == want
        game = reference.new_state(seed)
        game.apply(next(a for a in game.legal_actions() if a.name == "contract no_tricks"))
        game.playout(random.Random(seed).choice)
        stopped += len(game.deals[0].tricks) < 13
    assert stopped  # (the condition did stop some deals early)


def test_a_rule_that_reads_the_trick_sees_the_cards_played_to_it_so_far(tmp_path):
    """The unrolled loop keeps the trick in locals: a rule's condition that reads the trick (here:
    only the third card of a trick must follow suit) sees exactly the cards played to it, at
    every place in the trick, as move by move."""
    fast, reference = barbu_with(tmp_path, "    when: not leading\n    keep: card.suit == led_suit\n",
                                 "    when: count(trick) == 2\n    keep: card.suit == led_suit\n")
    assert "c3 = c" in generated_phases(fast)[0].source
    for seed in range(3):
        assert played(fast, seed, "playout") == played(reference, seed, "api"), seed


def test_a_rule_to_win_the_trick_that_applies_on_lead_too_keeps_every_card_there(tmp_path):
    """`wins_trick` on the trick's first card holds for every card (the trick is empty): the
    unrolled loop writes nothing to narrow there, and still plays what move by move plays."""
    fast, reference = barbu_with(tmp_path, "    when: not leading\n    keep: card.suit == trump and wins_trick(card)\n",
                                 "    keep: card.suit == trump and wins_trick(card)\n")
    assert any("c3 = c" in p.source for p in generated_phases(fast))
    for seed in range(3):
        assert played(fast, seed, "playout") == played(reference, seed, "api"), seed


def test_no_spec_name_reaches_a_generated_function_or_loop():
    """Loop variables and a spec function's parameters become the generator's own locals
    (`x0`, `a0`...): the words a spec chose for them never reach the source."""
    from interpreter.compile.emit.expressions import compile_function as generate
    from interpreter.expr import compile_function

    body = "count(system in won where system.suit == popen) + sum(eval.points for eval in hand) + exec"
    impl, _ = compile_function(body, SCOPE, {"popen": "suit", "exec": "number"})
    fn, text = generate(*impl.body)
    assert text.startswith("def value(st, a0, a1):")
    for word in ("system", "popen", "eval", "exec", "points", "suit", "won", "hand"):
        assert not re.search(rf"\b{word}\b", text), word
    assert fn(State(), 1, 5) == impl(State(), 1, 5) == 3 + 10 + 5  # hearts won; the ten in hand; exec


def test_a_third_rule_on_the_suit_reads_the_cards_kept_so_far(tmp_path):
    """After `follow suit`, a rule on the suit keeps all of the led suit's cards or none, with no
    card tested; a third rule on the suit may find the hand narrowed to another suit (the
    trumps of a void hand), and tests its cards again: when hearts are led to a seat void in
    them, its low trumps are not low hearts."""
    text = (ROOT / "specs" / "barbu" / "barbu.yaml").read_text()
    text = text.replace("rules: [follow suit, must win with a trump]",
                        "rules: [follow suit, must win with a trump, low hearts if you can]")
    text = text.replace("  must win with a trump:\n", "  low hearts if you can:\n    description: play a heart below"
                        " the ten if you can\n    when: not leading\n    keep: card.suit == H and card.rank in [2, 3, 4, 5, 6, 7, 8, 9]\n"
                        "  must win with a trump:\n")
    spec = tmp_path / "three_suits.yaml"
    spec.write_text(text)
    fast, reference = load_game(spec), load_game(spec, generated=False)
    source = "".join(p.source for p in generated_phases(fast))
    assert "cands if v == gv else None" in source and "[c for c in cands if _table" in source
    for seed in range(6):
        want = played(reference, seed, "api")
        assert played(fast, seed, "api") == want and played(fast, seed, "playout") == want


def named_in(game, kind: str):
    """The game of seed 5 played out (as `finished`), its chooser answering with the action's
    name in the phases of `kind`."""
    st = game.new_state(5)
    rngs = [random.Random(5 * 10 + p) for p in range(game.n)]

    def by_name(legal):
        a = rngs[st.current].choice(legal)
        return a.name if st.phase.kind == kind else a
    while not st.is_terminal and st.deal_number <= MAX_DEALS:
        st.playout(by_name)
    return st


@pytest.mark.parametrize("kind, said, contract, wrong", [
    ("double", "double ", "contract no_tricks", "contract no_queens"),  # a contract, not a double
    ("announce", "trump ", "contract trumps", "pass"),  # a double, not a trump
])
def test_a_chooser_that_names_its_choice_plays_the_same_game_and_an_illegal_one_is_refused(kind, said, contract,
                                                                                             wrong):
    """The doubling and announcing loops take from a chooser what apply() takes: a name is read
    as the action it names, and an action not in the list is refused, the state unchanged."""
    from interpreter.core.errors import IllegalAction

    game = load_game(ROOT / "specs" / "barbu" / "barbu.yaml")
    st, want = named_in(game, kind), finished(game, 5, "playout")
    assert [(p, a.name) for p, a in st.history] == [(p, a.name) for p, a in want.history]
    assert any(a.name.startswith(said) for _, a in st.history)
    st = game.new_state(5)
    st.apply(contract)
    assert st.phase.kind == kind
    foreign = next(a for _, a in want.history if a.name == wrong)
    before = (st.current, len(st.history), st.view(st.current))
    with pytest.raises(IllegalAction):
        st.playout(lambda legal: foreign)
    assert (st.current, len(st.history), st.view(st.current)) == before


@pytest.mark.parametrize("spec", ["barbu/barbu.yaml", "euchre/euchre.yaml"])  # a trick unrolled, and not
def test_a_chooser_that_names_its_cards_plays_the_same_game(spec):
    """The card loop takes from a chooser what apply() takes: a card's name is read as the card."""
    game = load_game(ROOT / "specs" / spec)
    st, want = named_in(game, "tricks"), finished(game, 5, "playout")
    assert [(p, a.name) for p, a in st.history] == [(p, a.name) for p, a in want.history]
    assert st.totals == want.totals


def mid_play(game, seed: int, cards: int):
    """A Barbu state `cards` cards into the play of a No Tricks deal."""
    st = game.new_state(seed)
    st.apply(next(a for a in st.legal_actions() if a.name == "contract no_tricks"))
    rng = random.Random(seed)
    while st.phase.kind != "tricks" or sum(map(len, st.hands)) > 52 - cards:
        st.apply(rng.choice(st.legal_actions()))
    return st


@pytest.mark.parametrize("place", [0, 1, 2, 3, 5])  # the first trick's places, and the second's second
@pytest.mark.parametrize("wrong", ["own card the rules forbid", "card of another hand", "not a card"])
def test_a_card_not_in_the_list_is_refused_as_apply_refuses_it_the_state_unchanged(place, wrong):
    """A chooser that picks outside the list it is given (a card of its hand the rules forbid,
    another seat's card, something else) is refused by the card loop as apply() refuses it, at
    any place of a trick, with the state what the same moves made one by one leave."""
    from interpreter.core.errors import IllegalAction

    game = load_game(ROOT / "specs" / "barbu" / "barbu.yaml")
    st = mid_play(game, 7, 0)
    reference = st.clone()
    rng, made = random.Random(3), []

    def choose(legal):
        if len(made) < place:
            made.append(rng.choice(legal))
            return made[-1]
        hand = st.hands[st.current]
        others = [c for p, h in enumerate(st.hands) if p != st.current for c in h]
        if wrong == "own card the rules forbid":
            return next(c for c in hand if c not in legal)
        if wrong == "card of another hand":
            return next((c for c in others if st.suit[c] == st.suit[legal[0]]), others[0])
        return st.game.phases[1].every_action[0]
    if wrong == "own card the rules forbid" and place % 4 == 0:
        place += 1  # (on lead every card is allowed)
    with pytest.raises(IllegalAction):
        st.playout(choose)
    for action in made:
        reference.apply(action)
    def fields(s):  # (but the bindings expressions are read with, and the caches)
        out = {k: v for k, v in vars(s).items() if k not in ("_legal", "game", "player", "target", "deal", "deals")}
        return out, [deal_record(d) for d in s.deals]
    assert len(made) == place and fields(st) == fields(reference)
    st.playout(random.Random(1).choice)  # and play goes on from there
    assert st.deals[-2].scores is not None and sum(st.deals[-2].scores) == -26


def test_a_table_whose_values_are_runs_of_card_numbers_is_found_by_bisection():
    from interpreter.compile.emit.tricks import _runs

    assert _runs((0, 0, 1, 1, 1, 2)) == {0: (0, 2), 1: (2, 5), 2: (5, 6)}
    assert _runs((0, 1, 0)) is None  # value 0 in two runs: the legal list filters card by card
    assert _runs([0, 0, 1]) is None and _runs(()) == {}
    sources = [prog.source for prog in generated_phases(load_game(ROOT / "specs" / "barbu" / "barbu.yaml"))]
    assert sources and all("_bisect" in s.split("def playout")[0] for s in sources)  # follow suit, in `legal`
    # a playout reads grouped hands, each cut into its suits where they begin
    cut = "groups.append({0: hand[:b0], 1: hand[b0:b1], 2: hand[b1:b2], 3: hand[b2:]})"
    assert all(cut in s.split("def playout")[1] and "for c in hand" not in s for s in sources)


def test_a_sorted_hand_is_cut_into_the_runs_of_a_table_in_card_order():
    """The runs in card order, whatever their values: each group the cards of its run, empty
    when the hand has none."""
    from interpreter.compile.emit.tricks import _cut, _runs
    from interpreter.core.source import Source

    src = Source("trick play")
    src.add(0, "def playout(hands):")
    src.add(1, "groups = []")
    src.add(1, "for hand in hands:")
    _cut(src, _runs((2, 2, 0, 0, 1)))  # value 2 first: cards 0 and 1
    src.add(1, "return groups")
    (cut,) = src.build("playout")
    assert cut([[0, 3, 4], [1], [], [2, 3]]) == [{2: [0], 0: [3], 1: [4]}, {2: [1], 0: [], 1: []},
                                                 {2: [], 0: [], 1: []}, {2: [], 0: [2, 3], 1: []}]
    assert [list(g) for g in cut([[0, 3, 4]])[0].values()] == [[0], [3], [4]]  # (in card order)


def test_a_playout_groups_hands_by_a_few_whole_numbers_into_lists_made_at_once(monkeypatch):
    """Hands grouped by a table of a few values that are not runs of card numbers start with one
    empty list a value (a suit a hand lacks stays empty, as a missing one would be: no card to
    follow with); a table of other values groups as it goes."""
    import interpreter.compile.emit.tricks as tricks
    from interpreter.compile.emit.tricks import _values

    assert _values((2, 0, 1, 0)) == (0, 1, 2)
    assert _values([0, 1]) is None and _values(tuple(range(17))) is None  # not a table; too many values
    assert _values((0, True)) is None and _values((0, 1.5)) is None  # whole numbers only
    assert _values(tuple(range(16))) == tuple(range(16))
    monkeypatch.setattr(tricks, "_runs", lambda table: None)  # as if a suit were not one run
    spec = ROOT / "specs" / "barbu" / "barbu.yaml"
    fast, reference = load_game(spec), load_game(spec, generated=False)
    playouts = [prog.source.split("def playout")[1] for prog in generated_phases(fast)]
    assert playouts and all("gp = {0: [], 1: [], 2: [], 3: []}" in s and "setdefault" not in s for s in playouts)
    for seed in range(2):
        assert played(fast, seed, "playout") == played(reference, seed, "api")


def test_a_playout_that_groups_as_it_goes_plays_the_same_games(monkeypatch):
    """The grouping for any other table (values found card by card) gives the same games."""
    import interpreter.compile.emit.tricks as tricks

    monkeypatch.setattr(tricks, "_values", lambda table: None)
    spec = ROOT / "specs" / "barbu" / "barbu.yaml"
    fast = load_game(spec, options={"early_stop": True})  # (with a stop condition in the loop)
    reference = load_game(spec, options={"early_stop": True}, generated=False)
    assert all("setdefault" in s for s in (p.source for p in generated_phases(fast)))
    for seed in range(2):
        assert played(fast, seed, "playout") == played(reference, seed, "api")


# ---- the card loop over many cascades ---------------------------------------------------

from hypothesis import settings  # noqa: E402

RULE_NAMES = ("follow suit", "heart-lead ban", "must win with a trump")  # the names Barbu's contracts list
KEEPS = ("card.suit == led_suit", "card.suit != H", "card.suit == trump and wins_trick(card)",
         "wins_trick(card)", "card.rank != Q", "card.suit == led_suit and card.rank != 2")
WHENS = (None, "leading", "not leading", "count(trick) == 1", "count(trick) >= 2", "tricks_won < 2")


@settings(max_examples=20, deadline=None)
@given(hst.lists(hst.tuples(hst.sampled_from(WHENS), hst.sampled_from(KEEPS)), min_size=3, max_size=3),
       hst.integers(0, 3))
def test_any_cascade_plays_in_the_loop_what_it_plays_move_by_move(tmp_path_factory, rules, seed):
    """Barbu's three play rules, each given any condition and any restriction: the card-by-card
    loop and the closures play the same game (on lead or not, at every place of a trick, with
    rules that read the trick, its winner or the seat's own tricks)."""
    text = (ROOT / "specs" / "barbu" / "barbu.yaml").read_text()
    start, end = text.index("play_rules:\n"), text.index("\ncontracts:\n")
    block = ["play_rules:"]
    for name, (when, keep) in zip(RULE_NAMES, rules):
        block += [f"  {name}:", f"    description: {name}"]
        block += [f"    when: {when}"] if when else []
        block += [f"    keep: {keep}"]
    spec = tmp_path_factory.mktemp("cascade") / "barbu.yaml"
    spec.write_text(text[:start] + "\n".join(block) + "\n" + text[end:])
    fast, reference = load_game(spec), load_game(spec, generated=False)
    assert any("c3 = c" in p.source for p in generated_phases(fast))
    assert played(fast, seed, "playout") == played(reference, seed, "api")


def four_seats_of_four_ranks(extra: str):
    """(the compiler, the game, a state with seat 0 as the player) of four seats playing a pack of
    four suits of A K Q J, with `extra` in the pack (its extra cards, what jokers are)."""
    from interpreter.compile.game import Compiler
    from interpreter.load.pipeline import resolve

    text = f"""game: T
seats: [N, E, S, W]
pack:
  suits: [S, H, D, C]
  ranks: [A, K, Q, J]
  {extra}
phases:
  deal: {{hand_size: 4}}
  play:
  score:
contracts:
  game:
    score: 0
match: {{deals: 1}}
"""
    compiler = Compiler(resolve("t.yaml", text=text))
    game = compiler.compile()
    st = game.new_state(1)
    st.player = 0
    return compiler, game, st


def test_a_jokers_suit_is_read_from_the_state_inline_and_follows_the_trump():
    """With jokers that are trumps, a card's suit is the state's table for the trump (`st.suit`);
    generated code reads it in place, without a call, and a joker of no suit (no trump made) is
    none there too, as the closure says."""
    compiler, game, st = four_seats_of_four_ranks("extra: [BJ, LJ]\n  jokers: trumps")
    st.hands[0] = [game.pack.parse(c) for c in "BJ LJ AS KH QD JC".split()]
    for source, counts in (("count(c in hand where c.suit == trump)", (3, 3, 2)),  # (none == none)
                           ("count(c in hand where c.suit == none)", (0, 0, 2))):
        compiled = compile_expr(source, compiler.scope)
        fn, generated = compile_expression(compiled.node)
        assert "[st.suit[x0] + 1]" in generated and "_get" not in generated, generated
        for trump, count in zip((0, 1, None), counts):
            st.set_trump(trump)
            assert fn(st) == compiled.fn(st) == count, (source, trump)


def test_a_tricks_fields_are_read_in_place_as_their_getters_read_them():
    """A finished trick is a tuple of its fields by place (interpreter/core/results.py): generated code
    reads `t.winner`, `t.leader`, `t.number` and `t.cards` as items of it, without a call, and gets
    what the getters give, for every trick of a played deal and every seat."""
    from interpreter.core.results import Trick

    compiler, game, st = four_seats_of_four_ranks("")
    st.tricks = [Trick.of(1, 2, (5, 1, 9, 13), (2, 3, 0, 1), 3, 1), Trick.of(2, 3, (0, 4, 8, 12), (3, 0, 1, 2), 0, 0)]
    for source in ("count(t in tricks where t.winner == player and t.leader != player)",
                   "sum(t.number * count(t.cards) for t in tricks where t.cards[2].order > 1)",
                   "sum(c.order for c in tricks[-1].cards) + (if tricks[1].winner == player then 100 else 0)"):
        compiled = compile_expr(source, compiler.scope)
        fn, generated = compile_expression(compiled.node)
        getters = {id(a.get) for a in compiler.scope.attrs["trick"].values()}
        assert not any(id(v) in getters for v in fn.__globals__.values()), generated  # (none is called)
        assert "[3]" in generated or "[5:]" in generated, generated
        for p in range(4):
            st.player = p
            assert fn(st) == compiled.fn(st), (source, p)


def test_a_seats_own_lists_and_counts_are_read_in_place_as_their_functions_read_them():
    """`won_by(p)`, `hand_of(p)`, `tricks_won_by(p)`, `total_of(p)`: a seat's field of the state,
    read by generated code as `st.FIELD[p]` without a call, giving what the engine's function gives
    for every seat; a seat that is none fails alike in both."""
    compiler, game, st = four_seats_of_four_ranks("")
    st.won = [[0, 5], [], [9, 2, 7], [13]]
    st.tricks_won, st.totals = [2, 0, 3, 1], [10, -4, 0, 7]
    for source, fields in (("sum(count(won_by(p)) + tricks_won_by(p) for p in seats where total_of(p) >= 0)",
                            ("st.won[x0]", "st.tricks_won[x0]", "st.totals[x0]")),
                           ("count(c in hand_of(left(player)) where c.suit == S) + count(won_by(player))",
                            ("st.hands[", "st.won[st.player]"))):
        compiled = compile_expr(source, compiler.scope)
        fn, generated = compile_expression(compiled.node)
        funcs = {id(compiler.scope.funcs[name].impl) for name in ("won_by", "hand_of", "tricks_won_by", "total_of")}
        assert not any(id(v) in funcs for v in fn.__globals__.values()), generated  # (none is called)
        assert all(field in generated for field in fields), generated
        for p in range(4):
            st.player = p
            assert fn(st) == compiled.fn(st), (source, p)
    compiled = compile_expr("count(won_by(declarer))", compiler.scope)
    fn, _ = compile_expression(compiled.node)
    st.declarer = None
    for run in (compiled.fn, fn):
        with pytest.raises(TypeError):
            run(st)


def test_an_item_at_a_fixed_place_is_read_in_place_and_a_place_out_of_range_fails_as_the_closure_fails():
    """`tricks[-1]`, `trick[2]`: a list the state holds, at a whole number, is read in place when it is
    long enough; when it is not, the checker's call says what is wrong and where, as the closure does.
    The same item asked at several places is one value, read where first needed."""
    from interpreter.core.results import Trick

    compiler, game, st = four_seats_of_four_ranks("")
    source = "if tricks[-1].winner == player or tricks[-1].leader == player then tricks[-1].number + trick[2].order else 0"
    compiled = compile_expr(source, compiler.scope)
    fn, generated = compile_expression(compiled.node)
    assert "st.tricks[-1] if len(st.tricks) >= 1 else" in generated and generated.count(" = _unset") == 1, generated
    st.tricks = [Trick.of(1, 2, (5, 1, 9, 13), (2, 3, 0, 1), 3, 1)]
    for p, trick in ((3, [0, 4]), (1, [0]), (2, [0])):
        st.player, st.trick_cards = p, trick
        outcomes = []
        for run in (compiled.fn, fn):
            try:
                outcomes.append(run(st))
            except ExprError as e:
                outcomes.append((e.message, e.line, e.column))
        assert outcomes[0] == outcomes[1], (p, trick, outcomes)
    assert isinstance(outcomes[0], tuple) and outcomes[0][2] == source.index("trick[2]") + 7  # (the index, `2`)


def test_a_suit_in_the_players_hand_is_found_by_bisection_as_the_walk_finds_it():
    """`any(c in hand where c.suit == v)` and `count(...)`: a hand is kept sorted, and a suit's cards
    are one run of card numbers, so generated code finds them by bisection instead of walking the
    hand, and a loop whose condition begins with the suit walks that suit's slice only; the answers
    are the walk's for every hand and value (a suit, none for a joker's suit, a loop's suit)."""
    compiler, game, st = four_seats_of_four_ranks("extra: [JK]")
    rng = random.Random(7)
    every = list(range(len(game.pack.names)))
    sources = [f"{aggregate}(c in hand where c.suit == {value})"  # by bisection alone, no walk
               for value in ("S", "H", "C", "none", "trump") for aggregate in ("any", "count")]
    narrowed = ["any(c in hand where c.suit == H and c.rank == K)", "count(c in hand where trump == c.suit and c.rank != A)",
                "filter(c in hand where c.suit == trump and c.rank != Q)", "sum(c.order for c in hand where c.suit == D)",
                "max(c.order for c in hand where c.suit == S and c.rank != K)", "all(c.rank == A for c in hand where c.suit == C)",
                "count(s in suits where any(c in hand where c.suit == s and c.rank == A))",
                "count(s in suits where count(c in hand where c.suit == s) == 2)"]
    walked = ["all(c in hand where c.suit == S)", "any(c in hand where c.rank == A and c.suit == S)",
              "count(c in won where c.suit == S)"]
    for source in sources + narrowed + walked:
        compiled = compile_expr(source, compiler.scope)
        fn, generated = compile_expression(compiled.node)
        assert ("_fn" in generated) == (source not in walked), generated
        assert ("for x0 in" not in generated) == (source in sources), generated
        for _ in range(40):
            st.hands[0] = sorted(rng.sample(every, rng.randrange(len(every) + 1)))
            st.won[0] = rng.sample(every, 3)
            st.set_trump(rng.choice([None, 0, 3]))
            assert fn(st) == compiled.fn(st), (source, st.hands[0])


@pytest.mark.parametrize("keep", ["card.suit == led_suit or card == AS", "card == 2C or card.suit == led_suit",
                                  "card.suit == led_suit or card == QH", "card.suit == trump or card == 7D",
                                  "card == QH or card.suit == led_suit and card.rank != Q",
                                  "card.suit == led_suit and card.rank != 2 and card.rank != A or card == 2C",
                                  "card.suit == led_suit or card.suit == trump", "card.suit == trump or card.suit == led_suit",
                                  "card.suit == led_suit and card.rank != A or card.suit == trump"])
def test_a_suit_or_one_card_is_kept_as_the_suits_slice_and_the_card_where_it_falls(tmp_path, keep):
    """`card.suit == led_suit [and more] or card == K` (either way round): the slice of the suit, found by
    bisection in the sorted candidates, narrowed by the further conjuncts, and K where it falls (the first
    card of the pack, the last, one of the suit itself, kept even where the rest would drop it, one of a
    suit between); `... or card.suit == trump`: the trumps' slice before or after it (none without a
    trump; one slice when trumps are led): the legal lists of the closures at every move, the cards the
    hand's own."""
    fast, reference = barbu_with(tmp_path, "    keep: card.suit == led_suit\n", f"    keep: {keep}\n")
    assert any("cands[j]" in p.source or "s = cands[" in p.source for p in generated_phases(fast))
    plain = load_game(ROOT / "specs" / "barbu" / "barbu.yaml")  # (whose follow suit is one slice, no call)
    def legal_calls(game):  # (the legal list's; a playout's hands are grouped, and it calls the keep)
        return [p.source.split("\ndef ", 1)[0].count("(st, cands)") for p in generated_phases(game)]
    assert legal_calls(fast) == legal_calls(plain)  # (the keep's closure is not called)
    for seed in range(3):
        assert played(fast, seed, "api") == played(reference, seed, "api")
    st = fast.new_state(5)
    while not st.is_terminal:
        legal = st.legal_actions()
        assert all(any(c is h for h in st.hands[st.current]) for c in legal if isinstance(c, int)), legal
        st.apply(legal[len(st.history) % len(legal)])


def test_a_rule_that_holds_only_on_lead_or_only_not_is_not_asked_where_it_cannot_hold():
    """A rule's `when` that begins `leading and ...` or `not leading and ...` (read from its parse
    tree, not its text) is left out of the generated legal list where it cannot hold; any other
    condition is asked on both; the legal lists are the closures' at every move."""
    from interpreter.compile.play import _lead
    from interpreter.phases.tricks import When

    assert [_lead(w) for w in ("not leading and led_suit != trump", "leading and  trick_number == 1",
                               "not leading", "not leading and trump == H or leading", "trump == H and leading",
                               "not (leading and trump == H)")] == [False, True, None, None, None, None]
    text = """game: T
seats: [N, E, S, W]
pack:
  suits: [S, H, D, C]
  ranks: [A, K, Q, J, T, 9]
phases:
  deal: {hand_size: 6}
  play:
  score:
play:
  leader: left(dealer)
  trump: H
  rules: [follow, ruff, open, either]
play_rules:
  follow:
    when: not leading
    keep: card.suit == led_suit
  ruff:
    when: not leading and led_suit != trump
    keep: card.suit == trump
  open:
    when: leading and trick_number == 1
    keep: card.suit != trump
  either:
    when: trick_number > 4 and not leading or leading and trick_number == 5
    keep: card.rank != A
contracts:
  game:
    score: tricks_won
match: {deals: 3}
"""
    fast, reference = load_game("t.yaml", text=text), load_game("t.yaml", text=text, generated=False)
    (prog,) = generated_phases(fast)
    legal = prog.source.split("def playout")[0]
    asks = {lead: {id(w) for w in whens} for lead, whens in prog.legal.asks.items()}  # (as the generator wrote them)
    asked = {r.name: (id(r.when) in asks[True], id(r.when) in asks[False])
             for r in prog.rules if r.when is not None and r.mode == When.IF}
    assert asked == {"ruff": (False, True), "open": (True, False), "either": (True, True)}, legal
    for seed in range(20):
        a, b, rng = fast.new_state(seed), reference.new_state(seed), random.Random(seed)
        while not a.is_terminal:
            assert a.legal_actions() == b.legal_actions()
            move = rng.choice(a.legal_actions())
            a.apply(move)
            b.apply(b.find_action(str(move.name)))
        assert a.totals == b.totals

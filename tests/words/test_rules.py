"""`cardspec rules`: every shipped spec told as a rulebook, variants as what they change; and, on
small specs, the whole book of a plain game and each thing it tells as the spec says it (a trump,
a declarer, a contract's condition, an exchange, a card passed, the declarations, a word said)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from interpreter.compile.game import load_game
from interpreter.load.catalog import lookup
from interpreter.load.pipeline import resolve
from interpreter.words.rulebook import Words, rules, rules_diff
from tests.commands.test_cli import cli
from tests.helpers import option_values, with_requirements
from tests.players.test_knowledge import ACE, EXPOSED
from tests.words.test_show_and_diff import BASE

ROOT = Path(__file__).resolve().parents[2]
SPECS = sorted((ROOT / "specs").rglob("*.yaml"))
BARBU = ROOT / "specs" / "barbu" / "barbu.yaml"
PARLETT = ROOT / "specs" / "barbu" / "parlett.yaml"
RUBICON = ROOT / "specs" / "piquet" / "rubicon.yaml"


def flat(text) -> str:
    return " ".join(str(text).split())


def assert_complete(book: str, data: dict) -> None:
    """The book names every phase, contract, play rule (by its description) and option of `data`."""
    low = flat(book).lower()
    assert flat(data["title"]) in book
    for key in data.get("phases") or {}:
        assert re.search(rf"^\d+\. {re.escape(key.replace('_', ' '))}\b", book, re.I | re.M), key
    for key, c in (data.get("contracts") or {}).items():
        assert flat(c.get("name", key)).lower() in low, key
    for name, r in (data.get("play_rules") or {}).items():
        assert name.lower() in low, name
        if (r or {}).get("description"):
            assert flat(r["description"]).lower() in low, name
    for name, o in (data.get("options") or {}).items():
        assert f"- {name}: {flat(o['description'])}" in flat(book).replace("\n", " "), name
    for name, f in (data.get("functions") or {}).items():
        if (f or {}).get("description"):
            assert flat(f["description"]).lower() in low, name


@pytest.mark.parametrize("spec", SPECS, ids=lambda p: p.relative_to(ROOT / "specs").as_posix())
def test_every_shipped_spec_has_a_complete_rulebook(spec):
    code, out, err = cli("rules", spec)
    assert (code, err) == (0, "")
    assert_complete(out, resolve(spec).data)


def settings():
    out = []
    for spec in SPECS:
        declared = resolve(spec).data.get("options") or {}
        rel = spec.relative_to(ROOT / "specs").as_posix()
        for name, value in option_values(declared):
            out.append(pytest.param(spec, with_requirements(declared, {name: value}), id=f"{rel}:{name}={value}"))
    return out


@pytest.mark.parametrize("spec, chosen", settings())
def test_every_option_value_has_a_complete_rulebook_that_differs(spec, chosen):
    book = rules(spec, chosen)
    assert_complete(book, resolve(spec, chosen).data)
    said = [ln for ln in book.split("\n") if ln.startswith("With the options ")]
    assert len(said) == 1
    name, value = next(iter(chosen.items()))  # the option under test (then what it requires)
    assert f"{name} = {value}" in said[0]
    default = rules(spec).split("\n")
    changed = [ln for ln in book.split("\n") if ln not in default and not ln.startswith("With the options")]
    assert changed, "the option changes nothing the rulebook says"


def test_barbu_rulebook_reads_like_the_rules():
    book = rules(BARBU)
    for line in [
        "Four players, seated clockwise: A, B, C and D.",
        "52 cards: the spades, hearts, diamonds and clubs, each ranked from high to low A K Q J T 9 8 7 6 5 4 3 2 "
        "(ace high).",
        "After each deal, the next dealer is the player to the dealer's left.",
        "The declarer of each deal is the dealer.",
        "   Deal each player 13 cards, one at a time, starting with the player to the dealer's left.",
        "   Each player names each contract once in a game.",
        "   The declarer announces: in Trumps, the trump suit; in Dominoes, the start rank.",
        "   A player may double another when the player is not the declarer or the other player has doubled the "
        "player.",
        "- Heart-lead ban: a heart may be led only from a hand of hearts alone.",
        "  Each player scores -6 times the number of the cards he won whose rank is queen.",
        "  Each player scores -20 if the king of hearts is among the cards he won, otherwise 0.",
        "  Each player scores (45, 20, 5 or -5 for his place in going out 1, 2, 3 or 4) if his place in going out is "
        "at least 1, otherwise 0.",
        "A game is 28 deals (the number of the contracts times the number of players).",
        "The players' totals add up to 0.",
        "    Values: false, true; default false.",
    ]:
        assert line in book.split("\n"), line
    assert [ln for ln in book.split("\n") if re.match(r"\d\. ", ln)] == [
        "1. Deal", "2. Choose contract", "3. Announce", "4. Double", "5. Play", "6. Score"]


def test_rubicon_rulebook_tells_the_exchange_and_the_declarations():
    book = rules(RUBICON)
    for line in [
        "Two players, seated clockwise: A and B.",
        "Card points: ace 11, king 10, queen 10, jack 10, ten 10, nine 9, eight 8, seven 7.",
        "   Deal each player 12 cards, in packets of 2, starting with elder.",
        "   The other 8 cards are the talon.",
        "   Elder discards cards face down, one by one: at least 1 and at most 5 (never more than the talon holds); "
        "then he draws as many from the top of the talon.",
        "   Younger discards cards face down, one by one: at least 0 and at most 8 - the number of cards elder "
        "exchanged (never more than the talon holds); then he draws as many from the top of the talon.",
        "   Only if what younger scored in declarations is 0; otherwise this step is skipped.",
        "     He says its size and its pips, one part at a time while the declarations are equal.",
        '   The second player answers each declaration: "good" when hers is worse, "not good" when hers is better '
        'and "equal" when hers is equal.',
        "- elder: the non-dealer",
        "    = the player to the dealer's left",
    ]:
        assert line in book.split("\n"), line
    assert rules(RUBICON, {"deal": "threes"}).count("in packets of 3, starting with elder") == 1


def test_spades_rulebook_tells_numbers_only_calls_before_looking_and_passing():
    spades = ROOT / "specs" / "spades"
    book = rules(spades / "spades.yaml").split("\n")
    for line in [
        "   From the player to the dealer's left, each player in turn makes one call: a number of tricks from 0 "
        "to 13. No call needs to beat an earlier one.",
        "   Nobody may pass.",
        '   Before looking at his cards, a player may call blind_nil when "may bid blind nil" of the player; '
        "he looks at them at his turn, or else after the calls.",
        "   Each player for whom `call(player) == blind_nil` passes 2 cards face down to the player's partner; "
        "all choose at once, and the cards are received when everybody has chosen.",
        "Trumps: spades.",
    ]:
        assert line in book, line
    assert "   Nobody may call blind_nil (a call made before looking at one's cards)." in \
        rules(spades / "no-blind-nil.yaml").split("\n")
    assert "   Each player passes 3 cards face down to the player's partner; all choose at once, and the cards are " \
        "received when everybody has chosen." in rules(spades / "partner-pass.yaml").split("\n")


def test_an_option_is_told_as_configured():
    plain, stopped = rules(BARBU), rules(BARBU, {"early_stop": "true"})
    line = "  Play stops early, after a trick, once the king of hearts is among the cards played so far."
    assert line in stopped.split("\n") and line not in plain
    assert "With the options early_stop = true." in stopped and "With the options" not in plain
    assert "- early_stop: No Queens ends with the fourth queen, No King of Hearts with the king of hearts." in stopped
    assert "    Values: false, true; default false; here true." in stopped.split("\n")


def test_diff_of_parlett_says_only_what_changes():
    out = rules_diff(BARBU, PARLETT)
    assert out.split("\n") == [
        "Barbu (Blue Club rules)  ->  Barbu (Parlett's rules)",
        "",
        "Dealer and declarer",
        "-------------------",
        "was: The declarer of each deal is the dealer.",
        "now: The declarer of each deal is the player to the dealer's left.",
        "",
        "A deal, step by step",
        "--------------------",
        "~ changed: Announce",
        "    was: The declarer announces: in Trumps, the trump suit; in Dominoes, the start rank.",
        "    now: The declarer announces: in Trumps, the trump suit.",
        "- gone: Double",
        "        Each player in turn, from the player to the declarer's left, may double any of the players he is "
        "allowed to, or pass.",
        "        A player may double another when the player is not the declarer or the other player has doubled the "
        "player.",
        "        Doubles are settled between each two players: for each double between them, the one with the lower "
        "score in the deal pays the other the difference of their scores.",
        "",
        "Contracts",
        "---------",
        "~ changed: Trumps.",
        "    was: The rules of play that apply: follow suit, then must win with a trump.",
        "    now: The rules of play that apply: follow suit.",
        "~ changed: Dominoes.",
        "    was: The declarer announces the start rank.",
        "    was: Each suit is begun with the card of the start rank.",
        "    was: A player who can play must; one who cannot passes and shows his hand.",
        "    now: Each suit is begun with the card of the rank of the first card played (the first player may play "
        "any card).",
        "    now: A player who can play must; one who cannot passes.",
        "",
        "Options",
        "-------",
        "- gone: compulsory_doubles: everybody must double each declarer at least twice over the contracts he names.",
        "          Values: false, true; default false.",
        "- gone: positive_double_declarer_only: in Trumps and Dominoes only the declarer may be doubled.",
        "          Values: false, true; default false.",
    ]
    for unchanged in ("No Tricks", "No Queens", "No Last Two", "No Hearts", "No King of Hearts", "The pack"):
        assert unchanged not in out


def test_diff_through_the_command_line_and_with_an_option():
    code, out, err = cli("rules", "--diff", BARBU, PARLETT, "--option", "early_stop=true")
    assert (code, err) == (0, "")
    assert "    now: Play stops early, after a trick, once the king of hearts is among the cards played so far." \
        in out.split("\n")
    assert "now: With the options early_stop = true." in out.split("\n")
    code, out, err = cli("rules", "--diff", BARBU, BARBU)
    assert out == "Barbu (Blue Club rules)  ->  Barbu (Blue Club rules)\n(the rules are the same)\n"


def test_diff_names_added_contracts_and_terms():
    out = rules_diff(BARBU, ROOT / "specs" / "barbu" / "ravage-city.yaml")
    assert "+ new: Ravage City." in out.split("\n")
    assert "No Queens" not in out


@pytest.mark.parametrize("argv, code, message", [
    (["rules"], 2, "cardspec rules: needs a spec: cardspec rules SPEC\n"),
    (["rules", BARBU, PARLETT], 2, "cardspec rules: takes one spec, got 2; to compare a variant with its base: "
                                   "cardspec rules --diff BASE VARIANT\n"),
    (["rules", "--diff", BARBU], 2, "cardspec rules: --diff needs two specs, BASE and VARIANT; got 1\n"),
    (["rules", BARBU, "--option", "early_stop"], 2, "cardspec rules: --option takes NAME=VALUE, not `early_stop`\n"),
    (["rules", "--bogus", BARBU], 2, "cardspec: unrecognized arguments: --bogus\nTry `cardspec --help`.\n"),
    (["rules", "nope.yaml"], 3, "nope.yaml: file not found\n1 error(s)\n"),
    (["rules", BARBU, "-o", "nosuch=1"], 3, f"{BARBU}: unknown option `nosuch`; the options of this spec are "
                                            "`declarer_blocks`, `compulsory_doubles`, "
                                            "`positive_double_declarer_only` or `early_stop`\n1 error(s)\n"),
    (["rules", "--diff", BARBU, PARLETT, "-o", "early_stop=maybe"], 3,
     f"{PARLETT}: option `early_stop` cannot be `maybe`; choose `false` or `true`\n1 error(s)\n"),
])
def test_bad_arguments_get_a_clear_answer(argv, code, message):
    got, out, err = cli(*argv)
    assert (got, out, err) == (code, "", message)


WORDS = Words({"elder", "cards_this_deal", "points_of", "repique", "board", "wins"})


@pytest.mark.parametrize("source, words", [
    ("left(dealer)", "the player to the dealer's left"),
    ("next(left(dealer))", "the player after the player to the dealer's left"),
    ("partner(player)", "the player's partner"),
    ("-6 * count(c in won where c.rank == Q)", "-6 times the number of the cards he won whose rank is queen"),
    ("count(c in cards where c.rank in [K, Q, J]) == 0",
     "(the number of the cards whose rank is one of king, queen or jack) is 0"),
    ("if KH in won then -20 else 0", "-20 if the king of hearts is among the cards he won, otherwise 0"),
    ("[45, 20, 5, -5][place]", "45, 20, 5 or -5 for his place in going out 1, 2, 3 or 4"),
    ("(if tricks[-2].winner == player then -10 else 0) + 1",
     "(-10 if the winner of the second-to-last trick is the player, otherwise 0) + 1"),
    ("a - b - c", "`a - b - c`"),  # names the spec does not define are shown as written
    ("max([call(player), 0]) + count(q in callers where call(q) == board)",
     "(the higher of the player's call and 0) + the number of the players who called whose call is board"),
    ("sum((if t.leader == player then 1 else 2) for t in tricks where t.winner == player)",
     "the sum of (1 if the leader of that trick is the player, otherwise 2) for each trick of the tricks whose winner "
     "is the player"),
    ("max(wins(s) for s in seats) >= 3", "the highest wins of the players is at least 3"),
    ("if elder == dealer then (if player == dealer then 1 else 2) else 3",
     "(1 if the player is the dealer, otherwise 2) if elder is the dealer, otherwise 3"),
    ("tricks_won - (dealt - 1)", "the tricks he won - (the number of cards dealt to each - 1)"),
    ("dealt - 1 - tricks_won", "the number of cards dealt to each - 1 - the tricks he won"),
    ("trump != none and not leading", "there is a trump suit and he is not on lead"),
    ("max(total_of(s) for s in seats) >= 500", "the highest game total of the players is at least 500"),
    ("sum(c.points for c in won_by(player))", "the total points of the cards the player won"),
    ("not repique(player) or (elder == dealer and true)",
     "not repique of the player or (elder is the dealer and true)"),
    ("points_of(elder)", "points of elder"),
    ("cards_this_deal + 1", '"cards this deal" + 1'),
    ("card_of_suit(7, trump)", "the 7 of the trump suit"),
    ("BJ in hand or 10H in played", "the big joker is among the cards in his hand or the ten of hearts is among the "
                                    "cards played so far"),
    ("true", "always"),
    ("x(", "`x(`"),
])
def test_expressions_in_words(source, words):
    assert WORDS.cond(source) == words


def test_the_commands_page_excerpt_is_what_the_command_prints():
    readme = (ROOT / "docs" / "commands.md").read_text(encoding="utf-8")
    block = readme.split("`cardspec rules specs/barbu/barbu.yaml` prints (an excerpt):", 1)[1]
    lines = block.split("```", 2)[1].strip("\n").split("\n")
    book = rules(BARBU).split("\n")
    assert len(lines) >= 10
    for ln in lines:
        assert ln == "..." or ln in book, ln


def test_compiled_game_and_book_agree_on_the_number_of_deals():
    for spec in (BARBU, ROOT / "specs" / "barbu" / "bustarret.yaml"):
        n = load_game(spec).deals(load_game(spec).new_state(0))
        assert f"A game is {n} deals" in rules(spec)


BACK_ALLEY = ROOT / "specs" / "back-alley" / "partnership.yaml"
KLABERJASS = ROOT / "specs" / "klaberjass" / "klaberjass.yaml"


@pytest.mark.parametrize("spec, chosen, line", [
    (RUBICON, {"strict_blanche": "true"}, "   Younger draws from the talon as many cards as he discarded."),
    (RUBICON, {"strict_blanche": "true"}, "   Elder shows the carte blanche he declared earlier."),
    (RUBICON, {"strict_blanche": "true"}, "   Younger discards cards face down, one by one: at least 0 and at most 8 - "
                                          "the exchange announced (never more than the talon holds); he draws them "
                                          "later."),
    (RUBICON, {"elder_views_rest": "true"}, "   If he took fewer than 5, he may look at the talon cards he left."),
    (RUBICON, {"expose_after_lead": "true"}, "   They are turned face up only once the number of the cards played so "
                                             "far is more than 0."),
    (KLABERJASS, {}, "   Then the bottom card of the talon is turned face up: shown to all, never played."),
    (KLABERJASS, {"schmeiss": "true"}, "   In the first round a player may instead say schmeiss: the next player "
                                       "accepts (the deal is thrown in) or refuses (the one who said it is maker with "
                                       "the turned-up suit)."),
    (KLABERJASS, {"elder_wins_tie": "true"}, "     The player with the best scores every combination he declared; the "
                                             "other scores none (equal best: the first to declare wins)."),
    (KLABERJASS, {"split_runs": "true"}, "     A run longer than six counts as two: its top 4 cards and the rest."),
    (KLABERJASS, {}, 'A player may say "bella" as he plays a card, only with the second of your king and queen of '
                     'trumps.'),
    (BACK_ALLEY, {"blind_seven": "true", "blind_burn": "true"},
     '   If "blind deal": a joker turned up goes to the bottom of the undealt cards and the next card is turned '
     '(jokers dealt stay in the hands).'),
    (BACK_ALLEY, {"double_board_after": "true"}, "   From the player to the dealer's left, each player who may add an "
                                                 "announcement to his call may do so now, or pass."),
    (BACK_ALLEY, {}, "Partnerships: N and S against E and W; partners sit opposite."),
    (BACK_ALLEY, {}, "The jokers are always trumps, of whatever suit is trump (with no trump suit, they belong to no "
                     "suit)."),
    (BARBU, {"compulsory_doubles": "true"}, "   He must double another when the player is not the declarer and the "
                                            "other player is the declarer and 2 - the number of earlier deals in "
                                            "which the player doubled the declarer as declarer is at least the "
                                            "number of the contracts - the number of contracts the declarer has "
                                            "named + 1."),
    (ROOT / "specs" / "piquet" / "au-cent.yaml", {"best_of_five": "true"},
     "Games are played one after another, each from 0, until the highest wins of the players is at least 3."),
    (ROOT / "specs" / "briscola-chiamata" / "five.yaml", {}, "The declarer of each deal is the winner of the "
                                                             "auction."),
    (ROOT / "specs" / "briscola-chiamata" / "five.yaml", {}, "Play goes counterclockwise: each turn passes to the "
                                                             "right."),
    (ROOT / "specs" / "briscola-chiamata" / "five.yaml", {}, "   The bids, from the weakest to the strongest: ace, "
                                                             "three, king, queen, jack, seven, six, five, four, two."),
    (ROOT / "specs" / "briscola-chiamata" / "five.yaml", {"fixed_deals": "12"},
     'The game ends after the deal in which the number of the deal is at least "fixed deals".'),
    (ROOT / "specs" / "briscola-chiamata" / "five.yaml", {"fixed_deals": "12"},
     "    Values: off, any whole number from 1; default off; here 12."),
    (ROOT / "specs" / "back-alley" / "original.yaml", {}, "The 2 of diamonds is always a trump, whatever the trump "
                                                          "suit, and no longer a diamond."),
])
def test_each_kind_of_step_and_setting_is_told(spec, chosen, line):
    assert line.strip() in [ln.strip() for ln in rules(spec, chosen).split("\n")]


MINI = """\
game: Mini
title: Mini
seats: [A, B]
pack: {suits: [S, H], ranks: [A, K, Q, J]}
declarer: left(dealer)
phases:
  deal: {hand_size: 3}
  meld:
    kind: declare
    categories:
      flush: {key: count(cards), score: count(cards)}
  talon:
    kind: expose
  play:
  score:
play: {leader: declarer}
contracts:
  only: {name: Only, score: tricks_won}
match: {deals: 2}
"""


def test_keys_left_out_are_told_with_the_engines_defaults(tmp_path):
    spec = tmp_path / "mini.yaml"
    spec.write_text(MINI, encoding="utf-8")
    book = [ln.strip() for ln in rules(spec).split("\n")]
    for line in [
        "The first dealer is chosen at random.",
        "After each deal, the next dealer is the player to the dealer's left.",
        "Deal each player 3 cards, one at a time, starting with the player to the dealer's left.",
        "The other 2 cards are the talon.",
        "From the declarer, each player in turn declares, category by category.",
        "Flush:",
        "A combination is each suit he holds.",
        "He declares any of his combinations.",
        "He says its size.",
        "The dealer may turn the cards left in the talon face up, or leave them hidden; they take no further part.",
        "Each player plays one card to a trick; the highest card of the suit led wins it (there are no trumps).",
        "Any card may be played, unless a contract says otherwise.",
        "A game is 2 deals.",
        "Each player's result is his total.",
    ]:
        assert line in book, line
    assert "Options" not in book and "Rules of play" not in book


PLAIN = """Base
====

About
-----
The game of t.

Players
-------
Three players, seated clockwise: X, Y and Z.
Play goes clockwise: each turn passes to the left.
Each plays for himself.

The pack
--------
12 cards: the spades, hearts and diamonds, each ranked from high to low A K Q J (ace high).

Dealer and declarer
-------------------
The first dealer is chosen at random.
After each deal, the next dealer is the player to the dealer's left.

A deal, step by step
--------------------
1. Deal
   Deal each player 4 cards, one at a time, starting with the player to the dealer's left.
2. Play
   The cards are played: see Play, and each contract.
3. Score
   Each player scores the deal as the contract says: see Contracts.

Play
----
The player after the dealer leads to the first trick; the winner of a trick leads to the next.
Each player plays one card to a trick; the highest card of the suit led wins it (there are no trumps).
The rules of play that apply: follow suit, then overtrump.

Rules of play
-------------
- Follow suit: play a card of the suit led if you have one.
- Overtrump: beat the trick if you can.
A contract says which of these rules apply, in order; each keeps only the cards it allows, unless that would \
leave none, in which case it does not apply.

Contracts
---------
game.
Each player scores the tricks he won.

End of the game
---------------
A game is 3 deals.
Each player's result is his total.

Options
-------
short: two deals.
  Values: false, true; default false."""


def book_of(tmp_path, text):
    (tmp_path / "t.yaml").write_text(text)
    return rules(tmp_path / "t.yaml", {})


def test_a_plain_spec_is_told_word_for_word_as_a_whole_book(tmp_path):
    assert book_of(tmp_path, BASE) == PLAIN


def test_a_trump_set_by_the_play_is_told(tmp_path):
    text = book_of(tmp_path, BASE.replace("play:\n  leader: next(dealer)", "play:\n  trump: H\n  leader: next(dealer)"))
    assert "Each player plays one card to a trick; the highest trump wins it, otherwise the highest card of the " \
           "suit led.\nTrumps: hearts.\n" in text


def test_a_declarer_the_rules_name_is_told_though_no_declarer_is_set(tmp_path):
    text = book_of(tmp_path, BASE.replace("leader: next(dealer)", "leader: declarer"))
    assert "After each deal, the next dealer is the player to the dealer's left.\n" \
           "The declarer of each deal is the dealer.\n" in text
    assert "The declarer of each deal" not in book_of(tmp_path, BASE)


HEAD = "game: t\nseats: [X, Y, Z]\npack: {suits: [S, H, D], ranks: [A, K, Q, J]}\n"


def lines_of(tmp_path, text):
    return [ln.strip() for ln in book_of(tmp_path, HEAD + text).split("\n")]


def test_a_contract_with_a_condition_is_told_when_it_may_be_chosen(tmp_path):
    assert "ace may be chosen only when (the rank of that card is ace and the suit of that card is spades) for some " \
           "card of the cards in his hand." in lines_of(tmp_path, ACE)


def test_an_exchange_without_a_least_number_is_from_0(tmp_path):
    assert "The declarer discards cards face down, one by one: at least 0 and at most 1 (never more than the talon " \
           "holds); then he draws as many from the top of the talon." in \
           lines_of(tmp_path, EXPOSED.replace("min: 1, max: 1", "max: 1"))


def test_a_single_card_passed_is_told_as_one_card(tmp_path):
    text = EXPOSED.replace("  show: {kind: expose, by: declarer}\n  exchange: {by: declarer, min: 1, max: 1}\n",
                           "  passing: {kind: pass_cards, count: 1, to: left(player)}\n")
    assert "Each player passes 1 card face down to the player to the player's left; all choose at once, and the " \
           "cards are received when everybody has chosen." in lines_of(tmp_path, text)


def test_declarations_tell_their_comparison_score_and_hidden_cards():
    book_ = [ln.strip() for ln in rules(lookup("piquet/rubicon"), {}).split("\n")]
    assert "Combinations compare by 100 times the number of the cards + the total points of the cards: the higher " \
           "is the better." in book_
    assert "A combination scores 10." in book_ and "The cards stay hidden until they are shown later." not in book_
    strict = [ln.strip() for ln in rules(lookup("piquet/rubicon"), {"strict_blanche": "true"}).split("\n")]
    assert "The cards stay hidden until they are shown later." in strict


def test_a_contract_named_in_a_score_is_read_as_a_contract(tmp_path):
    text = ACE.replace("    score: 2 * tricks_won", "    score: if contract == ace then 2 * tricks_won else 0")
    assert "Each player scores 2 times the tricks he won if the contract is ace, otherwise 0." in lines_of(tmp_path, text)


def test_a_word_a_contract_lets_players_say_is_told_as_a_word_in_its_score(tmp_path):
    said = ("    play:\n      announcements:\n        shout:\n          description: with a king\n"
            "          when: card.rank == K\n    score: tricks_won + (if announced(player, shout) then 20 else 0)\n")
    text = book_of(tmp_path, BASE.replace("    score: tricks_won\n", said, 1))
    assert "Each player scores the tricks he won + (20 if the player announced shout, otherwise 0)." in text


def test_a_section_keeps_only_its_lines_with_text():
    from interpreter.words.rulebook import Book

    b = Book("T")
    b.add("Notes", "a", ["first", "", "second"])
    b.add("Empty", "b", ["", ""])
    assert b.render() == "T\n=\n\nNotes\n-----\nfirst\nsecond"


def test_help_names_the_arguments(capsys):
    code, out, err = cli("rules", "--help")
    text = out + capsys.readouterr().out
    assert code == 0
    for word in ("usage: cardspec rules", "--diff", "--option", "SPEC"):
        assert word in text, word


def test_shipped_games_are_taken_by_name_as_by_path():
    assert cli("rules", "barbu") == cli("rules", BARBU)
    assert cli("rules", "--diff", "barbu", "barbu/parlett") == cli("rules", "--diff", BARBU, PARLETT)
    code, out, err = cli("rules", "nosuch")
    assert (code, out) == (2, "")
    assert err.startswith("cardspec rules: `nosuch` is neither a file nor a shipped game")

"""`cardspec diff` and `cardspec show`: a variant's every kind of change told section by section
(a list changed, a key added or removed, a named entry added or removed, a changed contract, what
the game comes to in play), or that it changes nothing or only its title; and the resolved spec
`show` prints, the variant applied over its base, headed with its files and options."""

from __future__ import annotations

from interpreter.words.describe import diff, show
from tests.players.test_sampler import TRUMPS

BASE = "game: t\ntitle: Base\nseats: [X, Y, Z]\npack: {suits: [S, H, D], ranks: [A, K, Q, J]}\n" + \
    TRUMPS.replace("match: {deals: 1}", "match: {deals: 3}") + """options:
  short:
    description: two deals
    default: false
    choices:
      false: {}
      true: {match: {deals: 2}}
"""

VARIANT = """extends: base.yaml
title: Variant
seats: [X, Y, Z, V]
pack: {suits: [S, H, D, C], ranks: [A, K, Q, J], +trump_cards: [AS]}
play:
  leader: dealer
  -rules:
play_rules:
  -follow suit:
  -overtrump:
  +lead low:
    description: lead   your lowest card
    when: leading
    keep: card.suit == S
contracts:
  game:
    +name: The game
    score: 2 * tricks_won
match: {deals: 4}
"""


def specs(tmp_path, variant):
    (tmp_path / "base.yaml").write_text(BASE)
    (tmp_path / "variant.yaml").write_text(variant)
    return tmp_path / "base.yaml", tmp_path / "variant.yaml"


def test_every_kind_of_change_is_told_in_its_section(tmp_path):
    assert diff(*specs(tmp_path, VARIANT)).split("\n") == [
        "Base  ->  Variant",
        "", "Players", "  seats: X, Y, Z  ->  X, Y, Z, V",
        "", "Pack", "  suits: S, H, D  ->  S, H, D, C", "  + trump cards: AS",
        "", "Play (every contract)", "  leader of the first trick: next(dealer)  ->  dealer",
        "  - play rules (was follow suit, overtrump)",
        "", "Play rules", "  + new play rule `lead low`: lead your lowest card",
        "  - no play rule `follow suit`: play a card of the suit led if you have one",
        "  - no play rule `overtrump`: beat the trick if you can",
        "", "Contracts", "  The game (`game`): score: tricks_won  ->  2 * tricks_won",
        "  The game (`game`): + name: The game",
        "", "Length and end of the game", "  number of deals: 3  ->  4",
        "", "In play", "  players: 3  ->  4", "  cards in the pack: 12  ->  16", "  deals in a game: 3  ->  4"]


def test_a_variant_that_changes_nothing_or_only_its_title_is_told_so(tmp_path):
    assert diff(*specs(tmp_path, "extends: base.yaml\n")) == "Base  ->  Base\n(no differences)"
    assert diff(*specs(tmp_path, "extends: base.yaml\ntitle: Other\n")) == "Base  ->  Other\n(only the title differs)"


def test_an_option_of_the_variant_is_told_in_play_too(tmp_path):
    assert diff(*specs(tmp_path, "extends: base.yaml\n"), {"short": "true"}).split("\n") == [
        "Base  ->  Base", "", "Length and end of the game", "  number of deals: 3  ->  2",
        "", "In play", "  deals in a game: 3  ->  2"]


def test_show_names_the_files_and_the_options_chosen(tmp_path):
    base, variant = specs(tmp_path, VARIANT)
    lines = show(variant, {"short": "true"}).split("\n")
    assert lines[:3] == [f"# {variant}: resolved from {base} <- {variant}", "# options: short=true", "game: t"]
    assert "  deals: 2" in lines
    assert show(base).split("\n")[:3] == [f"# {base}: resolved from {base}", "# options: short=false", "game: t"]


def test_the_resolved_document_has_the_variant_applied_over_its_base(tmp_path):
    from interpreter.words.describe import resolved

    doc = resolved(specs(tmp_path, VARIANT)[1], {"short": "true"})
    assert (doc.data["title"], doc.data["match"], doc.data["seats"]) == ("Variant", {"deals": 2}, ["X", "Y", "Z", "V"])

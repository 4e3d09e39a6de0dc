"""Deck lists and deck files, for both rulesets: the Python types a DeckList accepts, deck
files wherever a deck name goes, every problem of a deck file, and card sets for MYTHOS."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import mitosz_core as mc
from mitosz_core.kernel.decks import parse_deck, read_deck
from mitosz_core.kernel.registry import get
from mitosz_core.kernel.state import MAX_COUNT
from tests.helpers import play_random

IMP_SET = """
[faction]
key = "chaos"
name_en = "Chaos"
name_de = "Chaos"
format = 1

[[card]]
key = "Imp"
name_en = "Imp"
name_de = "Wicht"
type = "unit"
kind = "companion"
count = 4
cost = 1
mobilize = 1
attack = 1
life = 1
text_en = "On enter: draw a card."
text_de = "Eintritt: Ziehe eine Karte."

[[card.trigger]]
type = "on_enter"
effects = [{ op = "draw", amount = 1 }]
"""


def write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


# DeckList and DeckEntry types ---------------------------------------------------------


@pytest.mark.parametrize(
    ("entry", "problem"),
    [
        (mc.DeckEntry("4", "Athenians"), "count must be an int, got str"),  # type: ignore[arg-type]
        (mc.DeckEntry(4.0, "Athenians"), "count must be an int, got float"),  # type: ignore[arg-type]
        (mc.DeckEntry(True, "Athenians"), "count must be an int, got bool"),
        (mc.DeckEntry(0, "Athenians"), "from 1 to 999, got 0"),
        (mc.DeckEntry(-3, "Athenians"), "from 1 to 999, got -3"),
        (mc.DeckEntry(10**5000, "Athenians"), "-bit number"),
        (mc.DeckEntry(4, ["Athenians"]), "card must be a key (a str), got list"),  # type: ignore[arg-type]
        (mc.DeckEntry(4, None), "card must be a key (a str), got NoneType"),  # type: ignore[arg-type]
        (mc.DeckEntry(4, "  "), "card key is empty"),
        (("4", "Athenians"), "expected a DeckEntry, got tuple"),
    ],
)
def test_a_deck_list_refuses_wrong_python_types_naming_the_deck_and_entry(
    entry: Any, problem: str
) -> None:
    good = mc.DeckEntry(1, "Zeus (high god)")
    with pytest.raises(mc.DeckError) as info:
        mc.DeckList("mine", (good, entry))
    assert info.value.deck == "mine"
    assert "entry #2" in info.value.problem and problem in info.value.problem


def test_a_deck_list_checks_its_name_and_entries_container() -> None:
    with pytest.raises(mc.DeckError, match="name must be a string"):
        mc.DeckList(None, ())  # type: ignore[arg-type]
    with pytest.raises(mc.DeckError, match="entries must be a tuple of DeckEntry, got NoneType"):
        mc.DeckList("mine", None)  # type: ignore[arg-type]
    listed = mc.DeckList("mine", [mc.DeckEntry(2, "Athenians")])  # type: ignore[arg-type]
    assert listed.entries == (mc.DeckEntry(2, "Athenians"),)
    assert hash(listed) == hash(mc.DeckList("mine", (mc.DeckEntry(2, "Athenians"),)))


@pytest.mark.parametrize("ruleset", ["mitosz", "mythos"])
@pytest.mark.parametrize(
    ("decks", "problem"),
    [
        ([None, None], "got NoneType"),
        ([4, 4], "got int"),
        ("hellenic", "one deck per player"),
        ({"a": 1}, "one deck per player"),
    ],
)
def test_new_game_refuses_decks_of_the_wrong_type(ruleset: str, decks: Any, problem: str) -> None:
    with pytest.raises(mc.DeckError, match=problem):
        mc.new_game(ruleset, seed=1, decks=decks)


def test_a_saved_state_with_a_bad_deck_entry_is_a_decode_error() -> None:
    data = json.loads(mc.new_game(seed=1).to_json())
    data["state"]["config"]["decks"][0]["entries"][0]["count"] = 0
    with pytest.raises(mc.DecodeError, match="from 1 to 999"):
        mc.State.from_json(json.dumps(data))


# deck files ---------------------------------------------------------------------------


def test_read_deck_reports_every_problem_in_line_order() -> None:
    text = (
        "4 Athenians\n"
        "four Spartans\n"
        "name: late\n"
        "4 Athenians\n"
        "3 Athenian\n"
        "Zeus\n"
        f"{'9' * 4301} Centaurs\n"
        "1000 Cyclopes\n"
    )
    deck, problems = read_deck(text, "mine.deck", get("mitosz").card_pool())
    lines = [p.problem for p in problems]
    assert [line.split(":")[0] for line in lines] == [f"line {n}" for n in range(2, 9)]
    assert "bad count 'four'" in lines[0]
    assert "name: line must come before" in lines[1]
    assert "already listed on line 1" in lines[2]
    assert "did you mean 'Athenians'" in lines[3]
    assert "expected '<count> <card key>'" in lines[4]
    assert "(4301 characters)" in lines[5] and f"from 1 to {MAX_COUNT}" in lines[5]
    assert "bad count '1000'" in lines[6]
    assert deck == mc.DeckList("mine", (mc.DeckEntry(4, "Athenians"),))


def test_parse_deck_raises_the_first_problem_and_a_deck_needs_a_card() -> None:
    with pytest.raises(mc.DeckError, match="line 2: bad count"):
        parse_deck("1 Zeus (high god)\n0 Athenians\n1 Nobody\n", "x.deck")
    with pytest.raises(mc.DeckError, match="lists no cards"):
        parse_deck("# nothing\n", "x.deck")
    assert parse_deck(f"{MAX_COUNT} Athenians\n", "x.deck").entries[0].count == MAX_COUNT


def hellenic_file(tmp_path: Path) -> Path:
    deck = get("mitosz").builtin_decks()["hellenic"]
    body = "".join(f"{e.count} {e.card}\n" for e in deck.entries)
    return write(tmp_path / "thunder.deck", f"name: Thunder\n{body}")


def test_a_mitosz_deck_file_goes_where_a_deck_name_goes(tmp_path: Path) -> None:
    path = hellenic_file(tmp_path)
    by_file = mc.new_game(seed=3, decks=[path, "celtic"])
    by_str = mc.new_game(seed=3, decks=[str(path), "celtic"])
    by_name = mc.new_game(seed=3, decks=["hellenic", "celtic"])
    assert by_file.config.decks[0].name == "Thunder"
    assert by_file == by_str
    assert by_file.config.decks[0].entries == by_name.config.decks[0].entries
    end = play_random(by_file, 3)
    assert mc.replay("mitosz", decks=[path, "celtic"], seed=3, actions=end.history) == end


def test_a_deck_file_breaking_a_rule_or_missing_is_a_deck_error(tmp_path: Path) -> None:
    short = write(tmp_path / "short.deck", "1 Zeus (high god)\n4 Athenians\n")
    with pytest.raises(mc.DeckError, match=r"5 cards, at least 60 \(rule 1.3.1\)"):
        mc.new_game(seed=1, decks=[short, "celtic"])
    with pytest.raises(mc.DeckError, match="no built-in deck of that name"):
        mc.new_game(seed=1, decks=[str(tmp_path / "none.deck"), "celtic"])
    with pytest.raises(mc.DeckError, match="cannot read the file"):
        mc.new_game(seed=1, decks=[tmp_path / "none.deck", "celtic"])
    typo = write(tmp_path / "typo.deck", "1 Zeus (high god)\n4 Athenian\n")
    with pytest.raises(mc.DeckError, match="line 2: unknown card 'Athenian'"):
        mc.new_game(seed=1, decks=[typo, "celtic"])


def test_mitosz_deck_problems_lists_every_broken_rule() -> None:
    rs = get("mitosz")
    deck = mc.DeckList(
        "bad",
        (mc.DeckEntry(5, "Athenians"), mc.DeckEntry(1, "Nobody"), mc.DeckEntry(6, "Centaurs")),
    )
    problems = [p.problem for p in rs.deck_problems(deck)]
    assert problems == [
        "unknown card 'Nobody'",
        "5 copies of 'Athenians', at most 4",
        "6 copies of 'Centaurs', at most 4",
        "0 high gods, exactly one is needed",
        "12 cards, at least 60",
    ]
    with pytest.raises(mc.DeckError, match="unknown card 'Nobody'"):
        rs.check_deck(deck)


# MYTHOS: deck files and card sets -----------------------------------------------------


def test_a_mythos_deck_file_and_card_set(tmp_path: Path) -> None:
    card_set = write(tmp_path / "imps.toml", IMP_SET)
    deck = write(tmp_path / "imps.deck", "name: Imps\n60 Cultist\n4 Imp\n")
    with pytest.raises(mc.DeckError, match="line 3: unknown card 'Imp'"):
        mc.new_game("mythos", seed=1, decks=[deck, "guardians"])
    s = mc.new_game("mythos", seed=1, decks=[deck, "guardians"], card_sets=[card_set])
    assert s.config.decks[0].name == "Imps"
    imps = [c for c in range(len(s.game.instances)) if s.game.key(c) == "Imp"]
    assert len(imps) == 4 and s.game.card(imps[0]).text_de.startswith("Eintritt")
    end = play_random(s, 1)
    assert mc.State.from_json(end.to_json()) == end
    again = mc.replay(
        "mythos", decks=[deck, "guardians"], seed=1, actions=end.history, card_sets=[card_set]
    )
    assert again == end


def test_a_mythos_card_set_may_not_reuse_a_key(tmp_path: Path) -> None:
    clash = write(tmp_path / "clash.toml", IMP_SET.replace('key = "Imp"', 'key = "Cultist"'))
    with pytest.raises(mc.CardDataError, match="also a card of the built-in chaos faction"):
        mc.new_game("mythos", seed=1, card_sets=[clash])
    with pytest.raises(mc.CardDataError, match="cannot read the file"):
        mc.new_game("mythos", seed=1, card_sets=[tmp_path / "none.toml"])


def test_mythos_deck_problems_lists_every_broken_rule() -> None:
    deck = mc.DeckList(
        "bad",
        (mc.DeckEntry(2, "Hades"), mc.DeckEntry(2, "Zeus"), mc.DeckEntry(1, "Pikachu")),
    )
    problems = [p.problem for p in get("mythos").deck_problems(deck)]
    assert problems == [
        "unknown card 'Pikachu'",
        "5 cards, a deck has 64",
        "cards of several factions (chaos, guardians)",
        "2 copies of the unique 'Hades'",
    ]

"""The built-in card pool as a whole: keyword coverage of chapters 3, 4 and 8, the decks,
the card-data tools behind the CLI, and random games with the built-in decks."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

import mitosz_core as mc
from mitosz_core.games.mitosz.carddata import BUILTIN_DECKS, BUILTIN_POOL, load_sets, tools
from mitosz_core.games.mitosz.carddata.builtin import BUILTIN_DECK_NAMES, BUILTIN_SETS, data_dir
from mitosz_core.games.mitosz.carddata.coverage import (
    FLAGS,
    RULED_SUBTYPES,
    keyword_coverage,
    keywords,
    missing,
)
from mitosz_core.games.mitosz.carddata.vocabulary import SUBTYPES
from mitosz_core.games.mitosz.cards import CardType, Mythos, linked
from mitosz_core.games.mitosz.effects.language import (
    CONDITIONS,
    EFFECTS,
    TARGETS,
    Maneuver,
    Timing,
)
from mitosz_core.games.mitosz.engine import RULESET
from mitosz_core.games.mitosz.subtypes import Subtype
from tests.mitosz.test_card_data import GOD, HEADER

SPECIAL = (CardType.INTRIGUE, CardType.FATE, CardType.MANEUVER)
"""Card types a deck should now carry some of."""
POWER_LIMIT = {CardType.PEOPLE: 3, CardType.LEADER: 1, CardType.LOCATION: 1}
"""Power stays modest so that games last; other card types give none."""


# --- keyword coverage ---------------------------------------------------------------------


def test_the_builtin_pool_misses_no_keyword() -> None:
    report = keyword_coverage(BUILTIN_POOL)
    assert missing(report) == ()
    assert set(report) == set(keywords())
    for keys in report.values():
        assert set(keys) <= set(BUILTIN_POOL)


def test_the_keywords_come_from_the_engine_tables() -> None:
    words = set(keywords())
    assert {f"type:{t.value}" for t in CardType} <= words
    assert {f"timing:{t.value}" for t in Timing} <= words
    assert {f"condition:{kind}" for kind in CONDITIONS} <= words
    assert {f"effect:{kind}" for kind in EFFECTS} <= words
    assert {f"target:{kind}" for kind in TARGETS} <= words
    assert {"number_test:n+", "number_test:n-", "number_test:n"} <= words
    assert set(FLAGS) >= {
        "permanent",
        "uses_per_turn",
        "locked",
        "counter",
        "level",
        "per",
        "steps",
    }
    assert set(FLAGS) < {f.name for f in Maneuver.__dataclass_fields__.values()}
    assert {"change_level:turn", "change_level:combat", "change_level:marker"} <= words
    assert {"grant:allow", "grant:deny"} <= words
    assert set(RULED_SUBTYPES) <= set(SUBTYPES)
    assert {"hero", "god", "calamity", "rune", "scribe", "flying"} <= set(RULED_SUBTYPES)
    assert "ruler" not in RULED_SUBTYPES


def test_chapter_8_rules_of_the_registry_are_keywords() -> None:
    registry = pytest.importorskip("mitosz_core.registry_data")
    try:
        rules = registry.load()
    except FileNotFoundError:
        pytest.skip("the rule registry is not installed")
    words = {str(r.id).split(".")[1] for r in rules if str(r.id).startswith("8.")}
    assert words & set(SUBTYPES) <= set(RULED_SUBTYPES)


def test_missing_lists_the_unused_keywords() -> None:
    hellenic = {k: c for k, c in BUILTIN_POOL.items() if c.set_symbol == "HEL"}
    report = keyword_coverage(hellenic)
    gaps = missing(report)
    assert "subtype:rune" in gaps  # the rune is germanic
    assert "type:fate" not in gaps
    assert missing({"effect:draw": ("Delphi",), "effect:steal": ()}) == ("effect:steal",)
    assert set(missing(keyword_coverage({}))) == set(keywords())


def test_each_set_exercises_the_new_card_types() -> None:
    for card_set in BUILTIN_POOL.sets:
        kinds = Counter(c.type for c in card_set.cards)
        for kind in (*SPECIAL, CardType.TROOP):
            assert kinds[kind] >= 1, (card_set.symbol, kind)
        locked_intrigues = [
            c
            for c in card_set.cards
            if c.type is CardType.INTRIGUE
            and any(m.locked and m.effect.lasting for m in c.maneuvers)
        ]
        assert len(locked_intrigues) >= 2, card_set.symbol


def test_rules_text_and_modest_power() -> None:
    for card in BUILTIN_POOL.values():
        if card.maneuvers:
            assert card.text_en and card.text_hu, card.key
        assert card.power <= POWER_LIMIT.get(card.type, 0), card.key
    numbers = Counter(c.card_number for c in BUILTIN_POOL.values())
    assert set(numbers) == set(range(10))


# --- decks --------------------------------------------------------------------------------


@pytest.mark.parametrize("name", BUILTIN_DECK_NAMES)
def test_each_builtin_deck_is_legal_and_uses_the_new_types(name: str) -> None:
    deck = BUILTIN_DECKS[name]
    RULESET.check_deck(deck)
    assert 60 <= deck.size() <= 64
    cards = [(BUILTIN_POOL[e.card], e.count) for e in deck.entries]
    assert all(n <= 4 for _, n in cards)
    gods = [c for c, n in cards for _ in range(n) if c.type is CardType.HIGH_GOD]
    assert len(gods) == 1
    special = sum(n for c, n in cards if c.type in SPECIAL)
    assert 6 <= special <= 12
    god_leader = any(c.type is CardType.LEADER and c.has_subtype(Subtype.GOD) for c, _ in cards)
    for card, _ in cards:
        if card.type is CardType.FATE:  # usable: linked to the god, or a god leader (3.7)
            assert linked(card, gods[0]) or god_leader, card.key
        for m in card.maneuvers:  # every use cost fits under the god's maxima
            assert all(a <= b for a, b in zip(m.cost, gods[0].spheres, strict=True)), card.key


# --- tools --------------------------------------------------------------------------------

FOLK = """
[[card]]
name_en = "Hill Folk"
name_hu = "Dombiak"
serial = "902"
mythos = "hellenic"
type = "people"
level = 1
power = 1
roads = [{ edge = "north", level = 2 }]
links = ["Sky"]

[[card.maneuvers]]
name = "Harvest"
timing = "rite"
effect = { type = "gain_spheres", sphere = "wealth", amount = 1 }
"""


def write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


def test_validate_sets(tmp_path: Path) -> None:
    good = write(tmp_path / "good.toml", HEADER + GOD + FOLK)
    assert tools.validate_sets([good]) == (0, "ok: 2 cards in 1 sets")
    builtin = [data_dir() / "sets" / f"{name}.toml" for name in BUILTIN_SETS]
    code, text = tools.validate_sets(builtin)
    assert (code, text) == (0, f"ok: {len(BUILTIN_POOL)} cards in 4 sets")
    # the given files only: the link to "Sky" does not resolve without the god's file
    lonely = write(tmp_path / "lonely.toml", HEADER + FOLK)
    code, text = tools.validate_sets([lonely])
    assert code == 1
    assert "'Hill Folk'" in text and "'Sky'" in text
    bad = write(tmp_path / "bad.toml", HEADER + GOD + FOLK.replace('"rite"', '"dusk"'))
    code, text = tools.validate_sets([bad])
    assert code == 1
    assert "bad.toml" in text and "maneuvers[0].timing" in text
    assert tools.validate_sets([])[0] == 2


def test_list_cards() -> None:
    code, text = tools.list_cards()
    assert code == 0
    lines = text.splitlines()
    assert lines[0].split() == ["key", "type", "mythos", "cost", "level", "power"]
    assert len(lines) == len(BUILTIN_POOL) + 1
    code, text = tools.list_cards(mythos="celtic", type="fate")
    assert code == 0
    fates = [
        c for c in BUILTIN_POOL.values() if c.mythos is Mythos.CELTIC and c.type is CardType.FATE
    ]
    assert len(text.splitlines()) == len(fates) + 1
    row = next(line for line in tools.list_cards(type="item")[1].splitlines() if "Aegis" in line)
    assert row.split()[1:] == ["item", "hellenic", "magic", "1,", "influence", "1", "+2", "0"]
    assert tools.list_cards(mythos="atlantean")[0] == 2
    assert tools.list_cards(type="dragon")[0] == 2


def deck_text(changes: dict[str, int]) -> str:
    counts = {e.card: e.count for e in BUILTIN_DECKS["hellenic"].entries}
    counts.update(changes)
    return "".join(f"{n} {key}\n" for key, n in counts.items() if n)


@pytest.mark.parametrize(
    ("changes", "parts"),
    [
        ({"Athenians": 5}, ["1.3.1", "'Athenians'", "5 copies"]),
        ({"Athena (high god)": 1}, ["1.3.1", "'Athena (high god)'", "'Zeus (high god)'"]),
        ({"Zeus (high god)": 0}, ["1.3.1", "high gods in the deck: none"]),
        ({"Cyclopes": 0, "Athenians": 0, "Centaurs": 0}, ["1.3.1", "at least 60"]),
    ],
)
def test_validate_deck_names_the_rule_and_the_card(
    tmp_path: Path, changes: dict[str, int], parts: list[str]
) -> None:
    code, text = tools.validate_deck(write(tmp_path / "deck.txt", deck_text(changes)))
    assert code == 1
    for part in parts:
        assert part in text, text


def test_validate_deck_accepts_the_builtin_decks(tmp_path: Path) -> None:
    for name in BUILTIN_DECK_NAMES:
        code, text = tools.validate_deck(data_dir() / "decks" / f"{name}.txt")
        assert code == 0, text
        assert text.startswith(f"ok: deck {name!r}")
    typo = write(tmp_path / "typo.txt", "1 Zeus (high god)\n4 Athenian\n")
    code, text = tools.validate_deck(typo)
    assert code == 1
    assert "'Athenian'" in text and "did you mean 'Athenians'" in text


def test_coverage_tool(monkeypatch: pytest.MonkeyPatch) -> None:
    code, text = tools.coverage()
    assert code == 0
    for word in keywords():
        assert any(line.startswith(word + " ") for line in text.splitlines()), word
    assert "MISSING" not in text
    egyptian = load_sets([data_dir() / "sets" / "egyptian.toml"])
    monkeypatch.setattr(tools, "builtin_pool", lambda: egyptian)
    code, text = tools.coverage()
    assert code == 1
    assert "MISSING" in text and "missing: " in text


# --- random games -------------------------------------------------------------------------


def play(seed: int, players: int, kinds: Counter[str] | None = None) -> mc.State[Any]:
    """A random game with the built-in decks, in turn, to its end."""
    decks = [BUILTIN_DECK_NAMES[(seed + i) % len(BUILTIN_DECK_NAMES)] for i in range(players)]
    state = mc.new_game(seed=seed, players=players, decks=decks)
    rng = random.Random(seed)
    for _ in range(5_000):
        if state.is_over:
            break
        action = rng.choice(mc.legal_actions(state))
        if kinds is not None:
            kinds[action.kind] += 1
        state = mc.apply(state, action)
    return state


@pytest.mark.parametrize(("seed", "players"), [(21, 2), (22, 2), (23, 3), (24, 4)])
def test_random_games_with_the_builtin_decks_end(seed: int, players: int) -> None:
    state = play(seed, players)
    assert state.is_over
    assert state.game.ending in ("power", "deck-out")


def test_random_games_use_maneuvers_fates_and_intrigues() -> None:
    kinds: Counter[str] = Counter()
    for seed in range(4):
        assert play(seed, 2, kinds).is_over
    assert {"use_maneuver", "use_free_maneuver", "play_fate"} <= set(kinds)

"""Section 10 (Fraktionen): the two factions as card data, its schema and its checks, and
how the two factions fare against each other."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

import mitosz_core as mc
from mitosz_core.errors import CardDataError, DeckError
from mitosz_core.games.mythos.carddata import (
    DECKS,
    FACTIONS,
    POOL,
    card_schema,
    composition,
    parse_faction,
)
from mitosz_core.games.mythos.cards import CardType, Element, Faction
from mitosz_core.games.mythos.engine import RULESET
from mitosz_core.kernel.state import DeckEntry, DeckList
from tests.mythos.scenario import new

DATA = Path(__file__).resolve().parents[2] / "src/mitosz_core/games/mythos/data"


@pytest.mark.rule("10", "10.1", "01.2")
@pytest.mark.ruling("R-10-copies")
def test_two_factions_of_64_cards() -> None:
    assert set(FACTIONS) == {Faction.GUARDIANS, Faction.CHAOS}
    for faction, cards in FACTIONS.items():
        assert sum(c.count for c in cards) == 64
        assert DECKS[faction.value].size() == 64
        assert all(c.faction is faction for c in cards)
        assert len(cards) < 64  # a deck with copies (R-10-copies)
    assert sum(POOL[k].count for k in ("Hades",)) == 1 and POOL["Hades"].unique
    assert POOL["Olympus"].count == 1 and POOL["Olympus"].unique


@pytest.mark.rule("10.2")
def test_the_guardians() -> None:
    got = composition(FACTIONS[Faction.GUARDIANS])
    expected = {
        "god": 13,
        "hero": 9,
        "creature": 4,
        "companion": 5,
        "artifact": 5,
        "place": 8,
        "upgrade": 4,
        "magic": 6,
        "event": 10,
        "light": 13,
        "aether": 9,
        "water": 5,
        "fire": 1,
    }
    assert dict(got) == expected


@pytest.mark.rule("10.3")
def test_chaos() -> None:
    got = composition(FACTIONS[Faction.CHAOS])
    expected = {
        "god": 3,
        "hero": 9,
        "creature": 9,
        "companion": 10,
        "artifact": 5,
        "place": 8,
        "upgrade": 4,
        "magic": 3,
        "event": 13,
        "fire": 13,
        "water": 9,
        "aether": 5,
        "light": 1,
    }
    assert dict(got) == expected


@pytest.mark.rule("10.1")
@pytest.mark.ruling("R-10-elements")
def test_elements_sit_on_places_upgrades_magic_and_events() -> None:
    for card in POOL.values():
        carries = card.type in (CardType.PLACE, CardType.UPGRADE, CardType.MAGIC, CardType.EVENT)
        assert (card.element is not None) == carries, card.key
    for cards in FACTIONS.values():
        assert sum(c.count for c in cards if c.element is not None) == 28
    assert {e.value for e in Element} == {"light", "aether", "water", "fire"}


@pytest.mark.rule("10.2", "10.3", "06.ex-order", "05.ex-heal")
def test_the_named_cards() -> None:
    h, a = POOL["Heracles"], POOL["Ares"]
    assert (h.name_de, h.attack, h.life, h.mobilize) == ("Herakles", 6, 4, 2)
    assert (a.attack, a.life, a.faction) == (6, 4, Faction.CHAOS)
    assert POOL["Hades"].faction is Faction.CHAOS and POOL["Olympus"].name_de == "Olymp"
    upgrades = {
        c.name_de: (c.attach_cost.kind.value, c.attach_cost.amount)
        for c in POOL.values()
        if c.attach_cost is not None
    }
    assert upgrades == {
        "Agora": ("discard", 2),
        "Akropolis": ("life", 5),
        "Bibliothek": ("discard", 4),
        "Nekropolis": ("life", 5),
        "Orakel": ("life", 3),
        "Schmiede": ("sacrifice", 2),
        "Stadtmauer": ("sacrifice", 1),
        "Tempel": ("life_or_unit", 2),
    }
    for card in POOL.values():
        assert card.name_en and card.name_de and card.text_en and card.text_de


@pytest.mark.rule("10.1")
def test_the_schema_is_a_valid_versioned_draft_2020_12_schema() -> None:
    schema = card_schema()
    Draft202012Validator.check_schema(schema)
    assert schema["$id"].endswith("mythos-cards-1")
    on_disk = json.loads((DATA / "mythos-cards-1.schema.json").read_text(encoding="utf-8"))
    assert on_disk == schema


BASE = """
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
count = 64
cost = 1
mobilize = 1
attack = 1
life = 1
text_en = "x"
text_de = "x"

[[card.trigger]]
type = "on_enter"
effects = [{ op = "draw", amount = 1 }]
"""


@pytest.mark.rule("10.1")
@pytest.mark.parametrize(
    ("change", "card", "field", "problem"),
    [
        (("attack = 1", "attack = true"), "Imp", "attack", "expected integer"),
        (('kind = "companion"', 'kind = "dragon"'), "Imp", "kind", "expected one of"),
        (
            ('effects = [{ op = "draw", amount = 1 }]', 'effects = [{ op = "eval", amount = 1 }]'),
            "Imp",
            "trigger[0].effects[0].op",
            "expected one of",
        ),
        (
            (
                'effects = [{ op = "draw", amount = 1 }]',
                'effects = [{ op = "draw", amount = 1, target = "you" }]',
            ),
            "Imp",
            "trigger[0].effects[0].target",
            "unknown field",
        ),
        (("life = 1\n", 'life = 1\nelement = "fire"\n'), "Imp", "element", "not allowed"),
        (("cost = 1\n", ""), "Imp", "cost", "missing required field"),
        (('type = "on_enter"', 'type = "cycle"'), "Imp", "trigger[0].when", "missing"),
        (
            (
                'effects = [{ op = "draw", amount = 1 }]',
                'effects = [{ op = "damage", target = "enemy_unit", amount = 1 }]',
            ),
            "Imp",
            "trigger[0].effects[0].target",
            "cannot choose a target",
        ),
        (("count = 64", "count = 13"), None, "card.count", "13 cards, a faction has 64"),
        (
            ('type = "on_enter"', 'type = "one_shot"'),
            "Imp",
            "trigger[0].type",
            "a unit cannot have a one_shot trigger",
        ),
    ],
)
def test_card_data_errors_name_the_file_the_card_and_the_field(
    change: tuple[str, str], card: str | None, field: str, problem: str
) -> None:
    text = BASE.replace(*change)
    assert text != BASE
    with pytest.raises(CardDataError) as info:
        parse_faction(text, "broken.toml")
    err = info.value
    assert (err.source, err.card, err.field) == ("broken.toml", card, field)
    assert problem in err.problem
    assert "broken.toml" in str(err)


@pytest.mark.rule("10.1")
def test_the_base_document_parses_and_toml_errors_name_the_file() -> None:
    faction, cards = parse_faction(BASE, "ok.toml")
    assert faction is Faction.CHAOS and cards[0].key == "Imp"
    with pytest.raises(CardDataError, match=r"bad\.toml.*invalid TOML"):
        parse_faction("[faction\n", "bad.toml")


@pytest.mark.rule("01.2", "10.1")
@pytest.mark.ruling("R-10-copies")
def test_deck_rules() -> None:
    RULESET.check_deck(DECKS["guardians"])
    short = DeckList("short", (DeckEntry(63, "Cultist"),))
    with pytest.raises(DeckError, match="63 cards, a deck has 64"):
        RULESET.check_deck(short)
    mixed = DeckList("mixed", (DeckEntry(63, "Cultist"), DeckEntry(1, "Healer")))
    with pytest.raises(DeckError, match="several factions"):
        RULESET.check_deck(mixed)
    twice = DeckList("twice", (DeckEntry(62, "Cultist"), DeckEntry(2, "Hades")))
    with pytest.raises(DeckError, match="unique 'Hades'"):
        RULESET.check_deck(twice)
    with pytest.raises(DeckError, match="unknown card"):
        RULESET.check_deck(DeckList("x", (DeckEntry(64, "Pikachu"),)))
    custom = DeckList("cultists", (DeckEntry(64, "Cultist"),))
    s = mc.new_game("mythos", decks=[custom, "guardians"], seed=1)
    assert s.game.players[0].hand and not s.is_over


@pytest.mark.rule("10.1", "10.2", "10.3")
def test_the_factions_are_roughly_balanced_in_random_play() -> None:
    """Random games with seats swapped: each faction wins between 35 % and 65 %
    (``tools``-free report: ``python -m tests.mythos.balance``)."""
    wins = {"guardians": 0, "chaos": 0}
    games = 40
    for seed in range(games):
        decks = ("guardians", "chaos") if seed % 2 == 0 else ("chaos", "guardians")
        s = new(seed=seed, decks=decks)
        rng = random.Random(seed)
        while not s.is_over:
            s = mc.apply(s, rng.choice(mc.legal_actions(s)))
        if s.winner is not None:
            wins[decks[s.winner]] += 1
    assert 0.35 * games <= wins["guardians"] <= 0.65 * games, wins

"""The card-data layer: TOML card sets, the JSON Schema, deck files and the built-in pool."""

from __future__ import annotations

import dataclasses
import json
import random
from collections import Counter
from importlib.resources import files
from pathlib import Path

import pytest

import mitosz_core as mc
from mitosz_core.errors import CardDataError, DeckError
from mitosz_core.games.mitosz.carddata import (
    BUILTIN_DECKS,
    BUILTIN_POOL,
    Pool,
    load_deck,
    load_set,
    load_sets,
    parse_deck,
)
from mitosz_core.games.mitosz.carddata.effect_schema import regenerated
from mitosz_core.games.mitosz.carddata.schema import card_schema
from mitosz_core.games.mitosz.carddata.vocabulary import SUBTYPES
from mitosz_core.games.mitosz.cards import CardDef, CardType, Edge, Mythos, Road, linked
from mitosz_core.games.mitosz.effects.language import (
    Cards,
    Chosen,
    Destroy,
    NumberTest,
    Reveal,
    Side,
    Timing,
)
from mitosz_core.games.mitosz.engine import MitoszRuleset
from mitosz_core.games.mitosz.rules import S
from mitosz_core.kernel.state import DeckEntry, DeckList, GameConfig

HEADER = '[set]\nsymbol = "TST"\nname = "Test set"\nformat = 1\n'

GOD = """
[[card]]
key = "Sky (high god)"
name_en = "Sky"
name_hu = "Ég"
serial = "901"
mythos = "hellenic"
type = "high_god"
spheres = { magic = 3, influence = 3, wealth = 3, force = 3 }
"""

PEOPLE = """
[[card]]
name_en = "Hill Folk"
name_hu = "Dombiak"
serial = "902"
mythos = "hellenic"
type = "people"
subtypes = ["mountain"]
level = 1
power = 2
roads = [{ edge = "north", level = 2 }, { edge = "south", level = 1 }]
links = ["Sky"]
"""

SWORD = """
[[card]]
name_en = "Bronze Sword"
name_hu = "Bronzkard"
serial = "903"
mythos = "hellenic"
type = "item"
subtypes = ["weapon"]
level = "+2"
cost = { force = 1 }
"""


def write(tmp_path: Path, *cards: str, name: str = "test.toml", header: str = HEADER) -> Path:
    path = tmp_path / name
    path.write_text(header + "".join(cards), encoding="utf-8")
    return path


def card_error(paths: list[Path]) -> CardDataError:
    with pytest.raises(CardDataError) as info:
        load_sets(paths)
    return info.value


def assert_names(error: Exception, *parts: str) -> None:
    message = str(error)
    for part in parts:
        assert part in message, f"{part!r} not in {message!r}"


# the built-in pool -----------------------------------------------------------------


def test_builtin_sets_load() -> None:
    assert isinstance(BUILTIN_POOL, Pool)
    assert [s.symbol for s in BUILTIN_POOL.sets] == ["HEL", "CEL", "GER", "EGY"]
    for card_set in BUILTIN_POOL.sets:
        kinds = Counter(c.type for c in card_set.cards)
        assert kinds[CardType.HIGH_GOD] >= 2
        assert 6 <= kinds[CardType.PEOPLE] <= 8
        assert 6 <= kinds[CardType.LEADER] <= 8
        assert 4 <= kinds[CardType.ITEM] <= 6
        assert 3 <= kinds[CardType.LOCATION] <= 4
        assert any(c.produces != (0, 0, 0, 0) for c in card_set.cards)
        assert len({c.mythos for c in card_set.cards}) == 1
    assert sum(len(s.cards) for s in BUILTIN_POOL.sets) == len(BUILTIN_POOL)
    assert sum(c.cursed for c in BUILTIN_POOL.values()) >= 1


def test_builtin_cards_are_frozen_carddefs() -> None:
    zeus = BUILTIN_POOL["Zeus (high god)"]
    assert isinstance(zeus, CardDef)
    with pytest.raises(dataclasses.FrozenInstanceError):
        zeus.power = 12  # type: ignore[misc]
    for card in BUILTIN_POOL.values():
        if card.type is CardType.HIGH_GOD:
            assert 12 <= sum(card.spheres) <= 15
            assert not card.unique
        if card.type is CardType.PEOPLE:
            assert 1 <= len(card.roads) <= 4
            assert all(1 <= r.level <= 4 for r in card.roads)


def test_schema_enums_match_the_code() -> None:
    schema_file = files("mitosz_core") / "schemas" / "mitosz-cards-1.schema.json"
    schema = json.loads(schema_file.read_text(encoding="utf-8"))
    assert schema["$id"].endswith("mitosz-cards-1")
    card = schema["$defs"]["card"]["properties"]
    assert card["subtypes"]["items"]["enum"] == list(SUBTYPES)
    assert card["mythos"]["enum"] == [m.value for m in Mythos]
    assert card["type"]["enum"] == [t.value for t in CardType]
    assert schema["$defs"]["road"]["properties"]["edge"]["enum"] == [e.value for e in Edge]


@pytest.mark.rule("1.3.1")
def test_builtin_decks_are_legal() -> None:
    ruleset = MitoszRuleset(pool=BUILTIN_POOL)
    assert sorted(BUILTIN_DECKS) == ["celtic", "egyptian", "germanic", "hellenic"]
    for deck in BUILTIN_DECKS.values():
        ruleset.check_deck(deck)
        assert 60 <= deck.size() <= 64
        cards = [BUILTIN_POOL[e.card] for e in deck.entries]
        gods = [c for c in cards if c.type is CardType.HIGH_GOD]
        assert len(gods) == 1
        # coherent: every cost fits under the god's sphere maxima
        assert all(
            all(need <= top for need, top in zip(c.cost, gods[0].spheres, strict=True))
            for c in cards
        )


def test_builtin_decks_are_coherent() -> None:
    for name, deck in BUILTIN_DECKS.items():
        kinds: Counter[CardType] = Counter()
        for entry in deck.entries:
            card = BUILTIN_POOL[entry.card]
            assert card.mythos.value == name
            kinds[card.type] += entry.count
        assert kinds[CardType.PEOPLE] >= 20
        god = next(BUILTIN_POOL[e.card] for e in deck.entries if e.count == 1)
        assert any(
            BUILTIN_POOL[e.card].type is CardType.LEADER and linked(BUILTIN_POOL[e.card], god)
            for e in deck.entries
        )


@pytest.mark.rule("2.9")
def test_card_number_is_the_last_digit_of_the_serial() -> None:
    serials = [c.serial for c in BUILTIN_POOL.values()]
    assert len(serials) == len(set(serials))
    numbers = {c.card_number for c in BUILTIN_POOL.values()}
    assert numbers == set(range(10))
    assert BUILTIN_POOL["Walls of Troy"].serial == "124"
    assert BUILTIN_POOL["Walls of Troy"].card_number == 4


@pytest.mark.rule("2.8")
def test_links_resolve_to_cards_of_the_pool() -> None:
    names = {c.name_en for c in BUILTIN_POOL.values()}
    for card in BUILTIN_POOL.values():
        assert set(card.links) <= names, card.key
    for card_set in BUILTIN_POOL.sets:
        gods = {c.name_en for c in card_set.cards if c.type is CardType.HIGH_GOD}
        leaders = [c for c in card_set.cards if c.type is CardType.LEADER and c.name_en in gods]
        assert len(leaders) == 1
    zeus, zeus_leader = BUILTIN_POOL["Zeus (high god)"], BUILTIN_POOL["Zeus (leader)"]
    assert linked(zeus, zeus_leader)
    assert linked(BUILTIN_POOL["Heracles"], BUILTIN_POOL["Bow of Heracles"])  # two-way


@pytest.mark.parametrize(("seed", "players"), [(1, 2), (2, 2), (3, 3), (4, 4)])
def test_a_random_game_runs_to_the_end(seed: int, players: int) -> None:
    ruleset = MitoszRuleset(pool=BUILTIN_POOL)
    names = sorted(BUILTIN_DECKS)
    decks = tuple(BUILTIN_DECKS[names[(seed + i) % 4]] for i in range(players))
    state: S = ruleset.setup(GameConfig(seed=seed, players=players, decks=decks))
    rng = random.Random(seed)
    for _ in range(20_000):
        if state.over:
            break
        legal = [a for a in ruleset.candidates(state) if ruleset.why_not(state, a) is None]
        state = ruleset.perform(state, rng.choice(legal))
    assert state.over
    assert state.game.ending in ("power", "deck-out")


# loading a set file -----------------------------------------------------------------


def test_a_set_file_loads_into_carddefs(tmp_path: Path) -> None:
    card_set = load_set(write(tmp_path, GOD, PEOPLE, SWORD))
    assert card_set.symbol == "TST"
    god, people, sword = card_set.cards
    assert god.spheres == (3, 3, 3, 3)
    assert people.key == "Hill Folk"  # the key defaults to the English name
    assert people.roads == (Road(Edge.NORTH, 2), Road(Edge.SOUTH, 1))
    assert (sword.level, sword.level_modifier, sword.cost) == (2, True, (0, 0, 0, 1))
    assert sword.set_symbol == "TST"


def test_load_sets_returns_all_or_nothing(tmp_path: Path) -> None:
    good = write(tmp_path, GOD, PEOPLE, name="good.toml")
    header = HEADER.replace("TST", "BAD")
    bad = write(tmp_path, SWORD.replace("+2", "+x"), name="bad.toml", header=header)
    error = card_error([good, bad])
    assert_names(error, "bad.toml", "Bronze Sword", "level")


# bad card files -----------------------------------------------------------------------


def test_malformed_toml(tmp_path: Path) -> None:
    path = write(tmp_path, GOD, PEOPLE.replace("power = 2", "power = = 2"))
    error = card_error([path])
    line = (HEADER + GOD + PEOPLE).splitlines().index("power = 2") + 1
    assert_names(error, f"test.toml:{line}", "'Hill Folk'", "'power'", "invalid TOML")


def test_unknown_field(tmp_path: Path) -> None:
    error = card_error([write(tmp_path, GOD, PEOPLE.replace("power = 2", "colour = 2"))])
    assert_names(error, "test.toml", "'Hill Folk'", "'colour'", "unknown field")


def test_wrong_type(tmp_path: Path) -> None:
    error = card_error([write(tmp_path, GOD, PEOPLE.replace("power = 2", 'power = "2"'))])
    assert_names(error, "test.toml", "'Hill Folk'", "'power'", "expected integer")


@pytest.mark.parametrize(
    ("card", "old", "new", "field", "expected"),
    [
        (PEOPLE, "level = 1\n", "level = 99\n", "'level'", "-9..12"),
        (SWORD, "force = 1", "force = -1", "'cost.force'", "0..9"),
        (GOD, "magic = 3", "magic = 7", "'spheres.magic'", "0..6"),
        (PEOPLE, 'edge = "north"', 'edge = "up"', "'roads[0].edge'", "'north'"),
    ],
)
def test_impossible_value(
    tmp_path: Path, card: str, old: str, new: str, field: str, expected: str
) -> None:
    cards = [c.replace(old, new) if c is card else c for c in (GOD, PEOPLE, SWORD)]
    error = card_error([write(tmp_path, *cards)])
    name = {GOD: "'Sky (high god)'", PEOPLE: "'Hill Folk'", SWORD: "'Bronze Sword'"}[card]
    assert_names(error, "test.toml", name, field, expected)


@pytest.mark.rule("2.8")
def test_unknown_link_name(tmp_path: Path) -> None:
    error = card_error([write(tmp_path, GOD, PEOPLE.replace('["Sky"]', '["Skye"]'))])
    assert_names(error, "test.toml", "'Hill Folk'", "'links[0]'", "'Skye'", "did you mean 'Sky'")


def test_links_resolve_across_sets(tmp_path: Path) -> None:
    first = write(tmp_path, GOD, name="a.toml")
    second = write(tmp_path, PEOPLE, name="b.toml", header=HEADER.replace("TST", "TS2"))
    assert load_sets([first, second])["Hill Folk"].links == ("Sky",)


def test_duplicate_serial(tmp_path: Path) -> None:
    first = write(tmp_path, GOD, PEOPLE, name="a.toml")
    other = SWORD.replace('"903"', '"902"')
    second = write(tmp_path, other, name="b.toml", header=HEADER.replace("TST", "TS2"))
    error = card_error([first, second])
    assert_names(error, "b.toml", "'Bronze Sword'", "'serial'", "'Hill Folk'", "a.toml")


def test_duplicate_key(tmp_path: Path) -> None:
    twin = PEOPLE.replace('"902"', '"904"')
    error = card_error([write(tmp_path, GOD, PEOPLE, twin)])
    assert_names(error, "test.toml", "'Hill Folk'", "'key'", "already used")


def test_road_on_a_non_people(tmp_path: Path) -> None:
    roads = 'roads = [{ edge = "east", level = 1 }]\n'
    error = card_error([write(tmp_path, GOD, PEOPLE, SWORD + roads)])
    assert_names(error, "test.toml", "'Bronze Sword'", "'roads'", "only peoples")


def test_cursed_without_magical(tmp_path: Path) -> None:
    error = card_error([write(tmp_path, GOD, PEOPLE, SWORD + "cursed = true\n")])
    assert_names(error, "test.toml", "'Bronze Sword'", "'cursed'", "magical")


EFFECT = (
    '{ type = "destroy", target = { type = "chosen", cards = '
    '{ types = ["leader"], side = "enemy", below_user = true } } }'
)
LEADER = (
    """
[[card]]
name_en = "Archer Lord"
name_hu = "Íjászúr"
serial = "904"
mythos = "hellenic"
type = "leader"
level = 3
cost = { force = 2 }

[[card.maneuvers]]
name = "Arrow volley"
timing = "action"
cost = { force = 1 }
subtypes = ["arrow_volley"]
conditions = [{ type = "reveal", test = "5+" }]
effect = """
    + EFFECT
    + "\n"
)


@pytest.mark.rule("4.2")
def test_maneuvers_load_as_effect_language_values(tmp_path: Path) -> None:

    pool = load_sets([write(tmp_path, GOD, PEOPLE, SWORD, LEADER)])
    m = pool["Archer Lord"].maneuvers[0]
    assert m.timing is Timing.ACTION
    assert m.cost == (0, 0, 0, 1)
    assert m.conditions == (Reveal(NumberTest(5, 1)),)
    assert m.effect == Destroy(
        Chosen(Cards(types=(CardType.LEADER,), side=Side.ENEMY, below_user=True))
    )


@pytest.mark.parametrize(
    ("change", "field", "problem"),
    [
        ('type = "destroy"', "'maneuvers[0].effect.target'", "missing required field"),
        (
            'type = "destroy", target = { type = "aim" }',
            "'maneuvers[0].effect.target.type'",
            "unknown type 'aim'; expected one of: 'chosen', 'every', 'user'",
        ),
        ('type = "draw"', "'maneuvers[0].effect.count'", "missing required field 'count'"),
        ('type = "blast"', "'maneuvers[0].effect.type'", "unknown type 'blast'"),
    ],
)
def test_bad_maneuvers_name_the_card_and_the_field(
    tmp_path: Path, change: str, field: str, problem: str
) -> None:
    text = LEADER.replace(EFFECT, "{ " + change + " }")
    error = card_error([write(tmp_path, GOD, PEOPLE, SWORD, text)])
    assert_names(error, "test.toml", "'Archer Lord'", field, problem)


@pytest.mark.parametrize(
    ("card", "extra", "name", "field"),
    [
        (GOD, "unique = true\n", "'Sky (high god)'", "'unique'"),
        (GOD.replace("spheres", "produces"), "", "'Sky (high god)'", "'spheres'"),
        (
            PEOPLE,
            "spheres = { magic = 1, influence = 1, wealth = 1, force = 1 }\n",
            "'Hill Folk'",
            "'spheres'",
        ),
        (PEOPLE.replace("level = 1\n", 'level = "+1"\n'), "", "'Hill Folk'", "'level'"),
        (SWORD.replace('"weapon"', '"region"'), "", "'Bronze Sword'", "'subtypes[0]'"),
    ],
)
def test_other_impossible_cards(
    tmp_path: Path, card: str, extra: str, name: str, field: str
) -> None:
    error = card_error([write(tmp_path, card + extra)])
    assert_names(error, "test.toml", name, field)
    assert (error.card, error.field) == (name.strip("'"), field.strip("'"))


def test_people_without_road_and_doubled_edge(tmp_path: Path) -> None:
    bare = "\n".join(line for line in PEOPLE.splitlines() if not line.startswith("roads"))
    assert_names(card_error([write(tmp_path, GOD, bare)]), "'Hill Folk'", "'roads'")
    twice = PEOPLE.replace('"south"', '"north"')
    assert_names(card_error([write(tmp_path, GOD, twice)]), "'Hill Folk'", "'roads[1].edge'")


# deck files ---------------------------------------------------------------------------


def test_deck_file_format(tmp_path: Path) -> None:
    path = tmp_path / "mine.txt"
    path.write_text(
        "# my deck\n\nname: Thunder\n1 Zeus (high god)  # the god\n4 Athenians\n",
        encoding="utf-8",
    )
    deck = load_deck(path, BUILTIN_POOL)
    assert deck.name == "Thunder"
    assert [(e.count, e.card) for e in deck.entries] == [(1, "Zeus (high god)"), (4, "Athenians")]
    assert parse_deck("2 Athenians\n", "decks/plain.txt").name == "plain"


def test_unknown_card_in_a_deck(tmp_path: Path) -> None:
    path = tmp_path / "typo.txt"
    path.write_text("1 Zeus (high god)\n4 Athenian\n", encoding="utf-8")
    with pytest.raises(DeckError) as info:
        load_deck(path, BUILTIN_POOL)
    assert_names(info.value, "typo.txt", "line 2", "'Athenian'", "did you mean 'Athenians'")


@pytest.mark.parametrize("count", ["0", "-1", "four", "4x"])
def test_bad_count_in_a_deck(tmp_path: Path, count: str) -> None:
    path = tmp_path / "counts.txt"
    path.write_text(f"1 Zeus (high god)\n# spare\n{count} Athenians\n", encoding="utf-8")
    with pytest.raises(DeckError) as info:
        load_deck(path, BUILTIN_POOL)
    assert_names(info.value, "counts.txt", "line 3", "bad count", f"{count!r}", "'Athenians'")


def test_the_schema_file_is_generated_from_the_effect_language() -> None:

    schema = card_schema()
    assert regenerated(schema) == schema, "run python tools/gen_card_schema.py"
    assert "effect_destroy" in schema["$defs"]


@pytest.mark.parametrize(
    ("extra", "field", "problem"),
    [
        ("locked = true\n", "maneuvers[0].effect", "locked bound maneuver is always on"),
        ("per = { force = 0 }\n", "maneuvers[0].per", "at least one sphere point"),
        ("uses_per_turn = 2\n", "maneuvers[0].uses_per_turn", "only a permanent"),
    ],
)
def test_impossible_maneuvers_are_refused(
    tmp_path: Path, extra: str, field: str, problem: str
) -> None:
    text = LEADER.replace('name = "Arrow volley"\n', 'name = "Arrow volley"\n' + extra)
    error = card_error([write(tmp_path, GOD, PEOPLE, SWORD, text)])
    assert_names(error, "'Archer Lord'", field, problem)


def test_a_user_card_set_plays_in_a_game(tmp_path: Path) -> None:

    path = write(tmp_path, GOD, PEOPLE, SWORD, LEADER)
    mine = [
        DeckEntry(1, "Sky (high god)"),
        *(DeckEntry(4, k) for k in ("Hill Folk", "Bronze Sword", "Archer Lord")),
    ]
    builtin = [
        e
        for e in BUILTIN_DECKS["hellenic"].entries
        if BUILTIN_POOL[e.card].type is not CardType.HIGH_GOD
    ]
    deck = DeckList("mine", (*mine, *builtin))
    with pytest.raises(DeckError, match="unknown card 'Sky \\(high god\\)'"):
        mc.new_game(decks=[deck, "celtic"], seed=3)
    state = mc.new_game(decks=[deck, "celtic"], seed=3, card_sets=[path])
    assert {"Hill Folk", "Archer Lord"} <= {c.key for c in state.game.cards}
    rng = random.Random(3)
    while not state.is_over:
        state = mc.apply(state, rng.choice(mc.legal_actions(state)))
    assert mc.State.from_json(state.to_json()) == state  # the cards travel in the state
    again = mc.replay("mitosz", [deck, "celtic"], 3, state.history, card_sets=[path])
    assert again == state

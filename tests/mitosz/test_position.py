"""The Mítosz position builder (``mitosz_core.mitosz.Position``) and position files.

A position builds a state that plays on with no spurious event; a broken position is
refused with the name of the first broken rule (the shared validator's); position files
are read within the input limits and checked against their schema.
"""

from __future__ import annotations

import json
import tomllib
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator

import mitosz_core as mc
from mitosz_core.errors import InvalidStateError
from mitosz_core.games.mitosz.actions import Pass, PlacePeople, SacrificeBuilding, SacrificeItem
from mitosz_core.games.mitosz.describe import describe
from mitosz_core.games.mitosz.effects.language import Release
from mitosz_core.games.mitosz.engine import RULESET
from mitosz_core.games.mitosz.rules.board import controller, remove_to_underworld
from mitosz_core.games.mitosz.rules.hosting import (
    carried_by,
    host_of,
    items_of,
    of_kind,
    placed_on,
    walk,
)
from mitosz_core.games.mitosz.rules.levels import power
from mitosz_core.games.mitosz.state import AttachKind
from mitosz_core.kernel.position_files import position_schema
from mitosz_core.mitosz import (
    HeldAt,
    KeywordAt,
    Leader,
    MarkerAt,
    People,
    Position,
    Side,
    load_position,
)

ZEUS = "Zeus (high god)"
ATHENA = "Athena (high god)"
DECK = ("Athenians", "Spartans", "Arcadian Shepherds") * 2


def side(**kw: object) -> Side:
    base: dict[str, object] = {"high_god": ZEUS, "deck": DECK, "hand": ("Spartans",)}
    base.update(kw)
    return Side(**base)  # type: ignore[arg-type]


def two(first: Side, second: Side | None = None, **kw: object) -> Position:
    other = second if second is not None else side(high_god=ATHENA)
    return Position(players=(first, other), **kw)  # type: ignore[arg-type]


def test_a_position_plays_on_from_its_step() -> None:
    pos = two(
        side(
            empire=(People("Athenians", 0, 0),),
            leaders=(Leader("Pharaoh", turned=True),),
            spheres=(1, 2, 0, 1),
        ),
        turn=5,
    )
    s = pos.state()
    assert (s.phase, s.to_act, s.turn) == ("turn.summoning_1", 0, 5)
    me = s.game.players[0]
    assert [s.game.card(c.card).key for c in me.empire] == ["Athenians"]
    assert me.leaders[0].turned and me.spheres == (1, 2, 0, 1)
    assert mc.legal_actions(s)
    assert any(isinstance(a, PlacePeople) for a in mc.legal_actions(s))
    assert mc.State.from_json(s.to_json()) == s


def test_nothing_the_position_placed_is_an_event() -> None:
    """6.5.1: the event window has seen the position, so a pass goes straight on."""
    s = two(side(empire=(People("Athenians"),), leaders=(Leader("Pharaoh"),))).state()
    assert RULESET.checks(s) == s
    after = mc.apply(s, Pass())
    assert not after.phase.startswith("window.")
    assert after.game.frames == ()


def test_spheres_default_to_the_high_gods_maxima() -> None:
    s = two(side()).state()
    assert s.game.players[0].spheres == RULESET.pool[ZEUS].spheres


def test_other_steps_and_players() -> None:
    for phase, machine in (("combat", "turn.combat.declare"), ("summoning_2", "turn.summoning_2")):
        board = {"empire": (People("Athenians"),), "leaders": (Leader("Pharaoh"),)}
        players = (side(**board), side(high_god=ATHENA, **board), side(**board))
        pos = Position(players=players, active=2, phase=phase, order=(2, 0, 1))
        s = pos.state()
        assert (s.phase, s.to_act, s.game.active, s.game.order) == (machine, 2, 2, (2, 0, 1))


def test_markers_count_towards_power() -> None:
    plain = two(side(empire=(People("Athenians"),))).state()
    marked = two(
        side(empire=(People("Athenians"),)), markers=(MarkerAt(0, "Athenians", power=2),)
    ).state()
    assert power(marked.game, 0) == power(plain.game, 0) + 2


@pytest.mark.parametrize(
    ("position", "rule"),
    [
        (
            two(side(empire=(People("Athenians", 0, 0), People("Spartans", 0, 0)))),
            "one-people-per-cell",
        ),
        (two(side(hand=("No Such Card",))), "card-key"),
        (two(side(), side(high_god=ATHENA, spheres=(9, 9, 9, 9))), "spheres"),
        (two(side(leaders=(Leader("Athenians"),))), "zone-type"),
        (two(side(high_god="Athenians")), "zone-type"),
        (two(side(leaders=tuple(Leader("Pharaoh") for _ in range(3)))), "leader-row"),
        (two(side(empire=(People("Athenians"),)), markers=(MarkerAt(0, "Spartans"),)), "marker"),
        (two(side(), phase="turn.draw"), "position-phase"),
        (two(side(), active=5), "active-player"),
        (two(side(), turn=0), "turn-number"),
        (Position(players=(side(),)), "player-count"),
    ],
)
def test_a_broken_position_names_the_rule(position: Position, rule: str) -> None:
    with pytest.raises(InvalidStateError) as info:
        position.state()
    assert info.value.rule == rule, str(info.value)


def test_a_unique_card_twice_on_the_board() -> None:
    unique = next(k for k, c in RULESET.pool.items() if c.unique and c.type.value == "leader")
    row = (Leader(unique),)
    people = (People("Athenians"),)
    with pytest.raises(InvalidStateError, match="unique") as info:
        two(
            side(empire=people, leaders=row), side(high_god=ATHENA, empire=people, leaders=row)
        ).state()
    assert info.value.rule == "unique"


TOML = """
format = "mitosz-position-1"
ruleset = "mitosz"
active = 1
turn = 3
phase = "summoning_1"
seed = 11

[[players]]
high_god = "Zeus (high god)"
hand = ["Spartans"]
deck = ["Athenians", "Spartans", "Athenians"]

[[players]]
high_god = "Athena (high god)"
spheres = [1, 1, 1, 1]
deck = ["Athenians", "Spartans"]

[[players.empire]]
card = "Athenians"
x = 0
y = 0

[[players.leaders]]
card = "Pharaoh"
turned = true

[[markers]]
player = 1
card = "Athenians"
level = 1
"""


def test_a_toml_position_file(tmp_path: Path) -> None:
    path = tmp_path / "judge.toml"
    path.write_text(TOML, encoding="utf-8")
    s = load_position(path).state()
    assert (s.turn, s.to_act, s.config.seed) == (3, 1, 11)
    athena = s.game.players[1]
    assert athena.spheres == (1, 1, 1, 1) and athena.leaders[0].turned
    assert [m.level for m in s.game.markers] == [1]


def test_a_json_position_file_equals_its_toml_twin(tmp_path: Path) -> None:
    (tmp_path / "a.toml").write_text(TOML, encoding="utf-8")
    (tmp_path / "a.json").write_text(json.dumps(tomllib.loads(TOML)), encoding="utf-8")
    assert load_position(tmp_path / "a.json") == load_position(tmp_path / "a.toml")


@pytest.mark.parametrize(
    ("text", "where"),
    [
        (TOML.replace("turn = 3", 'turn = "3"'), "#$.turn"),
        (TOML.replace("x = 0", "x = 0\nz = 1"), "#$.players[1].empire[0]"),
        (TOML.replace('phase = "summoning_1"', 'phase = "draw"'), "#$.phase"),
        (TOML + "\n[a" + ".b" * 40 + "]\n", ":"),
        ("players = [" * 40 + "]" * 40, ":"),
    ],
)
def test_a_bad_position_file_is_a_decode_error(tmp_path: Path, text: str, where: str) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(mc.DecodeError) as info:
        load_position(path)
    assert where in info.value.path, str(info.value)


def test_a_missing_position_file_is_a_decode_error(tmp_path: Path) -> None:
    with pytest.raises(mc.DecodeError, match="cannot read"):
        load_position(tmp_path / "none.toml")


def test_a_position_file_over_the_size_limit(tmp_path: Path) -> None:
    path = tmp_path / "big.json"
    path.write_text(" " * 3000 + "{}", encoding="utf-8")
    with mc.use_limits(json_bytes=1000), pytest.raises(mc.DecodeError, match="longer than"):
        load_position(path)


@pytest.mark.parametrize("name", ["mitosz-position-1.schema.json", "mythos-position-1.schema.json"])
def test_the_position_schemas_are_valid_draft_2020_12(name: str) -> None:
    Draft202012Validator.check_schema(position_schema(name))
    assert position_schema(name)["additionalProperties"] is False


# --- every kind of attached card (Board.attachments) ---------------------------------------

ATTACHED = Position(
    players=(
        side(
            empire=(People("Athenians", 0, 0, "Mount Olympus", "Agora of Athens"),),
            leaders=(Leader("Pharaoh", items=("Aegis", "Pegasus")),),
        ),
        side(high_god=ATHENA, empire=(People("Spartans"),), leaders=(Leader("Pharaoh"),)),
    ),
    keyword_cards=(KeywordAt(0, "Runes of Warding", 1, "Spartans"),),
    held=(HeldAt(1, "Leonidas", 0, "Mount Olympus", "attacked", True, ("Bow of Heracles",)),),
)

ATTACHED_TOML = """
format = "mitosz-position-1"

[[players]]
high_god = "Zeus (high god)"
hand = ["Spartans"]
deck = [
  "Athenians", "Spartans", "Arcadian Shepherds", "Athenians", "Spartans", "Arcadian Shepherds",
]
empire = [{card = "Athenians", location = "Mount Olympus", building = "Agora of Athens"}]
leaders = [{card = "Pharaoh", items = ["Aegis", "Pegasus"]}]

[[players]]
high_god = "Athena (high god)"
hand = ["Spartans"]
deck = [
  "Athenians", "Spartans", "Arcadian Shepherds", "Athenians", "Spartans", "Arcadian Shepherds",
]
empire = [{card = "Spartans"}]
leaders = [{card = "Pharaoh"}]

[[keyword_cards]]
player = 0
card = "Runes of Warding"
host_player = 1
host = "Spartans"

[[held]]
player = 1
card = "Leonidas"
host_player = 0
host = "Mount Olympus"
release = "attacked"
turned = true
items = ["Bow of Heracles"]
"""


def _key(s: mc.State[Any], card: int) -> str:
    key: str = s.game.card(card).key
    return key


@pytest.mark.rule("1.4.2", "5.15", "8.rune", "8.region", "8.mount")
def test_a_position_places_every_kind_of_attached_card() -> None:
    s = ATTACHED.state()
    game = s.game
    kinds = {k: [(_key(s, a.card), _key(s, a.host)) for a in of_kind(game, k)] for k in AttachKind}
    assert kinds == {  # the board's relation
        AttachKind.MOUNT: [("Pegasus", "Pharaoh")],
        AttachKind.HELD: [("Leonidas", "Mount Olympus")],
        AttachKind.ITEM: [("Aegis", "Pharaoh"), ("Bow of Heracles", "Leonidas")],
        AttachKind.KEYWORD: [("Runes of Warding", "Spartans")],
        AttachKind.LOCATION: [("Mount Olympus", "Athenians")],
        AttachKind.BUILDING: [("Agora of Athens", "Mount Olympus")],
    }
    assert [(_key(s, c), _key(s, h), k) for c, h, k in walk(game)] == [  # every kind
        ("Mount Olympus", "Athenians", AttachKind.LOCATION),
        ("Agora of Athens", "Mount Olympus", AttachKind.BUILDING),
        ("Aegis", "Pharaoh", AttachKind.ITEM),  # a row leader's items, its mount once
        ("Pegasus", "Pharaoh", AttachKind.MOUNT),
        ("Leonidas", "Mount Olympus", AttachKind.HELD),
        ("Bow of Heracles", "Leonidas", AttachKind.ITEM),
        ("Runes of Warding", "Spartans", AttachKind.KEYWORD),
    ]
    held = of_kind(game, AttachKind.HELD)[0]
    assert (held.player, held.release, held.turned) == (1, Release.ATTACKED, True)
    athenians = s.game.players[0].empire[0]
    olympus, agora = placed_on(game, athenians.card)
    assert host_of(game, agora) == olympus  # 8.region
    carried = [_key(s, c) for c in carried_by(game, athenians.card)]
    assert carried == ["Mount Olympus", "Agora of Athens", "Leonidas", "Bow of Heracles"]
    rune = of_kind(game, AttachKind.KEYWORD)[0].card
    assert game.owner(rune) == 0 and controller(game, rune) == 1  # on its host's side
    assert mc.legal_actions(s)


@pytest.mark.rule("1.4.2", "5.15", "8.rune", "8.region")
def test_what_leaves_with_a_card_leaves_kind_by_kind() -> None:
    # the rune is on the region, the leader held by the people: the rune still leaves
    # after the held leader and its item (the realms' cards, then held leaders, then runes)
    s = replace(
        ATTACHED,
        keyword_cards=(KeywordAt(0, "Runes of Warding", 0, "Mount Olympus"),),
        held=(HeldAt(1, "Leonidas", 0, "Athenians", "attacked", True, ("Bow of Heracles",)),),
    ).state()
    athenians = s.game.players[0].empire[0].card
    after = ["Mount Olympus", "Agora of Athens", "Leonidas", "Bow of Heracles", "Runes of Warding"]
    assert [_key(s, c) for c in carried_by(s.game, athenians)] == after
    gone = remove_to_underworld(s, athenians).game
    assert [[_key(s, c) for c in batch.cards] for batch in gone.limbo] == [
        ["Athenians", "Mount Olympus", "Agora of Athens", "Runes of Warding"],
        ["Leonidas", "Bow of Heracles"],
    ]
    assert gone.players[0].empire == ()
    left = [_key(s, a.card) for a in gone.board.attachments]
    assert left == ["Aegis", "Pegasus"]  # the Pharaoh's item and mount


@pytest.mark.rule("3.5", "8.building")
def test_a_sacrifice_is_described_with_the_card_it_leaves() -> None:
    s = ATTACHED.state()
    game = s.game
    name = {_key(s, c): game.card(c).name_en for c in range(len(game.instances))}
    athenians, pharaoh = game.players[0].empire[0], game.players[0].leaders[0]
    agora = placed_on(game, athenians.card)[1]
    aegis = describe(s, SacrificeItem(items_of(game, pharaoh.card)[0]))
    assert aegis == f"sacrifices the item {name['Aegis']} from {name['Pharaoh']}"
    region = name["Mount Olympus"]
    sacrifice = describe(s, SacrificeBuilding(agora))
    assert sacrifice == f"sacrifices the building {name['Agora of Athens']} from {region}"


@pytest.mark.rule("1.4.2", "5.15", "8.rune")
def test_a_position_with_runes_and_held_leaders_round_trips(tmp_path: Path) -> None:
    (tmp_path / "a.toml").write_text(ATTACHED_TOML, encoding="utf-8")
    (tmp_path / "a.json").write_text(json.dumps(tomllib.loads(ATTACHED_TOML)), encoding="utf-8")
    assert load_position(tmp_path / "a.toml") == ATTACHED == load_position(tmp_path / "a.json")
    s = ATTACHED.state()
    again = mc.State.from_json(s.to_json())
    assert again == s and again.game.board.attachments == s.game.board.attachments
    after = mc.apply(s, mc.legal_actions(s)[0])
    assert mc.State.from_json(after.to_json()) == after  # replays from the position


@pytest.mark.rule("1.4.2")
@pytest.mark.parametrize(
    ("position", "rule", "path"),
    [
        (
            replace(ATTACHED, keyword_cards=(KeywordAt(0, "Runes of Warding", 1, "Athenians"),)),
            "attachment-host",
            "keyword_cards[0].host",
        ),
        (
            replace(ATTACHED, keyword_cards=(KeywordAt(5, "Runes of Warding", 1, "Spartans"),)),
            "player-index",
            "keyword_cards[0].player",
        ),
        (
            replace(ATTACHED, keyword_cards=(KeywordAt(0, "Athenians", 1, "Spartans"),)),
            "attachment",
            "keyword_cards[0].card",
        ),
        (
            replace(ATTACHED, held=(HeldAt(1, "Leonidas", 0, "Mount Olympus", "never"),)),
            "attachment",
            "held[0].release",
        ),
    ],
    ids=["rune-host-elsewhere", "no-such-player", "no-keyword-card", "unknown-release"],
)
def test_a_broken_attachment_in_a_position_names_the_rule(
    position: Position, rule: str, path: str
) -> None:
    with pytest.raises(InvalidStateError) as info:
        position.state()
    assert (info.value.rule, info.value.path) == (rule, path), str(info.value)


def test_a_position_file_with_an_unknown_release_is_a_decode_error(tmp_path: Path) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(ATTACHED_TOML.replace('"attacked"', '"never"'), encoding="utf-8")
    with pytest.raises(mc.DecodeError) as info:
        load_position(path)
    assert "held[0].release" in info.value.path, str(info.value)

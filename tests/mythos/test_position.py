"""The MYTHOS position builder (``mitosz_core.mythos.Position``) and position files."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

import mitosz_core as mc
from mitosz_core.errors import InvalidStateError
from mitosz_core.games.mythos.actions import Attack, EndTurn
from mitosz_core.games.mythos.engine import RULESET
from mitosz_core.mythos import Position, Side, SlotAt, load_position


def keys(faction: str, kind: str) -> list[str]:
    return [
        k for k, c in RULESET.pool.items() if c.faction.value == faction and c.type.value == kind
    ]


GUARD = keys("guardians", "unit")
CHAOS = keys("chaos", "unit")


def position(**mine: object) -> Position:
    base: dict[str, object] = {"deck": tuple(GUARD[:5]), "hand": tuple(GUARD[5:7])}
    base.update(mine)
    return Position(
        players=(Side(**base), Side(deck=tuple(CHAOS[:5]), hand=tuple(CHAOS[5:7]))),  # type: ignore[arg-type]
        turn=3,
        round=2,
    )


def test_a_position_plays_on_from_the_main_phase() -> None:
    s = position(aura=4, life=12, battlefield=(SlotAt(GUARD[8], damage=0),)).state()
    assert (s.phase, s.to_act, s.turn, s.game.round) == ("turn.main", 0, 3, 2)
    legal = mc.legal_actions(s)
    assert EndTurn() in legal and any(isinstance(a, Attack) for a in legal)
    assert mc.State.from_json(s.to_json()) == s
    s = mc.apply(s, EndTurn())
    assert s.game.active == 1


@pytest.mark.parametrize(
    ("mine", "rule"),
    [
        ({"life": 0}, "life"),
        ({"aura": 99}, "aura"),
        ({"hand": ("No Such Card",)}, "card-key"),
        ({"battlefield": tuple(SlotAt(k) for k in GUARD[8:14])}, "row-slots"),
        ({"sanctuary": (SlotAt(GUARD[8]),)}, "zone-type"),
    ],
)
def test_a_broken_position_names_the_rule(mine: dict[str, object], rule: str) -> None:
    with pytest.raises(InvalidStateError) as info:
        position(**mine).state()
    assert info.value.rule == rule, str(info.value)


@pytest.mark.ruling("R-03.2")
def test_a_position_whose_round_does_not_match_its_turn() -> None:
    """R-03.2: a round is one turn of each player, from the starting player's: player 0,
    who starts, has turns 1, 3, 5, ..., so round 2 is their turn 3, never turn 4."""
    with pytest.raises(InvalidStateError) as info:
        replace(position(), turn=4).state()
    assert info.value.rule == "round", str(info.value)
    assert info.value.path == "$.state.game.round"


def test_a_json_position_file(tmp_path: Path) -> None:
    data = {
        "format": "mythos-position-1",
        "turn": 3,
        "round": 2,
        "players": [
            {"aura": 2, "deck": GUARD[:3], "infirmary": [{"card": GUARD[8]}]},
            {"deck": CHAOS[:3], "hand": CHAOS[3:5]},
        ],
    }
    path = tmp_path / "p.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    s = load_position(path).state()
    assert s.game.players[0].aura == 2 and len(s.game.players[0].infirmary) == 1
    data["players"][0]["infirmary"] = [{"card": GUARD[8], "damage": -1}]  # type: ignore[index]
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(mc.DecodeError, match="damage"):
        load_position(path)

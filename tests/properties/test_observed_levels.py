"""What a player sees is what the rules use: every level that ``observe`` shows (leaders
and their items, peoples' roads, locations and buildings, the war leaders and troops of a
fight, the sides' levels) equals the level the rules compute, lasting effects included."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings

from mitosz_core.games.mitosz.observation import LeveledCardView, Observation
from mitosz_core.games.mitosz.observe import observe
from mitosz_core.games.mitosz.rules import S
from mitosz_core.games.mitosz.rules.fights.army import side_level
from mitosz_core.games.mitosz.rules.levels import level, road_level_now
from mitosz_core.games.mitosz.state import Game
from tests.properties.support import played_states


def shown_levels(game: Game, view: Observation) -> list[tuple[str, int, int]]:
    """``(where, shown, computed)`` for every level in one player's view."""
    found: list[tuple[str, int, int]] = []

    def card(where: str, shown: LeveledCardView | None) -> None:
        if shown is not None:
            found.append((f"{where} #{shown['id']}", shown["level"], level(game, shown["id"])))

    for i, p in enumerate(view["players"]):
        for row in p["leaders"]:
            cid = row["leader"]["id"]
            found.append((f"leader #{cid}", row["level"], level(game, cid)))
            for item in row["items"]:
                card("item", item)
        for shown, slot in zip(p["empire"], game.players[i].empire, strict=True):
            card("location", shown["location"])
            card("building", shown["building"])
            roads = game.card(slot.card).roads
            for road_view, road in zip(shown["roads"], roads, strict=True):
                computed = road_level_now(game, i, slot, road)
                found.append((f"road {road.edge} of #{slot.card}", road_view["level"], computed))
    fight = view["fight"]
    if fight is not None:
        assert game.fight is not None
        for line in (*fight["attack"], *fight["defend"]):
            card("war leader", line)
        for troop in fight["troops"]:
            card("troop", troop)
        if fight["levels"] is not None:
            for side in (0, 1):
                computed = side_level(game, game.fight, side)
                found.append((f"side {side}", fight["levels"][side], computed))
    return found


@pytest.mark.rule("2.2", "3.2.1", "3.4", "5.7")
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(state=played_states(max_steps=120))
def test_every_level_observe_shows_is_the_level_the_rules_compute(state: S) -> None:
    me = state.to_act if state.to_act is not None else 0
    view = observe(state, me)
    wrong = [(where, shown, computed) for where, shown, computed in shown_levels(state.game, view)]
    assert [w for w in wrong if w[1] != w[2]] == []

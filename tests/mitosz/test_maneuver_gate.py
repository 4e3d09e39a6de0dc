"""The gate of a maneuver action not listed by ``legal_actions`` (4.2, 4.6, 3.7, 3.9):
each condition refuses on its own, whatever the others say. Survivors of the mutation
run over round 3's rule functions (``maneuvers.why_not``) showed these untested: an index
one past the card's maneuvers, a repeat count, a target and a payment each checked only
when another check failed."""

from __future__ import annotations

import pytest

import mitosz_core as mc
from mitosz_core.games.mitosz.actions import PlayFate, UseFreeManeuver, UseManeuver
from mitosz_core.games.mitosz.engine import MitoszRuleset
from mitosz_core.games.mitosz.rules import S
from mitosz_core.mitosz import Leader
from tests.mitosz import fixtures as fx
from tests.mitosz.fight_fixtures import POOL as FIGHT_POOL
from tests.mitosz.fixtures import CROSS, RULESET, build, sea, sky, the

NONE = (0, 0, 0, 0)


@pytest.mark.rule("4.6.2.1", "3.9", "3.7", "4.2.2")
def test_each_condition_of_a_maneuver_action_refuses_on_its_own() -> None:
    # Feint: a free maneuver, action, 1 magic: turn an enemy leader; linked to Champion.
    # Doom: a fate (a god leader lets it be played, 8.god): enemy leaders -1, no target
    def position(spheres: tuple[int, int, int, int]) -> tuple[S, int, int, int, int, int]:
        mine = sky(
            empire=CROSS,
            leaders=(Leader("Hero"), Leader("Champion"), Leader("Sky Leader")),
            hand=("Feint", "Doom"),
            spheres=spheres,
        )
        s = build(mine, sea(leaders=(Leader("King"),)))
        hero, champion, feint, doom = (the(s, k) for k in ("Hero", "Champion", "Feint", "Doom"))
        return s, hero, champion, feint, doom, the(s, "King", 1)

    s, hero, champion, feint, doom, king = position((3, 3, 3, 3))

    def why(action: mc.Action) -> str | None:
        return RULESET.why_not(s, action)

    assert why(UseFreeManeuver(feint, hero, 0, king)) is None
    assert why(UseManeuver(hero, 0)) == "Hero has no maneuver 0"  # it has none
    assert why(UseFreeManeuver(feint, hero, 1, king)) == "Feint has no maneuver 1"
    assert why(PlayFate(doom, 1)) == "Doom has no effect 1"
    assert why(UseFreeManeuver(feint, hero, 0, king, times=2)) is not None  # no slash
    assert why(UseFreeManeuver(feint, hero, 0, hero)) is not None  # an own leader
    assert why(PlayFate(doom, 0, times=2)) is not None
    assert why(PlayFate(doom, 0, king)) is not None  # it names no card
    broke = position(NONE)[0]
    assert RULESET.why_not(broke, UseFreeManeuver(feint, hero, 0, king)) is not None  # 4.2.2
    # 3.9: linked to its user, it costs nothing
    assert RULESET.why_not(broke, UseFreeManeuver(feint, champion, 0, king)) is None


CURSED_ZEALOT = fx.variant(FIGHT_POOL["Zealot"], "Cursed Zealot", cursed=True)
"""The Zealot (Martyrdom: action, sacrifices itself) made cursed (2.4)."""
ZEALOT_RULESET = MitoszRuleset(pool={**FIGHT_POOL, CURSED_ZEALOT.key: CURSED_ZEALOT})


@pytest.mark.rule("2.4", "4.2.6")
@pytest.mark.ruling("R-3.4.2-cursed")
def test_a_cursed_card_does_not_sacrifice_itself_for_its_maneuver() -> None:
    mine = sky(empire=CROSS, leaders=(Leader("Cursed Zealot"),))
    s = build(mine, sea(leaders=(Leader("King"),)), ruleset=ZEALOT_RULESET)
    zealot, king = the(s, "Cursed Zealot"), the(s, "King", 1)
    assert not any(isinstance(a, UseManeuver) and a.user == zealot for a in mc.legal_actions(s))
    assert ZEALOT_RULESET.why_not(s, UseManeuver(zealot, 0, king)) == (
        "Cursed Zealot is cursed and cannot be sacrificed (2.4)"
    )

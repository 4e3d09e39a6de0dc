"""Readable sentences for Mítosz actions, for logs and the demo."""

from __future__ import annotations

from mitosz_core.kernel.action import Action
from mitosz_core.rulesets.mitosz.actions import (
    Choose,
    Discard,
    Pass,
    PlacePeople,
    PlayFate,
    PlayWithoutSummoning,
    Regain,
    SacrificeItem,
    SacrificeLeader,
    Summon,
    ToUnderworld,
    TurnBack,
    UseFreeManeuver,
    UseManeuver,
)
from mitosz_core.rulesets.mitosz.rules import S


def describe(s: S, a: Action) -> str:
    game = s.game

    def name(card: int | None) -> str:
        return "?" if card is None else game.card(card).name_en

    if isinstance(a, Pass):
        return "passes"
    if isinstance(a, PlacePeople):
        return f"places the people {name(a.card)} at ({a.x}, {a.y})"
    if isinstance(a, Summon):
        where = f" onto {name(a.target)}" if a.target is not None else ""
        sub = (
            f", paying {a.substitute[1]} for {a.substitute[0]}" if a.substitute is not None else ""
        )
        return f"summons {name(a.card)}{where}{sub}"
    if isinstance(a, PlayWithoutSummoning):
        return f"plays {name(a.card)} onto {name(a.target)} without summoning"
    if isinstance(a, SacrificeItem):
        return f"sacrifices the item {name(a.card)}"
    if isinstance(a, SacrificeLeader):
        return f"sacrifices the leader {name(a.card)} (leader row over its limit)"
    if isinstance(a, UseManeuver):
        m = game.card(a.user).maneuvers[a.index]
        return f"uses {name(a.user)}'s maneuver {m.name}{_aim(s, a.target, a.target_pending)}"
    if isinstance(a, UseFreeManeuver):
        return f"shows {name(a.card)}, used by {name(a.user)}{_aim(s, a.target, a.target_pending)}"
    if isinstance(a, PlayFate):
        return f"plays the fate {name(a.card)}{_aim(s, a.target, a.target_pending)}"
    if isinstance(a, Choose):
        return f"chooses {name(a.card)}"
    if isinstance(a, ToUnderworld):
        return f"lays {name(a.card)} on the underworld"
    if isinstance(a, Discard):
        return f"discards {name(a.card)}"
    if isinstance(a, Regain):
        return f"regains one {a.sphere} point"
    if isinstance(a, TurnBack):
        return f"turns back {name(a.card)}"
    return str(a)


def _aim(s: S, target: int | None, pending: int | None) -> str:
    if target is not None:
        return f" on {s.game.card(target).name_en}"
    if pending is not None:
        return f" against pending event {pending}"
    return ""

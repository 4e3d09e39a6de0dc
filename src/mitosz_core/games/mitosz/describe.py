"""Readable sentences for Mítosz actions, for logs and the demo."""

from __future__ import annotations

from collections.abc import Callable

from mitosz_core.games.mitosz.actions import (
    AskHelp,
    AttachMount,
    Attack,
    Choose,
    ChooseTroopMode,
    DeclareFight,
    Designate,
    Discard,
    KeepMonster,
    KeywordActionBase,
    Pass,
    PlacePeople,
    PlayFate,
    PlayWithoutSummoning,
    Regain,
    SacrificeBuilding,
    SacrificeCommander,
    SacrificeItem,
    SacrificeLeader,
    Summon,
    SummonTroop,
    SummonWarLeader,
    TakeSpoils,
    ToUnderworld,
    TurnBack,
    UseFreeManeuver,
    UseManeuver,
)
from mitosz_core.games.mitosz.rules import S
from mitosz_core.games.mitosz.rules.hosting import host_of
from mitosz_core.games.mitosz.rules.keywords import KEYWORDS
from mitosz_core.kernel.action import Action


def describe(s: S, a: Action) -> str:
    game = s.game

    def name(card: int | None) -> str:
        return "?" if card is None else game.card(card).name_en

    if isinstance(a, KeywordActionBase):  # a keyword's own action reads as it declares
        for keyword in KEYWORDS:
            for own in keyword.actions:
                if isinstance(a, own.action) and own.describe is not None:
                    return own.describe(a, name)
        return str(a)
    if isinstance(a, Pass):
        return "passes"
    if isinstance(a, PlacePeople):
        return f"places the people {name(a.card)} at ({a.x}, {a.y})"
    if isinstance(a, Summon):
        where = f" onto {name(a.target)}" if a.target is not None else ""
        sub = (
            f", paying {a.substitute[1]} for {a.substitute[0]}" if a.substitute is not None else ""
        )
        given = f", giving up {name(a.pay_with)}" if a.pay_with is not None else ""
        return f"summons {name(a.card)}{where}{sub}{given}"
    if isinstance(a, PlayWithoutSummoning):
        return f"plays {name(a.card)} onto {name(a.target)} without summoning"
    if isinstance(a, SacrificeItem):
        return f"sacrifices the item {name(a.card)}{_on(s, a.card)}"
    if isinstance(a, SacrificeBuilding):
        return f"sacrifices the building {name(a.card)}{_on(s, a.card)}"
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
    return _describe_fight(s, a, name) or str(a)


def _describe_fight(s: S, a: Action, name: Callable[[int | None], str]) -> str | None:
    """The fight actions (chapter 7, 8)."""
    if isinstance(a, DeclareFight):
        return f"starts a {a.fight}"
    if isinstance(a, Attack):
        return f"attacks the people {name(a.people)} by its {a.road} road"
    if isinstance(a, Designate):
        return f"names {name(a.card)} for the {a.line} line"
    if isinstance(a, SummonWarLeader):
        given = f", giving up {name(a.pay_with)}" if a.pay_with is not None else ""
        return f"summons {name(a.card)} to lead the {a.line} line{given}"
    if isinstance(a, AskHelp):
        return f"asks player {a.player} for a comrade"
    if isinstance(a, SummonTroop):
        how = " without summoning" if a.free else ""
        return f"summons the troop {name(a.card)} beside {name(a.leader)}{how}"
    if isinstance(a, ChooseTroopMode):
        return f"lets {name(a.card)} give its {a.mode}"
    if isinstance(a, SacrificeCommander):
        return f"sacrifices the commander {name(a.card)} to save the people"
    if isinstance(a, TakeSpoils):
        return "draws a card as spoils" if a.sphere is None else f"steals a {a.sphere} point"
    if isinstance(a, KeepMonster):
        return f"pays again to keep the monster {name(a.card)}"
    if isinstance(a, AttachMount):
        share = f", sharing {a.shared}" if a.shared else ""
        return f"attaches the mount {name(a.card)} to {name(a.rider)}{share}"
    return None


def _on(s: S, card: int) -> str:
    """Where attached card ``card`` is: the card it is attached to, whatever kind of
    attachment (:func:`~.rules.hosting.host_of`)."""
    host = host_of(s.game, card)
    return "" if host is None else f" from {s.game.card(host).name_en}"


def _aim(s: S, target: int | None, pending: int | None) -> str:
    if target is not None:
        return f" on {s.game.card(target).name_en}"
    if pending is not None:
        return f" against pending event {pending}"
    return ""

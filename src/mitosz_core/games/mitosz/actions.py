"""Every decision a Mítosz player can make, as frozen values.

A choice with many combinations is a sequence of these single choices, so every list of
legal actions stays short and enumerable.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeAlias

from mitosz_core.games.mitosz.cards import Edge, Sphere
from mitosz_core.games.mitosz.state import FightKind, LineName, TroopMode
from mitosz_core.games.mitosz.subtypes import Subtype
from mitosz_core.kernel.action import Action


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Pass: end this step of one's turn, or pass in a counter round (6.1.4, 6.4.1)."""


Pass.kind = "pass"


@dataclass(frozen=True, slots=True)
class PlacePeople(Action):
    """Place people ``card`` from hand into the empire at grid cell ``(x, y)`` (3.2.1)."""

    card: int
    x: int
    y: int

    def __str__(self) -> str:
        return f"place_people(#{self.card} at {self.x},{self.y})"


PlacePeople.kind = "place_people"


@dataclass(frozen=True, slots=True)
class Summon(Action):
    """Summon ``card`` from hand (6.3): a leader, or an item onto leader ``target``, or a
    location onto people ``target``. ``substitute=(paid, instead)`` pays one point of
    ``instead`` for one of ``paid``, for a card linked to the high god (3.1)."""

    card: int
    target: int | None = None
    substitute: tuple[Sphere, Sphere] | None = None
    pay_with: int | None = None
    """The card sacrificed or discarded to meet a further condition of the summoning
    (6.3.4), one of the summoning player's own (5.11)."""

    def __str__(self) -> str:
        onto = f" onto #{self.target}" if self.target is not None else ""
        sub = f" paying {self.substitute[1]} for {self.substitute[0]}" if self.substitute else ""
        cond = f" giving up #{self.pay_with}" if self.pay_with is not None else ""
        return f"summon(#{self.card}{onto}{sub}{cond})"


Summon.kind = "summon"


@dataclass(frozen=True, slots=True)
class PermitHighGod(Action):
    """Allow (``allow=True``) ``player`` to summon your high god as a leader, or withdraw
    the permission (3.4.3). The permission stands until withdrawn."""

    player: int
    allow: bool = True

    def __str__(self) -> str:
        verb = "permit" if self.allow else "forbid"
        return f"{verb}_high_god(P{self.player})"


PermitHighGod.kind = "permit_high_god"


@dataclass(frozen=True, slots=True)
class PlayWithoutSummoning(Action):
    """Play ``card`` without summoning (1.5.3): free, and allowed even when summoning is
    forbidden; e.g. an item onto a leader it is linked to (3.5)."""

    card: int
    target: int | None = None

    def __str__(self) -> str:
        onto = f" onto #{self.target}" if self.target is not None else ""
        return f"play_without_summoning(#{self.card}{onto})"


PlayWithoutSummoning.kind = "play_without_summoning"


@dataclass(frozen=True, slots=True)
class SacrificeItem(Action):
    """Sacrifice an item attached to one's own leader, as a permanent maneuver (3.5). A
    potion's effect takes hold when it is sacrificed (8.potion): its maneuver ``index``
    is used, on ``target`` if it names a card (ruling R-8.potion)."""

    card: int
    index: int = 0
    target: int | None = None

    def __str__(self) -> str:
        onto = f" on #{self.target}" if self.target is not None else ""
        return f"sacrifice_item(#{self.card}{onto})"


SacrificeItem.kind = "sacrifice_item"


@dataclass(frozen=True, slots=True)
class SacrificeBuilding(Action):
    """Sacrifice one's own building as a maneuver, unless it is cursed (8.building,
    ruling R-8.building-sacrifice)."""

    card: int

    def __str__(self) -> str:
        return f"sacrifice_building(#{self.card})"


SacrificeBuilding.kind = "sacrifice_building"


@dataclass(frozen=True, slots=True)
class SacrificeLeader(Action):
    """Sacrifice a leader to bring the leader row back within its limit (3.4.2)."""

    card: int

    def __str__(self) -> str:
        return f"sacrifice_leader(#{self.card})"


SacrificeLeader.kind = "sacrifice_leader"


@dataclass(frozen=True, slots=True)
class ToUnderworld(Action):
    """Lay ``card`` next on its owner's underworld, when several go at once (1.4.2)."""

    card: int

    def __str__(self) -> str:
        return f"to_underworld(#{self.card})"


ToUnderworld.kind = "to_underworld"


@dataclass(frozen=True, slots=True)
class Discard(Action):
    """Discard a card from hand down to hand size at the end of the turn (6.2.4.1)."""

    card: int

    def __str__(self) -> str:
        return f"discard(#{self.card})"


Discard.kind = "discard"


@dataclass(frozen=True, slots=True)
class Regain(Action):
    """Regain one sphere point in ``sphere`` at the end of the turn (6.2.4.3)."""

    sphere: Sphere

    def __str__(self) -> str:
        return f"regain({self.sphere})"


Regain.kind = "regain"


@dataclass(frozen=True, slots=True)
class TurnBack(Action):
    """Turn back one turned leader at the end of the turn (6.2.4.4)."""

    card: int

    def __str__(self) -> str:
        return f"turn_back(#{self.card})"


TurnBack.kind = "turn_back"


@dataclass(frozen=True, slots=True)
class UseManeuver(Action):
    """Use maneuver ``index`` printed on ``user`` (4.6): name its ``target`` card, or the
    pending event (``target_pending``) a counter effect acts on; buy ``steps`` steps of a
    multi-step maneuver and pay its slash ``times`` times (4.2.6)."""

    user: int
    index: int = 0
    target: int | None = None
    target_pending: int | None = None
    steps: int = 1
    times: int = 1

    def __str__(self) -> str:
        return f"use_maneuver(#{self.user}:{self.index}{_extras(self)})"


UseManeuver.kind = "use_maneuver"


@dataclass(frozen=True, slots=True)
class UseFreeManeuver(Action):
    """Show free-maneuver ``card`` from hand and use its maneuver ``index`` with ``user``,
    a permanent or troop of one's own (3.9, 4.6.2.1)."""

    card: int
    user: int
    index: int = 0
    target: int | None = None
    target_pending: int | None = None
    times: int = 1

    def __str__(self) -> str:
        return f"use_free_maneuver(#{self.card} by #{self.user}{_extras(self)})"


UseFreeManeuver.kind = "use_free_maneuver"


@dataclass(frozen=True, slots=True)
class PlayFate(Action):
    """Play fate ``card`` from hand (3.7): it has no user and is never summoned."""

    card: int
    index: int = 0
    target: int | None = None
    target_pending: int | None = None
    times: int = 1

    def __str__(self) -> str:
        return f"play_fate(#{self.card}{_extras(self)})"


PlayFate.kind = "play_fate"


ManeuverAction: TypeAlias = UseManeuver | UseFreeManeuver | PlayFate
"""Any use of a maneuver (4.6), printed on a card, a free maneuver card (3.9) or a fate
(3.7). The maneuver rules check and perform each with this type."""
MANEUVER_ACTIONS = (UseManeuver, UseFreeManeuver, PlayFate)
"""The classes of :data:`ManeuverAction`."""


@dataclass(frozen=True, slots=True)
class Choose(Action):
    """Choose a card an effect asks for: one to discard, or the card a search or a take
    back picks (1.3.3, 1.4.3, 1.5.1)."""

    card: int

    def __str__(self) -> str:
        return f"choose(#{self.card})"


Choose.kind = "choose"


@dataclass(frozen=True, slots=True)
class DeclareFight(Action):
    """Start a fight in the combat phase (6.2.3.2, 7.1.1): a battle or a duel."""

    fight: FightKind

    def __str__(self) -> str:
        return f"declare_fight({self.fight})"


DeclareFight.kind = "declare_fight"


@dataclass(frozen=True, slots=True)
class Attack(Action):
    """Name the enemy people to attack and the road whose level defends it (7.4.1)."""

    people: int
    road: Edge

    def __str__(self) -> str:
        return f"attack(#{self.people} by its {self.road} road)"


Attack.kind = "attack"


@dataclass(frozen=True, slots=True)
class Designate(Action):
    """Name ``card`` for the fight: a commander or comrade leading ``line`` (7.4.2-7.4.7),
    a challenger or the challenged (7.6.1, 7.6.2)."""

    card: int
    line: LineName = LineName.FRONT

    def __str__(self) -> str:
        return f"designate(#{self.card} {self.line})"


Designate.kind = "designate"


@dataclass(frozen=True, slots=True)
class SummonWarLeader(Action):
    """The defender summons a leader from hand to lead ``line`` (7.4.3.1, 7.4.5, 7.4.7)."""

    card: int
    line: LineName = LineName.FRONT
    substitute: tuple[Sphere, Sphere] | None = None
    pay_with: int | None = None
    """The card sacrificed or discarded to meet a further condition of the summoning
    (6.3.4), as for :class:`Summon`."""

    def __str__(self) -> str:
        cond = f" giving up #{self.pay_with}" if self.pay_with is not None else ""
        return f"summon_war_leader(#{self.card} {self.line}{cond})"


SummonWarLeader.kind = "summon_war_leader"


@dataclass(frozen=True, slots=True)
class AskHelp(Action):
    """Ask ``player`` to provide a comrade (7.4.4, 7.4.5; 3+ players)."""

    player: int

    def __str__(self) -> str:
        return f"ask_help(P{self.player})"


AskHelp.kind = "ask_help"


@dataclass(frozen=True, slots=True)
class SummonTroop(Action):
    """Summon troop ``card`` (or a monster as a troop, 8.monster) into the line led by
    ``leader`` (3.8, 7.3.4); ``free`` plays it without summoning, which a troop linked to
    its war leader allows."""

    card: int
    leader: int
    free: bool = False
    substitute: tuple[Sphere, Sphere] | None = None

    def __str__(self) -> str:
        how = " without summoning" if self.free else ""
        return f"summon_troop(#{self.card} beside #{self.leader}{how})"


SummonTroop.kind = "summon_troop"


@dataclass(frozen=True, slots=True)
class ChooseTroopMode(Action):
    """Choose whether a support or reserve troop gives its level or its maneuvers (3.8)."""

    card: int
    mode: TroopMode

    def __str__(self) -> str:
        return f"choose_troop_mode(#{self.card} {self.mode})"


ChooseTroopMode.kind = "choose_troop_mode"


@dataclass(frozen=True, slots=True)
class SacrificeCommander(Action):
    """The defender sacrifices its commander so the people is not destroyed (7.4.10.2)."""

    card: int

    def __str__(self) -> str:
        return f"sacrifice_commander(#{self.card})"


SacrificeCommander.kind = "sacrifice_commander"


@dataclass(frozen=True, slots=True)
class TakeSpoils(Action):
    """Take the spoils (7.4.11): a winning attacker steals a point of ``sphere``; a
    winning defender draws a card (``sphere`` is ``None``)."""

    sphere: Sphere | None = None

    def __str__(self) -> str:
        return f"take_spoils({self.sphere or 'draw'})"


TakeSpoils.kind = "take_spoils"


@dataclass(frozen=True, slots=True)
class KeepMonster(Action):
    """Pay a monster's summoning cost again to put it in the leader row (8.monster.5)."""

    card: int

    def __str__(self) -> str:
        return f"keep_monster(#{self.card})"


KeepMonster.kind = "keep_monster"


@dataclass(frozen=True, slots=True)
class AttachMount(Action):
    """Attach mount ``card`` from the leader row to ``rider``, sharing ``shared`` (8.mount)."""

    card: int
    rider: int
    shared: Subtype | None = None

    def __str__(self) -> str:
        share = f" sharing {self.shared}" if self.shared else ""
        return f"attach_mount(#{self.card} to #{self.rider}{share})"


AttachMount.kind = "attach_mount"


@dataclass(frozen=True, slots=True)
class KeywordActionBase(Action):
    """The base class of the actions a keyword of chapter 8 declares in its own module
    (``rules.keywords.keyword.KeywordAction``): the typed
    face's action union names this class, so that it covers every keyword's action
    without naming each."""


KeywordActionBase.kind = "keyword_action"


def _extras(a: UseManeuver | UseFreeManeuver | PlayFate) -> str:
    parts = []
    if a.target is not None:
        parts.append(f" on #{a.target}")
    if a.target_pending is not None:
        parts.append(f" against pending {a.target_pending}")
    if getattr(a, "steps", 1) != 1:
        parts.append(f" x{getattr(a, 'steps', 1)} steps")
    if a.times != 1:
        parts.append(f" x{a.times}")
    return "".join(parts)


CORE_ACTION_TYPES: tuple[type[Action], ...] = (
    Pass,
    PlacePeople,
    Summon,
    PermitHighGod,
    PlayWithoutSummoning,
    SacrificeItem,
    SacrificeLeader,
    ToUnderworld,
    Discard,
    Regain,
    TurnBack,
    UseManeuver,
    UseFreeManeuver,
    PlayFate,
    Choose,
    DeclareFight,
    Attack,
    Designate,
    SummonWarLeader,
    AskHelp,
    SummonTroop,
    ChooseTroopMode,
    SacrificeCommander,
    TakeSpoils,
    KeepMonster,
    AttachMount,
    SacrificeBuilding,
)
"""The actions of the core rules, in their order in the action union; the keywords
declared in modules bring their own (:data:`~.rules.keywords.KEYWORD_ACTIONS`), after
these in :data:`~.engine.ACTION_TYPES`."""

"""Every decision a Mítosz player can make, as frozen values.

A choice with many combinations is a sequence of these single choices, so every list of
legal actions stays short and enumerable.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, TypeAlias

from mitosz_core.games.mitosz.cards import Edge, Sphere
from mitosz_core.games.mitosz.state import FightKind, LineName, TroopMode
from mitosz_core.games.mitosz.subtypes import Subtype
from mitosz_core.kernel.action import Action


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Pass: end this step of one's turn, or pass in a counter round (6.1.4, 6.4.1)."""

    kind: ClassVar[str] = "pass"


@dataclass(frozen=True, slots=True)
class PlacePeople(Action):
    """Place people ``card`` from hand into the empire at grid cell ``(x, y)`` (3.2.1)."""

    kind: ClassVar[str] = "place_people"
    card: int
    x: int
    y: int

    def __str__(self) -> str:
        return f"place_people(#{self.card} at {self.x},{self.y})"


@dataclass(frozen=True, slots=True)
class Summon(Action):
    """Summon ``card`` from hand (6.3): a leader, or an item onto leader ``target``, or a
    location onto people ``target``. ``substitute=(paid, instead)`` pays one point of
    ``instead`` for one of ``paid``, for a card linked to the high god (3.1)."""

    kind: ClassVar[str] = "summon"
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


@dataclass(frozen=True, slots=True)
class PermitHighGod(Action):
    """Allow (``allow=True``) ``player`` to summon your high god as a leader, or withdraw
    the permission (3.4.3). The permission stands until withdrawn."""

    kind: ClassVar[str] = "permit_high_god"
    player: int
    allow: bool = True

    def __str__(self) -> str:
        verb = "permit" if self.allow else "forbid"
        return f"{verb}_high_god(P{self.player})"


@dataclass(frozen=True, slots=True)
class PlayWithoutSummoning(Action):
    """Play ``card`` without summoning (1.5.3): free, and allowed even when summoning is
    forbidden; e.g. an item onto a leader it is linked to (3.5)."""

    kind: ClassVar[str] = "play_without_summoning"
    card: int
    target: int | None = None

    def __str__(self) -> str:
        onto = f" onto #{self.target}" if self.target is not None else ""
        return f"play_without_summoning(#{self.card}{onto})"


@dataclass(frozen=True, slots=True)
class SacrificeItem(Action):
    """Sacrifice an item attached to one's own leader, as a permanent maneuver (3.5). A
    potion's effect takes hold when it is sacrificed (8.potion): its maneuver ``index``
    is used, on ``target`` if it names a card (ruling R-8.potion)."""

    kind: ClassVar[str] = "sacrifice_item"
    card: int
    index: int = 0
    target: int | None = None

    def __str__(self) -> str:
        onto = f" on #{self.target}" if self.target is not None else ""
        return f"sacrifice_item(#{self.card}{onto})"


@dataclass(frozen=True, slots=True)
class SacrificeBuilding(Action):
    """Sacrifice one's own building as a maneuver, unless it is cursed (8.building,
    ruling R-8.building-sacrifice)."""

    kind: ClassVar[str] = "sacrifice_building"
    card: int

    def __str__(self) -> str:
        return f"sacrifice_building(#{self.card})"


@dataclass(frozen=True, slots=True)
class SacrificeLeader(Action):
    """Sacrifice a leader to bring the leader row back within its limit (3.4.2)."""

    kind: ClassVar[str] = "sacrifice_leader"
    card: int

    def __str__(self) -> str:
        return f"sacrifice_leader(#{self.card})"


@dataclass(frozen=True, slots=True)
class ToUnderworld(Action):
    """Lay ``card`` next on its owner's underworld, when several go at once (1.4.2)."""

    kind: ClassVar[str] = "to_underworld"
    card: int

    def __str__(self) -> str:
        return f"to_underworld(#{self.card})"


@dataclass(frozen=True, slots=True)
class Discard(Action):
    """Discard a card from hand down to hand size at the end of the turn (6.2.4.1)."""

    kind: ClassVar[str] = "discard"
    card: int

    def __str__(self) -> str:
        return f"discard(#{self.card})"


@dataclass(frozen=True, slots=True)
class Regain(Action):
    """Regain one sphere point in ``sphere`` at the end of the turn (6.2.4.3)."""

    kind: ClassVar[str] = "regain"
    sphere: Sphere

    def __str__(self) -> str:
        return f"regain({self.sphere})"


@dataclass(frozen=True, slots=True)
class TurnBack(Action):
    """Turn back one turned leader at the end of the turn (6.2.4.4)."""

    kind: ClassVar[str] = "turn_back"
    card: int

    def __str__(self) -> str:
        return f"turn_back(#{self.card})"


@dataclass(frozen=True, slots=True)
class UseManeuver(Action):
    """Use maneuver ``index`` printed on ``user`` (4.6): name its ``target`` card, or the
    pending event (``target_pending``) a counter effect acts on; buy ``steps`` steps of a
    multi-step maneuver and pay its slash ``times`` times (4.2.6)."""

    kind: ClassVar[str] = "use_maneuver"
    user: int
    index: int = 0
    target: int | None = None
    target_pending: int | None = None
    steps: int = 1
    times: int = 1

    def __str__(self) -> str:
        return f"use_maneuver(#{self.user}:{self.index}{_extras(self)})"


@dataclass(frozen=True, slots=True)
class UseFreeManeuver(Action):
    """Show free-maneuver ``card`` from hand and use its maneuver ``index`` with ``user``,
    a permanent or troop of one's own (3.9, 4.6.2.1)."""

    kind: ClassVar[str] = "use_free_maneuver"
    card: int
    user: int
    index: int = 0
    target: int | None = None
    target_pending: int | None = None
    times: int = 1

    def __str__(self) -> str:
        return f"use_free_maneuver(#{self.card} by #{self.user}{_extras(self)})"


@dataclass(frozen=True, slots=True)
class PlayFate(Action):
    """Play fate ``card`` from hand (3.7): it has no user and is never summoned."""

    kind: ClassVar[str] = "play_fate"
    card: int
    index: int = 0
    target: int | None = None
    target_pending: int | None = None
    times: int = 1

    def __str__(self) -> str:
        return f"play_fate(#{self.card}{_extras(self)})"


ManeuverAction: TypeAlias = UseManeuver | UseFreeManeuver | PlayFate
"""Any use of a maneuver (4.6), printed on a card, a free maneuver card (3.9) or a fate
(3.7). The maneuver rules check and perform each with this type."""
MANEUVER_ACTIONS = (UseManeuver, UseFreeManeuver, PlayFate)
"""The classes of :data:`ManeuverAction`."""


@dataclass(frozen=True, slots=True)
class Choose(Action):
    """Choose a card an effect asks for: one to discard, or the card a search or a take
    back picks (1.3.3, 1.4.3, 1.5.1)."""

    kind: ClassVar[str] = "choose"
    card: int

    def __str__(self) -> str:
        return f"choose(#{self.card})"


@dataclass(frozen=True, slots=True)
class DeclareFight(Action):
    """Start a fight in the combat phase (6.2.3.2, 7.1.1): a battle or a duel."""

    kind: ClassVar[str] = "declare_fight"
    fight: FightKind

    def __str__(self) -> str:
        return f"declare_fight({self.fight})"


@dataclass(frozen=True, slots=True)
class Attack(Action):
    """Name the enemy people to attack and the road whose level defends it (7.4.1)."""

    kind: ClassVar[str] = "attack"
    people: int
    road: Edge

    def __str__(self) -> str:
        return f"attack(#{self.people} by its {self.road} road)"


@dataclass(frozen=True, slots=True)
class Designate(Action):
    """Name ``card`` for the fight: a commander or comrade leading ``line`` (7.4.2-7.4.7),
    a challenger or the challenged (7.6.1, 7.6.2)."""

    kind: ClassVar[str] = "designate"
    card: int
    line: LineName = LineName.FRONT

    def __str__(self) -> str:
        return f"designate(#{self.card} {self.line})"


@dataclass(frozen=True, slots=True)
class SummonWarLeader(Action):
    """The defender summons a leader from hand to lead ``line`` (7.4.3.1, 7.4.5, 7.4.7)."""

    kind: ClassVar[str] = "summon_war_leader"
    card: int
    line: LineName = LineName.FRONT
    substitute: tuple[Sphere, Sphere] | None = None
    pay_with: int | None = None
    """The card sacrificed or discarded to meet a further condition of the summoning
    (6.3.4), as for :class:`Summon`."""

    def __str__(self) -> str:
        cond = f" giving up #{self.pay_with}" if self.pay_with is not None else ""
        return f"summon_war_leader(#{self.card} {self.line}{cond})"


@dataclass(frozen=True, slots=True)
class AskHelp(Action):
    """Ask ``player`` to provide a comrade (7.4.4, 7.4.5; 3+ players)."""

    kind: ClassVar[str] = "ask_help"
    player: int

    def __str__(self) -> str:
        return f"ask_help(P{self.player})"


@dataclass(frozen=True, slots=True)
class SummonTroop(Action):
    """Summon troop ``card`` (or a monster as a troop, 8.monster) into the line led by
    ``leader`` (3.8, 7.3.4); ``free`` plays it without summoning, which a troop linked to
    its war leader allows."""

    kind: ClassVar[str] = "summon_troop"
    card: int
    leader: int
    free: bool = False
    substitute: tuple[Sphere, Sphere] | None = None

    def __str__(self) -> str:
        how = " without summoning" if self.free else ""
        return f"summon_troop(#{self.card} beside #{self.leader}{how})"


@dataclass(frozen=True, slots=True)
class ChooseTroopMode(Action):
    """Choose whether a support or reserve troop gives its level or its maneuvers (3.8)."""

    kind: ClassVar[str] = "choose_troop_mode"
    card: int
    mode: TroopMode

    def __str__(self) -> str:
        return f"choose_troop_mode(#{self.card} {self.mode})"


@dataclass(frozen=True, slots=True)
class SacrificeCommander(Action):
    """The defender sacrifices its commander so the people is not destroyed (7.4.10.2)."""

    kind: ClassVar[str] = "sacrifice_commander"
    card: int

    def __str__(self) -> str:
        return f"sacrifice_commander(#{self.card})"


@dataclass(frozen=True, slots=True)
class TakeSpoils(Action):
    """Take the spoils (7.4.11): a winning attacker steals a point of ``sphere``; a
    winning defender draws a card (``sphere`` is ``None``)."""

    kind: ClassVar[str] = "take_spoils"
    sphere: Sphere | None = None

    def __str__(self) -> str:
        return f"take_spoils({self.sphere or 'draw'})"


@dataclass(frozen=True, slots=True)
class KeepMonster(Action):
    """Pay a monster's summoning cost again to put it in the leader row (8.monster.5)."""

    kind: ClassVar[str] = "keep_monster"
    card: int

    def __str__(self) -> str:
        return f"keep_monster(#{self.card})"


@dataclass(frozen=True, slots=True)
class AttachMount(Action):
    """Attach mount ``card`` from the leader row to ``rider``, sharing ``shared`` (8.mount)."""

    kind: ClassVar[str] = "attach_mount"
    card: int
    rider: int
    shared: Subtype | None = None

    def __str__(self) -> str:
        share = f" sharing {self.shared}" if self.shared else ""
        return f"attach_mount(#{self.card} to #{self.rider}{share})"


@dataclass(frozen=True, slots=True)
class KeywordActionBase(Action):
    """The base class of the actions a keyword of chapter 8 declares in its own module
    (``rules.keywords.keyword.KeywordAction``): the typed
    face's action union names this class, so that it covers every keyword's action
    without naming each."""

    kind: ClassVar[str] = "keyword_action"


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

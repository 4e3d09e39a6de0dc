"""MYTHOS cards as frozen data: card types, trigger types and the effect primitives.

A card's rules text is a tuple of :class:`Trigger` values (09); each trigger holds a tuple
of effects drawn from a small closed set of typed primitives (:data:`Effect`), which
:func:`mitosz_core.games.mythos.rules.effects.resolve_effect` interprets with one
``match``. Card files never hold code: they name primitives and their numbers.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, field

from mitosz_core.kernel.tagged import Tagged


class Faction(enum.Enum):
    """The two factions (*Fraktionen*, 10)."""

    GUARDIANS = "guardians"
    CHAOS = "chaos"


class CardType(enum.Enum):
    """Card types (*Kartentypen*, 02.8)."""

    UNIT = "unit"
    ARTIFACT = "artifact"
    PLACE = "place"
    UPGRADE = "upgrade"
    MAGIC = "magic"
    EVENT = "event"


class UnitKind(enum.Enum):
    """Unit kinds of the faction lists (10.2, 10.3): *Gott, Held, Kreatur, Gefährte*."""

    GOD = "god"
    HERO = "hero"
    CREATURE = "creature"
    COMPANION = "companion"


class Element(enum.Enum):
    """Elements (10): *Licht, Äther, Wasser, Feuer*. They carry no rule (R-10-elements)."""

    LIGHT = "light"
    AETHER = "aether"
    WATER = "water"
    FIRE = "fire"


class TriggerType(enum.Enum):
    """The seven trigger types (*Trigger-Typen*, 09)."""

    ON_ENTER = "on_enter"  # EINTRITT
    ACTIVATED = "activated"  # AKTIVIERUNG
    ON_EXIT = "on_exit"  # AUSTRITT
    CONDITIONAL = "conditional"  # KONDITIONIERT
    PASSIVE = "passive"  # PASSIV
    CYCLE = "cycle"  # ZYKLUS
    ONE_SHOT = "one_shot"  # EINMALIG


class When(enum.Enum):
    """When a cycle (09.7) or conditional (09.5) trigger fires."""

    START = "start"
    """Cycle: at the start of your turn (*Am Anfang deiner Runde*)."""
    END = "end"
    """Cycle: at the end of your turn (*Am Ende deiner Runde*)."""
    OWN_UNIT_DIES = "own_unit_dies"
    """Conditional: whenever one of your units dies."""
    ENEMY_UNIT_DIES = "enemy_unit_dies"
    """Conditional: whenever an enemy unit dies."""
    ATTACKS = "attacks"
    """Conditional: whenever this unit (or the artifact's carrier) attacks."""
    EVENT_PLAYED = "event_played"
    """Conditional: whenever you play an event."""


CYCLE_WHEN = frozenset({When.START, When.END})
CONDITIONAL_WHEN = frozenset(set(When) - CYCLE_WHEN)


class Target(enum.Enum):
    """Whom an effect reaches. ``ENEMY_UNIT`` and ``OWN_UNIT`` are chosen by the player."""

    SELF = "self"
    """The unit itself; for an artifact, the unit carrying it."""
    YOU = "you"
    OPPONENT = "opponent"
    ENEMY_UNIT = "enemy_unit"
    OWN_UNIT = "own_unit"
    ALL_ENEMY_UNITS = "all_enemy_units"
    ALL_OWN_UNITS = "all_own_units"


CHOSEN = frozenset({Target.ENEMY_UNIT, Target.OWN_UNIT})
"""Targets the player picks when playing or activating (carried by the action)."""


class Duration(enum.Enum):
    """How long a boost lasts: to the end of the turn, or while the card stays in play."""

    TURN = "turn"
    PERMANENT = "permanent"


class AttachCostKind(enum.Enum):
    """The kinds of upgrade attach costs (*Anlagekosten*, 08)."""

    DISCARD = "discard"
    LIFE = "life"
    SACRIFICE = "sacrifice"
    LIFE_OR_UNIT = "life_or_unit"


# effect primitives ----------------------------------------------------------------------


class Primitive(Tagged):
    """The base of the effect primitives; ``kind`` is the primitive's ``op`` in a card
    file and its ``"type"`` in a saved state."""

    __slots__ = ()


@dataclass(frozen=True, slots=True)
class Damage(Primitive):
    """Deal ``amount`` damage to a unit, the units, or a player."""

    target: Target
    amount: int


Damage.kind = "damage"


@dataclass(frozen=True, slots=True)
class Heal(Primitive):
    """Remove up to ``amount`` damage from units, or give a player up to ``amount`` life
    (never above the starting 20, R-01.1-cap)."""

    target: Target
    amount: int


Heal.kind = "heal"


@dataclass(frozen=True, slots=True)
class Draw(Primitive):
    """The controller draws ``amount`` cards (never above 7 in hand, 07.2)."""

    amount: int


Draw.kind = "draw"


@dataclass(frozen=True, slots=True)
class GainAura(Primitive):
    """The controller gains ``amount`` aura, up to their cap (03.4, 03.5)."""

    amount: int


GainAura.kind = "gain_aura"


@dataclass(frozen=True, slots=True)
class Buff(Primitive):
    """Units get ``+attack/+life``: until the end of the turn, or permanently (a marker
    that a fresh re-entry clears, 09.9)."""

    target: Target
    attack: int
    life: int
    duration: Duration


Buff.kind = "buff"


@dataclass(frozen=True, slots=True)
class Destroy(Primitive):
    """Destroy a unit: it dies and goes to the graveyard (06.4.3)."""

    target: Target


Destroy.kind = "destroy"


@dataclass(frozen=True, slots=True)
class Sacrifice(Primitive):
    """Sacrifice one of your own units, chosen (``OWN_UNIT``): it dies."""


Sacrifice.kind = "sacrifice"


@dataclass(frozen=True, slots=True)
class Revive(Primitive):
    """Return the unit put into your graveyard last to your infirmary, fresh (09.9)."""


Revive.kind = "revive"


@dataclass(frozen=True, slots=True)
class Bonus(Primitive):
    """Passive (09.6): ``+attack/+life`` for this unit (``SELF``) or all your units."""

    scope: Target
    attack: int
    life: int


Bonus.kind = "bonus"


@dataclass(frozen=True, slots=True)
class AuraCap(Primitive):
    """Passive (09.6): your aura cap becomes ``cap`` (Hades, Olymp: 15, 03.5)."""

    cap: int


AuraCap.kind = "aura_cap"


Effect = Damage | Heal | Draw | GainAura | Buff | Destroy | Sacrifice | Revive | Bonus | AuraCap
"""The closed set of effect primitives."""

EFFECT_TYPES: tuple[type[Primitive], ...] = (
    Damage,
    Heal,
    Draw,
    GainAura,
    Buff,
    Destroy,
    Sacrifice,
    Revive,
    Bonus,
    AuraCap,
)
"""The effect primitives, in the order of :data:`Effect`."""

TAGGED: Mapping[type, Mapping[str, type]] = {Primitive: {c.kind: c for c in EFFECT_TYPES}}
"""The tagged unions of MYTHOS game data, for the codec: the effect primitives by ``op``."""

PASSIVE_EFFECTS = (Bonus, AuraCap)
"""The primitives that are states, not happenings: only passive triggers hold them."""


@dataclass(frozen=True, slots=True)
class Cost:
    """What an activated ability costs (09.3): aura, and optionally life."""

    aura: int = 0
    life: int = 0


@dataclass(frozen=True, slots=True)
class Trigger:
    """One trigger of a card: its type, when it fires, its cost and its effects."""

    type: TriggerType
    effects: tuple[Effect, ...]
    when: When | None = None
    cost: Cost = Cost()

    @property
    def chosen(self) -> Target | None:
        """The chosen-target kind this trigger needs (at most one), or ``None``."""
        for effect in self.effects:
            if isinstance(effect, Sacrifice):
                return Target.OWN_UNIT
            target = getattr(effect, "target", None)
            if isinstance(target, Target) and target in CHOSEN:
                return target
        return None


@dataclass(frozen=True, slots=True)
class AttachCost:
    """An upgrade's special attach cost (08): ``amount`` of ``kind``."""

    kind: AttachCostKind
    amount: int


@dataclass(frozen=True, slots=True)
class CardDef:
    """One printed MYTHOS card (German and English name, written for this project)."""

    key: str
    name_en: str
    name_de: str
    faction: Faction
    type: CardType
    cost: int
    count: int = 1
    kind: UnitKind | None = None
    mobilize: int = 0
    attack: int = 0
    life: int = 0
    element: Element | None = None
    unique: bool = False
    attach_cost: AttachCost | None = None
    triggers: tuple[Trigger, ...] = ()
    text_en: str = ""
    text_de: str = ""
    _by_type: Mapping[TriggerType, tuple[Trigger, ...]] = field(
        init=False, repr=False, compare=False, hash=False
    )
    _bonuses: tuple[Bonus, ...] = field(init=False, repr=False, compare=False, hash=False)
    _cap: int = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        by_type = {k: tuple(t for t in self.triggers if t.type is k) for k in TriggerType}
        passives = [e for t in by_type[TriggerType.PASSIVE] for e in t.effects]
        object.__setattr__(self, "_by_type", by_type)
        object.__setattr__(self, "_bonuses", tuple(e for e in passives if isinstance(e, Bonus)))
        caps = [e.cap for e in passives if isinstance(e, AuraCap)]
        object.__setattr__(self, "_cap", max(caps, default=0))

    def triggers_of(self, kind: TriggerType) -> tuple[Trigger, ...]:
        return self._by_type[kind]

    @property
    def bonuses(self) -> tuple[Bonus, ...]:
        """The card's passive stat bonuses (09.6)."""
        return self._bonuses

    @property
    def cap(self) -> int:
        """The aura cap the card's passive sets, or 0 (03.5)."""
        return self._cap

    @property
    def activated(self) -> Trigger | None:
        """The card's activated ability (at most one per card)."""
        found = self.triggers_of(TriggerType.ACTIVATED)
        return found[0] if found else None

    @property
    def one_shot(self) -> Trigger | None:
        found = self.triggers_of(TriggerType.ONE_SHOT)
        return found[0] if found else None

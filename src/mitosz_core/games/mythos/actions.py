"""Every decision a MYTHOS player can make, as frozen values.

A choice with many combinations (the attackers, the blocks, the damage order, an attach
cost) is a sequence of these single choices, so every list of legal actions stays short.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from mitosz_core.kernel.action import Action


@dataclass(frozen=True, slots=True)
class DrawCard(Action):
    """Draw at the start of the turn: 1 card, or 2 with an empty hand (04.1, 07)."""

    kind: ClassVar[str] = "draw"


@dataclass(frozen=True, slots=True)
class DrawSacrifice(Action):
    """Take +1 aura instead of drawing (*Ziehopfer*, 03.7)."""

    kind: ClassVar[str] = "draw_sacrifice"


@dataclass(frozen=True, slots=True)
class Play(Action):
    """Play ``card`` from hand, paying its aura (04.3); ``target`` is the chosen unit of
    an event that needs one."""

    kind: ClassVar[str] = "play"
    card: int
    target: int | None = None

    def __str__(self) -> str:
        at = f" at #{self.target}" if self.target is not None else ""
        return f"play(#{self.card}{at})"


@dataclass(frozen=True, slots=True)
class Mobilize(Action):
    """Mobilise ``unit`` from the infirmary to the battlefield (05)."""

    kind: ClassVar[str] = "mobilize"
    unit: int

    def __str__(self) -> str:
        return f"mobilize(#{self.unit})"


@dataclass(frozen=True, slots=True)
class Recall(Action):
    """Recall ``unit`` from the battlefield to the infirmary (02.ex-slots, R-02.ex-slots)."""

    kind: ClassVar[str] = "recall"
    unit: int

    def __str__(self) -> str:
        return f"recall(#{self.unit})"


@dataclass(frozen=True, slots=True)
class Attach(Action):
    """Attach an artifact to a unit, or an upgrade to a place (02.6, 02.7, 08)."""

    kind: ClassVar[str] = "attach"
    card: int
    to: int

    def __str__(self) -> str:
        return f"attach(#{self.card} to #{self.to})"


@dataclass(frozen=True, slots=True)
class Activate(Action):
    """Use the activated ability of ``source`` (a unit, or an artifact on a unit) on the
    battlefield (09.3); ``target`` is the chosen unit if the ability needs one."""

    kind: ClassVar[str] = "activate"
    source: int
    target: int | None = None

    def __str__(self) -> str:
        at = f" at #{self.target}" if self.target is not None else ""
        return f"activate(#{self.source}{at})"


@dataclass(frozen=True, slots=True)
class Attack(Action):
    """Send ``unit`` into a fight (06.1): from the turn's actions it opens a fight; while
    attackers are being declared it adds one more."""

    kind: ClassVar[str] = "attack"
    unit: int

    def __str__(self) -> str:
        return f"attack(#{self.unit})"


@dataclass(frozen=True, slots=True)
class Block(Action):
    """Let ``blocker`` block ``attacker`` (06.2)."""

    kind: ClassVar[str] = "block"
    blocker: int
    attacker: int

    def __str__(self) -> str:
        return f"block(#{self.blocker} blocks #{self.attacker})"


@dataclass(frozen=True, slots=True)
class Done(Action):
    """No more attackers, or no more blocks."""

    kind: ClassVar[str] = "done"


@dataclass(frozen=True, slots=True)
class DamageOrder(Action):
    """The next pairing in the damage order: ``attacker`` deals its damage to
    ``blocker`` now (06.3)."""

    kind: ClassVar[str] = "damage_order"
    attacker: int
    blocker: int

    def __str__(self) -> str:
        return f"damage_order(#{self.attacker} -> #{self.blocker})"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Play no (more) event in this window (04.4, 11.9)."""

    kind: ClassVar[str] = "pass"


@dataclass(frozen=True, slots=True)
class EndTurn(Action):
    """End the turn (04.3)."""

    kind: ClassVar[str] = "end_turn"


@dataclass(frozen=True, slots=True)
class PayDiscard(Action):
    """Discard ``card`` towards an attach cost (Agora, Bibliothek: 08.2, 08.4)."""

    kind: ClassVar[str] = "pay_discard"
    card: int

    def __str__(self) -> str:
        return f"pay_discard(#{self.card})"


@dataclass(frozen=True, slots=True)
class PaySacrifice(Action):
    """Sacrifice ``unit`` towards an attach cost (Schmiede, Stadtmauer: 08.7, 08.8)."""

    kind: ClassVar[str] = "pay_sacrifice"
    unit: int

    def __str__(self) -> str:
        return f"pay_sacrifice(#{self.unit})"


@dataclass(frozen=True, slots=True)
class PayLife(Action):
    """Pay the Tempel's 2 life from yourself (``unit`` is ``None``) or from one of your
    units (08.9)."""

    kind: ClassVar[str] = "pay_life"
    unit: int | None = None

    def __str__(self) -> str:
        return "pay_life(you)" if self.unit is None else f"pay_life(#{self.unit})"


ACTION_TYPES: tuple[type[Action], ...] = (
    DrawCard,
    DrawSacrifice,
    Play,
    Mobilize,
    Recall,
    Attach,
    Activate,
    Attack,
    Block,
    Done,
    DamageOrder,
    Pass,
    EndTurn,
    PayDiscard,
    PaySacrifice,
    PayLife,
)

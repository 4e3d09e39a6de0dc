"""Every decision a MYTHOS player can make, as frozen values.

A choice with many combinations (the attackers, the blocks, the damage order, an attach
cost) is a sequence of these single choices, so every list of legal actions stays short.
"""

from __future__ import annotations

from dataclasses import dataclass

from mitosz_core.kernel.action import Action


@dataclass(frozen=True, slots=True)
class DrawCard(Action):
    """Draw at the start of the turn: 1 card, or 2 with an empty hand (04.1, 07)."""


DrawCard.kind = "draw"


@dataclass(frozen=True, slots=True)
class DrawSacrifice(Action):
    """Take +1 aura instead of drawing (*Ziehopfer*, 03.7)."""


DrawSacrifice.kind = "draw_sacrifice"


@dataclass(frozen=True, slots=True)
class Play(Action):
    """Play ``card`` from hand, paying its aura (04.3); ``target`` is the chosen unit of
    an event that needs one."""

    card: int
    target: int | None = None

    def __str__(self) -> str:
        at = f" at #{self.target}" if self.target is not None else ""
        return f"play(#{self.card}{at})"


Play.kind = "play"


@dataclass(frozen=True, slots=True)
class Mobilize(Action):
    """Mobilise ``unit`` from the infirmary to the battlefield (05)."""

    unit: int

    def __str__(self) -> str:
        return f"mobilize(#{self.unit})"


Mobilize.kind = "mobilize"


@dataclass(frozen=True, slots=True)
class Recall(Action):
    """Recall ``unit`` from the battlefield to the infirmary (02.ex-slots, R-02.ex-slots)."""

    unit: int

    def __str__(self) -> str:
        return f"recall(#{self.unit})"


Recall.kind = "recall"


@dataclass(frozen=True, slots=True)
class Attach(Action):
    """Attach an artifact to a unit, or an upgrade to a place (02.6, 02.7, 08)."""

    card: int
    to: int

    def __str__(self) -> str:
        return f"attach(#{self.card} to #{self.to})"


Attach.kind = "attach"


@dataclass(frozen=True, slots=True)
class Activate(Action):
    """Use the activated ability of ``source`` (a unit, or an artifact on a unit) on the
    battlefield (09.3); ``target`` is the chosen unit if the ability needs one."""

    source: int
    target: int | None = None

    def __str__(self) -> str:
        at = f" at #{self.target}" if self.target is not None else ""
        return f"activate(#{self.source}{at})"


Activate.kind = "activate"


@dataclass(frozen=True, slots=True)
class Attack(Action):
    """Send ``unit`` into a fight (06.1): from the turn's actions it opens a fight; while
    attackers are being declared it adds one more."""

    unit: int

    def __str__(self) -> str:
        return f"attack(#{self.unit})"


Attack.kind = "attack"


@dataclass(frozen=True, slots=True)
class Block(Action):
    """Let ``blocker`` block ``attacker`` (06.2)."""

    blocker: int
    attacker: int

    def __str__(self) -> str:
        return f"block(#{self.blocker} blocks #{self.attacker})"


Block.kind = "block"


@dataclass(frozen=True, slots=True)
class Done(Action):
    """No more attackers, or no more blocks."""


Done.kind = "done"


@dataclass(frozen=True, slots=True)
class DamageOrder(Action):
    """The next pairing in the damage order: ``attacker`` deals its damage to
    ``blocker`` now (06.3)."""

    attacker: int
    blocker: int

    def __str__(self) -> str:
        return f"damage_order(#{self.attacker} -> #{self.blocker})"


DamageOrder.kind = "damage_order"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Play no (more) event in this window (04.4, 11.9)."""


Pass.kind = "pass"


@dataclass(frozen=True, slots=True)
class EndTurn(Action):
    """End the turn (04.3)."""


EndTurn.kind = "end_turn"


@dataclass(frozen=True, slots=True)
class PayDiscard(Action):
    """Discard ``card`` towards an attach cost (Agora, Bibliothek: 08.2, 08.4)."""

    card: int

    def __str__(self) -> str:
        return f"pay_discard(#{self.card})"


PayDiscard.kind = "pay_discard"


@dataclass(frozen=True, slots=True)
class PaySacrifice(Action):
    """Sacrifice ``unit`` towards an attach cost (Schmiede, Stadtmauer: 08.7, 08.8)."""

    unit: int

    def __str__(self) -> str:
        return f"pay_sacrifice(#{self.unit})"


PaySacrifice.kind = "pay_sacrifice"


@dataclass(frozen=True, slots=True)
class PayLife(Action):
    """Pay the Tempel's 2 life from yourself (``unit`` is ``None``) or from one of your
    units (08.9)."""

    unit: int | None = None

    def __str__(self) -> str:
        return "pay_life(you)" if self.unit is None else f"pay_life(#{self.unit})"


PayLife.kind = "pay_life"


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

"""Card anatomy (*a lapok felépítése*, chapter 2) and the card vocabulary.

A :class:`CardDef` is one printed card: everything chapter 2 says a card carries. It is
pure data; the rules read it, never the other way round.
"""

from __future__ import annotations

from dataclasses import dataclass

from mitosz_core.games.mitosz.effects.language import Cards, Maneuver, SummonCondition
from mitosz_core.games.mitosz.subtypes import Subtype
from mitosz_core.games.mitosz.terms import (
    PERMANENT_TYPES,
    SPHERES,
    CardType,
    Edge,
    Mythos,
    Sphere,
)

__all__ = [
    "PERMANENT_TYPES",
    "SPHERES",
    "CardDef",
    "CardType",
    "Edge",
    "Mythos",
    "Road",
    "Sphere",
    "halve",
    "is_creature",
    "linked",
]


@dataclass(frozen=True, slots=True)
class Road:
    """A road (*út*) on one edge of a people card, with its printed level (3.2)."""

    edge: Edge
    level: int


@dataclass(frozen=True, slots=True)
class CardDef:
    """One printed card.

    ``key`` is unique in a card pool, and decks name cards by it; ``name_en`` is the
    printed English name, which mythic links use. Two cards may share a name (a high god
    and the leader of the same name, 2.8) but never a key. ``level`` is the printed level;
    with ``level_modifier`` the card is a +/- card whose level adds to another card's
    (2.2). ``cost``, ``spheres`` and ``produces`` list the four spheres in the order of
    :data:`~mitosz_core.games.mitosz.terms.SPHERES`: the summoning cost (2.6), a high
    god's sphere maxima (3.1), and the sphere points a card produces at the end of its
    player's turn (6.2.4.3).
    """

    key: str
    name_en: str
    name_hu: str
    serial: str
    set_symbol: str
    mythos: Mythos
    type: CardType
    subtypes: tuple[Subtype, ...] = ()
    level: int = 0
    level_modifier: bool = False
    cost: tuple[int, int, int, int] = (0, 0, 0, 0)
    power: int = 0
    unique: bool = False
    magical: bool = False
    cursed: bool = False
    roads: tuple[Road, ...] = ()
    spheres: tuple[int, int, int, int] = (0, 0, 0, 0)
    produces: tuple[int, int, int, int] = (0, 0, 0, 0)
    links: tuple[str, ...] = ()
    maneuvers: tuple[Maneuver, ...] = ()
    """Bound maneuvers (4.1); for a free-maneuver card or a fate, its own maneuvers."""
    users: tuple[Cards, ...] = ()
    """Who may use a free maneuver, one selector per icon condition group (3.9)."""
    rounds: int | None = None
    """A fate's duration in rounds; ``None`` for an immediate fate (3.7)."""
    summoning: SummonCondition | None = None
    """A further condition of summoning it (6.3.4), met by the summoning player (5.11)."""
    text_en: str = ""
    text_hu: str = ""

    @property
    def name(self) -> str:
        """The English name."""
        return self.name_en

    @property
    def card_number(self) -> int:
        """The last digit of the serial number, called the card number (2.9)."""
        return int(self.serial[-1])

    def road_on(self, edge: Edge) -> Road | None:
        for road in self.roads:
            if road.edge is edge:
                return road
        return None

    def has_subtype(self, subtype: Subtype) -> bool:
        return subtype in self.subtypes


def linked(a: CardDef, b: CardDef) -> bool:
    """Whether two cards are in mythic link (*mitológiai kapcsolat*, 2.8).

    The link is two-way: either card naming the other is enough. Every card is linked to
    its own copies, and a high god to the leader of the same name.
    """
    return a.name_en == b.name_en or a.name_en in b.links or b.name_en in a.links


CREATURE_TROOP_SUBTYPES = frozenset({Subtype.HOST, Subtype.BEAST})


def is_creature(card: CardDef) -> bool:
    """5.6: a creature (*lény*) is a leader, a host or a beast."""
    if card.type is CardType.LEADER:
        return True
    return card.type is CardType.TROOP and bool(CREATURE_TROOP_SUBTYPES & set(card.subtypes))


def halve(value: int) -> int:
    """Half of ``value``, rounded down as every rounding is (5.3)."""
    return value // 2

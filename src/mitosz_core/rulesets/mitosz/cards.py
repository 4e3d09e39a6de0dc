"""Card anatomy (*a lapok felépítése*, chapter 2) and the card vocabulary.

A :class:`CardDef` is one printed card: everything chapter 2 says a card carries. It is
pure data; the rules read it, never the other way round.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Sphere(StrEnum):
    """The high god's four spheres (*szférák*, 3.1)."""

    MAGIC = "magic"  # mágia
    INFLUENCE = "influence"  # befolyás
    WEALTH = "wealth"  # vagyon
    FORCE = "force"  # haderő


SPHERES: tuple[Sphere, ...] = tuple(Sphere)
"""The spheres in their fixed order; sphere tuples in the state use this order."""


class CardType(StrEnum):
    """The card types of chapter 3 (*laptípusok*). A card has exactly one (5.16)."""

    HIGH_GOD = "high_god"  # főisten, 3.1
    PEOPLE = "people"  # nép, 3.2
    LOCATION = "location"  # helyszín, 3.3
    LEADER = "leader"  # vezér, 3.4
    ITEM = "item"  # tárgy, 3.5
    INTRIGUE = "intrigue"  # intrika, 3.6
    FATE = "fate"  # fátum, 3.7
    TROOP = "troop"  # hadtáp, 3.8
    MANEUVER = "maneuver"  # szabad manőver, 3.9


PERMANENT_TYPES = frozenset(
    {
        CardType.LEADER,
        CardType.PEOPLE,
        CardType.LOCATION,
        CardType.INTRIGUE,
        CardType.ITEM,
        CardType.HIGH_GOD,
    }
)
"""Permanents (*permanens lapok*, 5.1)."""


class Mythos(StrEnum):
    """A card's mythos (*mítosz*, 2.1): the pantheon its frame shows."""

    HELLENIC = "hellenic"  # hellén
    CELTIC = "celtic"  # kelta
    GERMANIC = "germanic"  # germán
    EGYPTIAN = "egyptian"  # egyiptomi
    KHARENI = "khareni"  # khareni


class Edge(StrEnum):
    """A card edge on the empire grid. Cards are never rotated (3.2.1)."""

    NORTH = "north"
    EAST = "east"
    SOUTH = "south"
    WEST = "west"

    @property
    def offset(self) -> tuple[int, int]:
        """The grid step across this edge; ``y`` grows to the north."""
        return _OFFSETS[self]

    @property
    def opposite(self) -> Edge:
        return _OPPOSITE[self]


_OFFSETS = {Edge.NORTH: (0, 1), Edge.EAST: (1, 0), Edge.SOUTH: (0, -1), Edge.WEST: (-1, 0)}
_OPPOSITE = {
    Edge.NORTH: Edge.SOUTH,
    Edge.SOUTH: Edge.NORTH,
    Edge.EAST: Edge.WEST,
    Edge.WEST: Edge.EAST,
}


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
    (2.2). ``cost``, ``spheres`` and ``produces`` are in :data:`SPHERES` order: the
    summoning cost (2.6), a high god's sphere maxima (3.1), and the sphere points a card
    produces at the end of its player's turn (6.2.4.3).
    """

    key: str
    name_en: str
    name_hu: str
    serial: str
    set_symbol: str
    mythos: Mythos
    type: CardType
    subtypes: tuple[str, ...] = ()
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

    def has_subtype(self, subtype: str) -> bool:
        return subtype in self.subtypes


def linked(a: CardDef, b: CardDef) -> bool:
    """Whether two cards are in mythic link (*mitológiai kapcsolat*, 2.8).

    The link is two-way: either card naming the other is enough. Every card is linked to
    its own copies, and a high god to the leader of the same name.
    """
    return a.name_en == b.name_en or a.name_en in b.links or b.name_en in a.links


CREATURE_TROOP_SUBTYPES = frozenset({"host", "beast"})


def is_creature(card: CardDef) -> bool:
    """5.6: a creature (*lény*) is a leader, a host or a beast."""
    if card.type is CardType.LEADER:
        return True
    return card.type is CardType.TROOP and bool(CREATURE_TROOP_SUBTYPES & set(card.subtypes))


def halve(value: int) -> int:
    """Half of ``value``, rounded down as every rounding is (5.3)."""
    return value // 2

"""The Mítosz vocabulary: spheres, card types, mythoi and card edges (chapters 2, 3, 8).

Plain enums shared by the card model (:mod:`mitosz_core.games.mitosz.cards`) and the effect
language.
"""

from __future__ import annotations

from enum import StrEnum


class Term(StrEnum):
    """A vocabulary enum whose ``repr`` reads like code (``CardType.LEADER``)."""

    def __repr__(self) -> str:
        return f"{type(self).__name__}.{self.name}"


class Sphere(Term):
    """The high god's four spheres (*szférák*, 3.1)."""

    MAGIC = "magic"  # mágia
    INFLUENCE = "influence"  # befolyás
    WEALTH = "wealth"  # vagyon
    FORCE = "force"  # haderő


SPHERES: tuple[Sphere, ...] = tuple(Sphere)
"""The spheres in their fixed order; sphere tuples in the state use this order."""


class CardType(Term):
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


class Mythos(Term):
    """A card's mythos (*mítosz*, 2.1): the pantheon its frame shows."""

    HELLENIC = "hellenic"  # hellén
    CELTIC = "celtic"  # kelta
    GERMANIC = "germanic"  # germán
    EGYPTIAN = "egyptian"  # egyiptomi
    KHARENI = "khareni"  # khareni


class Edge(Term):
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

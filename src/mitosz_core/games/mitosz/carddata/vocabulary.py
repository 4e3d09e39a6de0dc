"""The subtype vocabulary of chapter 8 (*típusok és képességek*) in English snake_case.

A subtype is a type-line icon (2.7). The JSON Schema lists the same words (a test keeps
the two in step). Words not in the glossary were named here: the Hungarian original is
beside each. Some words belong to one card type only (:data:`ONLY_ON`); the rest (race
subtypes, the further subtypes, and ``water``, which is both a people subtype and an
element) may stand on any card.
"""

from __future__ import annotations

from collections.abc import Mapping

from mitosz_core.games.mitosz.cards import CardType
from mitosz_core.games.mitosz.subtypes import Subtype

PEOPLE_SUBTYPES = (
    Subtype.FOREST,  # erdei
    Subtype.MOUNTAIN,  # hegyi
    Subtype.DEEP,  # mélységi
    Subtype.SWAMP,  # mocsári
    Subtype.STEPPE,  # pusztai
    Subtype.POLAR,  # sarki
    Subtype.DESERT,  # sivatagi
    Subtype.URBAN,  # városi
    Subtype.WATER,  # vízi (also the element víz)
)
RACE_SUBTYPES = (
    Subtype.SHAPESHIFTER,  # alakváltó
    Subtype.DEMON,  # démon
    Subtype.UNDEAD,  # élőholt
    Subtype.IMP,  # manó
    Subtype.GIANT,  # óriás
    Subtype.DRAGON,  # sárkány
    Subtype.DWARF,  # törpe
    Subtype.ELF,  # tünde
)
LOCATION_SUBTYPES = (
    Subtype.REGION,
    Subtype.BUILDING,
    Subtype.SHRINE,
    Subtype.FORTRESS,
)  # régió, építmény, ...
LEADER_SUBTYPES = (
    Subtype.WARLORD,
    Subtype.MOUNT,
    Subtype.HERO,
    Subtype.GOD,
    Subtype.MONSTER,
    Subtype.RULER,
)  # hadúr, hátas, ...
ITEM_SUBTYPES = (
    Subtype.RELIC,
    Subtype.WEAPON,
    Subtype.POTION,
    Subtype.ARMOUR,
)  # ereklye, fegyverzet, főzet, vért
FATE_SUBTYPES = (Subtype.CALAMITY,)  # csapás
TROOP_SUBTYPES = (
    Subtype.BEAST,
    Subtype.WEAPON,
    Subtype.HOST,
    Subtype.WAR_MACHINE,
    Subtype.ARMOUR,
)  # bestia, ..., vért
MANEUVER_ICONS = (
    Subtype.ACTION,  # akció
    Subtype.REACTION,  # reakció
    Subtype.RITE,  # rítus
    Subtype.COMBAT,  # harci
    Subtype.SACRIFICE,  # feláldozás
    Subtype.REVEAL,  # lapfelcsapás
    Subtype.PEEK,  # fürkészés
    Subtype.COUNTER,  # kontra
    Subtype.PERMANENT,  # permanens
    Subtype.LOCKED,  # zárt
    Subtype.STEP,  # lépcső
    Subtype.ARROW_VOLLEY,  # nyílzápor
    Subtype.FEAR,  # félelem
    Subtype.POISON,  # méreg
)
_GROUPED: tuple[Subtype, ...] = tuple(
    dict.fromkeys(
        PEOPLE_SUBTYPES
        + RACE_SUBTYPES
        + LOCATION_SUBTYPES
        + LEADER_SUBTYPES
        + ITEM_SUBTYPES
        + FATE_SUBTYPES
        + TROOP_SUBTYPES
        + MANEUVER_ICONS
    )
)
"""The subtypes of the groups above, each once, in the order listed."""
FURTHER_SUBTYPES: tuple[Subtype, ...] = tuple(s for s in Subtype if s not in _GROUPED)
"""The further subtypes (bölcs, bűbáj, ..., repül, rúna, írnok, ...: the Hungarian word
is beside each member of :class:`~mitosz_core.games.mitosz.subtypes.Subtype`): every
subtype of no group above, in the order declared, so that a new keyword's subtype needs
no line here (``water``, víz, also an element, is listed with the people subtypes)."""

SUBTYPES: tuple[Subtype, ...] = _GROUPED + FURTHER_SUBTYPES
"""Every known subtype, each once."""


def _only(
    types: tuple[CardType, ...], words: tuple[Subtype, ...]
) -> dict[Subtype, frozenset[CardType]]:
    return {w: frozenset(types) for w in words}


ONLY_ON: Mapping[Subtype, frozenset[CardType]] = {
    **_only((CardType.PEOPLE,), tuple(w for w in PEOPLE_SUBTYPES if w != Subtype.WATER)),
    **_only((CardType.LOCATION,), LOCATION_SUBTYPES),
    **_only((CardType.LEADER,), LEADER_SUBTYPES),
    **_only((CardType.ITEM,), (Subtype.RELIC, Subtype.POTION)),
    **_only((CardType.ITEM, CardType.TROOP), (Subtype.WEAPON, Subtype.ARMOUR)),
    **_only((CardType.TROOP,), (Subtype.BEAST, Subtype.HOST, Subtype.WAR_MACHINE)),
    **_only((CardType.FATE,), FATE_SUBTYPES),
    **_only((CardType.MANEUVER,), MANEUVER_ICONS),
}
"""Subtypes that only cards of the given types may carry."""

MODIFIER_TYPES = frozenset({CardType.ITEM, CardType.TROOP})
"""Card types whose level may be a +/- modifier (2.2)."""

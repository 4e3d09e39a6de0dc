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

PEOPLE_SUBTYPES = (
    "forest",  # erdei
    "mountain",  # hegyi
    "deep",  # mélységi
    "swamp",  # mocsári
    "steppe",  # pusztai
    "polar",  # sarki
    "desert",  # sivatagi
    "urban",  # városi
    "water",  # vízi (also the element víz)
)
RACE_SUBTYPES = (
    "shapeshifter",  # alakváltó
    "demon",  # démon
    "undead",  # élőholt
    "imp",  # manó
    "giant",  # óriás
    "dragon",  # sárkány
    "dwarf",  # törpe
    "elf",  # tünde
)
LOCATION_SUBTYPES = ("region", "building", "shrine", "fortress")  # régió, építmény, ...
LEADER_SUBTYPES = ("warlord", "mount", "hero", "god", "monster", "ruler")  # hadúr, hátas, ...
ITEM_SUBTYPES = ("relic", "weapon", "potion", "armour")  # ereklye, fegyverzet, főzet, vért
FATE_SUBTYPES = ("calamity",)  # csapás
TROOP_SUBTYPES = ("beast", "weapon", "host", "war_machine", "armour")  # bestia, ..., vért
MANEUVER_ICONS = (
    "action",  # akció
    "reaction",  # reakció
    "rite",  # rítus
    "combat",  # harci
    "sacrifice",  # feláldozás
    "reveal",  # lapfelcsapás
    "peek",  # fürkészés
    "counter",  # kontra
    "permanent",  # permanens
    "locked",  # zárt
    "step",  # lépcső
    "arrow_volley",  # nyílzápor
    "fear",  # félelem
    "poison",  # méreg
)
FURTHER_SUBTYPES = (
    "sage",  # bölcs
    "enchantment",  # bűbáj
    "enchanter",  # bűbájos
    "song",  # dal
    "poet",  # költő
    "life",  # élet
    "healer",  # gyógyító
    "earth",  # föld
    "death",  # halál
    "necromancer",  # nekromanta
    "priest",  # pap
    "prophecy",  # jóslat
    "seer",  # látnok
    "artisan",  # kézműves
    "air",  # levegő
    "flying",  # repül
    "rune",  # rúna
    "scribe",  # írnok
    "fire",  # tűz
    "sorcery",  # varázslat
    "sorcerer",  # varázsló
    # "water" (víz) is listed with the people subtypes
)

SUBTYPES: tuple[str, ...] = tuple(
    dict.fromkeys(
        PEOPLE_SUBTYPES
        + RACE_SUBTYPES
        + LOCATION_SUBTYPES
        + LEADER_SUBTYPES
        + ITEM_SUBTYPES
        + FATE_SUBTYPES
        + TROOP_SUBTYPES
        + MANEUVER_ICONS
        + FURTHER_SUBTYPES
    )
)
"""Every known subtype, each once."""


def _only(types: tuple[CardType, ...], words: tuple[str, ...]) -> dict[str, frozenset[CardType]]:
    return {w: frozenset(types) for w in words}


ONLY_ON: Mapping[str, frozenset[CardType]] = {
    **_only((CardType.PEOPLE,), tuple(w for w in PEOPLE_SUBTYPES if w != "water")),
    **_only((CardType.LOCATION,), LOCATION_SUBTYPES),
    **_only((CardType.LEADER,), LEADER_SUBTYPES),
    **_only((CardType.ITEM,), ("relic", "potion")),
    **_only((CardType.ITEM, CardType.TROOP), ("weapon", "armour")),
    **_only((CardType.TROOP,), ("beast", "host", "war_machine")),
    **_only((CardType.FATE,), FATE_SUBTYPES),
    **_only((CardType.MANEUVER,), MANEUVER_ICONS),
}
"""Subtypes that only cards of the given types may carry."""

MODIFIER_TYPES = frozenset({CardType.ITEM, CardType.TROOP})
"""Card types whose level may be a +/- modifier (2.2)."""

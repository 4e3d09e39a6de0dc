"""Subtypes (*altípusok*, 2.7, chapter 8): the type-line icons, in English snake_case.

The card data names them by their value (``"potion"``); rule code by member
(``Subtype.POTION``). The groups they belong to, and which card types may carry them, are
``mitosz_core.games.mitosz.carddata.vocabulary``'s. The attaching keywords' subtypes, with
what their cards are to their host (:data:`ATTACHING_KEYWORDS`), are here, below every
rule that asks."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import StrEnum


class Subtype(StrEnum):
    """A subtype of chapter 8 (the Hungarian word beside each)."""

    FOREST = "forest"  # erdei
    MOUNTAIN = "mountain"  # hegyi
    DEEP = "deep"  # mélységi
    SWAMP = "swamp"  # mocsári
    STEPPE = "steppe"  # pusztai
    POLAR = "polar"  # sarki
    DESERT = "desert"  # sivatagi
    URBAN = "urban"  # városi
    WATER = "water"  # vízi (also the element víz)
    SHAPESHIFTER = "shapeshifter"  # alakváltó
    DEMON = "demon"  # démon
    UNDEAD = "undead"  # élőholt
    IMP = "imp"  # manó
    GIANT = "giant"  # óriás
    DRAGON = "dragon"  # sárkány
    DWARF = "dwarf"  # törpe
    ELF = "elf"  # tünde
    ACTION = "action"  # akció
    REACTION = "reaction"  # reakció
    RITE = "rite"  # rítus
    COMBAT = "combat"  # harci
    SACRIFICE = "sacrifice"  # feláldozás
    REVEAL = "reveal"  # lapfelcsapás
    PEEK = "peek"  # fürkészés
    COUNTER = "counter"  # kontra
    PERMANENT = "permanent"  # permanens
    LOCKED = "locked"  # zárt
    STEP = "step"  # lépcső
    ARROW_VOLLEY = "arrow_volley"  # nyílzápor
    FEAR = "fear"  # félelem
    POISON = "poison"  # méreg
    SAGE = "sage"  # bölcs
    ENCHANTMENT = "enchantment"  # bűbáj
    ENCHANTER = "enchanter"  # bűbájos
    SONG = "song"  # dal
    POET = "poet"  # költő
    LIFE = "life"  # élet
    HEALER = "healer"  # gyógyító
    EARTH = "earth"  # föld
    DEATH = "death"  # halál
    NECROMANCER = "necromancer"  # nekromanta
    PRIEST = "priest"  # pap
    PROPHECY = "prophecy"  # jóslat
    SEER = "seer"  # látnok
    ARTISAN = "artisan"  # kézműves
    AIR = "air"  # levegő
    FLYING = "flying"  # repül
    RUNE = "rune"  # rúna
    SCRIBE = "scribe"  # írnok
    FIRE = "fire"  # tűz
    SORCERY = "sorcery"  # varázslat
    SORCERER = "sorcerer"  # varázsló
    REGION = "region"
    BUILDING = "building"
    SHRINE = "shrine"
    FORTRESS = "fortress"
    WARLORD = "warlord"
    MOUNT = "mount"
    HERO = "hero"
    GOD = "god"
    MONSTER = "monster"
    RULER = "ruler"
    RELIC = "relic"
    WEAPON = "weapon"
    POTION = "potion"
    ARMOUR = "armour"
    CALAMITY = "calamity"
    BEAST = "beast"
    HOST = "host"
    WAR_MACHINE = "war_machine"


@dataclass(frozen=True, slots=True)
class Bearing:
    """What a card attached by its keyword is to its host (chapter 8)."""

    bound_maneuver: bool = False
    """Whether the card, once attached, acts as a bound maneuver of its host, which the
    host uses and which acts on the host only (3.9)."""
    passes_cursed_magical: bool = False
    """Whether a cursed or magical card, once attached, makes its host cursed or magical
    (2.4)."""


ATTACHING_KEYWORDS: Mapping[Subtype, Bearing] = {
    # rúna: a scribe attaches it to a card; a bound maneuver of that card, which a
    # cursed or magical rune makes cursed or magical (8.rune, 3.9, 2.4)
    Subtype.RUNE: Bearing(bound_maneuver=True, passes_cursed_magical=True),
}
"""The subtypes of the keywords whose cards are attached to a card on the board
(``AttachKind.KEYWORD``), each declared by its
keyword module (``rules/keywords/``), with what such a card is to its host (its
:class:`Bearing`). A card carries at most one of them. The rules below the keyword
modules (who uses a maneuver, whether a card is cursed or magical) read the bearings
here, below every module that reads cards."""


def attaching_keyword(subtypes: Iterable[Subtype]) -> Subtype | None:
    """The attaching keyword's subtype among a card's ``subtypes``, if any
    (:data:`ATTACHING_KEYWORDS`): which keyword attaches the card."""
    for subtype in subtypes:
        if subtype in ATTACHING_KEYWORDS:
            return subtype
    return None

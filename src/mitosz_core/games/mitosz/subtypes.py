"""Subtypes (*altípusok*, 2.7, chapter 8): the type-line icons, in English snake_case.

The card data names them by their value (``"potion"``); rule code by member
(``Subtype.POTION``). The groups they belong to, and which card types may carry them, are
:mod:`.carddata.vocabulary`'s."""

from __future__ import annotations

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

"""Fights (*harc*, chapter 7) and the combat keywords of chapter 8.

One module per section: :mod:`.core` (the fight in progress, sides, allied players 5.13),
:mod:`.access` (which cards may act, 7.2.1, 7.3.5, 7.5.2), :mod:`.army` (lines, troops
and levels, 3.8, 7.3.4, 5.8), :mod:`.keywords` (8.hero, 8.flying, 8.mount, 8.potion ...),
:mod:`.declare` (the combat phase, 6.2.3.2), :mod:`.battle` (7.4.1-7.4.7), :mod:`.duel`
(7.6.1-7.6.2), :mod:`.rounds` (combat rounds, 7.4.8, 7.6.3), :mod:`.outcome` (7.4.9-7.4.10,
7.4.12-7.4.13, 7.6.4-7.6.6), :mod:`.spoils` (7.4.11, 8.monster.5) and
:mod:`.combat_maneuvers` (7.2.5).
"""

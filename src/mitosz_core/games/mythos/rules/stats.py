"""A unit's current attack and life, and a player's aura cap: printed values, markers,
temporary boosts and passive bonuses (*PASSIV*, 09.6).

Passive effects act while their card is active (02.8): a unit's from the moment it is
played (02.8.1), an artifact's and an upgrade's once attached (02.8.2, 02.8.4), a place's
and a magic card's at once (02.8.3, 02.8.5).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass

from mitosz_core.games.mythos.cards import CardType, Target
from mitosz_core.games.mythos.rules.zones import UNIT_ROWS
from mitosz_core.games.mythos.state import CardId, Game, Row, Slot

SOFT_CAP = 14
"""Aura is capped at 14 (03.4)."""


def passive_sources(game: Game, player: int) -> Iterator[tuple[CardId, CardId | None]]:
    """``(card, host unit)`` for each of ``player``'s cards whose passives are active."""
    p = game.players[player]
    for row in UNIT_ROWS:
        for slot in p.row(row):
            if game.card(slot.card).type is CardType.UNIT:
                yield slot.card, slot.card
                if slot.attached is not None:
                    yield slot.attached, slot.card
    for slot in p.sanctuary:
        if game.card(slot.card).type is not CardType.UPGRADE:  # a loose upgrade waits
            yield slot.card, None
            if slot.attached is not None:
                yield slot.attached, None


@dataclass(frozen=True, slots=True)
class Bonuses:
    """A player's active passive bonuses: for all their units, and per unit (09.6)."""

    attack: int
    life: int
    own: Mapping[CardId, tuple[int, int]]

    def of(self, unit: CardId) -> tuple[int, int]:
        a, b = self.own.get(unit, (0, 0))
        return self.attack + a, self.life + b


def bonuses(game: Game, player: int) -> Bonuses:
    return _tally(game, player)[0]


def _tally(game: Game, player: int) -> tuple[Bonuses, int]:
    """The player's passive bonuses, and the highest aura cap its sources print (0 if
    none does), in one pass over its passive sources."""
    all_attack = all_life = cap = 0
    own: dict[CardId, tuple[int, int]] = {}
    for card, host in passive_sources(game, player):
        printed = game.card(card)
        if printed.cap > cap:
            cap = printed.cap
        for bonus in printed.bonuses:
            if bonus.scope is Target.SELF and host is not None:
                a, b = own.get(host, (0, 0))
                own[host] = (a + bonus.attack, b + bonus.life)
            else:
                all_attack += bonus.attack
                all_life += bonus.life
    return Bonuses(all_attack, all_life, own), cap


def attack(game: Game, slot: Slot, table: Bonuses | None = None) -> int:
    """The unit's attack now (never below 0)."""
    table = table or bonuses(game, game.owner(slot.card))
    extra, _ = table.of(slot.card)
    total = game.card(slot.card).attack + slot.attack_mod + slot.temp_attack + extra
    return max(0, total)


def max_life(game: Game, slot: Slot, table: Bonuses | None = None) -> int:
    """The unit's maximum life now."""
    table = table or bonuses(game, game.owner(slot.card))
    _, extra = table.of(slot.card)
    return game.card(slot.card).life + slot.life_mod + slot.temp_life + extra


def life(game: Game, slot: Slot, table: Bonuses | None = None) -> int:
    """The unit's life now: its maximum less its damage (≤ 0: it dies, 06.4.3)."""
    return max_life(game, slot, table) - slot.damage


def aura_cap(game: Game, player: int) -> int:
    """14 (03.4), or 15 while Hades or Olymp is active for the player (03.5)."""
    return max((game.card(card).cap for card, _ in passive_sources(game, player)), default=0) or (
        SOFT_CAP
    )


def bonuses_and_cap(game: Game, player: int) -> tuple[Bonuses, int]:
    """``(bonuses(game, player), aura_cap(game, player))`` in one pass over the player's
    passive sources, for a caller that needs both (the observation tensor's memo)."""
    table, cap = _tally(game, player)
    return table, cap or SOFT_CAP


def places(game: Game, player: int) -> int:
    """Places in the player's sanctuary (03.6)."""
    return sum(
        1 for s in game.players[player].sanctuary if game.card(s.card).type is CardType.PLACE
    )


def row_units(game: Game, player: int, row: Row) -> tuple[Slot, ...]:
    return tuple(
        s for s in game.players[player].row(row) if game.card(s.card).type is CardType.UNIT
    )

"""Levels (*szint*, 2.2), the same-mythos bonus (5.8) and power (*hatalompont*, 1.1).

Levels are derived from the board whenever they are read; nothing caches them, so a
change to a card's attachments or markers can never leave a stale level behind.
"""

from __future__ import annotations

from mitosz_core.games.mitosz.cards import CardDef, Road
from mitosz_core.games.mitosz.rules.board import board_cards, is_high_god_leader
from mitosz_core.games.mitosz.state import CardId, Game, LeaderSlot, PeopleSlot

VICTORY_POWER = 12
"""Power needed to win (1.1.1)."""


def base_level(game: Game, card: CardId) -> int:
    """The printed level plus every level marker on the card (2.2, 5.10)."""
    return game.card(card).level + sum(m.level for m in game.markers if m.card == card)


def same_mythos_bonus(game: Game, player: int, card: CardDef, host: CardDef) -> int:
    """5.8: +1 when both cards' mythos is their player's high god's."""
    god = game.card(game.players[player].high_god)
    return 1 if card.mythos is god.mythos and host.mythos is god.mythos else 0


def location_bonus(game: Game, player: int, slot: PeopleSlot) -> int:
    """What a people's location adds to each of its roads (3.3, 5.8)."""
    if slot.location is None:
        return 0
    location = game.card(slot.location)
    return base_level(game, slot.location) + same_mythos_bonus(
        game, player, location, game.card(slot.card)
    )


def people_bonus(game: Game, slot: PeopleSlot) -> int:
    """Level given to a people goes to every road (3.2.1): its markers."""
    return sum(m.level for m in game.markers if m.card == slot.card)


def road_level(game: Game, player: int, slot: PeopleSlot, road: Road) -> int:
    """A road's level: printed, plus the people's gains, plus its location (3.2, 3.3)."""
    return road.level + people_bonus(game, slot) + location_bonus(game, player, slot)


def leader_level(game: Game, player: int, slot: LeaderSlot) -> int:
    """A leader's level: base, its items' modifiers with 5.8, and +1 as high god (3.4.3)."""
    leader = game.card(slot.card)
    level = base_level(game, slot.card)
    for item in slot.items:
        item_def = game.card(item)
        if item_def.level_modifier:
            level += base_level(game, item) + same_mythos_bonus(game, player, item_def, leader)
    if is_high_god_leader(game, player, slot.card):
        level += 1
    return level


def power(game: Game, player: int) -> int:
    """A player's power: every card on their side of the board with its markers and
    lasting changes, and +1 for the high god as a leader (1.1.1, 3.4.3). Power is a
    type-line icon and survives neutralising (2.7)."""
    parts = (*game.board_parts(), game.markers, game.effects)
    return game.shared(f"power{player}", parts, lambda: _power(game, player))


def _power(game: Game, player: int) -> int:
    from mitosz_core.games.mitosz.rules.continuous import power_bonus

    cards = board_cards(game, player)
    total = sum(game.card(c).power for c in cards)
    if game.markers:
        total += sum(m.power for m in game.markers if m.card in cards)
    total += sum(power_bonus(game, c) for c in cards) if game.effects else 0
    p = game.players[player]
    if any(is_high_god_leader(game, player, slot.card) for slot in p.leaders):
        total += 1
    return total

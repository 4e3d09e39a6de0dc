"""Printed values: a card's base level and the same-mythos bonus (2.2, 5.8, 5.10).

What is printed on a card, with its markers: the values lasting effects start from, read
wherever a rule must not depend on lasting effects (a lasting effect's reach, 5.9).
"""

from __future__ import annotations

from mitosz_core.games.mitosz.cards import CardDef
from mitosz_core.games.mitosz.state import CardId, Game


def base_level(game: Game, card: CardId) -> int:
    """The printed level plus every level marker on the card (2.2, 5.10)."""
    return game.card(card).level + sum(m.level for m in game.markers if m.card == card)


def same_mythos_bonus(game: Game, player: int, card: CardDef, host: CardDef) -> int:
    """5.8: +1 when both cards' mythos is their player's high god's."""
    god = game.card(game.players[player].high_god)
    return 1 if card.mythos is god.mythos and host.mythos is god.mythos else 0

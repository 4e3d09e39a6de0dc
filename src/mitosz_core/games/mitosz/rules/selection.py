"""Which board cards a selector matches now (5.17): with levels and card types as the
rules compute them, lasting effects included (5.16). The printed-data matching that the
lasting effects themselves use is :mod:`.selectors`'.
"""

from __future__ import annotations

from mitosz_core.games.mitosz.effects.language import Cards
from mitosz_core.games.mitosz.rules.continuous import card_type
from mitosz_core.games.mitosz.rules.levels import level
from mitosz_core.games.mitosz.rules.selectors import card_matches, side_cards
from mitosz_core.games.mitosz.state import CardId, Game


def matches(
    game: Game, player: int, controller: int, card: CardId, cards: Cards, user: CardId | None
) -> bool:
    """Whether ``card`` (on ``controller``'s side) matches ``cards`` for ``player`` now."""
    return card_matches(game, player, controller, card, cards, user, level, card_type)


def matching(game: Game, player: int, cards: Cards, user: CardId | None) -> tuple[CardId, ...]:
    """Every board card ``cards`` matches for ``player`` (5.17), in board order."""
    return tuple(
        card
        for controller, card in side_cards(game, player, cards.side)
        if matches(game, player, controller, card, cards, user)
    )

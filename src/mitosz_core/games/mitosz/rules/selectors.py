"""Which cards a selector matches (4.2.5, 5.14, 5.17), seen from an effect's player.

Sides follow 5.14: a card is the player's own when it is on their side of the board, and
an enemy card otherwise (allied players arrive with the fights, 5.13).
"""

from __future__ import annotations

from collections.abc import Iterator

from mitosz_core.games.mitosz.cards import CardType
from mitosz_core.games.mitosz.effects.language import Cards, Side
from mitosz_core.games.mitosz.rules.board import board_cards, leader_slot
from mitosz_core.games.mitosz.state import CardId, Game


def side_cards(game: Game, player: int, side: Side) -> Iterator[tuple[int, CardId]]:
    """``(controller, card)`` for the board cards on the given side of ``player``."""
    for controller in range(len(game.players)):
        if side is Side.OWN and controller != player:
            continue
        if side is Side.ENEMY and controller == player:
            continue
        for card in board_cards(game, controller):
            yield controller, card


def matches(
    game: Game,
    player: int,
    controller: int,
    card: CardId,
    cards: Cards,
    user: CardId | None,
    lasting: bool = False,
) -> bool:
    """Whether ``card`` (on ``controller``'s side) matches ``cards`` for ``player``.

    A high god is matched only by a selector naming the high god type (3.1). With
    ``lasting``, level tests read base levels: a lasting effect's reach never depends on
    the levels that lasting effects give (no circular levels).
    """
    from mitosz_core.games.mitosz.rules.continuous import level
    from mitosz_core.games.mitosz.rules.levels import base_level

    measure = base_level if lasting else level
    d = game.card(card)
    if d.type is CardType.HIGH_GOD and CardType.HIGH_GOD not in cards.types:
        return False
    if cards.types and d.type not in cards.types:
        return False
    if cards.subtypes and not set(cards.subtypes) & set(d.subtypes):
        return False
    if cards.mythos and d.mythos not in cards.mythos:
        return False
    if cards.side is Side.OWN and controller != player:
        return False
    if cards.side is Side.ENEMY and controller == player:
        return False
    if cards.magical is not None and d.magical != cards.magical:
        return False
    if cards.not_user and card == user:
        return False
    if cards.turned is not None:
        slot = leader_slot(game, card)
        if slot is None or slot[1].turned != cards.turned:
            return False
    if cards.below is not None and measure(game, card) >= cards.below:
        return False
    return not cards.below_user or (user is not None and measure(game, card) < measure(game, user))


def def_matches(game: Game, card: CardId, cards: Cards) -> bool:
    """Whether a card off the board (in hand, say) fits ``cards`` by its printed data."""
    d = game.card(card)
    if cards.types and d.type not in cards.types:
        return False
    if cards.subtypes and not set(cards.subtypes) & set(d.subtypes):
        return False
    if cards.mythos and d.mythos not in cards.mythos:
        return False
    return cards.magical is None or d.magical == cards.magical


def matching(game: Game, player: int, cards: Cards, user: CardId | None) -> tuple[CardId, ...]:
    """Every board card ``cards`` matches for ``player`` (5.17), in board order."""
    return tuple(
        card
        for controller, card in side_cards(game, player, cards.side)
        if matches(game, player, controller, card, cards, user)
    )

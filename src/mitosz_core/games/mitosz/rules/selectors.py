"""Which cards a selector matches (4.2.5, 5.14, 5.17), seen from an effect's player.

Sides follow 5.14: a card is the player's own when it is on their side of the board, and
an enemy card when it is on the side of a player who is not allied (5.13: a helper in the
fight in progress is allied).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from mitosz_core.games.mitosz.cards import CardType
from mitosz_core.games.mitosz.effects.language import Cards, Side
from mitosz_core.games.mitosz.rules.board import board_cards, is_magical, leader_slot
from mitosz_core.games.mitosz.rules.fights.core import allied as in_fight
from mitosz_core.games.mitosz.rules.fights.core import own_type
from mitosz_core.games.mitosz.rules.hosting import of_kind
from mitosz_core.games.mitosz.rules.printed import base_level
from mitosz_core.games.mitosz.state import AttachKind, CardId, Game
from mitosz_core.games.mitosz.subtypes import Subtype


def subtypes(game: Game, card: CardId) -> frozenset[Subtype]:
    """A card's subtypes, with the one a mount attached to it shares (8.mount "egy
    nem-vezér, nem-faj altípusát megoszthatja a vezérrel"): selectors, keywords and the
    army's races all read them here."""
    own = set(game.card(card).subtypes)
    for m in of_kind(game, AttachKind.MOUNT):
        if m.host == card and m.shared is not None:
            found = leader_slot(game, card)
            if found is not None:  # a rider in a leader row (not a held one, 5.15)
                own.add(m.shared)
    return frozenset(own)


def allied(game: Game, a: int, b: int) -> bool:
    """5.13, 5.14: whether players ``a`` and ``b`` are allied: the same player, or on the
    same side of the fight in progress (a helper is an allied player). An enemy card is
    one of a player not allied (ruling R-5.14-allies); "own" stays one's own."""
    if a == b:
        return True
    return game.fight is not None and in_fight(game, a, b)


def side_cards(game: Game, player: int, side: Side) -> Iterator[tuple[int, CardId]]:
    """``(controller, card)`` for the board cards on the given side of ``player``."""
    for controller in range(len(game.players)):
        if side is Side.OWN and controller != player:
            continue
        if side is Side.ENEMY and allied(game, controller, player):
            continue
        for card in board_cards(game, controller):
            yield controller, card


Measure = Callable[[Game, CardId], int]
"""How a selector reads a card's level: printed (with markers) or as the rules compute it."""

Kind = Callable[[Game, CardId], CardType]
"""How a selector reads a card's type: printed or current (5.16)."""


def printed_type(game: Game, card: CardId) -> CardType:
    """The card type printed on the card; a monster played into a fight is a troop
    until the fight ends (8.monster.1)."""
    return own_type(game, card)


def card_matches(
    game: Game,
    player: int,
    controller: int,
    card: CardId,
    cards: Cards,
    user: CardId | None,
    measure: Measure,
    kind_of: Kind,
) -> bool:
    """Whether ``card`` (on ``controller``'s side) matches ``cards`` for ``player``, reading
    levels with ``measure`` and types with ``kind_of``.

    A high god is matched only by a selector naming the high god type (3.1).
    """
    d = game.card(card)
    kind = kind_of(game, card)
    if kind is CardType.HIGH_GOD and CardType.HIGH_GOD not in cards.types:
        return False
    if cards.types and kind not in cards.types:
        return False
    if cards.subtypes and not set(cards.subtypes) & (
        subtypes(game, card)
        if of_kind(game, AttachKind.MOUNT)
        else set(d.subtypes)  # 8.mount: a shared one
    ):
        return False
    if cards.mythos and d.mythos not in cards.mythos:
        return False
    if cards.side is Side.OWN and controller != player:
        return False
    if cards.side is Side.ENEMY and allied(game, controller, player):
        return False
    if cards.magical is not None and is_magical(game, card) != cards.magical:  # 8.rune
        return False
    if cards.not_user and card == user:
        return False
    if cards.turned is not None:  # leaders in a row only (4.5; ruling R-5.17-turned)
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


def printed_matches(
    game: Game, player: int, controller: int, card: CardId, cards: Cards, user: CardId | None
) -> bool:
    """:func:`card_matches` on printed data: a lasting effect's reach reads base levels and
    printed types, so it never depends on what lasting effects give (no circularity)."""
    return card_matches(game, player, controller, card, cards, user, base_level, printed_type)

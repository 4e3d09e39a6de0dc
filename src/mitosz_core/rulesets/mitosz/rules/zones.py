"""Zones: deck, hand, underworld and oblivion (*pakli, kéz, túlvilág, feledés*, 1.3-1.5).

Every move sends a card to its **owner's** pile, whoever controls it (golden rule 1, G1).
"""

from __future__ import annotations

from dataclasses import replace

from mitosz_core.rulesets.mitosz.rules import S
from mitosz_core.rulesets.mitosz.state import CardId, Game, Player

HAND_SIZE = 7
"""The hand size (*kézméret*, 1.5.2): the most cards a player may hold at the end of
their own turn, and the opening hand (6.1.2)."""


def hand_size(game: Game, player: int) -> int:
    """The hand size in force for ``player`` (1.5.2); card text may change it (G2)."""
    return HAND_SIZE


def update_player(s: S, index: int, **changes: object) -> S:
    """``s`` with player ``index`` changed; every other part is shared."""
    game = s.game
    return s.evolve(game=game.with_player(index, replace(game.players[index], **changes)))  # type: ignore[arg-type]


def draw(s: S, player: int, count: int) -> S:
    """``player`` draws ``count`` cards from their own deck, as many as it holds (1.3.2)."""
    p = s.game.players[player]
    n = min(count, len(p.deck))
    if n == 0:
        return s
    return update_player(s, player, deck=p.deck[n:], hand=p.hand + p.deck[:n])


def discard(s: S, card: CardId) -> S:
    """Discard ``card`` from its owner's hand to the owner's underworld (1.5.1, 1.4.2)."""
    owner = s.game.owner(card)
    p = s.game.players[owner]
    hand = tuple(c for c in p.hand if c != card)
    return update_player(s, owner, hand=hand, underworld=(*p.underworld, card))


def to_underworld(s: S, cards: tuple[CardId, ...]) -> S:
    """Put cards that have already left their zone into their owners' underworlds (1.4).

    The order given is the order they are laid on the pile (last on top).
    """
    for card in cards:
        owner = s.game.owner(card)
        p = s.game.players[owner]
        s = update_player(s, owner, underworld=(*p.underworld, card))
    return s


def to_oblivion(s: S, cards: tuple[CardId, ...]) -> S:
    """Exile cards to their owners' oblivion: out of the game for good (1.4.4)."""
    for card in cards:
        owner = s.game.owner(card)
        p = s.game.players[owner]
        s = update_player(s, owner, oblivion=(*p.oblivion, card))
    return s


def take_from_hand(p: Player, card: CardId) -> Player:
    """``p`` without ``card`` in hand."""
    return replace(p, hand=tuple(c for c in p.hand if c != card))

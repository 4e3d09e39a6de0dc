"""Zones: deck, hand, underworld and oblivion (*pakli, kéz, túlvilág, feledés*, 1.3-1.5).

Every move sends a card to its **owner's** pile, whoever controls it (golden rule 1, G1).
"""

from __future__ import annotations

from collections.abc import Callable

from mitosz_core.games.mitosz.cards import CardDef
from mitosz_core.games.mitosz.rules import S
from mitosz_core.games.mitosz.state import CardId, Limbo, Player
from mitosz_core.kernel.values import replace


def update_player(s: S, index: int, **changes: object) -> S:
    """``s`` with player ``index`` changed; every other part is shared."""
    game = s.game
    return s.evolve(game=game.with_player(index, game.players[index].changed(**changes)))


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

    A lone card is laid on top at once. When several cards of one owner go at once, the
    owner chooses their order (1.4.2): they wait in :attr:`Game.limbo` and a forced
    choice asks for them one at a time.
    """
    owners = list(dict.fromkeys(s.game.owner(c) for c in cards))
    for owner in owners:
        mine = tuple(c for c in cards if s.game.owner(c) == owner)
        if len(mine) == 1:
            p = s.game.players[owner]
            s = update_player(s, owner, underworld=(*p.underworld, mine[0]))
        else:
            limbo = (*s.game.limbo, Limbo(owner, mine))
            s = s.evolve(game=replace(s.game, limbo=limbo))
    return s


def lay_on_underworld(s: S, card: CardId) -> S:
    """Lay ``card``, waiting in limbo, on top of its owner's underworld (1.4.2)."""
    owner = s.game.owner(card)
    limbo: list[Limbo] = []
    for batch in s.game.limbo:
        rest = tuple(c for c in batch.cards if c != card)
        if rest:
            limbo.append(Limbo(batch.owner, rest))
    p = s.game.players[owner]
    s = update_player(s, owner, underworld=(*p.underworld, card))
    return s.evolve(game=replace(s.game, limbo=tuple(limbo)))


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


def search(s: S, player: int, wanted: Callable[[CardDef], bool], restricted: bool) -> S:
    """1.3.3: take the first card of ``player``'s deck that ``wanted`` accepts into hand,
    then shuffle the deck. A search restricted by type, mythos or the like shows the card
    to the other players (it is recorded in :attr:`Game.revealed`). Finding nothing still
    shuffles the deck."""
    p = s.game.players[player]
    found = next((c for c in p.deck if wanted(s.game.card(c))), None)
    deck = tuple(c for c in p.deck if c != found)
    shuffled, rng = s.rng.shuffled(deck)
    hand = p.hand if found is None else (*p.hand, found)
    s = update_player(s, player, deck=shuffled, hand=hand).evolve(rng=rng)
    shown = () if found is None or not restricted else (found,)
    return s.evolve(game=replace(s.game, revealed=shown))


def take_back(s: S, card: CardId) -> S:
    """1.4.3: take ``card`` back from its owner's underworld into hand, shown to everyone;
    the underworld keeps its order (it is never shuffled)."""
    owner = s.game.owner(card)
    p = s.game.players[owner]
    if card not in p.underworld:
        raise ValueError(f"#{card} is not in its owner's underworld")
    underworld = tuple(c for c in p.underworld if c != card)
    s = update_player(s, owner, underworld=underworld, hand=(*p.hand, card))
    return s.evolve(game=replace(s.game, revealed=(card,)))

"""The MYTHOS game data held in :attr:`mitosz_core.State.game`.

Every value is frozen. A card id indexes :attr:`Game.instances`, which names the printed
card (an index into :attr:`Game.cards`, the definitions of the cards in play, which
travel inside the state) and its owner. Each card id sits in exactly one
zone: a deck, a hand, a graveyard, or a slot of the battlefield, infirmary or sanctuary
(as the slot's card or as the card attached to it, 02.6, 02.7).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

from mitosz_core.games.mythos.cards import CardDef
from mitosz_core.kernel.values import CHECK_VIEWS, KEPT_UNLESS, replace

CardId = int


class Row(enum.Enum):
    """The three rows of slots (02.1)."""

    BATTLEFIELD = "battlefield"
    INFIRMARY = "infirmary"
    SANCTUARY = "sanctuary"


@dataclass(frozen=True, slots=True)
class Instance:
    """One physical card: which printed card (an index into :attr:`Game.cards`) and owner."""

    card: int
    owner: int


@dataclass(frozen=True, slots=True)
class Slot:
    """One slot (02.1): a card and the card attached to it (a unit's artifact, 02.6, or a
    place's upgrade, 02.7), with the unit's state. A card that re-enters play gets a new
    slot, so everything here starts fresh (09.9).

    ``damage`` persists until healed or mobilised (05.3, 11.4); ``attack_mod`` and
    ``life_mod`` are permanent markers; ``temp_*`` last to the end of the turn;
    ``mobilized`` and ``attacked`` are the once-per-round flags (05.2, 06.1).
    """

    card: CardId
    attached: CardId | None = None
    damage: int = 0
    attack_mod: int = 0
    life_mod: int = 0
    temp_attack: int = 0
    temp_life: int = 0
    mobilized: bool = False
    attacked: bool = False


@dataclass(frozen=True, slots=True)
class Player:
    """One player's life, aura and zones."""

    life: int
    aura: int
    deck: tuple[CardId, ...]
    hand: tuple[CardId, ...]
    graveyard: tuple[CardId, ...] = ()
    battlefield: tuple[Slot, ...] = ()
    infirmary: tuple[Slot, ...] = ()
    sanctuary: tuple[Slot, ...] = ()
    _calm: tuple[object, ...] | None = field(
        default=None,
        init=False,
        repr=False,
        compare=False,
        hash=False,
        metadata={KEPT_UNLESS: ("battlefield", "infirmary", "sanctuary", "aura")},
    )
    """The printed cards and the instances of a game in which the state checks of deaths
    and aura found nothing to do for this player (:mod:`.rules.checks`): they read only
    its rows, its aura and those, so while they are the same they find nothing again
    (:func:`calm`). A memo: not saved, not compared; a copy keeps it while its rows and
    aura stay (a card drawn or life lost changes neither)."""

    def row(self, row: Row) -> tuple[Slot, ...]:
        if row is Row.BATTLEFIELD:
            return self.battlefield
        if row is Row.INFIRMARY:
            return self.infirmary
        return self.sanctuary


def calm(game: Game, player: int) -> bool:
    """Whether the state checks of deaths and aura found nothing to do on ``player``'s
    rows and aura, in a game of these printed cards and instances
    (:attr:`Player._calm`). Never in the debug mode (``MITOSZ_CHECK_VIEWS=1``), where
    they run every time."""
    return not CHECK_VIEWS and marked_calm(game, player)


def marked_calm(game: Game, player: int) -> bool:
    """Whether ``player`` carries the mark of :func:`calm` for ``game``, whatever the
    debug mode."""
    memo = game.players[player]._calm
    return memo is not None and memo[0] is game.cards and memo[1] is game.instances


def mark_calm(game: Game) -> None:
    """Mark every player of ``game`` calm (:func:`calm`): the checks of deaths and aura
    found nothing to do on it."""
    base = (game.cards, game.instances)
    for p in game.players:
        object.__setattr__(p, "_calm", base)


@dataclass(frozen=True, slots=True)
class Combat:
    """A fight in progress (06): the attackers, the blocks (blocker, attacker) and the
    damage order fixed so far, as (attacker, blocker) pairings."""

    attackers: tuple[CardId, ...]
    blocks: tuple[tuple[CardId, CardId], ...] = ()
    order: tuple[tuple[CardId, CardId], ...] = ()


@dataclass(frozen=True, slots=True)
class Payment:
    """An upgrade being attached (08): the rest of its attach cost, paid one choice at a
    time."""

    upgrade: CardId
    place: CardId
    left: int


@dataclass(frozen=True, slots=True)
class Game:
    """The whole MYTHOS game data."""

    cards: tuple[CardDef, ...]
    """The printed cards in play, sorted by key; instances index them."""
    instances: tuple[Instance, ...]
    players: tuple[Player, ...]
    first: int
    """The starting player (R-01-start)."""
    active: int
    round: int = 0
    """The round (*Runde*): one turn of each player, from the starting player's (R-03.2)."""
    combat: Combat | None = None
    payment: Payment | None = None
    quiet_rounds: int = 0
    """Full rounds in a row with both decks empty and no change of life (R-01.5)."""
    round_lives: tuple[int, ...] = ()
    """Both players' life at the start of the current round."""
    ending: str | None = None
    """Why the game ended: ``"life"`` (01.4), ``"stalemate"`` or ``"round-limit"`` (R-01.5),
    ``"decision-limit"`` (R-01.5-length)."""

    def card(self, card: CardId) -> CardDef:
        """The printed card of ``card``."""
        return self.cards[self.instances[card].card]

    def key(self, card: CardId) -> str:
        """The key of the printed card of ``card``."""
        return self.cards[self.instances[card].card].key

    def owner(self, card: CardId) -> int:
        return self.instances[card].owner

    def with_player(self, index: int, player: Player) -> Game:
        """A copy with player ``index`` replaced; the other player is shared."""
        players = (*self.players[:index], player, *self.players[index + 1 :])
        return replace(self, players=players)

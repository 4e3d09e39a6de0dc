"""The Mítosz game data held in :attr:`mitosz_core.State.game`.

Every value is frozen. Zones are tuples of card ids; a card id indexes
:attr:`Game.instances`, which says which printed card it is and who owns it. Ownership
lives only there and never changes (golden rule 1, G1).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from mitosz_core.rulesets.mitosz.cards import CardDef

CardId = int
Spheres = tuple[int, int, int, int]


@dataclass(frozen=True, slots=True)
class Instance:
    """One physical card: which printed card (an index into :attr:`Game.cards`) and owner."""

    card: int
    owner: int


@dataclass(frozen=True, slots=True)
class PeopleSlot:
    """A people (*nép*) in an empire at grid cell ``(x, y)``, with its location (3.3)."""

    card: CardId
    x: int
    y: int
    location: CardId | None = None


@dataclass(frozen=True, slots=True)
class LeaderSlot:
    """A leader (*vezér*) in the leader row: turned or not, with its attached items (3.5)."""

    card: CardId
    turned: bool = False
    items: tuple[CardId, ...] = ()


@dataclass(frozen=True, slots=True)
class LevelMarker:
    """A marker (*jelző*, 5.10) changing a card's base level until it is removed."""

    card: CardId
    delta: int


@dataclass(frozen=True, slots=True)
class RoundMark:
    """The start of a round (*forduló*, 6.1.3): begun in turn number ``turn``, which was
    ``round_owner``'s; it lasts until ``round_owner``'s next turn starts.

    Used for the power victory (1.1.1) and the deck-out ending (1.3.4).
    """

    turn: int
    round_owner: int


@dataclass(frozen=True, slots=True)
class Player:
    """One player's zones and high god."""

    high_god: CardId
    spheres: Spheres
    deck: tuple[CardId, ...]
    hand: tuple[CardId, ...]
    underworld: tuple[CardId, ...] = ()
    oblivion: tuple[CardId, ...] = ()
    empire: tuple[PeopleSlot, ...] = ()
    leaders: tuple[LeaderSlot, ...] = ()
    hold: RoundMark | None = None


@dataclass(frozen=True, slots=True)
class PendingSummon:
    """A card in the summoning procedure (6.3), paid for and waiting for its counter round."""

    player: int
    card: CardId
    target: CardId | None = None
    cell: tuple[int, int] | None = None
    free_play: bool = False


@dataclass(frozen=True, slots=True)
class CounterRound:
    """An open counter round (*kontra kör*, 6.4): who has passed since the last response.

    ``first`` is the affected player, who decides first (6.4.1).
    """

    first: int
    passed: int = 0


@dataclass(frozen=True, slots=True)
class Limbo:
    """Cards of one owner that go to the underworld at once, waiting for their owner to
    choose the order they are laid on the pile (1.4.2). They are face up meanwhile."""

    owner: int
    cards: tuple[CardId, ...]


@dataclass(frozen=True, slots=True)
class Game:
    """The whole Mítosz game data."""

    cards: tuple[CardDef, ...]
    instances: tuple[Instance, ...]
    players: tuple[Player, ...]
    order: tuple[int, ...]
    active: int
    people_placed: bool = False
    regain_left: int = 0
    turn_back_left: int = 0
    pending: PendingSummon | None = None
    counter: CounterRound | None = None
    resume: str | None = None
    deckout: RoundMark | None = None
    markers: tuple[LevelMarker, ...] = ()
    limbo: tuple[Limbo, ...] = ()
    opening_reveals: tuple[tuple[int, ...], ...] = ()
    revealed: tuple[CardId, ...] = ()
    """Cards from hidden zones shown to everyone by the latest reveal (1.3.3, 1.4.3)."""
    ending: str | None = None
    """Why the game ended: ``"power"`` (1.1.1) or ``"deck-out"`` (1.3.4)."""

    def card(self, card: CardId) -> CardDef:
        """The printed card of ``card``."""
        return self.cards[self.instances[card].card]

    def owner(self, card: CardId) -> int:
        """The owner of ``card`` (golden rule 1: never changes)."""
        return self.instances[card].owner

    def player(self, index: int) -> Player:
        return self.players[index]

    def with_player(self, index: int, player: Player) -> Game:
        """A copy with player ``index`` replaced; the other players are shared."""
        players = (*self.players[:index], player, *self.players[index + 1 :])
        return replace(self, players=players)

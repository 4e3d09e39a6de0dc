"""The types of a MYTHOS observation: what :func:`~mitosz_core.observe` returns.

As for Mítosz (:mod:`mitosz_core.games.mitosz.observation`), each part is a
:class:`~typing.TypedDict`: a plain ``dict`` of JSON data at run time, a record with
known fields for a type checker. The typed face :mod:`mitosz_core.mythos` exports them
and its :func:`~mitosz_core.mythos.observe` returns an :class:`Observation`. The docs'
observation reference is generated from the fields and docstrings below.
"""

# No ``from __future__ import annotations`` here: Python 3.11 reads a TypedDict's
# NotRequired fields only from annotations evaluated at class creation.
from typing import NotRequired, TypedDict


class CardView(TypedDict):
    """A face-up card."""

    id: int
    """Its instance id in the game: the number actions name."""
    key: str
    """Its card key (the same for every copy of the card)."""
    name: str
    """Its English name."""
    type: str
    """Its card type (``unit``, ``upgrade``, ...)."""


class SlotView(TypedDict):
    """A card in a row, with what is attached to it; the unit fields only for a unit."""

    card: CardView
    """The card."""
    attached: CardView | None
    """The upgrade attached to it, if any."""
    attack: NotRequired[int]
    """A unit's attack now."""
    life: NotRequired[int]
    """A unit's life now."""
    max_life: NotRequired[int]
    """A unit's maximum life now."""
    damage: NotRequired[int]
    """The damage a unit has taken."""
    mobilized: NotRequired[bool]
    """Whether a unit is mobilized."""
    attacked: NotRequired[bool]
    """Whether a unit has attacked this turn."""


class PlayerObservation(TypedDict):
    """One player's life, aura, rows and piles, as the observing player sees them."""

    life: int
    """Life points (01)."""
    aura: int
    """Aura points to spend."""
    aura_cap: int
    """The most aura the player may hold now."""
    deck_size: int
    """Cards in the deck."""
    hand_size: int
    """Cards in the hand."""
    hand: NotRequired[list[CardView]]
    """The hand: only in the observing player's own entry."""
    graveyard: list[CardView]
    """The graveyard, oldest first."""
    battlefield: list[SlotView]
    """The battlefield row (02.1)."""
    infirmary: list[SlotView]
    """The infirmary row."""
    sanctuary: list[SlotView]
    """The sanctuary row."""


class CombatView(TypedDict):
    """The combat under way (06); ids are card ids."""

    attackers: list[int]
    """The attacking units."""
    blocks: list[list[int]]
    """The blocks: (blocker, attacker) pairs."""
    order: list[list[int]]
    """The damage order fixed so far: (attacker, blocker) pairs."""


class PaymentView(TypedDict):
    """An upgrade's attach cost being paid (08)."""

    upgrade: int
    """The upgrade's card id."""
    place: int
    """The card id of the card it goes to."""
    left: int
    """The points still to pay."""


class Observation(TypedDict):
    """What one player may see of a MYTHOS game: the board, both players' life and aura,
    their own hand, and the sizes of the hidden piles."""

    ruleset: str
    """The ruleset's name, ``mythos``."""
    you: int
    """The observing player's index."""
    phase: str
    """The machine state, e.g. ``turn.main`` (:doc:`machine`)."""
    turn: int
    """Turns begun so far."""
    round: int
    """The round: one turn of each player (R-03.2)."""
    first: int
    """The starting player."""
    active: int
    """Whose turn it is."""
    to_act: int | None
    """Who must decide now; ``null`` when the game is over."""
    over: bool
    """Whether the game has ended."""
    winner: int | None
    """The winner's index; ``null`` while playing or for a draw."""
    ending: str | None
    """Why the game ended: ``life``, ``stalemate`` or ``round-limit``."""
    combat: CombatView | None
    """The combat under way, if any."""
    payment: PaymentView | None
    """An upgrade's attach cost being paid, if any."""
    players: list[PlayerObservation]
    """One entry per player, in index order."""

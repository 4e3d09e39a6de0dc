"""The types of a Mítosz observation: what :func:`~mitosz_core.observe` returns.

An observation is JSON data (dicts, lists, strings, numbers, booleans and ``null``), so
each part is a :class:`~typing.TypedDict`: at run time a plain ``dict``, for a type
checker a record whose fields are known, so that a typed program that reads a misspelled
field fails ``mypy --strict``. The typed face :mod:`mitosz_core.mitosz` exports them and
its :func:`~mitosz_core.mitosz.observe` returns an :class:`Observation`. The docs'
observation reference is generated from the fields and docstrings below.

Values that come from an enumeration are its JSON text (e.g. ``"north"`` for
:attr:`Edge.NORTH <mitosz_core.games.mitosz.terms.Edge.NORTH>`).
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
    owner: int
    """The index of the player who owns it."""


class LeveledCardView(CardView):
    """A card on the board with its level as the rules compute it now (lasting effects
    included)."""

    level: int
    """Its level now, as every rule that reads it uses it."""


class SphereValues(TypedDict):
    """One number per sphere (3.1)."""

    magic: int
    """Magic (*mágia*)."""
    influence: int
    """Influence (*befolyás*)."""
    wealth: int
    """Wealth (*vagyon*)."""
    force: int
    """Force (*haderő*)."""


class RoadView(TypedDict):
    """A road printed on a people card."""

    edge: str
    """The card edge it leaves by: ``north``, ``east``, ``south`` or ``west``."""
    level: int
    """Its level now."""
    open: bool
    """Whether it is open (no people of the empire next to it there)."""


class PeopleView(TypedDict):
    """A people in an empire, on its grid cell."""

    people: CardView
    """The people card."""
    x: int
    """The grid column (the first people is at 0, 0)."""
    y: int
    """The grid row."""
    location: LeveledCardView | None
    """Its location, if any, with its level now."""
    building: LeveledCardView | None
    """Its building, if any, with its level now."""
    roads: list[RoadView]
    """Its roads."""


class LeaderView(TypedDict):
    """A leader in the leader row."""

    leader: CardView
    """The leader card."""
    turned: bool
    """Whether it is turned (4.3)."""
    level: int
    """Its level now."""
    items: list[LeveledCardView]
    """The items it carries, each with its level now."""


class PlayerObservation(TypedDict):
    """One player's board and piles, as the observing player sees them."""

    high_god: CardView
    """The player's high god."""
    spheres: SphereValues
    """Sphere points (3.1)."""
    sphere_maxima: SphereValues
    """Each sphere's maximum now."""
    power: int
    """The player's power (1.1.1)."""
    deck_size: int
    """Cards in the deck."""
    hand_size: int
    """Cards in the hand."""
    hand: NotRequired[list[CardView]]
    """The hand: only in the observing player's own entry."""
    underworld: list[CardView]
    """The underworld (discard pile), oldest first."""
    oblivion: list[CardView]
    """Cards removed from the game."""
    empire: list[PeopleView]
    """The empire's peoples."""
    intrigues: list[CardView]
    """Intrigues face up in front of the player."""
    leaders: list[LeaderView]
    """The leader row."""
    holding_since_turn: int | None
    """The turn since which the player holds the power to win (1.1.1), or ``null``."""
    opening_reveals: list[CardView]
    """The cards the player revealed to decide the turn order (6.1.1)."""


class LimboView(TypedDict):
    """Cards on their way to their owner's underworld (1.4.2)."""

    owner: int
    """Their owner, who lays them in order."""
    cards: list[CardView]
    """The cards."""


class PendingView(TypedDict):
    """An event on the pending stack of the counter round (6.4.1)."""

    id: int
    """The event's id, which actions aiming at it name (``target_pending``)."""
    player: int
    """The player whose event it is."""
    kind: str
    """``play`` (a card played) or ``maneuver``."""
    card: CardView | None
    """The card played, or the free-maneuver or fate card."""
    user: CardView | None
    """A maneuver's user."""
    maneuver: int
    """Which maneuver of the card (or of the user) is used."""
    target: CardView | None
    """The card aimed at, if any."""
    target_pending: int | None
    """The id of the pending event aimed at, if any."""
    neutralized: bool
    """Whether it was neutralized."""


class ChoiceView(TypedDict):
    """A choice an effect asks a player for."""

    player: int
    """Who chooses."""
    purpose: str
    """What the choice is for (its purpose's name)."""
    count: int
    """How many cards are chosen."""
    options: list[CardView] | int
    """The cards to choose from; for the other players only their number."""


class EffectView(TypedDict):
    """A lasting effect (4.2.5)."""

    id: int
    """The effect's id."""
    player: int
    """The player whose effect it is."""
    effect: str
    """The effect's kind."""
    source: CardView | None
    """The card it comes from."""
    target: CardView | None
    """The card it holds on; ``null`` for one whose selector decides, or a player's."""


class TroopView(LeveledCardView):
    """A troop in the fight: the card's fields, its level now and where it fights."""

    side: int
    """0 attacks, 1 defends."""
    line: str
    """The line it is attached to: ``front``, ``support`` or ``reserve``."""
    mode: str
    """How it fights (its troop mode)."""
    monster: bool
    """A monster played as a troop (8.monster)."""
    mount: bool
    """A mount helping its rider (8.mount)."""


class HelperView(TypedDict):
    """An allied player in the fight (5.13)."""

    player: int
    """The helping player."""
    side: int
    """The side helped: 0 attacks, 1 defends."""


class FightView(TypedDict):
    """The battle or duel of this combat phase (chapter 7)."""

    kind: str
    """``battle`` or ``duel``."""
    attacker: int
    """The attacking (or challenging) player."""
    defender: int
    """The defending (or challenged) player."""
    people: CardView | None
    """The people attacked, in a battle."""
    road: str | None
    """The road attacked across, in a battle."""
    attack: list[LeveledCardView | None]
    """The attacking war leaders by line: front, support, reserve, with their levels now."""
    defend: list[LeveledCardView | None]
    """The defending war leaders by line."""
    helpers: list[HelperView]
    """The allied players."""
    asked: int | None
    """A player asked for help who now decides (7.4.4, 7.4.5)."""
    troops: list[TroopView]
    """The troops."""
    fighters: list[int]
    """The fighting players in combat-round order."""
    turn_of: int | None
    """Whose turn it is in the combat round."""
    flying: bool
    """The army attacks across a closed road and must fly (8.flying)."""
    levels: list[int] | None
    """The two sides' levels, once the combat rounds have begun."""
    outcome: str | None
    """How the fight ended, once it has."""


class MountView(TypedDict):
    """A mount attached to its rider (8.mount)."""

    mount: CardView
    """The mount."""
    rider: CardView
    """Its rider."""
    shared: str | None
    """The subtype it shares with the rider, if any."""


class KeywordCardView(TypedDict):
    """A card attached by its keyword to a card on the board (chapter 8)."""

    card: CardView
    """The attached card."""
    host: CardView
    """The card it is attached to."""
    keyword: str
    """The keyword that attached it: its attaching keyword's subtype, e.g. ``rune``
    (8.rune)."""


class HeldLeaderView(TypedDict):
    """A leader held by another card until it is released."""

    leader: CardView
    """The leader held."""
    items: list[CardView]
    """Its items."""
    host: CardView
    """The card holding it."""
    player: int
    """The player whose leader row it returns to."""
    release: str
    """When it is released."""


class Observation(TypedDict):
    """What one player may see of a Mítosz game: the public board, their own hand, and
    the sizes of every hidden pile."""

    ruleset: str
    """The ruleset's name, ``mitosz``."""
    you: int
    """The observing player's index."""
    phase: str
    """The machine state, e.g. ``turn.summoning_1`` (:doc:`machine`)."""
    turn: int
    """Turns begun so far (1 in the first turn)."""
    active: int
    """Whose turn it is."""
    to_act: int | None
    """Who must decide now; ``null`` when the game is over."""
    order: list[int]
    """The turn order, player indices (6.1)."""
    over: bool
    """Whether the game has ended."""
    winner: int | None
    """The winner's index; ``null`` while playing or for a draw."""
    ending: str | None
    """Why the game ended: ``power`` (1.1.1) or ``deck-out`` (1.3.4)."""
    peoples_placed: int
    """Peoples placed this turn (one per turn, 3.2.1)."""
    revealed: list[CardView]
    """Cards from hidden zones shown to everyone by the latest reveal."""
    going_to_underworld: list[LimboView]
    """Cards on their way to an underworld, by owner, while the owner lays them in
    order (1.4.2)."""
    stack: list[PendingView]
    """The pending stack of the counter round, oldest first."""
    choice: ChoiceView | None
    """A choice an effect asks for, if any."""
    peeked: CardView | None
    """The card the observing player peeked at (4.2.3), if any."""
    effects: list[EffectView]
    """Lasting effects."""
    lingering: list[CardView]
    """Free-maneuver and fate cards whose effects still last (3.7, 3.9)."""
    fight: FightView | None
    """The fight of this combat phase, if one runs."""
    mounts: list[MountView]
    """Mounts and their riders (8.mount)."""
    keyword_cards: list[KeywordCardView]
    """Cards attached by their keyword (such as runes, 8.rune), the cards they are
    attached to and the keyword, in the order attached."""
    held_leaders: list[HeldLeaderView]
    """Leaders held by another card, with their items, until released."""
    players: list[PlayerObservation]
    """One entry per player, in index order."""

"""The Mítosz game data held in :attr:`mitosz_core.State.game`.

Every value is frozen. Zones are tuples of card ids; a card id indexes
:attr:`Game.instances`, which says which printed card it is and who owns it. Ownership
lives only there and never changes (golden rule 1, G1).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass, field, fields
from enum import StrEnum
from typing import Any, TypeVar

from mitosz_core.games.mitosz.cards import CardDef
from mitosz_core.games.mitosz.effects.language import AnyEffect, Release, Trigger
from mitosz_core.games.mitosz.machine import Phase
from mitosz_core.games.mitosz.subtypes import Subtype
from mitosz_core.games.mitosz.terms import Edge
from mitosz_core.kernel.compiled import mypyc_attr
from mitosz_core.kernel.tagged import Tagged
from mitosz_core.kernel.values import CHECK_VIEWS, KEPT_UNLESS, replace, same_objects

T = TypeVar("T")

MAX_PLAYERS = 4
"""The most players a game of Mítosz seats."""

CardId = int
Spheres = tuple[int, int, int, int]


@dataclass(frozen=True, slots=True)
class Instance:
    """One physical card: which printed card (an index into :attr:`Game.cards`) and owner."""

    card: int
    owner: int


@dataclass(frozen=True, slots=True)
class PeopleSlot:
    """A people (*nép*) in an empire at grid cell ``(x, y)``. Its location (3.3) and the
    building on a region (8.region) are attached to it in :attr:`Board.attachments`
    (:attr:`AttachKind.LOCATION`, :attr:`AttachKind.BUILDING`)."""

    card: CardId
    x: int
    y: int


@dataclass(frozen=True, slots=True)
class LeaderSlot:
    """A leader (*vezér*) in the leader row, turned or not. The cards attached to it, its
    items (3.5), its mount (8.mount) and, while a battle lasts, the troops in the line it
    leads (7.3.4, ruling R-7.3.4-attached), are in :attr:`Board.attachments`."""

    card: CardId
    turned: bool = False


@dataclass(frozen=True, slots=True)
class Marker:
    """A marker (*jelző*, 5.10) on a card: it changes the card's base level and power
    until it is removed or the card leaves the board (1.2.6)."""

    card: CardId
    level: int = 0
    power: int = 0


@dataclass(frozen=True, slots=True)
class RoundMark:
    """The start of a round (*forduló*, 6.1.3): begun in turn number ``turn``, which was
    ``round_owner``'s; it lasts until ``round_owner``'s next turn starts.

    Used for the power victory (1.1.1) and the deck-out ending (1.3.4).
    """

    turn: int
    round_owner: int


@dataclass(frozen=True, slots=True)
class Realm:
    """A player's side of the board (*pást*, 1.2): the high god, the empire (its
    locations are in :attr:`Board.attachments`), the leader row (its items too), the
    intrigues. A change to a player's hand,
    deck, piles or spheres leaves the realm (and every view of the board derived from
    it, :func:`cached`) as it was."""

    high_god: CardId
    empire: tuple[PeopleSlot, ...] = ()
    leaders: tuple[LeaderSlot, ...] = ()
    intrigues: tuple[CardId, ...] = ()


REALM_FIELDS = frozenset(("high_god", "empire", "leaders", "intrigues"))


@dataclass(frozen=True, slots=True)
class Player:
    """One player's zones: their side of the board (:class:`Realm`), spheres, deck,
    hand, underworld and oblivion, and their power hold (1.1.1)."""

    realm: Realm
    spheres: Spheres
    deck: tuple[CardId, ...]
    hand: tuple[CardId, ...]
    underworld: tuple[CardId, ...] = ()
    oblivion: tuple[CardId, ...] = ()
    hold: RoundMark | None = None

    @property
    def high_god(self) -> CardId:
        return self.realm.high_god

    @property
    def empire(self) -> tuple[PeopleSlot, ...]:
        return self.realm.empire

    @property
    def leaders(self) -> tuple[LeaderSlot, ...]:
        return self.realm.leaders

    @property
    def intrigues(self) -> tuple[CardId, ...]:
        return self.realm.intrigues

    def changed(self, **changes: Any) -> Player:
        """A copy with ``changes``, which may name the realm's fields too (``leaders``,
        ``empire``, ...): unchanged parts, the realm included, are shared."""
        realm = {k: v for k, v in changes.items() if k in REALM_FIELDS}
        if realm:
            rest = {k: v for k, v in changes.items() if k not in REALM_FIELDS}
            return replace(self, realm=replace(self.realm, **realm), **rest)
        return replace(self, **changes)


@dataclass(frozen=True, slots=True)
class Pending(Tagged):
    """An event waiting on the pending stack for its counter round to end (6.4.1): a
    card being played (:class:`PlayPending`) or a maneuver being used
    (:class:`ManeuverPending`). ``id`` is what a counter effect aims at (an action's
    ``target_pending``); ``player`` is whose event it is."""

    id: int
    player: int


Pending.kind = "pending"


@dataclass(frozen=True, slots=True)
class PlayPending(Pending):
    """A card being played (6.3): it reaches the board when it resolves (6.3.6), onto
    ``target`` (an item's leader, say) or, a people, at ``cell`` of the empire;
    ``neutralized`` if a counter effect neutralised it."""

    card: CardId
    target: CardId | None = None
    cell: tuple[int, int] | None = None
    neutralized: bool = False


PlayPending.kind = "play"


@dataclass(frozen=True, slots=True)
class ManeuverPending(Pending):
    """A maneuver being used (4.6): it takes hold when it resolves (4.6.5-4.6.7).

    ``user`` is the maneuver's user; ``card`` the free-maneuver or fate card (``None``
    for a bound maneuver); ``maneuver`` indexes the maneuvers of ``card``, or else of
    ``user``. It aims at ``target`` or at the pending event ``target_pending``, bought
    ``steps`` steps of a scale and ``times`` repeats of a slash (4.3), and is
    ``neutralized`` if a counter effect neutralised it (4.2.6)."""

    user: CardId | None = None
    card: CardId | None = None
    maneuver: int = 0
    target: CardId | None = None
    target_pending: int | None = None
    steps: int = 1
    times: int = 1
    neutralized: bool = False
    keyword_card: CardId | None = None
    """A card of an attaching keyword (chapter 8) this use concerns, which its keyword
    resolves (:attr:`~.rules.keywords.keyword.Keyword.resolve_use`): the free-maneuver
    ``card`` being attached to ``target`` by the use (a rune a scribe attaches, 8.rune),
    or a card already attached to ``user`` whose maneuver it uses as a bound maneuver
    (3.9)."""


ManeuverPending.kind = "maneuver"


AnyPending = PlayPending | ManeuverPending
"""What waits on the pending stack."""
PENDING: dict[str, type[Pending]] = {p.kind: p for p in (PlayPending, ManeuverPending)}
"""The pending items by their tag, for the codec."""


@dataclass(frozen=True, slots=True)
class Glance:
    """What one player's events are noticed by (6.5.1): the deck's size, the hand (a
    card moving between hand and deck is an event even when no size changes), the public
    zones, the spheres, and the board with its turned leaders."""

    deck: int
    hand: tuple[CardId, ...]
    underworld: tuple[CardId, ...]
    oblivion: tuple[CardId, ...]
    spheres: Spheres
    empire: tuple[PeopleSlot, ...]
    leaders: tuple[LeaderSlot, ...]
    intrigues: tuple[CardId, ...]


@dataclass(frozen=True, slots=True)
class Seen:
    """The game as of the last response (6.1.4, 6.5.1): its phase, the deeds of the turn
    and every player's :class:`Glance`. A difference at the next quiet moment is an
    event."""

    phase: Phase
    players: tuple[Glance, ...]
    deeds: int = 0

    def seen_in(self, phase: Phase) -> bool:
        """Whether this was seen in the turn phase ``phase``."""
        return self.phase is phase


@dataclass(frozen=True, slots=True)
class Frame(Tagged):
    """An interruption of play, on the game's frame stack: what it interrupted
    (``host``, a machine state) is where its return edge goes back when it is over."""

    host: str


Frame.kind = "frame"


@dataclass(frozen=True, slots=True)
class CounterRound:
    """The innermost open counter round (*kontra kör*, 6.4): ``first`` is the affected
    player, who decides first; ``passed`` counts the passes since the last response."""

    first: int
    passed: int = 0


@dataclass(frozen=True, slots=True)
class CounterFrame(Frame):
    """A counter round (6.4.1) opened by a play or a maneuver in step ``host``. Its
    ``round`` is the innermost open round's data while the players respond (an answer
    opens a new round over the same stack, :func:`~.rules.counter_round.push`); none
    while the round opens or the stack resolves."""

    round: CounterRound | None = field(default=None, metadata={"omit_default": True})


CounterFrame.kind = "counter"


@dataclass(frozen=True, slots=True)
class ResponseFrame(Frame):
    """A response (6.1.4) opened at the quiet moment ``host``, after a deed or another
    event (6.5.1): the players other than the one whose turn it is may answer, in turn
    order. ``priority`` is the player who decides now; ``ending`` says that the player
    whose turn it is passed in ``host``, so that the phase ends when the others pass too
    (ruling R-6.1.4-pass). An answer clears ``ending``: when the turn comes back round to
    the player whose turn it is, that player has the phase back."""

    priority: int = 0
    ending: bool = False
    then: str = field(default="", metadata={"omit_default": True})
    """A phase window when set (ruling R-6.1.4-phases): the end of a phase in which the
    player whose turn it is is asked first; the machine edge fired when every player has
    passed in a row, starting with that player. ``ending`` then says that it passed
    since the last deed."""


ResponseFrame.kind = "response"


@dataclass(frozen=True, slots=True)
class ForcedFrame(Frame):
    """A forced choice (3.4.2, 1.4.2) that interrupted ``host``."""


ForcedFrame.kind = "forced"


AnyFrame = CounterFrame | ResponseFrame | ForcedFrame
FRAMES: dict[str, type[Frame]] = {f.kind: f for f in (CounterFrame, ResponseFrame, ForcedFrame)}


@dataclass(frozen=True, slots=True)
class Todo:
    """An effect of a resolving maneuver that has yet to take hold, with its context."""

    effect: AnyEffect
    player: int
    source: CardId | None = None
    """The card whose text it is: the user, or the fate card (ranks it for 5.9)."""
    target: CardId | None = None
    target_pending: int | None = None
    free_card: CardId | None = None
    """A free-maneuver card that goes to the underworld when this effect ends (3.9)."""


class ChoicePurpose(StrEnum):
    """Why a player is choosing cards in the middle of an effect."""

    DISCARD = "discard"
    SEARCH = "search"
    """A restricted search: the card found is shown to everyone (1.3.3)."""
    SEARCH_HIDDEN = "search_hidden"
    TAKE_BACK = "take_back"
    FEAR = "fear"
    """Fleeing creatures (7.2.5.2): the first one's player may pay to keep it."""
    ON_PLAY = "on_play"
    """A maneuver used when its card is played (6.3.7): the card (or, for a maneuver
    that names a card, that card) to use it on; an optional one may be declined."""
    ATTACH_STOLEN = "attach_stolen"
    """A stolen item or location (5.2): the thief's card to attach it to."""


@dataclass(frozen=True, slots=True)
class Choice:
    """A player choosing ``count`` more cards among ``options`` while an effect resolves."""

    player: int
    purpose: ChoicePurpose
    options: tuple[CardId, ...]
    count: int = 1
    optional: bool = False
    """Whether the player may pass instead of choosing (6.3.7 "may be used")."""
    source: CardId | None = None
    """The card whose ability asks (6.3.7)."""
    index: int = 0
    """Which maneuver of ``source`` asks (6.3.7)."""


@dataclass(frozen=True, slots=True)
class ActiveEffect:
    """A lasting change (4.2.5): a level, power, permission, immunity or hand-size effect
    with a duration. ``target`` is a fixed card; ``None`` means the effect's own selector
    decides, for every card it matches at any moment (5.7), or it is a player effect."""

    id: int
    effect: AnyEffect
    player: int
    source: CardId | None
    target: CardId | None
    free_card: CardId | None = None
    rounds: int | None = None
    """A fate's effect lasts this many more rounds (3.7); else its duration decides."""
    round_owner: int = 0
    """Whose turn the fate was played in: its rounds end when that player's turns start
    (6.1.3)."""
    fight: bool = False
    """Made by a maneuver used in a fight, or by a combat maneuver: it ends with the
    fight, or the combat phase, whatever its duration (7.4.13, 7.6.6, 4.2.1; ruling
    R-7.4.13-effects)."""


@dataclass(frozen=True, slots=True)
class Waiting:
    """A delayed effect waiting for its moment (6.2.1.3, 6.2.4.5, 7.4.12): ``player``
    is whose effect it is; a start-of-turn one waits for that player's next turn."""

    id: int
    when: Trigger
    effect: AnyEffect
    player: int
    source: CardId | None


@dataclass(frozen=True, slots=True)
class Tiebreak:
    """A 5.9 tie settled by a reveal: between effects ``a`` and ``b`` (effect keys),
    ``winner`` takes precedence."""

    a: str
    b: str
    winner: str


@dataclass(frozen=True, slots=True)
class Limbo:
    """Cards of one owner that go to the underworld at once, waiting for their owner to
    choose the order they are laid on the pile (1.4.2). They are face up meanwhile."""

    owner: int
    cards: tuple[CardId, ...]


class FightKind(StrEnum):
    """The two kinds of fight (*harc*, 7.1.1): battle (*csata*) and duel (*párbaj*)."""

    BATTLE = "battle"
    DUEL = "duel"


class LineName(StrEnum):
    """The lines of an army (7.3.4): front (*arcvonal*), support (*segédcsapatok*) and
    reserve (*tartalék*)."""

    FRONT = "front"
    SUPPORT = "support"
    RESERVE = "reserve"


LINES: tuple[LineName, ...] = tuple(LineName)
"""The lines in their order; an army's leaders are a tuple in this order."""


class TroopMode(StrEnum):
    """What of a troop takes effect in its line (3.8): everything in the front line; in
    the support and reserve lines only its level or only its maneuvers."""

    FULL = "full"
    LEVEL = "level"
    MANEUVER = "maneuver"
    UNDECIDED = "undecided"


class Outcome(StrEnum):
    """How a fight ended (7.4.9, 7.4.10, 7.6.4)."""

    NONE = "none"
    """No winner and no loser: a draw, a retreat, or every commander gone (7.4.10.1)."""
    ATTACKER = "attacker"
    DEFENDER = "defender"


@dataclass(frozen=True, slots=True)
class Troop:
    """A troop (*hadtáp*) in a battle: attached to the war leader of its line (side 0
    attacks, 1 defends). A monster played as a troop (8.monster) and a mount helping its
    rider (8.mount) are troops here too."""

    card: CardId
    side: int
    line: LineName
    mode: TroopMode = TroopMode.FULL
    monster: bool = False
    mount: bool = False


Army = tuple[CardId | None, CardId | None, CardId | None]
"""The war leaders of one side, by line: front (the commander), support, reserve."""


@dataclass(frozen=True, slots=True)
class Fight:
    """The fight of this combat phase (chapter 7).

    ``attacker``/``defender`` are the two players: in a battle the one who attacks and the
    attacked people's player; in a duel the challenger's and the challenged's players.
    ``attack``/``defend`` hold the war leaders by line (in a duel the two duelists sit in
    the front). ``helpers`` are allied players (5.13) with the side they help.
    """

    kind: FightKind
    attacker: int
    defender: int
    people: CardId | None = None
    road: Edge | None = None
    attack: Army = (None, None, None)
    defend: Army = (None, None, None)
    helpers: tuple[tuple[int, int], ...] = ()
    asked: int | None = None
    """A player asked for help (7.4.4, 7.4.5) who now decides."""
    declined: tuple[int, ...] = ()
    """Players who declined to help in the current step."""
    pending_leader: CardId | None = None
    """A leader the defender is summoning as a war leader (7.4.3.1, 7.4.5)."""
    pending_line: LineName | None = None
    troops: tuple[Troop, ...] = ()
    turned: tuple[CardId, ...] = ()
    """Troops turned in this fight (7.2.5.3)."""
    fighters: tuple[int, ...] = ()
    """The fighting players in combat-round order (7.2.2, 7.4.8, 7.6.3)."""
    current: int = 0
    """Index into ``fighters`` of the player whose turn it is in the combat round."""
    passed: int = 0
    flying: bool = False
    """The army attacks across a closed road and must fly (8.flying)."""
    started: bool = False
    """Whether the lines are formed and the combat rounds have begun."""
    outcome: Outcome | None = None
    saved: bool = False
    """The defender sacrificed its commander to save the people (7.4.10.2)."""
    decided: tuple[CardId, ...] = ()
    """Monsters whose keeping was decided (8.monster.5)."""
    fear_cost: Spheres = (0, 0, 0, 0)
    """What stops a fear for one creature (7.2.5.2), while fleeing creatures are chosen."""
    retreated: bool = False
    """The attacker was forced to retreat: no winner, no loser (7.4.10.1)."""


class AttachKind(StrEnum):
    """How a card is attached to its host (1.4.2), in the board's relation
    (:attr:`Board.attachments`), which keeps every attached card of the game;
    :mod:`~mitosz_core.games.mitosz.rules.hosting` is the one query of it."""

    MOUNT = "mount"
    """A mount (*hátas*, 8.mount) attached to its rider, a leader (the record says what
    it shares). It is not also an item of its rider:
    :func:`~mitosz_core.games.mitosz.rules.hosting.items_of` gives a leader's items and
    mount together, in the order attached."""
    KEYWORD = "keyword"
    """A card attached by its keyword (chapter 8) to a card on the board, such as a rune
    a scribe attaches (8.rune). Which keyword is the card's own attaching keyword's
    subtype (:func:`~.subtypes.attaching_keyword`: a card has at most one);
    what it is to its host that keyword declares. It leaves the board with its host,
    after the host's other attachments (1.4.2)."""
    HELD = "held"
    """A leader attached to a card by an effect (5.15): out of ``player``'s leader row
    until ``release`` is met, then back there with what is attached to it (its
    :attr:`ITEM` and :attr:`MOUNT` attachments, which stay attached to it meanwhile). It
    goes to the underworld with its host (1.4.2)."""
    ITEM = "item"
    """An item (3.5) attached to a leader, in a leader row or held (:attr:`HELD`: the
    relation is transitive). While a battle lasts, also each troop of the line a war
    leader leads (7.3.4, ruling R-7.3.4-attached): a troop is attached to its leader as
    an item is, and the fight keeps its own facts about it (:attr:`Fight.troops`)."""
    LOCATION = "location"
    """A people's location (3.3): its host is the people (one location a people)."""
    BUILDING = "building"
    """A building on a region (8.region): its host is the region, a people's location;
    it leaves the board with the region."""


@dataclass(frozen=True, slots=True)
class Attachment:
    """Card ``card`` attached to card ``host`` as ``kind`` (1.4.2), with the few facts
    of its kind: a mount's ``shared`` subtype (8.mount: neither a leader nor a race
    subtype); a held leader's ``player`` (whose leader row it returns to), ``release``
    condition and ``turned`` flag (5.15)."""

    card: CardId
    host: CardId
    kind: AttachKind
    shared: Subtype | None = None
    player: int | None = None
    release: Release | None = None
    turned: bool = False


@dataclass(frozen=True, slots=True)
class Theft:
    """A leader or an intrigue stolen from ``victim`` by ``thief`` (5.2): it returns to
    ``victim``'s side when the effect that stole it ends, as a lasting effect of the same
    source would (:class:`ActiveEffect`: ``rounds``, ``round_owner``, ``fight``); the
    theft ends with nothing to return if the card leaves the board (ruling R-5.2)."""

    card: CardId
    thief: int
    victim: int
    rounds: int | None = None
    round_owner: int = 0
    fight: bool = False


@dataclass(frozen=True, slots=True)
class Turn:
    """The turn under way (*kör*, 6.2): whose it is, and what it has counted so far. The
    next turn starts with a new one."""

    active: int
    """The player whose turn it is."""
    peoples_placed: int = 0
    """Peoples placed this turn (3.2.1)."""
    regain_left: int = 0
    """Sphere points still to regain in the end phase (6.2.4.3)."""
    turn_back_left: int = 0
    """Leaders still to turn back in the end phase (6.2.4.4)."""
    used: tuple[tuple[CardId, int], ...] = ()
    """Maneuver uses this turn, one entry per use, by user and maneuver index (4.2.6,
    4.5): -1 for a free maneuver's use that turns its user (a permanent one's is not
    recorded), and -2 besides a permanent maneuver's use that turned it by a further step
    (``rules.maneuvers.FREE``, ``TURNING``)."""
    blocked: tuple[tuple[CardId, int], ...] = ()
    """Bound maneuvers neutralised this turn, usable again next turn (4.1)."""
    fates_played: tuple[int, ...] = ()
    """Players who played a fate this turn through a god leader (8.god)."""
    deeds: int = 0
    """Plays and maneuver uses this turn (6.1.4, 6.5.1 items 2, 5 and 6): each is an event
    the others may answer, even when it changes nothing a :class:`Glance` sees."""
    combat_closing: bool = False
    """The combat phase's fight (or its declaration) is over, but the phase lasts until
    the players have answered its last deeds (6.1.4, 7.2.1; ruling R-7.2.1-every)."""


TURN_FIELDS = frozenset(f.name for f in fields(Turn))


@dataclass(frozen=True, slots=True)
class Board:
    """What is attached to cards across the board (:class:`Attachment`: the peoples'
    locations, 3.3, and the regions' buildings, 8.region; the leaders' items, 3.5, and
    troops, 7.3.4; mounts, 8.mount; the cards keywords attach, such as runes, 8.rune;
    leaders held by cards, 5.15), and the thefts. It also keeps the views derived from the
    board (see :func:`cached`)."""

    attachments: tuple[Attachment, ...] = ()
    """Every attached card of the game, in the order attached;
    :mod:`~mitosz_core.games.mitosz.rules.hosting` is the one
    query of them."""
    thefts: tuple[Theft, ...] = ()
    """Leaders and intrigues stolen until the stealing effect ends (5.2), in the order
    stolen."""
    _views: dict[Hashable, tuple[tuple[object, ...], Any]] | None = field(
        default=None, init=False, repr=False, compare=False, hash=False
    )
    _base: tuple[object, ...] | None = field(
        default=None, init=False, repr=False, compare=False, hash=False
    )
    """The printed cards, the owners and the realms the views in ``_views`` were
    worked out from (see :func:`cached`)."""
    _derived: dict[Hashable, tuple[tuple[object, ...], Any]] | None = field(
        default=None, init=False, repr=False, compare=False, hash=False
    )
    """Views of named parts alone, whatever the realms (see :func:`derived`)."""
    _derived_for: tuple[object, object] | None = field(
        default=None, init=False, repr=False, compare=False, hash=False
    )
    """The printed cards and the owners the views in ``_derived`` were worked out from."""
    _index: Any = field(default=None, init=False, repr=False, compare=False, hash=False)
    """The index of :attr:`attachments` (by kind, by card), built once per board by
    :mod:`~mitosz_core.games.mitosz.rules.hosting`."""


BOARD_FIELDS = frozenset(f.name for f in fields(Board) if f.init)


@mypyc_attr(native_class=False)  # not slotted: a native class would leave its memos unset
@dataclass(frozen=True)
class Game:
    """The whole Mítosz game data.

    Not slotted: a game value is copied a dozen times per decision, and a copy of its
    instance dictionary (:func:`~mitosz_core.kernel.values.replace`) is several times
    faster than setting its fields one by one."""

    cards: tuple[CardDef, ...]
    instances: tuple[Instance, ...]
    players: tuple[Player, ...]
    order: tuple[int, ...]
    this_turn: Turn
    """Whose turn it is, and the turn's counters."""
    stack: tuple[AnyPending, ...] = ()
    todo: tuple[Todo, ...] = ()
    choice: Choice | None = None
    effects: tuple[ActiveEffect, ...] = ()
    tiebreaks: tuple[Tiebreak, ...] = ()
    lingering: tuple[CardId, ...] = ()
    """Free-maneuver and fate cards whose effects still last (3.7, 3.9); they go to the
    underworld when the last of those effects ends."""
    next_id: int = 1
    frames: tuple[AnyFrame, ...] = ()
    """The interruptions of play under way, innermost last (counter rounds, responses,
    forced choices)."""
    deckout: RoundMark | None = None
    markers: tuple[Marker, ...] = ()
    limbo: tuple[Limbo, ...] = ()
    opening_reveals: tuple[tuple[int, ...], ...] = ()
    revealed: tuple[CardId, ...] = ()
    """Cards from hidden zones shown to everyone by the latest reveal (1.3.3, 1.4.3)."""
    peeked: tuple[int, CardId] | None = None
    """The latest peek (4.2.3): who looked, and at which card; shown to them only."""
    ending: str | None = None
    """Why the game ended: ``"power"`` (1.1.1), ``"deck-out"`` (1.3.4) or
    ``"decision-limit"`` (ruling R-1.3.4-length)."""
    fight: Fight | None = None
    """The fight of the current combat phase, while it lasts (chapter 7)."""
    board: Board = Board()
    """Every attached card, the leaders' items too (:attr:`Board.attachments`), the
    thefts, and the cache of board views."""
    _memo: dict[Hashable, Any] | None = field(
        default=None, init=False, repr=False, compare=False, hash=False
    )
    """Views worked out for this game value (see :func:`cached`)."""
    _base: tuple[object, ...] | None = field(
        default=None,
        init=False,
        repr=False,
        compare=False,
        hash=False,
        metadata={KEPT_UNLESS: ("cards", "instances", "players", "board")},
    )
    """The board's ``_base`` once this game value found it its own (see :func:`cached`):
    a copy keeps it while the parts of that base and the board are the same."""
    waiting: tuple[Waiting, ...] = ()
    """Delayed effects waiting to take hold (6.2.1.3, 6.2.4.5, 7.4.12, 7.6.5)."""
    permits: tuple[tuple[int, int], ...] = ()
    """``(grantor, grantee)``: the grantee may summon the grantor's high god as a leader
    (3.4.3); it stands until the grantor withdraws it."""
    seen: Seen | None = None
    """The game as the last event window saw it (6.5.1)."""

    @property
    def active(self) -> int:
        """The player whose turn it is."""
        return self.this_turn.active

    @property
    def peoples_placed(self) -> int:
        return self.this_turn.peoples_placed

    @property
    def regain_left(self) -> int:
        return self.this_turn.regain_left

    @property
    def turn_back_left(self) -> int:
        return self.this_turn.turn_back_left

    @property
    def used(self) -> tuple[tuple[CardId, int], ...]:
        return self.this_turn.used

    @property
    def blocked(self) -> tuple[tuple[CardId, int], ...]:
        return self.this_turn.blocked

    @property
    def fates_played(self) -> tuple[int, ...]:
        return self.this_turn.fates_played

    def changed(self, **changes: Any) -> Game:
        """A copy with ``changes``, which may name the fields of the turn (``active``,
        ``used``, ...) and of the board (``attachments``, ``thefts``) too."""
        turn = {k: changes.pop(k) for k in tuple(changes) if k in TURN_FIELDS}
        board = {k: changes.pop(k) for k in tuple(changes) if k in BOARD_FIELDS}
        game = replace(self, **changes) if changes else self
        if turn:
            game = game.with_turn(**turn)
        return game.with_board(**board) if board else game

    def with_turn(self, **changes: Any) -> Game:
        """A copy with the turn's counters changed."""
        return replace(self, this_turn=replace(self.this_turn, **changes))

    @property
    def thefts(self) -> tuple[Theft, ...]:
        return self.board.thefts

    def with_board(self, **changes: Any) -> Game:
        """A copy with the board's ``attachments`` or ``thefts`` changed (the index of
        the attachments kept when they are the same)."""
        board = replace(self.board, **changes)
        if "attachments" not in changes:
            object.__setattr__(board, "_index", self.board._index)
        return replace(self, board=board)

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


def keys_by_player(name: str) -> tuple[Hashable, ...]:
    """The memo keys ``(name, player)`` of a view worked out per player, one for each
    player index, made once: every game value's memo then files the view under the same
    key object, not under a tuple of its own (the memory a kept state holds). Typed as
    opaque keys, not as pairs: the compiled build keeps a pair of known types unboxed and
    would box it anew at each use."""
    return tuple((name, player) for player in range(MAX_PLAYERS))


def checking_views() -> bool:
    """Whether the debug mode of the cached views (``MITOSZ_CHECK_VIEWS=1``,
    ``CHECK_VIEWS`` of :mod:`mitosz_core.kernel.values`) is on now."""
    return CHECK_VIEWS


def cached(game: Game, key: Hashable, parts: tuple[object, ...], compute: Callable[[], T]) -> T:
    """``compute()``, a view derived from the realms of ``game`` and from ``parts``.

    Two caches, each owned by a value: the game value's own (a view is worked out at
    most once per game value), and the :class:`Board`'s, shared by every game value
    that shares the board (until an attachment changes). The board's
    cache holds views of one set of printed cards, owners and realms, its *base*; a game
    value whose base is another empties it (:func:`_views`). There an entry per ``key``
    is valid while every value of ``parts`` is the very object it was computed from (the
    entry holds them, so no other object can take their ids). So a change to a hand, a
    counter or the machine state rebuilds no view of the board. Every input of
    ``compute`` other than the realms, the board's own fields (its attachments: a
    change to one makes a new board, whose cache starts empty), the printed cards and
    the owners must be in ``parts``.
    """
    memo = game._memo
    if memo is None:
        memo = {}
        object.__setattr__(game, "_memo", memo)
    elif key in memo:
        found: T = memo[key]
        return found
    views = _views(game)
    entry = views.get(key)
    if entry is not None and same_objects(entry[0], parts):
        value: T = entry[1]
        if CHECK_VIEWS:
            fresh = compute()
            assert fresh == value, f"stale cached view {key!r}: {value!r} != {fresh!r}"
    else:
        value = compute()
        views[key] = (parts, value)
    memo[key] = value
    return value


def derived(game: Game, key: Hashable, parts: tuple[object, ...], compute: Callable[[], T]) -> T:
    """``compute()``, a view derived from ``parts`` alone (besides the printed cards,
    the owners and the board's own fields): like :func:`cached`, but not tied to every
    realm, so that a view of one player's realm (name it in ``parts``) survives a change
    to another's. Cached on the game value and on the :class:`Board`, whose store holds
    views of one set of printed cards and owners (a game value with others empties it)
    and where an entry is valid while ``parts`` are the very objects it was worked out
    from; checked from scratch in the debug mode too."""
    memo = game._memo
    if memo is None:
        memo = {}
        object.__setattr__(game, "_memo", memo)
    elif key in memo:
        found: T = memo[key]
        return found
    value = stored(game, key, parts, compute)
    memo[key] = value
    return value


def stored(game: Game, key: Hashable, parts: tuple[object, ...], compute: Callable[[], T]) -> T:
    """:func:`derived` without the game value's memo: the view kept on the
    :class:`Board` alone. For a view that each game value asks for once at most (a part
    of a bigger view that is itself memoised, or asked only once a decision), which the
    memo of every kept state would otherwise hold too."""
    board = game.board
    store = board._derived
    base = board._derived_for
    if store is None or base is None or base[0] is not game.cards or base[1] is not game.instances:
        store = {}
        object.__setattr__(board, "_derived", store)
        object.__setattr__(board, "_derived_for", (game.cards, game.instances))
    entry = store.get(key)
    if entry is not None and same_objects(entry[0], parts):
        value: T = entry[1]
        if CHECK_VIEWS:
            fresh = compute()
            assert fresh == value, f"stale derived view {key!r}: {value!r} != {fresh!r}"
    else:
        value = compute()
        store[key] = (parts, value)
    return value


def memoised(game: Game, key: Hashable) -> Any:
    """The view :func:`cached` worked out for ``key`` on this very game value, or
    ``None``: a hot view's fast path that builds no parts (every view is not ``None``)."""
    memo = game._memo
    return None if memo is None else memo.get(key)


def settled(game: Game, key: Hashable, parts: tuple[object, ...]) -> bool:
    """Whether :func:`settle` marked ``key`` on a game value with the same realms and
    ``parts`` (the same objects): a check that found nothing to do there finds nothing
    here either, if ``parts`` are all it reads besides the realms."""
    entry = _views(game).get(key)
    return entry is not None and same_objects(entry[0], parts)


def settle(game: Game, key: Hashable, parts: tuple[object, ...]) -> None:
    """Mark ``key`` on the board's cache for the realms and ``parts`` of ``game``."""
    _views(game)[key] = (parts, True)


def memo_settled(game: Game, key: Hashable) -> None:
    """Mark ``key`` settled on this very game value (its memo; see :func:`memoised`)."""
    memo = game._memo
    if memo is None:
        memo = {}
        object.__setattr__(game, "_memo", memo)
    memo[key] = True


def _views(game: Game) -> dict[Hashable, tuple[tuple[object, ...], Any]]:
    """The board's cache, made valid for the printed cards, owners and realms of
    ``game``: checked once per game value, and emptied if they are other objects than
    those it holds views of."""
    board = game.board
    base = game._base
    views = board._views
    if base is not None and board._base is base and views is not None:
        return views
    base = (game.cards, game.instances, *[p.realm for p in game.players])
    if views is None or board._base is None or not same_objects(board._base, base):
        views = {}
        object.__setattr__(board, "_views", views)
        object.__setattr__(board, "_base", base)
    object.__setattr__(game, "_base", board._base)
    return views

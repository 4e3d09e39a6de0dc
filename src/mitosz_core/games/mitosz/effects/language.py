"""The effect language: a closed, typed tree of frozen values (chapter 4).

A card's maneuvers (*manőverek*) are data: a :class:`Maneuver` names its timing, use cost,
conditions, subtypes and flags (4.2), and its :class:`Effect`. An effect reads like the
card text, e.g. "destroy one enemy leader below the user's level"::

    Destroy(Chosen(Cards(types=(CardType.LEADER,), side=Side.ENEMY, below_user=True)))

Every class here is a frozen dataclass with a ``kind`` (its tag in card files and saved
states). There is no Python in card data, no ``eval`` and no lookup of functions by name:
the interpreter handles each kind in one ``match``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from mitosz_core.games.mitosz.subtypes import Subtype
from mitosz_core.games.mitosz.terms import CardType, Mythos, Sphere, Term
from mitosz_core.kernel.tagged import Tagged

Spheres = tuple[int, int, int, int]
NO_COST: Spheres = (0, 0, 0, 0)


class Side(Term):
    """Whose cards a selector takes, seen from the effect's player (5.14)."""

    OWN = "own"
    ENEMY = "enemy"
    ANY = "any"


class Who(Term):
    """Which players an effect acts on, seen from the effect's player."""

    ME = "me"
    EACH_OPPONENT = "each_opponent"
    EACH_PLAYER = "each_player"


class Duration(Term):
    """How long a change lasts (4.2.5, 5.10)."""

    TURN = "turn"
    """Until the next turn starts (6.2.1.2)."""
    COMBAT = "combat"
    """Until the end of the combat phase (4.2.1, 7.4.13)."""
    MARKER = "marker"
    """Kept as a marker until it is removed or its card leaves the board (5.10, 1.2.6)."""


class Timing(Term):
    """When a maneuver may be used (*időzítés*, 4.2.1). ``None`` on a maneuver: any time."""

    ACTION = "action"  # akció: only in one's own turn
    REACTION = "reaction"  # reakció: never in one's own turn
    RITE = "rite"  # rítus: not in the combat phase
    COMBAT = "combat"  # harci: only in the combat phase, ends with it


class Trigger(Term):
    """When a timed ability takes hold by itself, without being used (6.2.1.3, 6.2.4.5,
    6.3.7, 7.4.12, 7.6.5; see ``mitosz_core.games.mitosz.rules.triggers``)."""

    TURN_START = "turn_start"
    """At the start of its player's turn (*kör eleji hatás*, 6.2.1.3)."""
    TURN_END = "turn_end"
    """At the end of its player's turn (*kör végi hatás*, 6.2.4.5)."""
    FIGHT_END = "fight_end"
    """At the end of a fight it fought in (*harc végi hatás*, 7.4.12, 7.6.5)."""
    ON_PLAY = "on_play"
    """When the card is played, a maneuver that must be used then (6.3.7)."""
    ON_PLAY_OPTIONAL = "on_play_optional"
    """When the card is played, a maneuver that may be used then, if its player
    chooses to (6.3.7)."""


class Permission(Term):
    """Rule changes an effect may grant or deny (golden rule 2)."""

    CANNOT_ATTACK = "cannot_attack"  # 7.2.3
    CANNOT_FIGHT = "cannot_fight"  # 7.2.3
    ATTACK_CLOSED_ROADS = "attack_closed_roads"  # 3.2.2, 8.flying
    SUMMON_FREE = "summon_free"  # 1.5.3 ingyen
    WITHOUT_SUMMONING = "without_summoning"  # 1.5.3 idézés nélkül
    EXTRA_PEOPLE = "extra_people"  # one more people per turn (3.2.1)
    EXTRA_DRAW = "extra_draw"  # one more card in the draw phase (6.2.2.1)


class Release(Term):
    """When a leader attached to a card by :class:`AttachLeader` is released back to its
    player's leader row: the condition set at attachment (5.15)."""

    ATTACKED = "attacked"
    """When the people the card belongs to is attacked (7.4.1), that is the card itself
    if it is a people, else the people its location (or that location's building) is
    attached to."""
    TURN_START = "turn_start"
    """At the start of the next turn of the player whose leader it is (6.2.1)."""


class Immunity(Term):
    """What a card may be immune to (5.12)."""

    INTRIGUE = "intrigue"
    FATE = "fate"
    MANEUVER = "maneuver"
    CALAMITY = "calamity"
    ENEMY = "enemy"


@dataclass(frozen=True, slots=True)
class NumberTest:
    """A card-number test of a reveal or peek (4.2.3): ``8+`` is ``NumberTest(8, 1)``,
    ``3-`` is ``NumberTest(3, -1)``, ``4`` is ``NumberTest(4, 0)``."""

    number: int
    direction: int = 0

    def holds(self, card_number: int) -> bool:
        if self.direction > 0:
            return card_number >= self.number
        if self.direction < 0:
            return card_number <= self.number
        return card_number == self.number

    def __str__(self) -> str:
        return f"{self.number}{'+' if self.direction > 0 else '-' if self.direction < 0 else ''}"


@dataclass(frozen=True, slots=True)
class Cards:
    """Which cards on the board a selector takes (every field narrows it; 5.17)."""

    types: tuple[CardType, ...] = ()
    subtypes: tuple[Subtype, ...] = ()
    mythos: tuple[Mythos, ...] = ()
    side: Side = Side.ANY
    below: int | None = None
    """Only cards whose level is below this number."""
    below_user: bool = False
    """Only cards whose level is below the user's level."""
    turned: bool | None = None
    """Only leaders in a row that are turned (``True``) or not (``False``): the cards that
    never turn (4.5) and troops have no turned state (ruling R-5.17-turned)."""
    magical: bool | None = None
    not_user: bool = False


# --- targets ---------------------------------------------------------------------------


class Target(Tagged):
    """Which cards an effect acts on."""

    __slots__ = ()


@dataclass(frozen=True, slots=True)
class Chosen(Target):
    """One card, chosen by the effect's player when the maneuver is used (4.6.1)."""

    cards: Cards = Cards()


Chosen.kind = "chosen"


@dataclass(frozen=True, slots=True)
class Every(Target):
    """Every card the selector matches when the effect takes hold (5.17)."""

    cards: Cards = Cards()


Every.kind = "every"


@dataclass(frozen=True, slots=True)
class User(Target):
    """The card using the maneuver."""


User.kind = "user"


# --- conditions (4.2.3) -----------------------------------------------------------------


class Condition(Tagged):
    """A condition a maneuver's effect depends on (4.2.3)."""

    __slots__ = ()


@dataclass(frozen=True, slots=True)
class SacrificeUser(Condition):
    """*Feláldozás*: the user goes to the underworld after the effect, unless neutralised."""


SacrificeUser.kind = "sacrifice"


@dataclass(frozen=True, slots=True)
class Reveal(Condition):
    """*Lapfelcsapás*: reveal the top card of an enemy deck; it goes to the bottom."""

    test: NumberTest | None = None


Reveal.kind = "reveal"


@dataclass(frozen=True, slots=True)
class Peek(Condition):
    """*Fürkészés*: look at a random card of an opponent's hand."""

    test: NumberTest | None = None


Peek.kind = "peek"


# --- effects ----------------------------------------------------------------------------


class Effect(Tagged):
    """What happens when a maneuver takes hold (4.2.5).

    What kind of effect it is is declared on its class: :attr:`lasting` for an effect that
    lasts, :attr:`affects_fights` for one that changes what a fight is decided by, and a
    ``target`` field for one that names the cards it acts on (a :class:`Chosen` target is
    chosen when the maneuver is used, 4.6.1)."""

    __slots__ = ()

    lasting: ClassVar[bool] = False
    """Whether the effect lasts; the others take hold once and are final (4.3)."""
    affects_fights: ClassVar[bool] = True
    """Whether the effect may change what a fight is decided by (levels, card types,
    abilities, immunity, permissions). An always-on effect of a card outside a fight
    that does not, a power change (power counts for the victory, 1.1.1; a fight compares
    levels, 7.4, 7.6), still reaches the cards in the fight (ruling R-7.2.1-power)."""

    def chosen(self) -> Chosen | None:
        """The target the user chooses when using the maneuver, if the effect has one."""
        target = getattr(self, "target", None)
        return target if isinstance(target, Chosen) else None


@dataclass(frozen=True, slots=True)
class Destroy(Effect):
    """Destroy (*elpusztít*) permanents or troops (5.1)."""

    target: AnyTarget


Destroy.kind = "destroy"


@dataclass(frozen=True, slots=True)
class Sacrifice(Effect):
    """Sacrifice (*feláldoz*) one's own cards from the board (1.2.4)."""

    target: AnyTarget


Sacrifice.kind = "sacrifice"


@dataclass(frozen=True, slots=True)
class ReturnToHand(Effect):
    """Return board cards to their owners' hands (1.2.3)."""

    target: AnyTarget


ReturnToHand.kind = "return_to_hand"


@dataclass(frozen=True, slots=True)
class Exile(Effect):
    """Send board cards to oblivion (*feledés*, 1.4.4)."""

    target: AnyTarget


Exile.kind = "exile"


@dataclass(frozen=True, slots=True)
class Steal(Effect):
    """Take control of a card (*eloroz*, 5.2); ownership never changes (G1)."""

    target: AnyTarget


Steal.kind = "steal"


@dataclass(frozen=True, slots=True)
class TurnCards(Effect):
    """Turn leaders (*elforgat*)."""

    target: AnyTarget


TurnCards.kind = "turn"


@dataclass(frozen=True, slots=True)
class TurnBackCards(Effect):
    """Turn leaders back (*visszaforgat*)."""

    target: AnyTarget


TurnBackCards.kind = "turn_back"


@dataclass(frozen=True, slots=True)
class Neutralize(Effect):
    """Counter a maneuver before it takes hold (*semlegesít*, 4.1, 4.2.6): the chosen
    pending maneuver of the given subtypes (any if empty). A fate is touched only when
    ``fate`` says so: effects that refer only to maneuvers leave fate alone (3.7)."""

    subtypes: tuple[str, ...] = ()
    fate: bool = False


Neutralize.kind = "neutralize"


@dataclass(frozen=True, slots=True)
class CounterPlay(Effect):
    """Counter a card being played before it reaches the board (a counter effect on a
    summoning, 4.2.6): the card goes to its owner's underworld."""

    types: tuple[CardType, ...] = ()


CounterPlay.kind = "counter_play"


@dataclass(frozen=True, slots=True)
class Draw(Effect):
    """Players draw cards (*húz*, 5.4)."""

    count: int
    who: Who = Who.ME


Draw.kind = "draw"


@dataclass(frozen=True, slots=True)
class Discard(Effect):
    """Players discard cards of their choice from hand (*dob*, 1.5.1)."""

    count: int
    who: Who = Who.EACH_OPPONENT


Discard.kind = "discard"


@dataclass(frozen=True, slots=True)
class Search(Effect):
    """Search one's deck for a card and take it into hand (*kikeres*, 1.3.3)."""

    cards: Cards = Cards()


Search.kind = "search"


@dataclass(frozen=True, slots=True)
class TakeBack(Effect):
    """Take a card back from one's underworld into hand (*visszavesz*, 1.4.3)."""

    cards: Cards = Cards()


TakeBack.kind = "take_back"


@dataclass(frozen=True, slots=True)
class GainSpheres(Effect):
    """Players gain sphere points, never above the maxima (3.1, 5.4)."""

    sphere: Sphere
    amount: int
    who: Who = Who.ME


GainSpheres.kind = "gain_spheres"


@dataclass(frozen=True, slots=True)
class LoseSpheres(Effect):
    """Players lose sphere points, never below 0."""

    sphere: Sphere
    amount: int
    who: Who = Who.EACH_OPPONENT


LoseSpheres.kind = "lose_spheres"


@dataclass(frozen=True, slots=True)
class StealSpheres(Effect):
    """Take sphere points from each opponent; above a maximum they last the turn
    (as spoils, 7.4.11)."""

    sphere: Sphere
    amount: int


StealSpheres.kind = "steal_spheres"


@dataclass(frozen=True, slots=True)
class ChangeLevel(Effect):
    """Raise or lower cards' level for a while, or as a marker (4.2.5, 5.10)."""

    target: AnyTarget
    amount: int
    duration: Duration = Duration.TURN


ChangeLevel.kind = "change_level"
ChangeLevel.lasting = True


@dataclass(frozen=True, slots=True)
class SetLevel(Effect):
    """Cards' level becomes a number for a while; two of these conflict (5.9)."""

    target: AnyTarget
    level: int
    duration: Duration = Duration.TURN


SetLevel.kind = "set_level"
SetLevel.lasting = True


@dataclass(frozen=True, slots=True)
class ChangePower(Effect):
    """Raise or lower cards' power for a while, or as a marker."""

    target: AnyTarget
    amount: int
    duration: Duration = Duration.TURN


ChangePower.kind = "change_power"
ChangePower.lasting = True
ChangePower.affects_fights = False


@dataclass(frozen=True, slots=True)
class Grant(Effect):
    """Allow (``allow=True``) or forbid cards a rule-changing permission (G2); a grant
    and a denial of the same permission conflict, and 5.9 decides."""

    target: AnyTarget
    permission: Permission
    allow: bool = True
    duration: Duration = Duration.TURN


Grant.kind = "grant"
Grant.lasting = True


@dataclass(frozen=True, slots=True)
class MakeImmune(Effect):
    """Cards become immune to a kind of effect (5.12)."""

    target: AnyTarget
    to: Immunity
    duration: Duration = Duration.TURN


MakeImmune.kind = "make_immune"
MakeImmune.lasting = True


@dataclass(frozen=True, slots=True)
class SetHandSize(Effect):
    """Players' hand size becomes a number (1.5.2, G2)."""

    size: int
    who: Who = Who.ME
    duration: Duration = Duration.TURN


SetHandSize.kind = "set_hand_size"
SetHandSize.lasting = True


@dataclass(frozen=True, slots=True)
class PlayerPermission(Effect):
    """A player may summon matching cards free, or play them without summoning, or place
    an extra people, or draw an extra card in the draw phase (1.5.3, 3.2.1, 6.2.2.1,
    G2)."""

    permission: Permission
    cards: Cards = Cards()
    who: Who = Who.ME
    duration: Duration = Duration.TURN


PlayerPermission.kind = "player_permission"
PlayerPermission.lasting = True


@dataclass(frozen=True, slots=True)
class NeutralizeAbility(Effect):
    """Neutralise cards' ability for a while (*képesség semlegesítése*, 5.5): they give
    no level and cannot use maneuvers (nor do their locked or timed abilities work), but
    keep their types and power (2.7)."""

    target: AnyTarget
    duration: Duration = Duration.TURN


NeutralizeAbility.kind = "neutralize_ability"
NeutralizeAbility.lasting = True


@dataclass(frozen=True, slots=True)
class BecomeType(Effect):
    """Cards gain a new card type for a while and so lose their old one (5.16)."""

    target: AnyTarget
    card_type: CardType
    duration: Duration = Duration.TURN


BecomeType.kind = "become_type"
BecomeType.lasting = True


@dataclass(frozen=True, slots=True)
class AttachLeader(Effect):
    """Attach leaders to a card (*vezért csatolnak egy laphoz*, 5.15): each leader of a
    leader row that ``target`` names leaves the row, with what is attached to it, and is
    attached to the card ``onto`` names (the user, by default). Until ``release`` is met
    it no longer counts as a leader on the board; then it returns to its player's leader
    row. It goes to the underworld with the card it is attached to (1.4.2)."""

    target: AnyTarget
    onto: AnyTarget = User()
    release: Release = Release.ATTACKED


AttachLeader.kind = "attach_leader"


@dataclass(frozen=True, slots=True)
class Delayed(Effect):
    """An effect that waits and takes hold by itself later (6.2.1.3, 6.2.4.5, 7.4.12):
    at the end of this turn, at the start of its player's next turn, or at the end of the
    current fight. It acts on no chosen card and asks no choice."""

    when: Trigger
    effect: AnyEffect


Delayed.kind = "delayed"


@dataclass(frozen=True, slots=True)
class Sequence(Effect):
    """Several effects, taking hold in order as one."""

    effects: tuple[AnyEffect, ...]


Sequence.kind = "sequence"


# --- combat maneuvers (7.2.5) ---------------------------------------------------------

FIGHTERS = Cards(types=(CardType.LEADER, CardType.TROOP))
"""Creatures a combat maneuver may be aimed at; the rule itself narrows them (7.2.5)."""


@dataclass(frozen=True, slots=True)
class ArrowVolley(Effect):
    """*Nyílzápor* (7.2.5.1): destroy the chosen host or beast whose level is below the
    volley's level, or the chosen fighting leader whose level is below half of it. The
    volley's level is the user's level, halved (5.3) when the user is not in the fight,
    plus ``modifier`` (the number after the icon)."""

    target: AnyTarget = Chosen(FIGHTERS)
    modifier: int = 0


ArrowVolley.kind = "arrow_volley"


@dataclass(frozen=True, slots=True)
class Fear(Effect):
    """*Félelem* (7.2.5.2): every enemy fighting creature whose level is above the card
    number and below the user's level plus ``modifier`` flees to its player's hand; for
    each, its player may pay ``stop_cost`` to neutralise the fear for that creature."""

    modifier: int = 0
    stop_cost: Spheres = (0, 1, 0, 0)


Fear.kind = "fear"


@dataclass(frozen=True, slots=True)
class Poison(Effect):
    """*Méreg* (7.2.5.3): the chosen creature below the poison's level turns, or is
    destroyed if it is already turned. The poison's level is ``level`` when the text
    states one, else the level of the card bearing it, plus ``modifier``."""

    target: AnyTarget = Chosen(FIGHTERS)
    level: int | None = None
    modifier: int = 0


Poison.kind = "poison"


@dataclass(frozen=True, slots=True)
class Retreat(Effect):
    """The attacker (in a duel, the challenger) is forced to retreat (*kénytelen
    visszavonulni*, 7.4.10.1): the fight in progress ends at once with no winner and no
    loser. Outside a fight it does nothing."""


Retreat.kind = "retreat"


# --- maneuvers --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ManeuverStep:
    """A further step of a multi-step maneuver (*többlépcsős*, 4.2.6): bought in order
    with the earlier ones, paid and taking hold together."""

    cost: Spheres
    effect: AnyEffect
    permanent: bool = False


@dataclass(frozen=True, slots=True)
class Maneuver:
    """One maneuver printed on a card (4.2): a bound maneuver on a permanent or troop, the
    maneuver of a free-maneuver card (3.9), or a fate's effect (3.7)."""

    name: str
    effect: AnyEffect
    timing: Timing | None = None
    cost: Spheres = NO_COST
    conditions: tuple[AnyCondition, ...] = ()
    subtypes: tuple[Subtype, ...] = ()
    permanent: bool = False
    uses_per_turn: int | None = None
    locked: bool = False
    counter: bool = False
    level: int = 0
    per: Spheres | None = None
    """Repeat the effect once for each time this cost is paid (the slash, 4.2.6)."""
    steps: tuple[ManeuverStep, ...] = ()
    trigger: Trigger | None = None
    """Makes the maneuver a timed ability, never used by a player but taking hold by
    itself at this moment (6.2.1.3, 6.2.4.5, 7.4.12, 7.6.5), or when its card is played (6.3.7)."""

    @property
    def sacrifices_user(self) -> bool:
        return any(isinstance(c, SacrificeUser) for c in self.conditions)


@dataclass(frozen=True, slots=True)
class SummonCondition:
    """A further condition of summoning a card (*egyéb feltétel*, 6.3.4), met by the
    summoning player (5.11): sacrifice a card of theirs from the board (1.2.4), or discard
    a card from their hand (1.5.1), that matches the selector."""

    sacrifice: Cards | None = None
    discard: Cards | None = None


AnyTarget = Chosen | Every | User
"""The closed set of targets."""
AnyCondition = SacrificeUser | Reveal | Peek
"""The closed set of conditions."""
AnyEffect = (
    Destroy
    | Sacrifice
    | ReturnToHand
    | Exile
    | Steal
    | TurnCards
    | TurnBackCards
    | Neutralize
    | CounterPlay
    | Draw
    | Discard
    | Search
    | TakeBack
    | GainSpheres
    | LoseSpheres
    | StealSpheres
    | ChangeLevel
    | SetLevel
    | ChangePower
    | Grant
    | MakeImmune
    | SetHandSize
    | PlayerPermission
    | NeutralizeAbility
    | BecomeType
    | AttachLeader
    | Delayed
    | Sequence
    | ArrowVolley
    | Fear
    | Poison
    | Retreat
)
"""Every kind of effect, a closed set; the interpreter's ``match`` covers exactly these."""

TARGETS: dict[str, type[Target]] = {c.kind: c for c in (Chosen, Every, User)}
CONDITIONS: dict[str, type[Condition]] = {c.kind: c for c in (SacrificeUser, Reveal, Peek)}
EFFECTS: dict[str, type[Effect]] = {
    c.kind: c
    for c in (
        Destroy,
        Sacrifice,
        ReturnToHand,
        Exile,
        Steal,
        TurnCards,
        TurnBackCards,
        Neutralize,
        CounterPlay,
        Draw,
        Discard,
        Search,
        TakeBack,
        GainSpheres,
        LoseSpheres,
        StealSpheres,
        ChangeLevel,
        SetLevel,
        ChangePower,
        Grant,
        MakeImmune,
        SetHandSize,
        PlayerPermission,
        NeutralizeAbility,
        BecomeType,
        AttachLeader,
        Delayed,
        Sequence,
        ArrowVolley,
        Fear,
        Poison,
        Retreat,
    )
}
TAGGED: dict[type, dict[str, type]] = {Target: TARGETS, Condition: CONDITIONS, Effect: EFFECTS}
"""The tagged unions of the language, for :class:`~mitosz_core.kernel.codec.Decoder`."""

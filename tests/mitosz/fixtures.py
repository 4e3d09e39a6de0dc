"""A small test-only card pool and tools to arrange Mítosz scenarios.

Scenario tests build their games from these cards, not from the sample pool, so a change
to the sample cards never changes what a rule test means.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import mitosz_core as mc
from mitosz_core.games.mitosz.actions import Pass, ToUnderworld
from mitosz_core.games.mitosz.cards import CardDef, CardType, Edge, Mythos, Road
from mitosz_core.games.mitosz.effects.language import (
    BecomeType,
    Cards,
    ChangeLevel,
    Chosen,
    CounterPlay,
    Delayed,
    Destroy,
    Discard,
    Draw,
    Duration,
    Every,
    Grant,
    Immunity,
    MakeImmune,
    Maneuver,
    ManeuverStep,
    Neutralize,
    NeutralizeAbility,
    NumberTest,
    Peek,
    Permission,
    PlayerPermission,
    Reveal,
    SacrificeUser,
    SetHandSize,
    SetLevel,
    Side,
    Steal,
    StealSpheres,
    SummonCondition,
    Timing,
    Trigger,
    TurnCards,
    User,
    Who,
)
from mitosz_core.games.mitosz.engine import MitoszRuleset, settle
from mitosz_core.games.mitosz.rules import S
from mitosz_core.games.mitosz.rules.events import seen_now
from mitosz_core.games.mitosz.rules.flow import at_quiet_moment
from mitosz_core.games.mitosz.state import LeaderSlot, PeopleSlot
from mitosz_core.games.mitosz.subtypes import Subtype
from mitosz_core.games.mitosz.terms import Sphere
from mitosz_core.kernel.state import DeckEntry, DeckList, GameConfig
from mitosz_core.mitosz import Position
from mitosz_core.mitosz import Side as PlayerSide

N, E, So, W = Edge.NORTH, Edge.EAST, Edge.SOUTH, Edge.WEST
H, C = Mythos.HELLENIC, Mythos.CELTIC
_serial = iter(range(1000, 9999))


def card(key: str, kind: CardType, mythos: Mythos = H, **kw: Any) -> CardDef:
    name = kw.pop("name", key)
    serial = kw.pop("serial", str(next(_serial)))
    return CardDef(
        key=key,
        name_en=name,
        name_hu=key,
        serial=serial,
        set_symbol="TEST",
        mythos=mythos,
        type=kind,
        **kw,
    )


def roads(*spec: tuple[Edge, int]) -> tuple[Road, ...]:
    return tuple(Road(e, lv) for e, lv in spec)


CARDS = [
    card("Sky God", CardType.HIGH_GOD, name="Sky", spheres=(3, 3, 3, 3)),
    card("Sea God", CardType.HIGH_GOD, C, name="Sea", spheres=(2, 4, 1, 5)),
    card(
        "Sky Leader",
        CardType.LEADER,
        name="Sky",
        level=4,
        power=1,
        cost=(1, 1, 0, 0),
        unique=True,
        subtypes=(Subtype.GOD,),
    ),
    card("Cross", CardType.PEOPLE, level=1, power=2, roads=roads((N, 1), (E, 2), (So, 3), (W, 4))),
    card("Line", CardType.PEOPLE, level=1, power=1, roads=roads((E, 2), (W, 2))),
    card(
        "Stub",
        CardType.PEOPLE,
        level=2,
        power=1,
        roads=roads(
            (N, 1),
        ),
    ),
    card("Corner", CardType.PEOPLE, C, level=1, power=2, roads=roads((So, 1), (W, 1))),
    card(
        "Lone Queen",
        CardType.PEOPLE,
        level=1,
        power=3,
        unique=True,
        roads=roads((N, 1), (E, 1), (So, 1), (W, 1)),
    ),
    card("Cheap", CardType.LEADER, level=2, power=1, cost=(1, 0, 0, 0)),
    card("Pricey", CardType.LEADER, C, level=5, power=1, cost=(0, 0, 0, 3)),
    card("Devotee", CardType.LEADER, level=3, power=1, cost=(0, 0, 2, 0), links=("Sky",)),
    card(
        "Hero",
        CardType.LEADER,
        level=3,
        power=1,
        cost=(0, 1, 0, 0),
        subtypes=(Subtype.HERO,),
        links=("Sword",),
    ),
    card("King", CardType.LEADER, C, level=3, power=2, cost=(0, 1, 0, 0), unique=True),
    card(
        "Sword",
        CardType.ITEM,
        level=2,
        level_modifier=True,
        cost=(0, 0, 1, 0),
        subtypes=(Subtype.WEAPON,),
    ),
    card(
        "Axe",
        CardType.ITEM,
        C,
        level=1,
        level_modifier=True,
        cost=(0, 0, 0, 1),
        subtypes=(Subtype.WEAPON,),
    ),
    card(
        "Plate",
        CardType.ITEM,
        level=1,
        level_modifier=True,
        cost=(0, 0, 1, 0),
        subtypes=(Subtype.ARMOUR,),
    ),
    card(
        "Torc",
        CardType.ITEM,
        C,
        level=1,
        level_modifier=True,
        cost=(1, 0, 0, 0),
        subtypes=(Subtype.RELIC,),
    ),
    card(
        "Cursed Ring",
        CardType.ITEM,
        level=1,
        level_modifier=True,
        cost=(1, 0, 0, 0),
        magical=True,
        cursed=True,
    ),
    card("Market", CardType.LOCATION, level=1, power=1, cost=(0, 1, 0, 0), produces=(0, 0, 1, 0)),
    card("Tower", CardType.LOCATION, C, level=2, cost=(0, 0, 0, 1)),
]
ENEMY_LEADERS = Cards(types=(CardType.LEADER,), side=Side.ENEMY)
OWN_LEADERS = Cards(types=(CardType.LEADER,), side=Side.OWN)
MANEUVER_CARDS = [
    card(
        "Horn",
        CardType.ITEM,
        level=1,
        level_modifier=True,
        maneuvers=(Maneuver("Call", Draw(1), timing=Timing.ACTION),),
    ),
    card(
        "Oracle",
        CardType.LEADER,
        level=2,
        maneuvers=(
            Maneuver(
                "Last prophecy",
                Draw(3),
                timing=Timing.ACTION,
                conditions=(Reveal(NumberTest(9)), SacrificeUser()),
            ),
        ),
    ),
    card(
        "Veto",
        CardType.LEADER,
        C,
        level=2,
        maneuvers=(
            Maneuver("Veto", CounterPlay((CardType.INTRIGUE,)), counter=True, permanent=True),
        ),
    ),
    card(
        "Archer",
        CardType.LEADER,
        level=4,
        cost=(0, 0, 0, 0),
        maneuvers=(
            Maneuver(
                "Volley",
                Destroy(Chosen(Cards(types=(CardType.LEADER,), side=Side.ENEMY, below_user=True))),
                timing=Timing.ACTION,
                cost=(1, 0, 0, 0),
                subtypes=(Subtype.ARROW_VOLLEY,),
            ),
        ),
    ),
    card(
        "Seer",
        CardType.LEADER,
        level=2,
        maneuvers=(
            Maneuver(
                "Foresight", Draw(2), timing=Timing.RITE, conditions=(Reveal(NumberTest(5, 1)),)
            ),
        ),
    ),
    card(
        "Spy",
        CardType.LEADER,
        level=2,
        maneuvers=(
            Maneuver(
                "Pry", Discard(1), timing=Timing.ACTION, conditions=(Peek(NumberTest(9, -1)),)
            ),
        ),
    ),
    card(
        "Warden",
        CardType.LEADER,
        C,
        level=2,
        maneuvers=(
            Maneuver("Ward", Neutralize(), counter=True, permanent=True, cost=(0, 1, 0, 0)),
        ),
    ),
    card(
        "Gatekeeper",
        CardType.LEADER,
        C,
        level=2,
        maneuvers=(
            Maneuver(
                "Bar the gate",
                CounterPlay((CardType.LEADER,)),
                counter=True,
                permanent=True,
                cost=(0, 0, 0, 1),
            ),
        ),
    ),
    card(
        "Zealot",
        CardType.LEADER,
        level=2,
        maneuvers=(
            Maneuver(
                "Martyrdom",
                Destroy(Every(Cards(types=(CardType.ITEM,), side=Side.ENEMY))),
                timing=Timing.ACTION,
                conditions=(SacrificeUser(),),
            ),
        ),
    ),
    card(
        "Smith",
        CardType.LEADER,
        level=2,
        maneuvers=(Maneuver("Temper", ChangeLevel(User(), 1), permanent=True, uses_per_turn=2),),
    ),
    card(
        "Champion",
        CardType.LEADER,
        level=3,
        maneuvers=(
            Maneuver("Rally", TurnCards(Chosen(ENEMY_LEADERS)), timing=Timing.ACTION, level=2),
        ),
    ),
    card(
        "Stormcaller",
        CardType.LEADER,
        level=2,
        maneuvers=(
            Maneuver(
                "Storm",
                Draw(1),
                timing=Timing.ACTION,
                cost=(1, 0, 0, 0),
                steps=(ManeuverStep((1, 0, 0, 0), Discard(1)),),
            ),
        ),
    ),
    card(
        "Raider",
        CardType.LEADER,
        C,
        level=2,
        maneuvers=(
            Maneuver(
                "Plunder", StealSpheres(Sphere.WEALTH, 1), timing=Timing.ACTION, per=(0, 0, 0, 1)
            ),
        ),
    ),
    card(
        "Sentinel",
        CardType.LEADER,
        C,
        level=3,
        maneuvers=(
            Maneuver(
                "Watch",
                Destroy(Chosen(Cards(types=(CardType.LEADER,), side=Side.ENEMY))),
                timing=Timing.REACTION,
                cost=(0, 0, 0, 1),
            ),
        ),
    ),
    card(
        "Bulwark",
        CardType.LEADER,
        C,
        level=2,
        magical=True,
        maneuvers=(Maneuver("Shield wall", MakeImmune(User(), Immunity.INTRIGUE), locked=True),),
    ),
    card(
        "Thief",
        CardType.LEADER,
        level=1,
        maneuvers=(Maneuver("Lift", Steal(Chosen(ENEMY_LEADERS)), timing=Timing.ACTION),),
    ),
    card(
        "Banner",
        CardType.INTRIGUE,
        cost=(0, 1, 0, 0),
        maneuvers=(Maneuver("Rallying banner", ChangeLevel(Every(OWN_LEADERS), 1), locked=True),),
    ),
    card(
        "Fog",
        CardType.INTRIGUE,
        C,
        cost=(0, 1, 0, 0),
        maneuvers=(
            Maneuver(
                "Fog of war", Grant(Every(ENEMY_LEADERS), Permission.CANNOT_ATTACK), locked=True
            ),
        ),
    ),
    card(
        "Edict",
        CardType.INTRIGUE,
        cost=(0, 1, 0, 0),
        maneuvers=(Maneuver("Edict", SetHandSize(9), locked=True),),
    ),
    card("Omen", CardType.FATE, links=("Sky",), maneuvers=(Maneuver("Omen", Draw(1)),)),
    card(
        "Doom",
        CardType.FATE,
        C,
        rounds=2,
        maneuvers=(Maneuver("Doom", ChangeLevel(Every(ENEMY_LEADERS), -1)),),
    ),
    card("Gale", CardType.FATE, C, maneuvers=(Maneuver("Gale", Neutralize(), counter=True),)),
    card(
        "Feint",
        CardType.MANEUVER,
        links=("Champion",),
        users=(Cards(types=(CardType.LEADER,)),),
        maneuvers=(
            Maneuver(
                "Feint", TurnCards(Chosen(ENEMY_LEADERS)), timing=Timing.ACTION, cost=(1, 0, 0, 0)
            ),
        ),
    ),
    card(
        "Hex",
        CardType.MANEUVER,
        users=(Cards(types=(CardType.LEADER,)),),
        maneuvers=(Maneuver("Hex", ChangeLevel(Chosen(ENEMY_LEADERS), -1), timing=Timing.ACTION),),
    ),
    card(
        "Census",
        CardType.MANEUVER,
        users=(Cards(types=(CardType.LEADER,)),),
        maneuvers=(
            Maneuver("Census", PlayerPermission(Permission.EXTRA_PEOPLE), timing=Timing.ACTION),
        ),
    ),
    card(
        "Crown",
        CardType.MANEUVER,
        users=(Cards(types=(CardType.LEADER,)),),
        maneuvers=(Maneuver("Crown", SetLevel(Chosen(OWN_LEADERS), 7), timing=Timing.ACTION),),
    ),
    card(
        "Mark",
        CardType.MANEUVER,
        users=(Cards(types=(CardType.LEADER,)),),
        maneuvers=(
            Maneuver(
                "Brand",
                ChangeLevel(Chosen(ENEMY_LEADERS), -1, Duration.MARKER),
                timing=Timing.ACTION,
            ),
        ),
    ),
    card(
        "Tithe",
        CardType.MANEUVER,
        users=(Cards(types=(CardType.LEADER,)),),
        maneuvers=(
            Maneuver(
                "Tithe",
                PlayerPermission(Permission.SUMMON_FREE, Cards(types=(CardType.LEADER,))),
                timing=Timing.ACTION,
            ),
        ),
    ),
]
CARDS += MANEUVER_CARDS
_unused_who = Who.ME
POOL = {c.key: c for c in CARDS}
del _unused_who
RULESET = MitoszRuleset(pool=POOL)

FILLER = ("Line",) * 12
"""A deck to draw from in positions (the deck is listed from its top)."""


def sky(**zones: Any) -> PlayerSide:
    """The Sky god's side of a position (spheres 3/3/3/3 unless given), ``FILLER`` deck."""
    zones.setdefault("deck", FILLER)
    return PlayerSide("Sky God", **zones)


def sea(**zones: Any) -> PlayerSide:
    """The Sea god's side of a position (spheres 2/4/1/5 unless given), ``FILLER`` deck."""
    zones.setdefault("deck", FILLER)
    return PlayerSide("Sea God", **zones)


def build(*sides: PlayerSide, **turn: Any) -> S:
    """The position of ``sides`` (player 0 first) in this test pool, checked by the
    shared validator (``mitosz_core.mitosz.Position``); ``turn`` as Position takes it."""
    return Position(players=sides, **turn).state(RULESET)


def the(s: S, key: str, owner: int = 0) -> int:
    """The id of ``owner``'s one card ``key``."""
    (found,) = ids(s, key, owner)
    return found


def deck(god: str, name: str) -> DeckList:
    others = [c.key for c in CARDS if c.type is not CardType.HIGH_GOD and c.key != "Sky Leader"]
    entries = [DeckEntry(1, god), DeckEntry(1, "Sky Leader")]
    entries += [DeckEntry(4, k) for k in others]
    return DeckList(name, tuple(entries))


SKY = deck("Sky God", "sky")
SEA = deck("Sea God", "sea")


def start(seed: int = 3, players: int = 2, **kw: Any) -> S:
    """A new test game at the starting player's first summoning step, every response
    on the way passed (6.5.1)."""
    decks = tuple([SKY, SEA, SKY, SEA][:players])
    s = RULESET.setup(GameConfig(seed=seed, players=players, decks=decks, **kw))
    return pass_windows(s)


def pass_windows(s: S) -> S:
    """Pass every open response (6.1.4, 6.5.1)."""

    while s.phase == "response.respond":
        s = act(s, Pass())
    return s


def start_sky(players: int = 2, **kw: Any) -> S:
    """A new test game whose starting player has the Sky god (spheres 3/3/3/3)."""
    for seed in range(100):
        s = start(seed, players, **kw)
        if s.game.card(s.game.players[s.game.active].high_god).key == "Sky God":
            return s
    raise AssertionError("no seed lets the Sky player start")


def ids(s: S, key: str, owner: int) -> list[int]:
    return [
        i
        for i, inst in enumerate(s.game.instances)
        if inst.owner == owner and s.game.cards[inst.card].key == key
    ]


def _pull(s: S, player: int, key: str) -> tuple[S, int]:
    """Take a card ``key`` owned by ``player`` out of their deck, hand or underworld."""
    p = s.game.players[player]
    for zone in ("deck", "hand", "underworld"):
        cards: tuple[int, ...] = getattr(p, zone)
        for cid in cards:
            if s.game.card(cid).key == key:
                rest = tuple(c for c in cards if c != cid)
                p = replace(p, **{zone: rest})  # type: ignore[arg-type]
                return s.evolve(game=s.game.with_player(player, p)), cid
    raise AssertionError(f"player {player} has no {key} left off the board")


def to_hand(s: S, player: int, key: str) -> tuple[S, int]:
    s, cid = _pull(s, player, key)
    p = s.game.players[player]
    return s.evolve(game=s.game.with_player(player, replace(p, hand=(*p.hand, cid)))), cid


def put_people(s: S, player: int, key: str, x: int, y: int) -> tuple[S, int]:
    s, cid = _pull(s, player, key)
    p = s.game.players[player]
    p = p.changed(empire=(*p.empire, PeopleSlot(cid, x, y)))
    return s.evolve(game=s.game.with_player(player, p)), cid


def put_leader(s: S, player: int, key: str, turned: bool = False) -> tuple[S, int]:
    s, cid = _pull(s, player, key)
    p = s.game.players[player]
    p = p.changed(leaders=(*p.leaders, LeaderSlot(cid, turned)))
    return s.evolve(game=s.game.with_player(player, p)), cid


def attach_item(s: S, player: int, key: str, leader: int) -> tuple[S, int]:
    s, cid = _pull(s, player, key)
    p = s.game.players[player]
    leaders = tuple(replace(x, items=(*x.items, cid)) if x.card == leader else x for x in p.leaders)
    return s.evolve(game=s.game.with_player(player, p.changed(leaders=leaders))), cid


def attach_location(s: S, player: int, key: str, people: int) -> tuple[S, int]:
    s, cid = _pull(s, player, key)
    p = s.game.players[player]
    empire = tuple(replace(x, location=cid) if x.card == people else x for x in p.empire)
    return s.evolve(game=s.game.with_player(player, p.changed(empire=empire))), cid


def set_player(s: S, player: int, **changes: Any) -> S:
    return s.evolve(game=s.game.with_player(player, s.game.players[player].changed(**changes)))


def set_game(s: S, **changes: Any) -> S:
    return s.evolve(game=s.game.changed(**changes))


def refresh(s: S) -> S:
    """Re-run the state-based checks and automatic steps after arranging a state."""
    return settle(s)


def arranged(s: S) -> S:
    """``s`` with its arranged changes taken as the baseline: a test that puts cards in
    place by hand has made no event (6.5.1), so no event window opens for it."""

    if not at_quiet_moment(s) or s.game.seen is None:
        return s
    return s.evolve(game=replace(s.game, seen=seen_now(s)))


def act(s: S, action: mc.Action) -> S:
    """Take ``action`` in ``s`` (whose hand-arranged changes are no events)."""
    result: S = mc.apply(arranged(s), action)
    return result


def pass_until(s: S, phase: str, limit: int = 200) -> S:
    """Take the first legal action (a pass where possible) until ``phase`` is reached."""

    for _ in range(limit):
        if s.phase == phase:
            return s
        legal = mc.legal_actions(s)
        s = act(s, Pass() if Pass() in legal else legal[0])
    raise AssertionError(f"{phase} not reached; stuck in {s.phase}")


def lay_underworld(s: S, order: list[int] | None = None) -> S:
    """Answer the 1.4.2 ordering choice: the cards in ``order`` first, then any."""

    wanted = list(order or [])
    while s.phase == "forced.underworld_order":
        legal = mc.legal_actions(s)
        pick = next((a for a in legal if isinstance(a, ToUnderworld) and a.card in wanted), None)
        s = act(s, pick or legal[0])
    return s


def settle_counter(s: S) -> S:
    """Pass every open counter round and response until play is back in a main step
    (or a player must choose cards for an effect)."""

    while s.phase == "counter.respond" or s.phase == "response.respond":
        s = act(s, Pass())
    return s


def pass_counter(s: S) -> S:
    """Pass every open counter round (6.4.1), and only those."""
    while s.phase == "counter.respond":
        s = act(s, Pass())
    return s


def clear_hands(s: S) -> S:
    """Every hand goes to the bottom of its deck, so no stray card can respond."""
    for i, p in enumerate(s.game.players):
        s = set_player(s, i, hand=(), deck=(*p.deck, *p.hand))
    return s


def put_intrigue(s: S, player: int, key: str) -> tuple[S, int]:
    s, cid = _pull(s, player, key)
    p = s.game.players[player]
    return s.evolve(game=s.game.with_player(player, p.changed(intrigues=(*p.intrigues, cid)))), cid


def duel(seed: int = 0, **kw: Any) -> tuple[S, int, int]:
    """A Sky-player's first summoning step with both hands emptied: (state, me, other)."""
    s = clear_hands(start_sky(**kw))
    me = s.game.active
    return s, me, 1 - me


def next_turn(s: S) -> S:
    """Play passes (or the first legal action) until the next turn has begun."""

    turn = s.turn
    while s.turn == turn and not s.is_over:
        legal = mc.legal_actions(s)
        s = act(s, Pass() if Pass() in legal else legal[0])
    return s


def play(s: S, action: mc.Action) -> S:
    """Take ``action`` and pass the counter rounds it opens."""
    return settle_counter(act(s, action))


# --- chapter 8 attachments: regions, buildings, potions, runes (8.region ... 8.rune) --------

ATTACHMENT_CARDS = [
    card(
        "Vale",
        CardType.LOCATION,
        level=1,
        cost=(0, 1, 0, 0),
        subtypes=(Subtype.REGION,),
        links=("Cross",),
    ),
    card("Wild Vale", CardType.LOCATION, C, level=1, cost=(0, 1, 0, 0), subtypes=(Subtype.REGION,)),
    card(
        "Forge",
        CardType.LOCATION,
        C,
        level=2,
        cost=(0, 0, 1, 0),
        subtypes=(Subtype.BUILDING,),
        links=("Vale",),
    ),
    card("Mill", CardType.LOCATION, C, level=1, cost=(0, 0, 1, 0), subtypes=(Subtype.BUILDING,)),
    card(
        "Dark Tower",
        CardType.LOCATION,
        C,
        level=1,
        subtypes=(Subtype.BUILDING,),
        magical=True,
        cursed=True,
    ),
    card(
        "Tonic",
        CardType.ITEM,
        level=1,
        level_modifier=True,
        subtypes=(Subtype.POTION,),
        maneuvers=(
            Maneuver(
                "Sip",
                ChangeLevel(Chosen(OWN_LEADERS), 2),
                timing=Timing.ACTION,
                conditions=(SacrificeUser(),),
            ),
        ),
    ),
    card("Scribe", CardType.LEADER, C, level=2, cost=(1, 0, 0, 0), subtypes=(Subtype.SCRIBE,)),
    card(
        "Quaker",
        CardType.LEADER,
        C,
        level=2,
        cost=(1, 0, 0, 0),
        maneuvers=(
            Maneuver(
                "Quake",
                Destroy(Chosen(Cards(types=(CardType.LOCATION,), side=Side.ENEMY))),
                timing=Timing.ACTION,
            ),
        ),
    ),
    card(
        "Ward Rune",
        CardType.MANEUVER,
        subtypes=(Subtype.RUNE,),
        magical=True,
        users=(Cards(subtypes=(Subtype.SCRIBE,)),),
        maneuvers=(
            Maneuver(
                "Ward",
                ChangeLevel(Chosen(OWN_LEADERS), 1),
                timing=Timing.ACTION,
                cost=(1, 0, 0, 0),
                subtypes=(Subtype.RUNE,),
            ),
        ),
    ),
    card(
        "Hex Rune",
        CardType.MANEUVER,
        subtypes=(Subtype.RUNE,),
        magical=True,
        cursed=True,
        users=(Cards(subtypes=(Subtype.SCRIBE,)),),
        maneuvers=(
            Maneuver(
                "Hex",
                ChangeLevel(Chosen(Cards(types=(CardType.LEADER,))), -1),
                timing=Timing.ACTION,
                subtypes=(Subtype.RUNE,),
            ),
        ),
    ),
]
ATTACHMENT_POOL = {**POOL, **{c.key: c for c in ATTACHMENT_CARDS}}
ATTACHMENT_RULESET = MitoszRuleset(pool=ATTACHMENT_POOL)


def attachment_deck(god: str, name: str) -> DeckList:
    entries = [DeckEntry(1, god), DeckEntry(1, "Sky Leader")]
    entries += [DeckEntry(4, c.key) for c in ATTACHMENT_CARDS]
    entries += [DeckEntry(4, k) for k in ("Cross", "Line", "Cheap", "Hero", "Sword", "Fog")]
    entries += [DeckEntry(4, k) for k in ("Market", "Tower", "Thief", "Devotee", "Banner")]
    return DeckList(name, tuple(entries))


def attachment_arena(**kw: Any) -> tuple[S, int, int]:
    """A Sky player's first summoning step with the chapter 8 attachment cards in both
    decks and every hand emptied: (state, me, other). ``kw`` goes to the game's config."""
    decks = (attachment_deck("Sky God", "sky"), attachment_deck("Sea God", "sea"))
    for seed in range(200):
        config = GameConfig(seed=seed, players=2, decks=decks, **kw)
        s = pass_windows(ATTACHMENT_RULESET.setup(config))
        if s.game.card(s.game.players[s.game.active].high_god).key == "Sky God":
            s = clear_hands(s)
            return s, s.game.active, 1 - s.game.active
    raise AssertionError("no seed lets the Sky player start")


# --- timed effects, on-play maneuvers, summoning conditions, neutralised abilities and ----
# --- new card types (6.2.1.3, 6.2.4.5, 7.4.12, 6.3.4, 6.3.7, 5.5, 5.16) -------------------


def _timed_cards() -> list[CardDef]:

    leaders = Cards(types=(CardType.LEADER,))
    mark_user = ChangeLevel(User(), 1, Duration.MARKER)
    return [
        card(
            "Dawn Priest",
            CardType.LEADER,
            level=2,
            cost=(1, 0, 0, 0),
            maneuvers=(Maneuver("Dawn", mark_user, trigger=Trigger.TURN_START),),
        ),
        card(
            "Dusk Keeper",
            CardType.LEADER,
            level=2,
            cost=(1, 0, 0, 0),
            maneuvers=(Maneuver("Dusk", Draw(1), trigger=Trigger.TURN_END),),
        ),
        card(
            "Skald",
            CardType.LEADER,
            level=3,
            cost=(0, 1, 0, 0),
            subtypes=(Subtype.HERO,),
            maneuvers=(Maneuver("Saga", mark_user, trigger=Trigger.FIGHT_END),),
        ),
        card(
            "Herald",
            CardType.LEADER,
            level=2,
            cost=(0, 1, 0, 0),
            maneuvers=(Maneuver("Tidings", Draw(1), trigger=Trigger.ON_PLAY),),
        ),
        card(
            "Envoy",
            CardType.LEADER,
            level=2,
            cost=(0, 1, 0, 0),
            maneuvers=(
                Maneuver("Gifts", Draw(2), cost=(0, 0, 1, 0), trigger=Trigger.ON_PLAY_OPTIONAL),
            ),
        ),
        card(
            "Avenger",
            CardType.LEADER,
            level=3,
            cost=(0, 1, 0, 0),
            maneuvers=(
                Maneuver("Reprisal", TurnCards(Chosen(ENEMY_LEADERS)), trigger=Trigger.ON_PLAY),
            ),
        ),
        card(
            "Tyrant",
            CardType.LEADER,
            level=6,
            cost=(0, 0, 0, 1),
            summoning=SummonCondition(sacrifice=OWN_LEADERS),
        ),
        card(
            "Changeling",
            CardType.LEADER,
            level=4,
            cost=(1, 0, 0, 0),
            summoning=SummonCondition(discard=Cards(types=(CardType.ITEM,))),
        ),
        card(
            "Silence",
            CardType.MANEUVER,
            users=(leaders,),
            maneuvers=(
                Maneuver("Silence", NeutralizeAbility(Chosen(ENEMY_LEADERS)), timing=Timing.ACTION),
            ),
        ),
        card(
            "Petrify",
            CardType.MANEUVER,
            users=(leaders,),
            maneuvers=(
                Maneuver(
                    "Petrify",
                    BecomeType(Chosen(ENEMY_LEADERS), CardType.LOCATION),
                    timing=Timing.ACTION,
                ),
            ),
        ),
        card(
            "Vigil",
            CardType.MANEUVER,
            users=(leaders,),
            maneuvers=(
                Maneuver("Vigil", Delayed(Trigger.TURN_END, Draw(2)), timing=Timing.ACTION),
            ),
        ),
        card(
            "Vow",
            CardType.MANEUVER,
            users=(leaders,),
            maneuvers=(
                Maneuver(
                    "Vow",
                    Delayed(
                        Trigger.TURN_START, ChangeLevel(Every(OWN_LEADERS), 1, Duration.MARKER)
                    ),
                    timing=Timing.ACTION,
                ),
            ),
        ),
    ]


TIMED_CARDS = _timed_cards()
TIMED_POOL = {**POOL, **{c.key: c for c in TIMED_CARDS}}
TIMED_RULESET = MitoszRuleset(pool=TIMED_POOL)


def timed_deck(god: str, name: str) -> DeckList:
    entries = [DeckEntry(1, god), DeckEntry(1, "Sky Leader")]
    entries += [DeckEntry(4, c.key) for c in TIMED_CARDS]
    entries += [DeckEntry(4, k) for k in ("Cross", "Line", "Cheap", "Hero", "Sword", "King")]
    entries += [DeckEntry(4, k) for k in ("Banner", "Bulwark", "Sentinel", "Seer", "Thief")]
    entries += [DeckEntry(4, "Gatekeeper")]
    return DeckList(name, tuple(entries))


def timed_arena(sky_first: bool = True) -> tuple[S, int, int]:
    """The first summoning step of a game with the timed-effect cards in both decks, every
    hand emptied and a people on each side (room in the leader rows): (state, me, other).
    ``me`` is the starting player, who has the Sky god if ``sky_first``, else the Sea god."""
    decks = (timed_deck("Sky God", "sky"), timed_deck("Sea God", "sea"))
    want = "Sky God" if sky_first else "Sea God"
    for seed in range(200):
        s = pass_windows(TIMED_RULESET.setup(GameConfig(seed=seed, players=2, decks=decks)))
        if s.game.card(s.game.players[s.game.active].high_god).key == want:
            s = clear_hands(s)
            for player in range(2):
                s, _ = put_people(s, player, "Cross", 10, 10)
            return s, s.game.active, 1 - s.game.active
    raise AssertionError(f"no seed lets the {want} player start")

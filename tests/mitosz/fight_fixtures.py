"""A test-only card pool for fights (chapter 7) and combat keywords (chapter 8), and
helpers that bring a scenario to the combat phase.

Built on :mod:`tests.mitosz.fixtures`: the same high gods (Sky is hellenic, Sea is
celtic) and helpers, with troops, monsters, mounts, warlords, flyers, a fortress, a
shrine and the combat maneuvers added.
"""

from __future__ import annotations

from typing import Any

import mitosz_core as mc
from mitosz_core.games.mitosz.actions import Attack, DeclareFight, Designate, Pass
from mitosz_core.games.mitosz.cards import CardDef, CardType
from mitosz_core.games.mitosz.effects.language import (
    ArrowVolley,
    AttachLeader,
    Cards,
    ChangeLevel,
    Chosen,
    Destroy,
    Draw,
    Duration,
    Every,
    Fear,
    Maneuver,
    Neutralize,
    Poison,
    Release,
    Retreat,
    SacrificeUser,
    Sequence,
    Side,
    SummonCondition,
    Timing,
    Trigger,
    TurnCards,
    User,
)
from mitosz_core.games.mitosz.engine import MitoszRuleset
from mitosz_core.games.mitosz.rules import S
from mitosz_core.games.mitosz.rules.flow import turn_state
from mitosz_core.games.mitosz.state import FightKind, LineName
from mitosz_core.kernel.state import DeckEntry, DeckList, GameConfig
from tests.mitosz import fixtures as fx
from tests.mitosz.fixtures import C, E, H, N, So, W, card, roads

OWN_LEADERS = Cards(types=(CardType.LEADER,), side=Side.OWN)

FIGHT_CARDS: list[CardDef] = [
    # --- leaders ------------------------------------------------------------------------
    card("Captain", CardType.LEADER, level=3, cost=(0, 0, 0, 2), links=("Lieutenant",)),
    card("Lieutenant", CardType.LEADER, level=2, cost=(0, 0, 0, 1), links=("Scout",)),
    card("Scout", CardType.LEADER, level=1, cost=(0, 0, 1, 0)),
    card("Warlord", CardType.LEADER, C, level=3, cost=(0, 0, 0, 1), subtypes=("warlord",)),
    card("Guardian", CardType.LEADER, C, level=3, cost=(0, 0, 0, 2), links=("Hillfolk",)),
    card("Shieldmaiden", CardType.LEADER, C, level=2, cost=(0, 1, 0, 0), links=("Guardian",)),
    card("Squire", CardType.LEADER, C, level=1, cost=(1, 0, 0, 0), links=("Shieldmaiden",)),
    card("Elf Lord", CardType.LEADER, C, level=2, cost=(0, 0, 0, 1), subtypes=("elf",)),
    card(
        "Griffin Rider",
        CardType.LEADER,
        level=3,
        cost=(0, 0, 0, 1),
        subtypes=("flying",),
        links=("Pegasus Knight", "Captain"),
    ),
    card("Pegasus Knight", CardType.LEADER, level=2, cost=(0, 0, 0, 1), subtypes=("flying",)),
    card(
        "Cyclops",
        CardType.LEADER,
        level=4,
        cost=(0, 0, 0, 2),
        subtypes=("monster", "giant"),
    ),
    card("Winged Horse", CardType.LEADER, level=2, cost=(0, 0, 1, 0), subtypes=("mount", "flying")),
    card(
        "Bowman",
        CardType.LEADER,
        level=6,
        cost=(0, 0, 0, 1),
        maneuvers=(Maneuver("Volley", ArrowVolley(), timing=Timing.COMBAT),),
    ),
    card(
        "Terror",
        CardType.LEADER,
        C,
        level=5,
        serial="9001",
        maneuvers=(Maneuver("Dread", Fear(), timing=Timing.COMBAT),),
    ),
    card(
        "Viper",
        CardType.LEADER,
        level=2,
        maneuvers=(Maneuver("Venom", Poison(level=3), timing=Timing.COMBAT),),
    ),
    card("Craven", CardType.LEADER, level=4, cost=(0, 0, 0, 1)),
    # --- troops (3.8) --------------------------------------------------------------------
    card(
        "Hoplites",
        CardType.TROOP,
        level=2,
        cost=(0, 0, 0, 1),
        subtypes=("host",),
        links=("Captain",),
    ),
    card(
        "Archers",
        CardType.TROOP,
        level=1,
        cost=(0, 0, 1, 0),
        subtypes=("host",),
        maneuvers=(
            Maneuver(
                "Aim", ChangeLevel(User(), 2, Duration.COMBAT), timing=Timing.COMBAT, permanent=True
            ),
        ),
    ),
    card("Wolves", CardType.TROOP, C, level=2, cost=(0, 0, 0, 1), subtypes=("beast",)),
    card(
        "Ram",
        CardType.TROOP,
        C,
        level=1,
        level_modifier=True,
        cost=(0, 0, 1, 0),
        subtypes=("war_machine",),
    ),
    card(
        "Eagles",
        CardType.TROOP,
        level=1,
        cost=(0, 0, 0, 1),
        subtypes=("beast", "flying"),
    ),
    # --- peoples and locations -------------------------------------------------------------
    card(
        "Hillfolk",
        CardType.PEOPLE,
        C,
        level=1,
        power=2,
        subtypes=("mountain", "elf"),
        roads=roads((N, 1), (E, 2), (So, 2), (W, 1)),
    ),
    card("Plainsfolk", CardType.PEOPLE, C, level=1, power=1, roads=roads((E, 1), (W, 3))),
    card("Keep", CardType.LOCATION, C, level=1, cost=(0, 0, 0, 1), subtypes=("fortress",)),
    card("Temple", CardType.LOCATION, C, level=1, cost=(0, 1, 0, 0), subtypes=("shrine",)),
    # --- other cards ------------------------------------------------------------------------
    card(
        "Plague",
        CardType.FATE,
        C,
        links=("Sea",),
        subtypes=("calamity",),
        maneuvers=(
            Maneuver("Plague", Destroy(Every(Cards(types=(CardType.LOCATION,), side=Side.ANY)))),
        ),
    ),
    card(
        "Elixir",
        CardType.ITEM,
        level=1,
        level_modifier=True,
        subtypes=("potion",),
        maneuvers=(
            Maneuver("Drink", Draw(2), timing=Timing.ACTION, conditions=(SacrificeUser(),)),
        ),
    ),
    card(
        "Battle Cry",
        CardType.MANEUVER,
        users=(Cards(types=(CardType.LEADER,)),),
        maneuvers=(
            Maneuver(
                "Battle Cry",
                ChangeLevel(Chosen(OWN_LEADERS), 2, Duration.COMBAT),
                timing=Timing.COMBAT,
            ),
        ),
    ),
]
POOL = {c.key: c for c in [*fx.CARDS, *FIGHT_CARDS]}
RULESET = MitoszRuleset(pool=POOL)


def deck(god: str, name: str) -> DeckList:
    keys = [c.key for c in FIGHT_CARDS]
    entries = [DeckEntry(1, god), DeckEntry(1, "Sky Leader")]
    entries += [DeckEntry(4, k) for k in keys if not POOL[k].unique]
    entries += [DeckEntry(4, k) for k in ("Cross", "Line", "Cheap", "Hero", "Sword", "Banner")]
    entries += [DeckEntry(4, k) for k in ("Market", "Tower", "Fog", "Thief", "Feint")]
    return DeckList(name, tuple(entries))


SKY = deck("Sky God", "sky")
SEA = deck("Sea God", "sea")


def start(players: int = 2, seed: int = 0, **kw: Any) -> S:
    """A new fight test game at the starting player's first summoning step, every event
    window on the way passed (6.5.1)."""
    decks = tuple([SKY, SEA, SKY, SEA][:players])
    return fx.pass_windows(RULESET.setup(GameConfig(seed=seed, players=players, decks=decks, **kw)))


def arena(players: int = 2, **kw: Any) -> tuple[S, int, int]:
    """A Sky player's first summoning step, every hand emptied: (state, me, next player)."""
    for seed in range(200):
        s = start(players, seed, **kw)
        if s.game.card(s.game.players[s.game.active].high_god).key == "Sky God":
            s = fx.clear_hands(s)
            for player in range(players):  # room in every leader row (3.4.2)
                s, _ = fx.put_people(s, player, "Cross", 10, 10)
            me = s.game.active
            order = s.game.order
            return s, me, order[(order.index(me) + 1) % len(order)]
    raise AssertionError("no seed lets the Sky player start")


def to_combat(s: S) -> S:
    """Pass the first summoning step: the combat phase begins (6.2.3.2), once the event
    window of the phase's end is passed (6.5.1: a fate in hand may answer it, 3.7)."""
    assert s.phase == "turn.combat.declare" or s.phase == "turn.summoning_1", s.phase
    if s.phase == "turn.summoning_1":
        s = fx.pass_windows(fx.act(fx.refresh(fx.arranged(s)), Pass()))
    return s


def battle(s: S, people: int, road: Any, commander: int) -> S:
    """Declare a battle, name the people, road and commander (7.4.1, 7.4.2)."""
    s = fx.act(to_combat(s), DeclareFight(FightKind.BATTLE))
    s = fx.act(s, Attack(people, road))
    return fx.act(s, Designate(commander))


def designate(s: S, card: int, line: LineName = LineName.FRONT) -> S:
    return fx.act(s, Designate(card, line))


def pass_(s: S) -> S:
    return fx.act(s, Pass())


def pass_rounds(s: S) -> S:
    """Everyone passes in the combat rounds (and their counter rounds) until decided."""
    while turn_state(s).endswith(".rounds") or s.phase == "response.respond":
        s = fx.act(s, Pass())
    return s


def legal(s: S) -> tuple[mc.Action, ...]:
    return mc.legal_actions(s)


__all__ = ["C", "E", "H", "N", "So", "W"]


# --- cards for the remaining fight rules (7.2.1, 7.3.5, 7.4.10.1, 3.1, 3.2.2, 5.8, 8.mount) ---

ENEMY_LEADERS = Cards(types=(CardType.LEADER,), side=Side.ENEMY)

PARTIAL_CARDS: list[CardDef] = [
    card(
        "Stormlord",
        CardType.LEADER,
        level=3,
        cost=(0, 0, 0, 1),
        links=("Lieutenant",),
        maneuvers=(Maneuver("Thunder", TurnCards(Every(ENEMY_LEADERS)), timing=Timing.COMBAT),),
    ),
    card(
        "Drummer",
        CardType.LEADER,
        level=3,
        cost=(0, 0, 0, 2),
        links=("Lieutenant",),
        maneuvers=(Maneuver("Drumbeat", ChangeLevel(Every(OWN_LEADERS), 1), locked=True),),
    ),
    card(
        "Nightmare",
        CardType.LEADER,
        level=3,
        serial="9002",
        maneuvers=(Maneuver("Haunt", Fear(modifier=2), timing=Timing.COMBAT),),
    ),
    card(
        "Elf Steed",
        CardType.LEADER,
        C,
        level=1,
        cost=(0, 0, 1, 0),
        subtypes=("mount", "elf", "flying"),
    ),
    card(
        "Standard Bearers",
        CardType.TROOP,
        level=1,
        cost=(0, 0, 0, 1),
        subtypes=("host",),
        maneuvers=(Maneuver("Standard", ChangeLevel(Every(OWN_LEADERS), 1), locked=True),),
    ),
    card(
        "Sky Guard",
        CardType.TROOP,
        level=2,
        cost=(0, 0, 0, 1),
        subtypes=("host",),
        links=("Sky",),
    ),
    card(
        "Warhorn",
        CardType.ITEM,
        C,
        level=1,
        level_modifier=True,
        cost=(0, 0, 0, 1),
        maneuvers=(Maneuver("Sound", Draw(1), timing=Timing.COMBAT, permanent=True),),
    ),
    card(
        "Watchtower",
        CardType.LOCATION,
        C,
        level=1,
        cost=(0, 0, 0, 1),
        maneuvers=(
            Maneuver("Beacon", Draw(1), timing=Timing.COMBAT, permanent=True),
            Maneuver("Signal", Draw(1), permanent=True),
        ),
    ),
    card(
        "Stonefolk",
        CardType.PEOPLE,
        C,
        level=1,
        power=1,
        roads=roads((N, 1), (E, 1), (So, 1), (W, 1)),
        maneuvers=(Maneuver("Stand fast", Draw(1), timing=Timing.COMBAT, permanent=True),),
    ),
    card(
        "Tidefolk",
        CardType.PEOPLE,
        C,
        level=1,
        power=1,
        links=("Sea",),
        roads=roads((N, 1), (E, 1), (So, 1), (W, 1)),
    ),
    card(
        "Muster",
        CardType.MANEUVER,
        C,
        users=(Cards(types=(CardType.PEOPLE,)),),
        maneuvers=(Maneuver("Muster", Draw(1)),),
    ),
    card(
        "Sound Retreat",
        CardType.MANEUVER,
        C,
        users=(Cards(types=(CardType.LEADER,)),),
        maneuvers=(Maneuver("Sound Retreat", Retreat(), timing=Timing.COMBAT),),
    ),
    card(
        "War Song",
        CardType.MANEUVER,
        users=(Cards(types=(CardType.LEADER,)),),
        maneuvers=(Maneuver("War Song", Draw(1), timing=Timing.ACTION, level=1),),
    ),
    card(
        "Oath of Arms",
        CardType.MANEUVER,
        users=(Cards(types=(CardType.LEADER,)),),
        maneuvers=(
            Maneuver(
                "Oath of Arms",
                ChangeLevel(Chosen(OWN_LEADERS), 2, Duration.TURN),
                timing=Timing.COMBAT,
            ),
        ),
    ),
]
FIGHT_CARDS += PARTIAL_CARDS
POOL = {c.key: c for c in [*fx.CARDS, *FIGHT_CARDS]}
RULESET = MitoszRuleset(pool=POOL)
SKY = deck("Sky God", "sky")
SEA = deck("Sea God", "sea")


# --- fate (3.7), leaders attached to cards (5.15), and loose ends of 6.3.4 and 6.3.7 in a ----
# --- battle: a separate pool, so the decks above stay as they are ----------------------------


def _late_cards() -> list[CardDef]:

    return [
        card(
            "Hollow Hill",
            CardType.LOCATION,
            level=1,
            cost=(0, 1, 0, 0),
            maneuvers=(Maneuver("Hide", AttachLeader(Chosen(OWN_LEADERS)), timing=Timing.ACTION),),
        ),
        card(
            "Sanctum",
            CardType.LOCATION,
            C,
            level=1,
            cost=(0, 1, 0, 0),
            maneuvers=(
                Maneuver(
                    "Seclusion",
                    AttachLeader(Chosen(OWN_LEADERS), release=Release.TURN_START),
                    timing=Timing.ACTION,
                ),
            ),
        ),
        card(
            "Twist of Fate",
            CardType.FATE,
            rounds=2,
            links=("Sky",),
            maneuvers=(
                Maneuver(
                    "Twist",
                    Sequence((Neutralize(), ChangeLevel(Every(ENEMY_LEADERS), -1))),
                    counter=True,
                ),
            ),
        ),
        card(
            "Skirmishers",
            CardType.TROOP,
            level=1,
            cost=(0, 0, 0, 1),
            subtypes=("host",),
            maneuvers=(Maneuver("Harass", Draw(1), trigger=Trigger.ON_PLAY),),
        ),
        card(
            "Usurper",
            CardType.LEADER,
            C,
            level=5,
            cost=(0, 0, 0, 1),
            summoning=SummonCondition(sacrifice=OWN_LEADERS),
        ),
    ]


LATE_CARDS = _late_cards()
LATE_POOL = {**POOL, **{c.key: c for c in LATE_CARDS}}
LATE_RULESET = MitoszRuleset(pool=LATE_POOL)


def late_deck(god: str, name: str) -> DeckList:
    entries = [*deck(god, name).entries, *(DeckEntry(4, c.key) for c in LATE_CARDS)]
    entries += [DeckEntry(4, k) for k in ("Omen", "Gale", "Smith", "King", "Seer")]
    return DeckList(name, tuple(entries))


def late_arena(sky_first: bool = True, **kw: Any) -> tuple[S, int, int]:
    """The first summoning step of a game of the late pool, every hand emptied and a
    Cross on each side: (state, me, other). ``me`` starts, with the Sky god if
    ``sky_first``, else the Sea god; ``kw`` goes to the game's config."""
    decks = (late_deck("Sky God", "sky"), late_deck("Sea God", "sea"))
    want = "Sky God" if sky_first else "Sea God"
    for seed in range(200):
        config = GameConfig(seed=seed, players=2, decks=decks, **kw)
        s = fx.pass_windows(LATE_RULESET.setup(config))
        if s.game.card(s.game.players[s.game.active].high_god).key == want:
            s = fx.clear_hands(s)
            for player in range(2):
                s, _ = fx.put_people(s, player, "Cross", 10, 10)
            return s, s.game.active, 1 - s.game.active
    raise AssertionError(f"no seed lets the {want} player start")

"""A small test-only card pool and tools to arrange Mítosz scenarios.

Scenario tests build their games from these cards, not from the sample pool, so a change
to the sample cards never changes what a rule test means.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import mitosz_core as mc
from mitosz_core.kernel.state import DeckEntry, DeckList, GameConfig
from mitosz_core.rulesets.mitosz.cards import CardDef, CardType, Edge, Mythos, Road
from mitosz_core.rulesets.mitosz.engine import MitoszRuleset, settle
from mitosz_core.rulesets.mitosz.rules import S
from mitosz_core.rulesets.mitosz.state import LeaderSlot, PeopleSlot

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
    card("Sky God", CardType.HIGH_GOD, name="Sky", spheres=(3, 3, 3, 3), unique=True),
    card("Sea God", CardType.HIGH_GOD, C, name="Sea", spheres=(2, 4, 1, 5), unique=True),
    card(
        "Sky Leader", CardType.LEADER, name="Sky", level=4, power=1, cost=(1, 1, 0, 0), unique=True
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
        subtypes=("hero",),
        links=("Sword",),
    ),
    card("King", CardType.LEADER, C, level=3, power=2, cost=(0, 1, 0, 0), unique=True),
    card(
        "Sword",
        CardType.ITEM,
        level=2,
        level_modifier=True,
        cost=(0, 0, 1, 0),
        subtypes=("weapon",),
    ),
    card(
        "Axe",
        CardType.ITEM,
        C,
        level=1,
        level_modifier=True,
        cost=(0, 0, 0, 1),
        subtypes=("weapon",),
    ),
    card(
        "Plate",
        CardType.ITEM,
        level=1,
        level_modifier=True,
        cost=(0, 0, 1, 0),
        subtypes=("armour",),
    ),
    card(
        "Torc",
        CardType.ITEM,
        C,
        level=1,
        level_modifier=True,
        cost=(1, 0, 0, 0),
        subtypes=("relic",),
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
POOL = {c.key: c for c in CARDS}
RULESET = MitoszRuleset(pool=POOL)


def deck(god: str, name: str) -> DeckList:
    others = [c.key for c in CARDS if c.type is not CardType.HIGH_GOD and c.key != "Sky Leader"]
    entries = [DeckEntry(1, god), DeckEntry(1, "Sky Leader")]
    entries += [DeckEntry(4, k) for k in others]
    return DeckList(name, tuple(entries))


SKY = deck("Sky God", "sky")
SEA = deck("Sea God", "sea")


def start(seed: int = 3, players: int = 2, **kw: Any) -> S:
    """A new test game at the starting player's first summoning step."""
    decks = tuple([SKY, SEA, SKY, SEA][:players])
    return RULESET.setup(GameConfig(seed=seed, players=players, decks=decks, **kw))


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
    p = replace(p, empire=(*p.empire, PeopleSlot(cid, x, y)))
    return s.evolve(game=s.game.with_player(player, p)), cid


def put_leader(s: S, player: int, key: str, turned: bool = False) -> tuple[S, int]:
    s, cid = _pull(s, player, key)
    p = s.game.players[player]
    p = replace(p, leaders=(*p.leaders, LeaderSlot(cid, turned)))
    return s.evolve(game=s.game.with_player(player, p)), cid


def attach_item(s: S, player: int, key: str, leader: int) -> tuple[S, int]:
    s, cid = _pull(s, player, key)
    p = s.game.players[player]
    leaders = tuple(replace(x, items=(*x.items, cid)) if x.card == leader else x for x in p.leaders)
    return s.evolve(game=s.game.with_player(player, replace(p, leaders=leaders))), cid


def attach_location(s: S, player: int, key: str, people: int) -> tuple[S, int]:
    s, cid = _pull(s, player, key)
    p = s.game.players[player]
    empire = tuple(replace(x, location=cid) if x.card == people else x for x in p.empire)
    return s.evolve(game=s.game.with_player(player, replace(p, empire=empire))), cid


def set_player(s: S, player: int, **changes: Any) -> S:
    return s.evolve(game=s.game.with_player(player, replace(s.game.players[player], **changes)))


def set_game(s: S, **changes: Any) -> S:
    return s.evolve(game=replace(s.game, **changes))


def refresh(s: S) -> S:
    """Re-run the state-based checks and automatic steps after arranging a state."""
    return settle(s)


def act(s: S, action: mc.Action) -> S:
    result: S = mc.apply(s, action)
    return result


def pass_until(s: S, phase: str, limit: int = 200) -> S:
    """Take the first legal action (a pass where possible) until ``phase`` is reached."""
    from mitosz_core.rulesets.mitosz.actions import Pass

    for _ in range(limit):
        if s.phase == phase:
            return s
        legal = mc.legal_actions(s)
        s = act(s, Pass() if Pass() in legal else legal[0])
    raise AssertionError(f"{phase} not reached; stuck in {s.phase}")


def lay_underworld(s: S, order: list[int] | None = None) -> S:
    """Answer the 1.4.2 ordering choice: the cards in ``order`` first, then any."""
    from mitosz_core.rulesets.mitosz.actions import ToUnderworld

    wanted = list(order or [])
    while s.phase == "forced.underworld_order":
        legal = mc.legal_actions(s)
        pick = next((a for a in legal if isinstance(a, ToUnderworld) and a.card in wanted), None)
        s = act(s, pick or legal[0])
    return s


def settle_counter(s: S) -> S:
    """Pass every open counter round until play is back in a main step."""
    from mitosz_core.rulesets.mitosz.actions import Pass

    while ".counter." in s.phase:
        s = act(s, Pass())
    return s

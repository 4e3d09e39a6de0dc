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
from mitosz_core.games.mitosz.engine import MitoszRuleset
from mitosz_core.games.mitosz.rules import S
from mitosz_core.games.mitosz.rules.flow import turn_state
from mitosz_core.games.mitosz.state import FightKind, LineName
from mitosz_core.kernel.state import DeckEntry, DeckList, GameConfig
from tests.mitosz import fixtures as fx
from tests.mitosz.fixtures import C, E, H, N, So, W

FIGHT_CARDS = list(fx.card_set("fights"))
POOL = fx.card_pool("base", "maneuvers", "fights")
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


def to_rounds(s: S) -> S:
    """Pass the designation steps (no automatic passes) up to the combat rounds."""
    while not s.phase.endswith(".rounds"):
        s = fx.act(s, Pass())
    return s


def until_turn_of(s: S, player: int) -> S:
    """Pass in the combat rounds until ``player`` is to act."""
    while s.to_act != player:
        s = fx.act(s, Pass())
    return s


__all__ = ["C", "E", "H", "N", "So", "W"]


# --- fate (3.7), leaders attached to cards (5.15), and loose ends of 6.3.4 and 6.3.7 in a ----
# --- battle: a separate pool, so the decks above stay as they are ----------------------------


LATE_CARDS = list(fx.card_set("late"))
LATE_POOL = fx.card_pool("base", "maneuvers", "fights", "late")
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

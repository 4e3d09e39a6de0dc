"""The combat phase (*harci fázis*, 6.2.3.2): the active player may start one fight
with an unturned leader, against an enemy player's people (a battle, 7.4) or leader (a
duel, 7.6), or pass. With no fight possible the phase ends at once. No mount is
attached here: in the combat phase only the cards that may affect the fight are used
(7.2.1), so a mount is attached in its player's summoning steps (ruling R-8.mount-troop).
"""

from __future__ import annotations

from collections.abc import Iterator

from mitosz_core.games.mitosz.actions import DeclareFight, Pass
from mitosz_core.games.mitosz.cards import Edge
from mitosz_core.games.mitosz.machine import Trigger
from mitosz_core.games.mitosz.rules import S
from mitosz_core.games.mitosz.rules.empire import is_open
from mitosz_core.games.mitosz.rules.fights.keywords import (
    can_challenge,
    crosses_closed_roads,
    may_attack,
    may_fight,
    unturned,
)
from mitosz_core.games.mitosz.rules.flow import fire
from mitosz_core.games.mitosz.state import CardId, Fight, FightKind, Game
from mitosz_core.kernel.action import Action
from mitosz_core.kernel.values import replace


def enemies(game: Game, player: int) -> tuple[int, ...]:
    """The other players, in turn order: a fight is started only against an enemy
    player's people or leader (7.2.1)."""
    order = game.order
    start = order.index(player)
    return tuple(order[(start + k) % len(order)] for k in range(1, len(order)))


def commanders(game: Game, player: int) -> tuple[CardId, ...]:
    """Leaders that may lead an attack (3.4.1, 7.2.3): unturned, may attack and fight."""
    return tuple(
        slot.card
        for slot in game.players[player].leaders
        if unturned(game, slot.card) and may_attack(game, slot.card) and may_fight(game, slot.card)
    )


def attack_options(game: Game, player: int) -> Iterator[tuple[CardId, Edge]]:
    """``(people, road)`` pairs ``player`` may attack (7.4.1, 3.2.2, 8.flying)."""
    leaders = commanders(game, player)
    if not leaders:
        return
    closed_ok = any(crosses_closed_roads(game, c) for c in leaders)
    for enemy in enemies(game, player):
        for slot in game.players[enemy].empire:
            for road in game.card(slot.card).roads:
                if closed_ok or is_open(game, enemy, slot, road):
                    yield slot.card, road.edge


def challengers(game: Game, player: int) -> tuple[CardId, ...]:
    """Leaders that may challenge (8.hero, 7.6.1)."""
    return tuple(c.card for c in game.players[player].leaders if can_challenge(game, c.card))


def challenge_targets(game: Game, player: int) -> tuple[CardId, ...]:
    """Enemy leaders in a leader row (7.6.2)."""
    return tuple(slot.card for e in enemies(game, player) for slot in game.players[e].leaders)


def why_not_fight(game: Game, player: int, kind: FightKind) -> str | None:
    if kind is FightKind.BATTLE:
        if next(attack_options(game, player), None) is None:
            return "no unturned leader can attack an enemy people by a road (7.4.1, 7.2.3)"
        return None
    if not challengers(game, player):
        return "no unturned hero can challenge (8.hero, 7.6.1)"
    if not challenge_targets(game, player):
        return "no enemy leader is in a leader row (7.6.2)"
    return None


def nothing_to_declare(s: S) -> bool:
    """Whether the combat phase has no decision: no fight can be started."""
    game = s.game
    return all(why_not_fight(game, game.active, k) is not None for k in FightKind)


def candidates(s: S) -> Iterator[Action]:
    """The combat declaration's own choices (6.2.3.2): a pass, or a fight of each kind;
    the step of :mod:`..events` (the phase window of the declaration, ruling
    R-6.1.4-phases) adds the player's deeds and asks the gate about each."""
    yield Pass()
    for kind in FightKind:
        yield DeclareFight(kind)


def why_not_declare(s: S, a: DeclareFight) -> str | None:
    return why_not_fight(s.game, s.game.active, a.fight)


def declare(s: S, a: DeclareFight) -> S:
    fight = Fight(kind=a.fight, attacker=s.game.active, defender=s.game.active)
    s = s.evolve(game=replace(s.game, fight=fight))
    return fire(s, Trigger.BATTLE if a.fight is FightKind.BATTLE else Trigger.DUEL)


def closing(s: S) -> S:
    """The combat phase is closing: once it is no longer the turn's phase, the effects
    lasting until its end end (4.2.1, 4.2.5; ruling R-7.2.1-every)."""
    return s.evolve(game=s.game.with_turn(combat_closing=True))


def no_fight(s: S) -> S:
    """6.2.3.2: no fight this combat phase; the phase ends (:func:`closing`)."""
    return fire(closing(s), Trigger.SKIP)

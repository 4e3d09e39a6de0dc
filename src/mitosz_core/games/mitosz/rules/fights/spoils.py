"""Spoils (*hadizsákmány*, 7.4.11) and monsters kept after a win (8.monster.5).

A winning defender may draw a card; a winning attacker may steal one sphere point of
its choice from the attacked people's player. Above the sphere's maximum the point may
still be spent this turn; the end of the turn clamps it (6.2.4.2). A draw gives nothing.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from mitosz_core.games.mitosz.actions import KeepMonster, Pass, TakeSpoils
from mitosz_core.games.mitosz.cards import SPHERES
from mitosz_core.games.mitosz.machine import Trigger
from mitosz_core.games.mitosz.rules import S
from mitosz_core.games.mitosz.rules.board import controller
from mitosz_core.games.mitosz.rules.fights.army import detach
from mitosz_core.games.mitosz.rules.fights.core import (
    ATTACK,
    DEFEND,
    fight_of,
    on_board,
    set_fight,
)
from mitosz_core.games.mitosz.rules.flow import fire
from mitosz_core.games.mitosz.rules.high_god import pay, why_not_pay
from mitosz_core.games.mitosz.rules.zones import draw, update_player
from mitosz_core.games.mitosz.state import CardId, LeaderSlot, Outcome, Troop
from mitosz_core.kernel.action import Action
from mitosz_core.kernel.steps import Rule, allowed, dispatch

# --- 7.4.11 ---------------------------------------------------------------------------------


def _winner(s: S) -> int:
    fight = fight_of(s)
    return fight.attacker if fight.outcome is Outcome.ATTACKER else fight.defender


def _spoils_candidates(s: S) -> Iterator[Action]:
    yield Pass()
    if fight_of(s).outcome is Outcome.ATTACKER:
        for sphere in SPHERES:
            yield TakeSpoils(sphere)
    else:
        yield TakeSpoils(None)


def _spoils_why_not(s: S, a: TakeSpoils) -> str | None:
    fight = fight_of(s)
    if fight.outcome is Outcome.ATTACKER:
        if a.sphere is None:
            return "a winning attacker steals a sphere point (7.4.11)"
        if s.game.players[fight.defender].spheres[SPHERES.index(a.sphere)] < 1:
            return f"player {fight.defender} has no {a.sphere} point to steal (7.4.11)"
        return None
    if a.sphere is not None:
        return "a winning defender draws a card (7.4.11)"
    if not s.game.players[fight.defender].deck:
        return "your deck is empty"
    return None


def _spoils(s: S, a: TakeSpoils) -> S:
    fight = fight_of(s)
    if a.sphere is None:
        s = draw(s, fight.defender, 1)
    else:
        i = SPHERES.index(a.sphere)
        theirs = list(s.game.players[fight.defender].spheres)
        mine = list(s.game.players[fight.attacker].spheres)
        theirs[i] -= 1
        mine[i] += 1  # above the maximum until the end of the turn (6.2.4.2)
        s = update_player(s, fight.defender, spheres=tuple(theirs))
        s = update_player(s, fight.attacker, spheres=tuple(mine))
    return fire(s, Trigger.NEXT)


def _spoils_settle(s: S) -> S | None:
    fight = fight_of(s)
    if fight.outcome in (Outcome.ATTACKER, Outcome.DEFENDER) and any(
        not isinstance(a, Pass) and SPOILS.why_not(s, a) is None for a in _spoils_candidates(s)
    ):
        return None
    return fire(s, Trigger.NEXT)


SPOILS = dispatch(
    (
        Rule(Pass, allowed, lambda s, a: fire(s, Trigger.NEXT)),
        Rule(TakeSpoils, _spoils_why_not, _spoils),
    ),
    candidates=_spoils_candidates,
    decider=_winner,
    settle=_spoils_settle,
)


# --- 8.monster.5 -------------------------------------------------------------------------------


def _waiting(s: S) -> Troop | None:
    """The next monster on the winning side whose keeping is undecided."""
    fight = fight_of(s)
    side = {Outcome.ATTACKER: ATTACK, Outcome.DEFENDER: DEFEND}.get(fight.outcome or Outcome.NONE)
    for troop in fight.troops:
        if (
            troop.monster
            and troop.side == side
            and troop.card not in fight.decided
            and on_board(s.game, troop.card)
        ):
            return troop
    return None


def _keeper(s: S) -> int:
    troop = _waiting(s)
    assert troop is not None
    side = controller(s.game, troop.card)
    assert side is not None
    return side


def _monster_why_not(s: S, a: KeepMonster) -> str | None:
    troop = _waiting(s)
    if troop is None or a.card != troop.card:
        return f"#{a.card} is not the winning monster to decide on now (8.monster.5)"
    player = _keeper(s)  # a full leader row is settled afterwards by 3.4.2
    return why_not_pay(s.game.players[player].spheres, s.game.card(a.card).cost)


def _monster_candidates(s: S) -> Iterable[Action]:
    troop = _waiting(s)
    assert troop is not None
    return (Pass(), KeepMonster(troop.card))


def keep_monster(s: S, player: int, card: CardId) -> S:
    """Pay the monster's summoning cost again: it leaves the line for the leader row."""
    p = s.game.players[player]
    s = update_player(s, player, spheres=pay(p.spheres, s.game.card(card).cost))
    s = detach(s, (card,))
    p = s.game.players[player]
    s = update_player(s, player, leaders=(*p.leaders, LeaderSlot(card)))
    fight = fight_of(s)
    return set_fight(s, troops=tuple(t for t in fight.troops if t.card != card))


def _monster_decided(s: S) -> S:
    """The waiting monster is decided on (8.monster): a pass lets it go with its line."""
    troop = _waiting(s)
    assert troop is not None
    return set_fight(s, decided=(*fight_of(s).decided, troop.card))


def _monster_kept(s: S, a: KeepMonster) -> S:
    keeper = _keeper(s)
    return keep_monster(_monster_decided(s), keeper, a.card)


def _monster_settle(s: S) -> S | None:
    troop = _waiting(s)
    if troop is None:
        return fire(s, Trigger.NEXT)
    if _monster_why_not(s, KeepMonster(troop.card)) is not None:
        return set_fight(s, decided=(*fight_of(s).decided, troop.card))
    return None


MONSTERS = dispatch(
    (
        Rule(Pass, allowed, lambda s, a: _monster_decided(s)),
        Rule(KeepMonster, _monster_why_not, _monster_kept),
    ),
    candidates=_monster_candidates,
    decider=_keeper,
    settle=_monster_settle,
)

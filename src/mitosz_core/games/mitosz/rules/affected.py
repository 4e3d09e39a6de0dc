"""Whom an event affects (6.4.1 "akire hat az esemény"), when it names no card or
pending event as its target: read from its effect (ruling R-6.4.1-affected).

A player effect names its players (the user's, each opponent, each player); an effect on
the user names the user's player; an effect on every card a selector matches names the
players whose cards it matches now. A part that names nobody known (a card chosen later,
an effect on a pending event) leaves the question open.
"""

from __future__ import annotations

from mitosz_core.games.mitosz.effects.language import (
    AnyEffect,
    Delayed,
    Every,
    Search,
    Sequence,
    StealSpheres,
    TakeBack,
    User,
    Who,
)
from mitosz_core.games.mitosz.rules.board import controller
from mitosz_core.games.mitosz.rules.maneuvers import effects_of, maneuver_of
from mitosz_core.games.mitosz.rules.selection import matching
from mitosz_core.games.mitosz.state import Game, ManeuverPending


def affected_players(game: Game, item: ManeuverPending) -> frozenset[int] | None:
    """The players the maneuver ``item`` affects, read from its effect and the steps it
    bought; ``None`` if some part of it does not say."""
    found: set[int] = set()
    effects = list(effects_of(maneuver_of(game, item), item.steps))
    while effects:
        e = effects.pop()
        if isinstance(e, Sequence):
            effects.extend(e.effects)
            continue
        if isinstance(e, Delayed):
            effects.append(e.effect)
            continue
        players = _players(game, item, e)
        if players is None:
            return None
        found |= players
    return frozenset(found)


def _players(game: Game, item: ManeuverPending, e: AnyEffect) -> set[int] | None:
    me = item.player
    others = {p for p in range(len(game.players)) if p != me}
    if isinstance(e, Search | TakeBack):
        return {me}
    if isinstance(e, StealSpheres):
        return {me, *others}
    who = getattr(e, "who", None)
    if isinstance(who, Who):
        return {me} if who is Who.ME else others if who is Who.EACH_OPPONENT else {me, *others}
    target = getattr(e, "target", None)
    if isinstance(target, User):
        side = None if item.user is None else controller(game, item.user)
        return None if side is None else {side}
    if isinstance(target, Every):
        cards = matching(game, me, target.cards, item.user)
        return {side for c in cards if (side := controller(game, c)) is not None}
    return None

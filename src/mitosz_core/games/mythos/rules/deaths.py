"""Deaths (06.4.3): a unit at 0 life or less dies; each death's effects may cause more."""

from __future__ import annotations

from mitosz_core.games.mythos.rules import S
from mitosz_core.games.mythos.rules.effects import kill
from mitosz_core.games.mythos.rules.flow import other
from mitosz_core.games.mythos.rules.stats import bonuses, life
from mitosz_core.games.mythos.rules.zones import units
from mitosz_core.games.mythos.state import CardId, calm


def _doomed(s: S) -> CardId | None:
    """The first unit at 0 life or less: the active player's first, battlefield first
    (a player on which the state checks found nothing has none, :func:`~..state.calm`)."""
    active = s.game.active
    for player in (active, other(active)):
        if calm(s.game, player):
            continue
        table = bonuses(s.game, player)
        for slot in units(s.game, player):
            if life(s.game, slot, table) <= 0:
                return slot.card
    return None


def deaths(s: S) -> S:
    """(06.4.3) every unit at 0 life or less dies, one at a time, until none is left;
    each death's effects may cause more."""
    while (unit := _doomed(s)) is not None:
        s = kill(s, unit)
    return s

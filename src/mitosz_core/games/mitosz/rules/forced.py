"""Forced choices that interrupt play wherever they arise, then resume it.

- 3.4.2: whenever a leader row holds more leaders than peoples + 2, its owner sacrifices
  leaders of their choice, one decision at a time, until it is within the limit.
- 1.4.2: when several cards of one owner go to the underworld at once, the owner lays
  them on the pile one at a time, in the order they choose; the last one goes by itself.
"""

from __future__ import annotations

from collections.abc import Iterable

from mitosz_core.games.mitosz.actions import SacrificeLeader, ToUnderworld
from mitosz_core.games.mitosz.machine import Trigger
from mitosz_core.games.mitosz.rules import S
from mitosz_core.games.mitosz.rules.board import is_cursed, remove_to_underworld
from mitosz_core.games.mitosz.rules.checks import first_over_limit
from mitosz_core.games.mitosz.rules.flow import resume
from mitosz_core.games.mitosz.rules.leaders import over_limit
from mitosz_core.games.mitosz.rules.zones import lay_on_underworld
from mitosz_core.kernel.action import Action
from mitosz_core.kernel.steps import Rule, dispatch


def _candidates(s: S) -> Iterable[Action]:
    player = first_over_limit(s)
    return (
        SacrificeLeader(slot.card)
        for slot in s.game.players[player].leaders
        if not is_cursed(s.game, slot.card)
    )


def _why_not(s: S, a: SacrificeLeader) -> str | None:
    player = first_over_limit(s)
    if all(slot.card != a.card for slot in s.game.players[player].leaders):
        return f"#{a.card} is not a leader in the row of player {player}, who must sacrifice"
    if is_cursed(s.game, a.card):  # 2.4, 8.rune; ruling R-3.4.2-cursed
        return f"{s.game.card(a.card).name} is cursed and cannot be sacrificed (2.4)"
    return None


def _perform(s: S, a: SacrificeLeader) -> S:
    s = remove_to_underworld(s, a.card)
    if any(over_limit(s.game, i) for i in range(len(s.game.players))):
        return s
    return leave(s)


def leave(s: S) -> S:
    """Leave a forced choice for the state it interrupted."""
    return resume(s, Trigger.RESUME)


SACRIFICE_LEADER = dispatch(
    (Rule(SacrificeLeader, _why_not, _perform),),
    candidates=_candidates,
    decider=first_over_limit,
)


def _batch_owner(s: S) -> int:
    return s.game.limbo[0].owner


def _order_candidates(s: S) -> Iterable[Action]:
    return (ToUnderworld(c) for c in s.game.limbo[0].cards)


def _order_why_not(s: S, a: ToUnderworld) -> str | None:
    if a.card not in s.game.limbo[0].cards:
        return f"#{a.card} is not among the cards waiting for the underworld"
    return None


def _order_settle(s: S) -> S | None:
    """The last card of a batch needs no choice; an empty limbo resumes play."""
    while s.game.limbo and len(s.game.limbo[0].cards) == 1:
        s = lay_on_underworld(s, s.game.limbo[0].cards[0])
    return None if s.game.limbo else leave(s)


ORDER_UNDERWORLD = dispatch(
    (Rule(ToUnderworld, _order_why_not, lambda s, a: lay_on_underworld(s, a.card)),),
    candidates=_order_candidates,
    decider=_batch_owner,
    settle=_order_settle,
)

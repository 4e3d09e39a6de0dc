"""Forced choices that interrupt play wherever they arise.

3.4.2: whenever a leader row holds more leaders than peoples + 2, its owner sacrifices
leaders of their choice, one decision at a time, until it is within the limit; then play
resumes in the state it was interrupted in.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from mitosz_core.kernel.action import Action
from mitosz_core.rulesets.mitosz.actions import SacrificeLeader
from mitosz_core.rulesets.mitosz.rules import S
from mitosz_core.rulesets.mitosz.rules.board import remove_to_underworld
from mitosz_core.rulesets.mitosz.rules.checks import first_over_limit
from mitosz_core.rulesets.mitosz.rules.flow import Step, fire
from mitosz_core.rulesets.mitosz.rules.leaders import over_limit


def _candidates(s: S) -> Iterable[Action]:
    player = first_over_limit(s)
    return (SacrificeLeader(slot.card) for slot in s.game.players[player].leaders)


def _why_not(s: S, a: Action) -> str | None:
    assert isinstance(a, SacrificeLeader)
    player = first_over_limit(s)
    if all(slot.card != a.card for slot in s.game.players[player].leaders):
        return f"#{a.card} is not a leader in the row of player {player}, who must sacrifice"
    return None


def _perform(s: S, a: Action) -> S:
    assert isinstance(a, SacrificeLeader)
    s = remove_to_underworld(s, a.card)
    if any(over_limit(s.game, i) for i in range(len(s.game.players))):
        return s
    resume = s.game.resume
    assert resume is not None
    return fire(s.evolve(game=replace(s.game, resume=None)), f"resume:{resume}")


SACRIFICE_LEADER = Step(
    accepts=(SacrificeLeader,),
    candidates=_candidates,
    why_not=_why_not,
    perform=_perform,
    decider=first_over_limit,
)

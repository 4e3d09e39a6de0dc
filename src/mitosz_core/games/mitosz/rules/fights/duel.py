"""The duel (*párbaj*, 7.5-7.6), steps 7.6.1 and 7.6.2: the challenger and the
challenged. The combat rounds (7.6.3) are in :mod:`.rounds`, the result and the close
(7.6.4-7.6.6) in :mod:`.outcome`. In a duel no troop and no monster as a troop is
summoned (7.5.3).
"""

from __future__ import annotations

from collections.abc import Iterator

from mitosz_core.games.mitosz.actions import Designate
from mitosz_core.games.mitosz.machine import Trigger
from mitosz_core.games.mitosz.rules import S
from mitosz_core.games.mitosz.rules.board import leader_slot
from mitosz_core.games.mitosz.rules.fights.core import ATTACK, DEFEND, fight_of, with_army
from mitosz_core.games.mitosz.rules.fights.declare import challenge_targets, challengers
from mitosz_core.games.mitosz.rules.fights.rounds import begin_rounds
from mitosz_core.games.mitosz.rules.flow import active_player, fire
from mitosz_core.games.mitosz.state import LineName
from mitosz_core.kernel.action import Action
from mitosz_core.kernel.steps import Rule, dispatch
from mitosz_core.kernel.values import replace


def _challenger_candidates(s: S) -> Iterator[Action]:
    for card in challengers(s.game, s.game.active):
        yield Designate(card)


def _challenger_why_not(s: S, a: Designate) -> str | None:
    if a.line is not LineName.FRONT:
        return "a duelist leads no line (7.5.1)"
    if a.card not in challengers(s.game, s.game.active):
        return f"#{a.card} is not an unturned hero of yours that may fight (8.hero, 7.2.3)"
    return None


def _challenger(s: S, a: Designate) -> S:
    fight = with_army(fight_of(s), ATTACK, LineName.FRONT, a.card)
    return fire(s.evolve(game=replace(s.game, fight=fight)), Trigger.NEXT)


CHALLENGER = dispatch(
    (Rule(Designate, _challenger_why_not, _challenger),),
    candidates=_challenger_candidates,
    decider=active_player,
)
"""7.6.1: the challenger."""


def _challenged_candidates(s: S) -> Iterator[Action]:
    for card in challenge_targets(s.game, s.game.active):
        yield Designate(card)


def _challenged_why_not(s: S, a: Designate) -> str | None:
    if a.line is not LineName.FRONT:
        return "a duelist leads no line (7.5.1)"
    if a.card not in challenge_targets(s.game, s.game.active):
        return f"#{a.card} is not an enemy leader in a leader row (7.6.2)"
    return None


def _challenged(s: S, a: Designate) -> S:
    found = leader_slot(s.game, a.card)
    assert found is not None
    fight = replace(with_army(fight_of(s), DEFEND, LineName.FRONT, a.card), defender=found[0])
    s = begin_rounds(s.evolve(game=replace(s.game, fight=fight)))
    return fire(s, Trigger.NEXT)


CHALLENGED = dispatch(
    (Rule(Designate, _challenged_why_not, _challenged),),
    candidates=_challenged_candidates,
    decider=active_player,
)
"""7.6.2: the challenged, an enemy leader in the leader row (a creature that may not
fight may still be challenged, 7.2.3)."""

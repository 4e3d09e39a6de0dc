"""The Mítosz rules wired as data: the one place that names every rule module's answers
to the counter round (6.4.1) and every effect the interpreter leaves to its rule.

Each list below names module-level values the rule modules export
(:mod:`.rules.hooks`); :data:`WIRING` is built from them once, at import, and handed
to the counter round's steps and the interpreter by :mod:`.engine`. No module
registers anything by being imported, so a rule is wired exactly when it is named here;
:func:`~.rules.hooks.wire` refuses two entries for one thing, and the architecture
tests refuse a pending class, a choice purpose or a delegated effect left without one.
"""

from __future__ import annotations

from mitosz_core.games.mitosz.rules import (
    S,
    counter_plays,
    counter_round,
    interpret,
    maneuver_use,
    stealing,
    summoning,
    triggers,
)
from mitosz_core.games.mitosz.rules.fights import combat_maneuvers, outcome
from mitosz_core.games.mitosz.rules.hooks import Wiring, wire
from mitosz_core.games.mitosz.state import Todo

SOURCES = (maneuver_use.SOURCE, counter_plays.SOURCE)
"""What answers in a counter round (6.4.1): maneuvers used (4.6.4), and cards with a
counter or locked effect played (ruling R-6.4.1-responses)."""
RESOLVERS = (summoning.RESOLVES, maneuver_use.RESOLVES)
"""How each kind of pending event resolves (6.3.5, 4.6.5)."""
ANSWERS = (*counter_round.ANSWERS, triggers.ANSWER, stealing.ANSWER)
"""Who answers each choice an effect asks: the counter round's own (discard, take back,
search), on-play maneuvers (6.3.7) and stolen cards to attach (5.2); a fight's fear
(7.2.5.2) is its own step's (:data:`.rules.fights.rounds.FIGHT_PURPOSES`)."""
HANDLERS = (*combat_maneuvers.HANDLERS, outcome.RETREAT, stealing.STEAL)
"""The effects the interpreter leaves to their rule (:data:`.rules.interpret.DELEGATED`)."""

WIRING: Wiring = wire(SOURCES, RESOLVERS, ANSWERS, HANDLERS)
"""The tables, built once."""


def apply_todo(s: S, todo: Todo) -> S:
    """Make one queued effect take hold, with :data:`WIRING`'s handlers
    (:func:`.rules.interpret.apply_todo`)."""
    return interpret.apply_todo(s, todo, WIRING.handlers)

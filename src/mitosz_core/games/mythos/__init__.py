"""MYTHOS, the German card game of the Guardians and Chaos, as a ruleset plug-in."""

from __future__ import annotations

from mitosz_core.games.mythos import actions, cards, state
from mitosz_core.games.mythos.engine import RULESET, MythosRuleset
from mitosz_core.kernel.registry import register
from mitosz_core.kernel.values import pickle_by_fields

register(RULESET)
# the game's values pickle and copy in the compiled build too (no change in the pure one)
pickle_by_fields([*vars(state).values(), *vars(actions).values(), *vars(cards).values()])

__all__ = ["RULESET", "MythosRuleset"]

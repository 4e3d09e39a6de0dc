"""Mítosz 1.1.2, the Hungarian collectible card game, as a ruleset plug-in."""

from __future__ import annotations

from mitosz_core.games.mitosz import actions, state
from mitosz_core.games.mitosz.effects import language
from mitosz_core.games.mitosz.engine import RULESET, MitoszRuleset
from mitosz_core.kernel.registry import register
from mitosz_core.kernel.values import pickle_by_fields

register(RULESET)
# the game's values pickle and copy in the compiled build too (no change in the pure one)
pickle_by_fields([*vars(state).values(), *vars(actions).values(), *vars(language).values()])

__all__ = ["RULESET", "MitoszRuleset"]

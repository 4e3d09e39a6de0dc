"""Mítosz 1.1.2, the Hungarian collectible card game, as a ruleset plug-in."""

from __future__ import annotations

from mitosz_core.games.mitosz.engine import RULESET, MitoszRuleset
from mitosz_core.kernel.registry import register

register(RULESET)

__all__ = ["RULESET", "MitoszRuleset"]

"""Mítosz 1.1.2, the Hungarian collectible card game, as a ruleset plug-in."""

from __future__ import annotations

from mitosz_core.kernel.registry import register
from mitosz_core.rulesets.mitosz.engine import RULESET, MitoszRuleset

register(RULESET)

__all__ = ["RULESET", "MitoszRuleset"]

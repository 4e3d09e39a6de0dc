"""MYTHOS, the German card game of the Guardians and Chaos, as a ruleset plug-in."""

from __future__ import annotations

from mitosz_core.kernel.registry import register
from mitosz_core.rulesets.mythos.engine import RULESET, MythosRuleset

register(RULESET)

__all__ = ["RULESET", "MythosRuleset"]

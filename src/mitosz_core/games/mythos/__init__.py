"""MYTHOS, the German card game of the Guardians and Chaos, as a ruleset plug-in."""

from __future__ import annotations

from mitosz_core.games.mythos.engine import RULESET, MythosRuleset
from mitosz_core.kernel.registry import register

register(RULESET)

__all__ = ["RULESET", "MythosRuleset"]

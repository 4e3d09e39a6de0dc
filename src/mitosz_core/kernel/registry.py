"""The registry of rulesets: the kernel looks a game up by name and nothing else."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from mitosz_core.errors import UnknownRulesetError

if TYPE_CHECKING:  # the registry sits under the rulesets it holds
    from mitosz_core.kernel.ruleset import Ruleset

_RULESETS: dict[str, Ruleset[Any]] = {}


def register(ruleset: Ruleset[Any]) -> Ruleset[Any]:
    """Add ``ruleset`` under its ``name``; registering the same name twice is an error."""
    existing = _RULESETS.get(ruleset.name)
    if existing is not None and existing is not ruleset:
        raise ValueError(f"a ruleset named {ruleset.name!r} is already registered")
    _RULESETS[ruleset.name] = ruleset
    return ruleset


def get(name: str) -> Ruleset[Any]:
    """The ruleset registered as ``name``."""
    try:
        return _RULESETS[name]
    except KeyError:
        raise UnknownRulesetError(name, tuple(sorted(_RULESETS))) from None


def names() -> tuple[str, ...]:
    """Registered ruleset names, sorted."""
    return tuple(sorted(_RULESETS))

"""The game-agnostic kernel: state, actions, RNG, machine tables, codec and API.

Nothing in this package knows any game's concepts; rulesets plug in through
:class:`~mitosz_core.kernel.ruleset.Ruleset`.
"""

"""mitosz-core: a pure, typed, deterministic rules engine for Mítosz (and MYTHOS).

The whole game API::

    import mitosz_core as mc

    state = mc.new_game("mitosz", seed=7)
    while not state.is_over:
        state = mc.apply(state, mc.legal_actions(state)[0])
"""

from __future__ import annotations

from mitosz_core import games as _games  # noqa: F401
from mitosz_core.errors import (
    ActionIndexError,
    CardDataError,
    ConfigError,
    ConfigTypeError,
    DeckError,
    DecodeError,
    HistoryError,
    IllegalActionError,
    MachineError,
    MitoszError,
    NotAvailableError,
    ReplayError,
    ReplayMismatchError,
    UnknownRulesetError,
)
from mitosz_core.games import mitosz as _mitosz  # noqa: F401  (registers the ruleset)
from mitosz_core.games import mythos as _mythos  # noqa: F401  (registers the ruleset)
from mitosz_core.kernel.action import Action, Decision
from mitosz_core.kernel.actionspace import ActionSpace
from mitosz_core.kernel.api import (
    ReplayReport,
    action_from_json,
    action_space,
    actions_from_json,
    apply,
    is_legal,
    is_settled,
    legal_actions,
    max_game_length,
    new_game,
    observe,
    replay,
    replay_from,
    replay_report,
    returns,
    rulesets,
    sample_state,
    state_digest,
    turn_phase,
    utility_range,
)
from mitosz_core.kernel.history import arrange
from mitosz_core.kernel.limits import Limits, current_limits, use_limits
from mitosz_core.kernel.state import DeckEntry, DeckList, GameConfig, State
from mitosz_core.kernel.view import Bot, PlayerView, view
from mitosz_core.render import svg as _svg  # noqa: F401  (lets a State draw itself)

__version__ = "0.1.0"

__all__ = [
    "Action",
    "ActionIndexError",
    "ActionSpace",
    "Bot",
    "CardDataError",
    "ConfigError",
    "ConfigTypeError",
    "Decision",
    "DeckEntry",
    "DeckError",
    "DeckList",
    "DecodeError",
    "GameConfig",
    "HistoryError",
    "IllegalActionError",
    "Limits",
    "MachineError",
    "MitoszError",
    "NotAvailableError",
    "PlayerView",
    "ReplayError",
    "ReplayMismatchError",
    "ReplayReport",
    "State",
    "UnknownRulesetError",
    "__version__",
    "action_from_json",
    "action_space",
    "actions_from_json",
    "apply",
    "arrange",
    "current_limits",
    "is_legal",
    "is_settled",
    "legal_actions",
    "max_game_length",
    "new_game",
    "observe",
    "replay",
    "replay_from",
    "replay_report",
    "returns",
    "rulesets",
    "sample_state",
    "state_digest",
    "turn_phase",
    "use_limits",
    "utility_range",
    "view",
]

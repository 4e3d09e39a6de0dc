"""The MYTHOS rules, one module per rulebook section.

Each function names the section it implements, e.g. ``(06.3)``; the rule registry
``specs/rules/mythos.yaml`` lists the tests that check it and ``specs/rulings-mythos.yaml``
the decisions taken where the rulebook is silent or contradicts itself.
"""

from __future__ import annotations

from mitosz_core.games.mythos.state import Game
from mitosz_core.kernel.state import State

S = State[Game]
"""A MYTHOS game state."""

"""The Mítosz rules, one module per rule chapter or card type.

Each function names the rule paragraph it implements, e.g. ``(3.4.2)``; the rule
registry ``specs/rules/mitosz-1.1.2.yaml`` lists the tests that check it.
"""

from __future__ import annotations

from mitosz_core.games.mitosz.state import Game
from mitosz_core.kernel.state import State

S = State[Game]
"""A Mítosz game state."""

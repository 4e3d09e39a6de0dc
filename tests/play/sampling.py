"""Whether each ruleset can sample determinizations (``sample_state``), which the
heuristic and search bots need: their tests are skipped, saying so, for a ruleset that
cannot yet."""

from __future__ import annotations

import pytest

import mitosz_core as mc
from mitosz_core.bots import sampling_available

SAMPLING = {name: sampling_available(mc.new_game(name, seed=0)) for name in mc.rulesets()}


def needs_sampling(ruleset: str) -> pytest.MarkDecorator:
    """Skip a test of a searching bot on ``ruleset`` if it has no ``sample_state``."""
    return pytest.mark.skipif(
        not SAMPLING[ruleset], reason=f"{ruleset} cannot sample determinizations yet"
    )

"""A state OpenSpiel's ``deserialize_state`` resumed pickles, deep-copies and
round-trips through JSON, and so does every state played on from it (issue 33, item 1:
the fourth source of the property in ``tests/properties/test_pickling.py``)."""

from __future__ import annotations

import copy
import pickle

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

pyspiel = pytest.importorskip("pyspiel")

import mitosz_core as mc  # noqa: E402
from mitosz_core.adapters import openspiel  # noqa: E402
from tests.properties.test_pickling import _play, check_copies  # noqa: E402

assert openspiel.DEFAULTS  # importing the adapter registers its games


@settings(suppress_health_check=[HealthCheck.too_slow], deadline=None, max_examples=12)
@given(
    ruleset=st.sampled_from(("mitosz", "mythos")),
    seed=st.integers(0, 2**16),
    steps=st.integers(0, 40),
)
def test_a_deserialized_openspiel_state_pickles(ruleset: str, seed: int, steps: int) -> None:
    game = pyspiel.load_game(f"python_{ruleset}", {"players": 2})
    played = _play(mc.new_game(ruleset, seed=seed), steps, seed)
    resumed = game.deserialize_state(played.to_json())
    check_copies(resumed.state, seed)
    assert pickle.loads(pickle.dumps(resumed)).state == resumed.state
    assert copy.deepcopy(resumed).state == resumed.state
    if not resumed.is_terminal():
        resumed.apply_action(resumed.legal_actions()[0])
        check_copies(resumed.state, seed)

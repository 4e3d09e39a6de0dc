"""Pickling and copying states (issue: Hardening).

Reproducer of an outside fuzzing campaign: pickle and deepcopy of a state raised a
``RecursionError`` once its history held about 200 decisions (the log is a cons list), so
``multiprocessing`` could not return a finished game.
"""

from __future__ import annotations

import copy
import pickle
import random
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import pytest

import mitosz_core as mc
from mitosz_core.games.mitosz.actions import Pass
from mitosz_core.kernel.action import Decision, Log
from tests.helpers import play_random


def _long_log(size: int = 10_000) -> Log:
    log = Log.EMPTY
    for i in range(size):
        log = log.append(Decision(i % 3, Pass(), auto=i % 5 == 0))
    return log


def _mid_game(ruleset: str, seed: int, decisions: int) -> mc.State[Any]:
    """A game played at random until its history holds ``decisions`` decisions."""
    state = mc.new_game(ruleset, seed=seed)
    rng = random.Random(seed)
    while len(state.history) < decisions and not state.is_over:
        state = mc.apply(state, rng.choice(mc.legal_actions(state)))
    return state


def test_log_of_10000_decisions_pickles_and_deep_copies() -> None:
    log = _long_log()
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        again = pickle.loads(pickle.dumps(log, protocol))
        assert again == log and len(again) == 10_000
    copied = copy.deepcopy(log)
    assert copied == log and copied.as_tuple() == log.as_tuple()
    assert copy.copy(log) is log
    assert pickle.loads(pickle.dumps(Log.EMPTY)) == Log.EMPTY


def test_state_with_a_10000_decision_history_pickles_and_deep_copies() -> None:
    state = mc.new_game(seed=1)
    long = state.evolve(_log=_long_log())
    assert pickle.loads(pickle.dumps(long)) == long
    assert copy.deepcopy(long) == long


@pytest.mark.parametrize(("ruleset", "seed"), [("mitosz", 11), ("mythos", 2)])
def test_mid_game_state_round_trips_through_pickle_and_deepcopy(ruleset: str, seed: int) -> None:
    state = _mid_game(ruleset, seed, decisions=220)
    assert len(state.history) >= 220 and not state.is_over
    for again in (pickle.loads(pickle.dumps(state)), copy.deepcopy(state)):
        assert again == state
        assert again.to_json() == state.to_json()
        assert mc.legal_actions(again) == mc.legal_actions(state)
        if not state.is_over:
            action = mc.legal_actions(state)[0]
            assert mc.apply(again, action) == mc.apply(state, action)


def _finished_game(seed: int) -> mc.State[Any]:
    return play_random(mc.new_game(seed=seed), seed=seed)


def test_a_worker_process_can_return_a_finished_game() -> None:
    with ProcessPoolExecutor(max_workers=1) as pool:
        state = pool.submit(_finished_game, 8).result(timeout=300)
    assert state.is_over and len(state.history) > 200
    assert state == _finished_game(8)

"""The adapters default to the candidate encoding (OpenSpiel, PettingZoo, Gymnasium),
keep the flat one as ``action_encoding="flat"``, carry a decision split by the overflow
rule through their state and serialization, and refuse bad input as the core does."""

from __future__ import annotations

import random
from typing import Any

import pytest

np = pytest.importorskip("numpy", reason="the adapters need the extra mitosz-core[rl]")

pyspiel = pytest.importorskip("pyspiel")
pytest.importorskip("pettingzoo")

import mitosz_core as mc  # noqa: E402
from mitosz_core.adapters import openspiel  # noqa: E402
from mitosz_core.adapters.candidates import (  # noqa: E402
    CANDIDATES,
    CandidateEncoding,
    Group,
    encoding,
)
from mitosz_core.adapters.gymnasium import MitoszGymEnv  # noqa: E402
from mitosz_core.adapters.pettingzoo import env  # noqa: E402


@pytest.mark.parametrize("ruleset", ["mitosz", "mythos"])
def test_openspiel_defaults_to_k_candidates(ruleset: str) -> None:
    game = pyspiel.load_game(f"python_{ruleset}")
    k = CANDIDATES[ruleset]
    assert game.num_distinct_actions() == k
    state = game.new_initial_state()
    state.apply_action(3)
    mask = state.legal_actions_mask()
    assert len(mask) == k
    legal = state.legal_actions()
    assert [i for i, m in enumerate(mask) if m] == legal == list(range(len(legal)))
    features = state.candidate_tensor()
    enc = encoding(ruleset)
    assert features.shape == (k, enc.width)
    assert features[: len(legal)].any(axis=1).all() and not features[len(legal) :].any()
    assert state.action_to_string(state.current_player(), 0)


def test_openspiel_flat_encoding_is_opt_in() -> None:
    game = pyspiel.load_game("python_mythos", {"action_encoding": "flat"})
    assert game.num_distinct_actions() == mc.action_space("mythos").num_distinct_actions
    state = game.new_initial_state()
    state.apply_action(3)
    assert state.legal_actions() == list(mc.action_space("mythos").legal_indices(state.state))
    with pytest.raises(pyspiel.SpielError, match="action_encoding"):
        pyspiel.load_game("python_mythos", {"action_encoding": "dense"})


def test_openspiel_carries_an_overflowing_decision_through_serialization() -> None:
    """A game whose encoding has room for 2 candidates (the overflow rule at work on the
    built-in decks): a group chosen stays in the state, its string and its
    serialization, and the member chosen next is the action applied."""
    game = openspiel.MitoszGame({"players": 2}, "mythos")
    game.candidates = CandidateEncoding("mythos", size=2)
    state = game.new_initial_state()
    state.apply_action(0)
    while len(state.legal_actions()) < 2 or not isinstance(
        game.candidates.options(state.state)[0], Group
    ):
        state.apply_action(state.legal_actions()[-1])
    engine = state.state
    me = state.current_player()
    state.apply_action(0)
    assert state.path == (0,) and state.state == engine and state.current_player() == me
    assert "candidates chosen: 0" in state.information_state_string(me)
    again = game.deserialize_state(state.serialize())
    assert again.path == (0,) and again.state == engine
    assert again.legal_actions() == state.legal_actions()
    while state.path:
        state.apply_action(0)
    assert len(state.state.history) > len(engine.history)


@pytest.mark.parametrize("ruleset", ["mitosz", "mythos"])
def test_pettingzoo_spaces_are_k_candidates(ruleset: str) -> None:
    e = env(ruleset)
    k = CANDIDATES[ruleset]
    agent = e.possible_agents[0]
    actions: Any = e.action_space(agent)
    assert actions.n == k
    space: Any = e.observation_space(agent)
    assert set(space.spaces) == {"observation", "action_mask", "candidates"}
    assert space["action_mask"].shape == (k,) and space["action_mask"].dtype == np.int8
    box = space["candidates"]
    assert box.shape == (k, encoding(ruleset).width) and box.dtype == np.float32
    assert np.isfinite(box.low).all() and np.isfinite(box.high).all()
    e.reset(seed=1)
    obs = e.observe(e.agent_selection)
    assert space.contains(obs)
    flat = env(ruleset, action_encoding="flat")
    flat_actions: Any = flat.action_space(agent)
    flat_space: Any = flat.observation_space(agent)
    assert flat_actions.n == mc.action_space(ruleset).num_distinct_actions
    assert set(flat_space.spaces) == {"observation", "action_mask"}


@pytest.mark.parametrize("ruleset", ["mitosz", "mythos"])
def test_gymnasium_defaults_to_candidates_and_exposes_action_masks(ruleset: str) -> None:
    gym_env = MitoszGymEnv(ruleset)
    k = CANDIDATES[ruleset]
    assert gym_env.action_space.n == k
    obs, _ = gym_env.reset(seed=5)
    assert gym_env.observation_space.contains(obs)
    assert np.array_equal(gym_env.action_masks(), obs["action_mask"])
    rng = random.Random(5)
    done = False
    while not done:
        legal = np.flatnonzero(gym_env.action_masks())
        obs, reward, over, truncated, info = gym_env.step(int(rng.choice(legal)))
        assert "illegal" not in info
        done = over or truncated
    assert reward in (-1.0, 0.0, 1.0)
    flat = MitoszGymEnv(ruleset, action_encoding="flat")
    assert flat.action_space.n == mc.action_space(ruleset).num_distinct_actions


def test_openspiel_candidate_tensor_refuses_a_player_who_is_not_seated() -> None:
    game = pyspiel.load_game("python_mythos")
    state: Any = game.new_initial_state()
    state.apply_action(1)
    with pytest.raises(pyspiel.SpielError, match="no player"):
        state.candidate_tensor(2)

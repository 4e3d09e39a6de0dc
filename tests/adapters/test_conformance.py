"""The adapters pass their ecosystems' conformance tests, for both rulesets: PettingZoo's
api_test and seed_test, OpenSpiel's random_sim_test (with serialization), Gymnasium's
env checker (issue: the AI and RL interface). Sized to run in CI in about a minute."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest

np = pytest.importorskip("numpy", reason="the adapters need the extra mitosz-core[rl]")

pettingzoo_test = pytest.importorskip("pettingzoo.test")
pyspiel = pytest.importorskip("pyspiel")
env_checker = pytest.importorskip("gymnasium.utils.env_checker")

import mitosz_core as mc  # noqa: E402
from mitosz_core.adapters import openspiel, tensors  # noqa: E402
from mitosz_core.adapters.gymnasium import MitoszGymEnv  # noqa: E402
from mitosz_core.adapters.pettingzoo import env  # noqa: E402

CYCLES = {"mitosz": 10, "mythos": 100}


@pytest.mark.parametrize("ruleset", ["mitosz", "mythos"])
def test_pettingzoo_api_and_seed_tests(ruleset: str) -> None:
    pettingzoo_test.api_test(env(ruleset), num_cycles=CYCLES[ruleset])
    pettingzoo_test.seed_test(lambda: env(ruleset), num_cycles=CYCLES[ruleset])


def test_pettingzoo_api_test_with_the_flat_encoding() -> None:
    """The flat encoding (opt-in) on MYTHOS, whose masks are small enough for CI."""
    pettingzoo_test.api_test(env("mythos", action_encoding="flat"), num_cycles=CYCLES["mythos"])


def test_openspiel_random_sim_test_with_serialization_flat() -> None:
    """The flat encoding (opt-in) on MYTHOS: a Mítosz mask of 46 million entries takes a
    minute a game in ``random_sim_test``."""
    game = pyspiel.load_game("python_mythos", {"action_encoding": "flat"})
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


@pytest.mark.parametrize("ruleset", ["mitosz", "mythos"])
def test_openspiel_random_sim_test_20_games_with_serialization_under_a_minute(
    ruleset: str,
) -> None:
    game = pyspiel.load_game(f"python_{ruleset}")
    start = time.process_time()
    pyspiel.random_sim_test(game, num_sims=20, serialize=True, verbose=False)
    assert time.process_time() - start < 60


def test_openspiel_game_declares_chance_and_its_sizes() -> None:
    game = pyspiel.load_game("python_mitosz", {"players": 3, "action_encoding": "flat"})
    kind = game.get_type()
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert game.num_players() == 3
    assert game.num_distinct_actions() == mc.action_space("mitosz").num_distinct_actions
    assert game.max_game_length() == mc.max_game_length("mitosz")
    candidates = pyspiel.load_game("python_mitosz", {"players": 3})
    assert candidates.num_distinct_actions() == 128
    assert candidates.max_game_length() == 2 * mc.max_game_length("mitosz")
    state = game.new_initial_state()
    assert state.is_chance_node() and len(state.chance_outcomes()) == openspiel.CHANCE_SEEDS
    state.apply_action(123)
    assert state.state == mc.new_game("mitosz", seed=123, players=3)
    again = game.deserialize_state(state.serialize())
    assert again.state == state.state
    assert np.array_equal(
        state.information_state_tensor(0), tensors.information_state_tensor(state.state, 0)
    )


@pytest.mark.parametrize("ruleset", ["mitosz", "mythos"])
def test_gymnasium_env_checker_and_an_episode(ruleset: str) -> None:
    gym_env = MitoszGymEnv(ruleset)
    env_checker.check_env(gym_env, skip_render_check=True)
    if ruleset == "mythos":  # the flat encoding (opt-in); a Mítosz mask is 46 MB
        env_checker.check_env(MitoszGymEnv(ruleset, action_encoding="flat"), skip_render_check=True)
    obs, _ = gym_env.reset(seed=3)
    rng = random.Random(3)
    done = False
    reward = 0.0
    while not done:
        legal = np.flatnonzero(obs["action_mask"])
        obs, reward, over, truncated, _ = gym_env.step(int(rng.choice(legal)))
        done = over or truncated
    assert reward in (-1.0, 0.0, 1.0)


@pytest.mark.parametrize(("ruleset", "players"), [("mitosz", 2), ("mitosz", 4), ("mythos", 2)])
def test_tensors_have_one_shape_and_are_finite_in_every_state(ruleset: str, players: int) -> None:
    state = mc.new_game(ruleset, seed=6, players=players)
    rng = random.Random(6)
    while True:
        for player in range(players):
            obs = tensors.observation_tensor(state, player)
            info = tensors.information_state_tensor(state, player)
            assert obs.shape == tensors.shape(ruleset) and obs.dtype == np.float32
            assert info.shape == tensors.shape(ruleset, information_state=True)
            assert np.isfinite(obs).all() and np.isfinite(info).all()
            assert (info[: obs.size] == obs).all()
        if state.is_over:
            break
        state = mc.apply(state, rng.choice(mc.legal_actions(state)))
    layout = tensors.layout(ruleset, information_state=True)
    assert sum(f.size for f in layout) == tensors.shape(ruleset, True)[0]


def test_the_observation_tensor_hides_the_opponents_hand() -> None:
    """Two states that differ only in the opponent's hidden cards give the player the
    same tensors."""
    state = mc.new_game("mitosz", seed=4)
    me = state.to_act or 0
    other: Any = mc.sample_state(state, me, random.Random(1))
    assert other.game.players[1 - me].hand != () and other != state
    assert (tensors.observation_tensor(other, me) == tensors.observation_tensor(state, me)).all()

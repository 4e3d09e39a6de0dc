"""Edge cases found by the hardening campaign, each refused or handled as the
ecosystem's convention says: PettingZoo stepped after the game ends, the tensor
functions given a player who is not seated, ``decode`` given a NumPy integer, and
OpenSpiel's opening chance node given a seed outside its outcomes."""

from __future__ import annotations

import logging

import pytest

np = pytest.importorskip("numpy", reason="the adapters need the extra mitosz-core[rl]")

pyspiel = pytest.importorskip("pyspiel")
pytest.importorskip("pettingzoo")

import mitosz_core as mc  # noqa: E402
from mitosz_core.adapters import openspiel as _registers  # noqa: E402, F401
from mitosz_core.adapters import tensors  # noqa: E402
from mitosz_core.adapters.pettingzoo import env  # noqa: E402
from mitosz_core.errors import ConfigError, ConfigTypeError  # noqa: E402


def test_openspiel_opening_chance_node_refuses_a_seed_outside_its_outcomes() -> None:
    game = pyspiel.load_game("python_mythos", {"chance_seeds": 4})
    state = game.new_initial_state()
    with pytest.raises(pyspiel.SpielError, match="not an outcome"):
        state.apply_action(4)


def test_pettingzoo_stepped_after_the_game_ends_follows_the_dead_agent_convention(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """Once the game is over each agent is stepped with ``None`` (an action is refused
    with PettingZoo's ValueError); a step once no agent is left warns and does nothing,
    as PettingZoo's order-enforcing wrapper does, rather than raise KeyError."""
    e = env("mythos")
    e.reset(seed=1)
    rng = np.random.default_rng(0)
    while not all(e.terminations.values()):
        obs = e.observe(e.agent_selection)
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    with pytest.raises(ValueError, match="only valid action is None"):
        e.step(0)
    while e.agents:
        e.step(None)
    with caplog.at_level(logging.WARNING):
        e.step(None)
        e.step(None)
    assert "after all agents are terminated" in caplog.text
    assert e.agents == []


@pytest.mark.parametrize("function", ["observation_tensor", "information_state_tensor"])
@pytest.mark.parametrize("player", [2, -1])
def test_tensor_functions_refuse_a_player_who_is_not_seated(function: str, player: int) -> None:
    state = mc.new_game("mythos", seed=0)
    with pytest.raises(ConfigError, match=f"no player {player}"):
        getattr(tensors, function)(state, player)
    with pytest.raises(ConfigError, match=f"no player {player}"):
        mc.observe(state, player)


def test_tensor_functions_refuse_a_player_index_that_is_not_an_integer() -> None:
    state = mc.new_game("mythos", seed=0)
    with pytest.raises(ConfigTypeError):
        tensors.observation_tensor(state, True)


def test_decode_takes_numpy_integers() -> None:
    state = mc.new_game("mythos", seed=0)
    space = mc.action_space("mythos")
    index = space.legal_indices(state)[0]
    assert space.decode(state, np.int64(index)) == space.decode(state, index)
    with pytest.raises(mc.ActionIndexError):
        space.decode(state, np.float64(index))

"""The OpenSpiel states answer Python callers without going through pyspiel's C++ (issue:
the AI and RL interface, speed): what they answer must be what pyspiel's own path gives
(``pyspiel.State.<method>(state, ...)`` calls it), in every state from the root chance
node to the end of the game."""

from __future__ import annotations

import random
from typing import Any

import pytest

np = pytest.importorskip("numpy", reason="the adapters need the extra mitosz-core[rl]")

pyspiel = pytest.importorskip("pyspiel")

from mitosz_core.adapters import openspiel  # noqa: E402, F401  (registers the games)


def states(ruleset: str, seed: int) -> list[Any]:
    """The states of one random game, the root chance node first, the end last."""
    game = pyspiel.load_game(f"python_{ruleset}", {"chance_seeds": 50})
    state = game.new_initial_state()
    rng = random.Random(seed)
    seen = [state]
    while not state.is_terminal():
        state = state.child(rng.choice(pyspiel.State.legal_actions(state)))
        seen.append(state)
    return seen


@pytest.mark.parametrize(("ruleset", "seed"), [("mitosz", 1), ("mythos", 2)])
def test_legal_actions_and_tensors_are_pyspiels(ruleset: str, seed: int) -> None:
    for state in states(ruleset, seed):
        assert state.legal_actions() == pyspiel.State.legal_actions(state)
        players = range(state.num_players())
        if state.is_chance_node():
            players = range(-1, state.num_players())  # the chance player too
        for player in players:
            assert state.legal_actions(player) == pyspiel.State.legal_actions(state, player)
        if state.is_chance_node():
            continue
        for player in range(state.num_players()):
            observation = state.observation_tensor(player)
            information = state.information_state_tensor(player)
            assert observation.dtype == information.dtype == np.float32
            assert not observation.flags.writeable
            assert observation.tolist() == pyspiel.State.observation_tensor(state, player)
            assert information.tolist() == pyspiel.State.information_state_tensor(state, player)


def test_legal_actions_of_a_pseudo_player_or_not_an_int_are_refused_as_pyspiel_does() -> None:
    state = states("mythos", 3)[5]
    assert not state.is_chance_node() and not state.is_terminal()
    for call in (pyspiel.State.legal_actions, type(state).legal_actions):
        for pseudo in (pyspiel.PlayerId.CHANCE, pyspiel.PlayerId.TERMINAL):
            with pytest.raises(pyspiel.SpielError, match="pseudo-player"):
                call(state, pseudo)
        with pytest.raises(TypeError):
            call(state, float(state.current_player()))

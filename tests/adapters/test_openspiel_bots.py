"""OpenSpiel's own search bots play whole games through the adapter: ``ISMCTSBot`` with
the adapter's ``resample_from_infostate`` (through ``sample_state``) and ``MCTSBot``
with a random-rollout evaluator, each against a uniform random player. MYTHOS games,
2 simulations a decision, to stay fast in CI."""

from __future__ import annotations

from typing import Any

import pytest

np = pytest.importorskip("numpy", reason="the adapters need the extra mitosz-core[rl]")

pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

from mitosz_core.adapters import openspiel as _registers  # noqa: E402, F401


def _play(game: Any, bot: Any, rng: Any) -> tuple[list[float], int]:
    state = game.new_initial_state()
    state.apply_action(int(rng.randint(game.max_chance_outcomes())))
    decisions = 0
    while not state.is_terminal():
        if state.current_player() == 0:
            action = bot.step(state)
            decisions += 1
        else:
            action = rng.choice(state.legal_actions())
        state.apply_action(int(action))
    return state.returns(), decisions


def test_ismcts_bot_plays_a_whole_game_through_the_resampler() -> None:
    game = pyspiel.load_game("python_mythos")
    rng = np.random.RandomState(0)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=2, random_state=rng)
    returns, decisions = _play(game, bot, rng)
    assert sorted(returns) in ([-1.0, 1.0], [0.0, 0.0]) and decisions > 0


def test_mcts_bot_with_random_rollouts_plays_a_whole_game() -> None:
    game = pyspiel.load_game("python_mythos")
    rng = np.random.RandomState(1)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = mcts.MCTSBot(game, 2.0, 2, evaluator, random_state=rng, solve=False)
    returns, decisions = _play(game, bot, rng)
    assert sorted(returns) in ([-1.0, 1.0], [0.0, 0.0]) and decisions > 0


@pytest.mark.parametrize("ruleset", ["mitosz", "mythos"])
def test_a_resampled_state_has_the_information_state_of_the_original(ruleset: str) -> None:
    game = pyspiel.load_game(f"python_{ruleset}")
    state = game.new_initial_state()
    state.apply_action(11)
    rng = np.random.RandomState(11)
    for _ in range(60):
        if state.is_terminal():
            break
        me = state.current_player()
        sample = state.resample_from_infostate(me, pyspiel.UniformProbabilitySampler(0.0, 1.0))
        assert sample.information_state_string(me) == state.information_state_string(me)
        assert np.array_equal(
            sample.information_state_tensor(me), state.information_state_tensor(me)
        )
        assert sample.legal_actions() == state.legal_actions()
        assert np.array_equal(sample.candidate_tensor(me), state.candidate_tensor(me))
        state.apply_action(int(rng.choice(state.legal_actions())))

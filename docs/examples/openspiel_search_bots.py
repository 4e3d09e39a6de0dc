"""OpenSpiel's own search bots through the adapter: ``ISMCTSBot``, which samples the
hidden cards at every simulation through the state's ``resample_from_infostate``, and
``MCTSBot``, which searches the real state and so sees the hidden cards (a baseline, not a
fair player). Each plays seat 0 of a MYTHOS game against a uniform random seat 1, with a
tiny budget of simulations so that the example runs in seconds."""

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from mitosz_core.adapters import openspiel  # noqa: F401  (registers the games)

SIMULATIONS = 2  # per decision; a real match uses hundreds


def play(game, bot, rng):
    """One game: the bot in seat 0, a uniform random player in seat 1."""
    state = game.new_initial_state()
    state.apply_action(int(rng.randint(game.max_chance_outcomes())))  # the game's seed
    while not state.is_terminal():
        if state.current_player() == 0:
            action = bot.step(state)
        else:
            action = rng.choice(state.legal_actions())
        state.apply_action(int(action))
    returns = state.returns()
    assert sorted(returns) in ([-1.0, 1.0], [0.0, 0.0])  # a win and a loss, or a draw
    return returns


game = pyspiel.load_game("python_mythos")

# ISMCTS: fair. Each simulation starts from a state drawn by resample_from_infostate,
# which keeps everything seat 0 may know and redraws what it may not.
rng = np.random.RandomState(0)
evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
ismcts_bot = ismcts.ISMCTSBot(
    game, evaluator, uct_c=2.0, max_simulations=SIMULATIONS, random_state=rng
)
print("ISMCTS returns:", play(game, ismcts_bot, rng))

# MCTS: searches the true state (hidden cards included): use it as an upper baseline.
rng = np.random.RandomState(1)
evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
mcts_bot = mcts.MCTSBot(
    game,
    uct_c=2.0,
    max_simulations=SIMULATIONS,
    evaluator=evaluator,
    random_state=rng,
    solve=False,
)
print("MCTS returns:", play(game, mcts_bot, rng))

# What the resampler gives: the same information state, other hidden cards.
state = game.new_initial_state()
state.apply_action(3)
me = state.current_player()
sample = state.resample_from_infostate(me, pyspiel.UniformProbabilitySampler(0.0, 1.0))
assert sample.information_state_string(me) == state.information_state_string(me)
assert sample.legal_actions() == state.legal_actions()
print("resampled: same information state for player", me)

"""MCTS on the registered OpenSpiel game that never reads hidden cards: before each
search the root is resampled through ``sample_state`` (determinization), and the visit
counts of the searches are summed."""

import random
from collections import Counter

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts

from mitosz_core import sample_state
from mitosz_core.adapters.openspiel import MitoszState

game = pyspiel.load_game("python_mythos")
state = game.new_initial_state()
state.apply_action(7)  # the chance node draws the game's seed
evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(1))
bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=8, evaluator=evaluator, solve=False)

me = state.current_player()
rng = random.Random(1)
visits: Counter[int] = Counter()
for _ in range(3):  # three determinizations
    root = MitoszState(game, sample_state(state.state, me, rng))
    tree = bot.mcts_search(root)
    for child in tree.children:
        visits[child.action] += child.explore_count
best = visits.most_common(1)[0][0]
print("chosen:", state.action_to_string(me, best))
state.apply_action(best)

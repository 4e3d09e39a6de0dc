"""A masked random agent in the PettingZoo environment: every seat plays a uniformly
random legal index, read from the observation's action mask."""

import numpy as np

from mitosz_core.adapters.pettingzoo import env

game = env("mythos", render_mode="ansi")
game.reset(seed=42)
rng = np.random.default_rng(42)
final = {}
for agent in game.agent_iter():
    observation, reward, termination, truncation, info = game.last()
    if termination or truncation:
        final[agent] = reward
        action = None
    else:
        action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
    game.step(action)
print(game.render())
print("rewards:", final)
assert sorted(final.values()) in ([-1.0, 1.0], [0.0, 0.0])

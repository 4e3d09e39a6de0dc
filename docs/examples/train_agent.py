"""Train an agent: sb3-contrib's MaskablePPO learns MYTHOS through the Gymnasium wrapper,
first against the random bot, then against the heuristic one, and is evaluated against a
uniform random player (``pip install 'mitosz-core[learn]'``).

The budget comes from the environment: ``TRAIN_STEPS`` (default 8192) steps against the
random bot and a quarter of that against the heuristic one, ``EVALUATE_GAMES`` (default
200) evaluation games.
"""

from __future__ import annotations

import os
from typing import Any

from sb3_contrib import MaskablePPO

from mitosz_core.adapters.gymnasium import MitoszGymEnv
from mitosz_core.bots import HeuristicBot
from mitosz_core.kernel.view import Bot
from mitosz_core.simulate import wilson

RULESET = "mythos"  # or "mitosz": the same script, slower steps
STEPS = int(os.environ.get("TRAIN_STEPS", "8192"))
GAMES = int(os.environ.get("EVALUATE_GAMES", "200"))
DECKS = ("guardians", "chaos")  # the built-in MYTHOS decks


class Schedule(MitoszGymEnv):
    """The Gymnasium wrapper, episode k in seat k % 2 on the game seed 2k + parity (even
    seeds to train, odd ones to evaluate: no evaluation game was seen in training), the
    built-in decks swapping every two episodes (the learner's deck first)."""

    def __init__(self, parity: int, opponent: Bot | None = None) -> None:
        super().__init__(RULESET, players=2, opponent=opponent)
        self.parity = parity
        self.episode = 0

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        k = self.episode
        self.episode += 1
        self.seat = k % 2
        mine, theirs = DECKS if (k // 2) % 2 == 0 else DECKS[::-1]
        decks = (mine, theirs) if self.seat == 0 else (theirs, mine)
        return super().reset(seed=seed, options={"decks": decks, "game_seed": 2 * k + self.parity})


# 1. Train against the random bot (the wrapper's default opponent, seeded each episode).
env = Schedule(parity=0)
model = MaskablePPO("MultiInputPolicy", env, n_steps=min(1024, STEPS), seed=0, device="cpu")
model.learn(STEPS)

# 2. Go on against the heuristic bot, on the next training seeds.
harder = Schedule(parity=0, opponent=HeuristicBot(0))
harder.episode = env.episode
model.set_env(harder)
model.learn(max(64, STEPS // 4), reset_num_timesteps=False)

# 3. Evaluate against a uniform random player: greedy legal actions (the mask), the
#    learner's seat alternating, the decks swapping; a draw or a game stopped at the
#    length limit is a loss.
evaluation = Schedule(parity=1)
wins = 0
for _ in range(GAMES):
    observation, info = evaluation.reset()
    over = truncated = False
    while not (over or truncated):
        masks = evaluation.action_masks()
        action, _state = model.predict(observation, action_masks=masks, deterministic=True)
        observation, reward, over, truncated, info = evaluation.step(int(action))
    assert evaluation.state is not None
    wins += over and evaluation.state.winner == evaluation.seat

low, high = wilson(wins, GAMES)
print(f"{RULESET}: {wins} wins in {GAMES} games against random, 95% [{low:.0%}, {high:.0%}]")

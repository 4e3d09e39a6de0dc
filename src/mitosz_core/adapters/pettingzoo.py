"""A PettingZoo AEC environment for both rulesets (``pip install mitosz-core[rl]``).

Agents are ``player_0`` .. ``player_{n-1}``; the agent selected is the player who
decides. Actions are candidates by default (:mod:`mitosz_core.adapters.candidates`):
the action space is ``Discrete(K)`` (``K`` = 128), an index into the canonical legal
list; a decision with more than ``K`` candidates takes several steps of the same agent
(a group, then a member: the overflow rule). An agent's observation is a dict:
``observation`` (the float32 observation tensor of :mod:`mitosz_core.adapters.tensors`;
read-only, an array over the tensor's packed bytes made without a copy: ``copy()`` it to
change it), ``action_mask`` (int8, ``K`` values, 1 at the legal candidate indices) and
``candidates`` (float32, ``K x F``, the features of each candidate, 0 in the padding
rows); both are all 0 for an agent not deciding. With ``action_encoding="flat"``
actions are the integers of the ruleset's action space and the observation holds
``observation`` and ``action_mask`` only (1 at the legal indices of that space, built
from them by :class:`~mitosz_core.adapters.masks.MaskBuffers`, so it costs time in
proportion to the legal actions, not to the 46 million indices of Mítosz). A step of
an agent whose game is over takes ``None`` (PettingZoo's dead step); a step once no
agent is left warns and does nothing, as PettingZoo's order-enforcing wrapper does.
Rewards are :func:`~mitosz_core.returns` once the game is over
(win 1, loss -1, draw 0), else 0. ``reset(seed=s)`` starts the game of seed ``s``.
``render_mode="ansi"``: :meth:`MitoszEnv.render` returns a short text of the state;
``render_mode="rgb_array"``: the picture of the board as a spectator sees it
(:func:`mitosz_core.render.raster.rgb_array`, which needs the extra
``mitosz-core[png]``), a ``uint8`` array of shape (height, width, 3).
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils.agent_selector import AgentSelector
from pettingzoo.utils.env_logger import EnvLogger

from mitosz_core.adapters import tensors
from mitosz_core.adapters.candidates import Path, encoding
from mitosz_core.adapters.masks import MaskBuffers
from mitosz_core.extras import load
from mitosz_core.kernel.api import (
    action_space,
    apply,
    max_game_length,
    new_game,
    observe,
    returns,
)
from mitosz_core.kernel.rng import SEEDS
from mitosz_core.kernel.state import State
from mitosz_core.render import PNG_EXTRA


class MitoszEnv(AECEnv):  # type: ignore[misc]
    """The AEC environment of one ruleset and player count."""

    metadata: dict[str, Any] = {  # noqa: RUF012  (PettingZoo's class attribute)
        "render_modes": ["ansi", "rgb_array"],
        "name": "mitosz_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        ruleset: str = "mitosz",
        players: int = 2,
        render_mode: str | None = None,
        action_encoding: str = "candidates",
    ) -> None:
        super().__init__()
        if action_encoding not in ("candidates", "flat"):
            raise ValueError(
                f"action_encoding must be 'candidates' or 'flat', got {action_encoding!r}"
            )
        if render_mode not in (None, "ansi", "rgb_array"):
            raise ValueError(
                f"render_mode must be None, 'ansi' or 'rgb_array', got {render_mode!r}"
            )
        self._raster = (
            load("mitosz_core.render.raster", PNG_EXTRA) if render_mode == "rgb_array" else None
        )
        self.ruleset = ruleset
        self.players = players
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": f"{ruleset}_v0"}
        self.space = action_space(ruleset)
        self.possible_agents = [f"player_{i}" for i in range(players)]
        self.candidates = encoding(ruleset) if action_encoding == "candidates" else None
        """The candidate encoding (``None`` with the flat one)."""
        self.path: Path = ()
        """The candidate groups chosen so far in the decision (the overflow rule)."""
        size = (
            self.candidates.size if self.candidates is not None else self.space.num_distinct_actions
        )
        entries: dict[str, spaces.Space[Any]] = {
            "observation": spaces.Box(
                low=-10.0, high=1000.0, shape=tensors.shape(ruleset), dtype=np.float32
            ),
            "action_mask": spaces.Box(low=0, high=1, shape=(size,), dtype=np.int8),
        }
        if self.candidates is not None:
            entries["candidates"] = spaces.Box(
                low=0.0,
                high=1.0,
                shape=(self.candidates.size, self.candidates.width),
                dtype=np.float32,
            )
        self._obs_space = spaces.Dict(entries)
        self._act_space = spaces.Discrete(size)
        self._seeds = random.Random()
        self.state: State[Any] | None = None
        self._masks = MaskBuffers(size)
        self._memo = tensors.TensorMemo()
        self._limit = max_game_length(ruleset, players)

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._obs_space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._act_space

    def _index(self, agent: str) -> int:
        return self.possible_agents.index(agent)

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._seeds.seed(seed)
        game_seed = seed % SEEDS if seed is not None else self._seeds.randrange(SEEDS)
        self.state = new_game(self.ruleset, seed=game_seed, players=self.players)
        self.path = ()
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._selector = AgentSelector(self.agents)
        self._select()

    def _select(self) -> None:
        assert self.state is not None
        if self.state.to_act is not None:
            self.agent_selection = self.possible_agents[self.state.to_act]

    def observe(self, agent: str) -> dict[str, Any]:
        assert self.state is not None
        player = self._index(agent)
        deciding = self.state.to_act == player and not self.state.is_over
        # read-only, over the tensor's packed bytes (no copy)
        observation = np.frombuffer(
            tensors.observation_bytes(self.state, player, self._memo), dtype=np.float32
        )
        if self.candidates is not None:
            return {
                "observation": observation,
                "action_mask": self.candidates.mask(self.state, self.path)
                if deciding
                else np.zeros(self.candidates.size, np.int8),
                "candidates": self.candidates.features(self.state, player, self.path),
            }
        legal = self.space.legal_indices(self.state) if deciding else ()
        return {"observation": observation, "action_mask": self._masks.mask(legal)}

    def step(self, action: int | None) -> None:
        if not self.agents:
            EnvLogger.warn_step_after_terminated_truncated()
            return
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        assert self.state is not None
        if action is None:
            raise ValueError(f"{agent} decides now: None is a dead agent's action only")
        if self.candidates is not None:
            chosen, self.path = self.candidates.choose(self.state, self.path, action)
            if chosen is None:  # a group of candidates: the same agent chooses again
                return
            self.state = apply(self.state, chosen)
        else:
            self.state = apply(self.state, self.space.decode(self.state, int(action)))
        self._cumulative_rewards[agent] = 0.0
        if self.state.is_over:
            result = returns(self.state)
            for i, name in enumerate(self.possible_agents):
                self.rewards[name] = result[i]
                self.terminations[name] = True
            self.agent_selection = self._selector.next()
            self._accumulate_rewards()
        else:
            # every reward is 0 until the game is over (as reset() made them; only the
            # end sets others), and so is every cumulative reward: accumulating them,
            # or making the rewards anew, would change nothing
            # the log's length, without building the history's tuple of every decision
            truncated = self.state.decision_count >= self._limit
            if truncated:
                self.truncations = dict.fromkeys(self.agents, True)
            self._select()
        if self.render_mode == "ansi":
            self.render()

    def render(self) -> str | np.ndarray[Any, np.dtype[np.uint8]] | None:
        if self.render_mode is None or self.state is None:
            return None
        if self._raster is not None:
            picture: np.ndarray[Any, np.dtype[np.uint8]] = self._raster.rgb_array(self.state)
            return picture
        obs = observe(self.state, self.state.to_act or 0)
        lines = [f"{self.ruleset}: turn {obs['turn']}, {obs['phase']}, to act: {obs['to_act']}"]
        for i, p in enumerate(obs["players"]):
            keys = ("power", "life", "deck_size", "hand_size")
            shown = ", ".join(f"{k} {p[k]}" for k in keys if k in p)
            lines.append(f"  player {i}: {shown}")
        if self.state.is_over:
            lines.append(f"  over: winner {self.state.winner}")
        return "\n".join(lines)

    def close(self) -> None:
        pass


def env(
    ruleset: str = "mitosz",
    players: int = 2,
    render_mode: str | None = None,
    action_encoding: str = "candidates",
) -> MitoszEnv:
    """A new :class:`MitoszEnv`."""
    return MitoszEnv(ruleset, players, render_mode, action_encoding)

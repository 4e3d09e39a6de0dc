"""A Gymnasium single-agent environment: one player against a chosen bot
(``pip install mitosz-core[rl]``).

The agent plays seat ``seat``; every other seat is played by ``opponent``, a
:class:`~mitosz_core.Bot` that decides from its :class:`~mitosz_core.PlayerView` only
(by default a random bot seeded with each episode, so an episode is reproducible from
the seed given to ``reset``). Actions are candidates by default, as in the PettingZoo
environment: ``Discrete(K)``, an index into the canonical legal list (a decision with
more than ``K`` candidates takes several steps: the overflow rule); observations are
dicts of the observation tensor, the action mask (``K`` int8 values) and the
candidates' ``K x F`` features; :meth:`MitoszGymEnv.action_masks` gives the mask, as
sb3-contrib's ``MaskablePPO`` reads it. With ``action_encoding="flat"`` actions are
integers of the ruleset's action space and observations hold the observation tensor
and the action mask only. The reward is the agent's :func:`~mitosz_core.returns` at the
end; an episode is truncated at the ruleset's maximum game length. An index that names
no legal action (which a masked agent never plays) ends the episode as a loss, with
``info["illegal"]``, and leaves the game as it was. ``reset`` takes the decks and the
game's seed as ``options`` (``{"decks": [...], "game_seed": n}``), so that a training or
an evaluation can rotate the decks and keep its seeds apart.
"""

from __future__ import annotations

import random
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from mitosz_core.adapters import tensors
from mitosz_core.adapters.candidates import Path, encoding
from mitosz_core.adapters.masks import MaskBuffers
from mitosz_core.kernel.action import Action
from mitosz_core.kernel.api import (
    action_space,
    apply,
    max_game_length,
    new_game,
    returns,
    utility_range,
)
from mitosz_core.kernel.rng import SEEDS
from mitosz_core.kernel.state import State
from mitosz_core.kernel.view import Bot, PlayerView, view

RESET_OPTIONS = frozenset({"decks", "game_seed"})
"""The keys :meth:`MitoszGymEnv.reset` reads from its ``options``."""


class RandomViewBot:
    """Plays uniformly among the legal actions of its view, from its own seed."""

    def __init__(self, seed: int = 0) -> None:
        self._rng = random.Random(seed)

    def choose(self, view: PlayerView) -> Action:
        return self._rng.choice(view.legal_actions)


class MitoszGymEnv(gymnasium.Env[dict[str, Any], int]):
    """One seat of a game against ``opponent``."""

    metadata: dict[str, Any] = {"render_modes": ["ansi"]}  # noqa: RUF012

    def __init__(
        self,
        ruleset: str = "mitosz",
        players: int = 2,
        seat: int = 0,
        opponent: Bot | None = None,
        render_mode: str | None = None,
        action_encoding: str = "candidates",
    ) -> None:
        if action_encoding not in ("candidates", "flat"):
            raise ValueError(
                f"action_encoding must be 'candidates' or 'flat', got {action_encoding!r}"
            )
        self.ruleset = ruleset
        self.players = players
        self.seat = seat
        self._default_opponent = opponent is None
        self.opponent: Bot = opponent if opponent is not None else RandomViewBot()
        self.render_mode = render_mode
        self.space = action_space(ruleset)
        self.candidates = encoding(ruleset) if action_encoding == "candidates" else None
        """The candidate encoding (``None`` with the flat one)."""
        self.path: Path = ()
        """The candidate groups chosen so far in the decision (the overflow rule)."""
        size = (
            self.candidates.size if self.candidates is not None else self.space.num_distinct_actions
        )
        entries: dict[str, spaces.Space[Any]] = {
            "observation": spaces.Box(-10.0, 1000.0, tensors.shape(ruleset), np.float32),
            "action_mask": spaces.Box(0, 1, (size,), np.int8),
        }
        if self.candidates is not None:
            entries["candidates"] = spaces.Box(
                0.0, 1.0, (self.candidates.size, self.candidates.width), np.float32
            )
        self.observation_space = spaces.Dict(entries)
        self.action_space: spaces.Discrete = spaces.Discrete(size)  # type: ignore[assignment]
        self.state: State[Any] | None = None
        self._masks = MaskBuffers(size)
        self._memo = tensors.TensorMemo()
        self._limit = max_game_length(ruleset, players)

    def _others(self, state: State[Any]) -> State[Any]:
        """Let the bot play until the agent decides or the game ends."""
        while not state.is_over and state.to_act != self.seat:
            state = apply(state, self.opponent.choose(view(state)))
        return state

    def action_masks(self) -> npt.NDArray[np.int8]:
        """The action mask of the current decision (sb3-contrib's ``MaskablePPO`` reads
        it): 1 at the legal indices."""
        assert self.state is not None
        if self.candidates is not None:
            if self.state.is_over:
                return np.zeros(self.candidates.size, np.int8)
            return self.candidates.mask(self.state, self.path)
        legal = () if self.state.is_over else self.space.legal_indices(self.state)
        return self._masks.mask(legal)

    def _observation(self) -> dict[str, Any]:
        assert self.state is not None
        if self.candidates is not None:
            return {
                "observation": tensors.observation_tensor(self.state, self.seat, memo=self._memo),
                "action_mask": self.action_masks(),
                "candidates": self.candidates.features(self.state, self.seat, self.path),
            }
        legal = () if self.state.is_over else self.space.legal_indices(self.state)
        return {
            "observation": tensors.observation_tensor(self.state, self.seat, memo=self._memo),
            "action_mask": self._masks.mask(legal),
        }

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        """Start an episode. ``options`` may hold ``decks`` (one per player: built-in deck
        names, deck files or deck lists, as :func:`~mitosz_core.new_game` takes them; by
        default the ruleset's built-in decks) and ``game_seed`` (the game's seed, in
        [0, 2**64); by default drawn from the episode's seed). Any other key is refused
        with a ``ValueError`` that names it."""
        super().reset(seed=seed)
        options = dict(options or {})
        unknown = sorted(set(options) - RESET_OPTIONS)
        if unknown:
            raise ValueError(
                f"unknown reset option(s) {', '.join(map(repr, unknown))}; "
                f"expected {' or '.join(sorted(RESET_OPTIONS))}"
            )
        game_seed = int(self.np_random.integers(0, SEEDS, dtype=np.uint64))
        if options.get("game_seed") is not None:
            chosen = options["game_seed"]  # NumPy integers as Python ones; new_game checks it
            game_seed = int(chosen) if isinstance(chosen, np.integer) else chosen
        if self._default_opponent:  # the default bot is seeded with the episode
            self.opponent = RandomViewBot(int(self.np_random.integers(0, 2**63)))
        self.path = ()
        decks = options.get("decks")
        game = new_game(
            self.ruleset,
            decks=None if decks is None else list(decks),
            seed=game_seed,
            players=self.players,
        )
        self.state = self._others(game)
        return self._observation(), {}

    def step(self, action: int) -> tuple[dict[str, Any], float, bool, bool, dict[str, Any]]:
        assert self.state is not None
        index = int(action)
        if self.candidates is not None:
            legal = index in self.candidates.indices(self.state, self.path)
        else:
            legal = index in self.space.legal_table(self.state)
        if not legal:
            low, _ = utility_range(self.ruleset)
            return self._observation(), low, True, False, {"illegal": index}
        if self.candidates is not None:
            chosen, self.path = self.candidates.choose(self.state, self.path, index)
            if chosen is None:  # a group of candidates: the agent chooses again
                return self._observation(), 0.0, False, False, {}
        else:
            chosen = self.space.decode(self.state, index)
        self.state = self._others(apply(self.state, chosen))
        over = self.state.is_over
        reward = returns(self.state)[self.seat] if over else 0.0
        # the log's length, without building the history's tuple of every decision
        truncated = not over and self.state.decision_count >= self._limit
        return self._observation(), reward, over, truncated, {}

    def render(self) -> str | None:
        if self.render_mode != "ansi" or self.state is None:
            return None
        return f"{self.ruleset}: turn {self.state.turn}, {self.state.phase}"

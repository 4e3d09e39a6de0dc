"""An off-the-shelf learner learns: sb3-contrib's ``MaskablePPO`` (torch on CPU) trained
through the Gymnasium wrapper (``pip install mitosz-core[learn]``)::

    python -m mitosz_core.adapters.learn [--ruleset R] [--random-steps N]
        [--heuristic-steps N] [--games N] [--jobs N] [--rst FILE]

The learner's policy scores each candidate action by one small network over the
candidate's feature row and the embedded observation (:class:`CandidatePolicy`). For
each ruleset the learner plays one seat of a 2-player game against a fixed opponent:
first the uniformly random bot for ``--random-steps`` steps, then the heuristic bot
(:class:`~mitosz_core.bots.HeuristicBot`) for ``--heuristic-steps``. It is then evaluated
against the uniformly random bot over ``--games`` games (default 200): the learner's
seat alternates, the ordered pairs of the ruleset's built-in decks rotate, and a draw or
a game stopped at the length limit counts as a loss. The win rate comes with its 95%
Wilson interval (:class:`mitosz_core.simulate.Rate`); the target is a lower bound above
50% for each ruleset.

Training plays even game seeds and the evaluation odd ones (:data:`TRAIN`,
:data:`EVALUATE`), so no evaluation game was seen in training. The run also reports the
training's environment steps per second and the shares of its time spent in the
environment (engine, opponent and adapter) and in the adapter's encoding alone (the
observation tensor, the action mask and the candidates' features): :class:`Timers`.

Nothing in the core imports this module or its libraries.
"""

from __future__ import annotations

import argparse
import itertools
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field, replace
from multiprocessing import get_context
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
import torch
from gymnasium import spaces
from sb3_contrib import MaskablePPO
from sb3_contrib.common.maskable.policies import MaskableActorCriticPolicy
from stable_baselines3.common.torch_layers import BaseFeaturesExtractor
from torch import nn

from mitosz_core.adapters.gymnasium import MitoszGymEnv
from mitosz_core.bots import HeuristicBot
from mitosz_core.kernel.registry import get
from mitosz_core.kernel.view import Bot
from mitosz_core.simulate import Rate

RULESETS = ("mitosz", "mythos")
TRAIN = 0
"""The parity of the training games' seeds (even)."""
EVALUATE = 1
"""The parity of the evaluation games' seeds (odd): disjoint from the training ones."""
GAMES = 200
"""The evaluation games the issue asks for; over fewer, a target is met only so far."""
LOWER_BOUND = 0.5
"""The target: the Wilson interval's lower bound of the win rate above 50%."""
BUDGET: dict[str, tuple[int, int]] = {"mitosz": (160_000, 16_000), "mythos": (60_000, 12_000)}
"""The training steps of the ``learn`` session (against the random bot, then against the
heuristic one), sized with the evaluation to under an hour, the two rulesets on their own
processes of a 2-core machine. A first run with 40,000 + 8,000 Mítosz steps (about 680
games of about 70 learner decisions) won 43.5% against random, no better than random
play; so Mítosz trains four times as long as that. ``docs/figures/learn.inc`` gives each
run's steps per second and minutes."""


def deck_pairs(ruleset: str) -> tuple[tuple[str, str], ...]:
    """The ordered pairs of distinct built-in decks of ``ruleset`` (the learner's first)."""
    names = list(get(ruleset).builtin_decks())
    return tuple((a, b) for a, b in itertools.permutations(names, 2))


class Clock:
    """Time spent inside calls that may nest (only the outermost one counts)."""

    def __init__(self) -> None:
        self.seconds = 0.0
        self._depth = 0
        self._began = 0.0

    def __enter__(self) -> None:
        if self._depth == 0:
            self._began = time.perf_counter()
        self._depth += 1

    def __exit__(self, *exc: object) -> None:
        self._depth -= 1
        if self._depth == 0:
            self.seconds += time.perf_counter() - self._began


@dataclass
class Timers:
    """Time spent in the environment (``step`` and ``reset``: the engine, the opponent and
    the adapter) and, within it or from the learner's mask queries, in the adapter's
    encoding (observation tensor, action mask, candidates' features); and the steps."""

    environment: Clock = field(default_factory=Clock)
    adapter: Clock = field(default_factory=Clock)
    steps: int = 0


class LearningEnv(MitoszGymEnv):
    """The Gymnasium wrapper on a schedule: episode ``k`` plays the game seed
    ``2 * (first + k) + parity`` on the ``k // 2``-th ordered pair of built-in decks
    (rotating), the learner in seat ``k % 2``; its encoding and steps are timed."""

    def __init__(
        self,
        ruleset: str,
        parity: int,
        opponent: Bot | None = None,
        first: int = 0,
        timers: Timers | None = None,
    ) -> None:
        super().__init__(ruleset, players=2, opponent=opponent)
        self.parity = parity
        self.episode = first
        self.pairs = deck_pairs(ruleset)
        self.timers = timers if timers is not None else Timers()

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        k = self.episode
        self.episode += 1
        self.seat = k % 2
        pair = self.pairs[(k // 2) % len(self.pairs)]
        decks = pair if self.seat == 0 else pair[::-1]
        chosen = {"decks": decks, "game_seed": 2 * k + self.parity, **(options or {})}
        with self.timers.environment:
            return super().reset(seed=seed, options=chosen)

    def step(self, action: int) -> tuple[dict[str, Any], float, bool, bool, dict[str, Any]]:
        self.timers.steps += 1
        with self.timers.environment:
            return super().step(action)

    def action_masks(self) -> npt.NDArray[np.int8]:
        with self.timers.adapter:
            return super().action_masks()

    def _observation(self) -> dict[str, Any]:
        with self.timers.adapter:
            return super()._observation()

    @property
    def won(self) -> bool:
        """Whether the game is over and the learner won it (a draw, or a game stopped at
        the length limit, is no win)."""
        return self.state is not None and self.state.is_over and self.state.winner == self.seat


HIDDEN = 64
"""The width of the candidate policy's layers."""


def _shape(space: spaces.Space[Any]) -> tuple[int, ...]:
    if space.shape is None:
        raise ValueError(f"the candidate policy needs a space with a shape, not {space}")
    return space.shape


class CandidateFeatures(BaseFeaturesExtractor):  # type: ignore[misc]
    """The features of :class:`CandidatePolicy`: the observation tensor through one
    layer (``HIDDEN`` wide), followed by the candidates' ``K x F`` features as they are."""

    def __init__(self, space: spaces.Dict) -> None:
        k, f = _shape(space["candidates"])
        super().__init__(space, HIDDEN + k * f)
        (size,) = _shape(space["observation"])
        self.observation = nn.Sequential(nn.Linear(size, HIDDEN), nn.Tanh())

    def forward(self, observation: dict[str, Any]) -> Any:
        embedded = self.observation(observation["observation"])
        return torch.cat([embedded, observation["candidates"].flatten(1)], dim=1)


class CandidateHeads(nn.Module):  # type: ignore[misc]
    """The policy's latent is the features as they are (the scorer reads the candidates
    from them); the value's is the embedded observation through one more layer."""

    def __init__(self, features: int) -> None:
        super().__init__()
        self.latent_dim_pi = features
        self.latent_dim_vf = HIDDEN
        self.value = nn.Sequential(nn.Linear(HIDDEN, HIDDEN), nn.Tanh())

    def forward(self, features: Any) -> tuple[Any, Any]:
        return self.forward_actor(features), self.forward_critic(features)

    def forward_actor(self, features: Any) -> Any:
        return features

    def forward_critic(self, features: Any) -> Any:
        return self.value(features[:, :HIDDEN])


class CandidateScorer(nn.Module):  # type: ignore[misc]
    """The action logits: one score a candidate, by the same small network over the
    candidate's feature row and the embedded observation (so the network scores
    candidates, not fixed slots); the mask then keeps the real ones."""

    def __init__(self, k: int, f: int) -> None:
        super().__init__()
        self.k, self.f = k, f
        self.net = nn.Sequential(nn.Linear(f + HIDDEN, HIDDEN), nn.Tanh(), nn.Linear(HIDDEN, 1))

    def forward(self, features: Any) -> Any:
        embedded = features[:, :HIDDEN].unsqueeze(1).expand(-1, self.k, -1)
        rows = features[:, HIDDEN:].reshape(-1, self.k, self.f)
        return self.net(torch.cat([rows, embedded], dim=2)).squeeze(2)


class CandidatePolicy(MaskableActorCriticPolicy):  # type: ignore[misc]
    """``MaskablePPO``'s actor-critic policy over the wrapper's dict observation, with
    the candidates scored row by row (:class:`CandidateScorer`) in place of a dense
    layer to ``K`` fixed slots."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("features_extractor_class", CandidateFeatures)
        super().__init__(*args, **kwargs)

    def _build_mlp_extractor(self) -> None:
        self.mlp_extractor = CandidateHeads(self.features_dim)

    def _build(self, lr_schedule: Any) -> None:
        super()._build(lr_schedule)
        k, f = self.observation_space["candidates"].shape
        self.action_net = CandidateScorer(k, f)
        self.optimizer = self.optimizer_class(
            self.parameters(), lr=lr_schedule(1), **self.optimizer_kwargs
        )


def new_model(env: LearningEnv, seed: int, n_steps: int = 1024) -> Any:
    """A ``MaskablePPO`` on CPU with the candidate policy (:class:`CandidatePolicy`)."""
    return MaskablePPO(
        CandidatePolicy,
        env,
        n_steps=n_steps,
        batch_size=64,
        learning_rate=3e-4,
        ent_coef=0.01,
        seed=seed,
        device="cpu",
        verbose=0,
    )


@dataclass(frozen=True)
class Training:
    """A trained model and what its training cost."""

    model: Any
    steps: tuple[int, int]
    """The steps against the random bot and against the heuristic one."""
    seconds: float
    timers: Timers

    @property
    def steps_per_second(self) -> float:
        return self.timers.steps / self.seconds if self.seconds else 0.0

    @property
    def environment_share(self) -> float:
        return self.timers.environment.seconds / self.seconds if self.seconds else 0.0

    @property
    def adapter_share(self) -> float:
        return self.timers.adapter.seconds / self.seconds if self.seconds else 0.0


def train(
    ruleset: str,
    random_steps: int,
    heuristic_steps: int,
    seed: int = 0,
    n_steps: int = 1024,
) -> Training:
    """Train a ``MaskablePPO`` learner on ``ruleset``: ``random_steps`` against the
    uniformly random bot, then ``heuristic_steps`` against the heuristic bot, on the
    training seeds (even). A stage of 0 steps is skipped; PPO collects whole rollouts
    of ``n_steps`` (at most the stage's steps), so a stage may run a little past its
    steps."""
    torch.set_num_threads(1)
    timers = Timers()
    env = LearningEnv(ruleset, TRAIN, timers=timers)
    stages = [s for s in (random_steps, heuristic_steps) if s > 0]
    rollout = max(64, min([n_steps, *stages]))
    model = new_model(env, seed, rollout)
    began = time.perf_counter()
    if random_steps > 0:
        model.learn(random_steps)
    if heuristic_steps > 0:
        opponent = HeuristicBot(seed)
        model.set_env(LearningEnv(ruleset, TRAIN, opponent, env.episode, timers))
        model.learn(heuristic_steps, reset_num_timesteps=False)
    seconds = time.perf_counter() - began
    return Training(model, (random_steps, heuristic_steps), seconds, timers)


@dataclass(frozen=True)
class Evaluation:
    wins: Rate
    unfinished: int
    """Games stopped at the length limit (losses)."""
    draws: int
    seconds: float


def evaluate(model: Any, ruleset: str, games: int = GAMES, first: int = 0) -> Evaluation:
    """Play ``games`` games of the learner (greedy: its most likely legal action) against
    the uniformly random bot on the evaluation seeds (odd), the learner's seat
    alternating and the deck pairs rotating (:class:`LearningEnv`)."""
    env = LearningEnv(ruleset, EVALUATE, first=first)
    wins = unfinished = draws = 0
    began = time.perf_counter()
    for _ in range(games):
        observation, _ = env.reset()
        over = truncated = False
        while not (over or truncated):
            action, _ = model.predict(
                observation, action_masks=env.action_masks(), deterministic=True
            )
            observation, _, over, truncated, _ = env.step(int(action))
        wins += env.won
        unfinished += truncated
        draws += over and env.state is not None and env.state.winner is None
    return Evaluation(Rate(wins, games), unfinished, draws, time.perf_counter() - began)


@dataclass(frozen=True)
class Outcome:
    ruleset: str
    training: Training
    evaluation: Evaluation

    @property
    def passed(self) -> bool:
        return self.evaluation.wins.interval[0] > LOWER_BOUND


def run(ruleset: str, random_steps: int, heuristic_steps: int, games: int, seed: int) -> Outcome:
    """Train on ``ruleset`` and evaluate (see the module); prints a line when done."""
    training = train(ruleset, random_steps, heuristic_steps, seed)
    evaluation = evaluate(training.model, ruleset, games)
    # the model stays here: the outcome may cross to another process
    outcome = Outcome(ruleset, replace(training, model=None), evaluation)
    print(
        f"{ruleset}: {training.timers.steps} steps in {training.seconds:.0f} s "
        f"({training.steps_per_second:.1f}/s, environment "
        f"{100 * training.environment_share:.0f}%, adapter encoding "
        f"{100 * training.adapter_share:.0f}%); against random: {games} games, "
        f"{evaluation.wins.text()} ({'met' if outcome.passed else 'NOT met'})",
        flush=True,
    )
    return outcome


def _met(o: Outcome) -> str:
    games = o.evaluation.wins.of
    if games < GAMES:
        so_far = f"so far ({games} of {GAMES} games)"
        return so_far if o.passed else f"not {so_far}"
    return "yes" if o.passed else "no"


def table(outcomes: Sequence[Outcome]) -> str:
    """The results as a reStructuredText list table; it states the training steps and
    the evaluation games it rests on."""
    lines = [
        ".. list-table::",
        "   :header-rows: 1",
        "",
        "   * - ruleset",
        "     - training steps (vs random + vs heuristic)",
        "     - steps/s",
        "     - environment share (adapter encoding)",
        "     - evaluation games",
        "     - wins vs random [95% Wilson interval]",
        "     - stopped at the limit",
        "     - target: lower bound > 50%",
        "     - minutes",
    ]
    for o in outcomes:
        t, e = o.training, o.evaluation
        low, high = e.wins.interval
        lines += [
            f"   * - {o.ruleset}",
            f"     - {t.timers.steps:,} ({t.steps[0]:,} + {t.steps[1]:,})",
            f"     - {t.steps_per_second:.1f}",
            f"     - {100 * t.environment_share:.0f}% ({100 * t.adapter_share:.0f}%)",
            f"     - {e.wins.of}",
            f"     - {100 * e.wins.value:.1f}% [{100 * low:.1f}, {100 * high:.1f}]",
            f"     - {e.unfinished}",
            f"     - {_met(o)}",
            f"     - {(t.seconds + e.seconds) / 60:.1f}",
        ]
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m mitosz_core.adapters.learn", description=__doc__
    )
    parser.add_argument("--ruleset", action="append", help="only this ruleset (repeatable)")
    parser.add_argument(
        "--random-steps", type=int, help="steps against the random bot (default: BUDGET)"
    )
    parser.add_argument(
        "--heuristic-steps", type=int, help="steps against the heuristic bot (default: BUDGET)"
    )
    parser.add_argument("--games", type=int, default=GAMES, help=f"default: {GAMES}")
    parser.add_argument("--seed", type=int, default=0, help="the learner's seed (default: 0)")
    parser.add_argument("--jobs", "-j", type=int, default=2, help="processes (default: 2)")
    parser.add_argument("--rst", type=Path, help="also write the table to this file")
    args = parser.parse_args(argv)
    todo = []
    for ruleset in args.ruleset or RULESETS:
        if ruleset not in RULESETS:
            parser.error(f"unknown ruleset {ruleset!r}; expected one of {', '.join(RULESETS)}")
        steps = BUDGET[ruleset]
        random_steps = steps[0] if args.random_steps is None else args.random_steps
        heuristic_steps = steps[1] if args.heuristic_steps is None else args.heuristic_steps
        todo.append((ruleset, random_steps, heuristic_steps, args.games, args.seed))
    if args.jobs <= 1 or len(todo) == 1:
        outcomes = [run(*job) for job in todo]
    else:  # a fresh interpreter a ruleset: torch is not forked
        with ProcessPoolExecutor(args.jobs, mp_context=get_context("spawn")) as pool:
            outcomes = list(pool.map(run, *zip(*todo, strict=True)))
    text = table(outcomes)
    print(text, end="")
    if args.rst is not None:
        args.rst.write_text(text, encoding="utf-8")
    return 0 if all(o.passed for o in outcomes) else 1


if __name__ == "__main__":
    raise SystemExit(main())

"""The adapters' overhead per decision over raw ``legal_actions`` + ``apply``
(``python -m benchmarks.adapters``; needs the ``rl`` extra).

Each workload plays the same random games (the same seeds, the same choice of legal
action by position) three ways: raw engine calls; the PettingZoo environment (an
observation with its tensor and action mask, then ``step``); the OpenSpiel game
(``legal_actions``, the observation tensor, ``apply_action``). The figure is CPU time
per decision, and the overhead is the adapter's time over the raw time, minus one; each
game counts with the least of a few rounds, the workloads taking turns game by game,
after an untimed warm-up game. The PettingZoo environment and the OpenSpiel game are made
once per ruleset and reset for each game, as a training loop does (making the Mítosz
environment, whose action-mask space has 46 million entries, takes some milliseconds
once; :func:`setup` measures it apart).
Target: under 30% (tensor building included).
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from typing import Any

import pyspiel

import mitosz_core as mc
from mitosz_core.adapters import openspiel as _registers  # noqa: F401
from mitosz_core.adapters.pettingzoo import MitoszEnv, env

FLAT = {"action_encoding": "flat"}
"""The figures are of the flat encoding (the workloads step with its indices)."""


def raw(ruleset: str, seed: int) -> int:
    state = mc.new_game(ruleset, seed=seed)
    rng = random.Random(seed)
    n = 0
    while not state.is_over:
        legal = mc.legal_actions(state)
        state = mc.apply(state, legal[rng.randrange(len(legal))])
        n += 1
    return n


_ENVS: dict[str, MitoszEnv] = {}
_GAMES: dict[str, Any] = {}


def _env(ruleset: str) -> MitoszEnv:
    """The ruleset's PettingZoo environment, made on first use."""
    if ruleset not in _ENVS:
        _ENVS[ruleset] = env(ruleset, action_encoding="flat")
    return _ENVS[ruleset]


def _game(ruleset: str) -> Any:
    """The ruleset's OpenSpiel game, loaded on first use."""
    if ruleset not in _GAMES:
        _GAMES[ruleset] = pyspiel.load_game(f"python_{ruleset}", FLAT)
    return _GAMES[ruleset]


def petting(ruleset: str, seed: int) -> int:
    game = _env(ruleset)
    game.reset(seed=seed)
    rng = random.Random(seed)
    n = 0
    space = game.space
    while game.state is not None and not game.state.is_over:
        agent = game.agent_selection
        game.observe(agent)
        legal = mc.legal_actions(game.state)
        game.step(space.encode(game.state, legal[rng.randrange(len(legal))]))
        n += 1
    return n


def spiel(ruleset: str, seed: int) -> int:
    state = _game(ruleset).new_initial_state()
    state.apply_action(seed)
    rng = random.Random(seed)
    n = 0
    while not state.is_terminal():
        player = state.current_player()
        state.observation_tensor(player)
        legal = mc.legal_actions(state.state)
        index = state.space.encode(state.state, legal[rng.randrange(len(legal))])
        assert index in state.legal_actions()
        state.apply_action(index)
        n += 1
    return n


WORKLOADS: tuple[Callable[[str, int], int], ...] = (raw, petting, spiel)


def figures(ruleset: str, seeds: range, rounds: int) -> tuple[float, float, float]:
    """The CPU seconds per decision of :data:`WORKLOADS`. Each game is played by every
    workload in turn, ``rounds`` times, and counts with its least time, so that a burst
    of load on a shared machine (or the first game of a process, which loads the cards
    and fills the caches: an untimed game of each workload comes first) falls on no
    workload alone."""
    for run in WORKLOADS:
        run(ruleset, seeds[0])
    best = [[float("inf")] * len(seeds) for _ in WORKLOADS]
    decisions = [0] * len(seeds)
    for _ in range(rounds):
        for g, seed in enumerate(seeds):
            for k, run in enumerate(WORKLOADS):
                start = time.process_time()
                decisions[g] = run(ruleset, seed)
                best[k][g] = min(best[k][g], time.process_time() - start)
    total = sum(decisions)
    raw_s, pz_s, osp_s = (sum(times) / total for times in best)
    return raw_s, pz_s, osp_s


def setup(ruleset: str, times: int = 5) -> tuple[float, float]:
    """The least CPU seconds to make the ruleset's PettingZoo environment and to load its
    OpenSpiel game (paid once, not per decision)."""
    made = loaded = float("inf")
    for _ in range(times):
        start = time.process_time()
        env(ruleset, action_encoding="flat")
        made = min(made, time.process_time() - start)
        start = time.process_time()
        pyspiel.load_game(f"python_{ruleset}", FLAT)
        loaded = min(loaded, time.process_time() - start)
    return made, loaded


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=10, help="games per workload")
    parser.add_argument("--rounds", type=int, default=3, help="rounds; the least counts")
    args = parser.parse_args()
    seeds = range(1, 1 + args.games)
    print(f"{'ruleset':8} {'raw ms':>8} {'pettingzoo ms':>14} {'openspiel ms':>13}")
    for ruleset in ("mitosz", "mythos"):
        base, pz, osp = figures(ruleset, seeds, args.rounds)
        print(
            f"{ruleset:8} {base * 1e3:8.3f} {pz * 1e3:9.3f} ({pz / base - 1:+.0%})"
            f" {osp * 1e3:8.3f} ({osp / base - 1:+.0%})"
        )
    for ruleset in ("mitosz", "mythos"):
        made, loaded = setup(ruleset)
        print(
            f"{ruleset:8} once: PettingZoo environment {made * 1e3:.1f} ms,"
            f" OpenSpiel game {loaded * 1e3:.1f} ms"
        )


if __name__ == "__main__":
    main()

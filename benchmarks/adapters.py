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

``--rst DIR`` writes the figures as reStructuredText fragments that the docs page
``docs/ai.rst`` includes (``adapters-cost.inc``: making the environment and a masked
random decision, for both action encodings; ``adapters-overhead.inc``: the overhead per
decision), each headed by a comment that names the command that wrote it.
"""

from __future__ import annotations

import argparse
import platform
import random
import shlex
import sys
import time
import tracemalloc
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import pyspiel

import mitosz_core as mc
from mitosz_core.adapters import openspiel as _registers  # noqa: F401
from mitosz_core.adapters.pettingzoo import MitoszEnv, env

FLAT = {"action_encoding": "flat"}
"""The figures are of the flat encoding (the workloads step with its indices)."""


def raw(ruleset: str, seed: int, players: int = 2) -> int:
    """One random game of the engine alone (the generator seeded with ``seed``); its
    decisions."""
    state = mc.new_game(ruleset, seed=seed, players=players)
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


ENCODINGS = ("candidates", "flat")
RULESETS = ("mitosz", "mythos")
NAMES = {"mitosz": "Mítosz", "mythos": "MYTHOS"}


@dataclass(frozen=True)
class Cost:
    """What an environment costs a masked random agent: making it (CPU seconds, traced
    bytes it keeps) and one decision (CPU seconds: observe, pick among the mask's ones,
    step)."""

    ruleset: str
    encoding: str
    made: float
    kept: int
    decision: float


def cost(ruleset: str, encoding: str, seeds: range, decisions: int) -> Cost:
    """The :class:`Cost` of the ruleset's PettingZoo environment with ``encoding``: the
    environment made after the card pool is loaded (an untimed environment first), then
    masked random play over ``seeds`` until ``decisions`` decisions have been timed."""
    env(ruleset, action_encoding=encoding).reset(seed=seeds[0])
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    start = time.process_time()
    game = env(ruleset, action_encoding=encoding)
    made = time.process_time() - start
    kept = tracemalloc.get_traced_memory()[0] - before
    tracemalloc.stop()
    spent, timed = 0.0, 0
    for seed in seeds:
        game.reset(seed=seed)
        rng = np.random.default_rng(seed)
        for _agent in game.agent_iter():
            start = time.process_time()
            observation, _, termination, truncation, _ = game.last()
            if termination or truncation:
                game.step(None)
                continue
            game.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
            spent += time.process_time() - start
            timed += 1
            if timed >= decisions:
                return Cost(ruleset, encoding, made, kept, spent / timed)
    return Cost(ruleset, encoding, made, kept, spent / max(timed, 1))


def _time(seconds: float) -> str:
    if seconds >= 1:
        return f"{seconds:.2g} s"
    if seconds >= 0.1:
        return f"{seconds * 1e3:.0f} ms"
    return f"{seconds * 1e3:.2g} ms" if seconds >= 1e-3 else f"{seconds * 1e6:.0f} µs"


def _size(size: int) -> str:
    if size >= 1 << 20:
        return f"{size / (1 << 20):.0f} MiB"
    return f"{size / 1024:.0f} KiB"


def _header(argv: Sequence[str]) -> str:
    command = shlex.join(["python", "-m", "benchmarks.adapters", *argv])
    return (
        f".. Written by {command}\n"
        f".. on Python {platform.python_version()}, {platform.machine()}; do not edit.\n\n"
    )


def cost_table(costs: Sequence[Cost], argv: Sequence[str]) -> str:
    """The ``adapters-cost.inc`` fragment: a list-table of :class:`Cost`."""
    lines = [
        _header(argv) + ".. list-table::",
        "   :header-rows: 1",
        "",
        "   * - Environment",
        "     - Construction (CPU, memory kept)",
        "     - Masked random decision (CPU)",
    ]
    for c in costs:
        name = f"{NAMES[c.ruleset]}, " + (
            "candidates" if c.encoding == "candidates" else '``action_encoding="flat"``'
        )
        lines += [
            f"   * - {name}",
            f"     - {_time(c.made)}, {_size(c.kept)}",
            f"     - {_time(c.decision)}",
        ]
    return "\n".join(lines) + "\n"


def overhead_table(
    rows: Sequence[tuple[str, float, float, float, float, float]], argv: Sequence[str]
) -> str:
    """The ``adapters-overhead.inc`` fragment: per decision, raw and through each
    adapter (flat encoding), and the once-only cost of making each."""
    lines = [
        _header(argv) + ".. list-table::",
        "   :header-rows: 1",
        "",
        "   * - Ruleset",
        "     - Raw, per decision",
        "     - PettingZoo (overhead)",
        "     - OpenSpiel (overhead)",
        "     - Once: environment, game",
    ]
    for ruleset, base, pz, osp, made, loaded in rows:
        lines += [
            f"   * - {NAMES[ruleset]}",
            f"     - {_time(base)}",
            f"     - {_time(pz)} ({pz / base - 1:+.0%})",
            f"     - {_time(osp)} ({osp / base - 1:+.0%})",
            f"     - {_time(made)}, {_time(loaded)}",
        ]
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> None:
    arguments = sys.argv[1:] if argv is None else argv
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=10, help="games per workload")
    parser.add_argument("--rounds", type=int, default=3, help="rounds; the least counts")
    parser.add_argument(
        "--decisions",
        type=int,
        default=300,
        help="masked random decisions timed per environment for the cost table",
    )
    parser.add_argument("--rst", type=Path, help="write the docs fragments into this folder")
    args = parser.parse_args(arguments)
    seeds = range(1, 1 + args.games)
    rows = []
    print(f"{'ruleset':8} {'raw ms':>8} {'pettingzoo ms':>14} {'openspiel ms':>13}")
    for ruleset in RULESETS:
        base, pz, osp = figures(ruleset, seeds, args.rounds)
        made, loaded = setup(ruleset)
        rows.append((ruleset, base, pz, osp, made, loaded))
        print(
            f"{ruleset:8} {base * 1e3:8.3f} {pz * 1e3:9.3f} ({pz / base - 1:+.0%})"
            f" {osp * 1e3:8.3f} ({osp / base - 1:+.0%})"
        )
        print(
            f"{ruleset:8} once: PettingZoo environment {made * 1e3:.1f} ms,"
            f" OpenSpiel game {loaded * 1e3:.1f} ms"
        )
    costs = [cost(r, e, seeds, args.decisions) for r in RULESETS for e in ENCODINGS]
    for c in costs:
        print(
            f"{c.ruleset:8} {c.encoding:10} made in {_time(c.made)}, keeps {_size(c.kept)};"
            f" a masked random decision {_time(c.decision)}"
        )
    if args.rst is not None:
        args.rst.mkdir(parents=True, exist_ok=True)
        (args.rst / "adapters-cost.inc").write_text(cost_table(costs, arguments), "utf-8")
        (args.rst / "adapters-overhead.inc").write_text(overhead_table(rows, arguments), "utf-8")


if __name__ == "__main__":
    main()

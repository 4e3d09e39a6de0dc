"""A pyperf worker of :mod:`benchmarks.suite`: builds one benchmark's inputs and times it.

The setup (new games, the mid-game sample, and for playouts and python-chess an untimed
first pass that counts the decisions or plies, which also serves as the warmup) runs
before pyperf's first value. pyperf's inner loops divide each value by that count, so a
value is in seconds per decision, per ply or per call.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from benchmarks import suite, workloads
from benchmarks.catalogue import CHESS, PLAYOUTS, SAMPLE_GAME, SIZES, Size

CLOCK = {"clock": "time.process_time (CPU time of the worker)"}
"""The clock of the values (pyperf's own ``timer`` metadata names its default clock)."""


class Runner(Protocol):
    """The part of :class:`pyperf.Runner` that :func:`register` uses."""

    def bench_time_func(
        self,
        name: str,
        time_func: Callable[..., float],
        /,
        *args: Any,
        inner_loops: int | None = None,
        metadata: dict[str, Any] | None = None,
    ) -> Any: ...


def register(runner: Runner, name: str, size: Size) -> None:
    """Build benchmark ``name``'s inputs (untimed) and hand its timed function to ``runner``."""
    if name in PLAYOUTS:
        ruleset, players = PLAYOUTS[name]
        tally = workloads.playouts(ruleset, players, size.seeds)
        runner.bench_time_func(
            name,
            _time_playouts,
            ruleset,
            players,
            size.seeds,
            inner_loops=tally.moves,
            metadata=_metadata(tally),
        )
    elif name == CHESS:
        tally = workloads.chess_games(size.seeds)
        runner.bench_time_func(
            name, _time_chess, size.seeds, inner_loops=tally.moves, metadata=_metadata(tally)
        )
    else:
        sample = workloads.midgame_sample(*SAMPLE_GAME, size.sample_seeds, size.per_game)
        runner.bench_time_func(
            name,
            workloads.TIMED[name],
            sample,
            inner_loops=len(sample),
            metadata={"sample_states": len(sample), **CLOCK},
        )


def _metadata(tally: workloads.Tally) -> dict[str, Any]:
    return {"games": tally.games, "moves": tally.moves, "auto_passes": tally.auto_passes, **CLOCK}


def _time_playouts(loops: int, ruleset: str, players: int, seeds: tuple[int, ...]) -> float:
    return sum(workloads.playouts(ruleset, players, seeds).seconds for _ in range(loops))


def _time_chess(loops: int, seeds: tuple[int, ...]) -> float:
    return sum(workloads.chess_games(seeds).seconds for _ in range(loops))


def main() -> None:
    runner, args = suite.make_runner()
    register(runner, args.benchmark, SIZES[args.size])


if __name__ == "__main__":
    main()

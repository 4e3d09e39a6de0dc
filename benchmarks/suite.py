"""The timed benchmarks, run by pyperf: ``python -m benchmarks.suite NAME [options]``.

One invocation measures one benchmark (``--size`` sets the work; pyperf's own options
such as ``--processes``, ``--values``, ``--loops`` and ``--append`` apply). This module
is pyperf's manager process: it imports no engine and spawns the workers
(:mod:`benchmarks.worker`), which build the inputs and time them. Each value is in
seconds per decision (playouts), per ply (python-chess) or per call (the others).
"""

from __future__ import annotations

from typing import Any

import pyperf

from benchmarks.catalogue import NAMES, SIZES


def make_runner() -> tuple[Any, Any]:
    """The pyperf runner with this suite's arguments, and the parsed arguments."""
    runner = pyperf.Runner(program_args=("-m", "benchmarks.worker"), add_cmdline_args=_pass_on)
    runner.argparser.add_argument("benchmark", choices=NAMES)
    runner.argparser.add_argument("--size", choices=sorted(SIZES), default="default")
    return runner, runner.parse_args()


def _pass_on(cmd: list[str], args: Any) -> None:
    """The suite's own arguments, for the command line of a worker."""
    cmd += [args.benchmark, "--size", args.size]


def _in_workers_only(loops: int) -> float:
    raise AssertionError("the pyperf manager spawns the workers and times nothing itself")


def main() -> None:
    runner, args = make_runner()
    runner.bench_time_func(args.benchmark, _in_workers_only)


if __name__ == "__main__":
    main()

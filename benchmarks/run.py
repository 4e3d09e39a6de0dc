"""Compare the current checkout with the baseline commit, interleaved in one run.

::

    python -m benchmarks.run [--quick] [--baseline SHA] [--no-baseline] [--rounds N]
                             [--output FILE] [--rst FILE]
    python -m benchmarks.run --render FILE [--rst FILE]

The baseline is built from git (``git archive`` into ``.bench/``, installed into a venv
of its own with the same pyperf and python-chess). Every round runs each benchmark on
the current checkout (this interpreter) and on the baseline, one after the other (the
order alternates from round to round), so that both see the same machine; ratios are
taken within the run, never against figures of another day.
"""

from __future__ import annotations

import argparse
import dataclasses
import datetime
import io
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tarfile
import time
from collections.abc import Iterable
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path
from typing import Any

import pyperf

from benchmarks import workloads
from benchmarks.catalogue import CHESS, NAMES, PLAYOUTS
from benchmarks.report import ROWS, Figure, Results, Row, dump, load, report, rst_table

ROOT = Path(__file__).resolve().parent.parent
WORK = ROOT / ".bench"
BASELINE = (Path(__file__).parent / "baseline.txt").read_text().strip()
"""The commit before the runtime rewrite: what the current checkout is compared with."""


@dataclass(frozen=True)
class Plan:
    """How long a run is: rounds of every benchmark on both sides, each round with
    ``processes`` pyperf workers of ``values`` values per benchmark and side, and
    ``cold_starts`` fresh interpreters per side. Many short rounds interleave the sides
    finely, so that a change in the machine's load falls on both alike."""

    size: str
    rounds: int
    processes: int
    values: int
    cold_starts: int


PLANS = {
    "default": Plan("default", rounds=6, processes=1, values=3, cold_starts=1),
    "quick": Plan("quick", rounds=1, processes=1, values=2, cold_starts=1),
}


@dataclass(frozen=True)
class Side:
    """One version of the engine: its label, interpreter and pyperf results file."""

    label: str
    python: str
    results: Path


# --- running ---------------------------------------------------------------------------


def baseline_python(sha: str) -> str:
    """The interpreter of the baseline's venv, built on first use and kept in ``.bench``."""
    home = WORK / f"baseline-{sha[:12]}"
    python = home / "venv" / ("Scripts" if os.name == "nt" else "bin") / "python"
    if (home / "ready").exists():
        return str(python)
    shutil.rmtree(home, ignore_errors=True)
    source = home / "source"
    source.mkdir(parents=True)
    _log(f"building the baseline {sha[:12]} in {home}")
    archive = _git("archive", "--format=tar", sha)
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(source, filter="data")
    subprocess.run([sys.executable, "-m", "venv", str(home / "venv")], check=True)
    pins = [f"{name}=={metadata.version(name)}" for name in ("pyperf", "chess")]
    pip = [str(python), "-m", "pip", "install", "--quiet", str(source), *pins]
    subprocess.run(pip, check=True)
    (home / "ready").write_text(sha + "\n")
    return str(python)


def measure(plan: Plan, sides: list[Side], sha: str | None) -> Results:
    """Run every benchmark ``plan.rounds`` times on each side, interleaved, and collect;
    ``sha`` is the baseline's commit (``None`` without a baseline)."""
    for side in sides:
        side.results.parent.mkdir(parents=True, exist_ok=True)
        side.results.unlink(missing_ok=True)
    loops: dict[tuple[str, str], int] = {}
    cold: dict[str, list[workloads.ColdStart]] = {side.label: [] for side in sides}
    for round_ in range(1, plan.rounds + 1):
        order = sides if round_ % 2 else sides[::-1]  # A B, then B A: drift hits both
        for name in NAMES:
            for side in sides[:1] if name == CHESS else order:
                start = time.perf_counter()
                _pyperf(side, name, plan, loops.get((side.label, name)))
                loops[side.label, name] = _loops(side.results, name)
                elapsed = time.perf_counter() - start
                _log(f"[{round_}/{plan.rounds}] {name:<20} {side.label:<8} {elapsed:5.1f} s")
        for _ in range(plan.cold_starts):
            for side in order:
                cold[side.label].append(workloads.cold_start(side.python))
        _log(f"[{round_}/{plan.rounds}] cold starts: {plan.cold_starts} per side")
    memory = {side.label: _memory(side, plan.size) for side in sides}
    _log("memory: measured")
    return _collect(plan, sides, cold, memory, sha)


def _pyperf(side: Side, name: str, plan: Plan, loops: int | None) -> None:
    cmd = [side.python, "-m", "benchmarks.suite", name, "--size", plan.size, "--quiet"]
    cmd += ["--processes", str(plan.processes), "--values", str(plan.values)]
    cmd += ["--append", str(side.results)]
    if name in PLAYOUTS or name == CHESS:
        # a value is one pass over the seeds; the untimed first pass is the warmup
        cmd += ["--loops", "1", "--warmups", "0"]
    elif loops is not None:  # calibrated in the first round
        cmd += ["--loops", str(loops)]
    subprocess.run(cmd, cwd=ROOT, env=_env(), check=True, stdout=subprocess.DEVNULL)


def _loops(results: Path, name: str) -> int:
    bench = pyperf.BenchmarkSuite.load(str(results)).get_benchmark(name)
    return int(bench.get_runs()[-1].get_loops())


def _memory(side: Side, size: str) -> workloads.Memory:
    cmd = [side.python, "-m", "benchmarks.memory", "--size", size]
    done = subprocess.run(cmd, cwd=ROOT, env=_env(), check=True, capture_output=True, text=True)
    return workloads.Memory(**json.loads(done.stdout))


def _engine(python: str) -> str:
    """Where ``python`` imports ``mitosz_core`` from."""
    code = "import mitosz_core; print(mitosz_core.__file__)"
    done = subprocess.run([python, "-I", "-c", code], capture_output=True, text=True, check=True)
    return done.stdout.strip()


def _env() -> dict[str, str]:
    """The environment of the children: no PYTHONPATH, so each side imports its own engine."""
    return {key: value for key, value in os.environ.items() if key != "PYTHONPATH"}


def _collect(
    plan: Plan,
    sides: list[Side],
    cold: dict[str, list[workloads.ColdStart]],
    memory: dict[str, workloads.Memory],
    sha: str | None,
) -> Results:
    benches = {
        side.label: {b.get_name(): b for b in pyperf.BenchmarkSuite.load(str(side.results))}
        for side in sides
    }
    figures = {
        side.label: _figures(benches[side.label], cold[side.label], memory[side.label])
        for side in sides
    }
    current, *others = figures.values()
    chess = current[CHESS].mean
    rows = [
        Row(
            name,
            unit,
            higher,
            current[name],
            others[0][name] if others and name != CHESS else None,
            chess if name in PLAYOUTS else None,
        )
        for name, (unit, higher) in ROWS.items()
    ]
    plays = {
        name: {label: _work(found[name]) for label, found in benches.items() if name in found}
        for name in (*PLAYOUTS, CHESS)
    }
    about = {
        "date": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
        "size": plan.size,
        "plan": dataclasses.asdict(plan),
        "current": _git("describe", "--always", "--dirty").decode().strip(),
        "baseline": sha,
        "python": platform.python_version(),
        "machine": f"{platform.machine()}, {os.cpu_count()} CPUs, {platform.platform()}",
        "engines": {side.label: _engine(side.python) for side in sides},
        "memory_states": {label: memory[label].states for label in memory},
    }
    return Results(about, rows, plays)


def _figures(
    benches: dict[str, Any], cold: list[workloads.ColdStart], memory: workloads.Memory
) -> dict[str, Figure]:
    """Every figure of one side, by benchmark name."""
    figures = {name: _rate(bench) for name, bench in benches.items()}
    figures["import"] = _stats(c.import_seconds for c in cold)
    figures["first-new-game"] = _stats(c.first_game for c in cold)
    figures["second-new-game"] = _stats(c.second_game / c.first_game for c in cold)
    figures["memory-per-state"] = Figure(memory.per_state / 1024, 0.0, memory.states)
    return figures


def _work(bench: Any) -> dict[str, int]:
    """What one pass of a playout (or of the chess games) did, from the pyperf metadata."""
    info = bench.get_metadata()
    if bench.get_name() == CHESS:
        return {"games": info["games"], "plies": info["moves"]}
    return {
        "games": info["games"],
        "decisions": info["moves"],
        "automatic passes": info["auto_passes"],
    }


def _rate(bench: Any) -> Figure:
    """Seconds per operation (pyperf's values) as operations per second."""
    mean = float(bench.mean())
    stdev = float(bench.stdev()) if bench.get_nvalue() > 1 else 0.0
    return Figure(1 / mean, stdev / mean**2, int(bench.get_nvalue()))


def _stats(values: Iterable[float]) -> Figure:
    data = list(values)
    stdev = statistics.stdev(data) if len(data) > 1 else 0.0
    return Figure(statistics.mean(data), stdev, len(data))


def _git(*args: str) -> bytes:
    return subprocess.run(["git", "-C", str(ROOT), *args], capture_output=True, check=True).stdout


def _log(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.run",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    add = parser.add_argument
    add("--quick", action="store_true", help="a one-minute smoke run")
    add("--baseline", metavar="SHA", default=BASELINE, help="baseline commit (%(default).12s)")
    add("--no-baseline", action="store_true", help="measure the current checkout only")
    add("--rounds", metavar="N", type=int, help="rounds of every benchmark on each side")
    add("--output", metavar="FILE", type=Path, default=WORK / "results.json", help="JSON results")
    add("--rst", metavar="FILE", type=Path, help="also write the table as reST")
    add("--render", metavar="FILE", type=Path, help="show earlier JSON results; measure nothing")
    args = parser.parse_args(argv)
    if args.rounds is not None and args.rounds < 1:
        parser.error("--rounds must be at least 1")
    if args.render is not None:
        results = load(args.render)
    else:
        plan = PLANS["quick" if args.quick else "default"]
        if args.rounds is not None:
            plan = dataclasses.replace(plan, rounds=args.rounds)
        sides = [Side("current", sys.executable, WORK / "pyperf" / "current.json")]
        sha = None
        if not args.no_baseline:
            sha = _git("rev-parse", "--verify", f"{args.baseline}^{{commit}}").decode().strip()
            sides.append(Side("baseline", baseline_python(sha), WORK / "pyperf" / "baseline.json"))
        results = measure(plan, sides, sha)
        dump(results, args.output)
        _log(f"results: {args.output}; pyperf files: {WORK / 'pyperf'}")
    print(report(results))
    if args.rst is not None:
        args.rst.write_text(rst_table(results))
    return 0


if __name__ == "__main__":
    sys.exit(main())

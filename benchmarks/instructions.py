"""Machine instructions per decision, which no load on the machine changes (needs
valgrind with its headers and a C compiler).

``python -m benchmarks.instructions --engine`` counts the engine's own: random games of
Mítosz with 2 and 4 players and of MYTHOS with 2, on fixed seeds (the figure the speed
work steers by; ``--write FILE`` keeps it as JSON with the commit it was measured at,
``--against FILE`` prints the ratio to such a file, ``--rst FILE`` writes both as the
table of ``docs/performance.rst``). Without ``--engine`` it counts the
adapters' overhead per decision (needs the ``rl`` extra).

For each ruleset, one process under valgrind's ``callgrind`` plays an untimed game of
every workload of :mod:`benchmarks.adapters`, then ``--games`` games of each workload
with the instruments switched on around that workload's games alone (callgrind's client
requests, through a small C helper compiled on the spot); the overhead is an adapter's
instructions per decision over the raw ones, minus one. About a minute of processor
time per ruleset and game of each workload.
"""

from __future__ import annotations

import argparse
import ctypes
import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

from benchmarks import adapters

_HELPER = """
#include <valgrind/callgrind.h>
void measure_start(void) {
    CALLGRIND_ZERO_STATS; CALLGRIND_START_INSTRUMENTATION; CALLGRIND_TOGGLE_COLLECT;
}
void measure_stop(void) {
    CALLGRIND_TOGGLE_COLLECT; CALLGRIND_DUMP_STATS; CALLGRIND_STOP_INSTRUMENTATION;
}
"""
"""The client requests: each stop writes one dump of what ran since the start."""


def helper(folder: Path) -> Path:
    """The helper library, compiled into ``folder``."""
    source = folder / "measure.c"
    source.write_text(_HELPER)
    library = folder / "measure.so"
    subprocess.run(["cc", "-O1", "-shared", "-fPIC", "-o", str(library), str(source)], check=True)
    return library


def child(ruleset: str, games: int, library: str) -> None:
    """Under callgrind: the warm-up game of every workload, then each workload's games
    between the helper's start and stop; prints each workload's decisions."""
    lib = ctypes.CDLL(library)
    for run in adapters.WORKLOADS:
        run(ruleset, 1)
    for run in adapters.WORKLOADS:
        lib.measure_start()
        decisions = sum(run(ruleset, seed) for seed in range(1, 1 + games))
        lib.measure_stop()
        print(run.__name__, decisions, flush=True)


ENGINE_GAMES = (("mitosz", 2), ("mitosz", 4), ("mythos", 2))
"""The engine's workloads: ruleset and players."""


def engine_child(games: int, library: str) -> None:
    """Under callgrind: a warm-up game of each workload, then each workload's games
    between the helper's start and stop; prints each workload's decisions."""
    lib = ctypes.CDLL(library)
    for ruleset, players in ENGINE_GAMES:
        adapters.raw(ruleset, 1, players)
    for ruleset, players in ENGINE_GAMES:
        lib.measure_start()
        decisions = sum(adapters.raw(ruleset, seed, players) for seed in range(1, 1 + games))
        lib.measure_stop()
        print(f"{ruleset}-{players}p", decisions, flush=True)


def _instructions(dump: Path) -> int:
    for line in dump.read_text().splitlines():
        if line.startswith(("summary:", "totals:")):
            return int(line.split()[1])
    raise ValueError(f"no total in {dump}")


def measure(ruleset: str, games: int) -> dict[str, float]:
    """The instructions per decision of each workload of :data:`adapters.WORKLOADS`."""
    return _measured(["--child", ruleset, str(games)])


def measure_engine(games: int) -> dict[str, float]:
    """The instructions per decision of each workload of :data:`ENGINE_GAMES`."""
    return _measured(["--engine-child", str(games)])


def _measured(child: list[str]) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "callgrind.out"
        command = [
            *("valgrind", "--tool=callgrind", "--instr-atstart=no", "--collect-atstart=no"),
            f"--callgrind-out-file={out}",
            *(sys.executable, "-m", "benchmarks.instructions", *child),
            str(helper(Path(folder))),
        ]
        # one string hash for every run: the counts then repeat exactly
        env = {**os.environ, "PYTHONHASHSEED": "0"}
        done = subprocess.run(command, check=True, capture_output=True, text=True, env=env)
        counts = [line.split() for line in done.stdout.splitlines()]
        dumps = sorted(
            (p for p in Path(folder).iterdir() if re.fullmatch(r"callgrind\.out\.\d+", p.name)),
            key=lambda p: int(p.name.rsplit(".", 1)[1]),
        )
        totals = [_instructions(dump) for dump in dumps]
    if len(totals) != len(counts):
        raise RuntimeError(f"{len(counts)} workloads but {len(totals)} dumps")
    return {name: total / int(n) for (name, n), total in zip(counts, totals, strict=True)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=5, help="games per workload")
    parser.add_argument("--child", nargs=3, metavar=("RULESET", "GAMES", "LIBRARY"))
    parser.add_argument("--engine-child", nargs=2, metavar=("GAMES", "LIBRARY"))
    parser.add_argument("--engine", action="store_true", help="the engine's own figure")
    parser.add_argument("--write", type=Path, help="keep the engine's figure as JSON here")
    parser.add_argument("--against", type=Path, help="a kept figure to compare with")
    parser.add_argument("--rst", type=Path, help="write the engine's figure as a docs table")
    args = parser.parse_args()
    if args.child:
        ruleset, games, library = args.child
        child(ruleset, int(games), library)
        return
    if args.engine_child:
        games, library = args.engine_child
        engine_child(int(games), library)
        return
    if args.engine:
        engine(args.games, args.write, args.against, args.rst)
        return
    print(f"{'ruleset':8} {'raw':>11} {'pettingzoo':>20} {'openspiel':>20}  (instructions)")
    for ruleset in ("mitosz", "mythos"):
        per = measure(ruleset, args.games)
        raw, pz, osp = per["raw"], per["petting"], per["spiel"]
        print(
            f"{ruleset:8} {raw:11,.0f} {pz:11,.0f} ({pz / raw - 1:+.1%})"
            f" {osp:11,.0f} ({osp / raw - 1:+.1%})"
        )


def engine(games: int, write: Path | None, against: Path | None, rst: Path | None = None) -> None:
    """Measure, print, and keep or compare the engine's instructions per decision; with
    ``rst``, write the figures (and the ratios to ``against``) as a docs table."""
    per = measure_engine(games)
    commit = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, check=False
    ).stdout.strip()
    before: dict[str, float] = {}
    kept = ""
    if against is not None:
        data = json.loads(against.read_text())
        before, kept = data["instructions_per_decision"], str(data.get("commit", ""))
    for name, value in per.items():
        ratio = f"  {value / before[name]:.2f}x of the kept figure" if name in before else ""
        print(f"{name:10} {value:12,.0f} instructions a decision{ratio}")
    if write is not None:
        data = {"commit": commit, "games": games, "instructions_per_decision": per}
        write.write_text(json.dumps(data, indent=2) + "\n")
    if rst is not None:
        rst.write_text(table(per, before, commit, kept, games), encoding="utf-8")


def table(
    per: dict[str, float], before: dict[str, float], commit: str, kept: str, games: int
) -> str:
    """The engine's instructions per decision as a list-table, with the ratio to the
    kept figure where there is one."""
    lines = [
        f".. list-table:: Instructions per decision at ``{commit}``, {games} games a workload",
        "   :header-rows: 1",
        "",
        "   * - workload",
        "     - instructions per decision",
    ]
    if before:
        lines += [f"     - at ``{kept}``", "     - ratio"]
    for name, value in per.items():
        lines += [f"   * - {name}", f"     - {value:,.0f}"]
        if before:
            old = before.get(name)
            lines += [
                f"     - {old:,.0f}" if old else "     -",
                f"     - {value / old:.2f}x" if old else "     -",
            ]
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    main()

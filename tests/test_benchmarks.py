"""Smoke tests of the benchmark suite (``benchmarks/``) and of ``mitosz-core bench``.

Each benchmark runs once on tiny inputs, so that the suite cannot rot unnoticed; nothing
here asserts a speed, and the baseline is never built.
"""

from __future__ import annotations

import importlib
import random
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

pyperf = pytest.importorskip("pyperf", reason="the benchmarks need the extra mitosz-core[bench]")

import mitosz_core  # noqa: E402
from benchmarks import instructions, profile, report, worker, workloads  # noqa: E402
from benchmarks.catalogue import CHESS, MICRO, NAMES, PLAYOUTS, SIZES  # noqa: E402
from mitosz_core import bench  # noqa: E402
from tests.helpers import compiled  # noqa: E402

TINY = SIZES["tiny"]
ROOT = Path(__file__).resolve().parent.parent


def _history(ruleset: str, players: int, seed: int) -> tuple[mitosz_core.Decision, ...]:
    chooser = random.Random(seed)
    state = mitosz_core.new_game(ruleset, seed=seed, players=players)
    while not state.is_over:
        state = mitosz_core.apply(state, chooser.choice(mitosz_core.legal_actions(state)))
    return state.history


def test_playouts_count_decisions_and_automatic_passes_apart() -> None:
    tally = workloads.playouts("mitosz", 3, (0,))
    histories = [_history("mitosz", 3, 0)]
    assert tally.games == 1
    assert tally.moves == sum(not d.auto for h in histories for d in h)
    assert tally.auto_passes == sum(d.auto for h in histories for d in h) > 0


class FakeRunner:
    """Records what ``worker.register`` hands to pyperf and calls it once (one loop)."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, int | None, dict[str, Any] | None, float]] = []

    def bench_time_func(
        self,
        name: str,
        time_func: Callable[..., float],
        /,
        *args: Any,
        inner_loops: int | None = None,
        metadata: dict[str, Any] | None = None,
    ) -> Any:
        self.calls.append((name, inner_loops, metadata, time_func(1, *args)))


@pytest.mark.parametrize("name", NAMES)
def test_every_benchmark_runs_once_on_tiny_inputs(name: str) -> None:
    runner = FakeRunner()
    worker.register(runner, name, TINY)
    [(registered, inner_loops, metadata, seconds)] = runner.calls
    assert registered == name
    assert inner_loops is not None and inner_loops > 0
    assert seconds > 0
    if name in PLAYOUTS or name == CHESS:
        assert metadata is not None and metadata["moves"] == inner_loops
        assert metadata["games"] == len(TINY.seeds)
    else:
        assert inner_loops == len(TINY.sample_seeds) * TINY.per_game


def test_the_sample_is_of_running_games_and_their_chosen_legal_actions() -> None:
    sample = workloads.midgame_sample("mitosz", 2, (0, 1), 3)
    assert len(sample) == 6
    for state, action in sample:
        assert not state.is_over and state.turn > 1
        assert action in mitosz_core.legal_actions(state)
    assert len({id(state) for state, _ in sample}) == 6


def test_retained_memory_counts_the_states_kept() -> None:
    memory = workloads.retained_memory("mitosz", 2, 0, 20)
    assert memory.states == 20
    assert memory.kept_all > memory.kept_none
    assert memory.per_state == (memory.kept_all - memory.kept_none) / 20


def test_cold_start_times_a_fresh_interpreter() -> None:
    cold = workloads.cold_start(sys.executable)
    assert cold.import_seconds > 0 and cold.first_game > 0 and cold.second_game > 0


def test_pyperf_runs_a_benchmark_through_its_worker(tmp_path: Path) -> None:
    out = tmp_path / "chess.json"
    command = [sys.executable, "-m", "benchmarks.suite", CHESS, "--size", "tiny"]
    command += ["--processes", "1", "--values", "1", "--loops", "1", "--warmups", "0"]
    subprocess.run([*command, "--quiet", "-o", str(out)], cwd=ROOT, check=True)
    result = pyperf.Benchmark.load(str(out))
    assert result.get_name() == CHESS
    assert result.get_nvalue() == 1 and result.mean() > 0


def _figure(mean: float) -> report.Figure:
    return report.Figure(mean, mean / 10, 3)


def _results() -> report.Results:
    rows = [
        report.Row(
            name, unit, higher, _figure(200.0), _figure(100.0), 1000.0 if name in PLAYOUTS else None
        )
        for name, (unit, higher) in report.ROWS.items()
    ]
    about = {"current": "abc1234", "baseline": "f" * 40, "size": "tiny", "date": "2025-01-01"}
    return report.Results(about, rows, {})


def test_the_report_gives_ratios_chess_ratios_and_targets() -> None:
    results = _results()
    row = results.rows[0]
    assert row.ratio == 2.0 and row.chess_ratios() == (0.2, 0.1)
    table = report.text_table(results)
    assert all(name in table for name in report.ROWS)
    assert "0.200 / 0.100" in table
    lines = report.targets(results)  # every playout at 0.2 of python-chess
    assert lines == [
        "playout-mitosz-2p ratio to python-chess >= 0.3: 0.200 not met",
        "playout-mitosz-4p ratio to python-chess >= 0.2: 0.200 met",
    ]
    assert set(MICRO) <= set(report.ROWS)


def test_the_reST_table_has_a_cell_per_column_and_the_results_round_trip(tmp_path: Path) -> None:
    results = _results()
    rst = report.rst_table(results)
    assert rst.startswith(".. list-table::")
    assert rst.count("   * - ") == len(results.rows) + 1
    cells = [line for line in rst.splitlines() if line.startswith("     -")]
    assert len(cells) == (len(results.rows) + 1) * (len(report.HEADER) - 1)
    report.dump(results, tmp_path / "results.json")
    assert report.load(tmp_path / "results.json") == results


def test_the_bench_command_times_decisions_only_and_counts_automatic_passes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    class Clock:
        now = 0.0

        def perf_counter(self) -> float:
            return self.now

    clock = Clock()
    real_apply = mitosz_core.apply

    def slow_new_game(*args: Any, **kwargs: Any) -> Any:
        clock.now += 1000.0  # what the card pool would cost, if it were timed
        return mitosz_core.new_game(*args, **kwargs)

    def ticking_apply(*args: Any) -> Any:
        clock.now += 1.0
        return real_apply(*args)

    monkeypatch.setattr(bench, "time", clock)
    monkeypatch.setattr(bench, "new_game", slow_new_game)
    monkeypatch.setattr(bench, "apply", ticking_apply)
    result = bench.run("mitosz", games=1, players=2, first_seed=0)
    history = _history("mitosz", 2, 0)
    assert result.decisions == sum(not d.auto for d in history) == result.seconds
    assert result.auto_passes == sum(d.auto for d in history)
    assert f"(+{result.auto_passes} automatic passes)" in result.report()


def test_the_instructions_table_gives_each_workload_and_its_ratio_to_the_kept_figure() -> None:
    per = {"mitosz-2p": 2_000_000.4, "mythos-2p": 900_000.0}
    kept = {"mitosz-2p": 2_500_000.0, "mythos-2p": 1_000_000.0}
    text = instructions.table(per, kept, "abc1234", "0123456", 3)
    assert "at ``abc1234``, 3 games a workload" in text and "at ``0123456``" in text
    rows = text.split("   * - ")[2:]
    assert [r.split()[0] for r in rows] == ["mitosz-2p", "mythos-2p"]
    assert "2,000,000" in rows[0] and "2,500,000" in rows[0] and "0.80x" in rows[0]
    assert "0.90x" in rows[1]
    assert "ratio" not in instructions.table(per, {}, "abc1234", "", 3)


def compiled_part(suffix: str) -> bool:
    """Whether the module of a profile part (``rules/checks.py``) is compiled here."""
    name = "mitosz_core." + suffix.removesuffix(".py").replace("/", ".")
    if suffix.startswith("rules/"):
        name = "mitosz_core.games.mitosz." + suffix.removesuffix(".py").replace("/", ".")
    return compiled(importlib.import_module(name))


def test_the_profile_table_gives_every_part_its_share(tmp_path: Path) -> None:
    target = tmp_path / "profile.inc"
    assert profile.main(["--games", "1", "--rst", str(target)]) == 0
    text = target.read_text(encoding="utf-8")
    assert text.startswith(".. list-table:: Where the time of 1 seeded 2-player Mítosz games")
    for suffix, _, label in profile.PARTS:
        if compiled_part(suffix):
            assert label not in text  # cProfile does not see it by name (compiled build)
            continue
        share = text.split(f"   * - {label}\n     - ", 1)[1].split("%", 1)[0]
        assert 0 <= int(share) <= 100, label
    whole = text.split("apply, in all")[1].split("- ", 1)[1].split("%")[0]
    assert int(whole) > 30  # the engine's own work is most of a game's time


def test_the_profile_lists_the_functions_with_the_most_time_of_their_own(tmp_path: Path) -> None:
    target = tmp_path / "profile.inc"
    assert profile.main(["--games", "1", "--own", "5", "--rst", str(target)]) == 0
    text = target.read_text(encoding="utf-8")
    rows = text.split(".. list-table:: The 5 functions with the most time of their own")[1]
    shares = [float(s.split("%")[0]) for s in rows.split("     - ")[2:]]
    assert len(shares) == 5 and shares == sorted(shares, reverse=True)
    assert 0 < sum(shares) <= 100
    assert "``mitosz_core/" in rows  # the engine's interpreted functions, by module and name
    assert str(Path.cwd()) not in text  # no path of the machine it ran on

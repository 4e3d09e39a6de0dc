"""The table of a run: its rows, the speed targets, and the text, reST and JSON forms.

``python -m benchmarks.run --render FILE [--rst OUT]`` prints (and writes) the table of
an earlier run's JSON results.
"""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from benchmarks.catalogue import CHESS, MICRO, PLAYOUTS

TARGETS = {"playout-mitosz-2p": 0.3, "playout-mitosz-4p": 0.2}
"""The speed targets of round 3 for the pure build: benchmark -> its rate over
python-chess's plies/s. (The compiled build's, 0.6 for Mítosz with 2 players and 1.0 for
MYTHOS, are read off its own run; the work per decision's, at most 0.4 times the
instructions where the round started, is ``benchmarks/instructions.py``'s.)"""


ROWS = {
    **dict.fromkeys(PLAYOUTS, ("decisions/s", True)),
    **dict.fromkeys(MICRO, ("calls/s", True)),
    CHESS: ("plies/s", True),
    "import": ("s", False),
    "first-new-game": ("s", False),
    "second-new-game": ("× first", False),
    "memory-per-state": ("KiB", False),
}
"""The rows of the table, in order: benchmark -> (unit, whether higher is better)."""


@dataclass(frozen=True)
class Figure:
    """A mean, its standard deviation and the count of values behind it (for the memory
    figure, one measurement: the count of states)."""

    mean: float
    stdev: float
    count: int

    def text(self) -> str:
        spread = f" ± {_number(self.stdev)}" if self.stdev else ""
        return _number(self.mean) + spread


@dataclass(frozen=True)
class Row:
    """One benchmark's figures; ``chess`` is python-chess's plies/s for playouts."""

    name: str
    unit: str
    higher_is_better: bool
    current: Figure
    baseline: Figure | None = None
    chess: float | None = None

    @property
    def ratio(self) -> float | None:
        return None if self.baseline is None else self.current.mean / self.baseline.mean

    def chess_ratios(self) -> tuple[float | None, float | None]:
        if self.chess is None:
            return None, None
        base = None if self.baseline is None else self.baseline.mean / self.chess
        return self.current.mean / self.chess, base


@dataclass(frozen=True)
class Results:
    """A run: what was measured where (``about``), its rows and the work behind them."""

    about: dict[str, Any]
    rows: list[Row]
    work: dict[str, dict[str, Any]]
    """The work of one pass of each playout and of the chess games, by side."""


HEADER = ("benchmark", "unit", "current", "baseline", "ratio", "chess ratio")


def cells(row: Row) -> tuple[str, ...]:
    """A row of the table: ``ratio`` is current / baseline; ``chess ratio`` is decisions/s
    over python-chess's plies/s, for the current checkout / the baseline."""
    ratio = "" if row.ratio is None else f"{row.ratio:.2f}"
    ours, theirs = row.chess_ratios()
    chess = "" if ours is None else f"{ours:.3f}"
    if theirs is not None:
        chess += f" / {theirs:.3f}"
    baseline = "" if row.baseline is None else row.baseline.text()
    return (row.name, row.unit, row.current.text(), baseline, ratio, chess)


def text_table(results: Results) -> str:
    table = [HEADER, *(cells(row) for row in results.rows)]
    widths = [max(len(line[i]) for line in table) for i in range(len(HEADER))]
    lines = ["  ".join(c.ljust(w) for c, w in zip(line, widths, strict=True)) for line in table]
    lines.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(line.rstrip() for line in lines)


def rst_table(results: Results) -> str:
    about = results.about
    base = f"baseline ``{about['baseline'][:12]}``" if about["baseline"] else "no baseline"
    lines = [
        f".. list-table:: ``{about['current']}`` against {base}, size {about['size']}, "
        f"{about['date'][:10]}",
        "   :header-rows: 1",
        "",
    ]
    for line in [HEADER, *(cells(row) for row in results.rows)]:
        for index, cell in enumerate(line):
            lines.append(f"   {'*' if index == 0 else ' '} - {cell}".rstrip())
    return "\n".join(lines) + "\n"


def targets(results: Results) -> list[str]:
    """One line per target of :data:`TARGETS`: the figure it asks for, the figure
    measured, met or not."""
    lines = []
    for row in results.rows:
        if row.name not in TARGETS:
            continue
        target, ours = TARGETS[row.name], row.chess_ratios()[0]
        verdict = "n/a" if ours is None else f"{ours:.3f} {_met(ours >= target)}"
        lines.append(f"{row.name} ratio to python-chess >= {target}: {verdict}")
    return lines


def workload_lines(results: Results) -> list[str]:
    """The work of one pass of each playout: the same on both sides, or it says so."""
    lines = []
    for name, by_side in results.work.items():
        current, *others = by_side.values()
        text = ", ".join(f"{value:,} {key}" for key, value in current.items())
        if any(other != current for other in others):
            text += f"; DIFFERENT WORK on the baseline: {others[0]}"
        lines.append(f"{name}: {text}")
    return lines


def _met(ok: bool) -> str:
    return "met" if ok else "not met"


def _number(value: float) -> str:
    return f"{value:,.0f}" if abs(value) >= 100 else f"{value:.3g}"


def dump(results: Results, path: Path) -> None:
    data = {
        "about": results.about,
        "rows": [
            {**dataclasses.asdict(row), "ratio": row.ratio, "chess_ratios": row.chess_ratios()}
            for row in results.rows
        ],
        "work": results.work,
    }
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n")


def load(path: Path) -> Results:
    data = json.loads(path.read_text())
    rows = []
    for item in data["rows"]:
        current = Figure(**item["current"])
        baseline = None if item["baseline"] is None else Figure(**item["baseline"])
        rows.append(
            Row(
                item["name"],
                item["unit"],
                item["higher_is_better"],
                current,
                baseline,
                item["chess"],
            )
        )
    return Results(data["about"], rows, data["work"])


RATIOS = (
    "ratio: current / baseline (above 1 is better for the rates, below 1 for s, × first "
    "and KiB);\nchess ratio: decisions/s / python-chess plies/s (current / baseline)"
)


def report(results: Results) -> str:
    parts = [text_table(results), RATIOS, "", "Work per pass:", *workload_lines(results)]
    parts += ["", "Speed targets (round 3, pure build):", *targets(results)]
    return "\n".join(parts)

"""The progress display of long commands (``simulate``, ``bench``): a Rich progress bar
on standard error with the count, the rate and the time left, so that standard output
keeps only the results. It is drawn only when standard error is a terminal."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TaskID,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.text import Text


class RateColumn(ProgressColumn):
    """Games a second."""

    def render(self, task: Task) -> Text:
        speed = task.finished_speed or task.speed
        return Text("" if speed is None else f"{speed:.2f} games/s")


@contextmanager
def progress(what: str, total: int) -> Iterator[Bar]:
    """A progress bar for ``total`` items; call ``advance()`` on what it yields."""
    console = Console(stderr=True)
    bar = Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        RateColumn(),
        TimeElapsedColumn(),
        TextColumn("left"),
        TimeRemainingColumn(),
        console=console,
        disable=not console.is_terminal,
        transient=False,
    )
    with bar:
        task = bar.add_task(what, total=total)
        yield Bar(bar, task)


class Bar:
    """One bar of a progress display."""

    def __init__(self, bar: Progress, task: TaskID) -> None:
        self._bar = bar
        self._task = task

    def advance(self, by: int = 1) -> None:
        self._bar.advance(self._task, by)

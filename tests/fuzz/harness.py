"""Running a fuzz target and keeping its figures.

A *target* is a loader and the strategy of inputs fed to it. :func:`exercise` feeds one
input and classifies the outcome: a valid result (which the target may check further), a
library error (a :class:`~mitosz_core.errors.MitoszError`, counted by class), or a
*failure*: any other exception, or a result that fails the target's check.

Two modes:

- the short run (the default, e.g. in CI): each target runs once under the Hypothesis
  profile in force (``ci``: 25 derandomised examples); a failure raises at once, so
  Hypothesis shrinks it and prints the smallest input;
- the long run (``MITOSZ_FUZZ_MINUTES=60``, as ``nox -s fuzz`` sets): the minutes are
  shared among the targets, each runs batches of fresh random examples until its share
  is spent, failures are collected (not raised) and written to ``MITOSZ_FUZZ_FAILURES``
  (a folder, ``fuzz-failures`` by default), and the test fails at the end if any.

Either way the figures (inputs tried, results, errors by class, failures) are printed at
the end of the session and written as JSON to ``MITOSZ_FUZZ_REPORT`` if set.
"""

from __future__ import annotations

import hashlib
import json
import os
import time
import traceback
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mitosz_core.errors import MitoszError
from mitosz_core.kernel.limits import Limits, use_limits

ENV_MINUTES = "MITOSZ_FUZZ_MINUTES"
ENV_REPORT = "MITOSZ_FUZZ_REPORT"
ENV_FAILURES = "MITOSZ_FUZZ_FAILURES"
BATCH = 200
"""Examples per Hypothesis run in the long run (each run starts from a fresh seed)."""


class CheckFailed(AssertionError):
    """A loader's result that breaks the target's property."""


@dataclass(frozen=True)
class Target:
    """A loader under fuzzing: ``run`` feeds it one input and returns its result;
    ``check`` (optional) raises :class:`CheckFailed` if a valid result is wrong."""

    name: str
    inputs: st.SearchStrategy[Any]
    run: Callable[[Any], Any]
    check: Callable[[Any, Any], None] | None = None
    known: Callable[[BaseException], str | None] | None = None
    """Names a known problem left to other work (counted apart, not a failure)."""


@dataclass
class Figures:
    """What one target's inputs ended in."""

    tried: int = 0
    valid: int = 0
    errors: Counter[str] = field(default_factory=Counter)
    known: Counter[str] = field(default_factory=Counter)
    failures: Counter[str] = field(default_factory=Counter)
    seconds: float = 0.0

    def as_json(self) -> dict[str, Any]:
        return {
            "tried": self.tried,
            "valid": self.valid,
            "errors": dict(sorted(self.errors.items())),
            "known": dict(sorted(self.known.items())),
            "failures": dict(sorted(self.failures.items())),
            "seconds": round(self.seconds, 1),
        }


FIGURES: dict[str, Figures] = {}


def long_run_seconds(targets: int) -> float | None:
    """Each target's share of the long run's minutes; ``None`` in the short run."""
    minutes = os.environ.get(ENV_MINUTES)
    if not minutes:
        return None
    return float(minutes) * 60 / targets


def exercise(target: Target, value: Any, collect: bool) -> None:
    """Feed ``value`` to ``target`` and count the outcome; a failure raises unless
    ``collect`` (then it is written to the failures folder)."""
    figures = FIGURES.setdefault(target.name, Figures())
    figures.tried += 1
    try:
        result = target.run(value)
        if target.check is not None:
            target.check(value, result)
    except MitoszError as exc:
        figures.errors[type(exc).__name__] += 1
        return
    except Exception as exc:
        known = target.known(exc) if target.known is not None else None
        if known is not None:
            figures.known[known] += 1
            return
        label = f"{type(exc).__name__}: {str(exc)[:120]}"
        figures.failures[label] += 1
        if not collect:
            raise
        _save_failure(target.name, value, exc)
        return
    figures.valid += 1


def _save_failure(name: str, value: Any, exc: BaseException) -> None:
    folder = Path(os.environ.get(ENV_FAILURES, "fuzz-failures"))
    folder.mkdir(parents=True, exist_ok=True)
    body = value if isinstance(value, str | bytes) else repr(value)
    data = body.encode("utf-8", "surrogatepass") if isinstance(body, str) else body
    stem = "".join(c if c.isalnum() else "-" for c in name)
    stem = f"{stem}-{hashlib.sha256(data).hexdigest()[:16]}"
    (folder / f"{stem}.input").write_bytes(data)
    trace = "".join(traceback.format_exception(exc))
    (folder / f"{stem}.txt").write_text(trace, encoding="utf-8")


FUZZ_SETTINGS: dict[str, Any] = {
    "deadline": None,
    "suppress_health_check": list(HealthCheck),
}


def fuzz(target: Target, limits: Limits, targets: int) -> Figures:
    """Run ``target`` in the short or the long run (see the module docstring)."""
    share = long_run_seconds(targets)
    figures = FIGURES.setdefault(target.name, Figures())
    started = time.monotonic()
    with use_limits(limits):
        if share is None:

            @settings(**FUZZ_SETTINGS)
            @given(target.inputs)
            def short(value: Any) -> None:
                exercise(target, value, collect=False)

            short()
        else:
            while time.monotonic() - started < share:

                @settings(max_examples=BATCH, derandomize=False, database=None, **FUZZ_SETTINGS)
                @given(target.inputs)
                def batch(value: Any) -> None:
                    exercise(target, value, collect=True)

                batch()
    figures.seconds += time.monotonic() - started
    return figures


def report() -> dict[str, Any]:
    return {name: figures.as_json() for name, figures in sorted(FIGURES.items())}


def summary() -> list[str]:
    """The figures as lines of a table."""
    lines = [f"{'loader':<24} {'tried':>7} {'valid':>7} {'failed':>6}  errors by class"]
    for name, figures in sorted(FIGURES.items()):
        errors = ", ".join(f"{k} {v}" for k, v in figures.errors.most_common())
        known = ", ".join(f"{k} {v}" for k, v in figures.known.most_common())
        failed = sum(figures.failures.values())
        known_part = f"; known: {known}" if known else ""
        lines.append(
            f"{name:<24} {figures.tried:>7} {figures.valid:>7} {failed:>6}  {errors}{known_part}"
        )
        lines.extend(f"{'':<24}   FAILED {n} x {label}" for label, n in figures.failures.items())
    return lines


def write_report(path: str) -> None:
    Path(path).write_text(json.dumps(report(), indent=1) + "\n", encoding="utf-8")

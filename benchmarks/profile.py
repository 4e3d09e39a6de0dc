"""Where a Mítosz decision's time goes: a profile of seeded random games by the parts
of the engine the speed work names.

``python -m benchmarks.profile --games 8 --rst docs/figures/profile.inc`` plays the
engine's 2-player workload (``benchmarks.adapters.raw``, seeds 1 to ``games``) under
:mod:`cProfile`, after one warm-up game, and writes the share of the profiled time spent
in (and below) each part, with the Python calls a decision. cProfile slows calls down
unevenly, so the shares are a map of the work, not timings; the instructions per
decision (``benchmarks.instructions``) are the figure to steer by.

``--own N`` adds the ``N`` functions with the most time of their own (not counting what
they call), each with its share: in the compiled build, where cProfile sees a compiled
function only when interpreted code calls it (and none of the compiled calls below it),
that is the map of what is left: the interpreted functions on the hot path, and each
compiled entry point with all the compiled work below it.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import subprocess
from pathlib import Path

from benchmarks import adapters

PARTS = (
    ("kernel/api.py", "apply", "apply, in all (the decision and the automatic steps after it)"),
    ("kernel/api.py", "legal_actions", "legal_actions: the list of legal actions"),
    ("rules/summoning.py", "plays", "within it, the card plays"),
    ("rules/maneuvers.py", "candidates", "within it, the maneuver uses"),
    ("rules/checks.py", "state_checks", "the state-based checks"),
    ("kernel/steps.py", "auto_action", "the automatic passes (auto_pass): a pass found alone"),
    ("rules/events.py", "open_response", "the 6.1.4 response probe after a deed"),
)
"""(file suffix, function, what it is): the parts shown, in this order."""


def profile(games: int) -> tuple[pstats.Stats, int]:
    """The profile of ``games`` seeded 2-player Mítosz games, and their decisions."""
    adapters.raw("mitosz", 10_000, 2)  # warm-up: card data loaded, caches filled
    profiler = cProfile.Profile()
    profiler.enable()
    decisions = sum(adapters.raw("mitosz", seed, 2) for seed in range(1, 1 + games))
    profiler.disable()
    return pstats.Stats(profiler), decisions


def shares(stats: pstats.Stats) -> dict[str, float]:
    """Each part's cumulative time as a share of the profiled time; a part that cProfile
    did not see (a function of a compiled module) is left out."""
    table: dict[tuple[str, int, str], tuple[int, int, float, float, object]]
    table = stats.stats  # type: ignore[attr-defined]
    total = sum(entry[2] for entry in table.values())
    found: dict[str, float] = {}
    for suffix, name, label in PARTS:
        entries = [
            entry[3]
            for (path, _, function), entry in table.items()
            if function == name and path.replace("\\", "/").endswith(suffix)
        ]
        if entries:  # a compiled function is not seen by name (see --own)
            found[label] = sum(entries) / total
    return found


def own(stats: pstats.Stats, count: int) -> list[tuple[str, float]]:
    """The ``count`` functions with the most time of their own, as ``module:function``
    (a compiled or built-in function by its name), each with its share of the profiled
    time."""
    table: dict[tuple[str, int, str], tuple[int, int, float, float, object]]
    table = stats.stats  # type: ignore[attr-defined]
    total = sum(entry[2] for entry in table.values())
    ranked = sorted(table.items(), key=lambda item: -item[1][2])[:count]
    out = []
    for (path, _, function), entry in ranked:
        where = path.replace("\\", "/").split("/src/")[-1].split("site-packages/")[-1]
        where = where.removeprefix(Path.cwd().as_posix() + "/")  # the checkout's own
        name = function if where == "~" else f"{where.removesuffix('.py')}:{function}"
        out.append((name, entry[2] / total))
    return out


def _commit() -> str:
    """The checkout's commit, ``-dirty`` if a file outside the docs' figures (which the
    same session writes) differs from it."""

    def git(*args: str) -> str:
        run = subprocess.run(["git", *args], capture_output=True, text=True, check=False)
        return run.stdout.strip()

    changed = git("status", "--porcelain", "--untracked-files=no", "--", ".", ":!docs/figures")
    return git("rev-parse", "--short", "HEAD") + ("-dirty" if changed else "")


def rst(found: dict[str, float], calls: float, games: int, leaders: list[tuple[str, float]]) -> str:
    commit = _commit()
    lines = [
        f".. list-table:: Where the time of {games} seeded 2-player Mítosz games goes "
        f"(cProfile, ``{commit or 'unknown'}``): {calls:,.0f} Python calls a decision",
        "   :header-rows: 1",
        "",
        "   * - part",
        "     - share of the profiled time",
    ]
    for label, share in found.items():
        lines += [f"   * - {label}", f"     - {100 * share:.0f}%"]
    if leaders:
        lines += [
            "",
            f".. list-table:: The {len(leaders)} functions with the most time of their own",
            "   :header-rows: 1",
            "",
            "   * - function",
            "     - share of the profiled time",
        ]
        for name, share in leaders:
            lines += [f"   * - ``{name}``", f"     - {100 * share:.1f}%"]
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=8)
    parser.add_argument("--rst", type=Path, help="write the table for the docs here")
    parser.add_argument("--own", type=int, default=0, help="also list the N top own times")
    args = parser.parse_args(argv)
    stats, decisions = profile(args.games)
    found = shares(stats)
    calls = stats.total_calls / decisions  # type: ignore[attr-defined]
    text = rst(found, calls, args.games, own(stats, args.own))
    print(text)
    if args.rst is not None:
        args.rst.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""Bot strength: each bot against the one below it, on the built-in decks, seats and
decks swapped, fixed seeds, with 95% Wilson intervals::

    python -m benchmarks.strength [--games N] [--jobs N] [--playouts N] [--ruleset R]
                                  [--match M] [--minutes M] [--log FILE] [--rst FILE]
    python -m benchmarks.strength --from-log FILE [--from-log FILE ...] [--rst FILE]

The matches: the heuristic bot against the random one, and the search bot (IS-MCTS,
``--playouts`` a decision, by default :data:`PLAYOUTS`) against the heuristic one, for
each ruleset. Each match is ``--games`` games (default 400) in groups of four on one
seed (:func:`specs`): the bot on each of the first two built-in decks, in each seat,
through :mod:`mitosz_core.simulate`. The targets of the issue are checked and printed: the
heuristic bot wins at least 75% with a lower bound above 65%; the search bot at least
60% with a lower bound above 50%. A running tally is printed after each group;
``--minutes`` starts no new group after that time (the match is then the games played,
still balanced), ``--log`` appends every game's record to a JSON-lines file, and
``--from-log FILE`` makes the table of such files (their whole groups) without playing.
The MYTHOS search match costs most (its playouts go on through the opponent's turn):
on a heavily loaded machine of 2 cores it played 140 games in 50 minutes; ``--games 40``
is a quick look.
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass, replace
from pathlib import Path

from mitosz_core import simulate as sim
from mitosz_core.bots import mcts, sampling_available
from mitosz_core.kernel.api import new_game
from mitosz_core.kernel.registry import get


@dataclass(frozen=True)
class Match:
    name: str
    bot: str
    against: str
    target: float
    lower_bound: float


PLAYOUTS = mcts.PLAYOUTS
"""The search bot's playouts a decision by default: the bot's own default
(:data:`mitosz_core.bots.mcts.PLAYOUTS`). A MYTHOS playout goes on to the bot's next turn;
a Mítosz playout goes to the end of the bot's turn and counts the opponent's next battle
as a threat (``mitosz_core.bots.mcts.TURNS`` and ``THREAT``), and only the summoning
phases and the declaration of a fight are searched (``mitosz_core.bots.mcts.SEARCHED``).
The MYTHOS search match costs most; the table's last column is each match's time."""


def matches(playouts: int) -> tuple[Match, ...]:
    return (
        Match("heuristic-vs-random", "heuristic", "random", 0.75, 0.65),
        Match("mcts-vs-heuristic", f"mcts:{playouts}", "heuristic", 0.60, 0.50),
    )


@dataclass(frozen=True)
class Outcome:
    ruleset: str
    match: Match
    summary: sim.Summary
    seconds: float

    @property
    def wins(self) -> sim.Rate:
        """The bot's wins: side A on one deck, side B on the other (see :func:`play`)."""
        return self.summary.wins["A"]

    @property
    def passed(self) -> bool:
        low, _ = self.wins.interval
        return self.wins.value >= self.match.target and low > self.match.lower_bound


def specs(ruleset: str, match: Match, games: int, first_seed: int = 0) -> list[sim.GameSpec]:
    """``games`` games of ``match`` in groups of four on one seed: the bot on the first
    deck in seat 0 and in seat 1, then on the second deck in seat 0 and in seat 1; so
    every prefix of whole groups is balanced in seats and decks."""
    decks = [d.name for d in get(ruleset).default_decks(2)]
    bots = (match.bot, match.against)
    out: list[sim.GameSpec] = []
    seed = first_seed
    while len(out) < games:
        pair = sim.plan(ruleset, (decks[0], decks[1]), bots, 2, seed)
        pair += sim.plan(ruleset, (decks[1], decks[0]), bots, 2, seed + 1_000_000)
        out += [replace(spec, index=len(out) + k) for k, spec in enumerate(pair)]
        seed += 1
    return out[:games]


def play(
    ruleset: str,
    match: Match,
    games: int,
    jobs: int,
    first_seed: int = 0,
    minutes: float | None = None,
    log: Path | None = None,
) -> Outcome:
    """``games`` games of ``match`` (see :func:`specs`), on ``jobs`` processes. With
    ``minutes``, no new group of games starts after that time: the outcome is the games
    played by then (whole groups of four). With ``log``, every game's record is appended
    to that file as a JSON line as it ends."""
    todo = specs(ruleset, match, games, first_seed)
    chunk = 4 * max(1, (jobs + 1) // 2)
    start = time.perf_counter()
    records: list[sim.GameRecord] = []

    def write(record: sim.GameRecord) -> None:
        if log is not None:
            with log.open("a", encoding="utf-8") as out:
                out.write(json.dumps({"ruleset": ruleset, "match": match.name, **asdict(record)}))
                out.write("\n")

    for k in range(0, len(todo), chunk):
        if minutes is not None and time.perf_counter() - start > 60 * minutes:
            break
        records += sim.run(todo[k : k + chunk], jobs=jobs, on_record=write)
        wins = sim.summarize(records).wins["A"]
        print(f"  {ruleset} {match.name}: {len(records)} games, {wins.text()}", flush=True)
    return Outcome(ruleset, match, sim.summarize(records), time.perf_counter() - start)


def from_log(paths: Sequence[Path], jobs: int = 2) -> list[Outcome]:
    """The outcomes of the matches whose records ``--log`` files hold, each from its
    whole groups of four (a run stopped part way keeps its balanced part; a game logged
    twice counts once); the minutes are the games' time over ``jobs`` processes."""
    found: dict[tuple[str, str, str], dict[int, sim.GameRecord]] = {}
    lines = [line for path in paths for line in path.read_text(encoding="utf-8").splitlines()]
    for line in lines:
        row = json.loads(line)
        ruleset, name = row.pop("ruleset"), row.pop("match")
        record = sim.GameRecord(
            **{
                **row,
                "sides": tuple(row["sides"]),
                "bots": tuple(row["bots"]),
                "played": tuple(tuple(p) for p in row["played"]),
            }
        )
        bot = record.bots[record.sides.index("A")]
        found.setdefault((ruleset, name, bot), {})[record.index] = record
    outcomes = []
    for (ruleset, name, bot), by_index in found.items():
        groups = {i // 4 for i in by_index}
        whole = [
            by_index[i]
            for g in sorted(groups)
            if all(4 * g + k in by_index for k in range(4))
            for i in range(4 * g, 4 * g + 4)
        ]
        if not whole:
            continue
        match = next(m for m in matches(1) if m.name == name)
        match = replace(match, bot=bot)
        seconds = sum(r.seconds for r in whole) / jobs
        outcomes.append(Outcome(ruleset, match, sim.summarize(whole), seconds))
    return outcomes


GAMES = 400
"""The games a match needs (the issue's measure): a target met (or missed) over fewer is
met (or missed) so far."""


def _met(o: Outcome) -> str:
    """Whether the match meets its target: over fewer games than it needs, only so far
    (either way)."""
    if o.summary.games < GAMES:
        so_far = f"so far ({o.summary.games} of {GAMES} games)"
        return so_far if o.passed else f"not {so_far}"
    return "yes" if o.passed else "no"


def table(outcomes: list[Outcome]) -> str:
    """The results as a reStructuredText list table."""
    lines = [
        ".. list-table::",
        "   :header-rows: 1",
        "",
        "   * - ruleset",
        "     - match",
        "     - games",
        "     - wins [95% Wilson interval]",
        "     - draws",
        "     - target (lower bound)",
        "     - met",
        "     - minutes (2 processes)",
    ]
    for o in outcomes:
        low, high = o.wins.interval
        lines += [
            f"   * - {o.ruleset}",
            f"     - {o.match.bot} vs {o.match.against}",
            f"     - {o.summary.games}",
            f"     - {100 * o.wins.value:.1f}% [{100 * low:.1f}, {100 * high:.1f}]",
            f"     - {100 * o.summary.draws.value:.1f}%",
            f"     - {100 * o.match.target:.0f}% (> {100 * o.match.lower_bound:.0f}%)",
            f"     - {_met(o)}",
            f"     - {o.seconds / 60:.1f}",
        ]
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.strength", description=__doc__)
    parser.add_argument(
        "--games", type=int, default=GAMES, help=f"games a match (default: {GAMES})"
    )
    parser.add_argument("--jobs", "-j", type=int, default=2, help="local processes (default: 2)")
    parser.add_argument(
        "--playouts", type=int, help="search playouts a decision (default: the bot's own)"
    )
    parser.add_argument("--ruleset", action="append", help="only this ruleset (repeatable)")
    parser.add_argument("--match", action="append", help="only this match (repeatable)")
    parser.add_argument("--rst", type=Path, help="also write the table to this file")
    parser.add_argument(
        "--minutes", type=float, help="start no new games in a match after this many minutes"
    )
    parser.add_argument(
        "--log", type=Path, help="append each game's record to this JSON-lines file"
    )
    parser.add_argument(
        "--from-log",
        type=Path,
        action="append",
        help="play nothing: the table of the records in these --log files (repeatable)",
    )
    args = parser.parse_args(argv)
    if args.from_log:
        logged = from_log(args.from_log, args.jobs)
        text = table(logged)
        print(text, end="")
        if args.rst is not None:
            args.rst.write_text(text, encoding="utf-8")
        return 0 if all(o.passed for o in logged) else 1
    missing = [
        r
        for r in args.ruleset or ["mitosz", "mythos"]
        if not sampling_available(new_game(r, seed=0))
    ]
    if missing:
        note = (
            f"Not measured yet: the {' and '.join(missing)} ruleset cannot sample "
            "determinizations (``sample_state``), which the heuristic and search bots need.\n"
        )
        print(note, end="")
        if args.rst is not None:
            args.rst.write_text(note, encoding="utf-8")
        return 1
    outcomes = []
    for ruleset in args.ruleset or ["mitosz", "mythos"]:
        for match in matches(args.playouts or PLAYOUTS[ruleset]):
            if args.match and match.name not in args.match:
                continue
            outcome = play(
                ruleset, match, args.games, args.jobs, minutes=args.minutes, log=args.log
            )
            low, high = outcome.wins.interval
            print(
                f"{ruleset:7} {match.bot:>10} vs {match.against:<10} "
                f"{outcome.summary.games} games: "
                f"{100 * outcome.wins.value:5.1f}% [{100 * low:.1f}, {100 * high:.1f}] "
                f"{'met' if outcome.passed else 'NOT met'} ({outcome.seconds / 60:.1f} min)",
                flush=True,
            )
            outcomes.append(outcome)
    if args.rst is not None:
        args.rst.write_text(table(outcomes), encoding="utf-8")
    return 0 if all(o.passed for o in outcomes) else 1


if __name__ == "__main__":
    raise SystemExit(main())

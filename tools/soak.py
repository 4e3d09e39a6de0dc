"""The soak: many random games of both rulesets, every invariant checked after every step.

Each game is Mítosz for 2, 3 or 4 players or MYTHOS, with a random seed and
``auto_pass`` on or off, played by uniformly random legal actions to its end. After every
decision the state goes through the ruleset's validator (the one ``State.from_json`` and
the position builders use: every card in one place, owners, zones, limits, spheres,
frames, fight, result, the deciding player, a legal action). At about one decision in
five, an action legal in another state of another game of the same ruleset is tried: if
it is not legal here, ``apply`` must raise ``IllegalActionError`` and leave the state as
it was; if it is an identical copy of a listed action (the same action naming another
copy of a card that no rule tells apart, which ``legal_actions`` lists once and which
stays legal), ``apply`` must take it. Every game's JSON round trip is checked at its end.

Games run on ``--workers`` processes. Any exception other than an expected
``IllegalActionError`` is a failure: it is printed with its game's set-up and step, and
the run exits with status 1. A summary (games by ruleset and player count, decisions,
illegal actions tried, failures, minutes) is printed at the end, written as JSON with
``--report`` and as the docs' table (``docs/figures/soak.inc``) with ``--rst``.

    python tools/soak.py --games 10000 --workers 2       # nox -s soak
    python tools/soak.py --games 40 --workers 2          # the short soak of CI
    python tools/soak.py --minutes 5                     # as many games as fit
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import sys
import time
import traceback
from collections import Counter, deque
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import mitosz_core as mc
from mitosz_core.kernel.action import Action
from mitosz_core.kernel.copies import list_once
from mitosz_core.kernel.registry import get

MAX_DECISIONS = 3000
"""A game longer than this is stopped (and counted), never failed: no game has come
near it."""
ILLEGAL_RATE = 0.2
FOREIGN = 64
"""Actions kept per ruleset from other games, to try as illegal ones."""


@dataclass
class Tally:
    """What one worker (or the whole run) did."""

    games: Counter[str] = field(default_factory=Counter)
    decisions: int = 0
    illegal_tried: int = 0
    illegal_refused: int = 0
    copies_taken: int = 0
    stopped: int = 0
    failures: list[str] = field(default_factory=list)

    def add(self, other: Tally) -> None:
        self.games.update(other.games)
        self.decisions += other.decisions
        self.illegal_tried += other.illegal_tried
        self.illegal_refused += other.illegal_refused
        self.copies_taken += other.copies_taken
        self.stopped += other.stopped
        self.failures += other.failures


def setup_of(index: int, base: int) -> tuple[str, int, int, bool]:
    """The ``index``-th game of a run: ruleset, players, seed, auto_pass."""
    rng = random.Random(base * 1_000_003 + index)
    if rng.random() < 0.25:
        ruleset, players = "mythos", 2
    else:
        ruleset, players = "mitosz", rng.randint(2, 4)
    return ruleset, players, rng.randrange(2**64), rng.random() < 0.8


def play_one(index: int, base: int, foreign: dict[str, deque[Action]], tally: Tally) -> None:
    ruleset, players, seed, auto_pass = setup_of(index, base)
    label = f"game {index}: {ruleset}, {players} players, seed {seed}, auto_pass {auto_pass}"
    rng = random.Random(seed)
    rules = get(ruleset)
    step = 0
    try:
        s = mc.new_game(ruleset, seed=seed, players=players, auto_pass=auto_pass)
        rules.validate(s)
        while not s.is_over:
            if step >= MAX_DECISIONS:
                tally.stopped += 1
                break
            legal = mc.legal_actions(s)
            if foreign[ruleset] and rng.random() < ILLEGAL_RATE:
                _try_illegal(s, rng.choice(foreign[ruleset]), legal, tally)
            action = rng.choice(legal)
            s = mc.apply(s, action)
            rules.validate(s)
            step += 1
            if rng.random() < 0.05:
                foreign[ruleset].append(action)
        if mc.State.from_json(s.to_json()) != s:
            raise AssertionError("the JSON round trip of the last state differs")
    except Exception:
        tally.failures.append(f"{label}, after {step} decisions:\n{traceback.format_exc()}")
    tally.games[f"{ruleset}-{players}p"] += 1
    tally.decisions += step


def _try_illegal(s: mc.State[Any], action: Action, legal: tuple[Action, ...], tally: Tally) -> None:
    if action in legal:
        return
    rules = get(s.ruleset)
    if len(list_once((*legal, action), rules.interchangeable(s), rules.card_fields)) == len(legal):
        mc.apply(s, action)  # an identical copy of a listed action: legal, listed once
        tally.copies_taken += 1
        return
    tally.illegal_tried += 1
    before = hash(s)
    try:
        mc.apply(s, action)
    except mc.IllegalActionError:
        tally.illegal_refused += 1
    else:
        raise AssertionError(f"{action} is not among the legal actions, yet apply took it")
    if hash(s) != before:
        raise AssertionError(f"refusing {action} changed the state")


def worker(job: tuple[int, int, int, float, int]) -> Tally:
    """Games ``first, first + stride, ...`` of the run ``base``, until ``deadline`` (a
    time) or until the run's ``games`` are done."""
    first, stride, games, deadline, base = job
    tally = Tally()
    foreign: dict[str, deque[Action]] = {
        "mitosz": deque(maxlen=FOREIGN),
        "mythos": deque(maxlen=FOREIGN),
    }
    index = first
    while index < games and time.time() < deadline:
        play_one(index, base, foreign, tally)
        index += stride
    return tally


def table(summary: dict[str, Any]) -> str:
    """The summary of a run as the list-table of ``docs/reliability.rst``."""
    kinds = summary["games_by_kind"]
    mitosz = [kinds.get(f"mitosz-{n}p", 0) for n in (2, 3, 4)]
    shown = (
        f"Mítosz {mitosz[0]:,} for 2 players, {mitosz[1]:,} for 3, {mitosz[2]:,} for 4; "
        f"MYTHOS {kinds.get('mythos-2p', 0):,}"
    )
    rows = [
        ("command", f"``{summary['command']}``"),
        ("games", f"{summary['games']:,}: {shown}"),
        ("decisions", f"{summary['decisions']:,}, each followed by the validator"),
        (
            "illegal actions",
            f"{summary['illegal_actions_tried']:,} tried, "
            f"{summary['illegal_actions_refused']:,} refused with ``IllegalActionError``, "
            "the state unchanged",
        ),
        (
            "unlisted identical copies",
            f"{summary['unlisted_copies_taken']:,} tried, each taken by ``apply`` (listed "
            "once, still legal)",
        ),
        (
            f"games stopped at the cap of {MAX_DECISIONS:,} decisions",
            f"{summary['games_stopped_at_the_decision_cap']:,}",
        ),
        ("failures", f"**{summary['failures']:,}**"),
        (
            "minutes",
            f"{summary['minutes']} on {summary['workers']} process(es) "
            f"(Python {platform.python_version()})",
        ),
    ]
    lines = [".. list-table::", "   :header-rows: 0", "   :widths: 30 70", ""]
    for name, value in rows:
        lines += [f"   * - {name}", f"     - {value}"]
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Random games with every invariant checked.")
    parser.add_argument("--games", type=int, default=10_000, help="games to play (default 10000)")
    parser.add_argument("--minutes", type=float, default=None, help="stop after this many minutes")
    parser.add_argument("--workers", type=int, default=2, help="processes (default 2)")
    parser.add_argument("--base", type=int, default=0, help="picks the run's games (default 0)")
    parser.add_argument("--report", default=None, help="write the summary as JSON here")
    parser.add_argument("--rst", type=Path, help="write the summary as the docs' table here")
    args = parser.parse_args(argv)
    if args.games < 1 or args.workers < 1:
        parser.error("--games and --workers must be at least 1")
    start = time.time()
    deadline = start + (args.minutes * 60 if args.minutes else 10**9)
    jobs = [(w, args.workers, args.games, deadline, args.base) for w in range(args.workers)]
    total = Tally()
    with ProcessPoolExecutor(args.workers) as pool:
        for part in pool.map(worker, jobs):
            total.add(part)
    minutes = (time.time() - start) / 60
    summary = {
        "games": sum(total.games.values()),
        "games_by_kind": dict(sorted(total.games.items())),
        "decisions": total.decisions,
        "illegal_actions_tried": total.illegal_tried,
        "illegal_actions_refused": total.illegal_refused,
        "unlisted_copies_taken": total.copies_taken,
        "games_stopped_at_the_decision_cap": total.stopped,
        "failures": len(total.failures),
        "workers": args.workers,
        "minutes": round(minutes, 1),
        "command": " ".join(
            ["python", "tools/soak.py", *(argv if argv is not None else sys.argv[1:])]
        ),
    }
    for failure in total.failures[:20]:
        print(failure, file=sys.stderr)
    for key, value in summary.items():
        print(f"{key}: {value}")
    if args.report:
        with open(args.report, "w", encoding="utf-8") as out:
            json.dump({**summary, "failure_texts": total.failures}, out, indent=2)
    if args.rst is not None:
        args.rst.write_text(table(summary), encoding="utf-8")
    return 1 if total.failures else 0


if __name__ == "__main__":
    sys.exit(main())

"""``mitosz-core simulate``: deck A against deck B over many games between bots, seats
swapped (:mod:`mitosz_core.simulate`), with a progress bar; the summary as a table, or
for tools as CSV (one row a game) or JSON (the summary and every game).
``--all-pairs`` plays every pair of the ruleset's built-in decks instead."""

from __future__ import annotations

import argparse
import csv
import itertools
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

from mitosz_core import simulate as sim
from mitosz_core.bots import BOT_SPECS, check_bots
from mitosz_core.console.progress import progress
from mitosz_core.errors import MitoszError
from mitosz_core.kernel.api import new_game
from mitosz_core.kernel.registry import get


def _decks(args: argparse.Namespace) -> list[tuple[str, str]]:
    rs = get(args.ruleset)
    builtin = list(rs.builtin_decks())
    if args.all_pairs:
        if args.decks:
            raise MitoszError("--all-pairs plays the built-in decks: name no decks with it")
        return list(itertools.combinations(builtin, 2))
    decks: list[str] = args.decks or [d.name for d in rs.default_decks(2)]
    if len(decks) != 2:
        raise MitoszError(f"name two decks, A and B (got {len(decks)})")
    for deck in decks:
        if deck not in builtin and not Path(deck).is_file():
            raise MitoszError(
                f"deck {deck!r}: neither a built-in deck ({', '.join(builtin)}) nor a file"
            )
    return [(decks[0], decks[1])]


def run(args: argparse.Namespace) -> int:
    """The ``simulate`` command."""
    check_bots(args.bots, new_game(args.ruleset, seed=0))  # a usage error before any game
    for path in args.card_set or []:
        if not Path(path).is_file():
            raise MitoszError(f"--card-set {path!r}: no such file")
    pairs = _decks(args)
    bots = (args.bots[0], args.bots[-1])
    plans = [
        sim.plan(args.ruleset, pair, bots, args.games, args.seed, args.card_set or [])
        for pair in pairs
    ]
    total = sum(len(p) for p in plans)
    results: list[tuple[tuple[str, str], list[sim.GameRecord]]] = []
    with progress(f"{args.ruleset}: {total} games", total) as bar:
        for pair, specs in zip(pairs, plans, strict=True):
            records = sim.run(
                specs,
                jobs=args.jobs,
                backend=args.backend,
                address=args.ray_address,
                on_record=lambda _record: bar.advance(),
            )
            results.append((pair, records))
    _output(args, bots, results)
    return 0


def _output(
    args: argparse.Namespace,
    bots: tuple[str, str],
    results: list[tuple[tuple[str, str], list[sim.GameRecord]]],
) -> None:
    if args.format == "json":
        out = [
            {
                "deck_a": a,
                "deck_b": b,
                "bot_a": bots[0],
                "bot_b": bots[1],
                "summary": sim.summarize(records).as_json(),
                "games": [_record_json(r) for r in records],
            }
            for (a, b), records in results
        ]
        print(json.dumps(out if len(out) > 1 else out[0], ensure_ascii=False, indent=1))
        return
    if args.format == "csv":
        writer = csv.writer(sys.stdout, lineterminator="\n")
        writer.writerow(
            [
                *("deck_a", "deck_b", "game", "seed", "seat0", "seat1", "bot_seat0", "bot_seat1"),
                *("winner", "first", "turns", "decisions", "ending"),
            ]
        )
        for (a, b), records in results:
            for r in records:
                writer.writerow(
                    [
                        *(a, b, r.index, r.seed, *r.sides, *r.bots),
                        *(r.winner or "draw", r.first, r.turns, r.decisions, r.ending),
                    ]
                )
        return
    if len(results) > 1:
        Console(highlight=False, width=120).print(pairs_table(args.ruleset, bots, results))
        return
    (a, b), records = results[0]
    print("\n".join(summary_lines(a, b, bots, sim.summarize(records))))


def _record_json(r: sim.GameRecord) -> dict[str, Any]:
    return {
        "game": r.index,
        "seed": r.seed,
        "seats": list(r.sides),
        "bots": list(r.bots),
        "winner": r.winner,
        "first": r.first,
        "turns": r.turns,
        "decisions": r.decisions,
        "ending": r.ending,
        "played": {side: list(p) for side, p in zip(sim.SIDES, r.played, strict=True)},
    }


def summary_lines(a: str, b: str, bots: tuple[str, str], s: sim.Summary) -> list[str]:
    """The summary of one match, line by line."""
    lines = [
        f"A = {a} ({bots[0]}) against B = {b} ({bots[1]}): {s.games} games, seats swapped",
        f"  A wins       {s.wins['A'].text()}",
        f"  B wins       {s.wins['B'].text()}",
        f"  draws        {s.draws.text()}",
        f"  first player {s.first_player.text()} of the decided games",
        f"  length       {s.mean_turns:.1f} turns, {s.mean_decisions:.1f} decisions on average",
        "  endings      " + ", ".join(f"{k} {v}" for k, v in s.endings.items()),
    ]
    for side in sim.SIDES:
        top = ", ".join(f"{k} ({n})" for k, n in s.top_cards[side]) or "-"
        lines.append(f"  {side} played most in its wins: {top}")
    lines.append("  (95% Wilson intervals in brackets)")
    return lines


def pairs_table(
    ruleset: str,
    bots: tuple[str, str],
    results: list[tuple[tuple[str, str], list[sim.GameRecord]]],
) -> Table:
    """One row a pair of decks."""
    table = Table(title=f"{ruleset}: every pair of built-in decks, {bots[0]} vs {bots[1]}")
    for column in (
        "deck A",
        "deck B",
        "games",
        "A wins [95% CI]",
        "draws",
        "first player wins",
        "turns",
    ):
        table.add_column(column)
    for (a, b), records in results:
        s = sim.summarize(records)
        table.add_row(
            a,
            b,
            str(s.games),
            s.wins["A"].text(),
            f"{100 * s.draws.value:.1f}%",
            f"{100 * s.first_player.value:.1f}%",
            f"{s.mean_turns:.1f}",
        )
    return table


def _at_least(low: int) -> Any:
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
        if value < low:
            raise argparse.ArgumentTypeError(
                f"expected a whole number of at least {low}, got {text!r}"
            )
        return value

    return parse


def add_parser(sub: Any, rulesets: Sequence[str]) -> None:
    """Add ``simulate`` to the command line."""
    p = sub.add_parser(
        "simulate",
        help="play deck A against deck B over many games between bots",
        description="Play deck A against deck B, N games between bots with the seats swapped "
        "every other game (game i on seed SEED + i // 2); print win rates with 95% Wilson "
        "intervals, draws, first-player advantage, game length, endings and the cards played "
        "most in won games.",
    )
    p.add_argument(
        "decks",
        nargs="*",
        metavar="DECK",
        help="decks A and B: built-in names or deck files (default: the built-in pair)",
    )
    p.add_argument(
        "--ruleset", default="mitosz", choices=rulesets, help="the ruleset (default: mitosz)"
    )
    p.add_argument(
        "--games", "-n", type=_at_least(1), default=100, help="games a pair of decks (default: 100)"
    )
    p.add_argument(
        "--bots",
        nargs="+",
        default=["heuristic"],
        metavar="BOT",
        help=f"the bots of A and B ({', '.join(BOT_SPECS)}); one for both (default: heuristic)",
    )
    p.add_argument("--seed", type=_at_least(0), default=0, help="the first seed (default: 0)")
    p.add_argument(
        "--card-set",
        action="append",
        metavar="FILE",
        help="a card set (TOML) the deck files use; may be repeated",
    )
    p.add_argument("--all-pairs", action="store_true", help="every pair of the built-in decks")
    p.add_argument(
        "-j",
        "--jobs",
        type=_at_least(0),
        default=1,
        help="games at a time: local processes, or Ray tasks (0: no limit) (default: 1)",
    )
    p.add_argument(
        "--backend",
        choices=("local", "ray"),
        default="local",
        help="where the games run; ray needs mitosz-core[ray] (default: local)",
    )
    p.add_argument(
        "--ray-address",
        metavar="ADDRESS",
        help="the Ray cluster to join, e.g. auto or ray://HOST:10001 (default: RAY_ADDRESS, "
        "else a local Ray)",
    )
    p.add_argument(
        "--format",
        choices=("table", "csv", "json"),
        default="table",
        help="the output (default: table)",
    )
    p.set_defaults(run=run)

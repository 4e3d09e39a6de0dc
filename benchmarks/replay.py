"""Replay time at the input limits: a history replays in time linear in its log::

    python -m benchmarks.replay [--decisions N] [--players P] [--seed S] [--rst FILE]

The limits: a game takes at most 10,000 decisions (``max_game_length``, the rulesets'
``DECISION_LIMIT``, automatic passes included), a saved state is at most 16 MiB of JSON
(``Limits.json_bytes``), and Mítosz is played by up to 4 players. A game of the built-in
decks ends after a few hundred decisions, so the long game is played on the largest
decks the deck rules allow (1.3.1: one high god, at most 4 copies of every other card,
no upper bound on the size): each player's deck holds 4 copies of every card of the
pool that is not a high god. Play that passes wherever it can (no power victory; the
decks take thousands of turns to run out) reaches the decision limit, where the game
ends in a draw (ruling R-1.3.4-length). MYTHOS decks have a fixed size (01.2) and at
most 2 players, so no MYTHOS game comes near the limit; it is left out.

The benchmark times :func:`~mitosz_core.replay` (with ``expect``, the strict replay
that compares the result with the saved state) and ``State.from_json`` on the first
1/8, 1/4, 1/2 and all of the log, and prints seconds per decision for each: equal
figures mean linear time. ``--rst FILE`` writes the table for the docs
(``docs/figures/replay-times.inc``, included by ``docs/reliability.rst``).
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import mitosz_core as mc
from mitosz_core.games.mitosz.actions import Pass
from mitosz_core.games.mitosz.cards import CardType
from mitosz_core.games.mitosz.engine import RULESET
from mitosz_core.kernel.state import DeckEntry, DeckList

FRACTIONS = (8, 4, 2, 1)
"""The log is replayed up to 1/8, 1/4, 1/2 and all of its decisions."""


def largest_decks(players: int) -> tuple[DeckList, ...]:
    """One deck per player: a high god of its own and 4 copies of every other card."""
    pool = RULESET.pool
    gods = [k for k, c in pool.items() if c.type is CardType.HIGH_GOD]
    others = tuple(DeckEntry(4, k) for k, c in pool.items() if c.type is not CardType.HIGH_GOD)
    return tuple(
        DeckList(name=f"largest-{i}", entries=(DeckEntry(1, gods[i % len(gods)]), *others))
        for i in range(players)
    )


def long_game(
    players: int, seed: int, decisions: int
) -> tuple[mc.State[Any], tuple[DeckList, ...]]:
    """A game of :func:`largest_decks` played until its history holds ``decisions``
    decisions or it is over: a pass wherever one is legal, else a random action (a
    discard, say), so that no player builds the power of a victory."""
    decks = largest_decks(players)
    state = mc.new_game("mitosz", seed=seed, players=players, decks=decks)
    rng = random.Random(seed)
    while not state.is_over and len(state.history) < decisions:
        legal = mc.legal_actions(state)
        passes = [a for a in legal if isinstance(a, Pass)]
        state = mc.apply(state, passes[0] if passes else rng.choice(legal))
    return state, decks


@dataclass(frozen=True)
class Row:
    decisions: int
    json_bytes: int
    replay_seconds: float
    load_seconds: float

    @property
    def per_decision_ms(self) -> float:
        return 1000 * self.replay_seconds / self.decisions


def measure(state: mc.State[Any], decks: Sequence[DeckList], players: int) -> list[Row]:
    """Replay and load the first 1/8, 1/4, 1/2 and all of ``state``'s history."""
    history = state.history
    rows = []
    for fraction in FRACTIONS:
        entries = history[: len(history) // fraction]
        prefix = mc.replay(
            "mitosz", seed=state.config.seed, decks=decks, players=players, actions=entries
        )
        text = prefix.to_json()
        start = time.perf_counter()
        again = mc.replay(
            "mitosz",
            seed=state.config.seed,
            decks=decks,
            players=players,
            actions=entries,
            expect=prefix,
        )
        replayed = time.perf_counter() - start
        assert again == prefix
        saved, cut = prefix, 0
        while saved.is_over and saved.game.ending == "decision-limit":
            # State.from_json refuses a game ended at the decision limit (the validator
            # knows only power and deck-out): load the last state before the end
            cut += 1
            saved = mc.replay(
                "mitosz",
                seed=state.config.seed,
                decks=decks,
                players=players,
                actions=entries[:-cut],
            )
        text = saved.to_json()
        start = time.perf_counter()
        loaded = mc.State.from_json(text)
        loaded_in = time.perf_counter() - start
        assert loaded == saved
        rows.append(Row(len(entries), len(text.encode("utf-8")), replayed, loaded_in))
    return rows


def rst(rows: Sequence[Row], players: int, ended: str) -> str:
    lines = [
        ".. list-table::",
        "   :header-rows: 1",
        "",
        "   * - decisions",
        "     - saved state",
        "     - strict replay",
        "     - per decision",
        "     - ``State.from_json``",
    ]
    for r in rows:
        lines += [
            f"   * - {r.decisions:,}",
            f"     - {r.json_bytes / 2**20:.1f} MiB",
            f"     - {r.replay_seconds:.1f} s",
            f"     - {r.per_decision_ms:.2f} ms",
            f"     - {r.load_seconds:.2f} s",
        ]
    lines += [
        "",
        f"A Mítosz game of {players} players on the largest decks ({ended}); written by",
        "``python -m benchmarks.replay --rst docs/figures/replay-times.inc``. A game ended",
        "at the decision limit does not load (``State.from_json`` refuses its ending): its",
        "last row loads the last state before the end.",
        "",
    ]
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--decisions", type=int, default=mc.max_game_length("mitosz", 4))
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rst", type=Path)
    args = parser.parse_args(argv)
    start = time.perf_counter()
    state, decks = long_game(args.players, args.seed, args.decisions)
    ended = (
        f"ended by {state.game.ending} after {len(state.history):,} decisions"
        if state.is_over
        else f"cut at {len(state.history):,} decisions"
    )
    print(f"played: {ended} in {time.perf_counter() - start:.1f} s")
    rows = measure(state, decks, args.players)
    for r in rows:
        print(
            f"{r.decisions:>6} decisions  {r.json_bytes / 2**20:5.1f} MiB  "
            f"replay {r.replay_seconds:6.2f} s ({r.per_decision_ms:.2f} ms/decision)  "
            f"from_json {r.load_seconds:5.2f} s"
        )
    if args.rst is not None:
        args.rst.write_text(rst(rows, args.players, ended), encoding="utf-8")
        print(f"written to {args.rst}")


if __name__ == "__main__":
    main()

"""OpenSpiel's own search bots against a uniform random player, through the adapter
(``mitosz_core.adapters.openspiel``, the ``rl`` extra)::

    python -m benchmarks.openspiel_strength [--games N] [--simulations N] [--jobs N]
                                            [--ruleset R] [--match M] [--rst FILE]

The matches: ``ISMCTSBot`` (its simulations start from states drawn by the adapter's
``resample_from_infostate``) and ``MCTSBot`` (it searches the real state, hidden cards
included: a baseline, not a fair player), both with OpenSpiel's random-rollout evaluator
and ``--simulations`` simulations a decision, each against a uniform random player over
the legal actions, for each ruleset. The rule of the learner's evaluation
(``mitosz_core.adapters.learn``) applies: ``--games`` games (default 200), 2 players, the
bot's seat alternating, the ordered pairs of the ruleset's built-in decks rotating, a
seed per game; a draw, or a game stopped at the length limit, is a loss; the win rate
comes with its 95% Wilson interval, and the target is a lower bound above 50%. The table
also gives the bot's mean processor time a decision.
"""

from __future__ import annotations

import argparse
import itertools
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from mitosz_core.adapters import openspiel
from mitosz_core.kernel.api import max_game_length, new_game
from mitosz_core.kernel.registry import get
from mitosz_core.simulate import Rate

RULESETS = ("mitosz", "mythos")
MATCHES = ("ismcts-vs-random", "mcts-vs-random")
GAMES = 200
"""The games a match needs; over fewer, the target is met (or missed) only so far."""
LOWER_BOUND = 0.5
SIMULATIONS = 4
"""The bots' simulations a decision by default (one random rollout each, to the end of the
game through the adapter). Measured on a shared, loaded 2-core machine: about 0.2-0.3 s of
processor time a decision at 4 simulations for MYTHOS (a match of 200 games about an
hour on 2 processes), and about as much at 2 simulations for Mítosz, whose games are
longer (a match of 200 games at 4 simulations several hours): ``--ruleset mythos`` or
fewer ``--games`` for a shorter look."""
FIRST_SEED = 1_000_000
"""The first game seed: apart from the seeds the other strength matches play."""


def deck_pairs(ruleset: str) -> tuple[tuple[str, str], ...]:
    """The ordered pairs of distinct built-in decks of ``ruleset`` (the bot's first)."""
    return tuple(itertools.permutations(get(ruleset).builtin_decks(), 2))


def make_bot(match: str, game: Any, simulations: int, rng: np.random.RandomState) -> Any:
    """The bot of ``match`` (one of :data:`MATCHES`) with a random-rollout evaluator."""
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    if match == "ismcts-vs-random":
        return ismcts.ISMCTSBot(
            game, evaluator, uct_c=2.0, max_simulations=simulations, random_state=rng
        )
    if match == "mcts-vs-random":
        return mcts.MCTSBot(game, 2.0, simulations, evaluator, random_state=rng, solve=False)
    raise ValueError(f"unknown match {match!r}; expected one of {', '.join(MATCHES)}")


@dataclass(frozen=True)
class Game:
    """How one game went, from the bot's side."""

    won: bool
    unfinished: bool
    decisions: int
    seconds: float
    """The bot's processor time over its decisions."""


def play(ruleset: str, match: str, simulations: int, index: int) -> Game:
    """Game ``index`` of ``match``: the bot in seat ``index % 2`` with the deck of the
    ``index // 2``-th ordered pair's first, on the seed ``FIRST_SEED + index``; the
    state is built from these decks and handed to the adapter (past its chance node)."""
    game = pyspiel.load_game(f"python_{ruleset}")
    seat = index % 2
    pairs = deck_pairs(ruleset)
    mine, theirs = pairs[(index // 2) % len(pairs)]
    decks = [mine, theirs] if seat == 0 else [theirs, mine]
    seed = FIRST_SEED + index
    engine = new_game(ruleset, decks=decks, seed=seed)
    state = openspiel.MitoszState(game, engine)
    rng = np.random.RandomState(seed)
    bot = make_bot(match, game, simulations, rng)
    limit = max_game_length(ruleset, 2)
    decisions = 0
    spent = 0.0
    while not state.is_terminal() and state.state.decision_count < limit:
        if state.current_player() == seat:
            began = time.process_time()
            action = bot.step(state)
            spent += time.process_time() - began
            decisions += 1
        else:
            action = rng.choice(state.legal_actions())
        state.apply_action(int(action))
    won = state.is_terminal() and state.returns()[seat] > 0
    return Game(won, not state.is_terminal(), decisions, spent)


@dataclass(frozen=True)
class Outcome:
    ruleset: str
    match: str
    simulations: int
    games: tuple[Game, ...]
    seconds: float

    @property
    def wins(self) -> Rate:
        return Rate(sum(g.won for g in self.games), len(self.games))

    @property
    def per_decision(self) -> float:
        decisions = sum(g.decisions for g in self.games)
        return sum(g.seconds for g in self.games) / decisions if decisions else 0.0

    @property
    def passed(self) -> bool:
        return self.wins.interval[0] > LOWER_BOUND


def run(ruleset: str, match: str, simulations: int, games: int, jobs: int) -> Outcome:
    """``games`` games of ``match`` on ``jobs`` processes."""
    began = time.perf_counter()
    args = ([ruleset] * games, [match] * games, [simulations] * games, list(range(games)))
    if jobs <= 1:
        played = [play(*a) for a in zip(*args, strict=True)]
    else:
        with ProcessPoolExecutor(jobs) as pool:
            played = list(pool.map(play, *args))
    return Outcome(ruleset, match, simulations, tuple(played), time.perf_counter() - began)


def _met(o: Outcome) -> str:
    if o.wins.of < GAMES:
        so_far = f"so far ({o.wins.of} of {GAMES} games)"
        return so_far if o.passed else f"not {so_far}"
    return "yes" if o.passed else "no"


def table(outcomes: Sequence[Outcome]) -> str:
    """The results as a reStructuredText list table (it states the games played)."""
    lines = [
        ".. list-table::",
        "   :header-rows: 1",
        "",
        "   * - ruleset",
        "     - match",
        "     - simulations a decision",
        "     - games",
        "     - wins [95% Wilson interval]",
        "     - stopped at the limit",
        "     - target: lower bound > 50%",
        "     - bot's time a decision (ms)",
        "     - minutes",
    ]
    for o in outcomes:
        low, high = o.wins.interval
        lines += [
            f"   * - {o.ruleset}",
            f"     - {o.match}",
            f"     - {o.simulations}",
            f"     - {o.wins.of}",
            f"     - {100 * o.wins.value:.1f}% [{100 * low:.1f}, {100 * high:.1f}]",
            f"     - {sum(g.unfinished for g in o.games)}",
            f"     - {_met(o)}",
            f"     - {1000 * o.per_decision:.0f}",
            f"     - {o.seconds / 60:.1f}",
        ]
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.openspiel_strength", description=__doc__
    )
    parser.add_argument("--games", type=int, default=GAMES, help=f"default: {GAMES}")
    parser.add_argument(
        "--simulations", type=int, default=SIMULATIONS, help=f"default: {SIMULATIONS}"
    )
    parser.add_argument("--jobs", "-j", type=int, default=2, help="processes (default: 2)")
    parser.add_argument("--ruleset", action="append", choices=RULESETS, help="repeatable")
    parser.add_argument("--match", action="append", choices=MATCHES, help="repeatable")
    parser.add_argument("--rst", type=Path, help="also write the table to this file")
    args = parser.parse_args(argv)
    outcomes = []
    for ruleset in args.ruleset or RULESETS:
        for match in args.match or MATCHES:
            outcome = run(ruleset, match, args.simulations, args.games, args.jobs)
            print(
                f"{ruleset:7} {match}: {outcome.wins.text()} over {outcome.wins.of} games, "
                f"{1000 * outcome.per_decision:.0f} ms a decision",
                flush=True,
            )
            outcomes.append(outcome)
    text = table(outcomes)
    print(text, end="")
    if args.rst is not None:
        args.rst.write_text(text, encoding="utf-8")
    return 0 if all(o.passed for o in outcomes) else 1


if __name__ == "__main__":
    raise SystemExit(main())

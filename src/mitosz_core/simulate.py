"""Deck against deck: many games between bots, seats swapped, every game reproducible
from its recorded seed; the summary a deck designer reads.

A simulation is a list of :class:`GameSpec` (:func:`plan`): game ``i`` is played on the
seed ``first_seed + i // 2``, with side A in seat 0 for even ``i`` and in seat 1 for odd
``i``, so each seed is played both ways round. :func:`play_game` plays one spec and
returns a :class:`GameRecord`; :func:`run` plays them all, on this process, on ``jobs``
local processes, or on a Ray cluster (the extra ``mitosz-core[ray]``, module
``mitosz_core.simulate_ray``); the records come back in the plan's order, equal
whatever ran them. :func:`summarize` turns them into a :class:`Summary`: win rates with
95% Wilson intervals, draws, game length, first-player advantage, the reasons the games
ended and the cards played most in won games.
"""

from __future__ import annotations

import math
import os
from collections import Counter
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import asdict, dataclass
from typing import Any

from mitosz_core.bots import make_bot, play
from mitosz_core.errors import MitoszError
from mitosz_core.extras import load
from mitosz_core.kernel.api import new_game, observe

SIDES = ("A", "B")
Z95 = 1.959963984540054
"""The two-sided 95% quantile of the standard normal distribution."""

PLAYS: dict[str, frozenset[str]] = {
    "mitosz": frozenset(
        {
            "PlacePeople",
            "Summon",
            "PlayWithoutSummoning",
            "PlayFate",
            "UseFreeManeuver",
            "SummonWarLeader",
            "SummonTroop",
        }
    ),
    "mythos": frozenset({"Play"}),
}
"""The actions that put a card from the hand into play (their ``card``), per ruleset."""


@dataclass(frozen=True)
class GameSpec:
    """One game to play: everything needed to play it again."""

    index: int
    ruleset: str
    seed: int
    sides: tuple[str, ...]
    """The side (A or B) in each seat."""
    decks: tuple[str, ...]
    """The deck of each seat, a built-in deck name or a deck file."""
    bots: tuple[str, ...]
    """The bot spec of each seat (see :func:`mitosz_core.bots.make_bot`)."""
    card_sets: tuple[str, ...] = ()

    def bot_seed(self, seat: int) -> int:
        """The seed of the bot in ``seat``: fixed by the game's seed and the seat."""
        return self.seed * 8 + seat


@dataclass(frozen=True)
class GameRecord:
    """How one game went (``seconds`` aside, the same on any machine)."""

    index: int
    seed: int
    sides: tuple[str, ...]
    bots: tuple[str, ...]
    winner: str | None
    """The winning side, ``None`` for a draw."""
    first: str
    """The side that took the first turn."""
    turns: int
    decisions: int
    ending: str
    played: tuple[tuple[str, ...], ...]
    """The keys of the cards each side (A, then B) put into play from the hand."""
    seconds: float = 0.0

    def same_game(self, other: GameRecord) -> bool:
        """Whether two records describe the same game (the time taken aside)."""
        mine, theirs = asdict(self), asdict(other)
        mine.pop("seconds")
        theirs.pop("seconds")
        return mine == theirs


def plan(
    ruleset: str,
    decks: tuple[str, str],
    bots: tuple[str, str],
    games: int,
    first_seed: int = 0,
    card_sets: Sequence[str] = (),
) -> list[GameSpec]:
    """``games`` games of side A (``decks[0]`` played by ``bots[0]``) against side B,
    seats swapped every other game (see the module)."""
    specs = []
    for i in range(games):
        order = (0, 1) if i % 2 == 0 else (1, 0)
        specs.append(
            GameSpec(
                index=i,
                ruleset=ruleset,
                seed=first_seed + i // 2,
                sides=tuple(SIDES[k] for k in order),
                decks=tuple(decks[k] for k in order),
                bots=tuple(bots[k] for k in order),
                card_sets=tuple(card_sets),
            )
        )
    return specs


def play_game(spec: GameSpec) -> GameRecord:
    """Play one game; its record."""
    start = _clock()
    state = new_game(
        spec.ruleset,
        decks=list(spec.decks),
        seed=spec.seed,
        players=len(spec.decks),
        card_sets=list(spec.card_sets) or None,
    )
    first_seat = int(observe(state, 0)["active"])
    bots = [make_bot(b, spec.bot_seed(seat)) for seat, b in enumerate(spec.bots)]
    end = play(state, bots)
    plays = PLAYS.get(spec.ruleset, frozenset())
    played: list[list[str]] = [[] for _ in SIDES]
    decisions = 0
    for decision in end.history:
        if decision.auto:
            continue
        decisions += 1
        action = decision.action
        card = getattr(action, "card", None)
        if type(action).__name__ in plays and isinstance(card, int):
            side = SIDES.index(spec.sides[decision.player])
            played[side].append(end.game.card(card).key)
    ending = observe(end, 0).get("ending") or "the rules"
    return GameRecord(
        index=spec.index,
        seed=spec.seed,
        sides=spec.sides,
        bots=spec.bots,
        winner=None if end.winner is None else spec.sides[end.winner],
        first=spec.sides[first_seat],
        turns=end.turn,
        decisions=decisions,
        ending=str(ending),
        played=tuple(tuple(p) for p in played),
        seconds=_clock() - start,
    )


def _clock() -> float:
    return os.times().elapsed


def run(
    specs: Sequence[GameSpec],
    *,
    jobs: int = 1,
    backend: str = "local",
    address: str | None = None,
    on_record: Callable[[GameRecord], None] | None = None,
) -> list[GameRecord]:
    """Play every spec; the records in the specs' order. ``backend`` ``local`` runs on
    this process (``jobs`` 1) or on ``jobs`` processes; ``ray`` on the Ray cluster at
    ``address`` (``None``: the one ``RAY_ADDRESS`` names, else a local one), with
    ``jobs`` games at a time at most (0: as many as the cluster takes). ``on_record``
    is called as each game ends (in the order they end)."""
    done: dict[int, GameRecord] = {}

    def finished(record: GameRecord) -> None:
        done[record.index] = record
        if on_record is not None:
            on_record(record)

    if backend == "ray":
        ray_backend = load("mitosz_core.simulate_ray", "ray")
        ray_backend.run(specs, finished, address=address, jobs=jobs)
    elif backend != "local":
        raise MitoszError(f"unknown backend {backend!r}; expected local or ray")
    elif jobs <= 1:
        for spec in specs:
            finished(play_game(spec))
    else:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            futures = [pool.submit(play_game, spec) for spec in specs]
            for future in as_completed(futures):
                finished(future.result())
    return [done[spec.index] for spec in specs]


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default); (0, 1) for no trials."""
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass(frozen=True)
class Rate:
    """A proportion with its 95% Wilson interval."""

    count: int
    of: int

    @property
    def value(self) -> float:
        return self.count / self.of if self.of else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.count, self.of)

    def text(self) -> str:
        low, high = self.interval
        return f"{100 * self.value:.1f}% [{100 * low:.1f}, {100 * high:.1f}]"

    def as_json(self) -> dict[str, Any]:
        low, high = self.interval
        return {"count": self.count, "of": self.of, "rate": self.value, "low": low, "high": high}


@dataclass(frozen=True)
class Summary:
    """What a set of game records says (see :func:`summarize`)."""

    games: int
    wins: dict[str, Rate]
    """Each side's wins among all games."""
    draws: Rate
    first_player: Rate
    """Games won by the side that took the first turn, among the decided ones."""
    mean_turns: float
    mean_decisions: float
    endings: dict[str, int]
    top_cards: dict[str, list[tuple[str, int]]]
    """Per side, the cards it played most in the games it won, with how often."""

    def as_json(self) -> dict[str, Any]:
        return {
            "games": self.games,
            "wins": {side: rate.as_json() for side, rate in self.wins.items()},
            "draws": self.draws.as_json(),
            "first_player_wins": self.first_player.as_json(),
            "mean_turns": self.mean_turns,
            "mean_decisions": self.mean_decisions,
            "endings": self.endings,
            "top_cards_in_wins": {s: [list(t) for t in c] for s, c in self.top_cards.items()},
        }


def summarize(records: Sequence[GameRecord], top: int = 5) -> Summary:
    """The summary of ``records``."""
    n = len(records)
    decided = [r for r in records if r.winner is not None]
    top_cards: dict[str, list[tuple[str, int]]] = {}
    for k, side in enumerate(SIDES):
        counts: Counter[str] = Counter()
        for r in records:
            if r.winner == side:
                counts.update(r.played[k])
        top_cards[side] = counts.most_common(top)
    return Summary(
        games=n,
        wins={side: Rate(sum(r.winner == side for r in records), n) for side in SIDES},
        draws=Rate(n - len(decided), n),
        first_player=Rate(sum(r.winner == r.first for r in decided), len(decided)),
        mean_turns=sum(r.turns for r in records) / n if n else 0.0,
        mean_decisions=sum(r.decisions for r in records) / n if n else 0.0,
        endings=dict(Counter(r.ending for r in records).most_common()),
        top_cards=top_cards,
    )

"""Golden playthroughs: fixed-seed random games recorded as seed + decks + actions + the
digest of :func:`~tests.golden.projection.project` after every decision.

Record (only when a rule fix changes a game, and say why in the commit)::

    python -m tests.golden.playthroughs --write

Check (what ``tests/golden/test_golden.py`` does)::

    python -m tests.golden.playthroughs
"""

from __future__ import annotations

import argparse
import itertools
import json
import random
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import mitosz_core as mc
from mitosz_core.kernel.registry import get
from tests.golden.projection import PROJECTION, digest, project

FORMAT = "mitosz-core/golden/1"
DATA = Path(__file__).parent / "data"
GAMES = 30


@dataclass(frozen=True)
class Suite:
    """One file of golden games: a ruleset at a player count."""

    ruleset: str
    players: int

    @property
    def path(self) -> Path:
        return DATA / f"{self.ruleset}-{self.players}p.json"

    def decks(self, seed: int) -> list[str]:
        """The built-in decks of game ``seed``: every combination in turn, seats rotated."""
        names = _builtin_names(self.ruleset)
        combos = list(itertools.combinations(names, self.players))
        chosen = list(combos[seed % len(combos)])
        shift = (seed // len(combos)) % self.players
        return chosen[shift:] + chosen[:shift]


SUITES = (Suite("mitosz", 2), Suite("mitosz", 3), Suite("mitosz", 4), Suite("mythos", 2))


def _builtin_names(ruleset: str) -> list[str]:
    return sorted(get(ruleset).builtin_decks())


def play(suite: Suite, seed: int) -> dict[str, Any]:
    """A random game of ``suite`` on ``seed``, recorded."""
    chooser = random.Random(f"golden-{suite.ruleset}-{suite.players}-{seed}")
    decks = suite.decks(seed)
    state = mc.new_game(suite.ruleset, decks=decks, seed=seed, players=suite.players)
    actions: list[Any] = []
    digests = [digest(project(state))]
    while not state.is_over:
        action = chooser.choice(mc.legal_actions(state))
        actions.append(json.loads(action.to_json()))
        state = mc.apply(state, action)
        digests.append(digest(project(state)))
    return {"seed": seed, "decks": decks, "actions": actions, "digests": digests}


def record(suite: Suite) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "projection": PROJECTION,
        "ruleset": suite.ruleset,
        "players": suite.players,
        "games": [play(suite, seed) for seed in range(GAMES)],
    }


def write(suite: Suite, data: dict[str, Any]) -> None:
    """One game a line, so a changed game shows as a changed line."""
    head = {k: v for k, v in data.items() if k != "games"}
    lines = [json.dumps(g, separators=(",", ":")) for g in data["games"]]
    text = json.dumps(head, separators=(",", ":"))[:-1] + ',"games":[\n'
    text += ",\n".join(lines) + "\n]}\n"
    suite.path.parent.mkdir(parents=True, exist_ok=True)
    suite.path.write_text(text, encoding="utf-8")


def load(suite: Suite) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(suite.path.read_text(encoding="utf-8"))
    if data.get("format") != FORMAT or data.get("projection") != PROJECTION:
        raise ValueError(f"{suite.path.name}: recorded with another format or projection")
    return data


def mismatches(suite: Suite, game: dict[str, Any]) -> Iterator[str]:
    """Replay one recorded game; yield a line per disagreement (the first one stops it)."""
    state = mc.new_game(
        suite.ruleset, decks=game["decks"], seed=game["seed"], players=suite.players
    )
    digests: list[str] = game["digests"]
    if digest(project(state)) != digests[0]:
        yield f"seed {game['seed']}: the start differs"
        return
    for i, item in enumerate(game["actions"]):
        action = mc.action_from_json(suite.ruleset, json.dumps(item))
        try:
            state = mc.apply(state, action)
        except mc.IllegalActionError as exc:
            yield f"seed {game['seed']}: decision {i} ({action}) is now illegal: {exc}"
            return
        if digest(project(state)) != digests[i + 1]:
            yield f"seed {game['seed']}: the state after decision {i} ({action}) differs"
            return
    if not state.is_over:
        yield f"seed {game['seed']}: the game no longer ends after its recorded actions"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--write", action="store_true", help="record the files anew")
    args = parser.parse_args(argv)
    failed = 0
    for suite in SUITES:
        if args.write:
            write(suite, record(suite))
            print(f"wrote {suite.path}")
            continue
        for game in load(suite)["games"]:
            for line in mismatches(suite, game):
                print(f"{suite.path.name}: {line}")
                failed += 1
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

"""The flat index of every legal action in the golden playthroughs, pinned as data.

An action's index in the ruleset's action space (:func:`mitosz_core.action_space`) is its
canonical id in logs, so a refactor of the state must leave every index as it was. For
each recorded golden game this replays the recorded actions and digests, per decision,
``(decision, sorted indices of the legal actions, index of the chosen action)``.

Record (only when the action space itself is meant to change, and say why in the
commit)::

    python -m tests.golden.action_indices --write

Check (what ``tests/golden/test_action_indices.py`` does)::

    python -m tests.golden.action_indices
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator
from typing import Any

import mitosz_core as mc
from tests.golden.playthroughs import DATA, SUITES, Suite, load
from tests.golden.projection import digest

FORMAT = "mitosz-core/action-indices/1"
PATH = DATA / "action-indices.json"


def indices(suite: Suite, game: dict[str, Any]) -> list[list[Any]]:
    """Per decision of the recorded ``game``: its number, the sorted flat indices of the
    legal actions and the flat index of the action chosen."""
    space = mc.action_space(suite.ruleset)
    state = mc.new_game(
        suite.ruleset, decks=game["decks"], seed=game["seed"], players=suite.players
    )
    rows: list[list[Any]] = []
    for i, item in enumerate(game["actions"]):
        action = mc.action_from_json(suite.ruleset, json.dumps(item))
        legal = list(space.legal_indices(state))
        rows.append([i, legal, space.encode(state, action)])
        state = mc.apply(state, action)
    return rows


def pin(suite: Suite, game: dict[str, Any]) -> dict[str, Any]:
    """The pinned record of one game: its seed, decision count and digest."""
    rows = indices(suite, game)
    return {"seed": game["seed"], "decisions": len(rows), "digest": digest(rows)}


def key(suite: Suite) -> str:
    return f"{suite.ruleset}-{suite.players}p"


def record() -> dict[str, Any]:
    return {
        "format": FORMAT,
        "suites": {
            key(suite): [pin(suite, game) for game in load(suite)["games"]] for suite in SUITES
        },
    }


def write(data: dict[str, Any]) -> None:
    """One game a line, so a changed game shows as a changed line."""
    lines = ['{"format":' + json.dumps(data["format"]) + ',"suites":{']
    names = list(data["suites"])
    for n, name in enumerate(names):
        games = data["suites"][name]
        lines.append(json.dumps(name) + ":[")
        lines.extend(
            json.dumps(g, separators=(",", ":")) + ("," if j < len(games) - 1 else "")
            for j, g in enumerate(games)
        )
        lines.append("]" + ("," if n < len(names) - 1 else ""))
    lines.append("}}")
    PATH.write_text("\n".join(lines) + "\n", encoding="utf-8")


def pinned() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(PATH.read_text(encoding="utf-8"))
    if data.get("format") != FORMAT:
        raise ValueError(f"{PATH.name}: recorded with another format")
    return data


def mismatches(suite: Suite, game: dict[str, Any], expected: dict[str, Any]) -> Iterator[str]:
    """A line if the indices of ``game`` no longer match their pinned record."""
    found = pin(suite, game)
    if found != expected:
        yield f"{key(suite)} seed {game['seed']}: action indices {found} != pinned {expected}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--write", action="store_true", help="record the file anew")
    args = parser.parse_args(argv)
    if args.write:
        write(record())
        print(f"wrote {PATH}")
        return 0
    failed = 0
    data = pinned()
    for suite in SUITES:
        for game, expected in zip(load(suite)["games"], data["suites"][key(suite)], strict=True):
            for line in mismatches(suite, game, expected):
                print(line)
                failed += 1
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

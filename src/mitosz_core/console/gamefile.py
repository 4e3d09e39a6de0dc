"""The game files that ``replay``, ``render`` and ``play --resume`` read.

Two forms, both JSON:

- a **saved state** (:meth:`State.to_json <mitosz_core.State.to_json>`, what ``play``'s
  ``save`` writes): its configuration holds the seed, the decks, the ``auto_pass``
  option and, for a game that started from a position, that position; its history the
  decisions;
- a **game log**: an object ``{"ruleset": "mitosz", "seed": 7, "actions": [...]}`` with
  optional ``"players"`` (default 2), ``"decks"`` (built-in deck names or deck files;
  default the built-in decks), ``"card_sets"`` (card-set files), ``"auto_pass"`` (default
  true) and the ``actions`` as :func:`~mitosz_core.actions_from_json` reads them (plain
  actions or decisions);
- a **game log from a position**: ``{"ruleset": "mitosz", "position": "judge.toml",
  "actions": [...]}``, whose game starts from the position file (a path relative to the
  log's folder; see :doc:`/judge-position`) instead of a set-up from a seed.

Each is turned into the list of positions after each decision (:func:`load`) by the
library's one replay, :func:`~mitosz_core.replay_from`: a saved state is loaded with
:meth:`State.from_json <mitosz_core.State.from_json>` (which checks it against its own
history) and replayed from its game's first state; a game log is replayed from a new game
or from its position, with every check of :func:`~mitosz_core.replay` (who decided, the
automatic decisions recorded).
"""

from __future__ import annotations

import json
import os
import stat
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from mitosz_core.console.positions import position_state
from mitosz_core.errors import DecodeError, MitoszError, ReplayError, ReplayMismatchError
from mitosz_core.kernel.action import Action, Decision
from mitosz_core.kernel.api import actions_from_json, new_game, replay_from
from mitosz_core.kernel.codec import loads
from mitosz_core.kernel.history import start_of
from mitosz_core.kernel.limits import current_limits
from mitosz_core.kernel.registry import get
from mitosz_core.kernel.state import State

LOG_FIELDS = {
    "ruleset",
    "seed",
    "players",
    "decks",
    "card_sets",
    "auto_pass",
    "actions",
    "position",
}
POSITION_FIELDS = {"ruleset", "position", "actions"}
"""The fields of a game log from a position: the position holds the rest."""


@dataclass(frozen=True)
class Game:
    """A game read from a file: each position (the start, then after each decision) and
    the decision that led to it."""

    states: tuple[State[Any], ...]
    decisions: tuple[Decision, ...]
    """``decisions[k]`` leads from ``states[k]`` to ``states[k + 1]``."""


def read(path: str) -> str:
    """The text of the game file at ``path``, read without trusting it: a file that is not
    a regular file (a FIFO, a device) is refused before it is opened, at most the JSON
    size limit in force (:attr:`Limits.json_bytes
    <mitosz_core.kernel.limits.Limits.json_bytes>`) plus one byte is read, and text that
    is not UTF-8 is refused, each with one :class:`~mitosz_core.errors.MitoszError`."""
    limit = current_limits().json_bytes
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            raise MitoszError(f"{path!r}: not a regular file")
        with open(path, "rb") as stream:
            data = stream.read(limit + 1)
    except FileNotFoundError:
        raise MitoszError(f"{path!r}: no such file") from None
    except OSError as exc:
        raise MitoszError(f"{path!r}: cannot be read ({exc.strerror})") from None
    if len(data) > limit:
        raise MitoszError(f"{path!r}: larger than the JSON size limit of {limit} bytes")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise MitoszError(f"{path!r}: not UTF-8 text (byte {exc.start})") from None


def load(path: str) -> Game:
    """The game in the file at ``path`` (either form; see the module). A problem with its
    content is a :class:`~mitosz_core.errors.DecodeError` whose path names the file."""
    text = read(path)
    try:
        return _load(path, text)
    except DecodeError as exc:
        raise DecodeError(f"{path!r} at {exc.path}", exc.problem) from None


def _load(path: str, text: str) -> Game:
    data = loads(text, "a game file")
    if isinstance(data, dict) and "format" in data:
        final = State.from_json(text)  # which checks the format
        return _walk(start_of(final, get(final.ruleset)), list(final.history), final)
    if not isinstance(data, dict):
        raise DecodeError("$", "a game file is a saved state or a game log object")
    unknown = sorted(set(data) - LOG_FIELDS)
    if unknown:
        raise DecodeError(
            "$", f"unknown field {unknown[0]!r} (a game log has {sorted(LOG_FIELDS)})"
        )
    ruleset = data.get("ruleset")
    seed = data.get("seed")
    if not isinstance(ruleset, str):
        raise DecodeError("$.ruleset", "expected the ruleset name as a string")
    if "position" in data:
        return _from_position(path, ruleset, data)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise DecodeError("$.seed", "expected the seed as an integer")
    players = data.get("players", 2)
    if isinstance(players, bool) or not isinstance(players, int):
        raise DecodeError("$.players", "expected the number of players as an integer")
    decks = data.get("decks")
    if decks is not None and not (
        isinstance(decks, list) and all(isinstance(d, str) for d in decks)
    ):
        raise DecodeError("$.decks", "expected a list of deck names or files")
    auto_pass = data.get("auto_pass", True)
    if not isinstance(auto_pass, bool):
        raise DecodeError("$.auto_pass", "expected true or false")
    card_sets = data.get("card_sets", [])
    if not (isinstance(card_sets, list) and all(isinstance(c, str) for c in card_sets)):
        raise DecodeError("$.card_sets", "expected a list of card-set files")
    if "actions" not in data:
        raise DecodeError("$", "a game log needs its 'actions'")
    logged = actions_from_json(ruleset, json.dumps(data["actions"]))
    start = new_game(
        ruleset,
        decks=decks,
        seed=seed,
        players=players,
        auto_pass=auto_pass,
        card_sets=card_sets or None,
    )
    return _walk(start, list(logged))


def _from_position(path: str, ruleset: str, data: dict[str, Any]) -> Game:
    extra = sorted(set(data) - POSITION_FIELDS)
    if extra:
        raise DecodeError(
            f"$.{extra[0]}", "a game log from a position takes the rest from the position file"
        )
    position = data["position"]
    if not isinstance(position, str):
        raise DecodeError("$.position", "expected the path of a position file")
    if "actions" not in data:
        raise DecodeError("$", "a game log needs its 'actions'")
    start = position_state(ruleset, Path(path).parent / position)
    logged = actions_from_json(ruleset, json.dumps(data["actions"]))
    return _walk(start, list(logged))


def _walk(
    start: State[Any], actions: list[Action | Decision], expect: State[Any] | None = None
) -> Game:
    """The positions of the game replayed from ``start`` through ``actions`` by
    :func:`~mitosz_core.replay_from`, which refuses a log that disagrees with the game (a
    decision of the wrong player, an automatic decision invented, dropped or moved);
    with ``expect``, the replay must give exactly that state."""
    states: list[State[Any]] = []
    decisions: list[Decision] = []

    def step(decision: Decision, state: State[Any]) -> None:
        decisions.append(decision)
        states.append(state)

    try:
        replay_from(start, actions, expect=expect, on_step=step)
    except ReplayError as exc:
        raise DecodeError(f"$.actions[{exc.index}]", str(exc.cause)) from None
    except ReplayMismatchError as exc:
        raise DecodeError("$", str(exc)) from None
    return Game((_opening(start), *states), tuple(decisions))


def _opening(start: State[Any]) -> State[Any]:
    """The game's first state as a player meets it: after the automatic decisions due at
    the start (:func:`~mitosz_core.new_game` takes them)."""
    return get(start.ruleset).take_automatic(start) if start.config.auto_pass else start

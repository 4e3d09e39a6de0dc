"""A saved state checked against its own history, and arranged starts.

:func:`check_history` is what :meth:`State.from_json <mitosz_core.State.from_json>` runs
after the validator: it rebuilds the game's first state (set up again from the
configuration, or an arranged game's starting position, validated as a position) and
replays the whole log through :func:`~mitosz_core.kernel.api.replay_from`, the one replay
of the library. The state loads only if that gives exactly the saved state; otherwise a
:class:`~mitosz_core.errors.HistoryError` names the first decision that diverges, or,
when every decision replays, the first value of the final state that differs. The check
always replays: a file holds nothing (no digest) that could stand in for it.

:func:`arrange` makes a state the start of an arranged game: its configuration marked
``arranged`` and carrying the state as its :class:`~mitosz_core.kernel.state.Start`, so
that a saved state of the game replays from there.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from mitosz_core.errors import HistoryError, InvalidStateError, MitoszError, ReplayError
from mitosz_core.kernel.action import Log
from mitosz_core.kernel.api import replay_from
from mitosz_core.kernel.jsontext import Json, encode
from mitosz_core.kernel.registry import get
from mitosz_core.kernel.ruleset import Ruleset
from mitosz_core.kernel.state import Start, State

ROOT = "$.state"
START = "$.state.config.start"
KERNEL_KEYS = (
    ("ruleset", "ruleset"),
    ("config", "config"),
    ("phase", "phase"),
    ("to_act", "to_act"),
    ("turn", "turn"),
    ("winner", "winner"),
    ("over", "is_over"),
    ("rng", "rng"),
    ("game", "game"),
)
"""The parts of a state compared to name the first difference, in the order of the saved
form's checks (the log is compared first, decision by decision)."""


def arrange(state: State[Any], ruleset: Ruleset[Any] | None = None) -> State[Any]:
    """``state`` as the starting position of an arranged game: running, its history
    empty, its configuration marked ``arranged`` and holding the position
    (:attr:`~mitosz_core.GameConfig.start`), validated by the ruleset's validator as a
    position. Its saved states then load (:meth:`State.from_json
    <mitosz_core.State.from_json>` replays them from there), and say that they were
    arranged (:attr:`~mitosz_core.State.is_arranged`).

    ``ruleset`` validates it: by default the registered ruleset of its name; a position
    builder passes the ruleset it was given (one with card sets of its own, say).

    Raises :class:`~mitosz_core.errors.InvalidStateError` for a state the validator
    refuses, or one that is over."""
    if state.is_over or state.to_act is None:
        raise InvalidStateError(ROOT, "arranged-start", "a starting position is a running game")
    start = Start(state.phase, state.to_act, state.turn, state.rng, state.game)
    config = replace(state.config, arranged=True, start=start)
    first = state.evolve(config=config, _log=Log.EMPTY)
    (get(state.ruleset) if ruleset is None else ruleset).validate(first)
    return first


def start_of(state: State[Any], ruleset: Ruleset[Any]) -> State[Any]:
    """The first state of ``state``'s game: its arranged starting position, validated as
    a position, or the game set up again from its configuration."""
    config = state.config
    start = config.start
    if start is None:
        if config.arranged:
            raise InvalidStateError(
                f"{ROOT}.config.arranged",
                "arranged-start",
                "an arranged game carries its starting position (config.start), "
                "which its history is replayed from",
            )
        try:
            return ruleset.setup_again(state)
        except MitoszError as exc:
            raise InvalidStateError(
                f"{ROOT}.config", "seed", f"the configuration sets up no game: {exc}"
            ) from None
    if not config.arranged:
        raise InvalidStateError(
            f"{START}",
            "arranged-start",
            "a starting position in a game set up by new_game (config.arranged is false)",
        )
    first: State[Any] = State(
        ruleset=state.ruleset,
        config=config,
        phase=start.phase,
        to_act=start.to_act,
        turn=start.turn,
        winner=None,
        is_over=False,
        rng=start.rng,
        game=start.game,
    )
    try:
        ruleset.validate(first)
    except InvalidStateError as exc:
        path = START + exc.path.removeprefix(ROOT) if exc.path.startswith(ROOT) else START
        raise InvalidStateError(path, exc.rule, f"the starting position: {exc.problem}") from None
    return first


def check_history(state: State[Any], ruleset: Ruleset[Any]) -> None:
    """Raise :class:`~mitosz_core.errors.HistoryError` unless replaying ``state``'s log
    from its game's first state (:func:`start_of`) gives exactly ``state``."""
    first = start_of(state, ruleset)
    history = state.history
    try:
        report = replay_from(first, history)
    except ReplayError as exc:
        raise HistoryError(f"{ROOT}.log[{exc.index}]", exc.index, str(exc.cause)) from None
    replayed = report.state
    if replayed == state:
        return
    count = len(history)
    if report.unrecorded:
        auto = replayed.history[count]
        raise HistoryError(
            f"{ROOT}.log",
            count,
            f"the engine takes the automatic decision {auto} after the last entry, "
            "which the history leaves out",
        )
    path, ours, theirs = first_difference(replayed, state)
    raise HistoryError(
        path,
        count,
        f"every decision replays, but the state they give differs at {path}: "
        f"{_short(ours)} in the replay, {_short(theirs)} in the saved state",
    )


def first_difference(replayed: State[Any], saved: State[Any]) -> tuple[str, Json, Json]:
    """The JSON path of the first value (in the saved form's order) where two states
    differ, with the two values there."""
    for key, attribute in KERNEL_KEYS:
        ours, theirs = getattr(replayed, attribute), getattr(saved, attribute)
        if ours != theirs:
            return _walk(encode(ours), encode(theirs), f"{ROOT}.{key}")
    return _walk(replayed._log.json_value(), saved._log.json_value(), f"{ROOT}.log")


def _walk(ours: Json, theirs: Json, path: str) -> tuple[str, Json, Json]:
    """Down two JSON values to the first place they differ (iterative, so any depth)."""
    while True:
        if isinstance(ours, dict) and isinstance(theirs, dict):
            keys = sorted(set(ours) | set(theirs))
            key = next((k for k in keys if ours.get(k) != theirs.get(k)), None)
            if key is None or key not in ours or key not in theirs:
                return (path if key is None else f"{path}.{key}"), ours, theirs
            ours, theirs, path = ours[key], theirs[key], f"{path}.{key}"
        elif isinstance(ours, list) and isinstance(theirs, list):
            index = next(
                (i for i, (a, b) in enumerate(zip(ours, theirs, strict=False)) if a != b), None
            )
            if index is None:
                return path, _Entries(len(ours)), _Entries(len(theirs))
            ours, theirs, path = ours[index], theirs[index], f"{path}[{index}]"
        else:
            return path, ours, theirs


class _Entries(int):
    """The length of a list, shown as such in a difference."""

    def __repr__(self) -> str:
        return f"a list of {int(self)}"


def _short(value: Json) -> str:
    text = repr(value)
    return text if len(text) <= 80 else f"{text[:77]}..."

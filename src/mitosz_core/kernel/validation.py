"""The checks of a state that every ruleset shares: its kernel fields, and that it plays on.

A ruleset's validator (``validate_state`` in each ruleset's ``validate`` module) checks a
whole state against every invariant of its game and raises
:class:`~mitosz_core.errors.InvalidStateError` naming the first broken rule and the JSON
path of the offending value. The same validator serves :meth:`State.from_json
<mitosz_core.State.from_json>`, the position builders and the property suite, so they
cannot drift apart. This module holds its game-independent parts:

- :func:`check_kernel`: the turn number, the random generator, the log's players, no
  automatic decision when ``auto_pass`` is off, no running game past the decision
  limit, and that ``over``, ``phase``, ``to_act`` and ``winner`` agree;
- :func:`check_plays_on`, run last: ``to_act`` is the deciding player of the machine
  state, the state-based checks and the step have nothing left to do by themselves, and
  a running game has a legal action.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Hashable, Sequence
from typing import Any, NoReturn, TypeVar

from mitosz_core.errors import InvalidStateError, MitoszError
from mitosz_core.kernel.action import Log
from mitosz_core.kernel.api import legal_actions
from mitosz_core.kernel.rng import SEEDS
from mitosz_core.kernel.state import GameConfig, State
from mitosz_core.kernel.steps import StepRuleset
from mitosz_core.kernel.values import CHECK_VIEWS as CHECK_FACTS
from mitosz_core.kernel.values import same_objects

T = TypeVar("T")

ROOT = "$.state"
GAME = "$.state.game"


def fail(path: str, rule: str, problem: str) -> NoReturn:
    """Raise the validator's error: ``rule`` broken at ``path``."""
    raise InvalidStateError(path, rule, problem)


def check_index(value: int, count: int, path: str, rule: str, what: str) -> None:
    """``value`` must index one of ``count`` things (a player, a card id, ...). The
    decoder has made sure it is an ``int``."""
    if not 0 <= value < count:
        shown = value if abs(value) < 10**12 else "a huge number"
        fail(path, rule, f"there is no {what} {shown} (there are {count})")


def check_optional_index(value: int | None, count: int, path: str, rule: str, what: str) -> None:
    if value is not None and not 0 <= value < count:
        check_index(value, count, path, rule, what)


def check_range(value: int, low: int, high: int | None, path: str, rule: str, what: str) -> None:
    """``low <= value <= high`` (no upper bound when ``high`` is ``None``)."""
    if value < low or (high is not None and value > high):
        top = "" if high is None else f" to {high}"
        shown = value if abs(value) < 10**12 else "a huge number"
        fail(path, rule, f"{what} must be from {low}{top}, not {shown}")


def check_indices(values: Sequence[int], count: int, path: str, rule: str, what: str) -> None:
    if values and (min(values) < 0 or max(values) >= count):
        for i, value in enumerate(values):
            check_index(value, count, f"{path}[{i}]", rule, what)


def check_dealt(
    dealt: Sequence[tuple[int, int]],
    layout: Sequence[tuple[int, int]],
    keys: Sequence[str],
    path: str,
) -> None:
    """The cards of a game, as ``(card, owner)`` per card id (``dealt``), against the decks
    of its configuration laid out the same way (``layout``; ``keys`` names the cards):
    ids are given in the order of the decks, so each id must have the owner the layout
    says, and each player must own the cards of their deck. Which of a player's ids holds
    which of their cards is free: a determinized sample
    (:func:`~mitosz_core.sample_state`) deals the hidden cards anew. Every card of
    ``dealt`` must index ``keys`` (the ruleset checks its card indices before this)."""
    if len(dealt) != len(layout):
        fail(path, "config-decks", f"the decks hold {len(layout)} cards, the game {len(dealt)}")
    for i, ((_, owner), (_, deck_owner)) in enumerate(zip(dealt, layout, strict=True)):
        if owner != deck_owner:
            fail(
                f"{path}[{i}]",
                "config-decks",
                f"this card belongs to player {deck_owner}'s deck, not player {owner}'s",
            )
    held, decks = Counter(dealt), Counter(layout)
    if held != decks:
        card, owner = min((held - decks) or (decks - held), key=lambda x: (x[1], x[0]))
        fail(
            path,
            "config-decks",
            f"player {owner} has {held[card, owner]} of {keys[card]!r}, their deck in the "
            f"configuration {decks[card, owner]}",
        )


def check_kernel(state: State[Any], ruleset: StepRuleset[Any], terminal: frozenset[str]) -> None:
    """The kernel fields: turn, random generator, log, and the game's result and machine
    state, which must agree with each other (``terminal``: the machine's end states)."""
    n = state.config.players
    if not ruleset.min_players <= n <= ruleset.max_players:
        fail(
            f"{ROOT}.config.players",
            "player-count",
            f"{ruleset.title} is played by {ruleset.players_text()}, not {n}",
        )
    if state.turn < 1:
        fail(f"{ROOT}.turn", "turn-number", f"the turn number starts at 1, not {state.turn}")
    if not 0 <= state.rng.state < SEEDS:
        fail(f"{ROOT}.rng.state", "rng-state", "the random generator's state is a 64-bit number")
    if not 0 <= state.config.seed < SEEDS:
        fail(f"{ROOT}.config.seed", "seed", "a seed is a 64-bit number")
    if state.phase not in ruleset.machine.states:
        fail(f"{ROOT}.phase", "machine-state", f"{state.phase!r} is not a state of the machine")
    bad, _ = log_facts(state._log, n)
    if bad is not None:
        check_index(
            state.history[bad].player, n, f"{ROOT}.log[{bad}].player", "log-player", "player"
        )
    decisions = len(state._log)
    if not state.config.auto_pass and state._log.decided != decisions:
        fail(
            f"{ROOT}.log",
            "log-auto",
            "automatic decisions in the history of a game whose auto_pass is off",
        )
    limit = ruleset.decision_limit
    if limit is not None and decisions >= limit and state.phase not in terminal:
        fail(
            f"{ROOT}.log",
            "game-length",
            f"a running game after {decisions} decisions: a game ends at {limit}",
        )
    ended = state.phase in terminal
    if state.is_over != ended:
        fail(f"{ROOT}.over", "result", f"over is {state.is_over} in machine state {state.phase!r}")
    if state.is_over:
        if state.to_act is not None:
            fail(f"{ROOT}.to_act", "result", "nobody decides in a game that is over")
        check_optional_index(state.winner, n, f"{ROOT}.winner", "winner", "player")
        return
    if state.winner is not None:
        fail(f"{ROOT}.winner", "result", "a game that is running has no winner")
    if state.phase not in ruleset.steps:
        fail(
            f"{ROOT}.phase",
            "decision-state",
            f"{state.phase!r} is no decision: a saved state is at a decision or at the end",
        )
    if state.to_act is None:
        fail(f"{ROOT}.to_act", "to-act", "a running game has a player to decide")
    check_index(state.to_act, n, f"{ROOT}.to_act", "to-act", "player")


def once(
    config: GameConfig, key: Hashable, parts: tuple[object, ...], compute: Callable[[], T]
) -> T:
    """``compute()``, a fact of the checks that depend only on values a game seldom
    changes (its cards, its configuration, the card pool), worked out once for them.

    The cache is owned by the game's ``config`` value (a field that is no part of its
    value: not compared, not saved, and a copy starts without it), so it lives as long
    as the configuration and no longer. Its entry for ``key`` (one per key) is valid
    while every value of ``parts`` is the very object it was worked out from: the entry
    holds them, so no other object can take their place. Every input of ``compute``
    other than ``config`` must be in ``parts``."""
    memo = config._facts
    if memo is None:
        memo = {}
        object.__setattr__(config, "_facts", memo)
    found = memo.get(key)
    if found is not None and same_objects(found[0], parts):
        value: T = found[1]
        if CHECK_FACTS:
            fresh = compute()
            assert fresh == value, f"stale validator fact {key!r}: {value!r} != {fresh!r}"
        return value
    value = compute()
    memo[key] = (parts, value)
    return value


def log_facts(log: Log, players: int) -> tuple[int | None, int]:
    """The index of the first decision of ``log`` that names no player of a
    ``players``-player game (or ``None``), and how many decisions are not automatic:
    facts each log node holds (:class:`~mitosz_core.kernel.action.Log`), so only a log
    with a wrong player is walked, to find where."""
    if log.names_only_players(players):
        return None, log.decided
    node = log
    previous = node.previous()
    while previous is not None and not previous.names_only_players(players):
        node, previous = previous, previous.previous()
    return len(node) - 1, log.decided


def decisions_taken(state: State[Any]) -> int:
    """How many decisions of ``state``'s history were not automatic."""
    return state._log.decided


def check_plays_on(state: State[Any], ruleset: StepRuleset[Any]) -> None:
    """Run last, when every field is known to be in range: the deciding player, nothing
    left for the state-based checks or the step to do by themselves, and a legal action."""
    if state.is_over:
        return
    step = ruleset.steps[state.phase]
    try:
        decider = step.decider(state)
        checked = ruleset.checks(state)
        resting = ruleset.resting(state)
        legal = legal_actions(state)
    except MitoszError as exc:
        fail(ROOT, "plays-on", f"the engine cannot go on from this state: {exc}")
    except Exception as exc:  # a gap in the validator: refuse the state all the same
        fail(ROOT, "plays-on", f"the engine cannot go on from this state ({type(exc).__name__})")
    if state.to_act != decider:
        fail(
            f"{ROOT}.to_act",
            "to-act",
            f"player {decider} decides in {state.phase!r}, not player {state.to_act}",
        )
    if checked != state:
        fail(
            ROOT,
            "checks-done",
            "the state-based checks would still change this state "
            "(a saved state is taken after them)",
        )
    if not resting:
        fail(f"{ROOT}.phase", "checks-done", f"nobody has a choice to make in {state.phase!r}")
    if not legal:
        fail(f"{ROOT}.phase", "plays-on", f"no legal action in {state.phase!r}")

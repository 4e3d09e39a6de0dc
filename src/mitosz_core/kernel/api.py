"""The pure game API: ``new_game``, ``legal_actions``, ``apply``, ``observe``, ``replay``.

Every function here is pure: it never changes its arguments, and the same arguments give
equal results in any process.
"""

from __future__ import annotations

import hashlib
import os
import random
import warnings
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, cast, overload

from mitosz_core.errors import (
    ConfigError,
    ConfigTypeError,
    DecodeError,
    IllegalActionError,
    MitoszDeprecationWarning,
    MitoszError,
    ReplayError,
    ReplayMismatchError,
)
from mitosz_core.kernel.action import Action, Decision, wrong_field
from mitosz_core.kernel.actionspace import ActionSpace, memo_legal
from mitosz_core.kernel.codec import loads
from mitosz_core.kernel.registry import get, names
from mitosz_core.kernel.rng import SEEDS
from mitosz_core.kernel.ruleset import Ruleset
from mitosz_core.kernel.state import DeckList, GameConfig, State

JsonDict = dict[str, Any]


def rulesets() -> tuple[str, ...]:
    """The names of the registered rulesets, e.g. ``("mitosz",)``."""
    return names()


def new_game(
    ruleset: str = "mitosz",
    *,
    decks: Sequence[str | os.PathLike[str] | DeckList] | None = None,
    seed: int,
    players: int = 2,
    auto_pass: bool = True,
    card_sets: Sequence[str | os.PathLike[str]] | None = None,
) -> State[Any]:
    """Start a game and return the state at its first decision.

    Args:
        ruleset: a registered ruleset name (see :func:`rulesets`).
        decks: one deck per player, each a built-in deck name, the path of a deck file
            (:mod:`mitosz_core.kernel.decks`) or a :class:`DeckList`; ``None`` deals the
            ruleset's built-in decks.
        seed: the seed of every shuffle, reveal and peek in the game: an integer in
            [0, 2**64) (:data:`~mitosz_core.kernel.rng.SEEDS`); any other seed is refused,
            so no two seeds give the same game.
        players: the number of players (the ruleset's ``min_players`` to
            ``max_players``).
        auto_pass: let the engine pass for a player whose only legal action is to pass a
            counter round (the pass is still recorded in the history, as automatic), from
            the start on: the state returned is a real decision.
        card_sets: card-set files to load beside the ruleset's built-in cards, so that
            ``decks`` may name their cards. The cards travel inside the state, so saved
            states and ``apply`` need nothing more; :func:`replay` takes the same files.

    Raises :class:`~mitosz_core.errors.ConfigError` (a ``ValueError``) for a seed or a
    player count out of range, :class:`~mitosz_core.errors.ConfigTypeError` (also a
    ``TypeError``) for one that is not an integer, an ``auto_pass`` that is not a bool
    or ``card_sets`` that are not a list of paths, and the errors of the decks and card
    sets (:class:`~mitosz_core.errors.DeckError`, :class:`~mitosz_core.errors.CardDataError`).
    """
    rs = get(ruleset)
    _check_config(rs, seed, players)
    if not isinstance(auto_pass, bool):
        raise ConfigTypeError("auto_pass", f"must be True or False, got {_kind(auto_pass)}")
    _check_card_sets(card_sets)
    if card_sets:
        rs = rs.with_card_sets(card_sets)
    config = GameConfig(
        seed=seed, players=players, decks=rs.resolve_decks(decks, players), auto_pass=auto_pass
    )
    state = rs.setup(config)
    return rs.take_automatic(state) if auto_pass else state


def _check_config(rs: Ruleset[Any], given_seed: object, given_players: object) -> None:
    """Refuse a seed or player count that no game can be set up with."""
    seed = _integer("seed", given_seed)
    players = _integer("players", given_players)
    if not 0 <= seed < SEEDS:
        raise ConfigError("seed", f"must be in [0, 2**64), got {_number(seed)}")
    if not rs.min_players <= players <= rs.max_players:
        raise ConfigError(
            "players",
            f"{rs.title} is played by {rs.players_text()}, not {_number(players)}",
        )


def _check_card_sets(card_sets: object) -> None:
    """``card_sets`` must be ``None`` or a sequence of paths (a ``str`` or an
    ``os.PathLike``); one path alone is not a sequence of them."""
    if card_sets is None:
        return
    if isinstance(card_sets, str | bytes | os.PathLike) or not isinstance(card_sets, Sequence):
        raise ConfigTypeError(
            "card_sets", f"must be a list of card-set paths, got {_kind(card_sets)}"
        )
    for i, path in enumerate(card_sets):
        if not isinstance(path, str | os.PathLike):
            raise ConfigTypeError(
                f"card_sets[{i}]", f"must be a path (a str or os.PathLike), got {_kind(path)}"
            )


def _kind(value: object) -> str:
    return "None" if value is None else type(value).__name__


def _integer(name: str, value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ConfigTypeError(name, f"must be an integer, got {type(value).__name__}")
    return value


def _number(value: int) -> str:
    """``value`` for a message; a huge one by its size (it may not convert to text)."""
    return str(value) if value.bit_length() <= 256 else f"an integer of {value.bit_length()} bits"


def legal_actions(state: State[Any]) -> tuple[Action, ...]:
    """Every action the deciding player may take now, in a deterministic order.

    Identical copies are listed once: of actions that differ only by which of some
    copies of one card they name (copies no rule can tell apart, e.g. two of a card in
    hand), the one naming the lowest ids (:mod:`mitosz_core.kernel.copies`). The others
    are still legal (:func:`is_legal`, :func:`apply`). Empty when the game is over. The
    result is memoised on the (immutable) state.
    """
    cached = state._legal
    if cached is not None:
        return cached
    return memo_legal(state, get(state.ruleset))


def is_legal(state: State[Any], action: Action) -> bool:
    """Whether ``action`` is legal in ``state``: the gate of :func:`apply` (true also
    for an identical copy that :func:`legal_actions` lists once)."""
    if state.is_over or state.to_act is None:
        return False
    rs = get(state.ruleset)
    return (
        isinstance(action, rs.action_types)
        and wrong_field(action) is None
        and rs.why_not(state, action) is None
    )


def _listed(action: Action, listed: tuple[Action, ...]) -> bool:
    """Whether ``action`` is one of the objects of a memoised legal list (the gate passed
    it, and its fields have their declared types): an equal action built elsewhere may
    still hold a value of another type, so it is checked (:func:`wrong_field`)."""
    return any(legal is action for legal in listed)


def apply(state: State[Any], action: Action) -> State[Any]:
    """The state after the deciding player takes ``action``; ``state`` is not changed.

    The legality gate decides, not the list of :func:`legal_actions`: a copy of a card
    that the list leaves out for an identical one (see there) is accepted, and leads to
    the game of the listed action with the two copies' ids exchanged (and their hand's
    order, which no rule reads).

    Raises :class:`IllegalActionError` (a ``ValueError``) saying why, if ``action`` is not
    legal now.
    """
    rs = get(state.ruleset)
    if state.is_over or state.to_act is None:
        raise IllegalActionError(action, state.phase, "the game is over")
    if not isinstance(action, rs.action_types):
        raise IllegalActionError(
            action, state.phase, f"{type(action).__name__} is not an action of {rs.name}"
        )
    listed = state._legal  # what the gate already passed here, if it was asked
    if listed is None or not _listed(action, listed):
        wrong = wrong_field(action)  # an equal action may hold a value of another type
        if wrong is not None:
            raise IllegalActionError(action, state.phase, wrong)
        if listed is None or action not in listed:
            reason = rs.why_not(state, action)  # the one gate; legal_actions is never built
            if reason is not None:
                raise IllegalActionError(action, state.phase, reason)
    player = state.to_act
    limit = rs.decision_limit
    new = rs.perform(state, action)
    new = new.evolve(_log=new._log.append(Decision(player, action)))
    if state.config.auto_pass:
        new = rs.take_automatic(new)
    if limit is not None and len(new._log) >= limit and not new.is_over:
        new = rs.stop_at_limit(new)
    return new


def observe(state: State[Any], player: int) -> JsonDict:
    """A JSON-serialisable view of what ``player`` may see in ``state``.

    It is the ruleset's observation type (a :class:`~typing.TypedDict`, a plain ``dict``
    at run time), whose fields the docs' observation reference lists; the typed faces
    (:func:`mitosz_core.mitosz.observe`, :func:`mitosz_core.mythos.observe`) return it
    as that type, so that ``mypy --strict`` checks the fields a program reads.

    Raises :class:`~mitosz_core.ConfigError` for a player index out of range, and
    :class:`~mitosz_core.ConfigTypeError` for one that is not an integer."""
    if isinstance(player, bool) or not isinstance(player, int):
        raise ConfigTypeError(
            "player", f"a player index is an integer, not {type(player).__name__}"
        )
    if not 0 <= player < state.config.players:
        raise ConfigError("player", f"no player {player} in a {state.config.players}-player game")
    return cast(JsonDict, get(state.ruleset).observe(state, player))


def returns(state: State[Any]) -> tuple[float, ...]:
    """Each player's result, by player index: by default 1 for the winner and -1 for
    every other player once the game is over, 0 for everyone in a draw and while the game
    runs (the ruleset's :meth:`~mitosz_core.kernel.ruleset.Ruleset.returns`)."""
    return get(state.ruleset).returns(state)


def utility_range(ruleset: str | State[Any]) -> tuple[float, float]:
    """The least and the greatest value :func:`returns` can give a player."""
    return _ruleset(ruleset).utility_range


def max_game_length(ruleset: str | State[Any], players: int = 2) -> int:
    """The most decisions (automatic passes included) a game of ``players`` can take."""
    return _ruleset(ruleset).max_game_length(players)


def action_space(ruleset: str | State[Any]) -> ActionSpace:
    """The integer action space of a ruleset (given by name, or by one of its states)."""
    return _ruleset(ruleset).action_space()


def sample_state(state: State[Any], player: int, rng: random.Random) -> State[Any]:
    """Determinization: a full state consistent with everything ``player`` has seen in
    ``state`` (their hand, the public zones, revealed and peeked cards, the sizes of the
    hidden zones), with every card hidden from them and the random generator's future
    redrawn from ``rng``. It depends only on ``player``'s information state and on
    ``rng``, so a search over samples cannot learn the opponents' hands or the next
    draws."""
    if isinstance(player, bool) or not isinstance(player, int):
        raise ConfigTypeError("player", f"must be an integer, got {type(player).__name__}")
    if not 0 <= player < state.config.players:
        raise ConfigError("player", f"no player {player} in a {state.config.players}-player game")
    if not isinstance(rng, random.Random):
        raise ConfigTypeError("rng", f"must be a random.Random, got {type(rng).__name__}")
    return get(state.ruleset).sample_state(state, player, rng)


def is_settled(state: State[Any]) -> bool:
    """Whether nothing is under way in ``state`` that must end before its position can
    be judged: no interruption (a response, a counter round, a forced choice) and no step
    of a fight (the ruleset's :meth:`~mitosz_core.kernel.ruleset.Ruleset.is_settled`).
    Search and evaluation read positions where it holds."""
    return get(state.ruleset).is_settled(state)


def turn_phase(state: State[Any]) -> str | None:
    """The phase of the turn under way in ``state``, through any interruption: a member
    of the ruleset's phase enumeration (for Mítosz :class:`mitosz_core.mitosz.Phase`, 6.2),
    or ``None`` for a ruleset that names no phases (MYTHOS)."""
    return get(state.ruleset).turn_phase(state)


def _ruleset(ruleset: str | State[Any]) -> Ruleset[Any]:
    return get(ruleset.ruleset if isinstance(ruleset, State) else ruleset)


def action_from_json(ruleset: str, text: str | bytes) -> Action:
    """Read one action from its JSON form (see :meth:`Action.to_json`).

    A field that has a default may be left out and takes it:
    ``{"type": "summon", "card": 3}`` is ``Summon(card=3)``. A missing field without a
    default, an unknown field or a bad value raises :class:`~mitosz_core.DecodeError`
    naming its JSON path."""
    rs = get(ruleset)
    return rs.decoder(defaults=True).action(loads(text, "an action"))


def actions_from_json(ruleset: str, text: str | bytes) -> tuple[Action | Decision, ...]:
    """Read an action log: a JSON list of actions or of decisions (as in a saved state).

    As in :func:`action_from_json`, fields that have a default may be left out."""
    rs = get(ruleset)
    data = loads(text, "an action log")
    if not isinstance(data, list):
        raise DecodeError("$", "an action log must be a JSON list")
    decoder = rs.decoder(defaults=True)
    out: list[Action | Decision] = []
    for i, item in enumerate(data):
        if isinstance(item, dict) and "action" in item:
            out.append(decoder.decode(Decision, item, f"$[{i}]"))
        else:
            out.append(decoder.action(item, f"$[{i}]"))
    return tuple(out)


@dataclass(frozen=True)
class ReplayReport:
    """What :func:`replay_report` made of an action log.

    A log may stop anywhere: a log cut short replays to the state where it stops, and
    ``finished`` says whether the game was over by then.
    """

    state: State[Any]
    """The state after the last entry of the log."""
    entries: int
    """The log entries read, all of them replayed (a failing entry raises instead)."""
    decisions: int
    """The decisions the log's entries were applied as (its automatic ones excluded)."""
    automatic: int
    """The log's automatic decisions, each checked against the one the engine took."""
    unrecorded: int
    """Automatic decisions the engine took after the log's last entry, which the log
    (cut short there, or a log of plain actions) does not record."""

    @property
    def finished(self) -> bool:
        """Whether the game is over after the log."""
        return self.state.is_over

    @property
    def turn(self) -> int:
        """The turn the log reached."""
        return self.state.turn

    @property
    def phase(self) -> str:
        """The machine state the log reached."""
        return self.state.phase


def state_digest(state: State[Any]) -> str:
    """The SHA-256 of the state's canonical JSON (:meth:`State.to_json
    <mitosz_core.State.to_json>`), as 64 hexadecimal digits: equal states have equal
    digests, and a saved state's digest can be kept and compared instead of the state."""
    return hashlib.sha256(state.to_json().encode("utf-8")).hexdigest()


_UNSET: Any = object()
"""The default of a keyword argument of :func:`replay` that was not given."""
_REPLAY_POSITIONAL = ("decks", "seed", "actions", "players")
"""The arguments that :func:`replay` and :func:`replay_report` took by position, in that
order (deprecated in version 0.1)."""


@overload
def replay(
    ruleset: str = "mitosz",
    *,
    seed: int,
    actions: Iterable[Action | Decision],
    decks: Sequence[str | os.PathLike[str] | DeckList] | None = None,
    players: int = 2,
    auto_pass: bool = True,
    card_sets: Sequence[str | os.PathLike[str]] | None = None,
    expect: State[Any] | str | None = None,
) -> State[Any]: ...


@overload
def replay(
    ruleset: str,
    decks: Sequence[str | os.PathLike[str] | DeckList] | None,
    seed: int,
    actions: Iterable[Action | Decision],
    players: int = 2,
    *,
    auto_pass: bool = True,
    card_sets: Sequence[str | os.PathLike[str]] | None = None,
    expect: State[Any] | str | None = None,
) -> State[Any]: ...  # deprecated: decks, seed, actions and players by position


def replay(
    ruleset: str = "mitosz",
    *legacy: Any,
    seed: Any = _UNSET,
    actions: Any = _UNSET,
    decks: Any = _UNSET,
    players: Any = _UNSET,
    auto_pass: bool = True,
    card_sets: Sequence[str | os.PathLike[str]] | None = None,
    expect: State[Any] | str | None = None,
) -> State[Any]:
    """Rebuild a game from its seed, decks and actions.

    The arguments are those of :func:`new_game`, by keyword, and ``actions``:
    ``replay("mitosz", seed=42, actions=state.history, decks=...)``. (``decks``,
    ``seed``, ``actions`` and ``players`` by position, the older form, still work in
    version 0.1 and raise a :class:`~mitosz_core.errors.MitoszDeprecationWarning`; the
    next release removes it.)

    ``actions`` may be plain actions or the decisions of a state's :attr:`~State.history`.
    The automatic decisions of a history are not applied, since the engine takes them
    again; each is checked against the one the engine takes there. A log of plain actions
    leaves them out. A log may stop anywhere (see :func:`replay_report`, which says how
    far it got).

    With ``expect`` (strict mode), the replay must reach exactly that state: a
    :class:`State`, or the :func:`state_digest` of one; otherwise it raises
    :class:`~mitosz_core.errors.ReplayMismatchError`.

    Raises :class:`ReplayError` naming the first entry that cannot be applied, or that
    disagrees with the game: a decision recorded for another player than the one to act,
    an automatic decision the engine does not take there, or one it takes that a history
    leaves out. The errors of :func:`new_game` pass through.
    """
    given = _replay_arguments(
        "replay",
        legacy,
        {"decks": decks, "seed": seed, "actions": actions, "players": players},
    )
    return _replay(ruleset, **given, auto_pass=auto_pass, card_sets=card_sets, expect=expect).state


@overload
def replay_report(
    ruleset: str = "mitosz",
    *,
    seed: int,
    actions: Iterable[Action | Decision],
    decks: Sequence[str | os.PathLike[str] | DeckList] | None = None,
    players: int = 2,
    auto_pass: bool = True,
    card_sets: Sequence[str | os.PathLike[str]] | None = None,
    expect: State[Any] | str | None = None,
) -> ReplayReport: ...


@overload
def replay_report(
    ruleset: str,
    decks: Sequence[str | os.PathLike[str] | DeckList] | None,
    seed: int,
    actions: Iterable[Action | Decision],
    players: int = 2,
    *,
    auto_pass: bool = True,
    card_sets: Sequence[str | os.PathLike[str]] | None = None,
    expect: State[Any] | str | None = None,
) -> ReplayReport: ...  # deprecated: decks, seed, actions and players by position


def replay_report(
    ruleset: str = "mitosz",
    *legacy: Any,
    seed: Any = _UNSET,
    actions: Any = _UNSET,
    decks: Any = _UNSET,
    players: Any = _UNSET,
    auto_pass: bool = True,
    card_sets: Sequence[str | os.PathLike[str]] | None = None,
    expect: State[Any] | str | None = None,
) -> ReplayReport:
    """:func:`replay`, returning a :class:`ReplayReport`: the state, and how far the log
    got (entries replayed, whether the game is over, automatic decisions checked)."""
    given = _replay_arguments(
        "replay_report",
        legacy,
        {"decks": decks, "seed": seed, "actions": actions, "players": players},
    )
    return _replay(ruleset, **given, auto_pass=auto_pass, card_sets=card_sets, expect=expect)


def _replay_arguments(
    function: str, legacy: tuple[Any, ...], given: dict[str, Any]
) -> dict[str, Any]:
    """The keyword arguments of a :func:`replay` call, its deprecated positional ones
    (``decks, seed, actions, players``) moved to their names."""
    if legacy:
        if len(legacy) > len(_REPLAY_POSITIONAL):
            raise TypeError(
                f"{function}() takes at most {len(_REPLAY_POSITIONAL) + 1} positional "
                f"arguments ({len(legacy) + 1} given)"
            )
        warnings.warn(
            f"{function}() with decks, seed, actions or players by position is deprecated"
            f" and will be removed in the next release; pass them by keyword, as to"
            f" new_game(): {function}(ruleset, seed=..., actions=..., decks=...)",
            MitoszDeprecationWarning,
            stacklevel=3,
        )
        for name, value in zip(_REPLAY_POSITIONAL, legacy, strict=False):
            if given[name] is not _UNSET:
                raise TypeError(f"{function}() got multiple values for argument {name!r}")
            given[name] = value
    for name in ("seed", "actions"):
        if given[name] is _UNSET:
            raise TypeError(f"{function}() missing required keyword argument: {name!r}")
    if given["decks"] is _UNSET:
        given["decks"] = None
    if given["players"] is _UNSET:
        given["players"] = 2
    return given


def _replay(
    ruleset: str,
    *,
    decks: Sequence[str | os.PathLike[str] | DeckList] | None,
    seed: int,
    actions: Iterable[Action | Decision],
    players: int,
    auto_pass: bool,
    card_sets: Sequence[str | os.PathLike[str]] | None,
    expect: State[Any] | str | None,
) -> ReplayReport:
    """The replay of :func:`replay` and :func:`replay_report`."""
    if isinstance(actions, str | bytes) or not isinstance(actions, Iterable):
        raise ConfigTypeError(
            "actions",
            f"must be a list of actions or decisions, got {_kind(actions)} "
            "(read a JSON log with actions_from_json)",
        )
    state = new_game(
        ruleset,
        decks=decks,
        seed=seed,
        players=players,
        auto_pass=auto_pass,
        card_sets=card_sets,
    )
    return replay_from(state, actions, expect=expect)


def replay_from(
    start: State[Any],
    actions: Iterable[Action | Decision],
    *,
    expect: State[Any] | str | None = None,
    on_step: Callable[[Decision, State[Any]], None] | None = None,
) -> ReplayReport:
    """:func:`replay_report` from the state ``start`` instead of a new game's first state:
    the one replay of the library, behind :func:`replay` and the history check of
    :meth:`State.from_json <mitosz_core.State.from_json>` (which replays an arranged game
    from its starting position). Its time is linear in the log.

    ``start`` is a game's first state, before or after the automatic decisions due in
    it: with ``auto_pass`` on, the engine takes those first (as :func:`new_game` does),
    and the log's first entries must record them. ``on_step`` (if given) is called with
    each decision the log's entries are applied as (its player, its action) and the state
    after it, automatic decisions excluded: what a viewer steps through."""
    auto_pass = start.config.auto_pass
    state = get(start.ruleset).take_automatic(start) if auto_pass else start
    # taken by the engine after the last decision (or at the start)
    engine_auto: tuple[Decision, ...] = state._log.tail(len(state._log))
    matched = entries = decisions = automatic = 0
    for index, item in enumerate(actions):
        entries = index + 1
        if isinstance(item, Decision) and item.auto and auto_pass:
            if matched >= len(engine_auto):
                raise ReplayError(
                    index,
                    f"the log records the automatic decision {item}, "
                    "but the engine takes none here",
                )
            if item != engine_auto[matched]:
                raise ReplayError(
                    index,
                    f"the log records the automatic decision {item}, "
                    f"but the engine took {engine_auto[matched]}",
                )
            matched += 1
            automatic += 1
            continue
        if isinstance(item, Decision):
            if item.auto:
                raise ReplayError(
                    index,
                    f"the log records the automatic decision {item}, "
                    "but the game's auto_pass is off: the engine takes none",
                )
            if matched < len(engine_auto):
                raise ReplayError(
                    index,
                    f"the engine took the automatic decision {engine_auto[matched]} here, "
                    f"but the log records {item}",
                )
            if state.is_over:
                raise ReplayError(index, "the game is over; the log goes on after its end")
            if item.player != state.to_act:
                raise ReplayError(
                    index, f"recorded for player {item.player}, but {state.to_act} is to act"
                )
            action: Action = item.action
        else:
            action = item  # a log of plain actions leaves the automatic decisions out
        before = len(state._log)
        player = state.to_act
        try:
            state = apply(state, action)
        except MitoszError as exc:
            raise ReplayError(index, exc) from exc
        decisions += 1
        if on_step is not None and player is not None:
            on_step(Decision(player, action), state)
        engine_auto = state._log.tail(len(state._log) - before - 1)
        matched = 0
    if expect is not None:
        problem = _mismatch(state, expect)
        if problem is not None:
            raise ReplayMismatchError(entries, problem)
    return ReplayReport(state, entries, decisions, automatic, len(engine_auto) - matched)


def _mismatch(state: State[Any], expect: State[Any] | str) -> str | None:
    """How ``state`` differs from the expected state or digest; ``None`` if it does not."""
    if isinstance(expect, str):
        found = state_digest(state)
        return None if found == expect.lower() else f"digest {found}, expected {expect}"
    if state == expect:
        return None
    summary: tuple[tuple[str, object, object], ...] = (
        ("ruleset", state.ruleset, expect.ruleset),
        ("number of decisions", len(state._log), len(expect._log)),
        ("turn", state.turn, expect.turn),
        ("phase", state.phase, expect.phase),
        ("player to act", state.to_act, expect.to_act),
    )
    for name, ours, theirs in summary:
        if ours != theirs:
            return f"its {name} is {ours!r}, the expected state's {theirs!r}"
    parts: tuple[tuple[str, object, object], ...] = (
        ("configuration", state.config, expect.config),
        ("history", state._log, expect._log),
        ("random generator", state.rng, expect.rng),
    )
    for name, ours, theirs in parts:
        if ours != theirs:
            return f"its {name} differs from the expected state's"
    return "its game data differ from the expected state's"

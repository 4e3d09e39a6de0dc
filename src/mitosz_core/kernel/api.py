"""The pure game API: ``new_game``, ``legal_actions``, ``apply``, ``observe``, ``replay``.

Every function here is pure: it never changes its arguments, and the same arguments give
equal results in any process.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from typing import Any

from mitosz_core.errors import DecodeError, IllegalActionError, MitoszError, ReplayError
from mitosz_core.kernel.action import Action, Decision
from mitosz_core.kernel.codec import loads
from mitosz_core.kernel.registry import get, names
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
        seed: the seed of every shuffle, reveal and peek in the game.
        players: the number of players.
        auto_pass: let the engine pass for a player whose only legal action is to pass a
            counter round (the pass is still recorded in the history).
        card_sets: card-set files to load beside the ruleset's built-in cards, so that
            ``decks`` may name their cards. The cards travel inside the state, so saved
            states and ``apply`` need nothing more; :func:`replay` takes the same files.
    """
    rs = get(ruleset)
    if card_sets:
        rs = rs.with_card_sets(card_sets)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise TypeError(f"seed must be an int, got {type(seed).__name__}")
    if not rs.min_players <= players <= rs.max_players:
        raise ValueError(f"{rs.title} is played by {rs.players_text()}, not {players}")
    config = GameConfig(
        seed=seed, players=players, decks=rs.resolve_decks(decks, players), auto_pass=auto_pass
    )
    return rs.setup(config)


def legal_actions(state: State[Any]) -> tuple[Action, ...]:
    """Every action the deciding player may take now, in a deterministic order.

    Empty when the game is over. The result is memoised on the (immutable) state.
    """
    cached = state._legal
    if cached is not None:
        return cached
    if state.over:
        result: tuple[Action, ...] = ()
    else:
        result = get(state.ruleset).legal(state)
    object.__setattr__(state, "_legal", result)
    return result


def is_legal(state: State[Any], action: Action) -> bool:
    """Whether ``action`` is legal in ``state``: the gate of :func:`apply`."""
    if state.over or state.to_act is None:
        return False
    rs = get(state.ruleset)
    return isinstance(action, rs.action_types) and rs.why_not(state, action) is None


def apply(state: State[Any], action: Action) -> State[Any]:
    """The state after the deciding player takes ``action``; ``state`` is not changed.

    Raises :class:`IllegalActionError` (a ``ValueError``) saying why, if ``action`` is not
    legal now.
    """
    rs = get(state.ruleset)
    if state.over or state.to_act is None:
        raise IllegalActionError(action, state.phase, "the game is over")
    if not isinstance(action, rs.action_types):
        raise IllegalActionError(
            action, state.phase, f"{type(action).__name__} is not an action of {rs.name}"
        )
    listed = state._legal  # what the gate already passed here, if it was asked
    if listed is None or action not in listed:
        reason = rs.why_not(state, action)  # the one gate; legal_actions is never built
        if reason is not None:
            raise IllegalActionError(action, state.phase, reason)
    player = state.to_act
    new = rs.perform(state, action)
    new = new.evolve(log=new.log.append(Decision(player, action)))
    if state.config.auto_pass:
        while not new.over and new.to_act is not None:
            auto = rs.auto_action(new)
            if auto is None:
                break
            who = new.to_act
            new = rs.perform(new, auto)
            new = new.evolve(log=new.log.append(Decision(who, auto, auto=True)))
    return new


def observe(state: State[Any], player: int) -> JsonDict:
    """A JSON-serialisable view of what ``player`` may see in ``state``."""
    if not 0 <= player < state.config.players:
        raise ValueError(f"no player {player} in a {state.config.players}-player game")
    return get(state.ruleset).observe(state, player)


def action_from_json(ruleset: str, text: str | bytes) -> Action:
    """Read one action from its JSON form (see :meth:`Action.to_json`)."""
    rs = get(ruleset)
    return rs.decoder().action(loads(text, "an action"))


def actions_from_json(ruleset: str, text: str | bytes) -> tuple[Action | Decision, ...]:
    """Read an action log: a JSON list of actions or of decisions (as in a saved state)."""
    rs = get(ruleset)
    data = loads(text, "an action log")
    if not isinstance(data, list):
        raise DecodeError("$", "an action log must be a JSON list")
    decoder = rs.decoder()
    out: list[Action | Decision] = []
    for i, item in enumerate(data):
        if isinstance(item, dict) and "action" in item:
            out.append(decoder.decode(Decision, item, f"$[{i}]"))
        else:
            out.append(decoder.action(item, f"$[{i}]"))
    return tuple(out)


def replay(
    ruleset: str,
    decks: Sequence[str | os.PathLike[str] | DeckList] | None,
    seed: int,
    actions: Iterable[Action | Decision],
    players: int = 2,
    *,
    auto_pass: bool = True,
    card_sets: Sequence[str | os.PathLike[str]] | None = None,
) -> State[Any]:
    """Rebuild a game from its seed, decks and actions.

    ``actions`` may be plain actions or the decisions of a state's :attr:`~State.history`;
    decisions the engine took automatically are skipped, since replaying re-creates them.
    Raises :class:`ReplayError` naming the first action that cannot be applied.
    """
    state = new_game(
        ruleset,
        decks=decks,
        seed=seed,
        players=players,
        auto_pass=auto_pass,
        card_sets=card_sets,
    )
    for index, item in enumerate(actions):
        if isinstance(item, Decision):
            if item.auto and auto_pass:
                continue
            if item.player != state.to_act:
                raise ReplayError(
                    index,
                    ValueError(f"recorded for player {item.player}, but {state.to_act} is to act"),
                )
            item = item.action
        try:
            state = apply(state, item)
        except MitoszError as exc:
            raise ReplayError(index, exc) from exc
    return state

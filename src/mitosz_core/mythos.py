"""The typed face of the MYTHOS ruleset: ``import mitosz_core.mythos as mythos``.

The same API as :mod:`mitosz_core.mitosz`, for MYTHOS: :data:`State` is the kernel's
state with the MYTHOS game data (``Game``), :data:`MythosAction` the union of every
MYTHOS action, and :func:`new_game`, :func:`legal_actions`, :func:`apply` and
:func:`replay` take and return them; :func:`observe` returns an
:class:`~mitosz_core.games.mythos.observation.Observation`
(the typed dictionaries of :mod:`mitosz_core.games.mythos.observation`, all exported
here)::

    import mitosz_core.mythos as mythos

    state: mythos.State = mythos.new_game(seed=7)
    while not state.is_over:
        state = mythos.apply(state, mythos.legal_actions(state)[0])
    print(state.game.players[0].life, state.game.ending)
    print(mythos.observe(state, 0)["players"][1]["graveyard"])

Each function checks that the state it is given is a MYTHOS state (otherwise
:class:`~mitosz_core.errors.RulesetMismatchError`).
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from typing import Any, Final, TypeAlias, cast

from mitosz_core.errors import RulesetMismatchError
from mitosz_core.games.mythos.actions import (
    ACTION_TYPES,
    Activate,
    Attach,
    Attack,
    Block,
    DamageOrder,
    Done,
    DrawCard,
    DrawSacrifice,
    EndTurn,
    Mobilize,
    Pass,
    PayDiscard,
    PayLife,
    PaySacrifice,
    Play,
    Recall,
)
from mitosz_core.games.mythos.cards import CardType, Faction
from mitosz_core.games.mythos.observation import (
    CardView,
    CombatView,
    Observation,
    PaymentView,
    PlayerObservation,
    SlotView,
)
from mitosz_core.games.mythos.position import Position, Side, SlotAt, load_position
from mitosz_core.games.mythos.state import Game, Player, Row
from mitosz_core.kernel import api as _api
from mitosz_core.kernel.action import Decision
from mitosz_core.kernel.state import DeckList
from mitosz_core.kernel.state import State as _State

RULESET: Final = "mythos"
"""The registry name of the ruleset."""

State: TypeAlias = _State[Game]
"""The state of a MYTHOS game (:class:`mitosz_core.State`), whose ``game`` is a ``Game``."""

MythosAction: TypeAlias = (
    DrawCard
    | DrawSacrifice
    | Play
    | Mobilize
    | Recall
    | Attach
    | Activate
    | Attack
    | Block
    | Done
    | DamageOrder
    | Pass
    | EndTurn
    | PayDiscard
    | PaySacrifice
    | PayLife
)
"""Every MYTHOS action (the classes of :mod:`mitosz_core.games.mythos.actions`)."""


def _mine(state: _State[Any]) -> State:
    if state.ruleset != RULESET:
        raise RulesetMismatchError(RULESET, state.ruleset)
    return cast(State, state)


def new_game(
    *,
    seed: int,
    decks: Sequence[str | os.PathLike[str] | DeckList] | None = None,
    players: int = 2,
    auto_pass: bool = True,
    card_sets: Sequence[str | os.PathLike[str]] | None = None,
) -> State:
    """:func:`mitosz_core.new_game` for MYTHOS (2 players)."""
    return _mine(
        _api.new_game(
            RULESET,
            seed=seed,
            decks=decks,
            players=players,
            auto_pass=auto_pass,
            card_sets=card_sets,
        )
    )


def legal_actions(state: State) -> tuple[MythosAction, ...]:
    """:func:`mitosz_core.legal_actions`: what the deciding player may do now."""
    return cast("tuple[MythosAction, ...]", _api.legal_actions(_mine(state)))


def is_legal(state: State, action: MythosAction) -> bool:
    """:func:`mitosz_core.is_legal`: whether ``action`` is legal now."""
    return _api.is_legal(_mine(state), action)


def apply(state: State, action: MythosAction) -> State:
    """:func:`mitosz_core.apply`: the state after ``action``; ``state`` is unchanged."""
    return _mine(_api.apply(_mine(state), action))


def observe(state: State, player: int) -> Observation:
    """:func:`mitosz_core.observe`: what ``player`` may see, as an
    :class:`~mitosz_core.games.mythos.observation.Observation` (its fields: the docs'
    observation reference)."""
    return cast(Observation, _api.observe(_mine(state), player))


def action_from_json(text: str | bytes) -> MythosAction:
    """:func:`mitosz_core.action_from_json`: one action from its JSON form; fields with
    a default may be left out."""
    return cast(MythosAction, _api.action_from_json(RULESET, text))


def replay(
    *,
    seed: int,
    actions: Iterable[MythosAction | Decision],
    decks: Sequence[str | os.PathLike[str] | DeckList] | None = None,
    players: int = 2,
    auto_pass: bool = True,
    card_sets: Sequence[str | os.PathLike[str]] | None = None,
    expect: State | str | None = None,
) -> State:
    """:func:`mitosz_core.replay`: a game rebuilt from its seed, decks and actions."""
    return _mine(
        _api.replay(
            RULESET,
            seed=seed,
            actions=actions,
            decks=decks,
            players=players,
            auto_pass=auto_pass,
            card_sets=card_sets,
            expect=expect,
        )
    )


__all__ = [
    "ACTION_TYPES",
    "RULESET",
    "Activate",
    "Attach",
    "Attack",
    "Block",
    "CardType",
    "CardView",
    "CombatView",
    "DamageOrder",
    "Done",
    "DrawCard",
    "DrawSacrifice",
    "EndTurn",
    "Faction",
    "Game",
    "Mobilize",
    "MythosAction",
    "Observation",
    "Pass",
    "PayDiscard",
    "PayLife",
    "PaySacrifice",
    "PaymentView",
    "Play",
    "Player",
    "PlayerObservation",
    "Position",
    "Recall",
    "Row",
    "Side",
    "SlotAt",
    "SlotView",
    "State",
    "action_from_json",
    "apply",
    "is_legal",
    "legal_actions",
    "load_position",
    "new_game",
    "observe",
    "replay",
]

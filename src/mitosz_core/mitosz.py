"""The typed face of the Mítosz ruleset: ``import mitosz_core.mitosz as mitosz``.

The kernel's API (:mod:`mitosz_core`) serves every ruleset, so its states are
``State[Any]`` and its actions the base class :class:`~mitosz_core.Action`. This module
is the same API for Mítosz alone, typed for it: :data:`State` is the kernel's state with
the Mítosz game data (``Game``), :data:`MitoszAction` the union of every Mítosz
action, and :func:`new_game`, :func:`legal_actions`, :func:`apply` and :func:`replay`
take and return them; :func:`observe` returns an
:class:`~mitosz_core.games.mitosz.observation.Observation` (the typed
dictionaries of :mod:`mitosz_core.games.mitosz.observation`, all exported here). A typed
program that reads ``state.game.playres``, builds ``Summon(crad=3)`` or reads
``observe(state, 0)["player"]`` fails ``mypy --strict``::

    import mitosz_core.mitosz as mitosz

    state: mitosz.State = mitosz.new_game(seed=7)
    while not state.is_over:
        action: mitosz.MitoszAction = mitosz.legal_actions(state)[0]
        state = mitosz.apply(state, action)
    print(state.game.players[0].spheres)
    seen: mitosz.Observation = mitosz.observe(state, 0)
    print(seen["players"][0]["power"], seen["winner"])

Each function checks that the state it is given is a Mítosz state (otherwise
:class:`~mitosz_core.errors.RulesetMismatchError`); everything else is the kernel's
function, with its errors.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from typing import Any, Final, TypeAlias, cast

from mitosz_core.errors import RulesetMismatchError
from mitosz_core.games.mitosz.actions import (
    AskHelp,
    AttachMount,
    Attack,
    Choose,
    ChooseTroopMode,
    DeclareFight,
    Designate,
    Discard,
    KeepMonster,
    KeywordActionBase,
    Pass,
    PermitHighGod,
    PlacePeople,
    PlayFate,
    PlayWithoutSummoning,
    Regain,
    SacrificeBuilding,
    SacrificeCommander,
    SacrificeItem,
    SacrificeLeader,
    Summon,
    SummonTroop,
    SummonWarLeader,
    TakeSpoils,
    ToUnderworld,
    TurnBack,
    UseFreeManeuver,
    UseManeuver,
)
from mitosz_core.games.mitosz.actionspace import MitoszActionSpace
from mitosz_core.games.mitosz.engine import ACTION_TYPES
from mitosz_core.games.mitosz.machine import Phase
from mitosz_core.games.mitosz.observation import (
    CardView,
    ChoiceView,
    EffectView,
    FightView,
    HeldLeaderView,
    HelperView,
    KeywordCardView,
    LeaderView,
    LeveledCardView,
    LimboView,
    MountView,
    Observation,
    PendingView,
    PeopleView,
    PlayerObservation,
    RoadView,
    SphereValues,
    TroopView,
)
from mitosz_core.games.mitosz.position import (
    HeldAt,
    KeywordAt,
    Leader,
    MarkerAt,
    People,
    Position,
    Side,
    load_position,
)
from mitosz_core.games.mitosz.state import FightKind, Game, LineName, Player, TroopMode
from mitosz_core.games.mitosz.terms import Edge, Sphere
from mitosz_core.kernel import api as _api
from mitosz_core.kernel.action import Decision
from mitosz_core.kernel.state import DeckList
from mitosz_core.kernel.state import State as _State

RULESET: Final = "mitosz"
"""The registry name of the ruleset."""

State: TypeAlias = _State[Game]
"""The state of a Mítosz game (:class:`mitosz_core.State`), whose ``game`` is a ``Game``."""

MitoszAction: TypeAlias = (
    Pass
    | PlacePeople
    | Summon
    | PermitHighGod
    | PlayWithoutSummoning
    | SacrificeItem
    | SacrificeLeader
    | ToUnderworld
    | Discard
    | Regain
    | TurnBack
    | UseManeuver
    | UseFreeManeuver
    | PlayFate
    | Choose
    | DeclareFight
    | Attack
    | Designate
    | SummonWarLeader
    | AskHelp
    | SummonTroop
    | ChooseTroopMode
    | SacrificeCommander
    | TakeSpoils
    | KeepMonster
    | AttachMount
    | SacrificeBuilding
    | KeywordActionBase
)
"""Every Mítosz action, the classes of :mod:`mitosz_core.games.mitosz.actions` and the
keywords' own, each declared in its keyword's module, under their base class
``KeywordActionBase``."""


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
    """:func:`mitosz_core.new_game` for Mítosz (2 to 4 players)."""
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


def legal_actions(state: State) -> tuple[MitoszAction, ...]:
    """:func:`mitosz_core.legal_actions`: what the deciding player may do now."""
    return cast("tuple[MitoszAction, ...]", _api.legal_actions(_mine(state)))


def is_legal(state: State, action: MitoszAction) -> bool:
    """:func:`mitosz_core.is_legal`: whether ``action`` is legal now."""
    return _api.is_legal(_mine(state), action)


def apply(state: State, action: MitoszAction) -> State:
    """:func:`mitosz_core.apply`: the state after ``action``; ``state`` is unchanged."""
    return _mine(_api.apply(_mine(state), action))


def observe(state: State, player: int) -> Observation:
    """:func:`mitosz_core.observe`: what ``player`` may see, as an
    :class:`~mitosz_core.games.mitosz.observation.Observation` (its fields: the docs'
    observation reference)."""
    return cast(Observation, _api.observe(_mine(state), player))


def action_space() -> MitoszActionSpace:
    """:func:`mitosz_core.action_space` for Mítosz, typed: with
    :meth:`~mitosz_core.games.mitosz.actionspace.MitoszActionSpace.covers`."""
    return cast(MitoszActionSpace, _api.action_space(RULESET))


def action_from_json(text: str | bytes) -> MitoszAction:
    """:func:`mitosz_core.action_from_json`: one action from its JSON form; fields with
    a default may be left out."""
    return cast(MitoszAction, _api.action_from_json(RULESET, text))


def replay(
    *,
    seed: int,
    actions: Iterable[MitoszAction | Decision],
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
    "AskHelp",
    "AttachMount",
    "Attack",
    "CardView",
    "ChoiceView",
    "Choose",
    "ChooseTroopMode",
    "DeclareFight",
    "Designate",
    "Discard",
    "Edge",
    "EffectView",
    "FightKind",
    "FightView",
    "Game",
    "HeldAt",
    "HeldLeaderView",
    "HelperView",
    "KeepMonster",
    "KeywordActionBase",
    "KeywordAt",
    "KeywordCardView",
    "Leader",
    "LeaderView",
    "LeveledCardView",
    "LimboView",
    "LineName",
    "MarkerAt",
    "MitoszAction",
    "MitoszActionSpace",
    "MountView",
    "Observation",
    "Pass",
    "PendingView",
    "People",
    "PeopleView",
    "PermitHighGod",
    "Phase",
    "PlacePeople",
    "PlayFate",
    "PlayWithoutSummoning",
    "Player",
    "PlayerObservation",
    "Position",
    "Regain",
    "RoadView",
    "SacrificeBuilding",
    "SacrificeCommander",
    "SacrificeItem",
    "SacrificeLeader",
    "Side",
    "Sphere",
    "SphereValues",
    "State",
    "Summon",
    "SummonTroop",
    "SummonWarLeader",
    "TakeSpoils",
    "ToUnderworld",
    "TroopMode",
    "TroopView",
    "TurnBack",
    "UseFreeManeuver",
    "UseManeuver",
    "action_from_json",
    "action_space",
    "apply",
    "is_legal",
    "legal_actions",
    "load_position",
    "new_game",
    "observe",
    "replay",
]

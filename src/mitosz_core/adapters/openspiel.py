"""OpenSpiel games for both rulesets (``pip install mitosz-core[rl]``).

Importing this module registers ``python_mitosz`` and ``python_mythos`` with
``pyspiel``; ``pyspiel.load_game("python_mitosz", {"players": 3, "seed": 5})`` loads
one. Chance is explicit (the games are never declared deterministic): every shuffle,
reveal and peek of a game is drawn by the engine's generator from the game's seed, so
the one chance node, at the root, draws that seed, uniformly among the ``chance_seeds``
parameter's seeds (65,536 by default; a seed outside them is refused). No player
observes the seed: it reaches them only through what the rules show.

Actions are candidates by default (:mod:`mitosz_core.adapters.candidates`): an index
``0 .. K - 1`` into the canonical legal list, so ``num_distinct_actions()`` is ``K``
(128) and a dense ``legal_actions_mask`` is ``K`` long. A decision with more than ``K``
candidates takes several steps of the same player (the overflow rule: a group, then a
member); the groups chosen so far are part of the state, its strings and its
serialization. :meth:`MitoszState.candidate_tensor` gives the ``K x F`` features of the
candidates. With the game parameter ``action_encoding="flat"`` actions are the integers
of the ruleset's action space instead (the canonical id of an action, 46 million for
Mítosz). The observation and information-state tensors are
:mod:`mitosz_core.adapters.tensors`; returns are win 1, loss -1, draw 0. States
serialize to the engine's JSON form (``State.to_json``, followed by the groups chosen
so far, if any), not through pickle. ``resample_from_infostate`` draws a state the
player may be in through :func:`~mitosz_core.sample_state`, so OpenSpiel's
``ISMCTSBot`` plays out of the box.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pyspiel

from mitosz_core.adapters import tensors
from mitosz_core.adapters.candidates import CandidateEncoding, Path, encoding
from mitosz_core.kernel.actionspace import ActionSpace
from mitosz_core.kernel.api import (
    action_space,
    apply,
    max_game_length,
    new_game,
    observe,
    returns,
    sample_state,
)
from mitosz_core.kernel.codec import dumps
from mitosz_core.kernel.registry import get
from mitosz_core.kernel.state import State

CHANCE_SEEDS = 1 << 16
"""By default, the seeds the root chance node draws from (0 .. CHANCE_SEEDS - 1)."""
CANDIDATES = "candidates"
FLAT = "flat"
DEFAULTS: dict[str, int | str] = {
    "players": 2,
    "chance_seeds": CHANCE_SEEDS,
    "action_encoding": CANDIDATES,
}
"""The game parameters and their defaults: the player count, how many seeds the root
chance node draws from (a small number gives short playthrough files), and the action
encoding (``"candidates"`` or ``"flat"``)."""
OVERFLOW_STEPS = 2
"""The steps a decision takes at most in :data:`~MitoszGame.max_game_length`'s count
(a group, then a member): the built-in decks never need more than one."""
PATH = "\ncandidates chosen: "
"""What separates a serialized engine state from the groups chosen so far."""


def game_type(ruleset: str) -> Any:
    """The ``pyspiel.GameType`` of ``python_<ruleset>``."""
    rs = get(ruleset)
    return pyspiel.GameType(
        short_name=f"python_{ruleset}",
        long_name=f"Python {rs.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=rs.max_players,
        min_num_players=rs.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        provides_factored_observation_string=False,
        parameter_specification=dict(DEFAULTS),
    )


_CHANCE = int(pyspiel.PlayerId.CHANCE)
_TERMINAL = int(pyspiel.PlayerId.TERMINAL)

ROOT = "root"
"""The serialized form of the root chance node."""


class MitoszGame(pyspiel.Game):  # type: ignore[misc]
    """An OpenSpiel game of one ruleset."""

    def __init__(self, params: dict[str, Any] | None = None, ruleset: str = "mitosz") -> None:
        params = {**DEFAULTS, **(params or {})}
        self.ruleset = ruleset
        self.players = int(params["players"])
        self.chance_seeds = int(params["chance_seeds"])
        kind = str(params["action_encoding"])
        if kind not in (CANDIDATES, FLAT):
            raise pyspiel.SpielError(
                f"action_encoding must be {CANDIDATES!r} or {FLAT!r}, not {kind!r}"
            )
        self.action_encoding = kind
        self.space = action_space(ruleset)
        self.candidates: CandidateEncoding | None = (
            encoding(ruleset) if kind == CANDIDATES else None
        )
        """The candidate encoding (``None`` with the flat one)."""
        self.memo = tensors.TensorMemo()
        """What the tensors of this game's states share (a ``TensorMemo``)."""
        size = (
            self.candidates.size if self.candidates is not None else self.space.num_distinct_actions
        )
        length = max_game_length(ruleset, self.players)
        info = pyspiel.GameInfo(
            num_distinct_actions=size,
            max_chance_outcomes=self.chance_seeds,
            num_players=self.players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=None,
            max_game_length=length * OVERFLOW_STEPS if self.candidates is not None else length,
        )
        super().__init__(game_type(ruleset), info, params)

    def new_initial_state(self) -> MitoszState:
        return MitoszState(self, None)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> Observer:
        perfect_recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        return Observer(self.ruleset, perfect_recall, self.memo)

    def deserialize_state(self, text: str) -> MitoszState:
        if text == ROOT:
            return MitoszState(self, None)
        text, _, chosen = text.partition(PATH)
        path = tuple(int(i) for i in chosen.split(",")) if chosen else ()
        return MitoszState(self, State.from_json(text), path)


class _Held:
    """An engine state inside an OpenSpiel state, with the ruleset's action space: a
    clone (a deep copy of the OpenSpiel state's attributes) shares both, since they are
    immutable."""

    __slots__ = ("path", "ruleset", "space", "state")

    def __init__(
        self, state: State[Any] | None, space: ActionSpace, ruleset: str, path: Path = ()
    ) -> None:
        self.state = state
        self.space = space
        self.ruleset = ruleset
        self.path = path
        """The candidate groups chosen so far in the decision (the overflow rule)."""

    def __reduce__(self) -> tuple[Any, tuple[State[Any] | None, str, Path]]:
        # pyspiel's own serialization (of C++ callers) pickles the attributes: the
        # space is the ruleset's, found again by its name
        return (_held, (self.state, self.ruleset, self.path))

    def __deepcopy__(self, memo: dict[int, Any]) -> _Held:
        return self


def _held(state: State[Any] | None, ruleset: str, path: Path = ()) -> _Held:
    """A :class:`_Held` of ``state`` with the ruleset's action space (unpickling)."""
    return _Held(state, action_space(ruleset), ruleset, path)


class MitoszState(pyspiel.State):  # type: ignore[misc]
    """An OpenSpiel state over an engine state."""

    def __init__(self, game: MitoszGame, state: State[Any] | None, path: Path = ()) -> None:
        super().__init__(game)
        self.ruleset = game.ruleset
        self.players = game.players
        self.chance_seeds = game.chance_seeds
        self.candidates = game.candidates
        if path and (self.candidates is None or state is None):
            raise pyspiel.SpielError("only a candidate decision has groups chosen")
        self._held = _Held(state, game.space, game.ruleset, path)
        self._memo = game.memo

    @property
    def _state(self) -> State[Any] | None:
        return self._held.state

    @_state.setter
    def _state(self, state: State[Any] | None) -> None:
        held = self._held
        self._held = _Held(state, held.space, held.ruleset)

    @property
    def path(self) -> Path:
        """The candidate groups chosen so far in this decision (empty but for a decision
        with more than ``K`` candidates, see :mod:`mitosz_core.adapters.candidates`)."""
        return self._held.path

    @property
    def space(self) -> ActionSpace:
        """The ruleset's action space."""
        return self._held.space

    @property
    def state(self) -> State[Any]:
        """The engine state (after the root chance node)."""
        if self._state is None:
            raise pyspiel.SpielError("the root chance node has not drawn the seed yet")
        return self._state

    def is_chance_node(self) -> bool:
        return self._held.state is None

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self._state is not None:
            return []
        p = 1.0 / self.chance_seeds
        return [(seed, p) for seed in range(self.chance_seeds)]

    def current_player(self) -> int:
        state = self._held.state
        if state is None:
            return _CHANCE
        if state.is_over:
            return _TERMINAL
        assert state.to_act is not None
        return state.to_act

    def _indices(self, state: State[Any]) -> list[int]:
        """The legal actions of the player deciding in ``state`` (not over)."""
        held = self._held
        if self.candidates is not None:
            return list(self.candidates.indices(state, held.path))
        return list(held.space.legal_indices(state))

    def _legal_actions(self, player: int) -> list[int]:
        state = self._held.state
        if state is None:
            return list(range(self.chance_seeds)) if player == pyspiel.PlayerId.CHANCE else []
        if state.is_over or player != state.to_act:
            return []
        return self._indices(state)

    def legal_actions(self, player: int | None = None) -> list[int]:
        """The legal actions of ``player`` (of the player to move if none is given), as
        pyspiel's own ``legal_actions`` gives them for a Python game (the seeds at the
        root chance node, none once the game is over, none for a player not to move);
        answered here, as called from Python, without pyspiel's five calls back into
        Python per call (C++ callers keep pyspiel's path)."""
        if player is not None and not isinstance(player, int):
            raise TypeError(f"a player index is an int, not {type(player).__name__}")
        held = self._held
        state = held.state
        if state is None:
            return list(range(self.chance_seeds))
        if state.is_over:
            return []
        if player is None or player == state.to_act:
            return self._indices(state)
        if player < 0:
            raise pyspiel.SpielError(f"Called LegalActions for pseudo-player {player}")
        return []

    def _apply_action(self, action: int) -> None:
        held = self._held
        state = held.state
        if state is None:
            seed = int(action)
            if not 0 <= seed < self.chance_seeds:
                raise pyspiel.SpielError(
                    f"seed {seed} is not an outcome of the chance node [0, {self.chance_seeds})"
                )
            self._state = new_game(self.ruleset, seed=seed, players=self.players)
            return
        if self.candidates is None:
            self._state = apply(state, held.space.decode(state, int(action)))
            return
        chosen, path = self.candidates.choose(state, held.path, action)
        after = state if chosen is None else apply(state, chosen)
        self._held = _Held(after, held.space, held.ruleset, path)

    def _action_to_string(self, player: int, action: int) -> str:
        if self._state is None:
            return f"seed {action}"
        state = self.state
        if self.candidates is not None:
            options = self.candidates.options(state, self.path)
            if not 0 <= int(action) < len(options):
                return f"candidate {action} (none)"
            return self.candidates.describe(state, options[int(action)])
        return self.space.action_string(state, self.space.decode(state, int(action)))

    def candidate_tensor(self, player: int | None = None) -> tensors.Tensor:
        """The ``K x F`` float32 features of the candidates (a row per legal action
        index, see :mod:`mitosz_core.adapters.candidates`) as ``player`` (the player
        deciding if none is given) sees them: all 0 for a player not deciding, at the
        chance node and once the game is over. Only with the candidate encoding."""
        if self.candidates is None:
            raise pyspiel.SpielError("the flat action encoding has no candidate tensor")
        if player is None:
            player = self.current_player()
        state = self._held.state
        if state is None or state.is_over:
            return np.zeros((self.candidates.size, self.candidates.width), np.float32)
        self._check_player(player)
        return self.candidates.features(state, player, self.path)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> MitoszState:
        """A state ``player_id`` may be in, drawn by :func:`~mitosz_core.sample_state`
        from a generator seeded by ``probability_sampler()`` (a number in [0, 1), as
        OpenSpiel's ``UniformProbabilitySampler`` gives): the same information state
        (strings and tensors), the candidate groups chosen kept."""
        state = self._held.state
        if state is None:
            return MitoszState(self.get_game(), None)
        rng = random.Random(int(float(probability_sampler()) * (1 << 62)))
        return MitoszState(self.get_game(), sample_state(state, player_id, rng), self.path)

    def _check_player(self, player: object) -> None:
        if isinstance(player, bool) or not isinstance(player, int):
            raise TypeError(f"a player index is an int, not {type(player).__name__}")
        if not 0 <= player < self.players:
            raise pyspiel.SpielError(f"no player {player} in a {self.players}-player game")

    def observation_tensor(self, player: int | None = None) -> tensors.Tensor:
        """The player's observation tensor (of the player deciding if none is given): the
        values pyspiel's own ``observation_tensor`` gives, as a float32 NumPy array
        (read-only, over the tensor's packed bytes, made without a copy: ``copy()`` it to
        change it) rather than a list of Python floats, which pyspiel never needs (its C++
        callers read the tensor through the observer's NumPy ``tensor``, see
        :class:`Observer`) and which cost one new float object per value; built here, as
        called from Python, without pyspiel's query of the tensor's size, which makes and
        observes a new initial state at every call."""
        return self._tensor(player, information_state=False)

    def information_state_tensor(self, player: int | None = None) -> tensors.Tensor:
        """The player's information-state tensor, as :meth:`observation_tensor` (a new
        float32 array)."""
        return self._tensor(player, information_state=True)

    def _tensor(self, player: int | None, information_state: bool) -> tensors.Tensor:
        if player is None:
            player = self.current_player()
        self._check_player(player)
        state = self._held.state
        if state is None:
            return np.zeros(tensors.shape(self.ruleset, information_state), np.float32)
        if information_state:
            return tensors.information_state_tensor(state, player, memo=self._memo)
        return np.frombuffer(tensors.observation_bytes(state, player, self._memo), np.float32)

    def is_terminal(self) -> bool:
        state = self._held.state
        return state is not None and state.is_over

    def returns(self) -> list[float]:
        if self._state is None:
            return [0.0] * self.players
        return list(returns(self._state))

    def serialize(self) -> str:
        if self._state is None:
            return ROOT
        text = self._state.to_json()
        path = self.path
        return text + PATH + ",".join(map(str, path)) if path else text

    def __str__(self) -> str:
        if self._state is None:
            return "chance: the game's seed"
        return dumps(observe(self._state, self._state.to_act or 0))


class Observer:
    """The observation (or, with ``perfect_recall``, information-state) tensor and
    string of a player."""

    def __init__(
        self, ruleset: str, perfect_recall: bool, memo: tensors.TensorMemo | None = None
    ) -> None:
        self.ruleset = ruleset
        self.perfect_recall = perfect_recall
        self.memo = memo if memo is not None else tensors.TensorMemo()
        self.tensor = np.zeros(tensors.shape(ruleset, perfect_recall), np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: MitoszState, player: int) -> None:
        if state.is_chance_node():
            self.tensor[:] = 0.0
        elif self.perfect_recall:
            tensors.information_state_tensor(state.state, player, self.tensor, self.memo)
        else:
            tensors.observation_tensor(state.state, player, self.tensor, self.memo)

    def string_from(self, state: MitoszState, player: int) -> str:
        if state.is_chance_node():
            return "root"
        text = self.text(state.state, player)
        if state.path:  # the groups chosen so far are seen by every player
            text += " candidates chosen: " + ",".join(map(str, state.path))
        return text

    def text(self, state: State[Any], player: int) -> str:
        """The string of engine state ``state`` for ``player``: what ``observe`` shows
        and, for the information state, every decision's seat and action class (a
        public record: an automatic pass is in it like any other decision)."""
        text = dumps(observe(state, player))
        if self.perfect_recall:
            public = [f"{d.player}:{d.action.kind}" for d in state.history]
            text += " " + ",".join(public)
        return text


class MythosGame(MitoszGame):
    """The OpenSpiel game of MYTHOS."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        super().__init__(params, "mythos")


for _ruleset, _game in (("mitosz", MitoszGame), ("mythos", MythosGame)):
    pyspiel.register_game(game_type(_ruleset), _game)

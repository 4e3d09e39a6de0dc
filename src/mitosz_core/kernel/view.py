"""What one player may know: :class:`PlayerView`, and the :class:`Bot` protocol.

A bot that plays from a :class:`PlayerView` cannot read the opponents' hands or the next
draws: the view holds the full state privately and gives out only the player's
observation, the legal actions (which a player knows when it is their decision), the
action space, the result, and :meth:`PlayerView.sample`, a full state *redrawn* from what
the player has seen (determinization), for search.
"""

from __future__ import annotations

import random
from typing import Any, Protocol

from mitosz_core.errors import MitoszError
from mitosz_core.kernel.action import Action
from mitosz_core.kernel.actionspace import ActionSpace
from mitosz_core.kernel.api import legal_actions, observe
from mitosz_core.kernel.registry import get
from mitosz_core.kernel.state import State


class PlayerView:
    """One player's view of a state. Immutable; the state itself is not reachable
    through the public attributes."""

    __slots__ = ("_player", "_state")

    _state: State[Any]
    _player: int

    def __init__(self, state: State[Any], player: int) -> None:
        if isinstance(player, bool) or not isinstance(player, int):
            raise MitoszError(f"a player is an int, got {type(player).__name__}")
        if not 0 <= player < state.config.players:
            raise MitoszError(f"no player {player} in a {state.config.players}-player game")
        object.__setattr__(self, "_state", state)
        object.__setattr__(self, "_player", player)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("a PlayerView is immutable")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("a PlayerView is immutable")

    def __repr__(self) -> str:
        return f"PlayerView(player={self._player}, ruleset={self._state.ruleset!r})"

    @property
    def player(self) -> int:
        """The player whose view this is."""
        return self._player

    @property
    def ruleset(self) -> str:
        """The name of the ruleset played."""
        return self._state.ruleset

    @property
    def observation(self) -> Any:
        """What the player sees: :func:`~mitosz_core.observe` of the state."""
        return observe(self._state, self._player)

    @property
    def to_act(self) -> int | None:
        """The player who decides now (``None`` once the game is over)."""
        return self._state.to_act

    @property
    def is_deciding(self) -> bool:
        """Whether it is this player's decision now."""
        return self._state.to_act == self._player and not self._state.over

    @property
    def legal_actions(self) -> tuple[Action, ...]:
        """The legal actions, if it is this player's decision; else empty."""
        return legal_actions(self._state) if self.is_deciding else ()

    @property
    def action_space(self) -> ActionSpace:
        """The ruleset's integer action space."""
        return get(self._state.ruleset).action_space()

    @property
    def legal_indices(self) -> tuple[int, ...]:
        """The integer indices of :attr:`legal_actions` (ascending)."""
        return self.action_space.legal_indices(self._state) if self.is_deciding else ()

    def index_of(self, action: Action) -> int:
        """The integer index of one of :attr:`legal_actions`."""
        return self.action_space.encode(self._state, action)

    def action_at(self, index: int) -> Action:
        """The legal action an integer index names."""
        return self.action_space.decode(self._state, index)

    def action_string(self, action: Action) -> str:
        """A readable text for a legal action, unique among the legal actions."""
        return self.action_space.action_string(self._state, action)

    def sample(self, rng: random.Random) -> State[Any]:
        """A full state consistent with what the player has seen, every hidden card and
        the generator's future redrawn from ``rng``: see :func:`~mitosz_core.sample_state`."""
        return get(self._state.ruleset).sample_state(self._state, self._player, rng)

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self._state.over

    @property
    def returns(self) -> tuple[float, ...]:
        """Every player's result (see :func:`~mitosz_core.returns`)."""
        return get(self._state.ruleset).returns(self._state)

    @property
    def turn(self) -> int:
        """The number of turns begun."""
        return self._state.turn


class Bot(Protocol):
    """A player program that decides from what its player may know."""

    def choose(self, view: PlayerView) -> Action:
        """One of ``view.legal_actions``."""
        ...


def view(state: State[Any], player: int | None = None) -> PlayerView:
    """``player``'s view of ``state``; by default the deciding player's. A finished game
    has no deciding player: name one."""
    if player is None:
        if state.to_act is None:
            raise MitoszError("the game is over: name the player whose view is wanted")
        player = state.to_act
    return PlayerView(state, player)

"""The tensor functions of :mod:`mitosz_core.adapters.tensors`: each ruleset's builder
(:mod:`.mitosz`, :mod:`.mythos`) by the state's ruleset, into a new array or a given
one, and the information state's record of decisions."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from mitosz_core.adapters.tensors import mitosz, mythos
from mitosz_core.adapters.tensors.layout import KINDS, SEATS, SIZES
from mitosz_core.adapters.tensors.memo import TensorMemo
from mitosz_core.adapters.tensors.packing import Tensor
from mitosz_core.errors import ConfigError, ConfigTypeError
from mitosz_core.kernel.state import State

Fill = Callable[[State[Any], int, list[float]], None]
"""A reference builder: writes a player's tensor into a list of zeros."""
_FILL: dict[str, Callable[[State[Any], int, TensorMemo | None], bytes]] = {
    "mitosz": mitosz.packed,
    "mythos": mythos.packed,
}
_REFERENCE: dict[str, Fill] = {"mitosz": mitosz.reference, "mythos": mythos.reference}


def _check_out(size: int, out: Tensor) -> None:
    """Refuse an ``out`` array that is not a float32 vector of ``size``."""
    if out.shape != (size,) or out.dtype != np.float32:
        raise ValueError(
            f"out must be a float32 array of shape ({size},), not {out.dtype} {out.shape}"
        )


def check_player(state: State[Any], player: object) -> None:
    """Refuse a player index that is not a seat of ``state``'s game, as
    :func:`~mitosz_core.observe` does."""
    if type(player) is int and 0 <= player < state.config.players:
        return
    if isinstance(player, bool) or not isinstance(player, int):
        raise ConfigTypeError(
            "player", f"a player index is an integer, not {type(player).__name__}"
        )
    raise ConfigError("player", f"no player {player} in a {state.config.players}-player game")


def observation_bytes(state: State[Any], player: int, memo: TensorMemo | None = None) -> bytes:
    """The values of :func:`observation_tensor` as float32 bytes in the machine's byte
    order (``np.frombuffer(data, np.float32)`` reads them): what the tensor is made
    from, without an array (OpenSpiel's list of floats is read straight from them)."""
    check_player(state, player)
    return _FILL[state.ruleset](state, player, memo)


def observation_tensor(
    state: State[Any], player: int, out: Tensor | None = None, memo: TensorMemo | None = None
) -> Tensor:
    """The player's observation as a float32 vector of
    :func:`~mitosz_core.adapters.tensors.shape`; written into ``out`` (and returned) if
    given, else into a new array. A :class:`TensorMemo` kept from call to call saves
    work; the tensor is the same without. A player index that is not a seat of the game
    is refused as :func:`~mitosz_core.observe` refuses it."""
    check_player(state, player)
    if out is not None:
        _check_out(SIZES[state.ruleset, False], out)
    values = np.frombuffer(_FILL[state.ruleset](state, player, memo), dtype=np.float32)
    if out is None:
        return values.copy()
    out[:] = values
    return out


def reference_observation_tensor(state: State[Any], player: int) -> Tensor:
    """The observation tensor built from :func:`~mitosz_core.observe` field by field as
    the layout documents it: slower than :func:`observation_tensor`, which must equal
    it in every state (a property of the test suite)."""
    check_player(state, player)
    values = [0.0] * SIZES[state.ruleset, False]
    _REFERENCE[state.ruleset](state, player, values)
    return np.array(values, dtype=np.float32)


def _history(state: State[Any], player: int) -> Tensor:
    """The information state's extra part: decisions per seat (the player's own first)
    and action class, / 100."""
    ruleset = state.ruleset
    kinds = KINDS[ruleset]
    count = len(kinds)
    n = state.config.players
    counts = np.zeros(SEATS[ruleset] * count, dtype=np.float32)
    for decision in state.history:
        q = (decision.player - player) % n
        counts[q * count + kinds[type(decision.action)]] += 1
    share: Tensor = counts / np.float32(100)
    return share


def information_state_tensor(
    state: State[Any], player: int, out: Tensor | None = None, memo: TensorMemo | None = None
) -> Tensor:
    """The observation tensor followed by the public record of decisions per seat and
    action class (see :mod:`mitosz_core.adapters.tensors`); written into ``out`` (and
    returned) if given."""
    check_player(state, player)
    ruleset = state.ruleset
    size = SIZES[ruleset, True]
    if out is None:
        target: Tensor = np.empty(size, dtype=np.float32)
    else:
        _check_out(size, out)
        target = out
    at = SIZES[ruleset, False]
    target[:at] = np.frombuffer(_FILL[ruleset](state, player, memo), dtype=np.float32)
    target[at:] = _history(state, player)
    return target


def reference_information_state_tensor(state: State[Any], player: int) -> Tensor:
    """The information-state tensor from :func:`reference_observation_tensor`, as
    :func:`information_state_tensor` must give it."""
    return np.concatenate([reference_observation_tensor(state, player), _history(state, player)])

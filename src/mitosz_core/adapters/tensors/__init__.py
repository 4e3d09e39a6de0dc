"""Observation and information-state tensors (NumPy), per ruleset, of fixed shape.

Both hold exactly what :func:`~mitosz_core.observe` shows the player, so nothing the
player may not see; the printed features of a visible card (type, cost, level) come
from its card definition. :func:`observation_tensor` reads those values straight from
the state (the same rule functions ``observe`` calls, without building the observation's
card views); :func:`reference_observation_tensor` builds the same tensor from ``observe``
itself, field by field as documented, and the property suite checks that the two are
equal in every state. Every value is finite and, but for counts, in [0, 1]. The
layout of each ruleset is a list of named fields (:data:`MITOSZ_OBSERVATION`,
:data:`MYTHOS_OBSERVATION`); :func:`layout` gives it, and the docs page "Using the
engine for AI research" prints it field by field.

The information-state tensor is the observation tensor followed by what the player has
seen happen so far: for each seat (the player's own first), how many decisions of each
action class that seat has taken (a public record), divided by 100.

The modules, one topic each: :mod:`.layout` (the field tables and shapes),
:mod:`.packing` (float32 bytes), :mod:`.mitosz` and :mod:`.mythos` (each ruleset's
tensor from the state and its reference from ``observe``), :mod:`.mitosz_fields` and
:mod:`.mythos_fields` (the packed fields of a seat's board and of a hand slot),
:mod:`.memo` (the :class:`TensorMemo`, with its entries per ruleset in
:mod:`.mitosz_memo` and :mod:`.mythos_memo`) and :mod:`.api` (the functions below).
"""

from mitosz_core.adapters.tensors.api import (
    Fill,
    information_state_tensor,
    observation_bytes,
    observation_tensor,
    reference_information_state_tensor,
    reference_observation_tensor,
)
from mitosz_core.adapters.tensors.layout import (
    M_EDGES,
    M_HAND,
    M_INTRIGUES,
    M_LEADERS,
    M_PEOPLES,
    M_SEATS,
    M_TYPES,
    MITOSZ_HAND_CARD,
    MITOSZ_OBSERVATION,
    MITOSZ_SEAT,
    MYTHOS_OBSERVATION,
    MYTHOS_SEAT,
    MYTHOS_SLOT,
    Y_HAND,
    Y_SLOTS,
    Y_TYPES,
    Field,
    layout,
    shape,
)
from mitosz_core.adapters.tensors.memo import TensorMemo
from mitosz_core.adapters.tensors.mythos_fields import Extra, Tables
from mitosz_core.adapters.tensors.packing import Tensor
from mitosz_core.games.mitosz.engine import ACTION_TYPES as MITOSZ_ACTIONS
from mitosz_core.games.mythos.actions import ACTION_TYPES as MYTHOS_ACTIONS

__all__ = [
    "MITOSZ_ACTIONS",
    "MITOSZ_HAND_CARD",
    "MITOSZ_OBSERVATION",
    "MITOSZ_SEAT",
    "MYTHOS_ACTIONS",
    "MYTHOS_OBSERVATION",
    "MYTHOS_SEAT",
    "MYTHOS_SLOT",
    "M_EDGES",
    "M_HAND",
    "M_INTRIGUES",
    "M_LEADERS",
    "M_PEOPLES",
    "M_SEATS",
    "M_TYPES",
    "Y_HAND",
    "Y_SLOTS",
    "Y_TYPES",
    "Extra",
    "Field",
    "Fill",
    "Tables",
    "Tensor",
    "TensorMemo",
    "information_state_tensor",
    "layout",
    "observation_bytes",
    "observation_tensor",
    "reference_information_state_tensor",
    "reference_observation_tensor",
    "shape",
]

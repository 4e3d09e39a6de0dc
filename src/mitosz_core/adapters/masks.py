"""Dense action masks built from the sparse legal indices, without clearing the whole
array each time (``pip install mitosz-core[rl]``).

A dense mask of the Mítosz action space has 6 million entries, so allocating and
zeroing a fresh one costs far more than the few legal indices it marks. A
:class:`MaskBuffers` keeps a few mask arrays and hands one out again once nothing else
holds it: it then clears only the indices it marked last time and marks the new ones,
in time proportional to the number of legal actions. An array that a caller still holds
(in an observation kept in a replay buffer, or through a view or a tensor sharing its
memory) is never reused, so a mask once returned never changes; the pool sees that from
the array's reference count (CPython's :func:`sys.getrefcount`; where there is none,
every mask is a fresh array). The masks are read-only, so that what the pool clears is
exactly what it marked: copy one (``mask.copy()``) to change it.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

MaskArray = npt.NDArray[np.int8]


class _Pooled:
    """A pooled mask and the indices it marks."""

    __slots__ = ("array", "marked")

    def __init__(self, array: MaskArray, marked: npt.NDArray[np.intp]) -> None:
        self.array = array
        self.marked = marked


def _holders(slot: _Pooled) -> int:
    """The references to the mask of ``slot`` (the slot's own among them)."""
    return sys.getrefcount(slot.array)


def _baseline() -> int | None:
    """What :func:`_holders` counts for a mask that only the pool holds; ``None`` where
    reference counts cannot be read."""
    if not hasattr(sys, "getrefcount"):
        return None
    return _holders(_Pooled(np.zeros(1, dtype=np.int8), np.zeros(0, dtype=np.intp)))


_FREE = _baseline()


class MaskBuffers:
    """Masks of ``size`` entries (int8, 1 at the legal indices), from a pool of at most
    ``keep`` arrays."""

    def __init__(self, size: int, keep: int = 4) -> None:
        self.size = size
        self.keep = keep
        self._pool: list[_Pooled] = []

    def mask(self, indices: Sequence[int]) -> MaskArray:
        """A read-only mask, 1 exactly at ``indices`` (each in ``[0, size)``)."""
        marked = np.fromiter(indices, dtype=np.intp, count=len(indices))
        if _FREE is not None:
            for slot in self._pool:
                if _holders(slot) == _FREE:
                    array = slot.array
                    array.flags.writeable = True
                    array[slot.marked] = 0
                    array[marked] = 1
                    array.flags.writeable = False
                    slot.marked = marked
                    return array
        fresh: MaskArray = np.zeros(self.size, dtype=np.int8)
        fresh[marked] = 1
        fresh.flags.writeable = False
        if len(self._pool) < self.keep:
            self._pool.append(_Pooled(fresh, marked))
        return fresh

"""Dense action masks built from the sparse legal indices, without clearing the whole
array each time (``pip install mitosz-core[rl]``).

A dense mask of the Mítosz action space has 46 million entries, so allocating and
zeroing a fresh one costs far more than the few legal indices it marks. A
:class:`MaskBuffers` keeps a few mask arrays and hands one out again once nothing else
holds it: it then clears only the indices it marked last time and marks the new ones,
in time proportional to the number of legal actions. An array that a caller still holds
(in an observation kept in a replay buffer, or through a view or a tensor sharing its
memory) is never reused, so a mask once returned never changes; the pool sees that from
the reference counts of the array and of the read-only view of it that the pool hands
out (CPython's :func:`sys.getrefcount`; where there is none, every mask is a fresh
array): whatever is made from a mask holds one of them. The masks are those read-only
views, made once per pooled array and handed out again with it, so that what the pool
clears is exactly what it marked: copy one (``mask.copy()``) to change it. A few indices
are marked and cleared one by one through a ``memoryview`` of the array (no NumPy item
call), more at once (NumPy's fancy indexing), whichever is quicker.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

MaskArray = npt.NDArray[np.int8]


def _read_only(array: MaskArray) -> MaskArray:
    """A read-only view of ``array``."""
    view = array.view()
    view.setflags(write=False)
    return view


class _Pooled:
    """A pooled mask: its array, a ``memoryview`` of it that the pool writes through
    (without NumPy's item machinery; never handed out), the read-only view of the array
    handed out, and the indices it marks."""

    __slots__ = ("array", "marked", "view", "writer")

    def __init__(self, array: MaskArray, marked: tuple[int, ...]) -> None:
        self.array = array
        self.writer = array.data
        self.view = _read_only(array)
        self.marked = marked


def _holders(slot: _Pooled) -> tuple[int, int]:
    """The references to the array and to the view of ``slot`` (the pool's own among
    them, and one per array, view or buffer made from them that is still alive)."""
    return sys.getrefcount(slot.array), sys.getrefcount(slot.view)


def _baseline() -> tuple[int, int] | None:
    """What :func:`_holders` counts for a mask that only the pool holds; ``None`` where
    reference counts cannot be read."""
    if not hasattr(sys, "getrefcount"):
        return None
    return _holders(_Pooled(np.zeros(1, dtype=np.int8), ()))


_FREE = _baseline()

_ONE_BY_ONE = 16
"""Up to this many indices, writing them one by one is quicker than NumPy's indexing
with an index array (which has to be made first)."""


def _mark(slot: _Pooled, indices: tuple[int, ...], value: int) -> None:
    """Set the mask of ``slot`` to ``value`` at ``indices``."""
    if len(indices) <= _ONE_BY_ONE:
        writer = slot.writer
        for i in indices:
            writer[i] = value
    else:
        slot.array[np.array(indices, dtype=np.intp)] = value


class MaskBuffers:
    """Masks of ``size`` entries (int8, 1 at the legal indices), from a pool of at most
    ``keep`` arrays."""

    def __init__(self, size: int, keep: int = 4) -> None:
        self.size = size
        self.keep = keep
        self._pool: list[_Pooled] = []

    def mask(self, indices: Sequence[int]) -> MaskArray:
        """A read-only mask, 1 exactly at ``indices`` (each in ``[0, size)``)."""
        marked = tuple(indices)
        if _FREE is not None:
            for slot in self._pool:
                if _holders(slot) == _FREE:
                    _mark(slot, slot.marked, 0)
                    _mark(slot, marked, 1)
                    slot.marked = marked
                    return slot.view
        fresh = _Pooled(np.zeros(self.size, dtype=np.int8), marked)
        _mark(fresh, marked, 1)
        if len(self._pool) < self.keep:
            self._pool.append(fresh)
        return fresh.view

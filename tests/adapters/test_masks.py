"""The pooled action masks: exactly the legal indices, read-only, and a mask that anyone
still holds is never reused (so it never changes)."""

from __future__ import annotations

import pytest

np = pytest.importorskip("numpy", reason="the adapters need the extra mitosz-core[rl]")

from mitosz_core.adapters import masks  # noqa: E402
from mitosz_core.adapters.masks import MaskBuffers  # noqa: E402


def test_a_mask_marks_exactly_the_indices_and_is_read_only() -> None:
    pool = MaskBuffers(10)
    mask = pool.mask([1, 7])
    assert mask.dtype == np.int8 and mask.shape == (10,)
    assert list(np.flatnonzero(mask)) == [1, 7]
    with pytest.raises(ValueError, match="read-only"):
        mask[3] = 1


def test_a_mask_still_held_never_changes() -> None:
    pool = MaskBuffers(10, keep=2)
    held = [pool.mask([k]) for k in range(5)]  # all held: fresh arrays beyond the pool
    assert [list(np.flatnonzero(m)) for m in held] == [[0], [1], [2], [3], [4]]
    view = held[0][:4]
    shared = np.frombuffer(held[1].data, dtype=np.int8)  # memory shared, as by a tensor
    base = held[2].base  # the array under the read-only view
    assert base is not None
    memory = base.data
    del held, base
    later = [pool.mask([9]) for _ in range(3)]
    assert list(np.flatnonzero(view)) == [0]
    assert list(np.flatnonzero(shared)) == [1]
    assert list(np.flatnonzero(np.frombuffer(memory, dtype=np.int8))) == [2]
    assert all(list(np.flatnonzero(m)) == [9] for m in later)


@pytest.mark.skipif(masks._FREE is None, reason="no reference counts to read here")
def test_a_released_mask_is_reused_and_cleared() -> None:
    pool = MaskBuffers(10, keep=1)
    first = pool.mask([2, 3])
    address = first.ctypes.data
    del first
    second = pool.mask([5])
    assert second.ctypes.data == address  # the same memory, handed out again
    assert list(np.flatnonzero(second)) == [5]
    del second
    assert list(np.flatnonzero(pool.mask([]))) == []

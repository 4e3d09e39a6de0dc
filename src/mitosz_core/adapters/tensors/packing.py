"""How the tensors are made: each part of a tensor is packed as float32 bytes
(:mod:`struct`, cheaper for a few values than writing them into a NumPy array one by
one) and the parts are joined once; ``np.frombuffer`` reads the result."""

from __future__ import annotations

import struct

import numpy as np
import numpy.typing as npt

Tensor = npt.NDArray[np.float32]


def floats(count: int) -> struct.Struct:
    """The packer of ``count`` float32 values in the machine's byte order (NumPy's
    ``float32``): each Python float is rounded to float32 as NumPy rounds it."""
    return struct.Struct(f"={count}f")


def blank(count: int) -> bytes:
    """``count`` float32 zeros."""
    return bytes(4 * count)

"""The board picture as pixels: :func:`rgb_array`, the ``rgb_array`` render mode of the
PettingZoo environment (:mod:`mitosz_core.adapters.pettingzoo`). It needs the extra
``mitosz-core[png]`` (CairoSVG rasterises the SVG, Pillow decodes the PNG) and NumPy
(the extra ``mitosz-core[rl]``)."""

from __future__ import annotations

import io
from typing import Any

import numpy as np
from numpy.typing import NDArray
from PIL import Image

from mitosz_core.kernel.state import State
from mitosz_core.render import png

__all__ = ["rgb_array"]


def rgb_array(
    state: State[Any], player: int | None = None, *, scale: float = 1.0
) -> NDArray[np.uint8]:
    """The picture of :func:`mitosz_core.render.svg` as an array of shape (height, width,
    3), ``uint8`` red, green and blue, as Gymnasium's ``rgb_array`` render mode gives."""
    with Image.open(io.BytesIO(png(state, player, scale=scale))) as image:
        return np.asarray(image.convert("RGB"), dtype=np.uint8)

"""Pictures of a game: :func:`svg` (an SVG of the board as one player, or a spectator,
sees it) for both rulesets, and :func:`png` (the same picture as PNG, with the extra
``mitosz-core[png]``).

The picture is drawn from :func:`~mitosz_core.observe` only, so it shows exactly what the
player may see: no card in another hand or in a deck. Each face-up card is a
``<g class="card">`` with ``data-key`` and ``data-id``; each pile of face-down cards a
``<g class="card-back">`` with ``data-count``. Importing this module also makes a
:class:`~mitosz_core.State` show its picture in Jupyter (``_repr_svg_``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from mitosz_core.errors import MitoszError
from mitosz_core.extras import load
from mitosz_core.kernel.api import observe
from mitosz_core.kernel.state import State, set_svg_renderer
from mitosz_core.render import mitosz as _mitosz
from mitosz_core.render import mythos as _mythos

__all__ = ["png", "spectator_view", "svg"]

JsonDict = dict[str, Any]

_DRAW: dict[str, Callable[[JsonDict, Mapping[str, Any], int | None], str]] = {
    "mitosz": _mitosz.draw,
    "mythos": _mythos.draw,
}

PNG_EXTRA = "png"
"""The extra that :func:`png` needs: ``pip install 'mitosz-core[png]'``."""


def spectator_view(state: State[Any]) -> JsonDict:
    """What someone who holds no cards sees: the observation of player 0 without the
    hand and the private parts of a choice (the options only their chooser sees, the
    card a player peeked at)."""
    obs = observe(state, 0)
    for p in obs["players"]:
        p.pop("hand", None)
    if obs.get("choice") is not None and isinstance(obs["choice"].get("options"), list):
        obs["choice"]["options"] = len(obs["choice"]["options"])
    if "peeked" in obs:
        obs["peeked"] = None
    return obs


def svg(state: State[Any], player: int | None = None) -> str:
    """An SVG picture of ``state`` as ``player`` sees it (``None``: as a spectator).

    Raises :class:`~mitosz_core.errors.MitoszError` for a ruleset that has no picture,
    and ``ValueError`` for a player not in the game (as :func:`~mitosz_core.observe`).
    """
    draw = _DRAW.get(state.ruleset)
    if draw is None:
        raise MitoszError(f"no picture for the ruleset {state.ruleset!r}")
    obs = spectator_view(state) if player is None else observe(state, player)
    cards = {d.key: d for d in state.game.cards}
    return draw(obs, cards, player)


def png(state: State[Any], player: int | None = None, *, scale: float = 1.0) -> bytes:
    """The picture of :func:`svg` as PNG bytes, rasterised by CairoSVG (the extra
    ``mitosz-core[png]``, which needs the system's Cairo library).

    Raises :class:`~mitosz_core.errors.MitoszError` if CairoSVG is not installed.
    """
    cairosvg = load("cairosvg", PNG_EXTRA)
    data: bytes = cairosvg.svg2png(bytestring=svg(state, player).encode("utf-8"), scale=scale)
    return data


set_svg_renderer(svg)

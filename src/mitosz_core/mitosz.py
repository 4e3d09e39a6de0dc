"""The Mítosz ruleset's public face: what a program written against Mítosz imports.

``Position`` builds any quiet moment of a game from card keys (see the "judge a
position" how-to); ``load_position`` reads one from a TOML or JSON file.
"""

from __future__ import annotations

from mitosz_core.games.mitosz.position import (
    Leader,
    MarkerAt,
    People,
    Position,
    Side,
    load_position,
)

__all__ = ["Leader", "MarkerAt", "People", "Position", "Side", "load_position"]

"""The MYTHOS ruleset's public face: what a program written against MYTHOS imports.

``Position`` builds the main phase of any turn from card keys (see the "judge a
position" how-to); ``load_position`` reads one from a TOML or JSON file.
"""

from __future__ import annotations

from mitosz_core.games.mythos.position import Position, Side, SlotAt, load_position

__all__ = ["Position", "Side", "SlotAt", "load_position"]

"""Positions of real games for the picture and client tests: random games of both
rulesets stopped where something worth drawing is on (a fight, a counter round's pending
stack, a turned leader, a card attached in MYTHOS, the end)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import mitosz_core as mc
from tests.helpers import play_random

Position = tuple[str, mc.State[Any]]


def _mitosz(seed: int, until: Callable[[mc.State[Any]], bool]) -> mc.State[Any]:
    return play_random(mc.new_game("mitosz", seed=seed), seed, until)


def positions() -> list[Position]:
    """Named positions, each one reached by a fixed seed."""
    out: list[Position] = [
        ("mitosz-start", mc.new_game("mitosz", seed=1)),
        ("mitosz-3p-start", mc.new_game("mitosz", seed=2, players=3)),
        ("mitosz-fight", _mitosz(5, lambda s: s.game.fight is not None and s.game.fight.started)),
        ("mitosz-counter-round", _mitosz(8, lambda s: bool(s.game.stack))),
        (
            "mitosz-turned-leader",
            _mitosz(4, lambda s: any(x.turned for p in s.game.players for x in p.leaders)),
        ),
        ("mitosz-end", _mitosz(7, lambda s: False)),
        ("mythos-start", mc.new_game("mythos", seed=1)),
        (
            "mythos-combat",
            play_random(mc.new_game("mythos", seed=2), 2, lambda s: s.game.combat is not None),
        ),
        (
            "mythos-attached",
            play_random(
                mc.new_game("mythos", seed=3),
                3,
                lambda s: any(
                    x.attached is not None
                    for p in s.game.players
                    for x in (*p.battlefield, *p.infirmary, *p.sanctuary)
                ),
            ),
        ),
        ("mythos-end", play_random(mc.new_game("mythos", seed=4), 4)),
    ]
    return out

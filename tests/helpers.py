"""Helpers for building Mítosz states in scenario tests."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import mitosz_core as mc
from mitosz_core.kernel.action import Action
from mitosz_core.rulesets.mitosz.engine import settle
from mitosz_core.rulesets.mitosz.rules import S
from mitosz_core.rulesets.mitosz.state import Game, Player


def new(seed: int = 1, players: int = 2, **kw: Any) -> S:
    """A fresh Mítosz game at its first decision."""
    state: S = mc.new_game("mitosz", seed=seed, players=players, **kw)
    return state


def with_player(s: S, index: int, **changes: Any) -> S:
    """``s`` with fields of player ``index`` replaced (for arranging a scenario)."""
    p: Player = replace(s.game.players[index], **changes)
    return s.evolve(game=s.game.with_player(index, p))


def with_game(s: S, **changes: Any) -> S:
    game: Game = replace(s.game, **changes)
    return s.evolve(game=game)


def resettle(s: S) -> S:
    """Re-run the state-based checks and automatic steps after arranging a state."""
    return settle(s)


def card_ids(s: S, key: str, owner: int | None = None) -> list[int]:
    """Ids of every instance of the card ``key`` (optionally of one owner)."""
    return [
        i
        for i, inst in enumerate(s.game.instances)
        if s.game.cards[inst.card].key == key and (owner is None or inst.owner == owner)
    ]


def play_random(
    s: S, seed: int, until: Callable[[S], bool] | None = None, limit: int = 100_000
) -> S:
    """Play uniformly random legal actions until the game ends (or ``until`` holds)."""
    rng = random.Random(seed)
    for _ in range(limit):
        if s.is_over or (until is not None and until(s)):
            return s
        s = mc.apply(s, rng.choice(mc.legal_actions(s)))
    raise AssertionError("the game did not end")


def first(s: S, kind: type[Action]) -> Action:
    """The first legal action of a given class."""
    for a in mc.legal_actions(s):
        if isinstance(a, kind):
            return a
    raise AssertionError(f"no legal {kind.__name__} in {s.phase}")

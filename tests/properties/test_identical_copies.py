"""Identical copies listed once (kernel/copies.py): ``legal_actions`` lists one action of
each set that differs only by which interchangeable copy it names, nothing legal is lost
(every other copy is still legal, and leads to the listed action's game with the copies'
ids exchanged), and ``apply`` and ``is_legal`` still accept the copies not listed."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import mitosz_core as mc
from mitosz_core.kernel.action import Action
from mitosz_core.kernel.copies import card_ids, field_ids, relabel
from mitosz_core.kernel.registry import get


def _rename(action: Action, mapping: dict[int, int], fields: frozenset[str]) -> Action:
    changes = {
        f.name: mapping.get(getattr(action, f.name), getattr(action, f.name))
        for f in dataclasses.fields(action)
        if f.name in fields and isinstance(getattr(action, f.name), int)
    }
    return dataclasses.replace(action, **changes)


def _named(action: Action, fields: frozenset[str]) -> list[int]:
    return [
        getattr(action, f.name)
        for f in dataclasses.fields(action)
        if f.name in fields and isinstance(getattr(action, f.name), int)
    ]


def _exchange(state: mc.State[Any], twins: dict[int, int], a: Action, b: Action) -> dict[int, int]:
    """The renaming of interchangeable cards that takes action ``a`` to ``b``: the cards
    each names map to each other, and the rest of each set of copies keeps its order in
    ids."""
    fields = get(state.ruleset).card_fields
    mapping: dict[int, int] = {}
    for low in set(twins.values()):
        run = sorted(c for c in twins if twins[c] == low)
        used_a = [c for c in _named(a, fields) if c in run]
        used_b = [c for c in _named(b, fields) if c in run]
        rest_a = [c for c in run if c not in used_a]
        rest_b = [c for c in run if c not in used_b]
        mapping.update(zip([*used_a, *rest_a], [*used_b, *rest_b], strict=True))
    return mapping


def _unordered_hands(value: Any) -> Any:
    """``value`` (a game's data) with every hand sorted: no rule reads a hand's order."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        changes = {}
        for f in dataclasses.fields(value):
            if f.name.startswith("_") or not f.init:
                continue
            old = getattr(value, f.name)
            new = tuple(sorted(old)) if f.name == "hand" else _unordered_hands(old)
            if new is not old:
                changes[f.name] = new
        return dataclasses.replace(value, **changes) if changes else value
    if isinstance(value, tuple):
        items = tuple(_unordered_hands(v) for v in value)
        return value if all(a is b for a, b in zip(items, value, strict=True)) else items
    return value


def check_copies(state: mc.State[Any]) -> int:
    """Check the property at ``state``; the number of copies not listed there."""
    rs = get(state.ruleset)
    full = rs.legal(state)
    listed = mc.legal_actions(state)
    assert set(listed) <= set(full)
    missing = [a for a in full if a not in listed]
    if not missing:
        assert list(listed) == list(full)
        return 0
    twins = dict(rs.interchangeable(state))
    fields = rs.card_fields
    assert len(listed) == len(set(listed))
    for a in missing:
        assert mc.is_legal(state, a)
        images = [
            b
            for b in listed
            if type(b) is type(a)
            and _rename(a, {c: twins.get(c, c) for c in twins}, fields)
            == _rename(b, {c: twins.get(c, c) for c in twins}, fields)
        ]
        assert images, f"{a} has no listed copy"
        b = images[0]
        assert _named(b, fields) < _named(a, fields)  # the lowest ids are listed
        mapping = _exchange(state, twins, a, b)
        after_a = mc.apply(state, a)
        after_b = mc.apply(state, b)
        assert _unordered_hands(relabel(after_a.game, mapping)) == _unordered_hands(after_b.game)
        assert (after_a.rng, after_a.phase, after_a.turn, after_a.to_act, after_a.winner) == (
            after_b.rng,
            after_b.phase,
            after_b.turn,
            after_b.to_act,
            after_b.winner,
        )
        before = len(state.history)  # the decisions so far are the same; the new ones
        renamed = [  # name the copies each branch took
            dataclasses.replace(d, action=_rename(d.action, mapping, fields))
            for d in after_a.history[before:]
        ]
        assert after_a.history[:before] == after_b.history[:before] == state.history
        assert renamed == list(after_b.history[before:])
    return len(missing)


@pytest.mark.parametrize(("ruleset", "players"), [("mitosz", 2), ("mitosz", 3), ("mythos", 2)])
def test_nothing_legal_is_lost_in_random_games(ruleset: str, players: int) -> None:
    collapsed = 0
    for seed in range(2):
        state = mc.new_game(ruleset, seed=seed, players=players)
        rng = random.Random(seed)
        while not state.is_over:
            collapsed += check_copies(state)
            state = mc.apply(state, rng.choice(mc.legal_actions(state)))
    assert collapsed > 0  # the games do meet identical copies


@settings(max_examples=8)
@given(seed=st.integers(0, 2**32), choices=st.randoms(use_true_random=False))
def test_nothing_legal_is_lost_in_hypothesis_games(seed: int, choices: random.Random) -> None:
    state = mc.new_game("mitosz", seed=seed)
    for _ in range(80):
        if state.is_over:
            break
        check_copies(state)
        legal = mc.legal_actions(state)
        state = mc.apply(state, legal[choices.randrange(len(legal))])


class _Recorder(dict[int, int]):
    """A renaming that renames nothing and notes every card id it is asked about."""

    def __init__(self) -> None:
        super().__init__()
        self.asked: set[int] = set()

    def get(self, key: int, default: Any = None) -> Any:
        self.asked.add(key)
        return default


@pytest.mark.parametrize(("ruleset", "players"), [("mitosz", 2), ("mitosz", 4), ("mythos", 2)])
def test_card_ids_are_the_ids_a_renaming_touches(ruleset: str, players: int) -> None:
    """The collectors that ``interchangeable`` reads the named cards with (worked out once
    per annotation) find exactly the ids :func:`relabel` renames, in the whole game and
    field by field, in every state of a random game."""
    for seed in range(1):
        state = mc.new_game(ruleset, seed=seed, players=players)
        rng = random.Random(seed)
        while not state.is_over:
            game = state.game
            recorder = _Recorder()
            relabel(game, recorder)
            assert set(card_ids(game)) == recorder.asked
            by_field: set[int] = set()
            for f in dataclasses.fields(game):
                if not f.name.startswith("_"):
                    by_field |= field_ids(type(game), f.name, getattr(game, f.name))
            assert by_field == recorder.asked
            state = mc.apply(state, rng.choice(mc.legal_actions(state)))

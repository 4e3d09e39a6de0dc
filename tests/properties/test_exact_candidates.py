"""Exact candidates: in every reached state, the legal actions are exactly the actions
the one gate passes.

A step whose candidates are exact (:attr:`~mitosz_core.kernel.steps.Step.exact`) lists
them without asking the gate, so two things must hold wherever play goes:

- soundness: every listed action passes the whole gate
  (:meth:`~mitosz_core.kernel.steps.StepRuleset.why_not`, with its checks of field types
  and card ids), and ``apply`` takes it;
- completeness: every action the gate passes is listed. The gate is asked about the
  neighbours of what is listed (each field of a listed action changed to each value of
  its domain) and about seeds of every class the step takes (its first field set to each
  card of the game), so a legal action left out by a generator's extra condition shows.

The domains are the values a field can hold in this state: the ids of the cards out of
the decks, small numbers, every member of an enum, ``None`` where it is allowed.
"""

from __future__ import annotations

import dataclasses
import enum
import itertools
import random
import typing
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import mitosz_core as mc
from mitosz_core.games.mitosz.cards import SPHERES
from mitosz_core.games.mitosz.engine import RULESET, STEPS
from mitosz_core.games.mitosz.rules import S
from mitosz_core.games.mitosz.rules.board import board_cards
from mitosz_core.kernel.action import Action
from tests.properties.support import STYLES, choose, playable, setups

SMALL = tuple(range(-1, 5))
"""The plain integers tried for a field that is no card id (indices, steps, cells)."""
ID_FIELDS = frozenset({"card", "user", "target", "rider", "pay_with", "leader", "people"})
"""Fields that name a card of the game."""
SUBSTITUTES = (None, *itertools.permutations(SPHERES, 2))
STATES_PER_GAME = 4
"""Reached states checked in each drawn game."""


def _ids(s: S) -> tuple[int, ...]:
    """The cards a field may name here: every card out of the decks (hands, board,
    underworld, oblivion, pending stack), one past the last id (no such card)."""
    game = s.game
    found: set[int] = set()
    for i, p in enumerate(game.players):
        found.update((*p.hand, *p.underworld, *p.oblivion))
        found.update(board_cards(game, i))
    found.update(item.card for item in game.stack if item.card is not None)
    found.add(len(game.instances))
    return tuple(sorted(found))


def _domain(s: S, cls: type[Action], name: str, ids: tuple[int, ...]) -> tuple[Any, ...]:
    hint = typing.get_type_hints(cls)[name]
    args = typing.get_args(hint)
    options: list[Any] = []
    optional = type(None) in args
    base = next((a for a in args if a is not type(None)), hint) if args else hint
    if name == "substitute":
        return SUBSTITUTES
    if name == "target_pending":
        options = [item.id for item in s.game.stack]
    elif base is bool:
        options = [False, True]
    elif isinstance(base, type) and issubclass(base, enum.Enum):
        options = list(base)
    elif name in ID_FIELDS:
        options = list(ids)
    elif base is int:
        options = list(SMALL)
    if optional:
        options.append(None)
    return tuple(options)


def _neighbours(s: S, action: Action, ids: tuple[int, ...]) -> Iterator[Action]:
    """``action`` with one field changed to each value of its domain."""
    for f in dataclasses.fields(action):
        for value in _domain(s, type(action), f.name, ids):
            if value != getattr(action, f.name):
                yield dataclasses.replace(action, **{f.name: value})


def _seeds(s: S, ids: tuple[int, ...]) -> Iterator[Action]:
    """One action of each class the step takes for each value of its first field, the
    other fields at their defaults (required ones at the first field's value)."""
    for cls in STEPS[s.phase].accepts:
        fields = dataclasses.fields(cls)
        if not fields:
            yield cls()
            continue
        first = fields[0]
        for value in _domain(s, cls, first.name, ids):
            given = {first.name: value}
            for f in fields[1:]:
                if f.default is dataclasses.MISSING:
                    domain = _domain(s, cls, f.name, ids)
                    given[f.name] = value if value in domain else domain[0]
            yield cls(**given)


def _check(s: S) -> None:
    legal = mc.legal_actions(s)
    listed = set(legal)
    assert len(listed) == len(legal), f"an action is listed twice in {s.phase}"
    for action in legal:
        assert RULESET.why_not(s, action) is None, f"{action} is listed but refused in {s.phase}"
    if not STEPS[s.phase].exact:
        return
    ids = _ids(s)
    # the step's own list: legal_actions lists identical copies once (kernel.copies)
    tried: set[Action] = set(RULESET.legal(s))
    for probe in itertools.chain(
        (n for a in legal for n in _neighbours(s, a, ids)),
        (seed for seed in _seeds(s, ids)),
    ):
        if probe in tried:
            continue
        tried.add(probe)
        if RULESET.why_not(s, probe) is None:
            raise AssertionError(f"{probe} passes the gate but is not listed in {s.phase}")


@pytest.mark.rule("6.1.4")
@given(
    setup=setups(),
    seed=st.integers(0, 2**32),
    style=st.sampled_from(STYLES),
    steps=st.integers(10, 120),
)
def test_the_listed_actions_are_exactly_those_the_gate_passes(
    setup: Any, seed: int, style: str, steps: int
) -> None:
    rng = random.Random(seed)
    state = setup.start()
    checked = set(rng.sample(range(steps), min(STATES_PER_GAME, steps)))
    for step in range(steps):
        if state.is_over:
            break
        if step in checked:
            _check(state)
        legal = playable(state)
        if not legal:
            break
        action = choose(rng, legal, style)
        state = mc.apply(state, action)

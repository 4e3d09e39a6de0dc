"""Actions with wrong-typed fields: ``apply`` refuses them with the library's error and
leaves the state as it was; ``is_legal`` says no (both rulesets). In the compiled build
the action classes are native classes, which check their fields' types when an action
is built (``TypeError``), so such an action never reaches the engine; a value the
class takes (a bool for an int) is refused by the engine as in the pure build."""

from __future__ import annotations

import dataclasses
import enum
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import mitosz_core as mc
from mitosz_core.games.mitosz import actions as mitosz_actions
from mitosz_core.games.mitosz.actions import Attack
from mitosz_core.games.mitosz.terms import Edge
from mitosz_core.games.mythos import actions as mythos_actions
from tests.helpers import compiled

NATIVE = {"mitosz": compiled(mitosz_actions), "mythos": compiled(mythos_actions)}
"""Whether each ruleset's action classes are native (compiled) classes."""


def _wrong(value: Any) -> list[Any]:
    """Values that compare equal to ``value`` (or stand for it in JSON) but have another
    type than the field declares."""
    if isinstance(value, enum.Enum):
        return [value.value]  # the plain string of a StrEnum
    if isinstance(value, bool):
        return [int(value), str(value).lower()]
    if isinstance(value, int):
        return [float(value), str(value), bool(value) if value in (0, 1) else [value]]
    if isinstance(value, tuple):
        return [list(value)]
    if isinstance(value, str):
        return [value.encode()]
    return []


def _state(ruleset: str, seed: int, steps: int) -> mc.State[Any]:
    state = mc.new_game(ruleset, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        state = mc.apply(state, rng.choice(mc.legal_actions(state)))
    return state


@pytest.mark.rule("6.1.4")
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    ruleset=st.sampled_from(["mitosz", "mythos"]),
    seed=st.integers(0, 50),
    steps=st.integers(0, 60),
    pick=st.randoms(use_true_random=False),
)
def test_an_action_with_a_wrong_typed_field_is_refused_and_changes_nothing(
    ruleset: str, seed: int, steps: int, pick: random.Random
) -> None:
    state = _state(ruleset, seed, steps)
    if state.is_over:
        return
    before = state.to_json()
    wrongs = [
        (action, name, bad)
        for action in mc.legal_actions(state)
        for name in (f.name for f in dataclasses.fields(action))
        if getattr(action, name) is not None
        for bad in _wrong(getattr(action, name))
    ]
    if not wrongs:
        return
    action, name, bad = pick.choice(wrongs)
    try:
        broken = dataclasses.replace(action, **{name: bad})
    except TypeError:
        assert NATIVE[ruleset]  # only a compiled action class refuses it when built
        return
    assert not mc.is_legal(state, broken)
    with pytest.raises(mc.IllegalActionError, match=f"field {name!r} holds"):
        mc.apply(state, broken)
    assert state.to_json() == before
    assert mc.apply(state, action) is not None  # the well-typed action is still legal


@pytest.mark.rule("6.1.4")
def test_a_plain_string_for_an_enum_field_is_refused_before_it_reaches_the_game() -> None:
    state = mc.new_game("mitosz", seed=0)
    try:
        broken = Attack(0, "north")  # type: ignore[arg-type]
    except TypeError:
        assert NATIVE["mitosz"]  # only a compiled action class refuses it when built
    else:
        with pytest.raises(mc.IllegalActionError, match="field 'road' holds str 'north'"):
            mc.apply(state, broken)
    decoded = mc.action_from_json("mitosz", '{"type": "attack", "people": 0, "road": "north"}')
    assert isinstance(decoded, Attack) and type(decoded.road) is Edge  # JSON is converted
    with pytest.raises(mc.DecodeError):
        mc.action_from_json("mitosz", '{"type": "attack", "people": true, "road": "north"}')

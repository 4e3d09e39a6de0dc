"""The JSON codec on states reached by random play: exact round trips, and mutated JSON
rejected with a ``DecodeError`` naming where the damage is."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import mitosz_core as mc
from mitosz_core.games.mitosz.rules import S
from tests.properties.support import Key, json_nodes, json_path, played_states

UNKNOWN = "zz_not_a_field"
MUTATIONS = 3
"""Mutations tried per generated state."""


@given(state=played_states())
def test_round_trip_is_exact(state: S) -> None:
    text = state.to_json()
    back = mc.State.from_json(text)
    assert back == state
    assert back.to_json() == text
    assert mc.legal_actions(back) == mc.legal_actions(state)
    assert [mc.observe(back, p) for p in range(state.config.players)] == [
        mc.observe(state, p) for p in range(state.config.players)
    ]


def _at(data: Any, keys: tuple[Key, ...]) -> Any:
    for k in keys:
        data = data[k]
    return data


def _other_type(value: Any) -> Any:
    """A JSON value of another type than ``value``, that no field typed like it accepts
    (``null`` becomes an object: ``X | None`` fields accept ``null`` but never ``{}``
    unless ``X`` is an object, which then lacks its fields)."""
    if isinstance(value, bool):
        return 0
    if isinstance(value, int):
        return "0"
    if isinstance(value, str):
        return 0
    if isinstance(value, list):
        return {}
    if isinstance(value, dict):
        return []
    return {}


def _load(text: str) -> Any:
    return json.loads(text)


def _decode_error(data: Any) -> mc.DecodeError:
    with pytest.raises(mc.DecodeError) as info:
        mc.State.from_json(json.dumps(data))
    return info.value


@given(state=played_states(max_steps=60), data=st.data())
def test_a_value_of_the_wrong_type_is_named_by_its_path(state: S, data: st.DataObject) -> None:
    original = _load(state.to_json())
    nodes = json_nodes(original)
    for _ in range(MUTATIONS):
        keys, value = data.draw(st.sampled_from(nodes), label="node")
        mutated = _load(state.to_json())
        _at(mutated, keys[:-1])[keys[-1]] = _other_type(value)
        error = _decode_error(mutated)
        path = json_path(keys)
        assert path in str(error), (path, str(error))
        assert error.path.startswith(path), (path, error.path)


@given(state=played_states(max_steps=60), data=st.data())
def test_a_missing_field_is_named_with_its_object(state: S, data: st.DataObject) -> None:
    original = _load(state.to_json())
    objects = [(k, v) for k, v in json_nodes(original) if isinstance(v, dict) and v]
    objects.append(((), original))
    for _ in range(MUTATIONS):
        keys, obj = data.draw(st.sampled_from(objects), label="object")
        field = data.draw(st.sampled_from(sorted(obj)), label="field")
        if keys[-1:] == ("config",) and field == "arranged":
            continue  # left out while false, so it may be missing (GameConfig.arranged)
        mutated = _load(state.to_json())
        del _at(mutated, keys)[field]
        error = _decode_error(mutated)
        path = json_path(keys)
        assert path in str(error) and field in str(error), (path, field, str(error))


@given(state=played_states(max_steps=60), data=st.data())
def test_an_unknown_field_is_named_with_its_object(state: S, data: st.DataObject) -> None:
    original = _load(state.to_json())
    # the top-level object is left out: it ignores unknown keys (a known bug, see
    # test_regressions.py::test_from_json_rejects_an_unknown_top_level_field)
    objects = [(k, v) for k, v in json_nodes(original) if isinstance(v, dict)]
    for _ in range(MUTATIONS):
        keys, _obj = data.draw(st.sampled_from(objects), label="object")
        mutated = _load(state.to_json())
        _at(mutated, keys)[UNKNOWN] = data.draw(st.sampled_from([0, "x", None, [], {}]))
        error = _decode_error(mutated)
        path = json_path(keys)
        assert path in str(error) and UNKNOWN in str(error), (path, str(error))
        assert error.path == path

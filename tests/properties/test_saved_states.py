"""A saved state that ``State.from_json`` accepts replays from its history and plays on.

Hypothesis takes states reached in random games of both rulesets, states of real games
at their interruptions (a fight, a counter round, a choice, a combat) and arranged games
started from positions, changes one to three fields of their JSON form (a number nudged,
set far out of range or to another field's value; a list entry dropped or repeated; two
list entries swapped; a flag flipped), and loads the result. Either ``from_json`` refuses
it with a :class:`~mitosz_core.DecodeError` naming a JSON path, or the state replays from
its own history, or is a position (the oracle,
:func:`tests.fuzz.states.check_replays`), it is over or has a legal action, and a random
continuation of it raises nothing but the library's own errors.
"""

from __future__ import annotations

import functools
import json
import random
from typing import Any

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

import mitosz_core as mc
from tests.fuzz import corpus
from tests.fuzz.states import check_replays
from tests.properties.support import json_nodes

Json = Any
CONTINUATION = 30
"""Decisions played after loading an accepted state."""


@functools.cache
def reached() -> tuple[str, ...]:
    """Saved states of a few random games of each ruleset and player count, every so
    many decisions."""
    out: list[str] = []
    for ruleset, players in (("mitosz", 2), ("mitosz", 3), ("mitosz", 4), ("mythos", 2)):
        for seed in range(3):
            s = mc.new_game(ruleset, seed=seed, players=players)
            rng = random.Random(seed)
            step = 0
            while not s.is_over and step < 400:
                if step % 37 == 0:
                    out.append(s.to_json())
                s = mc.apply(s, rng.choice(mc.legal_actions(s)))
                step += 1
            out.append(s.to_json())
    return (*out, *corpus.interrupted_states(), *corpus.position_states())


def _set(data: Json, keys: tuple[str | int, ...], value: Json) -> None:
    node = data
    for key in keys[:-1]:
        node = node[key]
    node[keys[-1]] = value


@functools.cache
def nodes_of(text: str) -> tuple[list[tuple[tuple[str | int, ...], Json]], list[int], list[str]]:
    """The fields of a saved state (its card definitions left out: they are checked
    against the pool as one value), its integers and its strings."""
    data = json.loads(text)
    nodes = [
        (k, v)
        for k, v in json_nodes(data["state"], ("state",))
        if "cards" not in k or len(k) <= k.index("cards") + 2
    ]
    ints = sorted({v for _, v in nodes if isinstance(v, int) and not isinstance(v, bool)})
    strings = sorted({v for _, v in nodes if isinstance(v, str)})
    return nodes, ints, strings


@st.composite
def mutated(draw: st.DrawFn) -> str:
    """One reached state with one to three fields changed (so that fields interact)."""
    text = draw(st.sampled_from(reached()))
    data = json.loads(text)
    for _ in range(draw(st.integers(1, 3))):
        _change(draw, text, data)
    return json.dumps(data)


def _change(draw: st.DrawFn, text: str, data: Json) -> None:
    """One field of ``data`` (the parsed ``text``) changed, in place."""
    nodes, ints, strings = nodes_of(text)
    keys, value = draw(st.sampled_from(nodes))
    try:
        _at(data, keys)
    except (KeyError, IndexError, TypeError):
        return  # an earlier change took this field away
    if isinstance(value, bool):
        new: Json = not value
    elif isinstance(value, int):
        new = draw(
            st.sampled_from([value + 1, value - 1, -1, 0, 2**63, 10**18, value * 7])
            | st.sampled_from(ints)
        )
    elif isinstance(value, list) and value:
        how = draw(st.sampled_from(("drop", "repeat", "swap", "empty")))
        new = list(value)
        i = draw(st.integers(0, len(new) - 1))
        if how == "drop":
            del new[i]
        elif how == "repeat":
            new.insert(i, new[i])
        elif how == "swap":
            j = draw(st.integers(0, len(new) - 1))
            new[i], new[j] = new[j], new[i]
        else:
            new = []
    elif value is None:
        new = draw(st.sampled_from([0, 1, 7]))
    elif isinstance(value, str):
        new = draw(st.sampled_from(strings))
    else:
        new = None
    _set(data, keys, new)
    event(f"edited a {type(value).__name__}")


def _at(data: Json, keys: tuple[str | int, ...]) -> Json:
    for key in keys:
        data = data[key]
    return data


@settings(deadline=None, suppress_health_check=list(HealthCheck))
@given(text=mutated(), seed=st.integers(0, 2**32))
def test_an_accepted_state_plays_on(text: str, seed: int) -> None:
    try:
        s = mc.State.from_json(text)
    except mc.DecodeError as exc:
        assert exc.path.startswith("$"), exc  # noqa: PT017 - the path names where
        event(f"refused: {type(exc).__name__}")
        return
    except mc.MitoszError:
        event("refused: other library error")
        return
    event("accepted")
    check_replays(s)  # the oracle: it replays from its own history, or is a position
    rng = random.Random(seed)
    if not s.is_over:
        assert mc.legal_actions(s), "an accepted running state has no legal action"
    for _ in range(CONTINUATION):
        if s.is_over:
            break
        legal = mc.legal_actions(s)
        assert legal
        try:
            s = mc.apply(s, rng.choice(legal))
        except mc.MitoszError:
            return
        for p in range(s.config.players):
            mc.observe(s, p)

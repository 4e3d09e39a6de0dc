"""Structure-aware mutation of saved states and positions, and the replay oracle.

:func:`mutated_states` edits the parsed JSON of real saved states (games set up by their
seed, and arranged games started from positions) where the engine keeps meaning: it
nudges numbers, reorders, drops and repeats list entries (decks, hands, the log), grafts
the same field from another state of the ruleset (a fight, a counter round, a choice, the
turn's counters, the random generator, a whole starting position), and edits the flags
that say where a state came from (``arranged``, a log entry's player and ``auto``). One
to three edits per input, so that fields interact.

:func:`check_replays` is the oracle for an accepted state: it replays from its own
history, or it is a position. A state set up by its seed is replayed by ``mc.replay``
from its configuration; an arranged one from its starting position, which must pass the
validator. Either way the replay must give exactly the state that was loaded.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Sequence
from functools import cache
from typing import Any

from hypothesis import strategies as st

import mitosz_core as mc
from mitosz_core.kernel.api import replay_from
from mitosz_core.kernel.registry import get
from tests.fuzz.harness import CheckFailed

Json = Any
Path = tuple[str | int, ...]
GRAFTED = (
    ("game", "fight"),
    ("game", "frames"),
    ("game", "stack"),
    ("game", "choice"),
    ("game", "this_turn"),
    ("game", "seen"),
    ("game", "effects"),
    ("game", "waiting"),
    ("game", "todo"),
    ("game", "markers"),
    ("game", "permits"),
    ("game", "deckout"),
    ("game", "combat"),
    ("game", "round"),
    ("game", "players"),
    ("rng",),
    ("phase",),
    ("to_act",),
    ("turn",),
    ("config", "start"),
)
"""Fields taken from another state of the same ruleset (``state`` relative)."""


def _nodes(data: Json, prefix: Path = ()) -> list[tuple[Path, Json]]:
    """Every ``(path, value)`` below ``data``, iteratively (card definitions left out:
    the validator compares them with the pool as one value)."""
    out: list[tuple[Path, Json]] = []
    stack: list[tuple[Path, Json]] = [(prefix, data)]
    while stack:
        path, value = stack.pop()
        if path:
            out.append((path, value))
        if "cards" in path:
            continue
        if isinstance(value, dict):
            stack.extend(((*path, k), v) for k, v in value.items())
        elif isinstance(value, list):
            stack.extend(((*path, i), v) for i, v in enumerate(value))
    return out


def _get(data: Json, path: Path) -> Json:
    for key in path:
        data = data[key]
    return data


def _set(data: Json, path: Path, value: Json) -> None:
    _get(data, path[:-1])[path[-1]] = value


@st.composite
def _edit(draw: st.DrawFn, data: Json, donors: Sequence[Json]) -> str:
    """One structure-aware edit of ``data`` (a parsed saved state), in place; its name."""
    state = data["state"]
    how = draw(st.sampled_from(("number", "list", "graft", "graft", "flag", "log")))
    nodes = _nodes(state, ("state",))
    if how == "number":
        ints = [(p, v) for p, v in nodes if isinstance(v, int) and not isinstance(v, bool)]
        path, number = draw(st.sampled_from(ints))
        others = sorted({v for _, v in ints})
        changed = draw(
            st.sampled_from((number + 1, number - 1, -1, 0, 50, 10**6, 2**63))
            | st.sampled_from(others)
        )
        _set(data, path, changed)
    elif how == "list":
        lists = [(p, v) for p, v in nodes if isinstance(v, list) and v]
        path, value = draw(st.sampled_from(lists))
        new = list(value)
        i = draw(st.integers(0, len(new) - 1))
        kind = draw(st.sampled_from(("drop", "repeat", "swap", "reverse")))
        if kind == "drop":
            del new[i]
        elif kind == "repeat":
            new.insert(i, new[i])
        elif kind == "swap":
            j = draw(st.integers(0, len(new) - 1))
            new[i], new[j] = new[j], new[i]
        else:
            new.reverse()
        _set(data, path, new)
    elif how == "graft":
        donor = draw(st.sampled_from([d for d in donors if d["ruleset"] == data["ruleset"]]))
        field = draw(st.sampled_from(GRAFTED))
        parent = _get(state, field[:-1]) if field[:-1] else state
        source = donor["state"]
        for key in field:
            source = source.get(key) if isinstance(source, dict) else None
        if isinstance(parent, dict) and source is not None:
            parent[field[-1]] = copy.deepcopy(source)
        how = f"graft {'.'.join(field)}"
    elif how == "flag":
        config = state["config"]
        kind = draw(st.sampled_from(("arranged", "unarranged", "start", "player", "auto")))
        log = state["log"]
        if kind == "arranged":
            config["arranged"] = True
        elif kind == "unarranged":
            config.pop("arranged", None)
        elif kind == "start":
            config.pop("start", None)
        elif log:
            entry = log[draw(st.integers(0, len(log) - 1))]
            if kind == "player":
                entry["player"] = draw(st.integers(0, 3))
            else:
                entry["auto"] = not entry["auto"]
        how = f"flag {kind}"
    else:
        log = state["log"]
        donor = draw(st.sampled_from([d for d in donors if d["ruleset"] == data["ruleset"]]))
        if log and draw(st.booleans()):
            del log[draw(st.integers(0, len(log) - 1)) :]
        elif donor["state"]["log"]:
            log.append(copy.deepcopy(draw(st.sampled_from(donor["state"]["log"]))))
    return how


@st.composite
def mutated_states(draw: st.DrawFn, texts: Sequence[str]) -> str:
    """A real saved state (``texts``) with one to three structure-aware edits."""
    donors = _parsed(tuple(texts))
    data = copy.deepcopy(draw(st.sampled_from(donors)))
    for _ in range(draw(st.integers(1, 3))):
        draw(_edit(data, donors))
    return json.dumps(data)


@cache
def _parsed(texts: tuple[str, ...]) -> tuple[Json, ...]:
    return tuple(json.loads(t) for t in texts)


def check_replays(state: mc.State[Any]) -> None:
    """The oracle: an accepted state replays from its own history, or is a position
    (an arranged start that the validator accepts, which its history replays from)."""
    config = state.config
    start = config.start
    if start is None:
        if config.arranged:
            raise CheckFailed("an arranged state without its starting position was accepted")
        again = mc.replay(
            state.ruleset,
            seed=config.seed,
            decks=list(config.decks),
            players=config.players,
            auto_pass=config.auto_pass,
            actions=state.history,
        )
    else:
        if not config.arranged:
            raise CheckFailed("a starting position in a game set up by its seed was accepted")
        first: mc.State[Any] = mc.State(
            ruleset=state.ruleset,
            config=config,
            phase=start.phase,
            to_act=start.to_act,
            turn=start.turn,
            winner=None,
            is_over=False,
            rng=start.rng,
            game=start.game,
        )
        get(state.ruleset).validate(first)
        again = replay_from(first, state.history).state
    if again != state:
        raise CheckFailed("an accepted state does not replay from its own history")

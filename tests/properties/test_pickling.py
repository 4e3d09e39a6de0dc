"""Every state pickles, deep-copies and round-trips through JSON, however it was made.

Issue 33, item 1: a state that had gone through the validator (a loaded game, a position,
an OpenSpiel ``deserialize_state``, and every state played on from them) did not pickle,
because the validator's memo (holding the card pool's read-only mappings) travelled with
the game's configuration. Hypothesis takes states of both rulesets from the four sources
(``new_game`` and random play, ``State.from_json``, a position built or loaded from a
file, OpenSpiel's ``deserialize_state``), plays on from them at random, and checks that
the state pickles, deep-copies and round-trips through JSON to an equal state, and that
the unpickled state plays on exactly as the original.
"""

from __future__ import annotations

import copy
import pickle
import random
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import mitosz_core as mc
from mitosz_core import mitosz, mythos
from mitosz_core.games.mythos.engine import RULESET as MYTHOS
from mitosz_core.kernel.state import GameConfig

ROOT = Path(__file__).resolve().parents[2]
JUDGE = ROOT / "docs" / "examples" / "judge.toml"
"""The documented Mítosz position file."""

SOURCES = ("new_game", "from_json", "position", "position_file")
"""Where a state comes from (OpenSpiel's ``deserialize_state`` has its own property in
``tests/adapters/test_openspiel_pickling.py``, since it needs the optional ``pyspiel``)."""
PLAY_ON = 8
"""Decisions an unpickled state plays on, to be compared with the original's."""


def _play(state: mc.State[Any], steps: int, seed: int) -> mc.State[Any]:
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        state = mc.apply(state, rng.choice(mc.legal_actions(state)))
    return state


def _mitosz_position() -> mc.State[Any]:
    deck = ("Athenians", "Spartans", "Arcadian Shepherds") * 4
    side = mitosz.Side(high_god="Zeus (high god)", deck=deck, hand=("Spartans",))
    other = mitosz.Side(high_god="Athena (high god)", deck=deck, hand=("Athenians",))
    return mitosz.Position(players=(side, other), turn=3).state()


def _mythos_position() -> mc.State[Any]:
    def units(faction: str) -> list[str]:
        pool = MYTHOS.pool.items()
        return [k for k, c in pool if c.faction.value == faction and c.type.value == "unit"]

    guard, chaos = units("guardians"), units("chaos")
    return mythos.Position(
        players=(
            mythos.Side(deck=tuple(guard[:8]), hand=tuple(guard[8:10])),
            mythos.Side(deck=tuple(chaos[:8]), hand=tuple(chaos[8:10])),
        ),
        turn=3,
        round=2,  # player 0 active in the third turn
    ).state()


def source_state(source: str, ruleset: str, seed: int, steps: int) -> mc.State[Any]:
    """A state of ``ruleset`` made the ``source`` way."""
    if source in ("new_game", "from_json"):
        state = _play(mc.new_game(ruleset, seed=seed), steps, seed)
        return state if source == "new_game" else mc.State.from_json(state.to_json())
    if source == "position":
        return _mitosz_position() if ruleset == "mitosz" else _mythos_position()
    return mitosz.load_position(JUDGE).state()


def check_copies(state: mc.State[Any], seed: int) -> None:
    """``state`` pickles (every protocol), deep-copies and round-trips through JSON to an
    equal state, and the unpickled and deep-copied states play on as ``state`` does."""
    pickled = [pickle.loads(pickle.dumps(state, p)) for p in range(pickle.HIGHEST_PROTOCOL + 1)]
    copied = copy.deepcopy(state)
    for again in (*pickled, copied, copy.copy(state), mc.State.from_json(state.to_json())):
        assert again == state
        assert again.to_json() == state.to_json()
    later = _play(state, PLAY_ON, seed)
    for again in (pickled[-1], copied):
        assert mc.legal_actions(again) == mc.legal_actions(state)
        assert _play(again, PLAY_ON, seed) == later
    assert pickle.loads(pickle.dumps(later)) == later


@settings(suppress_health_check=[HealthCheck.too_slow], deadline=None, max_examples=15)
@given(
    source=st.sampled_from(SOURCES),
    ruleset=st.sampled_from(("mitosz", "mythos")),
    seed=st.integers(0, 2**16),
    steps=st.integers(0, 30),
    more=st.integers(0, 12),
)
def test_every_state_pickles_deep_copies_and_round_trips(
    source: str, ruleset: str, seed: int, steps: int, more: int
) -> None:
    state = source_state(source, ruleset, seed, steps)
    check_copies(state, seed)
    check_copies(_play(state, more, seed + 1), seed)


def test_a_config_pickles_without_the_validators_memo() -> None:
    """The memo is a cache, no part of the value: it is left out of pickles and copies,
    and worked out again when a copy is checked."""
    state = mc.State.from_json(mc.new_game("mythos", seed=3).to_json())
    assert state.config._facts  # the validator has filled it
    for again in (pickle.loads(pickle.dumps(state.config)), copy.deepcopy(state.config)):
        assert isinstance(again, GameConfig) and again == state.config
        assert again._facts is None
    assert mc.State.from_json(pickle.loads(pickle.dumps(state)).to_json()) == state

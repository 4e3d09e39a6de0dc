"""``is_settled`` and ``turn_phase``: the typed questions a bot or a tool asks about where
play is, instead of reading machine-state names."""

from __future__ import annotations

import random

import pytest

import mitosz_core as mc
from mitosz_core.games.mitosz.machine import (
    CLAMP_STEP,
    END_LEAVES,
    FIGHT_LEAVES,
    PHASE_OF,
    TURN_BACK_STEP,
)
from mitosz_core.mitosz import Phase


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_mitosz_position_is_settled_exactly_outside_interruptions_and_fights(
    players: int,
) -> None:
    """Settled: no frame held (no response, counter round or forced choice under way)
    and no fight (7.4, 7.6); and the turn phase is the one of the step the frames
    interrupt."""
    seen = {True: 0, False: 0}
    phases: set[str] = set()
    for seed in range(4):
        state = mc.new_game("mitosz", seed=seed, players=players)
        rng = random.Random(seed)
        while not state.is_over:
            settled = mc.is_settled(state)
            assert settled == (not state.game.frames and state.game.fight is None)
            seen[settled] += 1
            phase = mc.turn_phase(state)
            assert isinstance(phase, Phase)
            host = state.game.frames[0].host if state.game.frames else state.phase
            assert phase == PHASE_OF[host]
            phases.add(phase)
            actions = mc.legal_actions(state)
            state = mc.apply(state, actions[rng.randrange(len(actions))])
    assert seen[True] and seen[False]
    assert {Phase.SUMMONING_1, Phase.COMBAT, Phase.SUMMONING_2, Phase.END} <= phases


def test_the_machine_declares_the_fight_and_end_steps() -> None:
    assert len(FIGHT_LEAVES) == 20
    assert all(PHASE_OF[leaf] is Phase.COMBAT for leaf in FIGHT_LEAVES)
    assert all(PHASE_OF[leaf] is Phase.END for leaf in END_LEAVES)
    assert END_LEAVES.index(TURN_BACK_STEP) - END_LEAVES.index(CLAMP_STEP) == 3


def test_mythos_positions_are_always_settled_and_name_no_phase() -> None:
    state = mc.new_game("mythos", seed=1)
    rng = random.Random(1)
    for _ in range(200):
        if state.is_over:
            break
        assert mc.is_settled(state)
        assert mc.turn_phase(state) is None
        actions = mc.legal_actions(state)
        state = mc.apply(state, actions[rng.randrange(len(actions))])

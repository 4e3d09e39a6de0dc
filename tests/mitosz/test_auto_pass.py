"""The engine's automatic pass (``auto_pass``) in a response (6.1.4) and a counter round
(6.4.1): a responder who holds nothing that could answer passes by the step's cheap
test, without a list of its deeds, and the test is never true where a deed is legal."""

from __future__ import annotations

import random

import pytest

import mitosz_core as mc
from mitosz_core.games.mitosz.actions import Pass
from mitosz_core.games.mitosz.engine import RULESET, STEPS
from mitosz_core.games.mitosz.machine import COUNTER_RESPOND_STEP, RESPONSE_STEP
from mitosz_core.games.mitosz.rules import S


def _responses(players: int, seeds: range, phase: str) -> list[S]:
    """The states in machine state ``phase`` of random games played without the
    automatic pass."""
    found: list[S] = []
    for seed in seeds:
        rng = random.Random(seed)
        s = mc.new_game("mitosz", seed=seed, players=players, auto_pass=False)
        for _ in range(400):
            if s.is_over:
                break
            if s.phase == phase:
                found.append(s)
            s = mc.apply(s, rng.choice(mc.legal_actions(s)))
    return found


@pytest.mark.rule("6.1.4", "6.4.1")
@pytest.mark.parametrize("phase", [RESPONSE_STEP, COUNTER_RESPOND_STEP])
@pytest.mark.parametrize("players", [2, 3])
def test_the_cheap_test_says_only_pass_exactly_where_the_pass_is_the_one_legal_action(
    players: int, phase: str
) -> None:
    only_pass = STEPS[phase].only_pass
    assert only_pass is not None
    told = answered = 0
    for s in _responses(players, range(6), phase):
        fresh = s.evolve()  # no memo of the legal actions
        if only_pass(fresh):
            told += 1
            assert RULESET.auto_action(fresh) == Pass()
            assert fresh._legal is None, "the legal actions were listed all the same"
            assert mc.legal_actions(fresh) == (Pass(),)
        elif len(mc.legal_actions(fresh)) > 1:
            answered += 1
    assert told and answered  # both kinds of responder were met

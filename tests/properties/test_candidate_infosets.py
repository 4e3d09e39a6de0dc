"""The candidates depend only on what the deciding player may know: two states that
``sample_state`` draws from one information state give the same candidates, in the same
order, with the same features; and every sample has the original's information-state
tensor and string (the public record of decisions, automatic passes included)."""

from __future__ import annotations

import random
from typing import Any

import pytest

np = pytest.importorskip("numpy", reason="the adapters need the extra mitosz-core[rl]")
from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

import mitosz_core as mc  # noqa: E402
from mitosz_core.adapters import tensors  # noqa: E402
from mitosz_core.adapters.candidates import Group, encoding  # noqa: E402
from mitosz_core.adapters.openspiel import Observer  # noqa: E402

GAMES = [("mitosz", 2), ("mitosz", 3), ("mitosz", 4), ("mythos", 2)]


def _reached(ruleset: str, players: int, seed: int, steps: int) -> mc.State[Any]:
    state = mc.new_game(ruleset, seed=seed, players=players)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        state = mc.apply(state, rng.choice(mc.legal_actions(state)))
    return state


def _candidates(state: mc.State[Any]) -> list[object]:
    enc = encoding(state.ruleset)
    return [
        ("group", o.kind, o.card, o.members) if isinstance(o, Group) else o
        for o in enc.options(state)
    ]


@settings(max_examples=25, deadline=None)
@given(game=st.sampled_from(GAMES), seed=st.integers(0, 2**32), steps=st.integers(0, 150))
def test_samples_of_one_information_state_give_the_same_candidates_and_features(
    game: tuple[str, int], seed: int, steps: int
) -> None:
    ruleset, players = game
    state = _reached(ruleset, players, seed, steps)
    if state.is_over:
        return
    me = state.to_act
    assert me is not None
    enc = encoding(ruleset)
    a = mc.sample_state(state, me, random.Random(seed))
    b = mc.sample_state(state, me, random.Random(seed + 1))
    expected = _candidates(state)
    features = enc.features(state, me)
    for sample in (a, b):
        assert _candidates(sample) == expected
        assert np.array_equal(enc.features(sample, me), features)


@settings(max_examples=25, deadline=None)
@given(game=st.sampled_from(GAMES), seed=st.integers(0, 2**32), steps=st.integers(0, 200))
def test_a_sample_has_the_information_state_of_the_original(
    game: tuple[str, int], seed: int, steps: int
) -> None:
    ruleset, players = game
    state = _reached(ruleset, players, seed, steps)
    observer = Observer(ruleset, perfect_recall=True)
    for player in range(players):
        sample = mc.sample_state(state, player, random.Random(seed ^ player))
        # the automatic passes are in both records, as decisions of the game
        assert [d.auto for d in sample.history] == [d.auto for d in state.history]
        assert np.array_equal(
            tensors.information_state_tensor(sample, player),
            tensors.information_state_tensor(state, player),
        )
        assert observer.text(sample, player) == observer.text(state, player)

"""The candidate action encoding: at most ``K`` candidates per choice, the overflow rule
past it (groups, then members) reaching every legal action once, and the features'
shape, padding and bounds."""

from __future__ import annotations

import random
from typing import Any

import pytest

np = pytest.importorskip("numpy", reason="the adapters need the extra mitosz-core[rl]")

from mitosz_core import apply, legal_actions, new_game  # noqa: E402
from mitosz_core.adapters.candidates import CANDIDATES, CandidateEncoding, Group, encoding  # noqa: E402
from mitosz_core.errors import ActionIndexError  # noqa: E402
from mitosz_core.kernel.action import Action  # noqa: E402
from mitosz_core.kernel.state import State  # noqa: E402
from mitosz_core.kernel.values import replace  # noqa: E402


def _played(ruleset: str, seed: int, steps: int, players: int = 2) -> State[Any]:
    state = new_game(ruleset, seed=seed, players=players)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        state = apply(state, rng.choice(legal_actions(state)))
    return state


def _me(state: State[Any]) -> int:
    assert state.to_act is not None
    return state.to_act


def _crowded() -> State[Any]:
    """A made-up card set past ``K``: a 4-player Mítosz game in which the player to act
    owns every card of the four decks, in hand, with 40 points in every sphere."""
    state = new_game("mitosz", seed=6, players=4)
    rng = random.Random(6)
    while not (
        state.phase == "turn.summoning_1" and state.to_act == state.game.active and state.turn >= 5
    ):  # to a summoning step of the fifth turn, empires grown enough to offer many places
        state = apply(state, rng.choice(legal_actions(state)))
    game = state.game
    me = state.to_act
    extra = tuple(c for i, p in enumerate(game.players) if i != me for c in (*p.deck, *p.hand))
    moved = set(extra)
    instances = tuple(
        replace(x, owner=me) if i in moved else x for i, x in enumerate(game.instances)
    )
    players = tuple(
        replace(p, hand=(*p.hand, *p.deck, *extra), deck=(), spheres=(40, 40, 40, 40))
        if i == me
        else replace(p, deck=(), hand=())
        for i, p in enumerate(game.players)
    )
    return state.evolve(game=replace(game, players=players, instances=instances))


def _leaves(enc: CandidateEncoding, state: State[Any]) -> tuple[list[Action], int]:
    """Every action reached through the candidates, by walking every group; and the
    most candidates met in one choice."""
    found: list[Action] = []
    most = 0
    todo: list[tuple[int, ...]] = [()]
    while todo:
        path = todo.pop(0)
        options = enc.options(state, path)
        most = max(most, len(options))
        for i in range(len(options)):
            action, longer = enc.choose(state, path, i)
            if action is None:
                todo.append(longer)
            else:
                found.append(action)
    return found, most


@pytest.mark.parametrize("ruleset", ["mitosz", "mythos"])
def test_k_is_one_small_constant_per_ruleset(ruleset: str) -> None:
    assert CANDIDATES[ruleset] == encoding(ruleset).size == 128
    for players in (2, 3, 4) if ruleset == "mitosz" else (2,):
        assert len(legal_actions(new_game(ruleset, seed=0, players=players))) <= 128


def test_a_choice_at_the_bound_is_one_step() -> None:
    state = _played("mitosz", 4, 14)
    legal = legal_actions(state)
    assert len(legal) > 2
    enc = CandidateEncoding("mitosz", size=len(legal))
    assert enc.options(state) == legal
    assert all(not isinstance(o, Group) for o in enc.options(state))
    assert enc.choose(state, (), len(legal) - 1) == (legal[-1], ())


def test_a_choice_past_the_bound_is_a_group_then_a_member() -> None:
    state = _played("mitosz", 4, 14)
    legal = legal_actions(state)
    enc = CandidateEncoding("mitosz", size=len(legal) - 1)
    options = enc.options(state)
    assert len(options) <= enc.size
    assert any(isinstance(o, Group) for o in options)
    found, most = _leaves(enc, state)
    assert sorted(map(repr, found)) == sorted(map(repr, legal))
    assert most <= enc.size


def test_a_made_up_card_set_past_k_is_split_and_loses_nothing() -> None:
    state = _crowded()
    legal = legal_actions(state)
    enc = encoding("mitosz")
    assert len(legal) > enc.size
    options = enc.options(state)
    assert len(options) <= enc.size
    groups = [o for o in options if isinstance(o, Group)]
    assert groups and all(g.kind is not None for g in groups)
    # a group is an action class and the first card named
    for g in groups:
        assert all(type(a) is g.kind for a in g.members)
    found, most = _leaves(enc, state)
    assert len(found) == len(legal) and set(map(repr, found)) == set(map(repr, legal))
    assert most <= enc.size
    # the first step's rows say they are groups, the second step's rows say a group was chosen
    first = enc.features(state, _me(state))
    assert first[: len(options), enc.fields[0].size].max() == 1.0
    pick = next(i for i, o in enumerate(options) if isinstance(o, Group))
    _, path = enc.choose(state, (), pick)
    second = enc.features(state, _me(state), path)
    depth = enc.fields[0].size + 2
    assert (second[: len(enc.options(state, path)), depth] > 0).all()


def test_tiny_k_splits_again_until_every_choice_fits() -> None:
    state = _crowded()
    enc = CandidateEncoding("mitosz", size=3)
    found, most = _leaves(enc, state)
    assert most <= 3 and len(found) == len(legal_actions(state))


def test_a_path_naming_no_group_is_refused() -> None:
    state = _played("mitosz", 4, 14)
    with pytest.raises(ActionIndexError, match="names no group"):
        encoding("mitosz").options(state, (0,))


@pytest.mark.parametrize("ruleset", ["mitosz", "mythos"])
def test_features_are_finite_bounded_and_padded_with_zero(ruleset: str) -> None:
    enc = encoding(ruleset)
    state = new_game(ruleset, seed=2)
    rng = random.Random(2)
    for _ in range(120):
        if state.is_over:
            break
        rows = enc.features(state, _me(state))
        n = len(enc.options(state))
        assert rows.shape == (enc.size, enc.width) and rows.dtype == np.float32
        assert np.isfinite(rows).all() and rows.min() >= 0.0 and rows.max() <= 1.0
        assert not rows[n:].any() and rows[:n].any(axis=1).all()
        assert enc.mask(state).sum() == n
        state = apply(state, rng.choice(legal_actions(state)))


def test_numpy_integers_are_taken_as_candidate_indices() -> None:
    state = new_game("mythos", seed=0)
    action, path = encoding("mythos").choose(state, (), np.int64(0))
    assert action == legal_actions(state)[0] and path == ()

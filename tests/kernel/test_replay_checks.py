"""Replay and setup arguments (issue: Hardening).

Reproducers of an outside fuzzing campaign: a rewritten or invented automatic decision
replayed to the same game, seeds ``s`` and ``s + 2**64`` gave the same game, and a wrong
player count or a float seed raised a bare ``ValueError``/``TypeError``.
"""

from __future__ import annotations

import dataclasses
import itertools
import random
from collections.abc import Callable
from typing import Any

import pytest

import mitosz_core as mc
from mitosz_core.games.mitosz.actions import Pass
from mitosz_core.kernel.action import Decision
from mitosz_core.kernel.rng import SEEDS, Rng


def _game_with_auto_passes(seed: int = 8, limit: int = 400) -> mc.State[Any]:
    """A Mítosz game played at random until its history holds automatic passes."""
    state = mc.new_game(seed=seed)
    rng = random.Random(seed)
    for _ in range(limit):
        history = state.history
        if state.is_over or (
            len(history) >= 8 and any(d.auto and not e.auto for d, e in itertools.pairwise(history))
        ):
            break
        state = mc.apply(state, rng.choice(mc.legal_actions(state)))
    assert any(d.auto for d in state.history), "the game took no automatic decision"
    return state


def _replay(history: list[Decision] | tuple[Decision, ...], state: mc.State[Any]) -> Any:
    return mc.replay("mitosz", decks=state.config.decks, seed=state.config.seed, actions=history)


def test_history_with_its_automatic_decisions_replays_and_they_are_checked() -> None:
    state = _game_with_auto_passes()
    report = mc.replay_report(
        "mitosz", decks=state.config.decks, seed=state.config.seed, actions=state.history
    )
    assert report.state == state
    assert report.automatic == sum(d.auto for d in state.history) > 0
    assert report.decisions + report.automatic == report.entries == len(state.history)
    assert report.unrecorded == 0


def test_rewritten_automatic_decision_is_a_replay_error_naming_its_index() -> None:
    state = _game_with_auto_passes()
    history = list(state.history)
    index = next(i for i, d in enumerate(history) if d.auto)
    history[index] = dataclasses.replace(history[index], player=1 - history[index].player)
    with pytest.raises(mc.ReplayError, match=f"action #{index} cannot be replayed") as caught:
        _replay(history, state)
    assert caught.value.index == index
    assert "but the engine took" in str(caught.value)


def test_automatic_decision_inserted_for_player_7_is_a_replay_error() -> None:
    state = _game_with_auto_passes()
    history = list(state.history)
    for index in (0, 1):  # before any decision, and after the first
        changed = [*history[:index], Decision(7, Pass(), auto=True), *history[index:]]
        with pytest.raises(mc.ReplayError, match="automatic decision P7\\* pass") as caught:
            _replay(changed, state)
        assert caught.value.index == index


def test_history_that_leaves_out_an_automatic_decision_is_a_replay_error() -> None:
    state = _game_with_auto_passes()
    history = list(state.history)
    index = next(i for i, d in enumerate(history[:-1]) if d.auto and not history[i + 1].auto)
    del history[index]
    if index == len(history):  # the last entry: a log cut short there is fine
        pytest.skip("the automatic decision is the last entry")
    with pytest.raises(mc.ReplayError, match="the engine took the automatic decision") as caught:
        _replay(history, state)
    assert caught.value.index == index


def test_plain_actions_leave_the_automatic_decisions_out() -> None:
    state = _game_with_auto_passes()
    plain = [d.action for d in state.history if not d.auto]
    report = mc.replay_report(
        "mitosz", decks=state.config.decks, seed=state.config.seed, actions=plain
    )
    assert report.state == state and report.automatic == 0


def test_truncated_log_replays_and_says_how_far_it_got() -> None:
    state = _game_with_auto_passes()
    cut = state.history[:5]
    report = mc.replay_report(
        "mitosz", decks=state.config.decks, seed=state.config.seed, actions=cut
    )
    assert report.entries == 5
    assert not report.finished
    assert report.turn == report.state.turn and report.phase == report.state.phase
    assert report.state.history[:5] == cut


def test_log_cut_between_a_decision_and_its_automatic_passes_counts_them_unrecorded() -> None:
    state = _game_with_auto_passes()
    history = state.history
    index = next(i for i, d in enumerate(history) if d.auto)
    report = mc.replay_report(
        "mitosz", decks=state.config.decks, seed=state.config.seed, actions=history[:index]
    )
    taken = len(report.state.history) - index
    assert taken >= 1 and report.unrecorded == taken


def test_finished_game_replays_as_finished() -> None:
    state = mc.new_game("mythos", seed=3)
    rng = random.Random(3)
    while not state.is_over:
        state = mc.apply(state, rng.choice(mc.legal_actions(state)))
    report = mc.replay_report("mythos", decks=None, seed=3, actions=state.history)
    assert report.finished and report.state == state
    last = next(d for d in reversed(state.history) if not d.auto)
    with pytest.raises(mc.ReplayError, match="the game is over"):
        mc.replay("mythos", decks=None, seed=3, actions=[*state.history, last])


def test_strict_replay_must_reach_the_expected_state_or_digest() -> None:
    state = _game_with_auto_passes()
    config = state.config
    assert (
        mc.replay(
            "mitosz", decks=config.decks, seed=config.seed, actions=state.history, expect=state
        )
        == state
    )
    digest = mc.state_digest(state)
    assert len(digest) == 64
    assert (
        mc.replay(
            "mitosz", decks=config.decks, seed=config.seed, actions=state.history, expect=digest
        )
        == state
    )
    saved = mc.State.from_json(state.to_json())
    assert mc.state_digest(saved) == digest
    last = max(i for i, d in enumerate(state.history) if not d.auto)
    short = state.history[:last]
    with pytest.raises(mc.ReplayMismatchError, match="number of decisions is") as caught:
        mc.replay("mitosz", decks=config.decks, seed=config.seed, actions=short, expect=state)
    assert caught.value.index == len(short)
    with pytest.raises(mc.ReplayMismatchError, match=f"expected {digest}"):
        mc.replay("mitosz", decks=config.decks, seed=config.seed, actions=short, expect=digest)


def test_strict_replay_names_a_difference_beyond_the_summary() -> None:
    state = _game_with_auto_passes()
    other = state.evolve(rng=Rng(state.rng.state ^ 1))
    config = state.config
    with pytest.raises(mc.ReplayMismatchError, match="random generator differs"):
        mc.replay(
            "mitosz", decks=config.decks, seed=config.seed, actions=state.history, expect=other
        )


# --- seeds and player counts ------------------------------------------------------------------


@pytest.mark.parametrize(
    "seed",
    [-1, SEEDS, SEEDS + 5, -(2**70), 10**5000],
    ids=["-1", "2**64", "2**64+5", "-2**70", "10**5000"],
)
def test_seed_outside_the_generator_range_is_a_config_error(seed: int) -> None:
    with pytest.raises(mc.ConfigError, match=r"seed: must be in \[0, 2\*\*64\)") as caught:
        mc.new_game(seed=seed)
    assert caught.value.field == "seed"
    assert isinstance(caught.value, ValueError) and isinstance(caught.value, mc.MitoszError)
    with pytest.raises(mc.ConfigError):
        mc.replay("mitosz", decks=None, seed=seed, actions=[])


def test_seeds_a_multiple_of_2_64_apart_no_longer_give_the_same_game() -> None:
    assert mc.new_game(seed=SEEDS - 1).rng != mc.new_game(seed=0).rng
    with pytest.raises(mc.ConfigError):
        mc.new_game(seed=5 + SEEDS)


@pytest.mark.parametrize("seed", [1.5, 1.0, "1", None, True])
def test_seed_that_is_not_an_integer_is_a_config_type_error(seed: Any) -> None:
    calls: tuple[Callable[[], object], ...] = (
        lambda: mc.new_game(seed=seed),
        lambda: mc.replay("mitosz", decks=None, seed=seed, actions=[]),
        lambda: mc.replay("mythos", decks=None, seed=seed, actions=[]),
    )
    for call in calls:
        with pytest.raises(mc.ConfigTypeError, match="seed: must be an integer") as caught:
            call()
        assert isinstance(caught.value, TypeError) and isinstance(caught.value, mc.ConfigError)


@pytest.mark.parametrize(("ruleset", "players"), [("mitosz", 1), ("mitosz", 5), ("mythos", 3)])
def test_wrong_player_count_is_a_config_error(ruleset: str, players: int) -> None:
    calls: tuple[Callable[[], object], ...] = (
        lambda: mc.new_game(ruleset, seed=1, players=players),
        lambda: mc.replay(ruleset, decks=None, seed=1, actions=[], players=players),
    )
    for call in calls:
        with pytest.raises(mc.ConfigError, match=f"players: .* players, not {players}") as caught:
            call()
        assert caught.value.field == "players" and isinstance(caught.value, ValueError)


def test_player_count_that_is_not_an_integer_is_a_config_type_error() -> None:
    with pytest.raises(mc.ConfigTypeError, match="players: must be an integer, got float"):
        mc.new_game(seed=1, players=2.0)  # type: ignore[arg-type]

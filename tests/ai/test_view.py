"""PlayerView, the Bot protocol and returns (issue: the AI and RL interface)."""

from __future__ import annotations

import random
from typing import Any

import pytest

import mitosz_core as mc
from mitosz_core.kernel.view import PlayerView
from tests.helpers import play_random

RULESETS = ("mitosz", "mythos")


class FirstBot:
    """Plays the first legal action its view offers."""

    def choose(self, view: mc.PlayerView) -> mc.Action:
        return view.legal_actions[0]


def _play(state: mc.State[Any], bots: list[mc.Bot], limit: int = 100_000) -> mc.State[Any]:
    for _ in range(limit):
        if state.is_over:
            return state
        state = mc.apply(state, bots[state.to_act or 0].choose(mc.view(state)))
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("ruleset", RULESETS)
def test_view_shows_the_deciding_player_what_observe_shows(ruleset: str) -> None:
    state = mc.new_game(ruleset, seed=3)
    v = mc.view(state)
    assert v.player == state.to_act and v.is_deciding
    assert v.observation == mc.observe(state, v.player)
    assert v.legal_actions == mc.legal_actions(state)
    assert not v.is_over and v.returns == (0.0, 0.0)
    other = mc.view(state, 1 - v.player)
    assert other.legal_actions == () and not other.is_deciding
    assert other.observation == mc.observe(state, 1 - v.player)


def test_view_is_immutable_and_hides_the_state() -> None:
    state = mc.new_game(seed=3)
    v = mc.view(state)
    with pytest.raises(AttributeError):
        v._player = 1
    public = [name for name in dir(v) if not name.startswith("_")]
    for name in public:
        try:
            value = getattr(v, name)
        except mc.NotAvailableError:
            continue  # a service the ruleset does not give yet holds no state either
        assert not isinstance(value, mc.State), name


def test_view_refuses_a_player_not_in_the_game() -> None:
    state = mc.new_game(seed=3)
    with pytest.raises(mc.MitoszError, match="no player 2"):
        PlayerView(state, 2)
    over = play_random(state, seed=3)
    with pytest.raises(mc.MitoszError, match="game is over"):
        mc.view(over)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_bots_play_a_game_from_their_views_and_returns_sum_to_the_result(ruleset: str) -> None:
    state = _play(mc.new_game(ruleset, seed=5), [FirstBot(), FirstBot()])
    assert state.is_over
    result = mc.returns(state)
    assert mc.view(state, 0).returns == result and mc.view(state, 0).is_over
    low, high = mc.utility_range(ruleset)
    assert all(low <= r <= high for r in result)
    if state.winner is None:
        assert result == (0.0, 0.0)
    else:
        assert result[state.winner] == 1.0 and result[1 - state.winner] == -1.0


def test_returns_in_a_four_player_game() -> None:
    state = play_random(mc.new_game("mitosz", seed=8, players=4), seed=8)
    result = mc.returns(state)
    assert len(result) == 4
    if state.winner is not None:
        assert sorted(result) == [-1.0, -1.0, -1.0, 1.0]


def test_memo_of_derived_values_is_not_carried_to_a_new_state() -> None:
    state = mc.new_game(seed=3)
    state.derived()["x"] = 1
    after = mc.apply(state, mc.legal_actions(state)[0])
    assert "x" not in after.derived()
    assert state.derived() == {"x": 1}


def test_sample_needs_a_random_random() -> None:
    state = mc.new_game(seed=3)
    with pytest.raises(mc.ConfigTypeError, match="rng"):
        mc.sample_state(state, 0, 7)  # type: ignore[arg-type]
    with pytest.raises(mc.ConfigError, match="no player 5"):
        mc.sample_state(state, 5, random.Random(1))

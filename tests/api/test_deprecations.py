"""The names renamed in version 0.2 still work for a release, with a
``MitoszDeprecationWarning`` naming the new one; the saved format is unchanged."""

from __future__ import annotations

import json

import pytest

import mitosz_core as mc
from mitosz_core.errors import MitoszDeprecationWarning
from mitosz_core.kernel.action import Log


def _played(ruleset: str = "mitosz", seed: int = 5, decisions: int = 12) -> mc.State[object]:
    state = mc.new_game(ruleset, seed=seed)
    for _ in range(decisions):
        state = mc.apply(state, mc.legal_actions(state)[0])
    return state


def test_state_over_is_the_deprecated_name_of_is_over() -> None:
    state = _played()
    with pytest.warns(MitoszDeprecationWarning, match=r"State\.over .*use State\.is_over"):
        assert state.over is state.is_over is False


def test_state_log_is_the_deprecated_name_of_history() -> None:
    state = _played()
    with pytest.warns(MitoszDeprecationWarning, match=r"State\.log .*use State\.history"):
        log = state.log
    assert isinstance(log, Log)
    assert log.as_tuple() == state.history
    assert len(state.history) >= 12


def test_evolve_takes_the_old_names_with_a_warning() -> None:
    state = _played()
    with pytest.warns(MitoszDeprecationWarning, match=r"evolve\(over=\.\.\.\)"):
        ended = state.evolve(over=True)
    assert ended.is_over and not state.is_over
    with pytest.warns(MitoszDeprecationWarning, match=r"evolve\(log=\.\.\.\)"):
        emptied = state.evolve(log=Log.EMPTY)
    assert emptied.history == () and state.history != ()


def test_the_warning_points_at_the_callers_line() -> None:
    state = _played()
    with pytest.warns(MitoszDeprecationWarning) as caught:
        _ = state.over
    assert caught[0].filename == __file__


@pytest.mark.parametrize("ruleset", ["mitosz", "mythos"])
def test_positional_replay_is_deprecated_and_gives_the_same_game(ruleset: str) -> None:
    state = _played(ruleset)
    with pytest.warns(MitoszDeprecationWarning, match=r"replay\(\) with decks, seed"):
        old = mc.replay(ruleset, state.config.decks, 5, state.history)
    assert old == state == mc.replay(ruleset, seed=5, actions=state.history)
    with pytest.warns(MitoszDeprecationWarning, match=r"replay_report\(\) with decks"):
        report = mc.replay_report(ruleset, None, 5, state.history, 2)
    assert report.state == state


def test_replay_arguments_given_twice_or_missing_are_type_errors() -> None:
    with (
        pytest.warns(MitoszDeprecationWarning),
        pytest.raises(TypeError, match="multiple values for argument 'seed'"),
    ):
        mc.replay("mitosz", None, 5, seed=5, actions=[])  # type: ignore[call-overload]
    with pytest.raises(TypeError, match="missing required keyword argument: 'actions'"):
        mc.replay("mitosz", seed=5)  # type: ignore[call-overload]


def test_the_saved_format_keeps_its_keys() -> None:
    state = _played()
    saved = json.loads(state.to_json())
    assert saved["format"] == "mitosz-core/state/2"
    assert sorted(saved["state"]) == sorted(
        [
            "ruleset",
            "config",
            "phase",
            "to_act",
            "turn",
            "winner",
            "over",
            "rng",
            "log",
            "game",
        ]
    )
    assert saved["state"]["over"] is False
    assert len(saved["state"]["log"]) == len(state.history)
    assert mc.State.from_json(state.to_json()) == state


def test_the_suite_turns_a_deprecated_name_into_an_error() -> None:
    """pytest's configuration (pyproject.toml) makes any use of a deprecated name in the
    project's code or tests fail, so they use only the new names."""
    state = _played(decisions=1)
    with pytest.raises(MitoszDeprecationWarning):
        _ = state.over
    with pytest.raises(MitoszDeprecationWarning):
        mc.replay("mitosz", None, 5, state.history)

"""``action_from_json`` and ``actions_from_json`` fill the fields that have defaults."""

from __future__ import annotations

import pytest

import mitosz_core as mc
import mitosz_core.mitosz as mitosz
from mitosz_core.games.mitosz import actions as mitosz_actions
from mitosz_core.games.mythos import actions as mythos_actions


def test_a_mitosz_summon_needs_only_its_card() -> None:
    action = mc.action_from_json("mitosz", '{"type": "summon", "card": 3}')
    assert action == mitosz_actions.Summon(card=3)
    designate = mc.action_from_json("mitosz", '{"type": "designate", "card": 9}')
    assert designate == mitosz.Designate(9, mitosz.LineName.FRONT)


def test_a_mythos_play_needs_only_its_card() -> None:
    assert mc.action_from_json("mythos", '{"type": "play", "card": 3}') == mythos_actions.Play(3)
    assert mc.action_from_json("mythos", '{"type": "pay_life"}') == mythos_actions.PayLife()


@pytest.mark.parametrize(
    ("ruleset", "text", "problem"),
    [
        ("mitosz", '{"type": "summon"}', r"\$: missing field 'card' for Summon"),
        ("mitosz", '{"type": "summon", "card": 3, "crad": 1}', "unknown field 'crad'"),
        ("mitosz", '{"type": "summon", "card": 3, "target": "x"}', r"\$\.target: expected"),
        ("mythos", '{"type": "attach", "card": 3}', r"missing field 'to' for Attach"),
    ],
)
def test_fields_without_defaults_are_still_required(ruleset: str, text: str, problem: str) -> None:
    with pytest.raises(mc.DecodeError, match=problem):
        mc.action_from_json(ruleset, text)


def test_an_action_log_fills_defaults_too() -> None:
    log = mc.actions_from_json(
        "mitosz", '[{"type": "summon", "card": 3}, {"player": 1, "action": {"type": "pass"}}]'
    )
    assert log == (mitosz_actions.Summon(3), mc.Decision(1, mitosz_actions.Pass()))


@pytest.mark.parametrize("ruleset", ["mitosz", "mythos"])
def test_every_legal_action_reads_back_from_its_json(ruleset: str) -> None:
    state = mc.new_game(ruleset, seed=11)
    for _ in range(30):
        if state.is_over:
            break
        for action in mc.legal_actions(state):
            assert mc.action_from_json(ruleset, action.to_json()) == action
        state = mc.apply(state, mc.legal_actions(state)[-1])

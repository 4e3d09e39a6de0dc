"""Actions naming a card id that does not exist (issue: Hardening).

Reproducer of an outside fuzzing campaign: the MYTHOS action
``{"type": "attach", "card": 1000000, "to": 0}`` raised ``IndexError`` from ``apply`` and
``replay``. Both rulesets now refuse any card id out of range, naming it.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import mitosz_core as mc
from mitosz_core.games.mitosz import actions as mitosz_actions
from mitosz_core.games.mythos import actions as mythos
from mitosz_core.games.mythos.engine import CARD_FIELDS
from mitosz_core.kernel.registry import get


def _mythos_main() -> mc.State[Any]:
    """A MYTHOS game at its first main phase, where attach is a legal kind of action."""
    state = mc.new_game("mythos", seed=1)
    rng = random.Random(1)
    while state.phase != "turn.main":
        state = mc.apply(state, rng.choice(mc.legal_actions(state)))
    return state


def test_mythos_attach_of_card_1000000_is_an_illegal_action_not_an_index_error() -> None:
    state = _mythos_main()
    action = mc.action_from_json("mythos", '{"type":"attach","card":1000000,"to":0}')
    with pytest.raises(mc.IllegalActionError, match=r"there is no card #1000000 in this game"):
        mc.apply(state, action)
    with pytest.raises(mc.ReplayError, match="there is no card #1000000 in this game") as caught:
        mc.replay("mythos", decks=None, seed=1, actions=[*state.history, action])
    assert caught.value.index == len(state.history)


@pytest.mark.parametrize("value", [1_000_000, -1, -1_000_000])
@pytest.mark.parametrize(
    "action_type",
    [t for t in mythos.ACTION_TYPES if any(f in CARD_FIELDS for f in t.__dataclass_fields__)],
    ids=lambda t: t.kind,
)
def test_every_mythos_card_field_out_of_range_is_refused(action_type: Any, value: int) -> None:
    state = _mythos_main()
    fields = [f for f in action_type.__dataclass_fields__ if f in CARD_FIELDS]
    for name in fields:
        action = action_type(**{f: value if f == name else 0 for f in fields})
        reason = get("mythos").why_not(state, action)
        assert reason == f"there is no card #{value} in this game ({name})"
        assert not mc.is_legal(state, action)


def test_mitosz_card_field_out_of_range_is_refused_too() -> None:
    state = mc.new_game(seed=1)
    with pytest.raises(mc.IllegalActionError, match=r"there is no card #1000000"):
        mc.apply(state, mitosz_actions.Discard(1_000_000))

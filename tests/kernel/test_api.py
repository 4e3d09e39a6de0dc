"""The public API contract (issue: Foundation): purity, determinism, JSON, replay,
illegal actions, observation."""

from __future__ import annotations

import json
import random

import pytest

import mitosz_core as mc
from mitosz_core.games.mitosz.actions import Discard, Pass, PlacePeople, Summon
from mitosz_core.games.mitosz.machine import MACHINE
from mitosz_core.games.mitosz.rules import S
from mitosz_core.games.mitosz.rules.hosting import items_of
from tests.helpers import play_random
from tests.mitosz.fixtures import duel, to_hand


def _some_state(seed: int = 5, steps: int = 40) -> S:
    state = mc.new_game(seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        state = mc.apply(state, rng.choice(mc.legal_actions(state)))
    return state


def test_rulesets_lists_mitosz() -> None:
    assert "mitosz" in mc.rulesets()


def test_unknown_ruleset_is_a_specific_error() -> None:
    with pytest.raises(mc.UnknownRulesetError, match="'chess'"):
        mc.new_game("chess", seed=1)


def test_new_game_state_fields() -> None:
    state = mc.new_game(seed=1)
    assert state.ruleset == "mitosz"
    assert state.turn == 1
    assert state.to_act in (0, 1)
    assert not state.is_over
    assert state.winner is None
    assert state.history == ()
    assert state.phase in state_machine_states()


def state_machine_states() -> tuple[str, ...]:

    return MACHINE.states


def test_apply_does_not_change_its_input() -> None:
    state = _some_state()
    before = state.to_json()
    twin = mc.State.from_json(before)
    for action in mc.legal_actions(state):
        mc.apply(state, action)
        assert state.to_json() == before
        assert state == twin


def test_apply_shares_unchanged_parts() -> None:
    state = mc.new_game(seed=2)
    after = mc.apply(state, Pass())
    assert after.game.cards is state.game.cards
    assert after.game.instances is state.game.instances
    assert after.config is state.config
    untouched = [a for a, b in zip(state.game.players, after.game.players, strict=True) if a is b]
    assert untouched, "players not touched by a pass must be shared, not copied"


def test_same_seed_and_actions_give_equal_games() -> None:
    a = play_random(mc.new_game(seed=11), seed=4)
    b = play_random(mc.new_game(seed=11), seed=4)
    assert a == b
    assert a.to_json() == b.to_json()


def test_different_seeds_give_different_deals() -> None:
    hands = {mc.new_game(seed=s).game.players[0].hand for s in range(8)}
    assert len(hands) > 1


def test_json_round_trip_is_exact() -> None:
    state = _some_state(seed=7, steps=120)
    again = mc.State.from_json(state.to_json())
    assert again == state
    assert again.to_json() == state.to_json()
    assert mc.legal_actions(again) == mc.legal_actions(state)


@pytest.mark.parametrize("ruleset", ["mitosz", "mythos"])
def test_the_decision_count_is_the_length_of_the_history(ruleset: str) -> None:
    """``decision_count`` counts every decision of the history, automatic ones too, at
    every step of a game (the environments' step limit reads it)."""
    state = mc.new_game(ruleset, seed=4)
    rng = random.Random(4)
    assert state.decision_count == 0
    while not state.is_over and state.decision_count < 400:
        state = mc.apply(state, rng.choice(mc.legal_actions(state)))
        assert state.decision_count == len(state.history)
    assert any(d.auto for d in state.history)  # automatic passes were taken and counted


def test_replay_rebuilds_the_state_from_its_history() -> None:
    state = play_random(mc.new_game(seed=21, players=3), seed=9)
    rebuilt = mc.replay(
        "mitosz", decks=state.config.decks, seed=21, actions=state.history, players=3
    )
    assert rebuilt == state


def test_replay_accepts_plain_actions_and_reports_the_failing_index() -> None:
    state = _some_state(seed=8, steps=30)
    chosen = [d.action for d in state.history if not d.auto]
    assert mc.replay("mitosz", decks=None, seed=8, actions=chosen) == state
    broken = [*chosen[:3], Discard(999)]
    with pytest.raises(mc.ReplayError, match="#3"):
        mc.replay("mitosz", decks=None, seed=8, actions=broken)


def test_illegal_action_raises_a_clear_error_and_changes_nothing() -> None:
    state = mc.new_game(seed=3)
    before = state.to_json()
    with pytest.raises(mc.IllegalActionError) as info:
        mc.apply(state, Discard(0))
    assert isinstance(info.value, ValueError)
    assert "discard is not possible now" in str(info.value)
    assert info.value.phase == state.phase
    assert state.to_json() == before


def test_illegal_action_reason_is_specific() -> None:
    state = mc.new_game(seed=3)
    while state.phase != "turn.summoning_1":  # the start and draw phases' windows
        state = mc.apply(state, Pass())
    game = state.game
    foreign = next(c for c in range(len(game.instances)) if game.owner(c) != state.to_act)
    with pytest.raises(mc.IllegalActionError, match="is not in your hand"):
        mc.apply(state, Summon(foreign))
    hand = game.players[game.active].hand
    people = next(c for c in hand if game.card(c).type.value == "people")
    with pytest.raises(mc.IllegalActionError, match=r"first people of an empire goes to \(0, 0\)"):
        mc.apply(state, PlacePeople(people, 5, 5))


def test_finished_game_refuses_actions() -> None:
    state = play_random(mc.new_game(seed=1), seed=1)
    assert mc.legal_actions(state) == ()
    with pytest.raises(mc.IllegalActionError, match="over"):
        mc.apply(state, Pass())


def test_observation_hides_opponents_hand_and_decks() -> None:
    state = _some_state(seed=4, steps=10)
    me = 0
    view = mc.observe(state, me)
    json.dumps(view)  # JSON-serialisable
    mine, theirs = view["players"][0], view["players"][1]
    assert [c["id"] for c in mine["hand"]] == list(state.game.players[0].hand)
    assert "hand" not in theirs
    assert theirs["hand_size"] == len(state.game.players[1].hand)
    shown = json.dumps(view)
    for hidden in (*state.game.players[1].hand, *state.game.players[0].deck):
        assert f'"id": {hidden},' not in shown or hidden in _public_ids(state)


def _public_ids(state: S) -> set[int]:
    game = state.game
    public: set[int] = set()
    for p in game.players:
        public.update(p.underworld, p.oblivion, (p.high_god,))
        for slot in p.empire:
            public.add(slot.card)
        for leader in p.leaders:
            public.add(leader.card)
            public.update(items_of(game, leader.card))
    for reveals in game.opening_reveals:
        public.update(reveals)
    return public


def test_observe_rejects_unknown_players() -> None:
    with pytest.raises(ValueError, match="no player 5"):
        mc.observe(mc.new_game(seed=1), 5)


def test_actions_are_frozen_hashable_readable_and_json() -> None:
    action = Summon(12, 3)
    assert hash(action) == hash(Summon(12, 3))
    with pytest.raises(AttributeError):
        action.card = 4  # type: ignore[misc]
    assert str(action) == "summon(#12 onto #3)"
    assert json.loads(action.to_json()) == {
        "type": "summon",
        "card": 12,
        "target": 3,
        "substitute": None,
        "pay_with": None,
    }
    assert mc.action_from_json("mitosz", action.to_json()) == action


def test_action_log_json_round_trip() -> None:
    state = _some_state(seed=6, steps=50)
    text = json.dumps([json.loads(d.action.to_json()) for d in state.history])
    actions = mc.actions_from_json("mitosz", text)
    assert list(actions) == [d.action for d in state.history]


def test_bad_action_json_names_the_problem() -> None:
    with pytest.raises(mc.DecodeError, match=r"\$\.type: unknown action type 'fly'"):
        mc.action_from_json("mitosz", '{"type": "fly"}')
    with pytest.raises(mc.DecodeError, match=r"\$\.card: expected an integer"):
        mc.action_from_json("mitosz", '{"type": "discard", "card": "7"}')
    with pytest.raises(mc.DecodeError, match="not valid JSON"):
        mc.action_from_json("mitosz", "{")


def test_seed_must_be_an_integer() -> None:
    with pytest.raises(TypeError):
        mc.new_game(seed="1")  # type: ignore[arg-type]


def test_player_count_is_checked() -> None:
    with pytest.raises(ValueError, match="2 to 4 players"):
        mc.new_game(seed=1, players=5)


def test_decks_by_name_and_bad_decks() -> None:
    state = mc.new_game(seed=1, decks=["egyptian", "celtic"])
    assert [d.name for d in state.config.decks] == ["egyptian", "celtic"]
    with pytest.raises(mc.DeckError, match="no built-in deck"):
        mc.new_game(seed=1, decks=["atlantean", "celtic"])
    with pytest.raises(mc.DeckError, match="3 decks given for 2 players"):
        mc.new_game(seed=1, decks=["egyptian", "celtic", "hellenic"])


def test_auto_pass_records_the_pass_and_can_be_switched_off() -> None:

    on, me, _ = duel()
    on, hero = to_hand(on, me, "Hero")  # nobody holds anything to answer with
    after = mc.apply(on, Summon(hero))
    autos = [d for d in after.history[len(on.history) :] if d.auto]
    assert len(autos) == 2
    assert all(isinstance(d.action, Pass) for d in autos)
    assert after.phase == "turn.summoning_1"

    off, me, _ = duel(auto_pass=False)
    off, hero = to_hand(off, me, "Hero")
    after_off = mc.apply(off, Summon(hero))
    assert after_off.phase == "counter.respond"
    assert mc.legal_actions(after_off) == (Pass(),)

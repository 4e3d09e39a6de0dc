"""MYTHOS through the public API: new game, JSON, replay, observe, describe, bench."""

from __future__ import annotations

import json
import random

import pytest

import mitosz_core as mc
from mitosz_core.bench import run
from mitosz_core.bots import RandomBot, play
from mitosz_core.games.mythos.engine import RULESET
from tests.mythos.scenario import new


@pytest.mark.rule("01", "12")
def test_new_game_by_name() -> None:
    assert "mythos" in mc.rulesets()
    s = mc.new_game("mythos", seed=5)
    assert s.ruleset == "mythos" and s.to_act == s.game.active
    assert [d.name for d in s.config.decks] == ["guardians", "chaos"]
    with pytest.raises(ValueError, match="MYTHOS is played by 2 players, not 3"):
        mc.new_game("mythos", seed=1, players=3)
    assert set(RULESET.builtin_decks()) == {"guardians", "chaos"}


def _random_game(seed: int, auto_pass: bool = True, limit: int | None = None) -> mc.State:  # type: ignore[type-arg]
    s = new(seed=seed, auto_pass=auto_pass)
    rng = random.Random(seed)
    n = 0
    while not s.is_over and (limit is None or n < limit):
        s = mc.apply(s, rng.choice(mc.legal_actions(s)))
        n += 1
    return s


def test_json_round_trip_and_replay() -> None:
    for seed in (1, 2):
        for auto in (True, False):
            s = _random_game(seed, auto, limit=150)
            text = s.to_json()
            back = mc.State.from_json(text)
            assert back == s and back.to_json() == text
            assert json.loads(text)["ruleset"] == "mythos"
            again = mc.replay(
                "mythos", decks=s.config.decks, seed=seed, actions=s.history, auto_pass=auto
            )
            assert again == s
            log = json.dumps([json.loads(d.action.to_json()) for d in s.history if not d.auto])
            actions = mc.actions_from_json("mythos", log)
            assert (
                mc.replay(
                    "mythos", decks=s.config.decks, seed=seed, actions=actions, auto_pass=auto
                )
                == s
            )


def test_a_broken_saved_state_is_refused() -> None:
    s = new(seed=1)
    data = json.loads(s.to_json())
    data["state"]["game"]["players"][0]["hand"].append(
        data["state"]["game"]["players"][1]["hand"][0]
    )
    with pytest.raises(mc.DecodeError, match="places, not exactly 1"):
        mc.State.from_json(json.dumps(data))
    data = json.loads(s.to_json())
    data["state"]["game"]["cards"][0] = "Pikachu"
    with pytest.raises(mc.DecodeError, match=r"cards\[0\].*expected an object for CardDef"):
        mc.State.from_json(json.dumps(data))
    data = json.loads(s.to_json())
    data["state"]["game"]["cards"][1] = data["state"]["game"]["cards"][0]
    with pytest.raises(mc.DecodeError, match=r"cards: the cards must have distinct keys"):
        mc.State.from_json(json.dumps(data))


def test_observe_hides_the_opponents_hand() -> None:
    s = new(seed=2)
    for me in (0, 1):
        view = mc.observe(s, me)
        assert "hand" in view["players"][me] and "hand" not in view["players"][1 - me]
        assert view["players"][1 - me]["hand_size"] == 6
        json.dumps(view)


def test_describe_and_a_bot_game() -> None:
    s = new(seed=4)
    bots = [RandomBot(1), RandomBot(2)]
    lines = []
    while not s.is_over:
        assert s.to_act is not None
        action = bots[s.to_act].choose(s)
        lines.append(RULESET.describe(s, action))
        s = mc.apply(s, action)
    assert all(isinstance(x, str) and x for x in lines)
    assert any(x.startswith("plays ") for x in lines)
    assert play(new(seed=5), bots).is_over


def test_bench_runs() -> None:
    result = run("mythos", 2)
    assert result.games == 2 and result.decisions > 0
    assert result.report().startswith("mythos: 2 games")


def test_illegal_actions_name_a_reason() -> None:
    s = new(seed=1)
    with pytest.raises(mc.IllegalActionError, match="this step takes: draw, draw_sacrifice"):
        mc.apply(s, mc.action_from_json("mythos", '{"type": "end_turn"}'))

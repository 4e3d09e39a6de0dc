"""A saved state is checked against its own history (issue "Hardening, round 3", item 4).

``State.from_json`` replays every saved state's log from its game's first state (set up
again from the configuration, or an arranged game's starting position) and loads it only
if the replay gives exactly that state. Each test is an edit that used to load: the
error names the first decision that diverges, or the first value that differs.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pytest

import mitosz_core as mc
from mitosz_core.errors import InvalidStateError
from mitosz_core.games.mythos.engine import RULESET as MYTHOS
from mitosz_core.mitosz import Leader, People, Position, Side
from mitosz_core.mythos import Position as MythosPosition
from mitosz_core.mythos import Side as MythosSide
from tests.kernel.test_saved_states import mitosz_states, mythos_states

Json = Any


def _edit(text: str, change: Callable[[Json], None]) -> str:
    data = json.loads(text)
    change(data)
    return json.dumps(data)


def _history_error(text: str) -> InvalidStateError:
    with pytest.raises(InvalidStateError) as info:
        mc.State.from_json(text)
    assert info.value.rule == "history", str(info.value)
    return info.value


def _played(ruleset: str, seed: int, decisions: int, players: int = 2) -> mc.State[Any]:
    s = mc.new_game(ruleset, seed=seed, players=players)
    rng = random.Random(seed)
    for _ in range(decisions):
        if s.is_over:
            break
        s = mc.apply(s, rng.choice(mc.legal_actions(s)))
    return s


def test_a_stacked_deck_does_not_load() -> None:
    def change(data: Json) -> None:
        game = data["state"]["game"]
        deck = game["players"][1]["deck"]
        cards = [game["instances"][c]["card"] for c in deck]
        j = next(j for j in range(1, len(deck)) if cards[j] != cards[0])
        deck[0], deck[j] = deck[j], deck[0]

    error = _history_error(_edit(mitosz_states()["turn4"], change))
    assert error.path.startswith("$.state.game.players[1].deck"), error


@pytest.mark.parametrize("ruleset", ["mitosz", "mythos"])
def test_a_replaced_random_generator_does_not_load(ruleset: str) -> None:
    text = (mitosz_states() if ruleset == "mitosz" else mythos_states())["start"]
    data = json.loads(text)
    decisions = len(data["state"]["log"])
    data["state"]["rng"]["state"] = (data["state"]["rng"]["state"] + 1) % 2**64
    error = _history_error(json.dumps(data))
    assert error.path == "$.state.rng.state"
    assert isinstance(error, mc.HistoryError)
    assert error.decision == decisions
    assert f"decision {decisions}:" in str(error)


def test_a_decision_recorded_for_another_player_names_that_decision() -> None:
    s = _played("mitosz", 5, 60)
    data = json.loads(s.to_json())
    k = next(i for i, d in enumerate(data["state"]["log"]) if not d["auto"] and i > 3)
    data["state"]["log"][k]["player"] = 1 - data["state"]["log"][k]["player"]
    error = _history_error(json.dumps(data))
    assert error.path == f"$.state.log[{k}]"
    assert f"decision {k}:" in str(error)


def test_an_automatic_decision_flagged_as_the_players_own_does_not_load() -> None:
    s = _played("mitosz", 2, 200)
    data = json.loads(s.to_json())
    k = next(i for i, d in enumerate(data["state"]["log"]) if d["auto"])
    data["state"]["log"][k]["auto"] = False
    error = _history_error(json.dumps(data))
    assert error.path == f"$.state.log[{k}]"


def test_a_players_decision_flagged_automatic_does_not_load() -> None:
    s = _played("mythos", 2, 40)
    data = json.loads(s.to_json())
    k = next(i for i, d in enumerate(data["state"]["log"]) if not d["auto"])
    data["state"]["log"][k]["auto"] = True
    error = _history_error(json.dumps(data))
    assert error.path == f"$.state.log[{k}]"


def test_a_dropped_automatic_decision_at_the_end_does_not_load() -> None:
    s = _played("mitosz", 2, 200)
    data = json.loads(s.to_json())
    log = data["state"]["log"]
    k = max(i for i, d in enumerate(log) if d["auto"])
    data["state"]["log"] = log[:k]
    with pytest.raises(InvalidStateError):  # the validator or the history refuses it
        mc.State.from_json(json.dumps(data))


def test_arranged_without_a_starting_position_does_not_load() -> None:
    text = _edit(mitosz_states()["turn4"], lambda d: d["state"]["config"].update(arranged=True))
    with pytest.raises(InvalidStateError) as info:
        mc.State.from_json(text)
    assert info.value.rule == "arranged-start"
    assert info.value.path == "$.state.config.arranged"


def _mitosz_position() -> Position:
    deck = ("Athenians", "Spartans", "Arcadian Shepherds") * 2
    zeus = Side(
        high_god="Zeus (high god)",
        empire=(People("Athenians", 0, 0),),
        leaders=(Leader("Pharaoh"),),
        hand=("Spartans",),
        deck=deck,
    )
    athena = Side(high_god="Athena (high god)", hand=("Spartans",), deck=deck)
    return Position(players=(zeus, athena), seed=11)


def test_a_position_records_its_start_and_its_saved_states_replay_from_it() -> None:
    first = _mitosz_position().state()
    assert first.is_arranged and first.config.arranged
    assert first.config.start is not None and first.config.start.game == first.game
    saved = json.loads(first.to_json())["state"]["config"]
    assert saved["arranged"] is True and "start" in saved
    s, rng = first, random.Random(1)
    for _ in range(25):
        if s.is_over:
            break
        s = mc.apply(s, rng.choice(mc.legal_actions(s)))
        assert mc.State.from_json(s.to_json()) == s
    assert not mc.new_game(seed=1).is_arranged


def test_a_mythos_position_records_its_start() -> None:
    units = [k for k, c in MYTHOS.pool.items() if c.type.value == "unit"]
    mine = MythosSide(deck=tuple(units[:5]), hand=tuple(units[5:7]))
    theirs = MythosSide(deck=tuple(units[7:12]), hand=tuple(units[12:14]))
    first = MythosPosition(players=(mine, theirs), turn=3, round=2).state()
    assert first.is_arranged and first.config.start is not None
    assert mc.State.from_json(first.to_json()) == first
    s = mc.apply(first, mc.legal_actions(first)[-1])
    assert mc.State.from_json(s.to_json()) == s


def test_a_starting_position_is_validated_as_a_position() -> None:
    text = _mitosz_position().state().to_json()

    def change(data: Json) -> None:
        data["state"]["config"]["start"]["game"]["players"][0]["spheres"] = [-1, 0, 0, 0]

    with pytest.raises(InvalidStateError) as info:
        mc.State.from_json(_edit(text, change))
    assert info.value.rule == "spheres", str(info.value)
    assert info.value.path.startswith("$.state.config.start.game.players[0]")


def test_a_starting_position_the_state_does_not_come_from_does_not_load() -> None:
    text = _mitosz_position().state().to_json()

    def change(data: Json) -> None:
        data["state"]["config"]["start"]["turn"] = 3

    error = _history_error(_edit(text, change))
    assert error.path == "$.state.turn"


def test_a_starting_position_in_a_game_set_up_by_its_seed_does_not_load() -> None:
    start = json.loads(_mitosz_position().state().to_json())["state"]["config"]["start"]

    def change(data: Json) -> None:
        data["state"]["config"]["start"] = start

    with pytest.raises(InvalidStateError) as info:
        mc.State.from_json(_edit(mitosz_states()["start"], change))
    assert info.value.rule == "arranged-start"


def test_arrange_makes_a_state_the_start_of_an_arranged_game() -> None:
    s = _played("mitosz", 4, 30)
    first = mc.arrange(s)
    assert first.is_arranged and first.history == () and first.game == s.game
    assert mc.State.from_json(first.to_json()) == first

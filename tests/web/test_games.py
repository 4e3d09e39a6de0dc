"""Whole games over the server's WebSockets (issue: networked play): both rulesets, 2 to
4 seats, people and bots; the server's log replays to the game the seats saw end, and no
message shows a seat a card it may not see, or the seed before the end."""

from __future__ import annotations

import json
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the server needs the extra 'web'")
pytest.importorskip("httpx", reason="Starlette's test client needs httpx")

import mitosz_core as mc
from mitosz_core.render import svg
from mitosz_core.web import tables
from mitosz_core.web.tables import seen
from tests.web.support import game_server, new_table, play, shown_ids

GAMES = [
    ("mitosz", [None, "random"]),
    ("mitosz", [None, None, "random"]),
    ("mitosz", [None, "random", "random", "random"]),
    ("mythos", [None, None]),
]


def _ids_named(action: dict[str, Any] | None) -> set[int]:
    if action is None:
        return set()
    fields = {"card", "people", "rider", "user", "target", "leader", "pay_with"}
    fields |= {"blocker", "attacker", "unit", "source", "to"}
    return {v for k, v in action.items() if k in fields and isinstance(v, int)}


SEEDS = [7_305_118_406_552_913_271, 2_918_774_030_615_448_902, 5_551_203_877_164_905_333]
"""The seeds the server draws in these tests, one per game of :data:`GAMES` by its number
of seats (long, as drawn ones are, so that the secrecy checks look for 19 digits): the
games are the same at every run, and a failure can be played again."""


@pytest.mark.parametrize(("ruleset", "bots"), GAMES)
def test_a_whole_game_over_websockets_replays_and_leaks_nothing(
    ruleset: str, bots: list[str | None], monkeypatch: pytest.MonkeyPatch
) -> None:
    drawn = SEEDS[len(bots) - 2]
    monkeypatch.setattr(tables, "_seed_of", lambda spec: drawn)
    with game_server() as client:
        reply = new_table(client, ruleset=ruleset, bots=bots)
        table = reply["table"]
        clients = play(client, table, reply["tokens"], seed=len(bots))
        game = client.app.state.server.tables[table]  # type: ignore[attr-defined]
        assert game.seed == drawn
        final = mc.replay(
            ruleset,
            seed=game.seed,
            actions=game.actions,
            decks=game.spec.decks,
            players=game.spec.players,
        )
        assert final == game.state and final.is_over
        assert mc.state_digest(final) == mc.state_digest(game.state)
        saved = client.get(f"/api/tables/{table}/game")
        assert saved.status_code == 200
        assert mc.State.from_json(saved.text) == final
        # every state a seat could be sent, by decision number
        # (the first state may come after automatic decisions: keyed by its own count)
        s = mc.new_game(ruleset, decks=game.spec.decks, seed=game.seed, players=len(bots))
        states = {s.decision_count: s}
        for action in game.actions:
            s = mc.apply(s, action)
            states[s.decision_count] = s
        secret = str(game.seed)
        for c in clients:
            numbers = [m["number"] for m in c.got if m["type"] == "decision"]
            assert numbers == sorted(numbers) and len(numbers) == len(set(numbers))
            for message in c.got:
                text = json.dumps(message)
                if message["type"] == "state":
                    at = states[message["number"]]
                    # exactly the seat's own view, and the picture drawn from it
                    assert message["observation"] == seen(at, c.seat)
                    assert message["svg"] == svg(at, c.seat)
                    assert shown_ids(message) <= shown_ids(seen(at, c.seat))
                    assert not shown_ids(message) & _hands_of_others(at, c.seat)
                    if not message["over"]:
                        assert secret not in text, "the seed before the end"
                        assert message["seed"] is None
                    else:
                        assert message["seed"] == game.seed
                elif message["type"] == "decision":
                    before = _before(states, message["number"])
                    after = _after(states, message["number"])
                    visible = shown_ids(seen(before, c.seat)) | shown_ids(seen(after, c.seat))
                    if message["player"] != c.seat:
                        assert _ids_named(message["action"]) <= visible, message
                    assert secret not in text


def _hands_of_others(state: mc.State[Any], seat: int | None) -> set[int]:
    """The cards in the other players' hands that the seat's view does not show."""
    out: set[int] = set()
    for index, player in enumerate(state.game.players):
        if index != seat:
            out.update(player.hand)
    return out - shown_ids(seen(state, seat))


def _before(states: dict[int, mc.State[Any]], number: int) -> mc.State[Any]:
    return states[max(n for n in states if n <= number)]


def _after(states: dict[int, mc.State[Any]], number: int) -> mc.State[Any]:
    return states[min(n for n in states if n > number)]

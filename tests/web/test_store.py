"""Saved tables (issue: networked play): a server restarted in the middle of a game
brings every table back, replayed and checked, and the game goes on to its end; a saved
log that does not replay is reported and left out."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

pytest.importorskip("starlette", reason="the server needs the extra 'web'")
pytest.importorskip("httpx", reason="Starlette's test client needs httpx")

import mitosz_core as mc
from tests.web.support import Client, game_server, new_table, play, server


def _some_moves(client: object, table: str, token: str, moves: int) -> int:
    with client.websocket_connect(f"/ws/{table}?token={token}") as socket:  # type: ignore[attr-defined]
        c = Client(socket, 0)
        c.receive()
        state = c.until_state()
        for _ in range(moves):
            if state["over"] or not state["legal"]:
                break
            c.send({"type": "act", "number": state["number"], "index": state["legal"][-1]["index"]})
            state = c.until_state()
        number: int = state["number"]
    return number


def test_a_restarted_server_resumes_every_table(tmp_path: Path) -> None:
    path = str(tmp_path / "tables.sqlite3")
    with server(path) as client:
        reply = new_table(client, ruleset="mitosz", bots=[None, "random"])
        table, token = reply["table"], reply["tokens"][0]
        number = _some_moves(client, table, token, 15)
        before = client.app.state.server.tables[table].state  # type: ignore[attr-defined]
    assert number > 0
    with game_server(path) as client:
        resumed = client.app.state.server.tables[table].state  # type: ignore[attr-defined]
        assert resumed == before
        assert mc.state_digest(resumed) == mc.state_digest(before)
        clients = play(client, table, [token, None], seed=5)
        assert clients[0].state is not None and clients[0].state["over"]


def test_a_log_that_does_not_replay_is_reported_and_left_out(tmp_path: Path) -> None:
    path = str(tmp_path / "tables.sqlite3")
    with server(path) as client:
        reply = new_table(client, ruleset="mythos", bots=[None, "random"])
        _some_moves(client, reply["table"], reply["tokens"][0], 3)
    db = sqlite3.connect(path)
    db.execute("UPDATE decision SET action = ? WHERE number = 0", ('{"type": "pass"}',))
    db.commit()
    db.close()
    with server(path) as client:
        loaded = client.app.state.server  # type: ignore[attr-defined]
        assert reply["table"] not in loaded.tables
        assert len(loaded.problems) == 1 and reply["table"] in loaded.problems[0]

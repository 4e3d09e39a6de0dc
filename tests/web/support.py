"""Clients of the game server for the tests: a seat that plays random legal actions
over a WebSocket of Starlette's test client, and the checks on what each seat was sent."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from typing import Any

import jsonschema
from starlette.testclient import TestClient

from mitosz_core.web.protocol import Limits, schema
from mitosz_core.web.server import app
from mitosz_core.web.store import Store

Message = dict[str, Any]


def check_schema(message: Message) -> None:
    """Every message the server sends matches the schema of its type."""
    jsonschema.validate(message, schema(message["type"]))


@dataclass
class Client:
    """One seat's connection and everything it was sent."""

    socket: Any
    seat: int | None
    got: list[Message] = field(default_factory=list)
    state: Message | None = None

    def receive(self) -> Message:
        message: Message = json.loads(self.socket.receive_text())
        check_schema(message)
        self.got.append(message)
        if message["type"] == "state":
            self.state = message
        return message

    def until_state(self) -> Message:
        """The next ``state`` message; an ``error`` on the way fails the test at once
        (no state would follow it: waiting for one would never end)."""
        while True:
            message = self.receive()
            if message["type"] == "state":
                return message
            if message["type"] == "error":
                raise AssertionError(f"the server refused: {message['code']}: {message['message']}")

    def send(self, message: Message) -> None:
        self.socket.send_text(json.dumps(message))


def server(path: str = ":memory:", **limits: Any) -> TestClient:
    return TestClient(app(Store(path), Limits(**limits)))


def game_server(path: str = ":memory:") -> TestClient:
    """A server for tests that play whole games as fast as the machine goes: its flood
    limit (tested on its own) must not refuse a seat that answers at once."""
    return server(path, messages_per_second=10_000.0, burst=10_000)


def new_table(client: TestClient, **request: Any) -> Message:
    answer = client.post("/api/tables", json={"type": "new_table", **request})
    reply: Message = answer.json()
    check_schema(reply)
    return reply


def shown_ids(value: object, out: set[int] | None = None) -> set[int]:
    """Every card id a message shows: objects with an ``id`` and a ``key``."""
    out = set() if out is None else out
    if isinstance(value, dict):
        if isinstance(value.get("id"), int) and "key" in value:
            out.add(value["id"])
        for item in value.values():
            shown_ids(item, out)
    elif isinstance(value, list):
        for item in value:
            shown_ids(item, out)
    return out


def play(client: TestClient, table: str, tokens: list[str | None], seed: int) -> list[Client]:
    """Connect every person seat and a spectator, and play random legal actions (by
    JSON or by index, alternately) until the game ends; return the clients."""
    rng = random.Random(seed)
    clients: list[Client] = []
    contexts = []
    for seat, token in [*enumerate(tokens), (None, None)]:
        if seat is not None and token is None:
            continue
        query = "" if token is None else f"?token={token}"
        context = client.websocket_connect(f"/ws/{table}{query}")
        contexts.append(context)
        c = Client(context.__enter__(), seat)
        assert c.receive()["type"] == "hello"
        c.until_state()
        clients.append(c)
    try:
        for _ in range(5000):
            state = clients[0].state
            assert state is not None
            if state["over"]:
                break
            deciding = [c for c in clients if c.state and c.state["legal"]]
            assert len(deciding) == 1, "exactly one seat has legal actions"
            me = deciding[0]
            assert me.state is not None
            option = rng.choice(me.state["legal"])
            if rng.random() < 0.5:
                me.send({"type": "act", "number": me.state["number"], "action": option["action"]})
            else:
                me.send({"type": "act", "number": me.state["number"], "index": option["index"]})
            for c in sorted(clients, key=lambda c: c is not me):  # a refusal goes to me
                c.until_state()
        else:
            raise AssertionError("the game did not end")
    finally:
        for context in contexts:
            context.__exit__(None, None, None)
    return clients

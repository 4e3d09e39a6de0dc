"""Who may do what at the server (issue: networked play): every bad message or request
gets an ``error`` naming the problem and changes nothing; a connection acts only for
its own seat; limits on size, rate, tables and idle time hold."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the server needs the extra 'web'")
pytest.importorskip("httpx", reason="Starlette's test client needs httpx")

from starlette.testclient import TestClient

from mitosz_core.kernel.registry import get
from mitosz_core.web.protocol import Limits
from tests.web.support import Client, check_schema, new_table, server


def _connect(client: TestClient, table: str, token: str | None) -> tuple[Any, Client]:
    query = "" if token is None else f"?token={token}"
    context = client.websocket_connect(f"/ws/{table}{query}")
    c = Client(context.__enter__(), None)
    hello = c.receive()
    assert hello["type"] == "hello"
    c.seat = hello["seat"]
    c.until_state()
    return context, c


def _decisions(client: TestClient, table: str) -> int:
    game = client.app.state.server.tables[table]  # type: ignore[attr-defined]
    count: int = game.state.decision_count
    return count


@pytest.fixture
def duel() -> Any:
    """A two-person Mítosz table, both seats connected; seat 0 decides first."""
    with server(messages_per_second=1000.0, burst=1000) as client:
        reply = new_table(client, ruleset="mitosz", bots=[None, None], fixed_seed=3)
        table = reply["table"]
        contexts, clients = [], []
        for token in reply["tokens"]:
            context, c = _connect(client, table, token)
            contexts.append(context)
            clients.append(c)
        try:
            client.tokens = reply["tokens"]
            yield client, table, clients
        finally:
            for context in contexts:
                context.__exit__(None, None, None)


def _deciding(clients: list[Client]) -> tuple[Client, Client]:
    me = next(c for c in clients if c.state and c.state["legal"])
    other = next(c for c in clients if c is not me)
    return me, other


BAD = [
    ("{not json", "bad-json"),
    ("[" * 60_000, "bad-json"),  # nested too deep for the parser, within the size limit
    # parsed under the library's JSON limits (kernel.limits), as every other JSON input:
    # nested deeper than they allow, or a number of too many digits
    ('{"type": "view", "pad": ' + "[" * 65 + "]" * 65 + "}", "bad-json"),
    ('{"type": "view", "pad": ' + "9" * 200 + "}", "bad-json"),
    ("[1, 2]", "bad-message"),
    (json.dumps({"type": "shout"}), "unknown-type"),
    (json.dumps({"type": "act", "version": 99, "number": 0, "index": 0}), "bad-version"),
    (json.dumps({"type": "act", "number": "zero", "index": 0}), "bad-message"),
    (json.dumps({"type": "act", "number": 0}), "bad-message"),
    (json.dumps({"type": "act", "number": 0, "index": 0, "action": {}}), "bad-message"),
    (json.dumps({"type": "act", "number": 0, "action": 5}), "bad-message"),
    (json.dumps({"type": "act", "number": 0, "action": {"type": "fly"}}), "illegal"),
    (json.dumps({"type": "act", "number": 0, "index": 10**12}), "illegal"),
]


@pytest.mark.parametrize(("text", "code"), BAD)
def test_a_bad_message_is_refused_by_name_and_changes_nothing(
    duel: Any, text: str, code: str
) -> None:
    client, table, clients = duel
    me, _ = _deciding(clients)
    before = _decisions(client, table)
    assert me.state is not None
    if '"number": 0' in text:
        text = text.replace('"number": 0', f'"number": {me.state["number"]}')
    me.socket.send_text(text)
    answer = me.receive()
    assert answer["type"] == "error" and answer["code"] == code, answer
    assert answer["message"]
    assert _decisions(client, table) == before


def test_an_illegal_action_another_seat_and_a_stale_number_are_refused(duel: Any) -> None:
    client, table, clients = duel
    me, other = _deciding(clients)
    assert me.state is not None
    number = me.state["number"]
    option = me.state["legal"][0]
    # the other seat sends the deciding seat's legal action
    other.send({"type": "act", "number": number, "action": option["action"]})
    assert other.receive()["code"] == "not-your-decision"
    # a decision number that is not the current one
    me.send({"type": "act", "number": number + 1, "action": option["action"]})
    assert me.receive()["code"] == "stale"
    me.send({"type": "act", "number": number - 1, "index": 10**12})  # stale before decoded
    assert me.receive()["code"] == "stale"
    # an action of the ruleset that is not legal now
    me.send({"type": "act", "number": number, "action": {"type": "discard", "card": 9999}})
    assert me.receive()["code"] == "illegal"
    assert _decisions(client, table) == number
    # and the real one is taken
    me.send({"type": "act", "number": number, "action": option["action"]})
    me.until_state()
    assert _decisions(client, table) > number


def test_a_spectator_cannot_act_and_sees_no_hand(duel: Any) -> None:
    client, table, _ = duel
    context, watcher = _connect(client, table, None)
    try:
        assert watcher.seat is None and watcher.state is not None
        assert all("hand" not in p for p in watcher.state["observation"]["players"])
        watcher.send({"type": "act", "number": watcher.state["number"], "index": 0})
        assert watcher.receive()["code"] == "spectator"
    finally:
        context.__exit__(None, None, None)


def test_a_wrong_token_is_refused() -> None:
    with server() as client:
        reply = new_table(client, ruleset="mythos", bots=[None, "random"])
        with client.websocket_connect(f"/ws/{reply['table']}?token=guess") as socket:
            answer = json.loads(socket.receive_text())
            assert answer["code"] == "bad-token"
        with client.websocket_connect("/ws/nosuchtable") as socket:
            assert json.loads(socket.receive_text())["code"] == "no-table"


def test_reconnecting_with_the_token_sends_the_same_view(duel: Any) -> None:
    client, table, clients = duel
    me, _ = _deciding(clients)
    assert me.seat is not None and me.state is not None
    context, again = _connect(client, table, client.tokens[me.seat])
    try:
        assert again.seat == me.seat
        assert again.state == me.state
    finally:
        context.__exit__(None, None, None)
    kept = client.app.state.server.tables[table].tokens
    assert client.tokens[me.seat] not in kept  # the server keeps digests only
    assert all(t is None or len(t) == 64 for t in kept)


def test_an_oversized_message_and_a_flood_are_refused() -> None:
    with server(message_bytes=200, messages_per_second=0.5, burst=3) as client:
        reply = new_table(client, ruleset="mythos", bots=[None, "random"])
        context, me = _connect(client, reply["table"], reply["tokens"][0])
        try:
            me.socket.send_text(json.dumps({"type": "view", "pad": "x" * 300}))
            assert me.receive()["code"] == "too-large"
            codes = []
            for _ in range(5):
                me.send({"type": "view"})
                message = me.receive()
                codes.append(message.get("code", message["type"]))
            assert "too-fast" in codes and codes[0] == "state"
        finally:
            context.__exit__(None, None, None)


def test_the_table_limit_and_bad_tables_are_refused() -> None:
    with server(tables=1) as client:
        bad: list[tuple[dict[str, Any], str]] = [
            ({"ruleset": "chess", "bots": [None, None]}, "bad-table"),
            ({"ruleset": "mitosz", "bots": "two"}, "bad-table"),
            (
                {"ruleset": "mitosz", "bots": [None, None, None, None, None, None, None]},
                "bad-table",
            ),
            ({"ruleset": "mitosz", "bots": ["random", "random"]}, "bad-table"),
            ({"ruleset": "mitosz", "bots": [None, "genius"]}, "bad-table"),
            ({"ruleset": "mitosz", "bots": [None, None], "decks": ["nope", "nope"]}, "bad-deck"),
            (
                {"ruleset": "mitosz", "bots": [None, None], "decks": [{"text": "3 x Nobody"}] * 2},
                "bad-deck",
            ),
            ({"ruleset": "mitosz", "bots": [None, None], "fixed_seed": "1"}, "bad-table"),
        ]
        for request, code in bad:
            answer = client.post("/api/tables", json={"type": "new_table", **request})
            assert answer.status_code == 400 and answer.json()["code"] == code, request
        assert client.post("/api/tables", content=b"{oops").json()["code"] == "bad-json"
        deep = client.post("/api/tables", content=b"[" * 200_000)  # within the size limit
        assert deep.status_code == 400 and deep.json()["code"] == "bad-json"
        nested: dict[str, object] = {"type": "new_table", "ruleset": "mitosz", "pad": []}
        for _ in range(64):
            nested = {"pad": [nested]}
        answer = client.post("/api/tables", json=nested)  # deeper than the JSON limits
        assert answer.status_code == 400 and answer.json()["code"] == "bad-json"
        assert "deep" in answer.json()["message"]
        assert "table" in new_table(client, ruleset="mythos", bots=[None, "random"])
        answer = client.post("/api/tables", json={"ruleset": "mythos", "bots": [None, None]})
        assert answer.json()["code"] == "full"


def test_an_idle_table_is_closed() -> None:
    with server(idle_seconds=0.05) as client:
        reply = new_table(client, ruleset="mythos", bots=[None, "random"])
        time.sleep(0.1)
        lobby = client.get("/api/lobby").json()
        assert reply["table"] not in [t["table"] for t in lobby["tables"]]


def test_the_saved_game_is_given_only_once_it_ends() -> None:
    with server() as client:
        reply = new_table(client, ruleset="mythos", bots=[None, "random"])
        answer = client.get(f"/api/tables/{reply['table']}/game")
        assert answer.status_code == 403 and answer.json()["code"] == "game-running"
        assert client.get("/api/tables/nope/game").status_code == 404


def test_a_program_may_ask_for_no_pictures() -> None:
    with server() as client:
        reply = new_table(client, ruleset="mythos", bots=[None, "random"])
        table, token = reply["table"], reply["tokens"][0]
        context, plain = _connect(client, table, f"{token}&pictures=0")
        try:
            assert plain.state is not None and plain.state["svg"] is None
        finally:
            context.__exit__(None, None, None)
        context, drawn = _connect(client, table, token)
        try:
            assert drawn.state is not None and drawn.state["svg"].startswith("<svg")
        finally:
            context.__exit__(None, None, None)


def test_the_protocol_page_states_the_server_defaults() -> None:
    text = (Path(__file__).parents[2] / "docs" / "server.rst").read_text(encoding="utf-8")
    limits = Limits()
    assert limits.message_bytes == limits.upload_bytes == 64 * 1024
    assert ":setting:`64 KiB`" in text
    assert f":setting:`{limits.messages_per_second:g} messages a second`" in text
    assert f"after a burst of {limits.burst}" in text
    assert f"at most {limits.tables:,} tables" in text
    assert limits.idle_seconds == 3600 and ":setting:`an hour`" in text


def _deck_text(ruleset: str, name: str) -> str:
    deck = get(ruleset).builtin_decks()[name]
    return f"name: {name} (uploaded)\n" + "".join(f"{e.count} {e.card}\n" for e in deck.entries)


def test_an_uploaded_deck_is_read_as_deck_validate_reads_it() -> None:
    with server(upload_bytes=4096) as client:
        names = sorted(get("mythos").builtin_decks())
        text = _deck_text("mythos", names[0])
        reply = new_table(
            client, ruleset="mythos", bots=[None, "random"], decks=[{"text": text}, names[1]]
        )
        assert reply["type"] == "table"
        kept = client.app.state.server.tables[reply["table"]].spec.decks[0]  # type: ignore[attr-defined]
        assert kept.name == f"{names[0]} (uploaded)"
        assert kept.entries == get("mythos").builtin_decks()[names[0]].entries
        wrong = text.replace("\n1 ", "\n1 Nobody at all\n1 ", 1)
        answer = client.post(
            "/api/tables",
            json={"ruleset": "mythos", "bots": [None, None], "decks": [{"text": wrong}, names[1]]},
        )
        assert answer.json()["code"] == "bad-deck" and "Nobody at all" in answer.json()["message"]
        big = {"text": text + "#" * 5000}
        answer = client.post(
            "/api/tables", json={"ruleset": "mythos", "bots": [None, None], "decks": [big, big]}
        )
        assert answer.json()["code"] == "too-large"


def test_an_uploaded_card_set_lends_its_cards_to_the_decks_and_survives_a_restart(
    tmp_path: Path,
) -> None:
    examples = Path(__file__).parents[2] / "docs" / "examples"
    card_set = (examples / "my-set.toml").read_text(encoding="utf-8")
    deck = (examples / "my-deck.txt").read_text(encoding="utf-8")
    path = str(tmp_path / "tables.sqlite3")
    request = {"ruleset": "mitosz", "bots": [None, "random"], "decks": [{"text": deck}] * 2}
    with server(path) as client:
        without = client.post("/api/tables", json={"type": "new_table", **request})
        assert without.json()["code"] == "bad-deck"  # its cards are not built in
        reply = new_table(client, **request, card_sets=[{"text": card_set}])
        assert reply["type"] == "table"
        state = client.app.state.server.tables[reply["table"]].state  # type: ignore[attr-defined]
        assert "Epaminondas" in {card.key for card in state.game.cards}
        broken = card_set.replace("[[card]]", "[[card]]\nbogus = 1", 1)
        answer = client.post(
            "/api/tables",
            json={"type": "new_table", **request, "card_sets": [{"text": broken}]},
        )
        assert answer.json()["code"] == "bad-cards"
        assert "card-set-1.toml" in answer.json()["message"] and "mitosz-sets" not in answer.text
    with server(path) as client:
        assert client.app.state.server.tables[reply["table"]].state == state  # type: ignore[attr-defined]


def test_the_lobby_shows_no_token_and_no_drawn_seed() -> None:
    with server() as client:
        secret = new_table(client, ruleset="mythos", bots=[None, None])
        fixed = new_table(client, ruleset="mythos", bots=[None, "random"], fixed_seed=77)
        lobby = client.get("/api/lobby").json()
        check_schema(lobby)
        text = json.dumps(lobby)
        tables = client.app.state.server.tables  # type: ignore[attr-defined]
        assert str(tables[secret["table"]].seed) not in text
        assert all(token not in text for token in secret["tokens"] + fixed["tokens"] if token)
        listed = {t["table"]: t for t in lobby["tables"]}
        assert listed[secret["table"]]["fixed_seed"] is None
        assert listed[fixed["table"]]["fixed_seed"] == 77

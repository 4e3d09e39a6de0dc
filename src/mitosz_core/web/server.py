"""The game server (``mitosz-core serve``, the extra ``web``): Starlette and uvicorn.

- ``GET /``: the browser client (static files of ``mitosz_core/web/static``, no build
  step, nothing loaded from elsewhere).
- ``GET /api/lobby``: the ``lobby`` message, the open tables.
- ``GET /api/decks/{ruleset}``: the built-in decks a new table may name.
- ``POST /api/tables``: a ``new_table`` request; the answer names the table and hands
  out each person seat's secret token, once.
- ``GET /api/tables/{id}/game``: the finished game as a saved state
  (:meth:`State.to_json <mitosz_core.State.to_json>`); refused while the game runs, since
  a saved state holds every hand and the seed.
- ``WS /ws/{id}?token=...``: a seat's connection (a spectator's without a token; with
  ``pictures=0``, its ``state`` messages carry no board picture, for programs); the
  messages are those of :mod:`mitosz_core.web.protocol`.

Every table is saved as it changes (:mod:`mitosz_core.web.store`) and read back when the
server starts.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import uvicorn
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect, WebSocketState

import mitosz_core as mc
from mitosz_core.errors import DecodeError, MitoszError
from mitosz_core.kernel.decks import read_deck
from mitosz_core.kernel.jsontext import loads
from mitosz_core.kernel.registry import get
from mitosz_core.kernel.ruleset import Ruleset
from mitosz_core.web.protocol import VERSION, Act, Limits, ProtocolError, View, error, parse
from mitosz_core.web.store import Store
from mitosz_core.web.tables import (
    Step,
    Table,
    TableSpec,
    act,
    bot_steps,
    card_set_files,
    check_turn,
    decision_message,
    lobby_entry,
    open_table,
    state_message,
    without_folder,
)

STATIC = Path(__file__).parent / "static"
log = logging.getLogger("mitosz_core.web")


@dataclass(eq=False)
class Seat:
    """One open connection: its table, its seat (``None``: a spectator), its socket."""

    socket: WebSocket
    table: str
    seat: int | None
    allowance: float
    pictures: bool = True
    """Whether its ``state`` messages carry the board picture (``?pictures=0``: not)."""
    last: float = field(default_factory=time.monotonic)


class Server:
    """The tables, their connections and their database."""

    def __init__(self, store: Store, limits: Limits | None = None) -> None:
        self.store = store
        self.limits = limits or Limits()
        self.tables: dict[str, Table] = {}
        self.seats: dict[str, set[Seat]] = {}
        self.locks: dict[str, asyncio.Lock] = {}
        self.problems: list[str] = []

    def load(self) -> None:
        tables, self.problems = self.store.load()
        for problem in self.problems:
            log.warning("%s", problem)
        for table in tables:
            self.tables[table.id] = table

    # --- tables -------------------------------------------------------------------------

    def sweep(self) -> None:
        """Close the tables nobody acted at or connected to within the idle limit."""
        now = time.monotonic()
        for table in list(self.tables.values()):
            if not self.seats.get(table.id) and now - table.touched > self.limits.idle_seconds:
                del self.tables[table.id]
                self.store.remove(table.id)

    def new_table(self, data: object) -> tuple[Table, tuple[str | None, ...]]:
        """Open a table for a ``new_table`` request (:func:`spec_of`)."""
        self.sweep()
        if len(self.tables) >= self.limits.tables:
            raise ProtocolError("full", f"this server keeps at most {self.limits.tables} tables")
        spec = spec_of(data, self.limits)
        table, tokens = open_table(spec)
        self.store.add(table)
        self.tables[table.id] = table
        return table, tokens

    def lock(self, table: str) -> asyncio.Lock:
        return self.locks.setdefault(table, asyncio.Lock())

    # --- sending ------------------------------------------------------------------------

    async def send(self, seat: Seat, message: dict[str, Any]) -> None:
        if seat.socket.application_state == WebSocketState.CONNECTED:
            with contextlib.suppress(RuntimeError, WebSocketDisconnect):  # closed meanwhile
                await seat.socket.send_text(json.dumps(message))

    async def broadcast(self, table: Table, make: Callable[[Seat], dict[str, Any]]) -> None:
        for seat in list(self.seats.get(table.id, ())):
            await self.send(seat, make(seat))

    async def decided(self, table: Table, step: Step) -> None:
        self.store.decided(table)
        await self.broadcast(table, lambda seat: decision_message(step, seat.seat))

    async def play_bots(self, table: Table) -> None:
        """Let the bots decide while it is a bot's decision, each decision told at once."""
        steps = bot_steps(table)
        while True:
            step = await asyncio.to_thread(next, steps, None)
            if step is None:
                return
            await self.decided(table, step)

    async def take(self, seat: Seat, message: Act) -> None:
        """A seat's ``act``: checked, taken, told, then the bots' turns."""
        table = self.tables.get(seat.table)
        if table is None:
            raise ProtocolError("no-table", f"no table {seat.table}")
        if seat.seat is None:
            raise ProtocolError("spectator", "a spectator cannot act")
        async with self.lock(table.id):
            check_turn(table, seat.seat, message.number)  # a stale index decodes to nothing
            action = self.action_of(table, message)
            step = act(table, seat.seat, message.number, action)
            await self.decided(table, step)
            await self.play_bots(table)
            await self.broadcast(
                table, lambda other: state_message(table, other.seat, other.pictures)
            )

    def action_of(self, table: Table, message: Act) -> mc.Action:
        state = table.state
        try:
            if message.index is not None:
                return mc.action_space(state).decode(state, message.index)
            return mc.action_from_json(state.ruleset, json.dumps(message.action))
        except MitoszError as exc:
            raise ProtocolError("illegal", str(exc)) from None

    # --- a connection -------------------------------------------------------------------

    def allowed(self, seat: Seat) -> bool:
        """The flood limit: a token bucket of :attr:`Limits.burst` messages refilled at
        :attr:`Limits.messages_per_second`."""
        now = time.monotonic()
        rate, burst = self.limits.messages_per_second, self.limits.burst
        seat.allowance = min(burst, seat.allowance + (now - seat.last) * rate)
        seat.last = now
        if seat.allowance < 1:
            return False
        seat.allowance -= 1
        return True

    async def connect(self, socket: WebSocket) -> None:
        table = self.tables.get(socket.path_params["table"])
        token = socket.query_params.get("token")
        await socket.accept()
        if table is None:
            await socket.send_text(json.dumps(error(ProtocolError("no-table", "no such table"))))
            await socket.close(code=4404)
            return
        seat_no = None if token is None else table.seat_of(token)
        if token is not None and seat_no is None:
            await socket.send_text(json.dumps(error(ProtocolError("bad-token", "unknown token"))))
            await socket.close(code=4403)
            return
        pictures = socket.query_params.get("pictures", "1") != "0"
        seat = Seat(socket, table.id, seat_no, float(self.limits.burst), pictures)
        self.seats.setdefault(table.id, set()).add(seat)
        table.touched = time.monotonic()
        try:
            await self.send(seat, hello(table, seat_no))
            async with self.lock(table.id):  # a table of bots to open may be theirs first
                await self.play_bots(table)
            await self.send(seat, state_message(table, seat_no, pictures))
            await self.listen(seat)
        finally:
            self.seats.get(table.id, set()).discard(seat)

    async def listen(self, seat: Seat) -> None:
        while True:
            try:
                text = await asyncio.wait_for(
                    seat.socket.receive_text(), timeout=self.limits.idle_seconds
                )
            except (WebSocketDisconnect, TimeoutError, KeyError, RuntimeError):
                return
            try:
                if not self.allowed(seat):
                    raise ProtocolError("too-fast", "too many messages; wait a moment")
                message = parse(text, self.limits)
                if isinstance(message, View):
                    table = self.tables[seat.table]
                    await self.send(seat, state_message(table, seat.seat, seat.pictures))
                else:
                    await self.take(seat, message)
            except ProtocolError as exc:
                await self.send(seat, error(exc))


def hello(table: Table, seat: int | None) -> dict[str, Any]:
    return {
        "type": "hello",
        "version": VERSION,
        "table": table.id,
        "seat": seat,
        "ruleset": table.spec.ruleset,
        "players": table.spec.players,
        "bots": list(table.spec.bots),
        "fixed_seed": table.spec.fixed_seed,
    }


def spec_of(data: object, limits: Limits) -> TableSpec:
    """The table a ``new_table`` request asks for: ``ruleset``, ``bots`` (one entry a
    seat: a bot spec or ``null`` for a person), ``decks`` (one a seat: a built-in deck's
    name, or ``{"text": ...}``, a deck file's text, read as ``deck validate`` reads
    one), and ``fixed_seed`` (an integer, or ``null`` for a secret seed)."""
    if not isinstance(data, dict) or data.get("type", "new_table") != "new_table":
        raise ProtocolError("bad-table", "a new table is a JSON object of type 'new_table'")
    ruleset = data.get("ruleset")
    if ruleset not in mc.rulesets():
        raise ProtocolError("bad-table", f"unknown ruleset {ruleset!r}")
    assert isinstance(ruleset, str)
    bots = data.get("bots")
    if (
        not isinstance(bots, list)
        or not bots
        or not all(b is None or isinstance(b, str) for b in bots)
    ):
        raise ProtocolError("bad-table", "'bots' lists each seat: a bot's name or null")
    sets = _card_sets(data.get("card_sets"), limits)
    with card_set_files(sets) as paths:
        try:
            rules = get(ruleset).with_card_sets(paths) if paths else get(ruleset)
        except MitoszError as exc:
            raise ProtocolError("bad-cards", without_folder(str(exc), paths)) from None
    if not rules.min_players <= len(bots) <= rules.max_players:
        raise ProtocolError(
            "bad-table",
            f"{ruleset} is played by {rules.min_players} to {rules.max_players} players",
        )
    decks = data.get("decks")
    if decks is None:
        chosen = rules.default_decks(len(bots))
    elif not isinstance(decks, list) or len(decks) != len(bots):
        raise ProtocolError("bad-table", "'decks' gives one deck per seat")
    else:
        chosen = tuple(_deck(rules, d, i, limits) for i, d in enumerate(decks))
    fixed = data.get("fixed_seed")
    if fixed is not None and (isinstance(fixed, bool) or not isinstance(fixed, int)):
        raise ProtocolError("bad-table", "'fixed_seed' is an integer or null")
    return TableSpec(ruleset, chosen, tuple(bots), fixed, sets)


def _card_sets(data: object, limits: Limits) -> tuple[str, ...]:
    """The texts of the uploaded card-set files: ``[{"text": ...}, ...]``, each within
    the upload limit and the CLI's limit on a card-set file."""
    if data is None:
        return ()
    if not isinstance(data, list) or not all(
        isinstance(d, dict) and isinstance(d.get("text"), str) for d in data
    ):
        raise ProtocolError("bad-cards", "'card_sets' lists card-set files as {'text': ...}")
    most = min(limits.upload_bytes, mc.current_limits().toml_bytes)
    texts = tuple(d["text"] for d in data)
    for number, text in enumerate(texts, start=1):
        if len(text.encode("utf-8")) > most:
            raise ProtocolError("too-large", f"card-set-{number}.toml: at most {most} bytes")
    return texts


def _deck(rules: Ruleset[Any], data: object, seat: int, limits: Limits) -> mc.DeckList:
    if isinstance(data, str):
        found = rules.builtin_decks().get(data)
        if found is None:
            known = ", ".join(sorted(rules.builtin_decks()))
            raise ProtocolError("bad-deck", f"seat {seat}: no built-in deck {data!r} ({known})")
        return found
    text = data.get("text") if isinstance(data, dict) else None
    if not isinstance(text, str):
        raise ProtocolError("bad-deck", f"seat {seat}: a deck is a name or {{'text': ...}}")
    size = len(text.encode("utf-8"))
    most = min(limits.upload_bytes, mc.current_limits().deck_bytes)  # and the CLI's limit
    if size > most:
        raise ProtocolError("too-large", f"seat {seat}: a deck file is at most {most} bytes")
    deck, problems = read_deck(text, f"seat {seat}'s deck", rules.card_pool())
    if problems or deck is None:
        raise ProtocolError("bad-deck", "; ".join(str(p) for p in problems))
    return deck


def app(store: Store, limits: Limits | None = None) -> Starlette:
    """The server's ASGI application over ``store``."""
    server = Server(store, limits)

    @asynccontextmanager
    async def lifespan(_: Starlette) -> AsyncIterator[None]:
        server.load()
        yield

    async def index(_: Request) -> Response:
        return FileResponse(STATIC / "index.html")

    async def lobby(_: Request) -> Response:
        server.sweep()
        tables = [
            lobby_entry(t, [s.seat for s in server.seats.get(t.id, ()) if s.seat is not None])
            for t in server.tables.values()
            if not t.is_over
        ]
        return JSONResponse({"type": "lobby", "version": VERSION, "tables": tables})

    async def decks(request: Request) -> Response:
        ruleset = request.path_params["ruleset"]
        if ruleset not in mc.rulesets():
            return JSONResponse({"error": f"unknown ruleset {ruleset!r}"}, status_code=404)
        rules = get(ruleset)
        return JSONResponse(
            {
                "ruleset": ruleset,
                "decks": sorted(rules.builtin_decks()),
                "players": [rules.min_players, rules.max_players],
            }
        )

    async def create(request: Request) -> Response:
        body = await request.body()
        if len(body) > server.limits.message_bytes + server.limits.upload_bytes * 4:
            return JSONResponse(error(ProtocolError("too-large", "request too large")), 413)
        try:
            data = loads(body, "a new table's request")
        except DecodeError as exc:
            return JSONResponse(error(ProtocolError("bad-json", f"not JSON: {exc}")), 400)
        try:
            table, tokens = server.new_table(data)
        except ProtocolError as exc:
            return JSONResponse(error(exc), 400)
        return JSONResponse(
            {"type": "table", "version": VERSION, "table": table.id, "tokens": list(tokens)}
        )

    async def saved(request: Request) -> Response:
        table = server.tables.get(request.path_params["table"])
        if table is None:
            return JSONResponse(error(ProtocolError("no-table", "no such table")), 404)
        if not table.is_over:
            message = "a saved game holds every hand and the seed: it is given once it ends"
            return JSONResponse(error(ProtocolError("game-running", message)), 403)
        return Response(table.state.to_json(), media_type="application/json")

    routes = [
        Route("/", index),
        Route("/api/lobby", lobby),
        Route("/api/decks/{ruleset}", decks),
        Route("/api/tables", create, methods=["POST"]),
        Route("/api/tables/{table}/game", saved),
        WebSocketRoute("/ws/{table}", server.connect),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    application = Starlette(routes=routes, lifespan=lifespan)
    application.state.server = server
    return application


def run(host: str, port: int, database: str, limits: Limits | None = None) -> None:
    """Serve until interrupted (``mitosz-core serve``)."""
    uvicorn.run(app(Store(database), limits), host=host, port=port, log_level="info")

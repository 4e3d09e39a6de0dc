"""``mitosz-core serve``: the reference game server and browser client (the extra
``web``, :mod:`mitosz_core.web`), loaded by name so that the core never imports it."""

from __future__ import annotations

import argparse
from typing import Any

from mitosz_core import extras

WEB_EXTRA = "web"
SERVER = "mitosz_core.web.server"
PROTOCOL = "mitosz_core.web.protocol"


def _positive(kind: type[int] | type[float]) -> Any:
    def read(text: str) -> int | float:
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
        if value <= 0:
            raise argparse.ArgumentTypeError(f"{text!r} is not above 0")
        return value

    return read


def add_parser(sub: Any) -> None:
    serve = sub.add_parser(
        "serve",
        help="serve tables of people and bots to browsers (needs the extra 'web')",
        description="Serve games over WebSockets with the browser client at http://HOST:PORT/ "
        "(pip install 'mitosz-core[web]'); tables are saved in an SQLite database and "
        "resumed when the server starts again. See the docs' server page.",
    )
    serve.add_argument("--host", default="127.0.0.1", help="address to listen on")
    serve.add_argument("--port", type=int, default=8000, help="port to listen on")
    serve.add_argument("--db", default="mitosz-tables.sqlite3", help="the database of saved tables")
    serve.add_argument(
        "--max-tables", type=_positive(int), default=1000, help="tables kept at most"
    )
    serve.add_argument(
        "--max-message-bytes",
        type=_positive(int),
        default=64 * 1024,
        help="the largest message a client may send",
    )
    serve.add_argument(
        "--messages-per-second",
        type=_positive(float),
        default=20.0,
        help="the rate a connection may send at, after a burst of twice as many",
    )
    serve.add_argument(
        "--idle-seconds",
        type=_positive(float),
        default=3600.0,
        help="close a table nobody used, and a connection silent, for this long",
    )
    serve.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    server = extras.load(SERVER, WEB_EXTRA)
    protocol = extras.load(PROTOCOL, WEB_EXTRA)
    limits = protocol.Limits(
        message_bytes=args.max_message_bytes,
        messages_per_second=args.messages_per_second,
        burst=max(1, round(2 * args.messages_per_second)),
        tables=args.max_tables,
        idle_seconds=args.idle_seconds,
    )
    server.run(args.host, args.port, args.db, limits)
    return 0

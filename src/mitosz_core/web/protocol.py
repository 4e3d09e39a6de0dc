"""The game server's protocol: JSON messages over a WebSocket, version :data:`VERSION`.

The server sends ``hello`` once a connection is accepted, ``state`` whenever the game
changes (and on request), ``decision`` for each decision taken, and ``error`` for a
message it refused; a client sends ``act`` (one of its legal actions, as canonical JSON
or as its flat index, with the number of the decision it answers) and ``view`` (send
the ``state`` again). The JSON Schema of every message is a file of
``mitosz_core/web/schemas/`` (:func:`schema`), and ``docs/server.rst`` describes them.

This module parses what a client sends, within :class:`Limits`; every refusal is a
:class:`ProtocolError` with a stable ``code`` and a sentence that names the problem.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from mitosz_core.errors import DecodeError, MitoszError
from mitosz_core.kernel.jsontext import loads

VERSION = 1
"""The protocol's version: every message carries it; a client that speaks another one
is refused at ``hello``."""

MESSAGES = ("hello", "state", "decision", "error", "act", "view", "lobby", "new_table", "table")
"""Every message type, each with a schema file of its name."""


class ProtocolError(MitoszError):
    """A message or request the server refuses, with a stable ``code`` (the ``error``
    message's ``code``) and a sentence naming the problem; it changes nothing."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


@dataclass(frozen=True, slots=True)
class Limits:
    """What the server takes at most (``mitosz-core serve`` options set them)."""

    message_bytes: int = 64 * 1024
    """The largest message a client may send."""
    messages_per_second: float = 20.0
    """The sustained rate a connection may send at (a burst of :attr:`burst` first)."""
    burst: int = 40
    tables: int = 1000
    """Tables the server keeps at most, open and finished."""
    idle_seconds: float = 3600.0
    """A table nobody acted at or connected to for this long is closed."""
    upload_bytes: int = 64 * 1024
    """The largest deck file a new table may bring."""


@dataclass(frozen=True, slots=True)
class Act:
    """A seat's action: ``action`` (canonical JSON data) or ``index`` (flat index)."""

    number: int
    action: dict[str, Any] | None
    index: int | None


@dataclass(frozen=True, slots=True)
class View:
    """A request for the current ``state`` message."""


ClientMessage = Act | View


def _int(data: dict[str, Any], name: str) -> int:
    value = data.get(name)
    if isinstance(value, bool) or not isinstance(value, int):
        raise ProtocolError("bad-message", f"{name!r} must be an integer")
    return value


def parse(text: str | bytes, limits: Limits) -> ClientMessage:
    """The message a client sent, or a :class:`ProtocolError`: too large, not JSON, not
    an object, another protocol version, an unknown type, or a field missing or of the
    wrong type."""
    size = len(text.encode("utf-8") if isinstance(text, str) else text)
    if size > limits.message_bytes:
        raise ProtocolError(
            "too-large", f"a message is at most {limits.message_bytes} bytes, not {size}"
        )
    try:
        data = loads(text, "a message")
    except DecodeError as exc:
        raise ProtocolError("bad-json", f"not JSON: {exc}") from None
    if not isinstance(data, dict):
        raise ProtocolError("bad-message", "a message is a JSON object")
    version = data.get("version", VERSION)
    if version != VERSION:
        raise ProtocolError("bad-version", f"this server speaks version {VERSION}")
    kind = data.get("type")
    if kind == "view":
        return View()
    if kind != "act":
        raise ProtocolError("unknown-type", f"unknown message type {kind!r}")
    number = _int(data, "number")
    action, index = data.get("action"), data.get("index")
    if (action is None) == (index is None):
        raise ProtocolError("bad-message", "an act gives either 'action' or 'index'")
    if action is not None and not isinstance(action, dict):
        raise ProtocolError("bad-message", "'action' must be an action's JSON object")
    return Act(number, action, None if index is None else _int(data, "index"))


def error(exc: ProtocolError) -> dict[str, Any]:
    """The ``error`` message for a refusal."""
    return {"type": "error", "version": VERSION, "code": exc.code, "message": exc.message}


@cache
def schema(kind: str) -> dict[str, Any]:
    """The JSON Schema of message type ``kind`` (one of :data:`MESSAGES`)."""
    if kind not in MESSAGES:
        raise ProtocolError("unknown-type", f"no message type {kind!r}")
    text = resources.files("mitosz_core.web").joinpath("schemas", f"{kind}.json").read_text()
    data: dict[str, Any] = json.loads(text)
    return data

"""A bounded load test of the game server on loopback (``nox -s load``; CI runs a small
one through ``tests/web/test_load.py``).

It starts ``mitosz-core serve`` in a subprocess with a fresh database, opens ``--tables``
tables of MYTHOS (or ``--ruleset``) with every seat a person, and plays each seat as a
WebSocket client choosing random legal actions, all tables at once. Optionally it stops
the server in the middle (``--restart-after`` seconds) and starts it again on the same
database; the clients reconnect with their tokens and play on. It reports the decisions
per second the server sustained, the latency percentiles of a decision (from sending an
``act`` to receiving the next ``state``), and checks that no game lost or duplicated a
decision: every seat saw the decision numbers 0, 1, 2, ... once each, and each finished
game's saved state replays to the end the seats saw.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import websockets

import mitosz_core as mc


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class Server:
    """``mitosz-core serve`` in a subprocess."""

    def __init__(self, port: int, db: Path, max_tables: int) -> None:
        self.port, self.db, self.max_tables = port, db, max_tables
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        command = [sys.executable, "-m", "mitosz_core", "serve", "--port", str(self.port)]
        command += ["--db", str(self.db), "--max-tables", str(self.max_tables)]
        command += ["--messages-per-second", "1000"]
        self.process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{self.port}/api/lobby", timeout=1)
                return
            except OSError:
                time.sleep(0.1)
        raise RuntimeError("the server did not start")

    def stop(self) -> None:
        if self.process is not None:
            self.process.terminate()
            self.process.wait(timeout=30)
            self.process = None


def _post(port: int, body: dict[str, Any]) -> dict[str, Any]:
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}/api/tables", data=json.dumps(body).encode(), method="POST"
    )
    with urllib.request.urlopen(request, timeout=60) as answer:
        reply: dict[str, Any] = json.loads(answer.read())
    return reply


@dataclass
class Seat:
    table: str
    seat: int
    token: str
    told: dict[int, Any] = field(default_factory=dict)
    """The decisions this seat was told of, by number: the action as it was shown."""
    latencies: list[float] = field(default_factory=list)
    over: bool = False
    reconnects: int = 0


async def play_seat(port: int, seat: Seat, rng: random.Random, pictures: bool) -> None:
    """Play one seat to the end of its game, reconnecting if the server goes away."""
    url = f"ws://127.0.0.1:{port}/ws/{seat.table}?token={seat.token}"
    url += "" if pictures else "&pictures=0"
    while not seat.over:
        try:
            async with websockets.connect(url, max_size=2**24) as ws:
                sent: float | None = None
                async for text in ws:
                    message = json.loads(text)
                    if message["type"] == "decision":
                        if message["number"] in seat.told:
                            raise AssertionError(f"decision {message['number']} told twice")
                        seat.told[message["number"]] = message["action"]
                    elif message["type"] == "state":
                        if sent is not None:
                            seat.latencies.append(time.perf_counter() - sent)
                            sent = None
                        if message["over"]:
                            seat.over = True
                            return
                        if message["legal"]:
                            option = rng.choice(message["legal"])
                            act = {"type": "act", "number": message["number"]}
                            await ws.send(json.dumps({**act, "index": option["index"]}))
                            sent = time.perf_counter()
                    elif message["type"] == "error" and message["code"] != "stale":
                        # a state told twice around a reconnection is answered twice
                        raise AssertionError(f"refused: {message}")
        except (OSError, websockets.ConnectionClosed):
            seat.reconnects += 1
            await asyncio.sleep(0.2)
            if seat.reconnects > 200:
                raise
            continue


async def run_load(args: argparse.Namespace, server: Server) -> dict[str, Any]:
    port = server.port
    seats: list[Seat] = []
    for _ in range(args.tables):
        reply = _post(port, {"type": "new_table", "ruleset": args.ruleset, "bots": [None, None]})
        for i, token in enumerate(reply["tokens"]):
            seats.append(Seat(reply["table"], i, token))
    start = time.perf_counter()
    tasks = [
        asyncio.create_task(play_seat(port, s, random.Random(k), args.pictures))
        for k, s in enumerate(seats)
    ]
    restarted = False
    if args.restart_after:
        await asyncio.sleep(args.restart_after)
        server.stop()
        await asyncio.to_thread(server.start)
        restarted = True
    await asyncio.gather(*tasks)
    seconds = time.perf_counter() - start
    return {"seats": seats, "seconds": seconds, "restarted": restarted}


def check(port: int, seats: list[Seat]) -> int:
    """Each finished game's saved state replays (``State.from_json`` checks its whole
    history), and every decision a seat was told of is in it, at its number, as it was
    told; the number of decisions in all."""
    total = 0
    by_table: dict[str, list[Seat]] = {}
    for s in seats:
        by_table.setdefault(s.table, []).append(s)
    for table, group in by_table.items():
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/tables/{table}/game") as r:
            state = mc.State.from_json(r.read().decode())
        assert state.is_over, table
        log = state.history
        for s in group:
            for number, action in s.told.items():
                assert number < len(log), f"{table}: decision {number} was told, then lost"
                shown = json.loads(log[number].action.to_json())
                assert action is None or action == shown, f"{table}: decision {number} differs"
        total += len(log)
    return total


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--ruleset", default="mythos")
    parser.add_argument("--restart-after", type=float, default=0.0)
    parser.add_argument(
        "--pictures",
        action="store_true",
        help="ask for the board picture in every state message, as the browser client does",
    )
    parser.add_argument("--rst", type=Path, help="write the figures as an RST table here")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as work:
        server = Server(_free_port(), Path(work) / "tables.sqlite3", args.tables + 10)
        server.start()
        try:
            result = asyncio.run(run_load(args, server))
            decisions = check(server.port, result["seats"])
        finally:
            server.stop()
    latencies = [x for s in result["seats"] for x in s.latencies]
    rate = decisions / result["seconds"]
    rows = [
        ("tables (all seats WebSocket clients)", f"{args.tables} {args.ruleset}"),
        ("server restarted in the middle", "yes" if result["restarted"] else "no"),
        ("board pictures (SVG) in every state message", "yes" if args.pictures else "no"),
        ("decisions", f"{decisions:,}"),
        ("decisions per second", f"{rate:,.0f}"),
        (
            "decision latency p50 / p90 / p99 (ms)",
            " / ".join(f"{1000 * percentile(latencies, q):.0f}" for q in (0.5, 0.9, 0.99)),
        ),
        ("mean latency (ms)", f"{1000 * statistics.fmean(latencies):.0f}"),
        ("lost or duplicated decisions", "none"),
    ]
    for name, value in rows:
        print(f"{name}: {value}")
    if args.rst:
        lines = [".. list-table::", "   :header-rows: 1", "", "   * - measure", "     - value"]
        for name, value in rows:
            lines += [f"   * - {name}", f"     - {value}"]
        args.rst.write_text("\n".join(lines) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

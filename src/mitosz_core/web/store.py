"""Saved tables: each game as its spec, seed, seat tokens' digests and decision log, in an
SQLite database (the standard library's :mod:`sqlite3`).

A table is written when it is opened and each decision as it is taken, in one
transaction, so a server stopped at any moment loses nothing that a seat was told. At
start the server reads every table back with :func:`load`, which replays each game
through :func:`mitosz_core.replay` (every decision checked against the rules): a log that
does not replay is reported with the table's id and left out, never half-loaded.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import mitosz_core as mc
from mitosz_core.errors import MitoszError
from mitosz_core.web.protocol import ProtocolError
from mitosz_core.web.tables import (
    Table,
    TableSpec,
    deck_from_json,
    deck_to_json,
    replayed,
)

SCHEMA = """
CREATE TABLE IF NOT EXISTS game_table (
    id TEXT PRIMARY KEY,
    spec TEXT NOT NULL,
    seed TEXT NOT NULL,
    tokens TEXT NOT NULL,
    created REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS decision (
    table_id TEXT NOT NULL REFERENCES game_table(id) ON DELETE CASCADE,
    number INTEGER NOT NULL,
    action TEXT NOT NULL,
    PRIMARY KEY (table_id, number)
);
"""


def _spec_json(spec: TableSpec) -> str:
    return json.dumps(
        {
            "ruleset": spec.ruleset,
            "decks": [deck_to_json(d) for d in spec.decks],
            "bots": list(spec.bots),
            "fixed_seed": spec.fixed_seed,
            "card_sets": list(spec.card_sets),
        }
    )


def _spec(text: str, where: str) -> TableSpec:
    data = json.loads(text)
    bots = data["bots"]
    if not isinstance(bots, list) or not all(b is None or isinstance(b, str) for b in bots):
        raise ProtocolError("bad-save", f"{where}: bad bots")
    fixed = data.get("fixed_seed")
    sets = data.get("card_sets", [])
    if not isinstance(sets, list) or not all(isinstance(t, str) for t in sets):
        raise ProtocolError("bad-save", f"{where}: bad card sets")
    return TableSpec(
        ruleset=str(data["ruleset"]),
        decks=tuple(deck_from_json(d, where) for d in data["decks"]),
        bots=tuple(bots),
        fixed_seed=fixed if isinstance(fixed, int) else None,
        card_sets=tuple(sets),
    )


class Store:
    """The database of saved tables at ``path`` (``":memory:"`` keeps nothing)."""

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        self.db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        self.db.execute("PRAGMA foreign_keys = ON")
        self.db.execute("PRAGMA journal_mode = WAL")
        self.db.executescript(SCHEMA)

    def close(self) -> None:
        self.db.close()

    def add(self, table: Table) -> None:
        """Save a new table (and any decisions it already has)."""
        with self.db:
            self.db.execute("BEGIN")
            self.db.execute(
                "INSERT INTO game_table (id, spec, seed, tokens, created) VALUES (?, ?, ?, ?, ?)",
                (
                    table.id,
                    _spec_json(table.spec),
                    str(table.seed),
                    json.dumps(list(table.tokens)),
                    table.created,
                ),
            )
            for number, action in enumerate(table.actions):
                self._decision(table.id, number, action)

    def _decision(self, table_id: str, number: int, action: mc.Action) -> None:
        self.db.execute(
            "INSERT INTO decision (table_id, number, action) VALUES (?, ?, ?)",
            (table_id, number, action.to_json()),
        )

    def decided(self, table: Table) -> None:
        """Save the table's last decision."""
        self._decision(table.id, len(table.actions) - 1, table.actions[-1])

    def remove(self, table_id: str) -> None:
        with self.db:
            self.db.execute("BEGIN")
            self.db.execute("DELETE FROM decision WHERE table_id = ?", (table_id,))
            self.db.execute("DELETE FROM game_table WHERE id = ?", (table_id,))

    def load(self) -> tuple[list[Table], list[str]]:
        """Every saved table, replayed, and a sentence for each one that is not."""
        tables: list[Table] = []
        problems: list[str] = []
        for row in list(self.db.execute("SELECT id, spec, seed, tokens, created FROM game_table")):
            try:
                tables.append(self._table(*row))
            except (MitoszError, ValueError, KeyError, TypeError) as exc:
                problems.append(f"table {row[0]}: not loaded: {exc}")
        return tables, problems

    def _actions(self, table_id: str, ruleset: str) -> Iterator[mc.Action]:
        rows = self.db.execute(
            "SELECT number, action FROM decision WHERE table_id = ? ORDER BY number", (table_id,)
        )
        for expected, (number, text) in enumerate(rows):
            if number != expected:
                raise ProtocolError("bad-save", f"table {table_id}: decision {expected} missing")
            yield mc.action_from_json(ruleset, text)

    def _table(self, table_id: str, spec: str, seed: str, tokens: str, created: float) -> Table:
        where = f"table {table_id}"
        parsed = _spec(spec, where)
        digests = json.loads(tokens)
        if not isinstance(digests, list) or len(digests) != parsed.players:
            raise ProtocolError("bad-save", f"{where}: bad seat tokens")
        actions = list(self._actions(table_id, parsed.ruleset))
        return replayed(parsed, table_id, int(seed), tuple(digests), actions, created)

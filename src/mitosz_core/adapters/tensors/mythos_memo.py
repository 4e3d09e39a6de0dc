"""The MYTHOS entries of a :class:`~mitosz_core.adapters.tensors.TensorMemo`: each
player's passive bonuses and aura cap, and the fields of each seat, of each of its rows
and of each slot of a row (:class:`MythosRows`)."""

from __future__ import annotations

from mitosz_core.adapters.tensors.layout import Y_ROWS, Y_SLOTS
from mitosz_core.adapters.tensors.mythos_fields import (
    NO_SLOTS,
    Extra,
    RowSources,
    Tables,
    row_fields,
    row_sources,
    seat_fields,
    slot_fields,
)
from mitosz_core.games.mythos.rules.stats import Bonuses, aura_cap, bonuses, bonuses_and_cap
from mitosz_core.games.mythos.state import Game as MythosGame
from mitosz_core.games.mythos.state import Player as MythosPlayer
from mitosz_core.games.mythos.state import Slot
from mitosz_core.kernel.values import CHECK_VIEWS

_NO_TABLES: Tables = ()


class _RowEntry:
    """A row as the memo keeps it: the row, every player's bonus tables it was read with,
    each slot with the bonuses that reach its unit and its fields, and the row's fields."""

    __slots__ = ("fields", "row", "slots", "tables")

    def __init__(
        self,
        row: tuple[Slot, ...],
        tables: Tables,
        slots: tuple[tuple[Slot, Extra, bytes], ...],
        fields: bytes,
    ) -> None:
        self.row = row
        self.tables = tables
        self.slots = slots
        self.fields = fields


class _Seat:
    """A seat as the memo keeps it: its player value and rows (battlefield, infirmary,
    sanctuary), the sources read from each row (:func:`~.mythos_fields.row_sources`),
    the player's passive bonuses and aura cap; each row's entry, and the fields of all three
    rows with every player's bonus tables they were read with."""

    __slots__ = (
        "battlefield",
        "cap",
        "current",
        "fields",
        "infirmary",
        "player",
        "rows",
        "sanctuary",
        "sources",
        "table",
        "tables",
    )

    def __init__(self) -> None:
        self.player: MythosPlayer | None = None
        self.battlefield: tuple[Slot, ...] | None = None
        self.infirmary: tuple[Slot, ...] | None = None
        self.sanctuary: tuple[Slot, ...] | None = None
        self.sources: list[RowSources | None] = [None] * Y_ROWS
        self.table: Bonuses | None = None
        self.cap = 0
        self.rows: list[_RowEntry | None] = [None] * Y_ROWS
        self.tables: Tables = _NO_TABLES
        self.fields = b""
        self.current = False
        """Whether :attr:`fields` are those of the rows held, read with :attr:`tables`
        (the rows' entries are then theirs)."""


class MythosRows:
    """The players' bonuses and the fields of the MYTHOS seats and rows (a part of a
    :class:`~mitosz_core.adapters.tensors.TensorMemo`, emptied with it).

    Per player: the passive bonuses and the aura cap, kept while the player value is the
    same object, or its three rows are, or the sources read again from each row that is
    not are equal (damage, markers and flags do not count); a new table equal to the one
    kept does not replace it, so that what was read with it holds. Per seat: the fields
    of its rows, kept while its three rows and every player's tables are the same
    objects; else each row's, kept while the row is the same object and the tables are
    equal; else each slot's, kept while the slot is the same object (or an equal one) and
    the bonuses that reach its unit are equal (a decision that damages one unit works out
    one slot again, not six rows)."""

    __slots__ = ("_seats", "_tables")

    def __init__(self) -> None:
        self._seats: list[_Seat] = []
        """Per seat, by the player's index."""
        self._tables: Tables = _NO_TABLES
        """Every player's bonus tables (the same tuple while none of them changes)."""

    def clear(self) -> None:
        """Forget every entry."""
        self._seats = []
        self._tables = _NO_TABLES

    def board(self, game: MythosGame) -> tuple[list[int], list[bytes]]:
        """Both players' aura caps and the fields of both seats' rows, by the player's
        index, from the memo as far as it holds."""
        players = game.players
        seats = self._seats
        if len(seats) != len(players):
            seats = self._seats = [_Seat() for _ in players]
        changed = False
        for o, seat in enumerate(seats):
            p = players[o]
            if seat.player is not p:
                battlefield, infirmary, sanctuary = p.battlefield, p.infirmary, p.sanctuary
                if not (
                    seat.battlefield is battlefield
                    and seat.infirmary is infirmary
                    and seat.sanctuary is sanctuary
                ):
                    # the sources of the rows that are new objects only (mostly one)
                    held = seat.sources
                    moved = False
                    for r, row, was in (
                        (0, battlefield, seat.battlefield),
                        (1, infirmary, seat.infirmary),
                        (2, sanctuary, seat.sanctuary),
                    ):
                        if row is not was:
                            read = row_sources(row)
                            if read != held[r]:
                                held[r] = read
                                moved = True
                    if moved:
                        table, seat.cap = bonuses_and_cap(game, o)
                        if table != seat.table:
                            seat.table = table
                            changed = True
                    seat.battlefield = battlefield
                    seat.infirmary = infirmary
                    seat.sanctuary = sanctuary
                    seat.current = False
                seat.player = p
            if CHECK_VIEWS:
                fresh = (bonuses(game, o), aura_cap(game, o))
                assert fresh == (seat.table, seat.cap), f"stale tensor memo of player {o}"
        tables = self._tables
        if changed or not tables:
            tables = self._tables = tuple([_table(seat) for seat in seats])
        caps = []
        fields = []
        for o, seat in enumerate(seats):
            if seat.current and seat.tables is tables:
                if CHECK_VIEWS:
                    again = seat_fields(game, players[o], tables)
                    assert again == seat.fields, f"stale tensor memo of seat {o}"
            else:
                _seat_rows(game, o, seat, tables)
            caps.append(seat.cap)
            fields.append(seat.fields)
        return caps, fields


def _table(seat: _Seat) -> Bonuses:
    """The seat's player's bonus table (worked out by then)."""
    assert seat.table is not None
    return seat.table


def _seat_rows(game: MythosGame, o: int, seat: _Seat, tables: Tables) -> None:
    """Work out the fields of the seat's rows, each row's kept while the row is the same
    object and the tables it was read with are equal to ``tables``."""
    parts = []
    for r, row in enumerate((seat.battlefield, seat.infirmary, seat.sanctuary)):
        assert row is not None
        entry = seat.rows[r]
        if (
            entry is None
            or entry.row is not row
            or not (entry.tables is tables or entry.tables == tables)
        ):
            entry = seat.rows[r] = _row_entry(game, row, tables, entry)
        elif CHECK_VIEWS:
            fresh = row_fields(game, row, tables)
            assert fresh == entry.fields, f"stale tensor memo of seat {o}, row {r}"
        entry.tables = tables
        parts.append(entry.fields)
    seat.tables = tables
    seat.fields = b"".join(parts)
    seat.current = True


def _row_entry(
    game: MythosGame, row: tuple[Slot, ...], tables: Tables, before: _RowEntry | None
) -> _RowEntry:
    """The memo entry of ``row``, its slots taken from ``before`` (the row's entry in an
    earlier state) where the slot and the bonuses that reach its unit are equal (the
    bonuses without a look while the tables are equal)."""
    slots = row[:Y_SLOTS]
    old = () if before is None else before.slots
    same = before is not None and (before.tables is tables or before.tables == tables)
    instances = game.instances
    kept: list[tuple[Slot, Extra, bytes]] = []
    parts: list[bytes] = []
    for j, slot in enumerate(slots):
        if j < len(old):
            entry = old[j]
            was = entry[0]
            extra = entry[1]
            if (was is slot or was == slot) and (
                same or extra is None or tables[instances[slot.card].owner].of(slot.card) == extra
            ):
                if CHECK_VIEWS:
                    fresh = slot_fields(game, slot, tables)
                    assert fresh == entry[1:], f"stale tensor memo of {slot}"
                kept.append(entry)
                parts.append(entry[2])
                continue
        extra, fields = slot_fields(game, slot, tables)
        kept.append((slot, extra, fields))
        parts.append(fields)
    parts.append(NO_SLOTS[len(slots)])
    return _RowEntry(row, tables, tuple(kept), b"".join(parts))

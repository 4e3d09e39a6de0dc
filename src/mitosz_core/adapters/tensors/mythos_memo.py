"""The MYTHOS entries of a :class:`~mitosz_core.adapters.tensors.TensorMemo`: each
player's passive bonuses and aura cap, and the fields of each seat, of each of its rows
and of each slot of a row (:class:`MythosRows`)."""

from __future__ import annotations

from mitosz_core.adapters.tensors.layout import Y_SLOTS
from mitosz_core.adapters.tensors.mythos_fields import (
    NO_SLOTS,
    Extra,
    Tables,
    row_fields,
    seat_fields,
    seat_rows,
    slot_fields,
    sources,
)
from mitosz_core.games.mythos.rules.stats import Bonuses, aura_cap, bonuses
from mitosz_core.games.mythos.state import Game as MythosGame
from mitosz_core.games.mythos.state import Player as MythosPlayer
from mitosz_core.games.mythos.state import Slot
from mitosz_core.kernel.values import CHECK_VIEWS, same_objects


class _PlayerEntry:
    """A player as the memo keeps them: the player value and its rows, the sources read
    from them (:func:`~.mythos_fields.sources`), their passive bonuses and aura cap."""

    __slots__ = ("cap", "player", "rows", "sources", "table")

    def __init__(
        self,
        player: MythosPlayer,
        sources: tuple[object, ...],
        table: Bonuses,
        cap: int,
    ) -> None:
        self.player = player
        self.rows = seat_rows(player)
        self.sources = sources
        self.table = table
        self.cap = cap


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


class _SeatEntry:
    """A seat as the memo keeps it: the player value, every player's bonus tables its
    rows were read with, and the fields of its rows."""

    __slots__ = ("fields", "player", "tables")

    def __init__(self, player: MythosPlayer, tables: Tables, fields: bytes) -> None:
        self.player = player
        self.tables = tables
        self.fields = fields


class MythosRows:
    """The players' bonuses and the fields of the MYTHOS seats and rows (a part of a
    :class:`~mitosz_core.adapters.tensors.TensorMemo`, emptied with it)."""

    __slots__ = ("_players", "_seat", "_seats")

    def __init__(self) -> None:
        self._players: dict[int, _PlayerEntry] = {}
        """Per player."""
        self._seat: dict[int, _SeatEntry] = {}
        """Per seat."""
        self._seats: dict[tuple[int, int], _RowEntry] = {}
        """Per seat and row (0, 1, 2: battlefield, infirmary, sanctuary)."""

    def clear(self) -> None:
        """Forget every entry."""
        self._players.clear()
        self._seat.clear()
        self._seats.clear()

    def _player(self, game: MythosGame, o: int) -> _PlayerEntry:
        """Player ``o``'s entry: passive bonuses and aura cap (09.6, 03.5)."""
        p = game.players[o]
        entry = self._players.get(o)
        if entry is not None and entry.player is not p:
            rows = entry.rows
            if rows[0] is p.battlefield and rows[1] is p.infirmary and rows[2] is p.sanctuary:
                entry.player = p
            elif entry.sources == sources(p):
                entry.player, entry.rows = p, seat_rows(p)
            else:
                entry = None
        if entry is None:
            table = bonuses(game, o)
            was = self._players.get(o)
            if was is not None and was.table == table:
                table = was.table  # the same object, so that the rows read with it hold
            entry = self._players[o] = _PlayerEntry(p, sources(p), table, aura_cap(game, o))
        elif CHECK_VIEWS:
            fresh = (bonuses(game, o), aura_cap(game, o))
            assert fresh == (entry.table, entry.cap), f"stale tensor memo of player {o}"
        return entry

    def players(self, game: MythosGame) -> tuple[Tables, tuple[int, ...]]:
        """Every player's passive bonuses and aura cap, by the player's index."""
        entries = [self._player(game, o) for o in range(len(game.players))]
        return tuple([e.table for e in entries]), tuple([e.cap for e in entries])

    def seat(self, game: MythosGame, i: int, tables: Tables) -> bytes:
        """:func:`~.mythos_fields.seat_fields` of seat ``i`` (``tables`` as
        :meth:`players` gives them), from the memo as far as it holds."""
        p = game.players[i]
        seat = self._seat.get(i)
        if seat is not None and seat.player is p and same_objects(seat.tables, tables):
            if CHECK_VIEWS:
                fresh = seat_fields(game, p, tables)
                assert fresh == seat.fields, f"stale tensor memo of seat {i}"
            return seat.fields
        parts = []
        for r, row in enumerate(seat_rows(p)):
            entry = self._seats.get((i, r))
            if entry is None or entry.row is not row or not same_objects(entry.tables, tables):
                entry = self._seats[i, r] = _row_entry(game, row, tables, entry)
            elif CHECK_VIEWS:
                fresh = row_fields(game, row, tables)
                assert fresh == entry.fields, f"stale tensor memo of seat {i}, row {r}"
            parts.append(entry.fields)
        fields = b"".join(parts)
        self._seat[i] = _SeatEntry(p, tables, fields)
        return fields


def _row_entry(
    game: MythosGame, row: tuple[Slot, ...], tables: Tables, before: _RowEntry | None
) -> _RowEntry:
    """The memo entry of ``row``, its slots taken from ``before`` (the row's entry in an
    earlier state) where the slot and the bonuses that reach its unit are equal."""
    slots = row[:Y_SLOTS]
    old = () if before is None else before.slots
    instances = game.instances
    kept: list[tuple[Slot, Extra, bytes]] = []
    for j, slot in enumerate(slots):
        if j < len(old):
            entry = old[j]
            extra = entry[1]
            was = entry[0]
            if (was is slot or was == slot) and (
                extra is None or tables[instances[slot.card].owner].of(slot.card) == extra
            ):
                if CHECK_VIEWS:
                    fresh = slot_fields(game, slot, tables)
                    assert fresh == entry[1:], f"stale tensor memo of {slot}"
                kept.append(entry)
                continue
        kept.append((slot, *slot_fields(game, slot, tables)))
    fields = b"".join([entry[2] for entry in kept]) + NO_SLOTS[len(slots)]
    return _RowEntry(row, tables, tuple(kept), fields)

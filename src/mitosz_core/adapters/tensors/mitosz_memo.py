"""The Mítosz entries of a :class:`~mitosz_core.adapters.tensors.TensorMemo`: per seat,
its leaders and empire fields, each kept while the parts it is read from are the same
objects, and the leaders' levels (:class:`MitoszBoards`)."""

from __future__ import annotations

from mitosz_core.adapters.tensors.layout import M_LEADERS
from mitosz_core.adapters.tensors.mitosz_fields import (
    empire_values,
    leader_fields,
    leader_levels,
    leader_values,
)
from mitosz_core.games.mitosz.state import Game as MitoszGame
from mitosz_core.kernel.values import CHECK_VIEWS, same_objects


class _BoardEntry:
    """A Mítosz seat's board fields as the memo keeps them: the leaders and the empire
    fields with the parts each was read from; the leaders' levels with theirs."""

    __slots__ = (
        "empire",
        "empire_parts",
        "leaders",
        "leaders_parts",
        "levels",
        "levels_key",
        "levels_parts",
    )

    def __init__(self) -> None:
        self.leaders_parts: tuple[object, ...] = ()
        self.leaders = b""
        self.empire_parts: tuple[object, ...] = ()
        self.empire = b""
        self.levels_parts: tuple[object, ...] = ()
        self.levels_key: tuple[object, ...] = ()
        self.levels: tuple[int, ...] = ()


class MitoszBoards:
    """The board fields of the Mítosz seats, per seat (a part of a
    :class:`~mitosz_core.adapters.tensors.TensorMemo`, emptied with it)."""

    __slots__ = ("_boards",)

    def __init__(self) -> None:
        self._boards: dict[int, _BoardEntry] = {}
        """Per Mítosz seat."""

    def clear(self) -> None:
        """Forget every entry."""
        self._boards.clear()

    def board(self, game: MitoszGame, i: int, printed: bool) -> tuple[bytes, bytes]:
        """:func:`~.mitosz_fields.board` of seat ``i``, each field kept while the parts
        it is read from (those that :func:`~.mitosz_fields.board` names, the board value
        among them) are the very objects they were; and, while ``printed``, the levels of
        the leaders kept while the leaders and their items are equal (turning a leader
        does not change its level)."""
        realm = game.players[i].realm
        board, markers = game.board, game.markers
        leaders_parts: tuple[object, ...]
        empire_parts: tuple[object, ...]
        if printed:
            leaders_parts = (True, board, markers, realm.high_god, realm.leaders)
            empire_parts = (True, board, markers, realm.high_god, realm.empire)
        else:
            realms = [p.realm for p in game.players]
            leaders_parts = (False, board, markers, game.effects, game.fight, game.tiebreaks)
            leaders_parts = empire_parts = (*leaders_parts, *realms)
        entry = self._boards.get(i)
        if entry is None:
            entry = self._boards[i] = _BoardEntry()
        leaders_hit = same_objects(entry.leaders_parts, leaders_parts)
        if leaders_hit:
            if CHECK_VIEWS:
                fresh = leader_values(game, i)
                assert fresh == entry.leaders, f"stale tensor memo of seat {i}'s leaders"
        else:
            if printed:
                levels = self._levels(game, i, entry)
                entry.leaders = leader_fields(game, realm.leaders, levels)
            else:
                entry.leaders = leader_values(game, i)
            entry.leaders_parts = leaders_parts
        if (
            leaders_hit
            and empire_parts is leaders_parts
            and entry.empire_parts is entry.leaders_parts
        ) or same_objects(entry.empire_parts, empire_parts):  # (the same parts checked once)
            if CHECK_VIEWS:
                fresh = empire_values(game, i)
                assert fresh == entry.empire, f"stale tensor memo of seat {i}'s empire"
        else:
            entry.empire = empire_values(game, i)
            entry.empire_parts = empire_parts
        return entry.leaders, entry.empire

    def _levels(self, game: MitoszGame, i: int, entry: _BoardEntry) -> tuple[int, ...]:
        """The levels of seat ``i``'s leaders while no lasting effect changes a level:
        kept while the board (with the leaders' items), the markers and the high god are
        the same objects and the leaders equal."""
        realm = game.players[i].realm
        parts = (game.board, game.markers, realm.high_god)
        key = tuple([leader.card for leader in realm.leaders[:M_LEADERS]])
        if same_objects(entry.levels_parts, parts) and entry.levels_key == key:
            if CHECK_VIEWS:
                fresh = leader_levels(game, i)
                assert fresh == entry.levels, f"stale tensor memo of seat {i}'s levels"
            return entry.levels
        entry.levels = leader_levels(game, i)
        entry.levels_parts, entry.levels_key = parts, key
        return entry.levels

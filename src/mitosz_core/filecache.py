"""Card files parsed once per process: a cache keyed by the file's resolved path and the
SHA-256 of its text.

Both rulesets read their card files through a :class:`FileCache`, so the built-in sets
and any card set named again (``new_game(card_sets=...)`` on every call) are parsed and
schema-checked once; a file whose text changed is parsed anew. A file that fails to parse
is not kept: asking again raises the same error again.
"""

from __future__ import annotations

import hashlib
from collections import OrderedDict
from collections.abc import Callable
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Generic, TypeVar

T = TypeVar("T")

CACHE_SIZE = 128
"""The most files a cache keeps; the least recently used goes first."""


class FileCache(Generic[T]):
    """The parsed value of each file, by resolved path and content hash."""

    __slots__ = ("_entries", "_size")

    def __init__(self, size: int = CACHE_SIZE) -> None:
        self._entries: OrderedDict[tuple[str, str], T] = OrderedDict()
        self._size = size

    def load(
        self,
        file: Path | Traversable,
        parse: Callable[[str, str], T],
        read: Callable[[Path | Traversable], str] | None = None,
    ) -> T:
        """``parse(text, source)`` of ``file``'s UTF-8 text (as ``read`` reads it, by
        default all of it), or the value kept from an earlier call for the same file with
        the same text. ``source`` is ``str(file)``.

        Raises ``OSError`` or ``UnicodeDecodeError`` when the file cannot be read, and
        whatever ``read`` and ``parse`` raise."""
        text = file.read_text(encoding="utf-8") if read is None else read(file)
        where = str(file.resolve()) if isinstance(file, Path) else str(file)
        key = (where, hashlib.sha256(text.encode("utf-8")).hexdigest())
        found = self._entries.get(key)
        if found is not None:
            self._entries.move_to_end(key)
            return found
        value = parse(text, str(file))
        self._entries[key] = value
        if len(self._entries) > self._size:
            self._entries.popitem(last=False)
        return value

    def clear(self) -> None:
        """Forget every file."""
        self._entries.clear()

    def __len__(self) -> int:
        return len(self._entries)

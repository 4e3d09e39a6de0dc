"""The built-in card sets and decks, read from the package's ``data`` directory.

They are found with :mod:`importlib.resources`, so they load from an installed wheel
as well as from a source tree, and are read once, on first use.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from importlib.resources import files
from importlib.resources.abc import Traversable
from types import MappingProxyType
from typing import Final

from mitosz_core.games.mitosz.carddata.decks import load_deck
from mitosz_core.games.mitosz.carddata.loader import Pool, load_sets
from mitosz_core.kernel.state import DeckList

BUILTIN_SETS: Final = ("hellenic", "celtic", "germanic", "egyptian")
"""The built-in sets, one per mythos, in load order (``data/sets/<name>.toml``)."""
BUILTIN_DECK_NAMES: Final = BUILTIN_SETS
"""The built-in preconstructed decks (``data/decks/<name>.txt``), one per mythos."""


def data_dir() -> Traversable:
    """The package's card data directory."""
    return files("mitosz_core.games.mitosz") / "data"


def builtin_set_paths() -> tuple[Traversable, ...]:
    """The files of the built-in sets, in load order."""
    sets = data_dir() / "sets"
    return tuple(sets / f"{name}.toml" for name in BUILTIN_SETS)


@cache
def builtin_pool() -> Pool:
    """The pool of every built-in set."""
    return load_sets(builtin_set_paths())


@cache
def builtin_decks() -> Mapping[str, DeckList]:
    """The built-in decks by name, each checked against :func:`builtin_pool`."""
    pool = builtin_pool()
    decks = data_dir() / "decks"
    return MappingProxyType(
        {name: load_deck(decks / f"{name}.txt", pool) for name in BUILTIN_DECK_NAMES}
    )

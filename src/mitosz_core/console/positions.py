"""Position files for the commands: ``play --position FILE`` and game logs that start
from a position (``"position"`` in a game log, read by ``replay`` and ``render``).

A position file (TOML or JSON, see :doc:`/judge-position`) is read by its ruleset's
builder (:func:`mitosz_core.mitosz.load_position`, :func:`mitosz_core.mythos.load_position`)
and checked by the ruleset's validator before play starts from it.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

from mitosz_core import mitosz, mythos
from mitosz_core.errors import MitoszError
from mitosz_core.kernel.state import State

LOADERS: dict[str, Callable[[str], State[Any]]] = {
    "mitosz": lambda path: mitosz.load_position(path).state(),
    "mythos": lambda path: mythos.load_position(path).state(),
}
"""Per ruleset, the state of the position in a file."""


def position_state(ruleset: str, path: str | os.PathLike[str]) -> State[Any]:
    """The state of the ``ruleset`` position in the file at ``path``."""
    load = LOADERS.get(ruleset)
    if load is None:
        raise MitoszError(f"there are no position files for the ruleset {ruleset!r}")
    return load(os.fspath(path))

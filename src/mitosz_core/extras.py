"""Loading the modules of the optional extras.

The core never imports an extra's library; a command that needs one (the Ray backend of
``simulate``, PNG pictures) loads the extra's module by name here, when first asked,
and a missing extra is a :class:`~mitosz_core.errors.MitoszError` that says what to
install.
"""

from __future__ import annotations

import importlib
from types import ModuleType

from mitosz_core.errors import MitoszError


def load(module: str, extra: str) -> ModuleType:
    """Import ``module`` (which needs the extra ``extra``); a missing library raises
    :class:`~mitosz_core.errors.MitoszError` naming the extra to install."""
    try:
        return importlib.import_module(module)
    except ImportError as exc:
        raise MitoszError(
            f"this needs the extra {extra!r}: pip install 'mitosz-core[{extra}]' ({exc})"
        ) from None

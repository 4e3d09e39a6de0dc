"""The marker of values encoded as tagged unions (see :mod:`mitosz_core.kernel.codec`)."""

from __future__ import annotations

from typing import ClassVar


class Tagged:
    """A value whose JSON form is an object tagged ``"type": kind``.

    Subclasses are frozen dataclasses with a distinct ``kind`` within their base class.
    """

    __slots__ = ()
    kind: ClassVar[str] = ""

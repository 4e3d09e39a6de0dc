"""The marker of values encoded as tagged unions (see :mod:`mitosz_core.kernel.codec`)."""

from __future__ import annotations

from typing import ClassVar

from mitosz_core.kernel.compiled import mypyc_attr


@mypyc_attr(allow_interpreted_subclasses=True)  # the codec's and the tests' own
class Tagged:
    """A value whose JSON form is an object tagged ``"type": kind``.

    Subclasses are frozen dataclasses with a distinct ``kind`` within their base class,
    assigned to the class after its body (``Pass.kind = "pass"``): in the compiled build a
    class-level assignment in a dataclass's body would become a field.
    """

    __slots__ = ()
    kind: ClassVar[str] = ""

"""What the optional compiled build needs written into the sources.

The compiled build (``docs/performance.rst``, "Compiled build") turns the hot modules into
C extensions with mypyc. :func:`mypyc_attr` marks a class for it, e.g.
``@mypyc_attr(native_class=False)`` on a generic dataclass, which mypyc cannot make a
native class of. mypyc reads the marks from the type checker's view of the sources
(``mypy_extensions.mypyc_attr``); at run time, in either build, the decorator changes
nothing, so ``mypy_extensions`` is not needed to run the engine.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

T = TypeVar("T")

if TYPE_CHECKING:
    from mypy_extensions import mypyc_attr as mypyc_attr
else:

    def mypyc_attr(*attrs: str, **options: Any) -> Callable[[T], T]:
        """Leaves the class as it is: the marks matter only to mypyc."""
        return _unchanged


def _unchanged(cls: T) -> T:
    return cls

"""Fast copies of frozen dataclass values.

:func:`replace` does what :func:`dataclasses.replace` does for the engine's frozen value
types, several times faster: it copies the fields straight across instead of calling
``__init__`` (frozen values have no ``__post_init__`` here). Fields not given in
``changes`` are shared, never copied. Fields with ``init=False`` (memos) start afresh,
but for a memo marked :data:`KEPT_UNLESS`, kept while the fields it names are not
changed.
A value with an instance dictionary (not slotted) is copied through its dictionary in
one step. A native class of the compiled build (``docs/performance.rst``, "Compiled
build") refuses ``object.__new__``: its values are copied through the constructor, and
:func:`pickle_by_fields` lets them pickle and copy by their fields.
"""

from __future__ import annotations

import copyreg
import dataclasses
import os
from collections.abc import Iterable
from operator import is_
from typing import Any, TypeVar

T = TypeVar("T")

CHECK_VIEWS = os.environ.get("MITOSZ_CHECK_VIEWS", "") not in ("", "0")
"""Debug mode (``MITOSZ_CHECK_VIEWS=1``) of every cache of derived values that is valid
while its parts are the same objects (:func:`same_objects`): the game's cached views
and the validator's facts. A hit is worked out again from scratch and compared; a
difference raises ``AssertionError``."""


def same_objects(a: tuple[object, ...], b: tuple[object, ...]) -> bool:
    """Whether ``a`` and ``b`` hold the very same objects, position by position: the
    test of a cache entry kept while its parts are unchanged."""
    return len(a) == len(b) and all(map(is_, a, b))  # in C: no bytecode per part


NOTHING: frozenset[Any] = frozenset()
"""The empty frozenset, one object: :func:`frozen`'s answer for no items."""


def frozen(items: Iterable[T]) -> frozenset[T]:
    """``frozenset(items)``, but :data:`NOTHING` when there are none: a cached view that
    finds nothing then holds no empty set of its own (each is an object of 216 bytes,
    and a kept state keeps its views)."""
    found = frozenset(items)
    return found if found else NOTHING


KEPT_UNLESS = "kept_unless"
"""The metadata key of a memo field (``init=False``) that a copy keeps unless one of the
fields it names changes: ``field(init=False, metadata={KEPT_UNLESS: ("a", "b")})``."""

_Kept = tuple[tuple[str, Any, frozenset[str]], ...]
_Plan = tuple[tuple[str, ...], tuple[tuple[str, Any], ...], frozenset[str], bool | None, _Kept]
_PLANS: dict[type, _Plan] = {}


def _plan(cls: type) -> _Plan:
    plan = _PLANS.get(cls)
    if plan is None:
        fields = dataclasses.fields(cls)
        init = tuple(f.name for f in fields if f.init)
        memos = [f for f in fields if not f.init]
        fresh = tuple((f.name, f.default) for f in memos if KEPT_UNLESS not in f.metadata)
        kept = tuple(
            (f.name, f.default, frozenset(f.metadata[KEPT_UNLESS]))
            for f in memos
            if KEPT_UNLESS in f.metadata
        )
        # None: a native class of the compiled build, copied through its constructor
        by_dict = (
            None if is_native(cls) else "__dict__" in dir(cls) and not hasattr(cls, "__slots__")
        )
        plan = _PLANS[cls] = (init, fresh, frozenset(init), by_dict, kept)
    return plan


def replace(obj: T, /, **changes: Any) -> T:
    """A copy of the frozen dataclass ``obj`` with ``changes`` applied."""
    cls = type(obj)
    init, fresh, names, by_dict, kept = _PLANS.get(cls) or _plan(cls)
    if not changes.keys() <= names:
        unknown = sorted(changes.keys() - names)
        raise TypeError(f"{cls.__name__} has no field {unknown[0]!r}")
    if by_dict is None:
        return _native_replace(obj, changes, init, fresh, kept)
    new = object.__new__(cls)
    setter = object.__setattr__
    if by_dict:
        fields = new.__dict__
        fields.update(obj.__dict__)
        fields.update(changes)
        fields.update(fresh)
    else:
        for name in init:
            setter(new, name, changes[name] if name in changes else getattr(obj, name))
        for name, default in fresh:
            setter(new, name, default)
    for name, default, unless in kept:
        if by_dict and unless.isdisjoint(changes):
            continue  # copied with the dictionary
        setter(new, name, default if not unless.isdisjoint(changes) else getattr(obj, name))
    return new


def _native_replace(
    obj: T, changes: dict[str, Any], init: tuple[str, ...], fresh: Any, kept: _Kept
) -> T:
    """:func:`replace` for a native class, which refuses ``object.__new__``."""
    new = type(obj)(*[changes[name] if name in changes else getattr(obj, name) for name in init])
    setter = object.__setattr__
    for name, default in fresh:
        setter(new, name, default)
    for name, default, unless in kept:
        setter(new, name, default if not unless.isdisjoint(changes) else getattr(obj, name))
    return new


def is_native(cls: type) -> bool:
    """Whether ``cls`` is a native class of the compiled build: one with a constructor of
    its own at the C level, which ``object.__new__`` refuses."""
    return cls.__new__ is not object.__new__  # type: ignore[comparison-overlap]


def _by_fields(obj: Any) -> tuple[type, tuple[object, ...]]:
    cls = type(obj)
    init = (_PLANS.get(cls) or _plan(cls))[0]
    return cls, tuple(getattr(obj, name) for name in init)


def pickle_by_fields(classes: Iterable[object]) -> None:
    """Let the native frozen dataclasses among ``classes`` pickle and copy (:mod:`copy`)
    as their constructor called with their init fields; their memos start afresh, as in
    a :func:`replace`. Native classes do not pickle otherwise; the other classes are left
    as they are, so the pure build is unchanged."""
    for cls in classes:
        if isinstance(cls, type) and dataclasses.is_dataclass(cls) and is_native(cls):
            copyreg.pickle(cls, _by_fields)

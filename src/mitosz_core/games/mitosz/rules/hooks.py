"""What a rule module hands the counter round (6.4.1) and the effect interpreter.

A rule that answers in a counter round, resolves a kind of pending event or answers a
kind of choice exports that as a plain module-level value of a class here
(:class:`ResponseSource`, :class:`Resolves`, :class:`Answer`, and the interpreter's
:class:`~..effects.interpret.Handles`); nothing registers itself when imported. One
place, :mod:`mitosz_core.games.mitosz.wiring`, names them all in explicit lists and
builds one :class:`Wiring` with :func:`wire`, which the counter round's steps and the
interpreter read: a missing or doubled entry is an error when the package is imported,
not in the middle of a game.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from mitosz_core.errors import MachineError
from mitosz_core.games.mitosz.actions import Choose
from mitosz_core.games.mitosz.rules import S
from mitosz_core.games.mitosz.rules.interpret import Handlers, Handles
from mitosz_core.games.mitosz.state import ChoicePurpose, Game, Pending
from mitosz_core.kernel.action import Action
from mitosz_core.kernel.compiled import mypyc_attr

A = TypeVar("A", bound=Action)
P = TypeVar("P", bound=Pending)


@mypyc_attr(native_class=False)  # generic: mypyc cannot compile it
@dataclass(frozen=True, slots=True)
class ResponseSource(Generic[A]):
    """Deeds a player may answer with in a counter round (6.4.1), exported by the module
    of their rule: the counter round knows none of them. Its handlers take the source's
    own action type ``A``: the step hands them only actions of the classes the source
    ``accepts``."""

    rank: int
    """Where the source's actions stand in the legal actions (lower first)."""
    accepts: tuple[type[A], ...]
    candidates: Callable[[S, int], Iterable[A]]
    why_not: Callable[[S, int, A], str | None]
    perform: Callable[[S, int, A], S]
    """Make the deed; it pushes its event with :func:`.counter_round.push`."""
    holds: Callable[[Game, int], bool] | None = None
    """A cheap necessary condition of a deed of this source: whether the player holds
    anything it could answer a counter round with at all. ``None`` if the source gives
    no such test (its deeds are then always listed)."""


@mypyc_attr(native_class=False)  # generic: mypyc cannot compile it
@dataclass(frozen=True, slots=True)
class Resolves(Generic[P]):
    """How a pending item of class ``kind`` resolves, taken off the stack (6.4.1)."""

    kind: type[P]
    resolve: Callable[[S, P], S]


@dataclass(frozen=True, slots=True)
class Answer:
    """How a choice of one purpose is answered in the ``choose`` step."""

    purpose: ChoicePurpose
    chosen: Callable[[S, Choose], S]
    """What choosing a card does."""
    declined: Callable[[S], S] | None = None
    """What a pass does, for a purpose whose choices may be optional (6.3.7)."""


@dataclass(frozen=True, slots=True)
class Wiring:
    """The tables the counter round and the interpreter read, built once by :func:`wire`:
    lookups are a tuple walk (the sources, by rank) and dict reads."""

    sources: tuple[ResponseSource[Any], ...]
    """The deeds that answer in a counter round, by rank."""
    resolvers: Mapping[type[Pending], Callable[[S, Any], S]]
    answers: Mapping[ChoicePurpose, Answer]
    handlers: Handlers
    """How the effects the interpreter leaves to their rule's module take hold."""


def wire(
    sources: Iterable[ResponseSource[Any]],
    resolvers: Iterable[Resolves[Any]],
    answers: Iterable[Answer],
    handlers: Iterable[Handles[Any]],
) -> Wiring:
    """The tables built from explicit lists; two entries for one rank, pending class,
    choice purpose or effect class are a :class:`~mitosz_core.errors.MachineError`."""
    ranked: dict[int, ResponseSource[Any]] = {}
    for source in sources:
        if source.rank in ranked:
            raise MachineError(f"two response sources of rank {source.rank}")
        ranked[source.rank] = source
    resolving: dict[type[Pending], Callable[[S, Any], S]] = {}
    for entry in resolvers:
        if entry.kind in resolving:
            raise MachineError(f"two resolvers for pending {entry.kind.kind}")
        resolving[entry.kind] = entry.resolve
    answering: dict[ChoicePurpose, Answer] = {}
    for answer in answers:
        if answer.purpose in answering:
            raise MachineError(f"two answers for the choice {answer.purpose.value}")
        answering[answer.purpose] = answer
    handling: dict[type[Any], Any] = {}
    for handles in handlers:
        if handles.kind in handling:
            raise MachineError(f"two handlers for the effect {handles.kind.__name__}")
        handling[handles.kind] = handles.handler
    return Wiring(tuple(ranked[rank] for rank in sorted(ranked)), resolving, answering, handling)

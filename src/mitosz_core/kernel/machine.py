"""State-machine declarations, compiled once into a frozen transition table.

A ruleset declares its state graph with ``transitions`` (a ``HierarchicalMachine``
with ``auto_transitions=False``): that declaration is the single source of truth for
which state may follow which. :func:`compile_machine` walks it once, at import, and
produces a :class:`CompiledMachine`: a frozen ``(state, trigger) -> state`` table over
the *leaf* states. The game state never becomes a ``transitions`` model; the engine
only looks edges up in the table (a dict lookup instead of a model trigger).

State names are dotted paths, e.g. ``turn.summoning_1``.

An interruption (a counter round, an event window, a forced choice) is declared once,
and where it returns is data: a :class:`Return` edge goes back to the state that an
interruption frame in the game holds, which must be one of the edge's declared
destinations (:meth:`CompiledMachine.resume`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from transitions.extensions import HierarchicalMachine
from transitions.extensions.nesting import NestedState

from mitosz_core.errors import MachineError

SEPARATOR = "."

StateDecl = str | Mapping[str, Any]
"""A state as ``transitions`` declares it: a name, or a dict with ``name``,
``children`` and ``initial``."""


class _DottedState(NestedState):
    separator = SEPARATOR


class _Machine(HierarchicalMachine):
    state_cls = _DottedState


@dataclass(frozen=True, slots=True)
class Edge:
    """One declared transition: ``trigger`` moves ``source`` (a state or ``*``) to ``dest``."""

    trigger: str
    source: str | tuple[str, ...]
    dest: str


@dataclass(frozen=True, slots=True)
class Return:
    """A return edge: ``trigger`` moves ``source`` back to the state an interruption
    frame recorded, one of ``dests`` (the states the interruption may have interrupted)."""

    trigger: str
    source: str
    dests: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Part:
    """One readable sub-diagram of a machine (:mod:`mitosz_core.kernel.diagram`).

    The states under the ``show`` paths are drawn one by one; every other state is drawn
    as the node of its longest path in ``groups`` (or of its first path component), so
    edges into and out of the part stay visible without the rest of the machine."""

    name: str
    """The part's name, e.g. ``battle`` (``mitosz-core machine --part battle``)."""
    title: str
    """A heading for the part, e.g. ``A battle (7.4)``."""
    show: tuple[str, ...]
    """State paths drawn state by state. A path covers itself and the states below it;
    the empty path covers every state."""
    groups: tuple[str, ...] = ()
    """State paths drawn as one node each, for the states outside ``show``."""


@dataclass(frozen=True)
class MachineSpec:
    """A ruleset's state-graph declaration, in ``transitions`` form."""

    name: str
    states: tuple[StateDecl, ...]
    edges: tuple[Edge, ...]
    initial: str
    doc: Mapping[str, str] = field(default_factory=dict)
    """Optional one-line description per state, for the docs."""
    returns: tuple[Return, ...] = ()
    """Return edges of the interruptions (see :class:`Return`)."""
    parts: tuple[Part, ...] = ()
    """The sub-diagrams the docs and ``mitosz-core machine --part`` draw (none: the
    whole machine only)."""

    def _transitions(self) -> list[dict[str, Any]]:
        edges = [
            {
                "trigger": e.trigger,
                "source": list(e.source) if isinstance(e.source, tuple) else e.source,
                "dest": e.dest,
            }
            for e in self.edges
        ]
        # a return edge is one trigger with a destination per state it may return to;
        # ``transitions`` keeps them apart by a condition the engine never evaluates (the
        # game's frame names the destination)
        edges += [
            {"trigger": r.trigger, "source": r.source, "dest": dest, "conditions": "returns_here"}
            for r in self.returns
            for dest in r.dests
        ]
        return edges

    def build(self) -> Any:
        """A live ``transitions`` machine (for inspection and tests)."""
        return _Machine(
            states=list(self.states),
            transitions=self._transitions(),
            initial=self.initial,
            auto_transitions=False,
        )


@dataclass(frozen=True)
class CompiledMachine:
    """A frozen transition table over leaf states."""

    name: str
    initial: str
    states: tuple[str, ...]
    """Every leaf state, in declaration order."""
    table: Mapping[tuple[str, str], str]
    spec: MachineSpec
    returns: Mapping[tuple[str, str], frozenset[str]] = field(
        default_factory=lambda: MappingProxyType({})
    )
    """``(state, trigger)`` -> the states a return edge may go back to."""

    def fire(self, state: str, trigger: str) -> str:
        """The state that ``trigger`` leads to from ``state``.

        Raises :class:`~mitosz_core.errors.MachineError` when the declaration has no such
        edge.
        """
        try:
            return self.table[(state, trigger)]
        except KeyError:
            raise MachineError(
                f"machine {self.name!r} has no edge {trigger!r} from state {state!r}"
            ) from None

    def resume(self, state: str, trigger: str, dest: str) -> str:
        """``dest``, if the return edge ``trigger`` from ``state`` may go back to it.

        Raises :class:`~mitosz_core.errors.MachineError` otherwise.
        """
        allowed = self.returns.get((state, trigger))
        if allowed is None or dest not in allowed:
            raise MachineError(
                f"machine {self.name!r} has no return {trigger!r} from {state!r} to {dest!r}"
            )
        return dest

    def triggers(self, state: str) -> tuple[str, ...]:
        """The triggers declared from ``state`` (return edges included)."""
        plain = [t for (s, t) in self.table if s == state]
        return tuple(plain + [t for (s, t) in self.returns if s == state])

    def successors(self, state: str) -> frozenset[str]:
        """Every state one edge away from ``state``, through return edges too."""
        plain = {d for (s, _), d in self.table.items() if s == state}
        for (s, _), dests in self.returns.items():
            if s == state:
                plain |= dests
        return frozenset(plain)


def compile_machine(spec: MachineSpec) -> CompiledMachine:
    """Compile a declaration into a frozen leaf-state table.

    A transition declared on a parent state applies to each of its leaves, unless the
    leaf (or a nearer parent) declares the same trigger itself. A destination that is a
    parent state is resolved through its ``initial`` chain to a leaf.
    """
    machine = spec.build()
    names: Sequence[str] = machine.get_nested_state_names()
    children: dict[str, list[str]] = {n: [] for n in names}
    for n in names:
        if SEPARATOR in n:
            children[n.rsplit(SEPARATOR, 1)[0]].append(n)
    leaves = tuple(n for n in names if not children[n])

    def leaf_of(name: str) -> str:
        current = name
        while children[current]:
            initial = machine.get_state(current).initial
            if initial is None:
                raise MachineError(f"state {current!r} is a parent without an initial child")
            current = f"{current}{SEPARATOR}{initial}"
        return current

    def ancestry(leaf: str) -> Iterable[str]:
        parts = leaf.split(SEPARATOR)
        for i in range(len(parts), 0, -1):
            yield SEPARATOR.join(parts[:i])

    returning = {(r.source, r.trigger) for r in spec.returns}
    declared: dict[tuple[str, str], str] = {}
    for trigger, event in machine.events.items():
        for source, transitions in event.transitions.items():
            if (source, trigger) in returning:
                continue
            if len(transitions) != 1:
                raise MachineError(
                    f"trigger {trigger!r} from {source!r} is declared {len(transitions)} times"
                )
            declared[(source, trigger)] = transitions[0].dest

    table: dict[tuple[str, str], str] = {}
    triggers = {t for (_, t) in declared}
    for leaf in leaves:
        for trigger in sorted(triggers):
            for owner in ancestry(leaf):
                dest = declared.get((owner, trigger))
                if dest is not None:
                    table[(leaf, trigger)] = leaf_of(dest)
                    break
    returns: dict[tuple[str, str], frozenset[str]] = {}
    for r in spec.returns:
        if children.get(r.source):
            raise MachineError(f"return {r.trigger!r} must leave a leaf, not {r.source!r}")
        if (r.source, r.trigger) in table:
            raise MachineError(f"trigger {r.trigger!r} from {r.source!r} is declared twice")
        returns[(r.source, r.trigger)] = frozenset(leaf_of(d) for d in r.dests)
    return CompiledMachine(
        name=spec.name,
        initial=leaf_of(spec.initial),
        states=leaves,
        table=MappingProxyType(table),
        spec=spec,
        returns=MappingProxyType(returns),
    )

"""Mermaid state diagrams drawn from a compiled machine
(:class:`~mitosz_core.kernel.machine.CompiledMachine`).

The diagrams are drawn from the leaf-state table the engine follows, never from a
separate description, so they cannot drift from the rules' machine. A machine may declare
:class:`~mitosz_core.kernel.machine.Part` values: each is one readable sub-diagram (a
turn, a battle, the counter round, ...). Inside a part,

- the states under its ``show`` paths are nodes of their own (labelled below the path,
  when the part has one: ``target`` in the part ``turn.combat.battle``); every other
  state is drawn
  as the node of its group (a ``groups`` path, or its first path component), and a return
  edge (an interruption going back to the step it interrupted) as an edge to the node
  *interrupted step*;
- an edge that leaves (or enters) most of the part's states alike, such as ``game_over``
  or a forced choice that may interrupt any step, is not drawn once per state but listed
  once in the part's notes (:attr:`Diagram.notes`), with the states it does not apply to.

The text is Mermaid's ``stateDiagram-v2``: state ids are the dotted names with the dots
written as ``__``, and each state is declared with its dotted name as its label; no label
holds a colon or a quote, which Mermaid would read as syntax.
"""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass

from mitosz_core.kernel.machine import SEPARATOR, CompiledMachine, Part

WHOLE = Part(name="all", title="The whole machine", show=("",))
"""The part that draws every state."""
INTERRUPTED = "interrupted"
"""The node that return edges lead to: the step the interruption's frame recorded."""
MOST = 0.5
"""An edge shared by more than this share of a part's states (and by at least
:data:`FEW` of them) is listed in the notes instead of drawn."""
FEW = 3

_SAFE = re.compile(r"[A-Za-z0-9_ .,()'+\-]*")
"""The characters a label may hold: no colon, quote, semicolon, brace or bracket."""


@dataclass(frozen=True, slots=True)
class Diagram:
    """One part of a machine as a Mermaid diagram."""

    part: Part
    text: str
    """The Mermaid source, ``stateDiagram-v2`` first."""
    notes: tuple[str, ...]
    """The edges shared by most of the part's states, one sentence each (also written
    into :attr:`text` as ``%%`` comments)."""
    states: tuple[str, ...]
    """The machine states drawn as their own nodes."""


def parts(machine: CompiledMachine) -> tuple[Part, ...]:
    """The machine's declared parts, or the whole machine if it declares none."""
    return machine.spec.parts or (WHOLE,)


def part(machine: CompiledMachine, name: str) -> Part:
    """The part called ``name`` (``all`` is the whole machine); ``KeyError`` if none."""
    for found in (*machine.spec.parts, WHOLE):
        if found.name == name:
            return found
    raise KeyError(name)


def _under(state: str, path: str) -> bool:
    return path == "" or state == path or state.startswith(path + SEPARATOR)


def _node_id(name: str) -> str:
    return name.replace(SEPARATOR, "__") if name else "machine"


def _label(text: str) -> str:
    if not _SAFE.fullmatch(text):
        raise ValueError(f"a diagram label may not hold {text!r}")
    return text


class _Layout:
    """Which node each state of the machine is drawn as, in one part."""

    def __init__(self, machine: CompiledMachine, part: Part) -> None:
        self.part = part
        self.shown = tuple(s for s in machine.states if any(_under(s, p) for p in part.show))
        self._shown = frozenset(self.shown)
        self._groups = sorted(part.groups, key=len, reverse=True)

    def short(self, state: str) -> str:
        """A shown state's label: its name below the part's one path, if it has one."""
        (path, *more) = self.part.show
        if more or not path or state == path:
            return state
        return state.removeprefix(path + SEPARATOR)

    def is_shown(self, state: str) -> bool:
        return state in self._shown

    def node(self, state: str) -> str:
        if state in self._shown:
            return state
        for group in self._groups:
            if _under(state, group):
                return group
        return state.split(SEPARATOR, 1)[0]


def draw(machine: CompiledMachine, part: Part = WHOLE) -> Diagram:
    """The diagram of ``part`` of ``machine``."""
    layout = _Layout(machine, part)
    if not layout.shown:
        raise ValueError(f"part {part.name!r} of machine {machine.name!r} shows no state")
    out_edges: dict[tuple[str, str], set[str]] = defaultdict(set)  # (trigger, to) -> from
    in_edges: dict[tuple[str, str], set[str]] = defaultdict(set)  # (from, trigger) -> to
    for (source, trigger), dest in machine.table.items():
        if layout.is_shown(source):
            out_edges[(trigger, layout.node(dest))].add(source)
        elif layout.is_shown(dest):
            in_edges[(layout.node(source), trigger)].add(dest)
    for (source, trigger), returns_to in machine.returns.items():
        if layout.is_shown(source):
            out_edges[(trigger, INTERRUPTED)].add(source)
        else:
            for dest in returns_to:
                if layout.is_shown(dest):
                    in_edges[(layout.node(source), trigger)].add(dest)
    edges: set[tuple[str, str, str]] = set()
    notes: list[str] = []
    for (trigger, to), sources in sorted(out_edges.items()):
        if _shared(layout, sources):
            notes.append(_note(layout, sources, f"{trigger} leads to {_said(to)}", "from"))
        else:
            edges.update((s, to, trigger) for s in sources)
    for (source, trigger), dests in sorted(in_edges.items()):
        if _shared(layout, dests):
            notes.append(_note(layout, dests, f"{trigger} from {source} leads", "to"))
        else:
            edges.update((source, d, trigger) for d in dests)
    return Diagram(part, _text(machine, layout, edges, notes), tuple(notes), layout.shown)


def _shared(layout: _Layout, states: set[str]) -> bool:
    return len(states) >= FEW and len(states) > MOST * len(layout.shown)


def _said(node: str) -> str:
    return "the interrupted step" if node == INTERRUPTED else node


def _note(layout: _Layout, states: set[str], what: str, where: str) -> str:
    others = [s for s in layout.shown if s not in states]
    if not others:
        return f"{what} {where} every state here"
    return f"{what} {where} every state here but {', '.join(others)}"


def _text(
    machine: CompiledMachine,
    layout: _Layout,
    edges: set[tuple[str, str, str]],
    notes: list[str],
) -> str:
    lines = ["stateDiagram-v2"]
    lines += [f"    %% {_label(note)}" for note in notes]
    nodes: list[str] = list(layout.shown)
    for source, dest, _ in sorted(edges):
        for node in (source, dest):
            if node not in nodes:
                nodes.append(node)
    for node in nodes:
        if node == INTERRUPTED:
            label = "the interrupted step"
        elif layout.is_shown(node):
            label = layout.short(node)
        else:
            count = sum(1 for s in machine.states if layout.node(s) == node)
            label = node if count == 1 else f"{node} ({count} states)"
        lines.append(f'    state "{_label(label)}" as {_node_id(node)}')
    if layout.is_shown(machine.initial):
        lines.append(f"    [*] --> {_node_id(machine.initial)}")
    order = {node: index for index, node in enumerate(nodes)}
    for source, dest, trigger in sorted(edges, key=lambda e: (order[e[0]], order[e[1]], e[2])):
        lines.append(f"    {_node_id(source)} --> {_node_id(dest)} : {_label(trigger)}")
    terminal = [s for s in layout.shown if not machine.successors(s)]
    lines += [f"    {_node_id(s)} --> [*]" for s in terminal]
    return "\n".join(lines) + "\n"

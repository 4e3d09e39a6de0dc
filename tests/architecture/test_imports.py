"""The package's import structure (Core v2): no import cycles, and the counter round knows
none of the rules that answer in it; the rules are wired as data (Core v3), completely
and once each. Built with grimp, the graph library behind
import-linter; imports under ``if TYPE_CHECKING:`` do not count (they never run)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any, TypeVar, get_args

import grimp
import pytest

import mitosz_core as mc
from mitosz_core.errors import MachineError
from mitosz_core.games.mitosz import wiring
from mitosz_core.games.mitosz.actions import (
    PlayFate,
    PlayWithoutSummoning,
    Summon,
    UseFreeManeuver,
    UseManeuver,
)
from mitosz_core.games.mitosz.effects.language import (
    AnyEffect,
    ArrowVolley,
    Effect,
    Fear,
    Poison,
    Retreat,
    Steal,
)
from mitosz_core.games.mitosz.rules import counter_round, interpret
from mitosz_core.games.mitosz.rules.fights import rounds
from mitosz_core.games.mitosz.rules.hooks import wire
from mitosz_core.games.mitosz.state import (
    PENDING,
    ChoicePurpose,
    ManeuverPending,
    Pending,
    PlayPending,
    Todo,
)
from mitosz_core.games.mitosz.wiring import WIRING

T = TypeVar("T")

M = "mitosz_core.games.mitosz"
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def graph() -> grimp.ImportGraph:
    return grimp.build_graph("mitosz_core", exclude_type_checking_imports=True)


def test_no_module_imports_one_that_imports_it_back(graph: grimp.ImportGraph) -> None:
    cycles = sorted(
        f"{module} -> {imported}"
        for module in graph.modules
        for imported in graph.find_modules_directly_imported_by(module)
        if graph.chain_exists(importer=imported, imported=module)
    )
    assert len(graph.modules) > 100
    assert cycles == []


def test_the_graph_sees_a_cycle_when_there_is_one(graph: grimp.ImportGraph) -> None:
    """The check above can fail: one import back from a low module closes a cycle."""
    low, high = f"{M}.rules.zones", f"{M}.rules.summoning"
    assert graph.chain_exists(importer=high, imported=low)
    graph.add_import(importer=low, imported=high)
    try:
        assert graph.chain_exists(importer=low, imported=high)
    finally:
        graph.remove_import(importer=low, imported=high)


@pytest.mark.parametrize(
    "caller",
    [
        "summoning",
        "maneuver_use",
        "counter_plays",
        "triggers",
        "events",
        "fights.rounds",
        "fights.declare",
    ],
)
def test_the_counter_round_imports_no_rule_that_calls_it(
    graph: grimp.ImportGraph, caller: str
) -> None:
    assert not graph.chain_exists(
        importer=f"{M}.rules.counter_round", imported=f"{M}.rules.{caller}"
    )


def _concrete(base: type[T]) -> set[type[T]]:
    """Every class below ``base`` that its module names and that no other such class
    derives from. (``@dataclass(slots=True)`` leaves the class it replaced among the
    subclasses: only the one the module names counts.)"""
    found: set[type[T]] = set()
    todo = list(base.__subclasses__())
    while todo:
        cls = todo.pop()
        if getattr(sys.modules[cls.__module__], cls.__name__, None) is not cls:
            continue
        subs = [sub for sub in cls.__subclasses__() if sub is not cls]
        todo.extend(subs)
        if not any(getattr(sys.modules[s.__module__], s.__name__, None) is s for s in subs):
            found.add(cls)
    return found


def test_the_response_sources_take_every_response_once() -> None:
    """The rules that answer in a counter round are wired (6.4.1): maneuver uses, and
    card plays with a counter or locked effect (ruling R-6.4.1-responses)."""
    accepted = [source.accepts for source in WIRING.sources]
    assert accepted == [(UseManeuver, UseFreeManeuver, PlayFate), (Summon, PlayWithoutSummoning)]
    covered = [cls for source in WIRING.sources for cls in source.accepts]
    assert sorted(c.kind for c in covered) == sorted(c.kind for c in counter_round.RESPONSES)


def test_every_pending_class_has_a_resolver() -> None:
    assert _concrete(Pending) == set(PENDING.values()) == {PlayPending, ManeuverPending}
    assert set(WIRING.resolvers) == _concrete(Pending)


def test_every_choice_purpose_has_one_answer() -> None:
    """Each purpose a choice can have is answered once: by the wiring's answers, or by
    the fight's choose step itself (fear, 7.2.5.2)."""
    answered = set(WIRING.answers)
    assert not answered & rounds.FIGHT_PURPOSES
    assert answered | rounds.FIGHT_PURPOSES == set(ChoicePurpose)
    assert all(purpose is answer.purpose for purpose, answer in WIRING.answers.items())


def test_every_effect_of_the_language_takes_hold_somewhere() -> None:
    """The interpreter's ``match`` covers the union of effects (``assert_never``), every
    concrete effect class is in that union, and each effect it delegates has a handler;
    no handler is wired for an effect the interpreter makes take hold itself."""
    assert _concrete(Effect) == set(get_args(AnyEffect))
    assert set(WIRING.handlers) == set(interpret.DELEGATED)
    assert set(interpret.DELEGATED) == {ArrowVolley, Poison, Fear, Retreat, Steal}


@pytest.mark.parametrize("table", ["sources", "resolvers", "answers", "handlers"])
def test_two_entries_for_one_thing_are_refused(table: str) -> None:
    lists: dict[str, tuple[Any, ...]] = {
        "sources": wiring.SOURCES,
        "resolvers": wiring.RESOLVERS,
        "answers": wiring.ANSWERS,
        "handlers": wiring.HANDLERS,
    }
    doubled = {**lists, table: (*lists[table], lists[table][0])}
    with pytest.raises(MachineError, match="two "):
        wire(doubled["sources"], doubled["resolvers"], doubled["answers"], doubled["handlers"])


def test_a_missing_handler_is_an_error_when_its_effect_takes_hold() -> None:
    """Without the wiring's handler, a delegated effect names what is missing."""
    s = mc.new_game(seed=1)
    todo = Todo(Retreat(), 0, None)
    with pytest.raises(MachineError, match="no module handles the effect Retreat"):
        interpret.apply_todo(s, todo, {})


def test_no_rule_module_registers_anything_when_imported() -> None:
    """Rules are wired as data: no module-level table is filled by imports."""
    for module in (counter_round, interpret):
        names = {n for n in vars(module) if n.isupper() or n.startswith("_")}
        assert not names & {"_SOURCES", "_RESOLVERS", "_ANSWERS", "_HANDLERS"}
        assert not hasattr(module, "add_resolver") and not hasattr(module, "handles")


# --- layers (Core v3) -----------------------------------------------------------------------

P = "mitosz_core"
LAYERS = (
    (f"{P}.cli", f"{P}.__main__"),
    (
        f"{P}.adapters",
        f"{P}.bots",
        f"{P}.render",
        f"{P}.console",
        f"{P}.simulate",
        f"{P}.simulate_ray",
        f"{P}.bench",
    ),
    (f"{P}.mitosz", f"{P}.mythos"),
    (f"{P}.games",),
    (f"{P}.kernel",),
    (f"{P}.errors", f"{P}.extras", f"{P}.filecache", f"{P}.registry_data"),
)
"""The package's layers, highest first: the command line; the adapters, bots, renderers,
console and simulators beside each other (they may use one another); the rulesets'
typed faces; the games; the game-agnostic kernel; the errors and small helpers. A module
may import its own layer and the layers below it, never one above. (The package root,
``mitosz_core/__init__.py``, gathers the public API and stands above them all.)"""


def _layer_of(module: str) -> int | None:
    for depth, layer in enumerate(LAYERS):
        if any(module == top or module.startswith(f"{top}.") for top in layer):
            return depth
    return None


def _upward_imports(graph: grimp.ImportGraph) -> list[str]:
    found = []
    for module in graph.modules:
        mine = _layer_of(module)
        if mine is None:
            continue
        for imported in graph.find_modules_directly_imported_by(module):
            theirs = _layer_of(imported)
            if theirs is not None and theirs < mine:
                found.append(f"{module} -> {imported}")
    return sorted(found)


def test_every_module_has_a_layer(graph: grimp.ImportGraph) -> None:
    assert sorted(m for m in graph.modules if _layer_of(m) is None) == [P]


def test_no_layer_imports_one_above_it(graph: grimp.ImportGraph) -> None:
    """kernel < games < (adapters, bots, render, console) < cli, with grimp's own layer
    check agreeing (its layers, highest first, siblings not independent)."""
    assert _upward_imports(graph) == []
    layers = [
        grimp.Layer(*(m.removeprefix(f"{P}.") for m in layer), independent=False)
        for layer in LAYERS
    ]
    assert graph.find_illegal_dependencies_for_layers(layers=layers, containers={P}) == set()


def test_the_layer_check_sees_an_import_from_below(graph: grimp.ImportGraph) -> None:
    """The check above can fail: the kernel importing a game is an upward import."""
    low, high = f"{P}.kernel.state", f"{P}.games.mitosz.state"
    graph.add_import(importer=low, imported=high)
    try:
        assert _upward_imports(graph) == [f"{low} -> {high}"]
    finally:
        graph.remove_import(importer=low, imported=high)


CORE = (f"{P}.kernel", f"{P}.games", f"{P}.mitosz", f"{P}.mythos", *LAYERS[-1])
"""The core: what every install holds and runs with the required dependencies only."""


def _extras_libraries() -> dict[str, str]:
    """The top-level import name of each library an optional extra of ``pyproject.toml``
    installs (the distribution name, or the name it installs under), by extra."""
    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    renamed = {"open_spiel": "pyspiel", "pillow": "PIL", "pyyaml": "yaml"}
    names: dict[str, str] = {}
    for extra, requirements in data["project"]["optional-dependencies"].items():
        for requirement in requirements:
            dist = re.split(r"[<>=!~\[; ]", requirement, maxsplit=1)[0].lower()
            names[renamed.get(dist, dist.replace("-", "_"))] = extra
    return names


def test_the_extras_are_read_from_the_project_file() -> None:
    libraries = _extras_libraries()
    for name in ("numpy", "pyspiel", "pettingzoo", "gymnasium", "ray", "cairosvg", "PIL"):
        assert name in libraries


def test_the_core_imports_no_optional_extra() -> None:
    """No core module imports a library only an optional extra installs (numpy,
    OpenSpiel, PettingZoo, Gymnasium, Ray, CairoSVG, Pillow, ...), in any form grimp
    sees; and importing the package and playing a game loads none of them."""
    graph = grimp.build_graph(P, include_external_packages=True, exclude_type_checking_imports=True)
    libraries = _extras_libraries()
    found = sorted(
        f"{module} -> {imported}"
        for module in graph.modules
        if any(module == top or module.startswith(f"{top}.") for top in CORE)
        for imported in graph.find_modules_directly_imported_by(module)
        if imported.split(".")[0] in libraries
    )
    assert found == []
    script = (
        "import sys, mitosz_core as mc\n"
        "s = mc.new_game(seed=3)\n"
        "for _ in range(40):\n"
        "    s = mc.apply(s, mc.legal_actions(s)[0])\n"
        f"print(sorted(n for n in {sorted(libraries)!r} if n in sys.modules))\n"
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, env=env, check=True
    )
    assert done.stdout.strip() == "[]"

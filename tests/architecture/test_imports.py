"""The package's import structure (Core v2): no import cycles, and the counter round knows
none of the rules that answer in it. Built with grimp, the graph library behind
import-linter; imports under ``if TYPE_CHECKING:`` do not count (they never run)."""

from __future__ import annotations

import grimp
import pytest

from mitosz_core.games.mitosz.actions import (
    PlayFate,
    PlayWithoutSummoning,
    Summon,
    UseFreeManeuver,
    UseManeuver,
)
from mitosz_core.games.mitosz.effects import interpret
from mitosz_core.games.mitosz.effects.language import ArrowVolley, Fear, Poison, Retreat, Steal
from mitosz_core.games.mitosz.rules import counter_round
from mitosz_core.games.mitosz.state import PENDING, ChoicePurpose, ManeuverPending, PlayPending

M = "mitosz_core.games.mitosz"


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


def test_every_response_and_resolver_is_registered() -> None:
    """The rules that answer in a counter round registered themselves (6.4.1): maneuver
    uses, and card plays with a counter or locked effect (ruling R-6.4.1-responses)."""
    accepted = [source.accepts for source in counter_round._SOURCES]
    assert accepted == [(UseManeuver, UseFreeManeuver, PlayFate), (Summon, PlayWithoutSummoning)]
    assert set(counter_round._RESOLVERS) == set(PENDING.values()) == {PlayPending, ManeuverPending}
    assert set(counter_round._ANSWERS) == {ChoicePurpose.ON_PLAY, ChoicePurpose.ATTACH_STOLEN}
    covered = {cls for source in counter_round._SOURCES for cls in source.accepts}
    assert covered == set(counter_round.RESPONSES)


def test_every_fight_effect_has_the_handler_of_its_rule() -> None:
    assert set(interpret._HANDLERS) == {ArrowVolley, Poison, Fear, Retreat, Steal}

"""``tools/mutation.py``: the functions a range of commits changed (``--changed``), by
their names today, the run's table for the docs (``--rst``), and the slow tests left out
of each mutant's run and run on its survivors afterwards, and the survivors a rerun takes
(``--rerun``)."""

from __future__ import annotations

import shutil
import sys
import tomllib
from collections import Counter
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))

import mutation


def test_the_functions_a_range_of_commits_changed_are_named_as_they_are_today() -> None:
    found = mutation.changed("791d457^..d6dca9b")  # rules fidelity round 3
    assert "stealing.give_back" in found
    assert "keywords.rune.why_not_attach_rune" in found  # moved out of attachments since
    assert "attachments.why_not_attach_rune" not in found
    assert "events._respond_step" not in found  # gone since
    assert len(found) == len(set(found))
    paths, patterns = mutation.chosen(found)  # every name is a function of the rules now
    assert len(patterns) == len(found) and paths


def test_the_table_counts_what_was_run() -> None:
    counts = Counter({"killed": 9, "survived": 1, "not checked": 5, "timeout": 2})
    row = ("functions", "3, with 40 tests chosen by rule id")
    text = mutation.table("python tools/mutation.py --changed A..B", row, counts)
    assert text.startswith(".. list-table::")
    assert "   * - functions\n     - 3, with 40 tests chosen by rule id\n" in text
    assert "     - 17, of which 10 were run to a verdict" in text
    assert "     - 90.0% killed" in text
    assert "     - 5 (the run was stopped before them)" in text


def test_the_table_counts_survivors_killed_afterwards_as_killed() -> None:
    counts = Counter({"killed": 8, "killed afterwards": 1, "survived": 1})
    row = ("survivors", "10 of a run")
    text = mutation.table("python tools/mutation.py --rerun DIR", row, counts)
    assert "   * - survivors\n     - 10 of a run\n" in text
    assert "   * - killed\n     - 9\n" in text
    assert "     - 1 (by the tests left out of each mutant's run)" in text
    assert "     - 90.0% killed" in text


def test_the_scratch_copy_leaves_the_slow_tests_out_of_each_mutants_run() -> None:
    paths, _ = mutation.chosen(["turn.draw_phase"])
    work = mutation.scratch(paths, ["tests/mitosz/test_ch6_game_flow.py"], mutation.LEFT_OUT)
    try:
        settings = tomllib.loads((work / "pyproject.toml").read_text(encoding="utf-8"))
        args = settings["tool"]["mutmut"]["pytest_add_cli_args"]
        assert args[0::2] == ["--deselect"] * len(mutation.LEFT_OUT)
        assert tuple(args[1::2]) == mutation.LEFT_OUT
        for test in mutation.LEFT_OUT:  # each names a test that exists
            file, _, name = test.partition("::")
            assert f"def {name}(" in (work / file).read_text(encoding="utf-8")
        name = "mitosz_core.games.mitosz.rules.fights.army.x_resolve_troop__mutmut_3"
        source = mutation.source_of(work, name)
        assert source == work / "src/mitosz_core/games/mitosz/rules/fights/army.py"
        assert source.is_file()
    finally:
        shutil.rmtree(work)


def test_a_rerun_takes_the_survivors_the_left_out_tests_did_not_kill(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    paths, _ = mutation.chosen(["turn.draw_phase", "precedence.rank"])
    work = mutation.scratch(paths, ["tests/mitosz/test_ch6_game_flow.py"], mutation.LEFT_OUT)
    try:
        assert mutation.mutated_paths(work) == paths
        found = Counter({"survived": 3}), ["a__mutmut_1", "b__mutmut_2", "c__mutmut_3"]
        monkeypatch.setattr(mutation, "tally", lambda _work, _patterns: found)
        assert mutation.left_over(work) == ["a__mutmut_1", "b__mutmut_2", "c__mutmut_3"]
        (work / mutation.RECHECKED).write_text('{"b__mutmut_2": true, "c__mutmut_3": false}')
        assert mutation.left_over(work) == ["a__mutmut_1", "c__mutmut_3"]
    finally:
        shutil.rmtree(work)
    for test in mutation.WIDE:
        assert (mutation.ROOT / test).is_dir()


def test_a_rerun_applies_the_mutants_of_the_functions_run_at_import() -> None:
    # the wiring and the step tables are built when the rules are imported, before
    # mutmut chooses a mutant for a call: such mutants are applied to the source instead
    found = mutation.import_time_functions()
    assert {"hooks.wire", "counter_round.respond_step", "fights.rounds.choose_step"} <= found
    assert "fights.army.resolve_troop" not in found  # run in play only
    name = "mitosz_core.games.mitosz.rules.fights.army.x_resolve_troop__mutmut_3"
    assert mutation.function_of(name) == "fights.army.resolve_troop"
    for test in mutation.AT_IMPORT:
        assert (mutation.ROOT / test.partition("::")[0]).exists()

"""``tools/mutation.py``: the functions a range of commits changed (``--changed``), by
their names today, and the run's table for the docs (``--rst``)."""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

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
    text = mutation.table("python tools/mutation.py --changed A..B", 3, 40, counts)
    assert text.startswith(".. list-table::")
    assert "     - 17, of which 10 were run to a verdict" in text
    assert "     - 90.0% killed" in text
    assert "     - 5 (the run was stopped before them)" in text

"""The examples of the docs page "Using the engine for AI research" run as written."""

from __future__ import annotations

import runpy
from pathlib import Path

import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("pyspiel")

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples"


@pytest.mark.parametrize(
    "name", ["pettingzoo_random.py", "openspiel_mcts.py", "determinizing_bot.py"]
)
def test_example_runs(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    runpy.run_path(str(EXAMPLES / name), run_name="__main__")
    assert capsys.readouterr().out.strip()

"""The examples of the docs pages "Using the engine for AI research" and "Use
OpenSpiel's search bots" run as written."""

from __future__ import annotations

import runpy
from pathlib import Path

import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("pyspiel")

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples"


@pytest.mark.parametrize(
    "name",
    [
        "pettingzoo_random.py",
        "openspiel_mcts.py",
        "determinizing_bot.py",
        "openspiel_search_bots.py",
    ],
)
def test_example_runs(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    runpy.run_path(str(EXAMPLES / name), run_name="__main__")
    assert capsys.readouterr().out.strip()


def test_the_search_bots_howto_shows_the_tested_script_and_is_linked() -> None:
    docs = EXAMPLES.parent
    page = (docs / "howto-openspiel.rst").read_text(encoding="utf-8")
    assert ".. literalinclude:: examples/openspiel_search_bots.py" in page
    script = (EXAMPLES / "openspiel_search_bots.py").read_text(encoding="utf-8")
    assert "ismcts.ISMCTSBot(" in script and "mcts.MCTSBot(" in script
    assert "resample_from_infostate" in script
    assert "   howto-openspiel\n" in (docs / "index.rst").read_text(encoding="utf-8")
    assert ":doc:`howto-openspiel`" in (docs / "ai.rst").read_text(encoding="utf-8")

"""The server's load test, small (``nox -s load`` runs the bounded one): a few tables of
WebSocket seats played at once against ``mitosz-core serve`` in a subprocess, the server
stopped and started again in the middle; every game ends, and no decision was lost or
told twice (``tools/load.py`` checks each against the saved game)."""

from __future__ import annotations

import pytest

pytest.importorskip("websockets", reason="the load test needs the extra 'web'")
pytest.importorskip("starlette", reason="the server needs the extra 'web'")

from benchmarks import server_load as load


def test_tables_played_at_once_through_a_restart_lose_no_decision(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert load.main(["--tables", "4", "--restart-after", "1.5"]) == 0
    out = capsys.readouterr().out
    assert "server restarted in the middle: yes" in out
    assert "lost or duplicated decisions: none" in out

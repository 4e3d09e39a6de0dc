"""``mitosz-core serve`` without the extra ``web``: a usage error that names the extra to
install, not a traceback (the core never imports the server's libraries)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_serve_without_the_web_extra_names_the_extra() -> None:
    script = (
        "import sys\n"
        "sys.modules['starlette'] = None  # as if the extra were not installed\n"
        "from mitosz_core.cli import main\n"
        "raise SystemExit(main(['serve', '--port', '1']))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        env={"PYTHONPATH": str(ROOT / "src"), "PATH": ""},
        check=False,
    )
    assert done.returncode == 2, done.stderr
    assert "pip install 'mitosz-core[web]'" in done.stderr
    assert "Traceback" not in done.stderr

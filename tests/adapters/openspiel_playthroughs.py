"""OpenSpiel-style golden playthroughs of the registered games (as OpenSpiel keeps its
own under ``open_spiel/integration_tests/playthroughs``).

``python -m tests.adapters.openspiel_playthroughs --write`` records them again; the test
``test_openspiel_playthroughs.py`` replays each and compares it with the file.
"""

from __future__ import annotations

import sys
from pathlib import Path

from absl import flags
from open_spiel.python.algorithms import generate_playthrough

from mitosz_core.adapters import openspiel as _registers  # noqa: F401

DIRECTORY = Path(__file__).resolve().parent / "playthroughs"
GAMES = {
    "python_mitosz.txt": "python_mitosz(chance_seeds=4)",
    "python_mythos.txt": "python_mythos(chance_seeds=4)",
    "python_mitosz_flat.txt": "python_mitosz(action_encoding=flat,chance_seeds=4)",
    "python_mythos_flat.txt": "python_mythos(action_encoding=flat,chance_seeds=4)",
}
"""File name -> game string (the candidate encoding, the default, and the flat one); a
small seed space keeps the chance node's listing short."""
SEED = 1

if not flags.FLAGS.is_parsed():  # the replay reads a flag of OpenSpiel's command line
    flags.FLAGS.mark_as_parsed()


def write() -> None:
    for name, game in GAMES.items():
        text = generate_playthrough.playthrough(game, None, seed=SEED)
        (DIRECTORY / name).write_text(text, encoding="utf-8")


if __name__ == "__main__":
    if "--write" not in sys.argv:
        raise SystemExit("usage: python -m tests.adapters.openspiel_playthroughs --write")
    write()

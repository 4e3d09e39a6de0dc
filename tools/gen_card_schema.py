"""Write the effect-language part of the card schema from the language itself.

Usage: python tools/gen_card_schema.py [--check]

With ``--check`` nothing is written, and the exit status says whether the schema file is
up to date (the test suite runs the same comparison).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from mitosz_core.games.mitosz.carddata.effect_schema import regenerated

SCHEMA = (
    Path(__file__).resolve().parent.parent
    / "src"
    / "mitosz_core"
    / "schemas"
    / "mitosz-cards-1.schema.json"
)


def main(argv: list[str]) -> int:
    current = json.loads(SCHEMA.read_text(encoding="utf-8"))
    wanted = regenerated(current)
    if "--check" in argv:
        if wanted != current:
            print(f"{SCHEMA} is stale: run python tools/gen_card_schema.py")
            return 1
        print("card schema up to date")
        return 0
    SCHEMA.write_text(json.dumps(wanted, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote {SCHEMA}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))

"""Retained memory per state, in a fresh process: ``python -m benchmarks.memory [--size S]``.

Prints the measurement of :func:`benchmarks.workloads.retained_memory` as JSON.
"""

from __future__ import annotations

import argparse
import dataclasses
import json

from benchmarks.catalogue import MEMORY_GAME, SIZES
from benchmarks.workloads import retained_memory


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--size", choices=sorted(SIZES), default="default")
    args = parser.parse_args()
    ruleset, players, seed = MEMORY_GAME
    memory = retained_memory(ruleset, players, seed, SIZES[args.size].memory_states)
    print(json.dumps(dataclasses.asdict(memory)))


if __name__ == "__main__":
    main()

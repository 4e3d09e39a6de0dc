"""What the suite measures, on the public API only.

Everything here calls ``mitosz_core.new_game``, ``legal_actions``, ``apply``,
``State.evolve``, ``State.to_json``/``from_json``, ``state.history`` and
``state.is_over``, and nothing else of the engine, so that the same code runs against
the baseline commit and the rewritten runtime. Setup (``new_game``, building samples)
always happens outside the timed regions.
"""

from __future__ import annotations

import gc
import json
import random
import subprocess
import time
import tracemalloc
from dataclasses import dataclass
from typing import Any

import chess

import mitosz_core
from mitosz_core import Action, State

clock = time.process_time
"""The clock of every timed region: the CPU time of this process, so that the time other
work on the machine takes the cores away is not counted (on an idle machine it is the
wall time). The engine is single-threaded; a multi-threaded one would count every
thread's time here."""

Step = tuple[State[Any], Action]
"""A decision point of a game: the state and the action the random chooser took there."""


@dataclass(frozen=True)
class Tally:
    """What a timed run did: ``moves`` decisions (or chess plies) in ``seconds``."""

    games: int
    moves: int
    auto_passes: int
    seconds: float


def playouts(ruleset: str, players: int, seeds: tuple[int, ...]) -> Tally:
    """Play one random game per seed; time only the loop of decisions.

    A decision is one ``legal_actions`` and one ``apply`` by the deciding player, chosen
    by ``random.Random(seed)`` (the choice, a tiny part, is inside the timed loop). The
    passes the engine makes inside ``apply`` are counted apart, from the history, after
    the clock has stopped.
    """
    moves = auto = 0
    seconds = 0.0
    for seed in seeds:
        chooser = random.Random(seed)
        state = mitosz_core.new_game(ruleset, seed=seed, players=players)
        start = clock()
        while not state.is_over:
            state = mitosz_core.apply(state, chooser.choice(mitosz_core.legal_actions(state)))
            moves += 1
        seconds += clock() - start
        auto += sum(1 for decision in state.history if decision.auto)
    return Tally(len(seeds), moves, auto, seconds)


def chess_games(seeds: tuple[int, ...]) -> Tally:
    """python-chess random games to the end, ``is_game_over()`` checked every ply."""
    plies = 0
    seconds = 0.0
    for seed in seeds:
        chooser = random.Random(seed)
        board = chess.Board()
        start = clock()
        while not board.is_game_over():
            board.push(chooser.choice(list(board.legal_moves)))
            plies += 1
        seconds += clock() - start
    return Tally(len(seeds), plies, 0, seconds)


def midgame_sample(ruleset: str, players: int, seeds: tuple[int, ...], per_game: int) -> list[Step]:
    """``per_game`` decision points spread evenly over the middle half of each seed's
    random game, with their states as play leaves them (legal actions memoised)."""
    sample: list[Step] = []
    for seed in seeds:
        chooser = random.Random(seed)
        state = mitosz_core.new_game(ruleset, seed=seed, players=players)
        steps: list[Step] = []
        while not state.is_over:
            action = chooser.choice(mitosz_core.legal_actions(state))
            steps.append((state, action))
            state = mitosz_core.apply(state, action)
        middle = steps[len(steps) // 4 : 3 * len(steps) // 4]
        sample += [middle[i * len(middle) // per_game] for i in range(per_game)]
    return sample


def time_legal_actions(loops: int, sample: list[Step]) -> float:
    """``legal_actions`` on the states that ``apply`` makes from the sample's steps, fresh
    from ``apply`` as in play (nothing memoised on them yet); the ``apply`` is not timed."""
    elapsed = 0.0
    for _ in range(loops):
        fresh = [mitosz_core.apply(state, action) for state, action in sample]
        start = clock()
        for state in fresh:
            mitosz_core.legal_actions(state)
        elapsed += clock() - start
    return elapsed


def time_apply(loops: int, sample: list[Step]) -> float:
    """``apply`` of the chosen action, with the legal actions already memoised on the state
    as in play (``legal_actions`` came first), automatic passes that follow included."""
    start = clock()
    for _ in range(loops):
        for state, action in sample:
            mitosz_core.apply(state, action)
    return clock() - start


def time_copy(loops: int, sample: list[Step]) -> float:
    """``state.evolve(turn=state.turn)``: a copy that changes nothing."""
    start = clock()
    for _ in range(loops):
        for state, _action in sample:
            state.evolve(turn=state.turn)
    return clock() - start


def time_json_round_trip(loops: int, sample: list[Step]) -> float:
    """``State.from_json(state.to_json())``: save and load with validation."""
    start = clock()
    for _ in range(loops):
        for state, _action in sample:
            State.from_json(state.to_json())
    return clock() - start


TIMED = {
    "legal-actions": time_legal_actions,
    "apply": time_apply,
    "state-copy": time_copy,
    "json-round-trip": time_json_round_trip,
}
"""The timed function of each benchmark of ``catalogue.MICRO``."""


@dataclass(frozen=True)
class Memory:
    """Traced memory with all ``states`` kept, and with none of them kept."""

    states: int
    kept_all: int
    kept_none: int

    @property
    def per_state(self) -> float:
        """Bytes retained per state: shared parts are counted once."""
        return (self.kept_all - self.kept_none) / self.states


def retained_memory(ruleset: str, players: int, seed: int, limit: int) -> Memory:
    """Play up to ``limit`` successive states of one random game (without automatic
    passes) under tracemalloc, keeping every state; measure, drop them all, measure
    again. Memo caches stay as play leaves them, on the states and in the engine."""
    chooser = random.Random(seed)
    gc.collect()
    tracemalloc.start()
    try:
        start = tracemalloc.get_traced_memory()[0]
        state = mitosz_core.new_game(ruleset, seed=seed, players=players, auto_pass=False)
        kept = [state]
        while not state.is_over and len(kept) < limit:
            state = mitosz_core.apply(state, chooser.choice(mitosz_core.legal_actions(state)))
            kept.append(state)
        del state
        gc.collect()
        kept_all = tracemalloc.get_traced_memory()[0] - start
        states = len(kept)
        kept.clear()
        gc.collect()
        kept_none = tracemalloc.get_traced_memory()[0] - start
    finally:
        tracemalloc.stop()
    return Memory(states, kept_all, kept_none)


COLD_START = """\
import json, time
start = time.process_time()
import mitosz_core
imported = time.process_time()
mitosz_core.new_game("mitosz", seed=0, players=2)
first = time.process_time()
mitosz_core.new_game("mitosz", seed=1, players=2)
second = time.process_time()
print(json.dumps([imported - start, first - imported, second - first]))
"""
"""The child of :func:`cold_start`: imports nothing before the clock (CPU time, as
:data:`clock`) starts but ``json`` and ``time``."""


@dataclass(frozen=True)
class ColdStart:
    """Seconds to import ``mitosz_core`` in a fresh interpreter, then for its first
    ``new_game`` (which loads the card pool) and its second."""

    import_seconds: float
    first_game: float
    second_game: float


def cold_start(python: str) -> ColdStart:
    """Time the import and the first two ``new_game`` calls in a fresh ``python -I``."""
    done = subprocess.run(
        [python, "-I", "-c", COLD_START], capture_output=True, text=True, check=True
    )
    imported, first, second = json.loads(done.stdout)
    return ColdStart(float(imported), float(first), float(second))

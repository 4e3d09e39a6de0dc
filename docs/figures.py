"""Make the figures of the "Play, watch, simulate" page (``docs/play.rst``)::

    python docs/figures.py [--games N] [--jobs N] [--only pictures|simulation|examples]
                           [--ruleset mitosz|mythos]

- ``docs/figures/pictures/*.svg``: the board pictures of real positions, each reached by
  random play from a fixed seed through the public API;
- ``docs/figures/simulation-<ruleset>.inc``: every pair of built-in decks, 2 players, the
  heuristic bot on both sides (the random bot while a ruleset cannot sample
  determinizations), ``--games`` games a pair (default 40) with the seats swapped, as
  ``mitosz-core simulate --all-pairs`` plays them;
- ``docs/figures/*.txt``: the real output of the example commands of the page (a saved
  game ``docs/figures/game-mythos.json`` for ``replay`` and ``render``; ``play`` is run
  in a pseudo-terminal through pexpect, so its transcript is what a person sees).

``nox -s figures`` runs it; the files are committed, so the docs build needs no games.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import random
import re
import shlex
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pexpect

import mitosz_core as mc
from mitosz_core import render
from mitosz_core import simulate as sim
from mitosz_core.bots import sampling_available
from mitosz_core.cli import main as cli
from mitosz_core.kernel.registry import get

FIGURES = Path(__file__).resolve().parent / "figures"

Obs = dict[str, Any]


@dataclass(frozen=True)
class Picture:
    name: str
    ruleset: str
    seed: int
    until: Callable[[Obs], bool]
    """Random play stops at the first position whose spectator's view this holds for."""
    viewer: int | None
    players: int = 2


def _mitosz_board(obs: Obs) -> bool:
    return obs["turn"] >= 7 and all(len(p["empire"]) >= 2 for p in obs["players"])


PICTURES = (
    Picture("mitosz-board", "mitosz", 7, _mitosz_board, 0),
    Picture("mitosz-fight", "mitosz", 4, lambda o: bool(o["fight"] and o["fight"]["levels"]), 0),
    Picture("mitosz-counter-round", "mitosz", 5, lambda o: bool(o["stack"]), 1),
    Picture("mitosz-3-players", "mitosz", 2, lambda o: o["turn"] >= 9, None, players=3),
    Picture("mythos-board", "mythos", 3, lambda o: o["round"] >= 6, 0),
    Picture("mythos-fight", "mythos", 2, lambda o: o["combat"] is not None, 1),
)


def position(picture: Picture) -> mc.State[Any]:
    rng = random.Random(picture.seed)
    state = mc.new_game(picture.ruleset, seed=picture.seed, players=picture.players)
    while not state.is_over and not picture.until(render.spectator_view(state)):
        state = mc.apply(state, rng.choice(mc.legal_actions(state)))
    return state


def pictures() -> None:
    folder = FIGURES / "pictures"
    folder.mkdir(parents=True, exist_ok=True)
    for picture in PICTURES:
        state = position(picture)
        (folder / f"{picture.name}.svg").write_text(
            render.svg(state, picture.viewer), encoding="utf-8"
        )
        print(f"{picture.name}: turn {state.turn}, {state.phase}")


def simulation(ruleset: str, games: int, jobs: int, bot: str) -> None:
    decks = list(get(ruleset).builtin_decks())
    rows = [
        "   * - deck A",
        "     - deck B",
        "     - games",
        "     - A wins [95% Wilson interval]",
        "     - draws",
        "     - first player wins",
        "     - turns",
    ]
    for i, a in enumerate(decks):
        for b in decks[i + 1 :]:
            specs = sim.plan(ruleset, (a, b), (bot, bot), games)
            s = sim.summarize(sim.run(specs, jobs=jobs))
            rows += [
                f"   * - {a}",
                f"     - {b}",
                f"     - {s.games}",
                f"     - {s.wins['A'].text()}",
                f"     - {100 * s.draws.value:.1f}%",
                f"     - {s.first_player.text()}",
                f"     - {s.mean_turns:.1f}",
            ]
            print(f"{ruleset} {a} vs {b}: A {s.wins['A'].text()}")
    head = f"The {bot} bot on both sides, {games} games a pair, seats swapped.\n\n"
    text = head + ".. list-table::\n   :header-rows: 1\n\n" + "\n".join(rows) + "\n"
    (FIGURES / f"simulation-{ruleset}.inc").write_text(text, encoding="utf-8")


EXAMPLES = {
    "simulate-mythos": "simulate --ruleset mythos --games 40 --bots {bot} random -j 2",
    "simulate-mitosz": "simulate hellenic celtic --games 20 --bots {bot} random -j 2",
    "simulate-csv": "simulate --ruleset mythos --games 4 --bots {bot} random --format csv",
    "replay": "replay docs/figures/game-mythos.json --to 40 --player 0",
    "replay-json": "replay docs/figures/game-mythos.json --json --to {last}",
}
"""The example commands whose output the page shows, by the name of their output file;
``{bot}`` is the bot of :func:`best_bot`, ``{last}`` the last step of the saved game."""


def best_bot() -> str:
    """``heuristic`` where both rulesets can sample determinizations (which it needs),
    else ``random``."""
    ok = all(sampling_available(mc.new_game(r, seed=0)) for r in ("mitosz", "mythos"))
    return "heuristic" if ok else "random"


ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\r")


def examples() -> None:
    rng = random.Random(6)
    game = mc.new_game("mythos", seed=6)
    while not game.is_over:
        game = mc.apply(game, rng.choice(mc.legal_actions(game)))
    (FIGURES / "game-mythos.json").write_text(game.to_json(), encoding="utf-8")
    bot = best_bot()
    last = sum(1 for d in game.history if not d.auto)  # replay's steps: the decisions
    for name, template in EXAMPLES.items():
        command = template.format(bot=bot, last=last)
        out = io.StringIO()
        stdin = sys.stdin
        sys.stdin = io.StringIO("")  # replay reads its commands: none, so it shows one step
        try:
            with contextlib.redirect_stdout(out):
                status = cli(shlex.split(command))
            if status != 0:
                raise SystemExit(f"example {name}: {command!r} exited with {status}")
        finally:
            sys.stdin = stdin
        text = out.getvalue()
        if name == "replay-json":
            text = text[:600] + " ...\n"
        (FIGURES / f"{name}.txt").write_text(f"$ mitosz-core {command}\n{text}", encoding="utf-8")
        print(f"example {name}")
    (FIGURES / "play.txt").write_text(play_transcript(bot), encoding="utf-8")


def play_transcript(bot: str) -> str:
    """The first decisions of ``mitosz-core play --ruleset mythos --seed 3 --bot BOT`` as
    a person sees them in a terminal of 100 columns (colours taken out)."""
    prompt = r"choose 1-\d+ or a command> "
    child = pexpect.spawn(
        sys.executable,
        ["-m", "mitosz_core", "play", "--ruleset", "mythos", "--seed", "3", "--bot", bot],
        encoding="utf-8",
        timeout=120,
        dimensions=(60, 100),
    )
    log = io.StringIO()
    child.logfile_read = log
    for answer in ("help hydra", "1", "2", "undo", "1", "quit"):
        child.expect(prompt)
        child.sendline(answer)
    child.expect(pexpect.EOF)
    return "$ mitosz-core play --ruleset mythos --seed 3 --bot heuristic\n" + ANSI.sub(
        "", log.getvalue()
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=40, help="games a pair of decks")
    parser.add_argument("--jobs", "-j", type=int, default=2, help="local processes")
    parser.add_argument("--only", choices=("pictures", "simulation", "examples"))
    parser.add_argument(
        "--ruleset", action="append", help="simulate only this ruleset's decks (repeatable)"
    )
    args = parser.parse_args()
    if args.only in (None, "pictures"):
        pictures()
    if args.only in (None, "examples"):
        examples()
    if args.only in (None, "simulation"):
        for ruleset in args.ruleset or ("mitosz", "mythos"):
            simulation(ruleset, args.games, args.jobs, best_bot())


if __name__ == "__main__":
    main()

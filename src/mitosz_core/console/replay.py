"""``mitosz-core replay FILE`` and ``mitosz-core render FILE``.

``replay`` steps through a saved game (:mod:`mitosz_core.console.gamefile`), showing
what each decision did and the board after it, as a player or a spectator sees it. It
reads commands from standard input: Enter or ``n`` the next step (a decision, or a turn
with ``--by turn``), ``b`` the step back, ``t`` / ``T`` the next / previous turn,
``g N`` step N, ``q`` quit; end of input ends it too. ``--to N`` starts at step N.
``--json`` prints, instead, one JSON object a line for each step from ``--to`` on: the
step, the turn, the decision (player, action and its text) and the observation.
``--svg DIR`` writes the picture of each step to ``DIR/step-NNNN.svg``.

``render`` writes the picture (:func:`mitosz_core.render.svg`) of one position of a game
file: the last one, or step ``--to N``; ``-o`` names the file (``.png`` for PNG, which
needs the extra ``mitosz-core[png]``).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.markup import escape

from mitosz_core import render
from mitosz_core.console.board import board
from mitosz_core.console.gamefile import Game, load
from mitosz_core.errors import MitoszError
from mitosz_core.kernel.api import observe
from mitosz_core.kernel.registry import get
from mitosz_core.kernel.state import State

PICTURE_SUFFIXES = (".svg", ".png")
"""The picture formats ``render`` writes, by the output file's suffix."""


def _view(state: State[Any], player: int | None) -> dict[str, Any]:
    return render.spectator_view(state) if player is None else observe(state, player)


def _check(game: Game, args: argparse.Namespace) -> None:
    players = game.states[0].config.players
    if args.player is not None and not 0 <= args.player < players:
        raise MitoszError(f"--player {args.player}: the game has players 0 to {players - 1}")
    last = len(game.states) - 1
    if args.to is not None and not 0 <= args.to <= last:
        raise MitoszError(f"--to {args.to}: the game has steps 0 to {last}")


def step_text(game: Game, k: int) -> str:
    """What step ``k`` is: the start, or the decision that led to it."""
    total = len(game.states) - 1
    state = game.states[k]
    if k == 0:
        return f"step 0/{total}: the start, turn {state.turn}"
    decision = game.decisions[k - 1]
    before = game.states[k - 1]
    text = get(state.ruleset).describe(before, decision.action)
    return f"step {k}/{total}, turn {before.turn}: P{decision.player} {text}"


def _json_lines(game: Game, start: int, player: int | None) -> None:
    for k in range(start, len(game.states)):
        state = game.states[k]
        decision = None
        if k:
            d = game.decisions[k - 1]
            decision = {
                "player": d.player,
                "action": json.loads(d.action.to_json()),
                "text": get(state.ruleset).describe(game.states[k - 1], d.action),
            }
        line = {
            "step": k,
            "turn": state.turn,
            "decision": decision,
            "observation": _view(state, player),
        }
        print(json.dumps(line, ensure_ascii=False))


def _svgs(game: Game, folder: str, player: int | None) -> int:
    out = Path(folder)
    try:
        out.mkdir(parents=True, exist_ok=True)
        for k, state in enumerate(game.states):
            (out / f"step-{k:04d}.svg").write_text(render.svg(state, player), encoding="utf-8")
    except OSError as exc:
        raise MitoszError(f"--svg {folder!r}: {exc.strerror}") from None
    return len(game.states)


def turn_starts(game: Game) -> list[int]:
    """The first step of each turn."""
    starts = [0]
    for k in range(1, len(game.states)):
        if game.states[k].turn != game.states[k - 1].turn:
            starts.append(k)
    return starts


def run_replay(args: argparse.Namespace) -> int:
    game = load(args.file)
    _check(game, args)
    start = args.to or 0
    if args.svg is not None:
        written = _svgs(game, args.svg, args.player)
        print(f"wrote {written} pictures to {args.svg}", file=sys.stderr)
    if args.json:
        _json_lines(game, start, args.player)
    if args.json or args.svg is not None:
        return 0
    console = Console(highlight=False)
    last = len(game.states) - 1
    k = start
    starts = turn_starts(game)

    def show() -> None:
        state = game.states[k]
        console.rule(escape(step_text(game, k)))
        console.print(
            board(_view(state, args.player), {d.key: d for d in state.game.cards}, args.player)
        )

    show()
    while True:
        try:
            answer = input("[Enter/n] next, b back, t/T next/previous turn, g N, q> ").strip()
        except EOFError:
            return 0
        word, _, rest = answer.partition(" ")
        if word in ("", "n"):
            step = next((s for s in starts if s > k), last)
            k = step if args.by == "turn" else min(k + 1, last)
        elif word == "b":
            k = max(k - 1, 0)
        elif word == "t":
            k = next((s for s in starts if s > k), last)
        elif word == "T":
            k = max((s for s in starts if s < k), default=0)
        elif word == "g" and rest.strip().isdigit() and int(rest) <= last:
            k = int(rest)
        elif word == "q":
            return 0
        else:
            console.print(f"not understood: {escape(answer)!r}")
            continue
        show()


def run_render(args: argparse.Namespace) -> int:
    game = load(args.file)
    _check(game, args)
    state = game.states[-1 if args.to is None else args.to]
    out = Path(args.output)
    if out.suffix.lower() not in PICTURE_SUFFIXES:
        raise MitoszError(
            f"-o {args.output!r}: the picture is written as SVG or PNG; name a file ending "
            "in .svg or .png"
        )
    try:
        if out.suffix.lower() == ".png":
            out.write_bytes(render.png(state, args.player))
        else:
            out.write_text(render.svg(state, args.player), encoding="utf-8")
    except OSError as exc:
        raise MitoszError(f"-o {args.output!r}: {exc.strerror}") from None
    print(f"wrote {args.output}", file=sys.stderr)
    return 0


def add_parsers(sub: Any, rulesets: Sequence[str]) -> None:
    """Add ``replay`` and ``render`` to the command line."""
    replay = sub.add_parser(
        "replay",
        help="step through a saved game, forward and back",
        description="Step through a game file (a saved state, or a game log of seed, decks "
        "and actions): what each decision did and the board after it. Commands on standard "
        "input: Enter/n next, b back, t/T next/previous turn, g N, q.",
    )
    replay.add_argument("file", metavar="FILE", help="a saved state or a game log (JSON)")
    replay.add_argument("--to", type=int, metavar="N", help="start at step N (0 is the start)")
    replay.add_argument(
        "--by",
        choices=("decision", "turn"),
        default="decision",
        help="what Enter steps by (default: decision)",
    )
    replay.add_argument(
        "--player",
        type=int,
        metavar="P",
        help="show what player P sees (default: a spectator's view)",
    )
    replay.add_argument(
        "--json", action="store_true", help="print each step's observation as a JSON line instead"
    )
    replay.add_argument(
        "--svg", metavar="DIR", help="write the picture of each step to DIR/step-NNNN.svg"
    )
    replay.set_defaults(run=run_replay)
    draw = sub.add_parser(
        "render",
        help="draw a position of a saved game as SVG (or PNG)",
        description="Write the picture of the board of a game file: its last position, or "
        "step --to N.",
    )
    draw.add_argument("file", metavar="FILE", help="a saved state or a game log (JSON)")
    draw.add_argument(
        "-o",
        "--output",
        default="board.svg",
        metavar="OUT",
        help="the picture to write, .svg or .png (default: board.svg)",
    )
    draw.add_argument(
        "--to", type=int, metavar="N", help="draw step N instead of the last position"
    )
    draw.add_argument(
        "--player", type=int, metavar="P", help="as player P sees it (default: a spectator)"
    )
    draw.set_defaults(run=run_render)

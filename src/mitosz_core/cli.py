"""The ``mitosz-core`` command line: ``demo``, ``bench``, ``rules`` and ``machine``."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import Any

from mitosz_core.kernel.api import apply, new_game, observe
from mitosz_core.kernel.registry import get, names


def _demo(args: argparse.Namespace) -> int:
    from mitosz_core.bots import RandomBot

    state = new_game(args.ruleset, seed=args.seed, players=args.players)
    rs = get(args.ruleset)
    bots = [RandomBot(args.seed * 1000 + i) for i in range(args.players)]
    names = [f"P{i} ({deck.name})" for i, deck in enumerate(state.config.decks)]
    print(f"{rs.title}: seed {args.seed}, {args.players} players: {', '.join(names)}")
    turn = 0
    while not state.is_over:
        if state.turn != turn:
            turn = state.turn
            _turn_header(state, names)
        assert state.to_act is not None
        player = state.to_act
        action = bots[player].choose(state)
        text = rs.describe(state, action)
        state = apply(state, action)
        if text != "passes":
            print(f"    P{player} {text}")
    _result(state, names)
    return 0


def _player_line(view: dict[str, Any]) -> str:
    """A one-line summary of a player's observation: its numbers, the sizes of its piles
    and rows, and its number tables (spheres); the same for every ruleset."""
    parts: list[str] = []
    for key, value in view.items():
        label = key.replace("_", " ")
        if isinstance(value, bool) or value is None:
            continue
        if isinstance(value, int):
            parts.append(f"{label} {value}")
        elif isinstance(value, list) and f"{key}_size" not in view:
            parts.append(f"{label} {len(value)}")
        elif (
            isinstance(value, dict)
            and value
            and all(isinstance(v, int) and not isinstance(v, bool) for v in value.values())
        ):
            parts.append(f"{label} {'/'.join(str(v) for v in value.values())}")
    return ", ".join(parts)


def _turn_header(state: Any, names: list[str]) -> None:
    view = observe(state, 0)
    active = view.get("active", state.to_act)
    print(f"\n== Turn {state.turn}: {names[active]} ==")
    for i, p in enumerate(view["players"]):
        print(f"  P{i}: {_player_line(p)}")


def _result(state: Any, names: list[str]) -> None:
    view = observe(state, 0)
    ending = view.get("ending") or "the rules"
    print(f"\nGame over after {state.turn} turns ({ending}).")
    for i, p in enumerate(view["players"]):
        print(f"  P{i}: {_player_line(p)}")
    if state.winner is None:
        print("Result: a draw.")
    else:
        print(f"Result: {names[state.winner]} wins.")
    return None


def _bench(args: argparse.Namespace) -> int:
    from mitosz_core.bench import run

    result = run(args.ruleset, games=args.games, players=args.players, first_seed=args.seed)
    print(result.report())
    return 0


def _rules(args: argparse.Namespace) -> int:
    from mitosz_core.registry_data import coverage, load

    rules = load(args.file)
    table = coverage(rules)
    statuses = ("implemented", "partial", "planned", "not-applicable")
    print(f"{'chapter':<14}" + "".join(f"{s:>16}" for s in statuses) + f"{'total':>8}")
    for chapter, counts in table.items():
        row = "".join(f"{counts.get(s, 0):>16}" for s in statuses)
        print(f"{chapter:<14}{row}{sum(counts.values()):>8}")
    total = sum((c for c in table.values()), start=type(next(iter(table.values())))())
    row = "".join(f"{total.get(s, 0):>16}" for s in statuses)
    print(f"{'all':<14}{row}{sum(total.values()):>8}")
    return 0


def _emit(result: tuple[int, str]) -> int:
    """Print a tool's text (to stderr when it failed) and return its exit code."""
    code, text = result
    print(text, file=sys.stdout if code == 0 else sys.stderr)
    return code


def _cards(args: argparse.Namespace) -> int:
    from mitosz_core.games.mitosz.carddata import tools

    if args.cards_command == "validate":
        return _emit(tools.validate_sets(args.paths))
    if args.cards_command == "list":
        return _emit(tools.list_cards(mythos=args.mythos, type=args.type))
    return _emit(tools.coverage())


def _deck(args: argparse.Namespace) -> int:
    from mitosz_core.games.mitosz.carddata import tools

    return _emit(tools.validate_deck(args.file))


def _machine(args: argparse.Namespace) -> int:
    print(get(args.ruleset).machine.spec.mermaid())
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="mitosz-core", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    rulesets = names()

    demo = sub.add_parser("demo", help="play a full game between random bots and print it")
    demo.add_argument("--ruleset", default="mitosz", choices=rulesets)
    demo.add_argument("--seed", type=int, default=1)
    demo.add_argument("--players", type=int, default=2)
    demo.set_defaults(run=_demo)

    bench = sub.add_parser("bench", help="random-playout throughput")
    bench.add_argument("--ruleset", default="mitosz", choices=rulesets)
    bench.add_argument("--games", type=int, default=50)
    bench.add_argument("--players", type=int, default=2)
    bench.add_argument("--seed", type=int, default=0, help="first seed of the fixed range")
    bench.set_defaults(run=_bench)

    rules = sub.add_parser("rules", help="rule registry coverage by chapter")
    rules.add_argument("--file", default="mitosz-1.1.2.yaml")
    rules.set_defaults(run=_rules)

    cards = sub.add_parser("cards", help="Mítosz card sets: validate, list, coverage")
    cards_sub = cards.add_subparsers(dest="cards_command", required=True)
    validate = cards_sub.add_parser("validate", help="check card set files (TOML)")
    validate.add_argument("paths", nargs="+")
    listing = cards_sub.add_parser("list", help="list the built-in cards")
    listing.add_argument("--mythos")
    listing.add_argument("--type")
    cards_sub.add_parser("coverage", help="which cards use each keyword; fails on an unused one")
    cards.set_defaults(run=_cards)

    deck = sub.add_parser("deck", help="Mítosz deck files")
    deck_sub = deck.add_subparsers(dest="deck_command", required=True)
    deck_validate = deck_sub.add_parser("validate", help="check a deck file against 1.3.1")
    deck_validate.add_argument("file")
    deck.set_defaults(run=_deck)

    machine = sub.add_parser("machine", help="print the state machine as a Mermaid diagram")
    machine.add_argument("--ruleset", default="mitosz", choices=rulesets)
    machine.set_defaults(run=_machine)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        result: int = args.run(args)
    except BrokenPipeError:  # e.g. piped into head
        sys.stderr.close()
        return 0
    return result


if __name__ == "__main__":
    raise SystemExit(main())

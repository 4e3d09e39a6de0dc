"""The ``mitosz-core`` command line: ``demo``, ``bench``, ``rules``, ``cards``, ``deck``,
``machine``, ``play``, ``replay``, ``render`` and ``simulate`` (``mitosz-core --help``
lists them, ``mitosz-core COMMAND --help`` their options; the last four live in
:mod:`mitosz_core.console`).

Exit status: 0 when all is well; 1 when the data a check was asked about is invalid
(``cards validate``, ``cards coverage``, ``deck validate``); 2 for a usage error: a bad
option value, an unknown card or a file that cannot be read or used. Every error is
printed to standard error, one line per problem, never as a traceback.
"""

from __future__ import annotations

import argparse
import dataclasses
import enum
import os
import sys
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from mitosz_core.bench import run as run_bench
from mitosz_core.bots import RandomBot
from mitosz_core.console import play as play_command
from mitosz_core.console import replay as replay_command
from mitosz_core.console import serve as serve_command
from mitosz_core.console import simulate as simulate_command
from mitosz_core.console.progress import progress
from mitosz_core.errors import MitoszError, RegistryError
from mitosz_core.games.mitosz.carddata import tools
from mitosz_core.games.mitosz.cards import SPHERES
from mitosz_core.games.mitosz.cards import CardDef as MitoszCard
from mitosz_core.games.mythos.cards import CardDef as MythosCard
from mitosz_core.games.mythos.cards import CardType as MythosType
from mitosz_core.games.mythos.cards import Faction
from mitosz_core.kernel import diagram
from mitosz_core.kernel.api import apply, new_game, observe
from mitosz_core.kernel.registry import get, names
from mitosz_core.kernel.ruleset import Ruleset
from mitosz_core.registry_data import REGISTRY_FILES, coverage, load_file, registry_dir

PROG = "mitosz-core"
DESCRIPTION = """\
The rules engine for Mítosz 1.1.2 and MYTHOS on the command line: play and time games
between random bots, show the rule registry and the state machine, list, show and check
cards, and check deck files."""
EPILOG = """\
examples:
  mitosz-core demo --seed 7 --players 3
  mitosz-core demo --ruleset mythos
  mitosz-core bench --games 20
  mitosz-core rules --ruleset mythos
  mitosz-core cards list --ruleset mythos --type unit
  mitosz-core cards show "Zeus (high god)"
  mitosz-core deck validate my.deck --card-set my-set.toml
  mitosz-core play --bot heuristic
  mitosz-core replay game.json --by turn
  mitosz-core render game.json -o board.svg
  mitosz-core simulate hellenic celtic --games 200 --bots heuristic random -j 2

exit status: 0 all is well; 1 the checked data is invalid; 2 a usage error (a bad option,
an unknown card, a file that cannot be read). Errors go to standard error, one line per
problem."""

OK, INVALID, USAGE = 0, 1, 2


class UsageError(Exception):
    """Bad arguments: each item of ``problems`` is printed on its own line, after
    ``prog`` (the command); exit 2."""

    def __init__(self, *problems: str, prog: str = PROG) -> None:
        super().__init__("; ".join(problems))
        self.problems = problems
        self.prog = prog


# demo and bench -----------------------------------------------------------------------


def _ruleset(args: argparse.Namespace) -> Ruleset[Any]:
    """The chosen ruleset, with the ``--card-set`` files loaded beside its cards."""
    rs = get(args.ruleset)
    card_sets: list[str] = getattr(args, "card_set", None) or []
    _readable(card_sets, "--card-set")
    return rs.with_card_sets(card_sets) if card_sets else rs


def _check_players(rs: Ruleset[Any], players: int) -> None:
    if not rs.min_players <= players <= rs.max_players:
        raise UsageError(
            f"argument --players: {rs.title} is played by {rs.players_text()}, not {players}"
        )


def _demo(args: argparse.Namespace) -> int:
    rs = get(args.ruleset)
    _check_players(rs, args.players)
    state = new_game(args.ruleset, seed=args.seed, players=args.players)
    bots = [RandomBot(args.seed * 1000 + i) for i in range(args.players)]
    players = [f"P{i} ({deck.name})" for i, deck in enumerate(state.config.decks)]
    print(f"{rs.title}: seed {args.seed}, {args.players} players: {', '.join(players)}")
    turn = 0
    while not state.is_over:
        if state.turn != turn:
            turn = state.turn
            _turn_header(state, players)
        assert state.to_act is not None
        player = state.to_act
        action = bots[player].choose(state)
        text = rs.describe(state, action)
        state = apply(state, action)
        if text != "passes":
            print(f"    P{player} {text}")
    if state.turn != turn:  # the game ended as a new turn began, before any decision in it
        _turn_header(state, players)
    _result(state, players)
    return OK


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


def _turn_header(state: Any, players: list[str]) -> None:
    view = observe(state, 0)
    active = view.get("active", state.to_act)
    print(f"\n== Turn {state.turn}: {players[active]} ==")
    for i, p in enumerate(view["players"]):
        print(f"  P{i}: {_player_line(p)}")


def _result(state: Any, players: list[str]) -> None:
    view = observe(state, 0)
    ending = view.get("ending") or "the rules"
    print(f"\nGame over in turn {state.turn} ({ending}).")
    for i, p in enumerate(view["players"]):
        print(f"  P{i}: {_player_line(p)}")
    if state.winner is None:
        print("Result: a draw.")
    else:
        print(f"Result: {players[state.winner]} wins.")


def _bench(args: argparse.Namespace) -> int:
    _check_players(get(args.ruleset), args.players)
    with progress(f"{args.ruleset}: {args.games} games", args.games) as bar:
        result = run_bench(
            args.ruleset,
            games=args.games,
            players=args.players,
            first_seed=args.seed,
            on_game=bar.advance,
        )
    print(result.report())
    return OK


# rules and machine --------------------------------------------------------------------


def _rules(args: argparse.Namespace) -> int:
    if args.file is not None:
        path = Path(args.file)
        _readable([args.file], "--file")
    else:
        path = registry_dir() / REGISTRY_FILES[args.ruleset]
    try:
        rules = load_file(path)
    except RegistryError as exc:
        raise UsageError(_one_line(str(exc))) from None
    table = coverage(rules)
    statuses = ("implemented", "partial", "planned", "not-applicable")
    print(f"{'chapter':<14}" + "".join(f"{s:>16}" for s in statuses) + f"{'total':>8}")
    total: dict[str, int] = dict.fromkeys(statuses, 0)
    for chapter, counts in table.items():
        row = "".join(f"{counts.get(s, 0):>16}" for s in statuses)
        print(f"{chapter:<14}{row}{sum(counts.values()):>8}")
        for status, n in counts.items():
            total[status] = total.get(status, 0) + n
    row = "".join(f"{total.get(s, 0):>16}" for s in statuses)
    print(f"{'all':<14}{row}{sum(total.values()):>8}")
    return OK


def _machine(args: argparse.Namespace) -> int:
    machine = get(args.ruleset).machine
    try:
        chosen = diagram.part(machine, args.part)
    except KeyError:
        known = ", ".join(p.name for p in (*machine.spec.parts, diagram.WHOLE))
        raise UsageError(
            f"argument --part: {args.ruleset} has no part {args.part!r}; expected one of: {known}"
        ) from None
    print(diagram.draw(machine, chosen).text, end="")
    return OK


# cards and deck -----------------------------------------------------------------------


def _emit(result: tuple[int, str]) -> int:
    """Print a tool's text (to stderr when it failed) and return its exit code."""
    code, text = result
    print(text, file=sys.stdout if code == OK else sys.stderr)
    return code


def _cards(args: argparse.Namespace) -> int:
    command: Callable[[argparse.Namespace], int] = {
        "validate": _cards_validate,
        "list": _cards_list,
        "show": _cards_show,
        "coverage": _cards_coverage,
    }[args.cards_command]
    return command(args)


def _cards_validate(args: argparse.Namespace) -> int:
    _readable(args.paths, "file")
    if args.ruleset == "mitosz":
        return _emit(tools.validate_sets(args.paths))
    try:
        pool = get(args.ruleset).with_card_sets(args.paths).card_pool() or {}
    except MitoszError as exc:
        return _emit((INVALID, f"error: {exc}"))
    added = len(pool) - len(get(args.ruleset).card_pool() or {})
    return _emit((OK, f"ok: {added} cards in {len(args.paths)} card sets"))


def _cards_list(args: argparse.Namespace) -> int:
    rs = _ruleset(args)
    pool = rs.card_pool() or {}
    if args.ruleset == "mitosz":
        if args.faction is not None:
            raise UsageError("argument --faction: MYTHOS cards only; Mítosz cards have --mythos")
        mitosz_pool = {k: c for k, c in pool.items() if isinstance(c, MitoszCard)}
        code, text = tools.list_cards(
            mythos=args.mythos, type=args.type, pool=mitosz_pool, text=args.text
        )
        if code == USAGE:
            raise UsageError(text.removeprefix("error: "))
        return _emit((code, text))
    if args.mythos is not None:
        raise UsageError("argument --mythos: Mítosz cards only; MYTHOS cards have --faction")
    cards = [c for c in pool.values() if isinstance(c, MythosCard)]
    if args.faction is not None:
        wanted = _choice(Faction, args.faction, "--faction")
        cards = [c for c in cards if c.faction is wanted]
    if args.type is not None:
        kind = _choice(MythosType, args.type, "--type")
        cards = [c for c in cards if c.type is kind]
    rows = [("key", "type", "kind", "faction", "cost", "attack", "life", "count")]
    rows += [
        (
            c.key,
            c.type.value,
            c.kind.value if c.kind else "-",
            c.faction.value,
            str(c.cost),
            str(c.attack) if c.type is MythosType.UNIT else "-",
            str(c.life) if c.type is MythosType.UNIT else "-",
            str(c.count),
        )
        for c in cards
    ]
    if not cards:
        return _emit((OK, "no cards"))
    lines = _table(rows).splitlines()
    if args.text:
        lines = [lines[0]] + [
            f"{line}\n    {card.text_en}" if card.text_en else line
            for line, card in zip(lines[1:], cards, strict=True)
        ]
    return _emit((OK, "\n".join(lines)))


def _cards_show(args: argparse.Namespace) -> int:
    pool = _ruleset(args).card_pool() or {}
    card = pool.get(args.key)
    if card is None:
        raise UsageError(f"unknown card {args.key!r}{_did_you_mean(args.key, pool)}")
    print("\n".join(card_lines(card)))
    return OK


def _cards_coverage(args: argparse.Namespace) -> int:
    return _emit(tools.coverage())


def _deck(args: argparse.Namespace) -> int:
    _readable([args.file], "file")
    return _emit(tools.validate_deck(args.file, _ruleset(args)))


def card_lines(card: object) -> list[str]:
    """A card's fields and rules text, one ``field: value`` line each (empty fields left
    out), for ``cards show``."""
    if not dataclasses.is_dataclass(card) or isinstance(card, type):
        return [str(card)]
    lines: list[str] = []
    for f in dataclasses.fields(card):
        if not f.init:
            continue
        value = getattr(card, f.name)
        text = _field_text(card, f.name, value)
        if text:
            lines.append(f"{f.name}: {text}")
    return lines


def _field_text(card: object, name: str, value: object) -> str:
    if isinstance(card, MitoszCard) and name in ("cost", "spheres", "produces"):
        pairs = zip(SPHERES, _card_tuple(value), strict=True)
        return ", ".join(f"{sphere.value} {n}" for sphere, n in pairs if n)
    if isinstance(card, MitoszCard) and name == "level" and card.level_modifier:
        return f"{card.level:+d}"
    if name == "maneuvers":
        return "; ".join(getattr(m, "name", str(m)) for m in _card_tuple(value))
    if name == "triggers":
        return "; ".join(_trigger_text(t) for t in _card_tuple(value))
    if name in ("users", "summoning", "level_modifier"):
        return ""
    if isinstance(value, enum.Enum):
        return str(value.value)
    if isinstance(value, bool):
        return "yes" if value else ""
    if isinstance(value, tuple):
        return ", ".join(_field_text(card, "", v) for v in value)
    if value is None or value == "":
        return ""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        parts = (_field_text(card, "", getattr(value, f.name)) for f in dataclasses.fields(value))
        return " ".join(p for p in parts if p)
    return str(value)


def _card_tuple(value: object) -> tuple[Any, ...]:
    return value if isinstance(value, tuple) else ()


def _trigger_text(trigger: object) -> str:
    kind = getattr(trigger, "type", None)
    when = getattr(trigger, "when", None)
    text = kind.value if isinstance(kind, enum.Enum) else str(trigger)
    return f"{text} ({when.value})" if isinstance(when, enum.Enum) else text


def _table(rows: Sequence[Sequence[str]]) -> str:
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    return "\n".join(
        "  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)).rstrip()
        for row in rows
    )


def _choice(kind: type[enum.Enum], value: str, option: str) -> enum.Enum:
    try:
        return kind(value)
    except ValueError:
        known = ", ".join(str(m.value) for m in kind)
        raise UsageError(
            f"argument {option}: unknown {value!r}; expected one of: {known}"
        ) from None


def _did_you_mean(key: str, pool: Mapping[str, object]) -> str:
    close = [k for k in pool if k.lower() == key.lower()] or [
        k for k in pool if key.lower() in k.lower()
    ]
    return f"; did you mean {' or '.join(repr(k) for k in close[:3])}?" if close else ""


def _readable(paths: Sequence[str], what: str) -> None:
    """Every path names a readable file; else a usage error naming each one that does not."""
    problems = [
        f"{what} {path!r}: no such file"
        if not os.path.exists(path)
        else f"{what} {path!r}: not a file"
        for path in paths
        if not os.path.isfile(path)
    ]
    if problems:
        raise UsageError(*problems)


def _one_line(text: str) -> str:
    """``text`` with its line breaks and runs of spaces made single spaces."""
    return " ".join(text.split())


# the parser ---------------------------------------------------------------------------


def _whole(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None


def _at_least_one(text: str) -> int:
    value = _whole(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number of at least 1, got {text!r}")
    return value


class _Parser(argparse.ArgumentParser):
    """An argument parser that raises :class:`UsageError` instead of exiting."""

    def error(self, message: str) -> Any:  # argparse's signature returns NoReturn
        raise UsageError(f"{message} (see {self.prog} --help)", prog=self.prog)


def build_parser() -> argparse.ArgumentParser:
    """The parser of every command and option."""
    parser = _Parser(
        prog=PROG,
        description=DESCRIPTION,
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    sub = parser.add_subparsers(
        dest="command",
        required=True,
        metavar="COMMAND",
        parser_class=_Parser,
        help="one of the commands below; 'mitosz-core COMMAND --help' shows its options",
    )
    rulesets = names()

    def ruleset_option(p: argparse.ArgumentParser, what: str) -> None:
        p.add_argument(
            "--ruleset",
            default="mitosz",
            choices=rulesets,
            help=f"the ruleset {what} (default: mitosz)",
        )

    def card_set_option(p: argparse.ArgumentParser) -> None:
        p.add_argument(
            "--card-set",
            action="append",
            metavar="FILE",
            help="a card set (TOML) to load beside the built-in cards; may be repeated",
        )

    demo = sub.add_parser(
        "demo",
        help="play a full game between random bots and print it",
        description="Play a full game between random bots on the built-in decks and print "
        "it turn by turn.",
    )
    ruleset_option(demo, "to play")
    demo.add_argument("--seed", type=_whole, default=1, help="the game's seed (default: 1)")
    demo.add_argument(
        "--players",
        type=_whole,
        default=2,
        help="the number of players: 2 to 4 for Mítosz, 2 for MYTHOS (default: 2)",
    )
    demo.set_defaults(run=_demo)

    bench = sub.add_parser(
        "bench",
        help="measure random-playout throughput",
        description="Play random games on a fixed range of seeds and report decisions "
        "per second and games per second.",
    )
    ruleset_option(bench, "to time")
    bench.add_argument(
        "--games", type=_at_least_one, default=50, help="games to play, at least 1 (default: 50)"
    )
    bench.add_argument(
        "--players", type=_whole, default=2, help="players in each game (default: 2)"
    )
    bench.add_argument("--seed", type=_whole, default=0, help="the first seed (default: 0)")
    bench.set_defaults(run=_bench)

    rules = sub.add_parser(
        "rules",
        help="show the rule registry's coverage by chapter",
        description="Count the rules of a rule registry by chapter and status.",
    )
    which = rules.add_mutually_exclusive_group()
    which.add_argument(
        "--ruleset",
        default="mitosz",
        choices=rulesets,
        help="show the registry of this ruleset (default: mitosz)",
    )
    which.add_argument("--file", metavar="FILE", help="show the registry in this YAML file")
    rules.set_defaults(run=_rules)

    cards = sub.add_parser(
        "cards",
        help="list, show and check cards",
        description="List, show and check the cards of a ruleset.",
    )
    cards_sub = cards.add_subparsers(
        dest="cards_command",
        required=True,
        metavar="SUBCOMMAND",
        parser_class=_Parser,
        help="what to do with the cards",
    )
    validate = cards_sub.add_parser(
        "validate",
        help="check card set files (TOML)",
        description="Load card set files together and report the first problem.",
    )
    ruleset_option(validate, "whose card format the files use")
    validate.add_argument("paths", nargs="+", metavar="FILE", help="a card set file")
    listing = cards_sub.add_parser(
        "list",
        help="list the cards, one line each",
        description="List the cards of a ruleset (the built-in ones and any --card-set).",
    )
    ruleset_option(listing, "whose cards to list")
    listing.add_argument("--mythos", help="Mítosz: only the cards of this mythos, e.g. celtic")
    listing.add_argument("--faction", help="MYTHOS: only the cards of this faction, e.g. chaos")
    listing.add_argument("--type", help="only the cards of this card type, e.g. leader or unit")
    listing.add_argument(
        "--text", action="store_true", help="print each card's English text under its line"
    )
    card_set_option(listing)
    show = cards_sub.add_parser(
        "show",
        help="show one card's fields and rules text",
        description="Show one card: its fields and its rules text.",
    )
    show.add_argument("key", metavar="KEY", help="the card's key, e.g. 'Zeus (high god)'")
    ruleset_option(show, "of the card")
    card_set_option(show)
    cards_sub.add_parser(
        "coverage",
        help="Mítosz: which cards use each keyword; fails on an unused one",
        description="List the built-in Mítosz cards that use each keyword; exit status 1 "
        "if a keyword is used by no card.",
    )
    cards.set_defaults(run=_cards)

    deck = sub.add_parser(
        "deck",
        help="check deck files",
        description="Check deck files against a ruleset's cards and deck rules.",
    )
    deck_sub = deck.add_subparsers(
        dest="deck_command",
        required=True,
        metavar="SUBCOMMAND",
        parser_class=_Parser,
        help="what to do with the deck file",
    )
    deck_validate = deck_sub.add_parser(
        "validate",
        help="check a deck file: its lines and the deck rules",
        description="Check a deck file: every line, every card and every deck rule; each "
        "problem is reported on its own line.",
    )
    deck_validate.add_argument("file", metavar="FILE", help="the deck file")
    ruleset_option(deck_validate, "whose deck rules apply")
    card_set_option(deck_validate)
    deck.set_defaults(run=_deck)

    machine = sub.add_parser(
        "machine",
        help="print the state machine as a Mermaid diagram",
        description="Print a ruleset's state machine, or one part of it, as a Mermaid state"
        " diagram drawn from the table the engine follows.",
    )
    ruleset_option(machine, "whose machine to print")
    machine.add_argument(
        "--part",
        default="all",
        metavar="PART",
        help="one sub-diagram ("
        + "; ".join(
            f"{name}: {', '.join(part.name for part in get(name).machine.spec.parts)}"
            for name in rulesets
            if get(name).machine.spec.parts
        )
        + "), or all, the whole machine (default: all)",
    )
    machine.set_defaults(run=_machine)
    play_command.add_parser(sub, rulesets)
    replay_command.add_parsers(sub, rulesets)
    simulate_command.add_parser(sub, rulesets)
    serve_command.add_parser(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    try:
        args = build_parser().parse_args(argv)
        result: int = args.run(args)
    except SystemExit as exc:  # --help and friends
        return exc.code if isinstance(exc.code, int) else OK
    except UsageError as exc:
        for problem in exc.problems:
            print(f"{exc.prog}: error: {_one_line(problem)}", file=sys.stderr)
        return USAGE
    except MitoszError as exc:
        print(f"{PROG}: error: {_one_line(str(exc))}", file=sys.stderr)
        return USAGE
    except BrokenPipeError:  # e.g. piped into head
        sys.stderr.close()
        return OK
    return result


if __name__ == "__main__":
    raise SystemExit(main())

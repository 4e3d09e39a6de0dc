"""``mitosz-core play``: a person plays against bots in the terminal.

At each of their decisions the program shows the board from their side
(:mod:`mitosz_core.console.board`; again only when another player has acted or a turn
has begun since it was last shown) and the legal actions, numbered, each with a readable
text that no other legal action has. The player answers with a number or a command:

- ``help NAME`` (or ``? NAME``): a card's text, by its key or name;
- ``undo``: take back their own last decision (the game is replayed from its log
  without it, and without what the bots did after it);
- ``save [FILE]``: save the game (a saved state, which ``--resume`` and
  ``mitosz-core replay`` read);
- ``board``: show the board again; ``quit``: stop (end of input does the same).

``--position FILE`` starts from a position file (:doc:`/judge-position`) instead of a
set-up; ``undo`` then goes back no further than the position.
"""

from __future__ import annotations

import argparse
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.markup import escape

from mitosz_core.bots import BOT_SPECS, check_bots, make_bot
from mitosz_core.console.board import board, card_text
from mitosz_core.console.gamefile import read
from mitosz_core.console.positions import position_state
from mitosz_core.errors import DecodeError, MitoszError
from mitosz_core.kernel.action import Action
from mitosz_core.kernel.api import apply, legal_actions, new_game, observe, replay
from mitosz_core.kernel.registry import get
from mitosz_core.kernel.state import State
from mitosz_core.kernel.view import Bot, view

COMMANDS = "a number, help NAME, undo, save [FILE], board, quit"


def action_texts(state: State[Any]) -> list[str]:
    """A text for each legal action, in their order, no two the same: the ruleset's
    sentence, with the action's own form added where two sentences coincide."""
    describe = get(state.ruleset).describe
    actions = legal_actions(state)
    texts = [describe(state, a) for a in actions]
    for k, text in enumerate(texts):
        if texts.count(text) > 1:
            texts[k] = f"{text} [{actions[k]}]"
    seen: dict[str, int] = {}
    for k, text in enumerate(texts):  # the last resort: number what still coincides
        seen[text] = seen.get(text, 0) + 1
        if seen[text] > 1:
            texts[k] = f"{text} ({seen[text]})"
    return texts


def find_card(state: State[Any], name: str) -> list[Any]:
    """The printed cards of the game whose key or name is ``name`` (ignoring case), or
    else whose key starts with it."""
    wanted = name.strip().casefold()
    cards = list(state.game.cards)
    exact = [d for d in cards if wanted in (d.key.casefold(), d.name_en.casefold())]
    return exact or [d for d in cards if d.key.casefold().startswith(wanted)]


def undo(
    state: State[Any], seat: int, card_sets: Sequence[str], start: State[Any] | None = None
) -> State[Any] | None:
    """``state`` before ``seat``'s last decision, replayed from the log; ``None`` if
    they have made none. A game from a position is replayed from ``start``, the state
    the session began with (its log holds no set-up to replay from), and cannot be undone
    past it."""
    history = state.history
    first = 0 if start is None else len(start.history)
    last = next(
        (
            k
            for k in range(len(history) - 1, first - 1, -1)
            if history[k].player == seat and not history[k].auto
        ),
        None,
    )
    if last is None:
        return None
    if start is not None:
        for decision in history[first:last]:
            if not decision.auto:
                start = apply(start, decision.action)
        return start
    config = state.config
    return replay(
        state.ruleset,
        decks=list(config.decks),
        seed=config.seed,
        actions=[d.action for d in history[:last] if not d.auto],
        players=config.players,
        auto_pass=config.auto_pass,
        card_sets=list(card_sets) or None,
    )


class Session:
    """One game in the terminal: the state, the person's seat and the bots."""

    def __init__(
        self,
        state: State[Any],
        seat: int,
        bots: Mapping[int, Bot],
        names: dict[int, str],
        console: Console,
        save_to: Path,
        card_sets: Sequence[str],
    ) -> None:
        self.state = state
        self.seat = seat
        self.bots = bots
        self.names = names
        self.console = console
        self.save_to = save_to
        self.card_sets = card_sets
        self.start = state if state.config.arranged else None
        """The state to undo from in a game from a position (``None``: from its set-up)."""
        self.stale = True
        """Whether the board changed by others' doings since it was last shown."""

    def cards(self) -> dict[str, Any]:
        return {d.key: d for d in self.state.game.cards}

    def show(self) -> None:
        self.console.print(board(observe(self.state, self.seat), self.cards(), self.seat))
        self.stale = False

    def run(self) -> int:
        describe = get(self.state.ruleset).describe
        while not self.state.is_over:
            player = self.state.to_act
            assert player is not None
            if player != self.seat:
                bot = self.bots[player]
                action = bot.choose(view(self.state, player))
                text = describe(self.state, action)
                self._apply(action)
                self.console.print(f"P{player} ({self.names[player]}): {escape(text)}")
                self.stale = True
                continue
            if self.stale:
                self.show()
            if not self._decide():
                return 0
        self.show()
        return 0

    def _apply(self, action: Action) -> None:
        turn = self.state.turn
        self.state = apply(self.state, action)
        if self.state.turn != turn and not self.state.is_over:
            self.console.rule(f"turn {self.state.turn} begins")
            self.stale = True

    def _decide(self) -> bool:
        """One decision of the person (commands in between); ``False`` to stop."""
        texts = action_texts(self.state)
        actions = legal_actions(self.state)
        self.console.print(f"[bold]Your decision[/bold] ({self.state.phase}):")
        for k, text in enumerate(texts, start=1):
            self.console.print(f"  {k:>2}. {escape(text)}")
        while True:
            try:
                answer = self.console.input(f"choose 1-{len(actions)} or a command> ").strip()
            except EOFError:
                self.console.print("end of input: the game is left unsaved")
                return False
            word, _, rest = answer.partition(" ")
            if answer.isdigit() and 1 <= int(answer) <= len(actions):
                action = actions[int(answer) - 1]
                self._apply(action)
                self.console.print(f"you: {escape(texts[int(answer) - 1])}")
                return True
            if word in ("help", "?") and rest:
                self._help(rest)
            elif word in ("help", "?"):
                self.console.print(f"answer with {COMMANDS}")
            elif word == "undo":
                before = undo(self.state, self.seat, self.card_sets, self.start)
                if before is None:
                    self.console.print("nothing to undo: you have made no decision yet")
                    continue
                self.state = before
                self.console.print("undone: your last decision and what followed it")
                self.show()
                return True
            elif word == "save":
                path = Path(rest.strip()) if rest.strip() else self.save_to
                try:
                    path.write_text(self.state.to_json(), encoding="utf-8")
                except OSError as exc:
                    self.console.print(f"cannot save to {escape(str(path))}: {exc.strerror}")
                    continue
                self.console.print(f"saved to {escape(str(path))}")
            elif word == "board":
                self.show()
            elif word == "quit":
                self.console.print("bye")
                return False
            else:
                self.console.print(f"not understood: {escape(answer)!r}; answer with {COMMANDS}")

    def _help(self, name: str) -> None:
        found = find_card(self.state, name)
        if not found:
            self.console.print(f"no card called {escape(name)!r} in this game")
        for d in found[:5]:
            self.console.print(f"[bold]{escape(d.key)}[/bold]: {escape(card_text(d))}")


def add_parser(sub: Any, rulesets: Sequence[str]) -> None:
    """Add ``play`` to the command line."""
    p = sub.add_parser(
        "play",
        help="play a game against bots in the terminal",
        description="Play against one or more bots: the board from your side, the legal "
        f"actions numbered; answer with {COMMANDS}.",
    )
    p.add_argument(
        "--ruleset", default="mitosz", choices=rulesets, help="the ruleset (default: mitosz)"
    )
    p.add_argument("--seed", type=int, default=1, help="the game's seed (default: 1)")
    p.add_argument("--players", type=int, default=2, help="players, you included (default: 2)")
    p.add_argument("--seat", type=int, default=0, help="your seat, from 0 (default: 0)")
    p.add_argument(
        "--bot",
        action="append",
        metavar="BOT",
        help=f"the bot in the next other seat: one of {', '.join(BOT_SPECS)}; may be "
        "repeated, the last one fills the remaining seats (default: heuristic)",
    )
    p.add_argument(
        "--deck",
        action="append",
        metavar="DECK",
        help="each seat's deck in turn: a built-in name or a deck file",
    )
    p.add_argument(
        "--card-set", action="append", metavar="FILE", help="a card set (TOML) for the decks"
    )
    p.add_argument("--resume", metavar="FILE", help="go on with a saved game")
    p.add_argument(
        "--position",
        metavar="FILE",
        help="start from the position in FILE (TOML or JSON; with --ruleset for MYTHOS)",
    )
    p.add_argument(
        "--save-to",
        metavar="FILE",
        default="mitosz-game.json",
        help="where 'save' writes (default: mitosz-game.json)",
    )
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """The ``play`` command."""
    card_sets: list[str] = args.card_set or []
    if args.resume is not None and args.position is not None:
        raise MitoszError("--resume and --position: give one of them")
    if args.position is not None:
        state = position_state(args.ruleset, args.position)
    elif args.resume is not None:
        text = read(args.resume)
        try:
            state = State.from_json(text)
        except DecodeError as exc:
            raise DecodeError(f"{args.resume!r} at {exc.path}", exc.problem) from None
    else:
        state = new_game(
            args.ruleset,
            decks=args.deck,
            seed=args.seed,
            players=args.players,
            card_sets=card_sets or None,
        )
    players = state.config.players
    if not 0 <= args.seat < players:
        raise MitoszError(f"--seat {args.seat}: the game has seats 0 to {players - 1}")
    specs: list[str] = args.bot or ["heuristic"]
    others = [p for p in range(players) if p != args.seat]
    names = {p: specs[min(k, len(specs) - 1)] for k, p in enumerate(others)}
    check_bots(list(names.values()), state)
    bots = {p: make_bot(spec, state.config.seed * 8 + p) for p, spec in names.items()}
    console = Console(highlight=False)
    session = Session(state, args.seat, bots, names, console, Path(args.save_to), card_sets)
    return session.run()

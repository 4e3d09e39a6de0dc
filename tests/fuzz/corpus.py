"""The real inputs the fuzz suite mutates.

Card files and deck files are the built-in ones of both rulesets; saved states and action
logs come from real games: the golden playthroughs (``tests/golden/data``), replayed, and
saved at their start, middle and end. Everything is built once per process.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib.resources import files
from pathlib import Path
from typing import Any

import mitosz_core as mc
from mitosz_core import mitosz, mythos
from mitosz_core.games.mitosz.carddata.builtin import BUILTIN_DECK_NAMES, BUILTIN_SETS
from mitosz_core.games.mythos.carddata import DECKS as MYTHOS_DECKS
from mitosz_core.games.mythos.carddata import FACTION_FILES
from mitosz_core.games.mythos.engine import RULESET as MYTHOS_RULESET
from mitosz_core.kernel.action import Action, Decision

GOLDEN = Path(__file__).resolve().parent.parent / "golden" / "data"
GAMES = (("mitosz-2p", 0), ("mitosz-3p", 1), ("mitosz-4p", 2), ("mythos-2p", 0), ("mythos-2p", 3))
"""The golden games (file, index) the saved states and logs come from."""


@dataclass(frozen=True)
class Game:
    """A real game: how it was set up, and its states after some of its decisions."""

    ruleset: str
    decks: tuple[str, ...]
    seed: int
    players: int
    final: mc.State[Any]

    @property
    def history(self) -> tuple[Decision, ...]:
        return self.final.history


@dataclass(frozen=True)
class LogCase:
    """An action log of a real game, as replay takes it: set-up arguments and entries."""

    ruleset: str
    decks: tuple[str, ...]
    seed: int
    players: int
    entries: tuple[Action | Decision, ...]


@cache
def games() -> tuple[Game, ...]:
    out: list[Game] = []
    for name, index in GAMES:
        data = json.loads((GOLDEN / f"{name}.json").read_text(encoding="utf-8"))
        game = data["games"][index]
        ruleset, players = data["ruleset"], data["players"]
        state = mc.new_game(ruleset, decks=game["decks"], seed=game["seed"], players=players)
        for raw in game["actions"]:
            state = mc.apply(state, mc.action_from_json(ruleset, json.dumps(raw)))
        out.append(Game(ruleset, tuple(game["decks"]), game["seed"], players, state))
    return tuple(out)


@cache
def saved_states() -> tuple[str, ...]:
    """Saved states of real games, each at its start, after a third and at its end."""
    out: list[str] = []
    for game in games():
        count = len(game.history)
        for stop in (0, count // 3, count):
            state = mc.replay(
                game.ruleset,
                decks=game.decks,
                seed=game.seed,
                actions=game.history[:stop],
                players=game.players,
            )
            out.append(state.to_json())
    return tuple(out)


@cache
def actions(ruleset: str) -> tuple[str, ...]:
    """One JSON text for each distinct action of the real games of ``ruleset``."""
    seen: dict[str, None] = {}
    for game in games():
        if game.ruleset == ruleset:
            for decision in game.history:
                seen.setdefault(decision.action.to_json(), None)
    return tuple(seen)


@cache
def logs(ruleset: str) -> tuple[LogCase, ...]:
    """Action logs of the real games of ``ruleset``: their histories cut after 30 and
    after 90 decisions, and one whole game."""
    out: list[LogCase] = []
    for game in games():
        if game.ruleset != ruleset:
            continue
        for stop in (30, 90):
            entries: tuple[Action | Decision, ...] = game.history[:stop]
            out.append(LogCase(ruleset, game.decks, game.seed, game.players, entries))
    whole = min((g for g in games() if g.ruleset == ruleset), key=lambda g: len(g.history))
    out.append(LogCase(ruleset, whole.decks, whole.seed, whole.players, whole.history))
    return tuple(out)


def log_text(entries: tuple[Action | Decision, ...], plain: bool) -> str:
    """A log as ``actions_from_json`` reads it: a list of actions, or of decisions."""
    items: list[Any] = []
    for entry in entries:
        if isinstance(entry, Decision):
            action = json.loads(entry.action.to_json())
            items.append(
                action if plain else {"player": entry.player, "action": action, "auto": entry.auto}
            )
        else:
            items.append(json.loads(entry.to_json()))
    return json.dumps(items)


@cache
def log_texts(ruleset: str) -> tuple[str, ...]:
    """Action logs of real games as JSON text, as lists of actions and of decisions."""
    return tuple(log_text(case.entries, plain) for case in logs(ruleset) for plain in (True, False))


@cache
def card_files(ruleset: str) -> dict[str, str]:
    """The built-in card files of ``ruleset`` by file name."""
    if ruleset == "mitosz":
        folder = files("mitosz_core.games.mitosz") / "data" / "sets"
        names = [f"{name}.toml" for name in BUILTIN_SETS]
    else:
        folder = files("mitosz_core.games.mythos") / "data"
        names = list(FACTION_FILES)
    return {name: (folder / name).read_text(encoding="utf-8") for name in names}


@cache
def deck_files(ruleset: str) -> tuple[str, ...]:
    """The built-in decks of ``ruleset`` in the deck file format."""
    if ruleset == "mitosz":
        folder = files("mitosz_core.games.mitosz") / "data" / "decks"
        return tuple(
            (folder / f"{name}.txt").read_text(encoding="utf-8") for name in BUILTIN_DECK_NAMES
        )
    return tuple(
        f"name: {deck.name}\n" + "".join(f"{e.count} {e.card}\n" for e in deck.entries)
        for deck in MYTHOS_DECKS.values()
    )


INTERRUPTIONS = ("fight", "stack", "choice", "counter", "frames", "combat", "payment")
"""Interruptions: a saved state is kept at the first decision where each game field is
set (``counter``: a counter round's data, held in its frame), so that structure-aware
mutation has them to graft."""


def _interrupted(game: object, name: str) -> bool:
    if name == "counter":
        frames = getattr(game, "frames", ())
        return any(getattr(frame, "round", None) is not None for frame in frames)
    return bool(getattr(game, name, None))


@cache
def interrupted_states() -> tuple[str, ...]:
    """Saved states of the real games at the first decision where each field of
    :data:`INTERRUPTIONS` is set."""
    out: list[str] = []
    for game in games():
        state = mc.new_game(game.ruleset, decks=game.decks, seed=game.seed, players=game.players)
        wanted = set(INTERRUPTIONS)
        for decision in game.history:
            found = {f for f in wanted if _interrupted(state.game, f)}
            if found:
                out.append(state.to_json())
                wanted -= found
            if not decision.auto:
                state = mc.apply(state, decision.action)
    return tuple(out)


@cache
def position_states() -> tuple[str, ...]:
    """Saved states of arranged games: a position of each ruleset at its start and after
    a few decisions (the first legal action each time)."""
    deck = ("Athenians", "Spartans", "Arcadian Shepherds") * 2
    mitosz_side = mitosz.Side(
        high_god="Zeus (high god)",
        empire=(mitosz.People("Athenians", 0, 0),),
        leaders=(mitosz.Leader("Pharaoh"),),
        hand=("Spartans",),
        deck=deck,
    )
    other = mitosz.Side(high_god="Athena (high god)", hand=("Spartans",), deck=deck)
    units = [k for k, c in MYTHOS_RULESET.pool.items() if c.type.value == "unit"]
    mine = mythos.Side(deck=tuple(units[:5]), hand=tuple(units[5:7]))
    theirs = mythos.Side(deck=tuple(units[7:12]), hand=tuple(units[12:14]))
    out: list[str] = []
    starts = (
        mitosz.Position(players=(mitosz_side, other), seed=5).state(),
        mythos.Position(players=(mine, theirs), turn=3, round=2, seed=5).state(),
    )
    for state in starts:
        out.append(state.to_json())
        for _ in range(12):
            if state.is_over:
                break
            state = mc.apply(state, mc.legal_actions(state)[-1])
        out.append(state.to_json())
    return tuple(out)

"""The tables of the game server: one game each, its seats and their secret tokens.

Nothing here knows the web: :mod:`mitosz_core.web.server` carries these values over
WebSockets, :mod:`mitosz_core.web.store` keeps them in SQLite. A table holds a game
through the public API only (``new_game``, ``legal_actions``, ``apply``, ``observe``,
``replay``, the renderer and the bots), and everything it sends a seat is built by
:func:`state_message` and :func:`decision_message` from that seat's own ``observe``
view, so that nothing a seat may not see leaves the table:

- a seat sees its own observation, never another's; a spectator sees the public view
  (:func:`mitosz_core.render.spectator_view`);
- a decision is described to a seat only as far as the seat's views before and after it
  show the cards it names: an action naming a card the seat cannot see is sent as its
  kind alone (``"the action": null``);
- the seed (and so every shuffle and draw to come) is sent to nobody before the game
  ends, unless the table was created with a fixed seed, which every seat is shown.
"""

from __future__ import annotations

import hashlib
import json
import secrets
import tempfile
import time
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import mitosz_core as mc
from mitosz_core.bots import check_bots, make_bot
from mitosz_core.errors import MitoszError
from mitosz_core.kernel.registry import get
from mitosz_core.kernel.state import DeckEntry
from mitosz_core.kernel.view import Bot, view
from mitosz_core.render import spectator_view, svg
from mitosz_core.web.protocol import VERSION, ProtocolError

JsonDict = dict[str, Any]

SEED_BOUND = 2**63
"""Seeds the server draws lie in [0, SEED_BOUND)."""


@dataclass(frozen=True, slots=True)
class TableSpec:
    """What a new table is created with: the ruleset, one deck per seat, and for each
    seat a bot spec (:data:`mitosz_core.bots.BOT_SPECS`) or ``None`` for a person. A
    ``fixed_seed`` is a seed every seat is told; without one the server draws the seed
    secretly and tells it when the game is over."""

    ruleset: str
    decks: tuple[mc.DeckList, ...]
    bots: tuple[str | None, ...]
    fixed_seed: int | None = None
    card_sets: tuple[str, ...] = ()
    """The texts of card-set files uploaded with the table, whose cards the decks may
    name (read as ``mitosz-core cards validate`` reads a file)."""

    @property
    def players(self) -> int:
        return len(self.bots)


@dataclass(eq=False)
class Table:
    """One game of the server. ``actions`` are the decisions the seats took (automatic
    passes excluded), which with the spec and the seed give the game again
    (:func:`replayed`); ``state`` is the game now."""

    id: str
    spec: TableSpec
    seed: int
    tokens: tuple[str | None, ...]
    """The SHA-256 (hex) of each person seat's secret token, ``None`` for a bot seat: the
    tokens themselves are handed out once, when the table is opened, and kept nowhere."""
    state: mc.State[Any]
    actions: list[mc.Action] = field(default_factory=list)
    created: float = field(default_factory=time.time)
    touched: float = field(default_factory=time.monotonic)
    """When a seat last acted or connected (for the idle limit)."""
    bots: dict[int, Bot] = field(default_factory=dict)

    @property
    def is_over(self) -> bool:
        return self.state.is_over

    def seat_of(self, token: str) -> int | None:
        """The seat whose token is ``token``, or ``None``."""
        digest = token_digest(token)
        for seat, known in enumerate(self.tokens):
            if known is not None and secrets.compare_digest(known, digest):
                return seat
        return None

    def open_seats(self) -> tuple[int, ...]:
        return tuple(i for i, bot in enumerate(self.spec.bots) if bot is None)


def token_digest(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


def deck_from_json(data: object, where: str) -> mc.DeckList:
    """A deck from its stored form ``{"name": ..., "entries": [[count, key], ...]}``."""
    if not isinstance(data, Mapping) or not isinstance(data.get("entries"), list):
        raise ProtocolError("bad-deck", f"{where}: a deck is an object with its entries")
    entries = []
    for index, entry in enumerate(data["entries"]):
        if (
            not isinstance(entry, list)
            or len(entry) != 2
            or not isinstance(entry[0], int)
            or not isinstance(entry[1], str)
        ):
            raise ProtocolError("bad-deck", f"{where}: entry {index} is not [count, card]")
        entries.append(DeckEntry(entry[0], entry[1]))
    name = data.get("name")
    if not isinstance(name, str):
        raise ProtocolError("bad-deck", f"{where}: a deck's name is a string")
    try:
        return mc.DeckList(name=name, entries=tuple(entries))
    except MitoszError as exc:
        raise ProtocolError("bad-deck", f"{where}: {exc}") from None


def deck_to_json(deck: mc.DeckList) -> JsonDict:
    return {"name": deck.name, "entries": [[e.count, e.card] for e in deck.entries]}


def check_spec(spec: TableSpec) -> None:
    """Raise :class:`ProtocolError` for a ruleset, a number of seats, a deck or a bot
    the engine would refuse, with the engine's own words."""
    if spec.ruleset not in mc.rulesets():
        raise ProtocolError("bad-table", f"unknown ruleset {spec.ruleset!r}")
    if len(spec.decks) != spec.players:
        raise ProtocolError("bad-table", "give one deck per seat")
    for index, bot in enumerate(spec.bots):
        if bot is not None:
            try:
                make_bot(bot, 0)
            except MitoszError as exc:
                raise ProtocolError("bad-table", f"seat {index}: {exc}") from None
    if all(bot is not None for bot in spec.bots):
        raise ProtocolError("bad-table", "a table needs at least one seat for a person")


@contextmanager
def card_set_files(texts: Sequence[str]) -> Iterator[list[str]]:
    """The uploaded card sets as files (``card-set-1.toml``, ...) while the block runs:
    the loaders read files, and the cards then travel inside the game's state."""
    with tempfile.TemporaryDirectory(prefix="mitosz-sets-") as folder:
        paths = []
        for number, text in enumerate(texts, start=1):
            path = Path(folder) / f"card-set-{number}.toml"
            path.write_text(text, encoding="utf-8")
            paths.append(str(path))
        yield paths


def without_folder(message: str, paths: Sequence[str]) -> str:
    """An error about an uploaded card set, naming it ``card-set-N.toml`` alone."""
    for path in paths:
        message = message.replace(path, Path(path).name)
    return message


def _seed_of(spec: TableSpec) -> int:
    return spec.fixed_seed if spec.fixed_seed is not None else secrets.randbelow(SEED_BOUND)


def open_table(
    spec: TableSpec, table_id: str | None = None, seed: int | None = None
) -> tuple[Table, tuple[str | None, ...]]:
    """A new table for ``spec`` and the secret token of each person seat (``None`` for a
    bot's): the game started (its decks checked by the engine), the bots made."""
    check_spec(spec)
    seed = _seed_of(spec) if seed is None else seed
    with card_set_files(spec.card_sets) as paths:
        try:
            state = mc.new_game(
                spec.ruleset,
                decks=spec.decks,
                seed=seed,
                players=spec.players,
                card_sets=paths or None,
            )
            check_bots([b for b in spec.bots if b is not None], state)
        except MitoszError as exc:
            raise ProtocolError("bad-table", without_folder(str(exc), paths)) from None
    tokens = tuple(None if bot is not None else secrets.token_urlsafe(24) for bot in spec.bots)
    table = Table(
        id=table_id or secrets.token_urlsafe(9),
        spec=spec,
        seed=seed,
        tokens=tuple(None if t is None else token_digest(t) for t in tokens),
        state=state,
    )
    table.bots = _bots(table)
    return table, tokens


def _bots(table: Table) -> dict[int, Bot]:
    # each bot's seed comes from the table's secret seed, so a resumed game plays on alike
    return {
        seat: make_bot(spec, (table.seed * 31 + seat) % SEED_BOUND)
        for seat, spec in enumerate(table.spec.bots)
        if spec is not None
    }


def replayed(
    spec: TableSpec,
    table_id: str,
    seed: int,
    tokens: tuple[str | None, ...],
    actions: Sequence[mc.Action],
    created: float,
) -> Table:
    """A saved table brought back: its game replayed from the spec, the seed and the
    seats' decisions with :func:`mitosz_core.replay` (which checks every decision
    against the rules), and its bots made anew (a bot decides from its view of the game
    alone; only its own random choices to come differ from an uninterrupted game)."""
    with card_set_files(spec.card_sets) as paths:
        try:
            state = mc.replay(
                spec.ruleset,
                seed=seed,
                actions=actions,
                decks=spec.decks,
                players=spec.players,
                card_sets=paths or None,
            )
        except MitoszError as exc:
            message = without_folder(str(exc), paths)
            raise ProtocolError("bad-save", f"table {table_id}: {message}") from None
    table = Table(
        id=table_id,
        spec=spec,
        seed=seed,
        tokens=tokens,
        state=state,
        actions=list(actions),
        created=created,
    )
    table.bots = _bots(table)
    return table


@dataclass(frozen=True, slots=True)
class Step:
    """One decision taken at a table: who took it, what, and the states around it."""

    number: int
    player: int
    action: mc.Action
    before: mc.State[Any]
    after: mc.State[Any]


def check_turn(table: Table, seat: int, number: int) -> None:
    """Refuse an act of ``seat`` for decision ``number`` when the game is over, the
    number is not the current one, or the decision is another seat's."""
    state = table.state
    if state.is_over:
        raise ProtocolError("game-over", "the game is over")
    if number != state.decision_count:
        raise ProtocolError(
            "stale", f"decision {number} is not the current one ({state.decision_count})"
        )
    if state.to_act != seat:
        raise ProtocolError("not-your-decision", f"it is seat {state.to_act}'s decision")


def act(table: Table, seat: int, number: int, action: mc.Action) -> Step:
    """Take ``action`` for ``seat``, answering decision ``number``; refuse (with a
    :class:`ProtocolError`, changing nothing) a game that is over, a number that is not
    the current one, a seat whose decision it is not, and an illegal action."""
    check_turn(table, seat, number)
    state = table.state
    try:
        after = mc.apply(state, action)
    except MitoszError as exc:
        raise ProtocolError("illegal", str(exc)) from None
    return _commit(table, seat, action, after)


def _commit(table: Table, seat: int, action: mc.Action, after: mc.State[Any]) -> Step:
    step = Step(table.state.decision_count, seat, action, table.state, after)
    table.state = after
    table.actions.append(action)
    table.touched = time.monotonic()
    return step


def bot_steps(table: Table) -> Iterator[Step]:
    """The bots' decisions while it is a bot's decision, one at a time."""
    while not table.state.is_over:
        seat = table.state.to_act
        bot = None if seat is None else table.bots.get(seat)
        if seat is None or bot is None:
            return
        action = bot.choose(view(table.state, seat))
        yield _commit(table, seat, action, mc.apply(table.state, action))


# --- what a seat is sent ------------------------------------------------------------------


def seen(state: mc.State[Any], seat: int | None) -> JsonDict:
    """The view of ``seat`` (``None``: a spectator's public view)."""
    return spectator_view(state) if seat is None else mc.observe(state, seat)


def _ids(value: object, out: set[int]) -> set[int]:
    """The card ids an observation shows: every object with both an ``id`` and a
    ``key`` is a card shown face up."""
    if isinstance(value, dict):
        if isinstance(value.get("id"), int) and "key" in value:
            out.add(value["id"])
        for item in value.values():
            _ids(item, out)
    elif isinstance(value, list):
        for item in value:
            _ids(item, out)
    return out


def action_data(action: mc.Action) -> JsonDict:
    """An action's canonical JSON form as data."""
    data: JsonDict = json.loads(action.to_json())
    return data


def named_cards(state: mc.State[Any], action: mc.Action) -> set[int]:
    """The card ids ``action`` names (the ruleset's card fields)."""
    fields = get(state.ruleset).card_fields
    data = action_data(action)
    return {v for k, v in data.items() if k in fields and isinstance(v, int)}


def decision_message(step: Step, seat: int | None) -> JsonDict:
    """Decision ``step`` as ``seat`` may see it: the action and its description if the
    seat took it or sees every card it names, before or after; else its kind alone."""
    shown = seat == step.player
    if not shown:
        visible = _ids(seen(step.before, seat), set()) | _ids(seen(step.after, seat), set())
        shown = named_cards(step.before, step.action) <= visible
    describe = get(step.before.ruleset).describe
    return {
        "type": "decision",
        "version": VERSION,
        "number": step.number,
        "player": step.player,
        "kind": step.action.kind,
        "action": action_data(step.action) if shown else None,
        "text": describe(step.before, step.action) if shown else f"{step.action.kind} (hidden)",
    }


def state_message(table: Table, seat: int | None, pictures: bool = True) -> JsonDict:
    """Where the game stands, as ``seat`` sees it: its view, the board picture drawn
    from that view (``None`` for a connection that asked for no pictures), and, when the
    decision is the seat's, its legal actions with their descriptions and flat
    indices."""
    state = table.state
    legal: list[JsonDict] | None = None
    if seat is not None and state.to_act == seat and not state.is_over:
        space = mc.action_space(state)
        describe = get(state.ruleset).describe
        legal = [
            {"index": space.encode(state, a), "action": action_data(a), "text": describe(state, a)}
            for a in mc.legal_actions(state)
        ]
    over = state.is_over
    return {
        "type": "state",
        "version": VERSION,
        "table": table.id,
        "seat": seat,
        "number": state.decision_count,
        "to_act": state.to_act,
        "over": over,
        "winner": state.winner if over else None,
        "seed": table.seed if over or table.spec.fixed_seed is not None else None,
        "observation": seen(state, seat),
        "svg": svg(state, seat) if pictures else None,
        "legal": legal,
    }


def lobby_entry(table: Table, connected: Sequence[int] = ()) -> JsonDict:
    """A table as the lobby lists it: nothing a seat's token or the secret seed."""
    return {
        "table": table.id,
        "ruleset": table.spec.ruleset,
        "players": table.spec.players,
        "bots": list(table.spec.bots),
        "decks": [d.name for d in table.spec.decks],
        "fixed_seed": table.spec.fixed_seed,
        "decisions": table.state.decision_count,
        "over": table.state.is_over,
        "connected": sorted(connected),
    }

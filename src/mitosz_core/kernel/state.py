"""The kernel's game state: a frozen value shared by every ruleset.

:class:`State` holds what every game has (ruleset name, configuration, machine state,
whose decision it is, turn, result, random generator, history) and one ruleset-specific
frozen value, ``game``. ``apply`` builds new states with :func:`dataclasses.replace`,
so every part that an action does not change is shared, never copied.
"""

from __future__ import annotations

import dataclasses
import typing
import warnings
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from typing import Any, Final, Generic, TypeVar

from mitosz_core.errors import DeckError, DecodeError, MitoszDeprecationWarning
from mitosz_core.kernel.action import Action, Decision, Log
from mitosz_core.kernel.codec import dumps, encode, loads
from mitosz_core.kernel.registry import get
from mitosz_core.kernel.rng import Rng

G = TypeVar("G")


MAX_COUNT: Final = 999
"""The most copies one deck entry may list (a count has at most three digits). No
ruleset allows nearly as many; the bound keeps absurd counts out of every check."""


@dataclass(frozen=True, slots=True)
class DeckEntry:
    """``count`` copies of the card named ``card`` (its key).

    A :class:`DeckList` checks its entries: ``count`` an ``int`` from 1 to
    :data:`~mitosz_core.kernel.state.MAX_COUNT` (not a bool), ``card`` a non-empty ``str``."""

    count: int
    card: str


@dataclass(frozen=True, slots=True)
class DeckList:
    """A named list of cards, as a player brings it to the table.

    Construction checks the Python types: ``name`` a ``str``, ``entries`` a
    tuple (a list is taken as a tuple) of :class:`DeckEntry` values with valid counts
    and card keys. Anything else raises :class:`~mitosz_core.errors.DeckError` naming
    the deck and the entry. The deck-building rules are the ruleset's ``check_deck``."""

    name: str
    entries: tuple[DeckEntry, ...]

    def __post_init__(self) -> None:
        if not isinstance(self.name, str):
            raise DeckError(_show(self.name), "a deck's name must be a string")
        entries: object = self.entries
        if isinstance(entries, list):
            entries = tuple(entries)
            object.__setattr__(self, "entries", entries)
        if not isinstance(entries, tuple):
            raise DeckError(
                self.name, f"entries must be a tuple of DeckEntry, got {type(entries).__name__}"
            )
        for index, entry in enumerate(entries, start=1):
            problem = _entry_problem(entry)
            if problem is not None:
                raise DeckError(self.name, f"entry #{index}{_entry_label(entry)}: {problem}")

    def size(self) -> int:
        return sum(e.count for e in self.entries)


def _entry_problem(entry: object) -> str | None:
    """What is wrong with one deck entry's Python types, or ``None``."""
    if not isinstance(entry, DeckEntry):
        return f"expected a DeckEntry, got {type(entry).__name__}"
    count, card = entry.count, entry.card
    if isinstance(count, bool) or not isinstance(count, int):
        return f"the count must be an int, got {type(count).__name__}"
    if not 1 <= count <= MAX_COUNT:
        return f"the count must be from 1 to {MAX_COUNT}, got {_show(count)}"
    if not isinstance(card, str):
        return f"the card must be a key (a str), got {type(card).__name__}"
    if not card.strip():
        return "the card key is empty"
    return None


def _entry_label(entry: object) -> str:
    """`` (card 'Zeus')`` for an entry whose card is a key, else nothing."""
    card = getattr(entry, "card", None) if isinstance(entry, DeckEntry) else None
    return f" (card {_show(card)})" if isinstance(card, str) else ""


def _show(value: object) -> str:
    """A short, safe rendering of a bad value (no huge digit strings, no long reprs)."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 40:
        return f"a {value.bit_length()}-bit number"
    text = repr(value)
    return text if len(text) <= 60 else f"{text[:57]}..."


@dataclass(frozen=True, slots=True)
class Start:
    """The starting position of an arranged game
    (:attr:`~mitosz_core.GameConfig.start`): the kernel fields of its first state and the
    ruleset's game data. Its history is empty, it is
    running, and its configuration is the game's own."""

    phase: str
    to_act: int
    turn: int
    rng: Rng
    game: Any
    """The ruleset's game data (:attr:`State.game`), decoded as its ``game_type``."""


@dataclass(frozen=True, slots=True)
class GameConfig:
    """Everything ``new_game`` was called with: enough to replay the game from its log."""

    seed: int
    players: int
    decks: tuple[DeckList, ...]
    auto_pass: bool = True
    arranged: bool = field(default=False, metadata={"omit_default": True})
    """Whether the game starts from an arranged position (a position builder's), not
    from ``new_game``'s set-up: its seed then seeds only the random stream from the
    position on, its log holds the decisions since the position, and ``replay`` cannot
    rebuild it from the seed: it replays from :attr:`start`. Left out of the saved form
    while false. A consumer that must refuse games not dealt by ``new_game`` (a game
    server) refuses states whose configuration says ``arranged``
    (:attr:`State.is_arranged`)."""
    start: Start | None = field(default=None, metadata={"omit_default": True})
    """The whole starting position of an arranged game (``None`` for a game set up by
    ``new_game``): :meth:`State.from_json` validates it as a position and replays the
    history from it. Left out of the saved form while ``None``."""
    _facts: dict[Hashable, tuple[tuple[object, ...], Any]] | None = field(
        default=None, init=False, repr=False, compare=False, hash=False
    )
    """The validator's facts about the games of this configuration, owned by it (see
    :func:`~mitosz_core.kernel.validation.once`); no part of its value."""

    def __getstate__(self) -> tuple[object, ...]:
        """The configuration's value for :mod:`pickle` and :mod:`copy`: its fields, without
        the validator's facts (a cache that may hold values that do not pickle, such as a
        card pool's read-only mappings). A copy starts without them and works them out
        again when it is checked."""
        return tuple(getattr(self, f.name) for f in _CONFIG_VALUE_FIELDS)

    def __setstate__(self, state: tuple[object, ...]) -> None:
        for f, value in zip(_CONFIG_VALUE_FIELDS, state, strict=True):
            object.__setattr__(self, f.name, value)
        object.__setattr__(self, "_facts", None)


_CONFIG_VALUE_FIELDS: Final = tuple(f for f in dataclasses.fields(GameConfig) if f.init)
"""The fields of a :class:`GameConfig` that make its value (all but its caches)."""


@dataclass(frozen=True)
class State(Generic[G]):
    """An immutable game state.

    Attributes:
        ruleset: name of the ruleset that plays this state.
        config: the game's seed, players, decks and options.
        phase: name of the current state-machine state, e.g. ``turn.summoning_1``.
        to_act: index of the player who must decide now; ``None`` when the game is over.
        turn: number of turns begun so far (1 in the first turn).
        winner: the winning player's index; ``None`` while running or for a draw.
        is_over: whether the game has ended by the rules, in a victory or a draw.
        rng: the random generator; all shuffles and reveals draw from it.
        game: the ruleset's own frozen game data.

    The decisions so far are :attr:`history`. (``over`` and ``log``, the older names of
    ``is_over`` and of the history, still work in version 0.1 and raise a
    :class:`~mitosz_core.errors.MitoszDeprecationWarning`; the next release removes them.)
    """

    ruleset: str
    config: GameConfig
    phase: str
    to_act: int | None
    turn: int
    winner: int | None
    is_over: bool
    rng: Rng
    game: G
    _log: Log = Log.EMPTY
    """The decisions so far, as a shared-tail list (appending costs O(1)); the engine's
    storage of :attr:`history`."""
    _legal: tuple[Action, ...] | None = field(
        default=None, init=False, compare=False, repr=False, hash=False
    )
    _derived: dict[str, Any] | None = field(
        default=None, init=False, compare=False, repr=False, hash=False
    )
    """Other values derived from this state and memoised on it (e.g. the legal actions
    by their integer index); never carried to an evolved state."""

    @property
    def history(self) -> tuple[Decision, ...]:
        """Every decision in order (the action log), automatic passes included (``auto``)."""
        return self._log.as_tuple()

    @property
    def is_arranged(self) -> bool:
        """Whether the game started from an arranged position (a position builder's, or
        :func:`~mitosz_core.arrange`), not from ``new_game``'s set-up by its seed: the
        configuration's ``arranged``, saved in the JSON form as ``config.arranged``."""
        return self.config.arranged

    @property
    def decision_count(self) -> int:
        """How many decisions :attr:`history` holds, automatic passes included, found
        without building it (constant time): the length of the game so far, which an
        environment compares with its step limit."""
        return len(self._log)

    @property
    def over(self) -> bool:
        """Deprecated name of :attr:`is_over`."""
        _deprecated("State.over", "State.is_over")
        return self.is_over

    @property
    def log(self) -> Log:
        """The history as a :class:`~mitosz_core.kernel.action.Log` (deprecated name; use
        :attr:`history`)."""
        _deprecated("State.log", "State.history")
        return self._log

    def evolve(self, **changes: Any) -> State[G]:
        """A copy with ``changes``; everything else is shared (a shallow copy, never a
        deep one). The memoised legal actions are not carried over."""
        if not _EVOLVABLE.issuperset(changes):  # a deprecated name, or no field at all
            for old_name, new_name in _RENAMED.items():
                if old_name in changes:
                    _deprecated(f"State.evolve({old_name}=...)", f"State.evolve({new_name}=...)")
                    changes[new_name] = changes.pop(old_name)
            unknown = changes.keys() - _EVOLVABLE
            if unknown:
                raise TypeError(f"State has no field {sorted(unknown)[0]!r}")
        new = object.__new__(State)
        fields = new.__dict__
        fields.update(self.__dict__)
        fields.update(changes)
        fields.update(_UNMEMOISED)
        return new

    def derived(self) -> dict[str, Any]:
        """The memo of values derived from this (immutable) state, created on first use."""
        memo = self._derived
        if memo is None:
            memo = {}
            object.__setattr__(self, "_derived", memo)
        return memo

    def _repr_svg_(self) -> str | None:
        """The board as a spectator sees it, for Jupyter: :func:`mitosz_core.render.svg`."""
        return None if _svg_renderer is None else _svg_renderer(self)

    def to_json(self) -> str:
        """The exact JSON form of this state; :meth:`from_json` gives an equal state back."""
        get(self.ruleset)  # a state of an unregistered ruleset cannot be saved
        body = {key: encode(getattr(self, attr)) for key, attr in _KERNEL_FIELDS.items()}
        body["game"] = encode(self.game)
        return dumps({"format": FORMAT, "ruleset": self.ruleset, "state": body})

    @classmethod
    def from_json(cls, text: str | bytes) -> State[Any]:
        """Rebuild a state saved with :meth:`to_json`, validating every field, and check
        it against its own history.

        The state is checked by the ruleset's validator, then its history is replayed
        from the game's first state (set up again from the configuration, or an arranged
        game's starting position, :attr:`~mitosz_core.GameConfig.start`, validated as a
        position): it loads only if the replay gives exactly this state. Loading therefore costs a
        replay, linear in the history.

        Raises :class:`~mitosz_core.errors.DecodeError` naming the JSON path of the first
        bad value (:class:`~mitosz_core.errors.InvalidStateError` for a broken rule,
        :class:`~mitosz_core.errors.HistoryError` for a state its history does not give,
        naming the first decision that diverges), or
        :class:`~mitosz_core.errors.UnknownRulesetError`.
        """
        data = loads(text, "a saved state")
        if not isinstance(data, dict):
            raise DecodeError("$", "a saved state must be a JSON object")
        unknown = sorted(set(data) - {"format", "ruleset", "state"})
        if unknown:
            raise DecodeError("$", f"unknown field {unknown[0]!r}")
        saved = data.get("format")
        if saved != FORMAT and saved not in EARLIER_FORMATS:
            raise DecodeError("$.format", f"expected format {FORMAT!r}, got {saved!r}")
        name = data.get("ruleset")
        if not isinstance(name, str):
            raise DecodeError("$.ruleset", "expected the ruleset name as a string")
        ruleset = get(name)
        if saved != FORMAT and saved not in ruleset.reads_formats:
            changed = ruleset.format_changes.get(saved, "its game data is saved differently")
            raise DecodeError(
                "$.format",
                f"a {name} state saved in format {saved!r} cannot be loaded: "
                f"{changed} (format {FORMAT!r}); "
                "load it with the version that saved it, or replay its log",
            )
        body = data.get("state")
        if not isinstance(body, dict):
            raise DecodeError("$.state", "expected an object")
        expected = set(_KERNEL_FIELDS) | {"game"}
        extra = sorted(set(body) - expected)
        if extra:
            raise DecodeError("$.state", f"unknown field {extra[0]!r}")
        decoder = ruleset.decoder()
        hints = _kernel_hints()
        values: dict[str, Any] = {}
        for key, attribute in _KERNEL_FIELDS.items():
            if key not in body:
                raise DecodeError("$.state", f"missing field {key!r}")
            values[attribute] = decoder.decode(hints[attribute], body[key], f"$.state.{key}")
        if "game" not in body:
            raise DecodeError("$.state", "missing field 'game'")
        if values["ruleset"] != name:
            raise DecodeError("$.state.ruleset", f"does not match $.ruleset {name!r}")
        values["game"] = decoder.decode(ruleset.game_type, body["game"], "$.state.game")
        state: State[Any] = State(**values)
        ruleset.validate(state)
        ruleset.check_history(state)
        return state


_svg_renderer: Callable[[State[Any]], str] | None = None


def set_svg_renderer(render: Callable[[State[Any]], str]) -> None:
    """Let :meth:`State._repr_svg_` draw with ``render`` (:mod:`mitosz_core.render` sets
    it when imported; the kernel itself draws nothing)."""
    global _svg_renderer
    _svg_renderer = render


FORMAT = "mitosz-core/state/2"
"""The saved format of :meth:`State.to_json`."""
EARLIER_FORMATS = frozenset({"mitosz-core/state/1"})
"""The earlier versions of the saved format. A state saved in one loads if its ruleset
reads that version (:attr:`~mitosz_core.kernel.ruleset.Ruleset.reads_formats`: its
states are saved the same way); else it is refused with what changed for that ruleset
(:attr:`~mitosz_core.kernel.ruleset.Ruleset.format_changes`)."""
_EVOLVABLE = frozenset(f.name for f in dataclasses.fields(State) if f.init)
_KERNEL_FIELDS = {
    **{name: name for name in ("ruleset", "config", "phase", "to_act", "turn", "winner")},
    "over": "is_over",
    "rng": "rng",
    "log": "_log",
}
"""The kernel's part of the saved format: JSON key -> field. The keys are those of the
format's first version (``over``, ``log``), whatever the fields are called now."""
_UNMEMOISED = {"_legal": None, "_derived": None}
"""The memos of a state, empty in an evolved one."""
_RENAMED = {"over": "is_over", "log": "_log"}
"""Arguments of :meth:`State.evolve` renamed (deprecated in version 0.1): old name -> new
name."""


def _deprecated(old: str, new: str, level: int = 3) -> None:
    warnings.warn(
        f"{old} is deprecated and will be removed in the next release; use {new}",
        MitoszDeprecationWarning,
        stacklevel=level,
    )


def _kernel_hints() -> dict[str, Any]:
    return typing.get_type_hints(State)

"""The contract between the kernel and a game: the :class:`Ruleset` plug-in.

The contract is deliberately small (after OpenSpiel's game/state split): set up a game,
list candidate actions, say why an action is not legal (the one legality gate), perform
a legal action, name the engine's automatic pass, observe, and validate a decoded state.
The kernel knows no game concept beyond this.
"""

from __future__ import annotations

import os
import random
from abc import ABC, abstractmethod
from collections.abc import Collection, Iterable, Mapping, Sequence
from typing import Any, ClassVar, Generic, TypeVar

from mitosz_core.errors import CardDataError, DeckError, NotAvailableError
from mitosz_core.kernel.action import Action, Decision
from mitosz_core.kernel.actionspace import ActionSpace
from mitosz_core.kernel.codec import Decoder
from mitosz_core.kernel.copies import CardIdFields
from mitosz_core.kernel.decks import DeckPath, read_deck_file
from mitosz_core.kernel.machine import CompiledMachine
from mitosz_core.kernel.state import DeckList, GameConfig, State

G = TypeVar("G")

JsonDict = dict[str, Any]


class Ruleset(ABC, Generic[G]):
    """A game's rules, plugged into the kernel.

    Class attributes declare the game: its registry ``name``, its compiled ``machine``,
    the frozen ``game_type`` held in :attr:`~mitosz_core.State.game`, its ``action_types`` and the
    supported player counts.
    """

    name: ClassVar[str]
    title: ClassVar[str]
    machine: ClassVar[CompiledMachine]
    game_type: ClassVar[type[Any]]
    action_types: ClassVar[tuple[type[Action], ...]]
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2

    def players_text(self) -> str:
        """The supported player counts in words: ``"2 players"``, ``"2 to 4 players"``."""
        low, high = self.min_players, self.max_players
        return f"{low} players" if low == high else f"{low} to {high} players"

    def action_table(self) -> Mapping[str, type[Action]]:
        """Action classes by their JSON ``type`` tag."""
        return {cls.kind: cls for cls in self.action_types}

    def tagged_types(self) -> Mapping[type, Mapping[str, type]]:
        """The ruleset's other tagged unions (e.g. its effect language) that appear in its
        game data: base class -> ``kind`` -> subclass. None by default."""
        return {}

    def decoder(self, *, defaults: bool = False) -> Decoder:
        """A decoder for this ruleset's saved states, actions and logs; with ``defaults``,
        a missing field that has a default takes it (actions written by hand)."""
        return Decoder(
            self.action_table(), self.tagged_types(), defaults=defaults, game_type=self.game_type
        )

    def with_card_sets(self, paths: Sequence[str | os.PathLike[str]]) -> Ruleset[G]:
        """This ruleset with the given card-set files loaded beside its built-in cards.

        Games set up by the result may name those cards in their decks. The default
        refuses: a ruleset without card files has nothing to load."""
        raise CardDataError(
            str(paths[0]) if paths else "-",
            None,
            None,
            f"the {self.name} ruleset does not load card sets",
        )

    @abstractmethod
    def builtin_decks(self) -> Mapping[str, DeckList]:
        """The ruleset's built-in decks by name."""

    @abstractmethod
    def default_decks(self, players: int) -> tuple[DeckList, ...]:
        """The decks dealt when ``new_game`` is given none."""

    def card_pool(self) -> Mapping[str, object] | None:
        """The cards that decks may name, by key; ``None`` if the ruleset does not say
        (deck files are then read without checking their keys: :meth:`check_deck` still
        does)."""
        return None

    @abstractmethod
    def check_deck(self, deck: DeckList) -> None:
        """Raise :class:`~mitosz_core.errors.DeckError` if ``deck`` breaks a deck rule."""

    def deck_problems(self, deck: DeckList) -> tuple[DeckError, ...]:
        """Every deck rule ``deck`` breaks, one error each; by default the one that
        :meth:`check_deck` raises."""
        try:
            self.check_deck(deck)
        except DeckError as exc:
            return (exc,)
        return ()

    def read_deck(self, path: DeckPath) -> tuple[DeckList | None, tuple[DeckError, ...]]:
        """Read a deck file (:mod:`mitosz_core.kernel.decks`) and check it: the deck (its
        readable lines) and every problem, those of its lines and those of the deck
        rules."""
        deck, problems = read_deck_file(path, self.card_pool())
        if deck is not None:
            problems = (*problems, *self.deck_problems(deck))
        return deck, problems

    @abstractmethod
    def setup(self, config: GameConfig) -> State[G]:
        """The state at the first decision of a new game."""

    @abstractmethod
    def candidates(self, state: State[G]) -> Iterable[Action]:
        """Every action worth testing for legality now, in a deterministic order."""

    @abstractmethod
    def why_not(self, state: State[G], action: Action) -> str | None:
        """``None`` if ``action`` is legal now, else the specific reason it is not.

        This is the one legality gate: ``legal_actions`` filters :meth:`candidates`
        through it, and ``apply`` refuses what it refuses.
        """

    def legal(self, state: State[G]) -> tuple[Action, ...]:
        """The legal actions now: :meth:`candidates` filtered through :meth:`why_not`.

        A ruleset may do the same faster (its candidates need not pass the checks that
        only outside input can fail, such as unknown card ids), never differently."""
        return tuple(a for a in self.candidates(state) if self.why_not(state, a) is None)

    @abstractmethod
    def perform(self, state: State[G], action: Action) -> State[G]:
        """Apply a legal action and run every automatic step up to the next decision."""

    def auto_action(self, state: State[G]) -> Action | None:
        """An action the engine takes for the deciding player (an empty priority pass).

        Called only when the game's ``auto_pass`` option is on. The default is none.
        """
        return None

    def take_automatic(self, state: State[G]) -> State[G]:
        """``state`` after the automatic decisions (:meth:`auto_action`) due in it, each
        recorded in the history as automatic, up to the next real decision (or the
        :attr:`decision_limit`). Called only when the game's ``auto_pass`` option is on:
        by :func:`~mitosz_core.apply` after every decision and by
        :func:`~mitosz_core.new_game` at the start, so that a game never waits on a
        decision that has only one answer, a pass."""
        limit = self.decision_limit
        new = state
        while not new.is_over and new.to_act is not None:
            if limit is not None and len(new._log) >= limit:
                break
            auto = self.auto_action(new)
            if auto is None:
                break
            who = new.to_act
            new = self.perform(new, auto)
            new = new.evolve(_log=new._log.append(Decision(who, auto, auto=True)))
        return new

    card_fields: ClassVar[frozenset[str]] = frozenset()
    """The action fields that hold card ids (for :meth:`interchangeable`)."""

    reads_formats: ClassVar[frozenset[str]] = frozenset()
    """Earlier versions of the saved format (``mitosz-core/state/N``) in which this
    ruleset's states are saved as they are now, so that
    :meth:`State.from_json <mitosz_core.State.from_json>` still loads them."""

    format_changes: ClassVar[dict[str, str]] = {}
    """What changed in how this ruleset's states are saved, by earlier version of the
    saved format that it does not read; told to whoever loads such a state."""

    card_id_fields: ClassVar[CardIdFields] = {}
    """Where the game data holds card ids. Per dataclass, each field that holds one and
    its shape (:mod:`mitosz_core.kernel.copies`), read by :meth:`interchangeable` and the
    property suite instead of the annotations."""

    def interchangeable(
        self, state: State[G], among: Collection[int] | None = None
    ) -> Mapping[int, int]:
        """Cards of ``state`` that no rule can tell apart: each card id that has such a
        twin, mapped to the lowest id of its set. Legal actions that differ only by
        which of them they name lead to the same game up to those ids, so
        :func:`~mitosz_core.legal_actions` lists them once
        (:mod:`mitosz_core.kernel.copies`). With ``among``, only twins among those ids
        are asked for (the ids the legal actions name: a card no action names cannot
        make two actions alike). The default is none."""
        return {}

    observation_type: ClassVar[type]
    """The :class:`~typing.TypedDict` that :meth:`observe` returns (its fields are the
    docs' observation reference)."""

    @abstractmethod
    def observe(self, state: State[G], player: int) -> Mapping[str, Any]:
        """What ``player`` may see, as JSON-ready data: an :attr:`observation_type`."""

    # The AI interface (see docs/ai.rst). None of these knows a game concept: each
    # ruleset fills them in from its own modules.

    def action_space(self) -> ActionSpace:
        """The ruleset's fixed integer action space (``mitosz_core.kernel.actionspace``).
        The default raises :class:`~mitosz_core.errors.NotAvailableError`."""
        raise NotAvailableError(self.name, "an integer action space")

    def sample_state(self, state: State[G], player: int, rng: random.Random) -> State[G]:
        """A full state consistent with everything ``player`` has seen in ``state``, with
        every card hidden from them and the generator's future redrawn from ``rng``
        (determinization). The default raises
        :class:`~mitosz_core.errors.NotAvailableError`."""
        raise NotAvailableError(self.name, "sampling a state (determinization)")

    def is_settled(self, state: State[G]) -> bool:
        """Whether nothing is under way in ``state`` that must end before its position
        can be judged: no interruption (a response, a counter round, a forced choice) and
        no step of a fight. True by default: a ruleset whose every decision is settled."""
        return True

    def turn_phase(self, state: State[G]) -> str | None:
        """The phase of the turn under way in ``state``, through any interruption: a
        member of the ruleset's phase enumeration (a ``StrEnum``). ``None`` by default:
        a ruleset that names no phases to its callers."""
        return None

    utility_range: ClassVar[tuple[float, float]] = (-1.0, 1.0)
    """The least and the greatest value :meth:`returns` gives a player."""

    def returns(self, state: State[G]) -> tuple[float, ...]:
        """Each player's result: once the game is over, 1 for the winner and -1 for every
        other player, 0 for everyone in a draw; 0 for everyone while it runs."""
        players = state.config.players
        if not state.is_over or state.winner is None:
            return (0.0,) * players
        return tuple(1.0 if i == state.winner else -1.0 for i in range(players))

    decision_limit: ClassVar[int | None] = None
    """The most decisions a game may take, automatic passes included. When its
    history reaches this length, :func:`~mitosz_core.apply` ends the game through
    :meth:`stop_at_limit`. ``None``: no limit is enforced."""

    def stop_at_limit(self, state: State[G]) -> State[G]:
        """The game ended at :attr:`decision_limit` (the ruleset's ruling says how)."""
        raise NotAvailableError(self.name, "ending a game at the decision limit")

    def max_game_length(self, players: int) -> int:
        """The most decisions (the automatic passes included) a game of ``players`` can
        take: :attr:`decision_limit`, which :func:`~mitosz_core.apply` enforces. Raises
        :class:`~mitosz_core.errors.NotAvailableError` if the ruleset sets none."""
        if self.decision_limit is None:
            raise NotAvailableError(self.name, "a maximum game length")
        return self.decision_limit

    def validate(self, state: State[G]) -> None:
        """Check a decoded state's internal consistency; raise ``DecodeError`` if broken."""

    def setup_again(self, state: State[G]) -> State[G]:
        """The first state of ``state``'s game, set up again from its configuration (not
        an arranged one) with the cards ``state`` holds, which may come from card sets
        this ruleset has not loaded. The default sets up with the ruleset's own cards."""
        return self.setup(state.config)

    def check_history(self, state: State[G]) -> None:
        """Raise :class:`~mitosz_core.errors.HistoryError` unless replaying ``state``'s
        history from its start gives exactly ``state`` (run by :meth:`State.from_json
        <mitosz_core.State.from_json>`). The default raises
        :class:`~mitosz_core.errors.NotAvailableError`: a ruleset that cannot replay
        loads no saved state."""
        raise NotAvailableError(self.name, "checking a saved state against its history")

    def describe(self, state: State[G], action: Action) -> str:
        """A readable sentence for ``action`` taken in ``state`` (for logs)."""
        return str(action)

    def resolve_decks(
        self, decks: Sequence[str | os.PathLike[str] | DeckList] | None, players: int
    ) -> tuple[DeckList, ...]:
        """Decks turned into checked deck lists: each a built-in deck name, the path of a
        deck file (:mod:`mitosz_core.kernel.decks`) or a :class:`~mitosz_core.DeckList`. A string
        that is not a built-in deck's name is a path."""
        if decks is None:
            return self.default_decks(players)
        if isinstance(decks, str | os.PathLike | DeckList) or not isinstance(decks, Sequence):
            raise DeckError(
                repr(decks)[:60], "decks must be a list or tuple with one deck per player"
            )
        # each deck is resolved first, so that a misspelt name is reported as such
        found = tuple(self.resolve_deck(deck, index) for index, deck in enumerate(decks, 1))
        if len(decks) != players:
            raise DeckError("<decks>", f"{len(decks)} decks given for {players} players")
        return found

    def resolve_deck(self, deck: object, index: int = 1) -> DeckList:
        """One deck of :meth:`resolve_decks` (the ``index``-th), checked."""
        if isinstance(deck, str) and deck in self.builtin_decks():
            found = self.builtin_decks()[deck]
        elif isinstance(deck, str | os.PathLike):
            path = os.fspath(deck)
            if isinstance(path, bytes) or (isinstance(deck, str) and not os.path.isfile(path)):
                known = ", ".join(sorted(self.builtin_decks()))
                raise DeckError(
                    str(deck),
                    f"deck #{index}: no built-in deck of that name ({known}), and no deck file"
                    " at that path",
                )
            read, problems = read_deck_file(path, self.card_pool())
            if problems:
                raise problems[0]
            assert read is not None
            found = read
        elif isinstance(deck, DeckList):
            found = deck
        else:
            raise DeckError(
                f"<deck #{index}>",
                "expected a built-in deck name, a deck file path or a DeckList, "
                f"got {type(deck).__name__}",
            )
        self.check_deck(found)
        return found
